#!/usr/bin/env python3
"""Writes docs/math.md: the device math library's documentation and its
measured error table.

    gen_table.py [--results DIR] [-o docs/math.md]

DIR (default test/math/results) holds one pair of files per column:
  host.precise / host.fast          the host tests (build/test/math/math-host.*)
  lavapipe.precise / lavapipe.fast  the device test on lavapipe
  nvidia.precise / nvidia.fast      the device test on an NVIDIA GPU
  host.direct3d / lavapipe.direct3d / nvidia.direct3d  the direct3d test
(".precise": "name float_ulps double_ulps" lines, ".fast": "name
relative_error" lines, as math_accuracy, math_fast and the device test write
them with --results / --fast-results; ".direct3d": "name measurement" lines
from direct3d.c's --results). A missing file shows as "not measured yet": no
number here is typed in by hand.
"""
import argparse
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
COLUMNS = [("host", "host (serial mode)"), ("lavapipe", "lavapipe"), ("nvidia", "NVIDIA")]
NOT_MEASURED = "not measured yet"

# GLSL.std.450 instructions with 64-bit forms (the rest are 16/32-bit only).
DOUBLE_INSTRUCTIONS = {"FAbs", "Floor", "Ceil", "Trunc", "Round", "Sqrt", "InverseSqrt", "FMin", "FMax",
                       "Fma", "Frexp", "Ldexp", "Modf"}


def parse(header, macro):
    rows = []
    for line in (HERE / header).read_text().splitlines():
        if line.startswith(macro + "("):
            inner = line[len(macro) + 1:line.rindex(")")]
            rows.append([field.strip().strip('"') for field in re.findall(r'\s*("[^"]*"|[^,]+)', inner)])
    return rows


def results(directory, column, kind):
    path = directory / f"{column}.{kind}"
    if not path.exists():
        return None
    return {parts[0]: parts[1:] for parts in (line.split() for line in path.read_text().splitlines()) if parts}


def escape(text):
    """Table cells: a | inside (as in 3 + 2|x| ulp) would end the cell."""
    return text.replace("|", "\\|")


def cell(table, name, index):
    if table is None:
        return NOT_MEASURED
    row = table.get(name)
    return row[index] if row and len(row) > index else NOT_MEASURED


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", type=Path, default=HERE / "results")
    ap.add_argument("-o", "--output", type=Path, default=ROOT / "docs" / "math.md")
    args = ap.parse_args()

    precise = parse("bounds.h", "CAMP_MATH_FUNCTION")
    fast = parse("fast_bounds.h", "CAMP_FAST_MATH")
    direct3d = parse("direct3d_functions.h", "CAMP_DIRECT3D")
    vulkan = {row[0]: (row[6], row[7]) for row in fast}
    precise_results = {c: results(args.results, c, "precise") for c, _ in COLUMNS}
    fast_results = {c: results(args.results, c, "fast") for c, _ in COLUMNS}
    direct3d_results = {c: results(args.results, c, "direct3d") for c, _ in COLUMNS}

    out = [TEMPLATE_HEAD.strip(), ""]
    heads = " | ".join(f"{title} float | {title} double" for _, title in COLUMNS)
    out.append(f"| function | bound float | bound double | {heads} | Vulkan's bound for the GLSL.std.450 instruction |")
    out.append("|" + " --- |" * (3 + 2 * len(COLUMNS) + 1))
    for name, _kind, _dx, _dy, fbound, dbound in precise:
        cells = []
        for column, _ in COLUMNS:
            cells += [cell(precise_results[column], name, 0), cell(precise_results[column], name, 1)]
        if name in vulkan and not vulkan[name][0].startswith("Op"):  # fmod: OpFRem is core SPIR-V
            instruction, bound = vulkan[name]
            note = f"{instruction}: {bound}"
            if instruction not in DOUBLE_INSTRUCTIONS:
                note += " (float only: no 64-bit form)"
        else:
            note = "no instruction"
        out.append(f"| `{name}` | {fbound} | {dbound} | " + " | ".join(cells) + f" | {escape(note)} |")
    out += ["", TEMPLATE_FAST.strip(), ""]
    heads = " | ".join(title for _, title in COLUMNS)
    out.append(f"| function | instruction | Vulkan's bound (32-bit) | documented domain | {heads} |")
    out.append("|" + " --- |" * (4 + len(COLUMNS)))
    for name, kind, xlo, xhi, ylo, yhi, instruction, bound in fast:
        domain = f"x in [{xlo}, {xhi}]" + (f", y in [{ylo}, {yhi}]" if kind == "BINARY" else "")
        cells = [cell(fast_results[c], name, 0) for c, _ in COLUMNS]
        out.append(f"| `fast_math_{name}` | {instruction} | {escape(bound)} | {domain} | " + " | ".join(cells) + " |")
    out += ["", TEMPLATE_DIRECT3D.strip(), ""]
    out.append(f"| function | C++ AMP | in kernels | edge cases | {heads} |")
    out.append("|" + " --- |" * (4 + len(COLUMNS)))
    for name, forms, instruction, edges in direct3d:
        function = re.sub(r"_(float|double|int)$", "", name)  # clamp_float: direct3d_clamp
        cells = [" ".join(direct3d_results[c][name]) if direct3d_results[c] and name in direct3d_results[c]
                 else NOT_MEASURED for c, _ in COLUMNS]
        out.append(f"| `direct3d_{function}` | {forms} | {instruction} | {escape(edges) or '-'} | "
                   + " | ".join(cells) + " |")
    out += ["", TEMPLATE_VECTORS.strip(), "", TEMPLATE_TAIL.strip(), ""]
    args.output.write_text("\n".join(out))


TEMPLATE_HEAD = """
<!-- Generated by test/math/gen_table.py from test/math/bounds.h,
     test/math/fast_bounds.h and test/math/results/: do not edit. -->
# Math in amp code

Kernels and `restrict(amp)` functions can call the `<math.h>` functions with
C99 precision (C++ AMP's `precise_math`), and `fast_math_<name>(float)` for
the device's native instructions (C++ AMP's `fast_math`). Both come from
`include/camp_math.h`, which `camp.h` includes.

## precise: `<math.h>` names

In amp code `sinf(x)`, `sin(x)`, `powf(x, y)`, ... call `camp_precise_sinf`,
`camp_precise_sin`, ... : the library's own implementations, plain C over
integers and doubles (bit casts, no libm), so the host accuracy test measures
the very code the kernels run (the serial reference mode, compiled by plain
clang, calls the host's libm). Covered: `sqrt cbrt exp exp2 expm1 log log2
log10 log1p pow sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh
atanh fabs floor ceil round trunc rint nearbyint lround llround lrint llrint
fmod remainder remquo fmin fmax fdim fma hypot copysign nextafter frexp ldexp
scalbn scalbln ilogb logb modf erf erfc tgamma lgamma fpclassify isnan isinf
isfinite isnormal signbit`, each in float and double form, and the comparison
macros `isgreater isgreaterequal isless islessequal islessgreater
isunordered` (false with a NaN; on the bits, so exact also where a device
flushes float subnormals; test `math-comparisons`; a float compared with a
double is first converted in the kernel's own code, which such a device
flushes when it is subnormal); and `<stdlib.h>`'s `abs labs llabs` (the
most negative value is its own absolute value, as the hardware gives it).

C++ AMP's `precise_math` functions that C17's `<math.h>` lacks are there
too (`include/camp_math/amp_extras.h`, `include/camp_math/inverse_erf.h`):
`sinpi cospi tanpi rsqrt rcbrt exp10 scalb erfinv erfcinv`, its `phi`
and `probit` as `normcdf` and `normcdfinv` (CUDA's names: `phi` is too
common a name of a program's own, an angle or a flux limiter, to be a
macro), and their float forms (`sinpif`, ...), in the table below, `nan(tagp)` and
`nanf(tagp)`, and
`sincos(x, &s, &c)` and `sincosf`, which store `sin`'s and `cos`'s very
results, bit for bit, from one argument reduction (tests `math-accuracy`
on the host and `math-out-pointers` in kernels, which also checks `frexp`,
`modf` and `remquo` storing into locals and view elements). These names
are macros for their `camp_precise_` forms on the host as well (glibc 2.36
has none of them but `exp10`, and only for `_GNU_SOURCE`), so a program
cannot define functions of those names; they take scalars only (no vector
forms). `nan(tagp)` and `nanf(tagp)` take a string literal only (anything
else does not compile) and return the quiet NaN of `nan("")`
(0x7ff8000000000000, 0x7fc00000) whatever the tag: C leaves the tag's
meaning to the implementation, and this one ignores it. `scalb(x, y)` is
POSIX's x 2^y with a floating y: NaN where y is not an integer, and for
0 2^inf and inf 2^-inf. Edge cases of all of them in kernels, at -O0 and
-O2 against the serial mode: test `math-amp-extras-edges`.

Not provided: `nexttoward` (long double), `lgamma_r` and the other GNU
extensions.

How:

- **Double functions** are evaluated in double-double arithmetic (about 106
  bits) and rounded once: argument reductions with constants split so that
  their products are exact, Taylor series with coefficients computed by
  `test/math/gen_constants.py` (mpmath), and error-free transformations that
  split numbers on their bits, so results do not depend on whether the
  driver fuses `a*b + c`. sin/cos/tan reduce large arguments with
  Payne-Hanek (a 1280-bit table of 2/pi, 32-bit limbs). lgamma uses Taylor
  series about its zeros (1, 2 and the first four below -2), the
  recurrence and Stirling's series elsewhere, reflection below 0.
- **sinpi and cospi** reduce x itself, exactly: x = k/2 + r with
  k = rint(2x) and |r| <= 1/4, no product by pi before the reduction (its
  rounding is what makes `sin(M_PI * x)` drift as x grows), then sin or cos
  of the double-double pi r. Integers give +-0 with x's sign (sinpi),
  half-integers +0 (cospi), as C23 and IEEE 754 ask. **rsqrt and rcbrt**:
  the argument scaled by an even (a multiple of three) power of two, then
  one Newton step from 1/sqrt (1/cbrt) with its residual in double-double.
  **exp10**: e^(x ln 10) with x ln 10 as a double-double. **tanpi**: the
  same exact reduction, then the double-double quotient of sin and cos of
  pi r; as C23 and IEEE 754 ask, an integer n gives +0 where n is even and
  positive or odd and negative, -0 otherwise, and n + 1/2 gives +inf where
  n is even, -inf where n is odd.
- **erfinv and erfcinv**: Giles' single-precision approximation (or
  erfc's asymptotic form in the far tail) as the first guess, then Halley
  steps on erf(y) - x for |x| <= 1/2 and on erfc(y) - q beyond, with
  q = 1 - |x| exact, so that targets near 1 lose nothing; erfc and
  e^(-y^2) carry a common power of two, which keeps the residual exact
  where erfc(y) is subnormal (erfcinv(2^-1074) is 27.2). erfinv(+-1) =
  +-inf, erfcinv(0) = +inf, erfcinv(2) = -inf, NaN outside [-1, 1] and
  [0, 2]. **normcdf** (the standard normal distribution function) is
  erfc(-x/sqrt 2)/2 with -x/sqrt 2 a double-double whose low part enters
  through erfc's derivative, so the lower tail keeps its accuracy down to
  the subnormals (normcdf(-37) is about 6e-300). **normcdfinv**, its inverse, is
  -sqrt 2 erfcinv(2p), the product of double-doubles rounded once;
  normcdfinv(0) = -inf, normcdfinv(1) = +inf, normcdfinv(1/2) = +0.
- **Float functions** evaluate the double form and round once: the double
  result is within about a double ulp, so the float result is correctly
  rounded but for rare double-rounding ties. C++ AMP's `precise_math` needs
  double support too; a kernel calling them needs
  `supports_double_precision`.
- **Exact functions** (fabs, copysign, floor, ceil, round, trunc, rint,
  frexp, ldexp, modf, fmin, fmax, fmod, remainder, remquo, nextafter) work
  on the bits and integer significands; fmod and remainder by long division,
  11 bits per step.
- **sqrt** is correctly rounded (digit by digit on the integer
  significand), **fma** too (the exact product, a round-to-odd sum, one
  final rounding), including subnormal results.
- Special values follow C99 Annex F: signed zeros, infinities, NaN, the
  poles of log, tgamma and lgamma, pow's special cases.

**Operations as written.** The double-double steps need every float
operation carried out as written: a driver that re-associates (Mesa's NIR
rewrites (a + b) - a to b in operations not marked exact) cancels their error
terms, and double results then drift by up to thousands of ulps (measured on
lavapipe). So campcc must give the float arithmetic of these functions
SPIR-V's NoContraction decoration, which drivers treat as "exact".
Fusing a*b + c into one fma, which C allows, is harmless: the library splits
operands so that the products it relies on are exact either way (the host
test passes with -ffp-contract=off and with -mfma -ffp-contract=fast).
Division need not be correctly rounded either (Vulkan allows OpFDiv an error
of 2.5 ulps): the library uses a quotient only as the first guess of a
double-double quotient whose exact remainder corrects it, or where its error
does not matter (test/math/sloppy_div.h makes every library division of the
host test up to 2 ulps off, and the bounds still hold).

**Measured on NVIDIA (H100, driver 580.159.04), the column above** (`sinpi`,
`cospi`, `tanpi`, `rsqrt`, `rcbrt`, `exp10`, `scalb`, `erfinv`, `erfcinv`,
`normcdf`, `normcdfinv`, `fast_math_fmod` and the direct3d column on an H200, the
same Hopper GPU with the same driver, where every other row came out
identical to the H100's, digit for digit; those rows at -O0 only): every
function is within its bound in float and in double, at -O0 and -O2, and
the double results match lavapipe's error column for column. Two fixes got
there. The float forms widen and narrow through the bits (below), since
NVIDIA flushes float subnormals. And negation is decorated NoContraction
like every other float operation of the library: NVIDIA's compiler folded
an undecorated `OpFNegate` into the operation it negated, which lost the
low word of a double-double wherever the library subtracts one (lgamma was
413 ulp off, tgamma 26, asin/acos/atan2 and cbrt about 0.95). The test
`math-exact-fp` (test/math/exact_fp.py) checks in the SPIR-V that every
float operation of the library carries the decoration, at -O0 and after
-O2's optimizer, and that user code does not.

**Called, not inlined.** At -O1 and up the large functions (sin, exp, pow,
erf, ... and their large helpers) stay one called SPIR-V function each,
marked `DontInline`, with their constant-count loops unrolled; the small
ones (fabs, copysign, the double-double primitives, the float forms'
conversions) are inlined. `-fcamp-inline-math` inlines every call instead,
as campcc did before: on the H100 a kernel bound by `powf`/`expf`/`sinf`
runs 1.85× faster that way (NVIDIA keeps the calls), at the cost of
slower pipeline creation there and on lavapipe;
[performance.md](performance.md#math-functions-in-kernels) has the
measurements.

**Subnormals.** Vulkan lets a device flush float32 subnormals to zero, and
64-bit ones too unless it reports `shaderDenormPreserveFloat64`. campcc
declares the `DenormPreserve 32` execution mode in every kernel, and libcamp
keeps it on devices that report `shaderDenormPreserveFloat32` (camp-info's
`preserves_float_subnormals`) and strips it elsewhere (runtime/spirv_patch.c).
The float forms do not depend on it: NVIDIA flushed float subnormals in the
conversions to double whatever the mode, so a float form never converts,
compares or computes with a float that may be subnormal. It widens a float through
its bits (a subnormal's integer significand times 2^-149, exact and a normal
double) and narrows a result below 2^-126 by rounding its significand in
units of 2^-149 in double and assembling the float's bits; classification,
`nextafterf` and the other exact float functions work on the bits or on the
widened doubles. `test/math/flush.h` checks this on the host: a build of the
accuracy test runs the float forms with x86's MXCSR FTZ and DAZ set, which
flush every float and double operation, and asserts the same bounds (it
reproduces NVIDIA's failures on the old float forms). The double computations
do not rely on subnormal arithmetic except where an argument or the result is
itself subnormal (the exact functions, fma, hypot, atan2, cbrt and erf scale
tiny operands into the normal range first); on a device that flushes 64-bit
subnormals those arguments and results become +-0.

**Bounds.** The error of a result is |result - reference| in ulps of the
result's format at the reference, the reference being glibc's long double
function (64-bit significand, itself good to about 2^-11 double ulps; for
sinpi, cospi, tanpi, rsqrt and rcbrt, which glibc lacks, `test/math/references.h`
builds it from sinl, cosl, tanl, sqrtl and cbrtl after an exact reduction;
for erfinv and erfcinv by bisection and Newton steps on erfl or erfcl, for
normcdf from erfcl with x/sqrt 2's rounding error through the derivative); a
correctly rounded result measures at most 0.5. The tests fail above the
bound (plus 1/1024 for the reference's own error). Arguments: edge values
(+-0, subnormals, +-inf, NaN, extremes, values near poles, zeros and
overflow thresholds), pairs of edge values for the binary functions, and
2000 random arguments per function and format spanning its domain
(`test/math/harness.h`). "not measured yet": the device test has not been
run on that device (`test/math/gen_device_test.py`).

Vulkan's bound column: the precision the Vulkan specification requires of the
GLSL.std.450 instruction that a native implementation would use (appendix
"Precision and Operation of SPIR-V Instructions", 32-bit floats): what
`fast_math` gives, and why the precise functions do not use those
instructions. GLSL.std.450's transcendental instructions have no 64-bit
forms at all.

### Max error in ulps
"""

TEMPLATE_FAST = """
## fast: `fast_math_<name>(float)`

Native precision: in kernels each is one GLSL.std.450 instruction (log10:
Log2 times log10(2); fmod: SPIR-V's OpFRem, C's remainder with x's sign,
whose documented domain is |x| < |y|: beyond, a device computing
x - y trunc(x/y), as lavapipe does, leaves a whole y or nothing where the
rounded quotient is an integer and the exact one is not, a relative error
of 1 measured on lavapipe for x in [-100, 100], y in [0.5, 10]); in the
serial mode they call the C library's float functions, so the host column
measures glibc's float functions as a proxy.
Target: relative error within 1e-3 on the documented domain; for sin, cos
and tan it counts where |f(x)| >= 1/16, since Vulkan bounds only their
absolute error (2^-11 on [-pi, pi]). Also offered, without a table row
because their results are exact or not a single value: `fast_math_fma`
(Fma: not necessarily fused), `fast_math_frexp` (Frexp), `fast_math_ldexp`
(Ldexp), `fast_math_modf` (Modf).

### Max relative error on the documented domain
"""

TEMPLATE_DIRECT3D = """
## direct3d: `direct3d_<name>`

C++ AMP's `concurrency::direct3d` intrinsics (HLSL's) are
`direct3d_<name>` (`include/camp_math/direct3d.h`, which `camp.h`
includes): the prefix keeps them apart from a program's own `clamp`, `sign`
or `step`. Where C++ AMP overloads one (`clamp`, `mad`, `sign`), so does
the header, with clang's `overloadable`; give the arguments one type
(`direct3d_clamp(x, 0.0f, 1.0f)`: with `0` and `1` no overload is the best
match). In kernels each is what the "in kernels" column says (one
GLSL.std.450 instruction unless the name starts with Op); on the host and in
the serial mode each is C with the same semantics, HLSL's where HLSL
defines them: NaN loses in `clamp` and `saturate` (Direct3D's min and max),
`step(y, x)` is `x >= y ? 1 : 0`. `step` and `sign(float)` are comparisons
rather than GLSL.std.450's Step and FSign, whose results at NaN differ or are
left open. `direct3d_noise` is not provided (HLSL deprecated it; Vulkan has
no noise instruction).

Measured by `test/math/direct3d.c`: each function on edge values (+-0,
+-1, subnormals, +-inf, NaN, INT_MIN, INT_MAX, 0 and all ones) and 2000
random arguments in kernels, against its host form. "exact": bit for bit (a
zero's sign may differ where the table says so; on a device that flushes
float subnormals a subnormal argument or result may count as zero, which
Vulkan allows); `mad`: every result is the fused or the unfused one, and
which the device gave; `rcp`: the largest error in ulps of 1/x for |x| in
[2^-126, 2^126] (Vulkan's bound for a division: 2.5); `smoothstep`: the
largest absolute error against the formula evaluated exactly. The test
fails on any other result, rcp beyond 2.5 ulps or smoothstep beyond 2^-19.

### Measured against the host forms
"""

TEMPLATE_VECTORS = """
## On short vectors: `sqrt(float4)`, `pow(v, 2.0f)`, `isnan(v)`

The functions above take `float2`, `float3`, `float4`, `double2`, `double3`
and `double4` too, element-wise (`include/camp_math/vector_forms.h`). They
are clang `overloadable` functions of the generic `<math.h>` names beside
`<math.h>`'s own (C keeps calling the scalar `sqrt(double)` for scalars, and
`double (*)(double) = sqrt` still names it), so they need clang, as
`camp.h`'s vectors do. Each lane is the precise scalar form
(`camp_precise_sinf` on a float lane, `camp_precise_sin` on a double lane):
bit for bit the scalar function's result, within the same bounds, and the
same in kernels and in the serial reference mode (where scalar calls use
the host's libm instead).

- Unary and binary functions, `fma`: `sqrt cbrt exp exp2 expm1 log log2
  log10 log1p logb pow sin cos tan asin acos atan atan2 sinh cosh tanh asinh
  acosh atanh fabs floor ceil round trunc rint nearbyint fmod remainder fmin
  fmax fdim copysign nextafter hypot fma erf erfc tgamma lgamma`, the result
  of the arguments' type. A scalar beside a vector is splat
  (`pow(v, 2.0f)`, `fma(a, b, 1.0f)`); vectors of different types or widths
  do not mix: `pow(float4, double2)` is clang's "no matching function".
- With an `intN` of the same width: `ldexp(v, k)` and `scalbn(v, k)` take
  one (an `int` is splat), `frexp(v, &e)` and `remquo(x, y, &q)` store one,
  `ilogb(v)` returns one; `modf(v, &ip)` stores a vector of the same type.
- The classification macros `isnan isinf isfinite isnormal signbit` on a
  vector give an `intN` lane mask, -1 where true and 0 where false, as
  vector comparisons do (`double2` too gives `int2`: `camp.h` has no
  vectors of 64-bit integers); `fpclassify(v)` gives each lane's `FP_*`
  value. `vector_forms.h` redefines these macros as calls of overloadable
  functions, which on `float`, `double` and `long double` are glibc's
  builtins as before.
- Only the generic names: `sqrtf(float4)` is an error (`sqrtf` takes a
  float). A pointer to one of these functions needs its type to pick the
  overload: `double (*f)(double) = sqrt` names `<math.h>`'s, but a cast of
  `sqrt` (or of `fast_math_sin`) to another function pointer type is now
  ambiguous: cast to the scalar function's type first. `<tgmath.h>`'s
  macros take these names too: with it, call `(sqrt)(v)`. No vector forms of `lround lrint llround llrint scalbln` (their
  results are `long`) or of `nan`.
- `fast_math_<name>` on `float2`, `float3`, `float4` for every function of
  the table above and `fast_math_fma` and `fast_math_ldexp(v, intN)`: in
  kernels one GLSL.std.450 instruction on the whole vector; in the serial
  mode lane by lane through the scalar `fast_math_<name>`.
  `fast_math_frexp` and `fast_math_modf` stay scalar (`frexp` and `modf`
  on vectors are exact anyway).

In kernels a vector call is a loop over the lanes around one call of the
scalar form (a device compiler inlines every call: one copy of, say, the
sin code per vector call, not one per lane). In the serial reference mode
on x86-64 without AVX, clang warns (`-Wpsabi`) at calls that pass a
`double3` or `double4` by value, these included: the warning is about
linking with code built with AVX, harmless here (`-Wno-psabi` silences it).
`test/math/vector_forms.c` checks the vector forms on lavapipe against the
serial mode, bit for bit.
"""

TEMPLATE_TAIL = """
## Regenerating this page

<!-- doc-test: not run: runs the math suite and measures a device, then rewrites this page -->
```sh
meson test -C build --suite math            # writes build/test/math/math-host.*
cp build/test/math/math-host.precise test/math/results/host.precise
cp build/test/math/math-host.fast test/math/results/host.fast
cp build/test/math/math-host.direct3d test/math/results/host.direct3d
# on each device (the suite builds the programs; on lavapipe they are
# math-accuracy-device and math-direct3d-device):
CAMP_DEVICE=<name> build/test/math/math_accuracy_device \\
    --results test/math/results/<lavapipe|nvidia>.precise \\
    --fast-results test/math/results/<lavapipe|nvidia>.fast
CAMP_DEVICE=<name> build/test/math/math_direct3d \\
    --results test/math/results/<lavapipe|nvidia>.direct3d
python3 test/math/gen_table.py
```
"""

if __name__ == "__main__":
    main()
