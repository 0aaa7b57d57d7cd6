#!/usr/bin/env python3
"""End-to-end driver for campcc tests (run by meson test; usable by hand).

  e2e.py program  --campcc C --include DIR SRC.c [--expected FILE]
      (a) campcc SRC -o exe; run it with CAMP_VALIDATION=1: exit 0, the
          executable embeds a SPIR-V module;
      (b) differential: SRC compiled by the host compiler alone (serial
          reference mode of camp.h) prints exactly what (a) printed;
          with --expected, both also print exactly FILE;
      (b') with --optimized, the same at campcc -O2 (kernels through spirv-opt);
          with --tiled (tiled kernels, which the serial mode refuses; the
          program checks its results against the CPU itself): the
          reference program must stop with camp.h's message instead;
      (c) the module (a)'s build wrote (--emit-spirv; for a program of
          several files, campcc -S of SRC, assembled by spirv-as): one
          OpEntryPoint GLCompute per parallel_for_each (and those of
          MACRO_KERNELS; a `// kernels: N` line gives the number where the
          program's own macros write kernels); spirv-val (Vulkan 1.2, with
          the scalar block layout libcamp asks for) accepts it.
      Under CAMP_TEST_REPEAT=1 (a repeat of the plain run as another
      configuration), step (c) is left to the plain run, and as a device
      profile (b') too (the driver is the same lavapipe); with
      CAMP_SANITIZE=1 too (CI's sanitizer run, which watches campcc), the
      source is only compiled, at -O2 (all of campcc's passes) with -c.
      A `// cflags: ...` line in SRC adds those flags to every build; a
      `// also: FILE.c ...` line (paths relative to SRC) adds translation
      units to the programs' builds (not to -S).
      With --libcamp DIR, the reference links DIR's libcamp (texture_load_png).
      With --checked, campcc builds with -fcamp-check (docs/debugging.md):
      a correct program reports no index out of bounds.
      A `// needs: NAME...` line lists the device features SRC's kernels
      need, by the Vulkan names --dump-kernels prints, and must be exactly
      those. Under CAMP_SIMULATE=PROFILE (docs/portability.md), the build
      adds --target-profile=PROFILE: a program it warns about must list
      each feature warned of on its `// needs:` line, and must stop with
      libcamp's message naming the profile and what it lacks, instead of
      running; a program it does not warn about runs as above. The same
      holds for the workgroups, addresses and device commands.
  e2e.py prebuilt --expected FILE [--campcc C --source SRC.c] EXE [-- ARG...]
      runs an executable built by meson (samples/) with ARGs and compares its stdout.
      With its source: under CAMP_SIMULATE=PROFILE, if campcc
      --target-profile=PROFILE warns about SRC, EXE must stop with libcamp's
      refusal of what it warned of (as a program test's does), not run.
      With --unshared-expected FILE2 --camp-info EXE2: where camp-info shows
      a default accelerator that shares no memory with the host (a
      discrete GPU, or such a profile), the output wanted is FILE2's.
  e2e.py workgroups --campcc C SRC.c
      the untiled kernels' workgroup size is chosen at run time: the -O2
      module declares it as specialization constants (SpecId 0, 1, 2 making
      up the WorkgroupSize built-in, and 3 for the bounds check); the
      program (which checks its own results) prints the same with every
      CAMP_WORKGROUP_SIZE of WORKGROUP_SIZES as without it (extents that
      are whole workgroups run without the check); a malformed value
      fails, naming it. Under CAMP_SIMULATE, a size beyond the profile's
      limits must be refused, naming the profile and both numbers.
  e2e.py addresses --campcc C SRC.c
      view elements at indices never negative are addressed by
      OpPtrAccessChain for launches whose buffers are all at most 4 GiB,
      on devices that use access chains: the -O2 module has some, chosen
      by specialization constant 6; the program prints the same with
      CAMP_ACCESS_CHAINS=1 and =0 (every pipeline made with access chains,
      and with 64-bit sums), and CAMP_VERBOSE=1 says which pipelines each
      run made.
  e2e.py vectorized --campcc C SRC.c
      campcc vectorizes some of the program's kernels: --dump-kernels says
      "vectorized xN", the -O2 module takes the elements per thread from
      specialization constant 7 and moves 16-byte-aligned vectors; the
      program prints the same with CAMP_VECTORIZE=0 (one element per
      thread, as written), and CAMP_VERBOSE=1 says how many each pipeline
      takes; a malformed value fails, naming it.
  e2e.py device --campcc C SRC.c --expected FILE
      CAMP_DEVICE=0 runs like the default; CAMP_DEVICE naming no device
      makes the program fail (so kernels really go through libcamp).

Each failure names the step that failed and shows the commands' output.
The host compiler is $CAMP_HOST_CC (default clang-19), split on spaces.
"""
import argparse
import difflib
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile

TIMEOUT = 240  # seconds for any one command


class StepFailed(Exception):
    pass


def host_cc():
    return shlex.split(os.environ.get("CAMP_HOST_CC") or "clang-19")


def run(cmd, step, env=None, check=True):
    """Runs cmd; on a non-zero exit (if check) raises StepFailed naming step."""
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    try:
        p = subprocess.run(cmd, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=TIMEOUT)
    except FileNotFoundError as e:
        raise StepFailed(f"[{step}] cannot run {cmd[0]}: {e}")
    except subprocess.TimeoutExpired:
        raise StepFailed(f"[{step}] timed out after {TIMEOUT}s: {shlex.join(cmd)}")
    out = p.stdout.decode(errors="replace")
    err = p.stderr.decode(errors="replace")
    if check and p.returncode != 0:
        raise StepFailed(f"[{step}] failed with exit status {describe_status(p.returncode)}\n"
                         f"  command: {envstr(env)}{shlex.join(cmd)}\n" + show(out, err))
    return p.returncode, out, err


def describe_status(rc):
    if rc < 0:
        return f"{rc} (killed by signal {-rc})"
    return str(rc)


def envstr(env):
    return "".join(f"{k}={shlex.quote(v)} " for k, v in (env or {}).items())


def show(out, err, limit=4000):
    text = ""
    if out:
        text += "  --- stdout ---\n" + out[-limit:] + ("" if out.endswith("\n") else "\n")
    if err:
        text += "  --- stderr ---\n" + err[-limit:] + ("" if err.endswith("\n") else "\n")
    return text


def diff(a, b, name_a, name_b):
    return "".join(difflib.unified_diff(a.splitlines(True), b.splitlines(True), name_a, name_b))


SPIRV_MAGIC = re.compile(rb"\x03\x02\x23\x07\x00[\x00-\x06]\x01\x00")  # magic + version 1.x


def run_on_vulkan(exe, step="run on Vulkan", env=None, args=()):
    """Runs a campcc-built program with the validation layers on."""
    e = {"CAMP_VALIDATION": "1"}
    e.update(env or {})
    rc, out, err = run([exe, *args], step, env=e)
    if "camp: vulkan validation" in err:
        raise StepFailed(f"[{step}] Vulkan validation reported a problem\n" + show(out, err))
    return out


# The kernels each use of the algorithms library's kernel-writing macros
# adds (camp_reduce_op.h: each pass, with and without subgroups; a plain
# reduction folds its input and its tiles' results with the same kernel;
# camp_sort_op.h: two kinds of merge pass and a copy).
MACRO_KERNELS = {"CAMP_REDUCE_DEFINE": 2, "CAMP_TRANSFORM_REDUCE_DEFINE": 4, "CAMP_SORT_DEFINE": 3}


def kernel_count(src):
    text = open(src, encoding="utf-8").read()
    given = re.search(r"^// kernels: (\d+)$", text, flags=re.M)
    if given:
        return int(given.group(1))
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    written = len(re.findall(r"\bparallel_for_each\s*\(", text))
    return written + sum(n * len(re.findall(rf"\b{name}\s*\(", text)) for name, n in MACRO_KERNELS.items())


def check_expected(out, expected, who):
    want = open(expected, encoding="utf-8").read()
    if out != want:
        raise StepFailed(f"[expected output] {who} does not print {expected}:\n"
                         + diff(want, out, "expected", who))


def source_words(src, key):
    """The words of SRC's `// KEY: ...` line, if it has one."""
    m = re.search(rf"^// {key}: (.*)$", open(src, encoding="utf-8").read(), flags=re.M)
    return shlex.split(m.group(1)) if m else []


def source_flags(src):
    """The compiler flags a `// cflags: ...` line of SRC asks for (campcc's and the reference's)."""
    return source_words(src, "cflags")


def source_units(src):
    """The other translation units a `// also: ...` line of SRC names, as paths."""
    return [os.path.join(os.path.dirname(src), unit) for unit in source_words(src, "also")]


def check_needs(a, src, flags):
    """SRC's `// needs:` line, if it has one, names exactly the features --dump-kernels lists."""
    needs = source_words(src, "needs")
    if not needs:
        return []
    _, dump, _ = run([a.campcc, "--dump-kernels", "-fsyntax-only", *flags, src], "campcc --dump-kernels")
    dumped = set()
    for line in re.findall(r"^  device features:(.*)$", dump, flags=re.M):
        dumped.update(re.sub(r"\(.*?\)", "", line).split())  # "(only the Vulkan 1.2 baseline)": none
    if set(needs) != dumped:
        raise StepFailed(f"[needs] the `// needs:` line names {' '.join(sorted(needs))}; campcc --dump-kernels "
                         f"lists {' '.join(sorted(dumped)) or 'none'}")
    return needs


def repeat_run():
    """CAMP_TEST_REPEAT=1: this run repeats a plain test/run of the same tree as another
    configuration (CI's sanitizer, device-profile and Mesa 22.3 runs): campcc -S writes the same
    module as in the plain run, so step (c) is not done again."""
    return os.environ.get("CAMP_TEST_REPEAT") == "1"


def sanitized_repeat():
    """The sanitizer run of CI (CAMP_SANITIZE=1 with CAMP_TEST_REPEAT=1): ASan and UBSan watch campcc
    and libcamp, and the serial reference, which neither runs, is left to the plain run (step (b))."""
    return repeat_run() and os.environ.get("CAMP_SANITIZE") == "1"


def target_profile():
    """campcc's flags under CAMP_SIMULATE=PROFILE: --target-profile=PROFILE, which warns about what
    the kernels need that the profile lacks."""
    profile = os.environ.get("CAMP_SIMULATE")
    return [f"--target-profile={profile}"] if profile else []


ONE_KERNEL = "#include <camp.h>\nint main(void) {\n    int a[1];\n    parallel_for_each(i, extent(1)) { a[i] = 0; }\n}\n"


def profile_runs_no_kernel(campcc):
    """Whether campcc --target-profile says that no kernel runs on every device of the
    CAMP_SIMULATE profile (it lacks what libcamp needs of any device): a program then stops at
    its first use of the device, kernel or not, with libcamp's message naming the profile."""
    p = subprocess.run([campcc, *target_profile(), "-fsyntax-only", "-x", "c", "-"], input=ONE_KERNEL,
                       capture_output=True, text=True, timeout=120)
    return "no kernel runs on every device of the profile" in p.stderr


def profile_refusal(warnings, err):
    """Of a program campcc --target-profile warned about (WARNINGS), under CAMP_SIMULATE: the
    first line of its stderr ERR where libcamp refuses what was warned of, naming the profile
    (else None), and whether the profile cannot run any kernel (libcamp then stops at the first
    launch with exit status 1, a setting the user can change; a refused launch with no handler
    calls abort())."""
    profile = os.environ["CAMP_SIMULATE"]
    cannot_run = "no kernel runs on every device of the profile" in warnings

    def agrees(line):
        if cannot_run:
            return f"CAMP_SIMULATE={profile}: " in line
        what = line.split("camp error: ", 1)[-1].split(" the device ")[0]  # as the warning has it
        return f" as {profile}" in line and f"{what} the profile '{profile}'" in warnings

    said = next((line for line in err.splitlines() if "camp error: " in line and agrees(line)), None)
    return said, cannot_run


def simulated_refusal(exe, warnings, needs=None, args=()):
    """The line of libcamp's refusal, if campcc --target-profile warned about EXE (else None):
    under CAMP_SIMULATE=profile such a program must stop with libcamp's message naming the
    profile and what campcc warned of, not run. With `needs` (a program test), the test's
    `// needs:` line must be there to say what the kernels need."""
    if "[-Wtarget-profile]" not in warnings:
        return None
    profile = os.environ["CAMP_SIMULATE"]
    if needs == [] and "no kernel runs on every device of the profile" not in warnings:
        raise StepFailed(f"[needs] campcc --target-profile={profile} warns about the kernels, but the test has "
                         f"no `// needs:` line naming their features:\n{warnings}")
    rc, out, err = run([exe, *args], f"run as {profile}", env={"CAMP_VALIDATION": "1"}, check=False)
    said, cannot_run = profile_refusal(warnings, err)
    if not said or rc != (1 if cannot_run else -signal.SIGABRT):
        raise StepFailed(f"[run as {profile}] want libcamp's refusal of what campcc --target-profile warned of, "
                         f"got exit status {describe_status(rc)}\n--- warnings ---\n{warnings}" + show(out, err))
    return said


def serial_reference(a, src, flags, units, tmp, out):
    """Step (b): SRC built by the host compiler alone in camp.h's serial reference mode prints OUT
    (campcc's program's output), or, with --tiled, refuses the tiled kernels; what it printed."""
    ref = os.path.join(tmp, "ref")
    libcamp = ["-L", a.libcamp, "-Wl,-rpath," + a.libcamp, "-lcamp"] if a.libcamp else []
    run(host_cc() + ["-std=c17", *flags, "-I", a.include, src, *units, "-o", ref, *libcamp, "-lm"],
        "reference build")
    if a.tiled:
        rc, ref_out, ref_err = run([ref], "reference run", check=False)
        if rc == 0 or SERIAL_REFUSAL not in ref_err:
            raise StepFailed("[reference run] the serial reference mode did not refuse the tiled "
                             f"kernels with '{SERIAL_REFUSAL}'\n" + show(ref_out, ref_err))
        return out
    _, ref_out, _ = run([ref], "reference run")
    if out != ref_out:
        raise StepFailed("[differential] campcc's program and the serial reference print "
                         "different output:\n" + diff(ref_out, out, "reference", "campcc"))
    return ref_out


def cmd_program(a):
    src = os.path.abspath(a.src)
    flags = source_flags(src)
    units = source_units(src)
    own = ["-fcamp-check"] if a.checked else []  # campcc's flags, which the reference compiler lacks
    needs = check_needs(a, src, flags)
    with tempfile.TemporaryDirectory(prefix="camp-e2e-") as tmp:
        exe = os.path.join(tmp, "prog")
        if sanitized_repeat():
            # ASan and UBSan watch campcc front to back (libcamp: the model and runtime suites)
            run([a.campcc, "-O2", *own, *flags, "-c", src, "-o", os.path.join(tmp, "prog.o")], "campcc -O2 -c")
            print("compiled at -O2 under the sanitizers")
            return
        # (a) campcc, then run on the accelerator; the module it embeds is written for step (c).
        # -lm as the reference build has it: programs may call <math.h> on the host
        spv = os.path.join(tmp, "prog.spv")
        emit = [] if units or repeat_run() else ["--emit-spirv=" + spv]
        _, _, warnings = run([a.campcc, *own, *target_profile(), *flags, *emit, src, *units, "-o", exe, "-lm"],
                             "campcc build")
        if not os.path.isfile(exe):
            raise StepFailed(f"[campcc build] exit status 0 but no output file {exe}")
        with open(exe, "rb") as f:
            if not SPIRV_MAGIC.search(f.read()):
                raise StepFailed("[campcc build] the executable embeds no SPIR-V module "
                                 "(was the kernel compiled for the accelerator?)")
        refusal = simulated_refusal(exe, warnings, needs)
        if refusal:
            print(refusal)
            return
        out = run_on_vulkan(exe)

        if a.expected:
            check_expected(out, a.expected, "the program")
        # (b) the same source in the serial reference mode.
        ref_out = serial_reference(a, src, flags, units, tmp, out)

        # (b') with --optimized: built at -O2 (kernels through spirv-opt), the same output; as a
        # device profile, left to the plain run (the driver is the same lavapipe).
        if a.optimized and not (repeat_run() and target_profile()):
            opt = os.path.join(tmp, "prog-O2")
            run([a.campcc, "-O2", *own, *flags, src, *units, "-o", opt, "-lm"], "campcc -O2 build")
            opt_out = run_on_vulkan(opt)
            if opt_out != ref_out:
                raise StepFailed("[differential -O2] campcc -O2's program and the serial reference print "
                                 "different output:\n" + diff(ref_out, opt_out, "reference", "campcc -O2"))

        # (c) the kernel module, disassembled and validated: once, in the plain run. A program of one
        # file: the module step (a) wrote; of several, the first file's from campcc -S, assembled.
        if not repeat_run():
            asm = os.path.join(tmp, "prog.spvasm")
            if emit:
                if not os.path.isfile(spv):
                    raise StepFailed(f"[campcc build] --emit-spirv wrote no file {spv}")
                run(["spirv-dis", spv, "-o", asm], "spirv-dis")
            else:
                run([a.campcc, "-S", *own, *flags, src, "-o", asm], "campcc -S")
                if not os.path.isfile(asm):
                    raise StepFailed(f"[campcc -S] exit status 0 but no output file {asm}")
                run(["spirv-as", "--target-env", "vulkan1.2", asm, "-o", spv], "spirv-as")
            text = open(asm, encoding="utf-8", errors="replace").read()
            want = kernel_count(src)
            got = len(re.findall(r"\bOpEntryPoint\s+GLCompute\b", text))
            if got != want:
                raise StepFailed(f"[campcc -S] {got} OpEntryPoint GLCompute in the module, want one "
                                 f"per parallel_for_each ({want})")
            run(["spirv-val", "--target-env", "vulkan1.2", "--scalar-block-layout", spv], "spirv-val")
    sys.stdout.write(out)


SERIAL_REFUSAL = "the serial reference mode runs only non-tiled kernels"


def profile_warnings(campcc, src, flags=()):
    """What campcc --target-profile says of SRC (with FLAGS) under CAMP_SIMULATE (else nothing)."""
    if not target_profile():
        return ""
    _, _, warnings = run([campcc, *target_profile(), *source_flags(src), *flags, "-fsyntax-only", src],
                         "campcc --target-profile")
    return warnings


def build_runnable(campcc, flags, src, exe):
    """Builds SRC into EXE with FLAGS (for the simulated profile under CAMP_SIMULATE); False where the
    profile refuses its kernels as campcc warned, that refusal printed: the test ends there."""
    _, _, warnings = run([campcc, *flags, *target_profile(), src, "-o", exe], f"campcc {' '.join(flags + ['build'])}")
    refusal = simulated_refusal(exe, warnings)
    if refusal:
        print(refusal)
    return not refusal


def default_shares_memory(camp_info):
    """Whether camp-info shows the default accelerator sharing memory with the host
    (supports_cpu_shared_memory: under CAMP_SIMULATE, the profile's)."""
    _, out, _ = run([camp_info], "camp-info")
    default = out.split(" (default): ", 1)[-1].split("\naccelerator ", 1)[0]
    m = re.search(r"^  supports_cpu_shared_memory +(yes|no)$", default, flags=re.M)
    if not m:
        raise StepFailed("[camp-info] no supports_cpu_shared_memory line for the default accelerator:\n" + out)
    return m.group(1) == "yes"


def cmd_prebuilt(a):
    exe = os.path.abspath(a.exe)
    if a.source:
        src = os.path.abspath(a.source)
        refusal = simulated_refusal(exe, profile_warnings(a.campcc, src), source_words(src, "needs"), a.args)
        if refusal:
            print(refusal)
            return
    out = run_on_vulkan(exe, args=a.args)
    unshared = a.unshared_expected and not default_shares_memory(a.camp_info)
    check_expected(out, a.unshared_expected if unshared else a.expected, a.exe)
    sys.stdout.write(out)


# thread counts and shapes a default would not choose: 1, odd, and sizes
# larger than some of the extents
WORKGROUP_SIZES = ["1", "7", "64", "1024", "5,3x7,2x3x5", "256,32x8,32x4x2", "1x64,64x1x1,1x1x64"]


def check_workgroup_spec_constants(text):
    spec = dict(re.findall(r"OpDecorate (%\S+) SpecId (\d+)", text))
    m = re.search(r"OpDecorate (%\S+) BuiltIn WorkgroupSize", text)
    if not m:
        raise StepFailed("[campcc -S] the module has no WorkgroupSize built-in")
    parts = re.search(re.escape(m.group(1)) + r" = OpSpecConstantComposite %\S+ (%\S+) (%\S+) (%\S+)", text)
    if not parts or [spec.get(p) for p in parts.groups()] != ["0", "1", "2"]:
        raise StepFailed("[campcc -S] the WorkgroupSize built-in is not made of the specialization "
                         "constants 0, 1 and 2:\n" + "\n".join(l for l in text.splitlines()
                                                              if "Spec" in l or "WorkgroupSize" in l))
    if not re.search(r"(%\S+) = OpSpecConstantTrue %bool", text) or "3" not in spec.values():
        raise StepFailed("[campcc -S] no bounds-check specialization constant (SpecId 3, true by default)")


WORKGROUP_LIMIT = re.compile(r"camp error: the kernel's workgroup (?:has (\d+) threads|size (\d+) in dimension \w "
                             r"exceeds) the device .* as (\S+?)(?:'s limit of| allows) (\d+) \(max")


def beyond_simulated_limits(exe, size):
    """Under CAMP_SIMULATE, whether the workgroup size is one the profile's limits refuse: the
    program then stops with libcamp's message naming the profile and both numbers."""
    profile = os.environ.get("CAMP_SIMULATE")
    if not profile:
        return False
    rc, out, err = run([exe], f"run with CAMP_WORKGROUP_SIZE={size} as {profile}",
                       env={"CAMP_VALIDATION": "1", "CAMP_WORKGROUP_SIZE": size}, check=False)
    m = WORKGROUP_LIMIT.search(err)
    if rc == 0:
        return False
    if rc != -signal.SIGABRT or not m or m.group(3) != profile or int(m.group(1) or m.group(2)) <= int(m.group(4)):
        raise StepFailed(f"[CAMP_WORKGROUP_SIZE={size} as {profile}] failed, but not for a workgroup beyond the "
                         "profile's limits\n" + show(out, err))
    return True


def cmd_workgroups(a):
    src = os.path.abspath(a.src)
    with tempfile.TemporaryDirectory(prefix="camp-e2e-") as tmp:
        asm = os.path.join(tmp, "prog.spvasm")
        run([a.campcc, "-O2", "-S", src, "-o", asm], "campcc -O2 -S")
        check_workgroup_spec_constants(open(asm, encoding="utf-8").read())
        exe = os.path.join(tmp, "prog")
        if not build_runnable(a.campcc, ["-O2"], src, exe):
            return
        want = run_on_vulkan(exe, "run with the default workgroup sizes")
        for size in WORKGROUP_SIZES:
            step = f"run with CAMP_WORKGROUP_SIZE={size}"
            if beyond_simulated_limits(exe, size):
                continue
            out = run_on_vulkan(exe, step, {"CAMP_WORKGROUP_SIZE": size})
            if out != want:
                raise StepFailed(f"[{step}] prints other results than the default sizes:\n"
                                 + diff(want, out, "default", size))
        step = "run with a malformed CAMP_WORKGROUP_SIZE"
        rc, out, err = run([exe], step, env={"CAMP_WORKGROUP_SIZE": "32x0"}, check=False)
        if rc == 0 or "CAMP_WORKGROUP_SIZE='32x0'" not in err:
            raise StepFailed(f"[{step}] did not fail naming the value\n" + show(out, err))
    print(f"same results with {len(WORKGROUP_SIZES)} workgroup size overrides:", want.strip().splitlines()[-1])


def cmd_addresses(a):
    src = os.path.abspath(a.src)
    with tempfile.TemporaryDirectory(prefix="camp-e2e-") as tmp:
        asm = os.path.join(tmp, "prog.spvasm")
        run([a.campcc, "-O2", "-S", src, "-o", asm], "campcc -O2 -S")
        text = open(asm, encoding="utf-8").read()
        if not re.search(r"OpDecorate %narrow_addresses SpecId 6\b", text) or "OpPtrAccessChain" not in text:
            raise StepFailed("[campcc -O2 -S] no view element addressed by OpPtrAccessChain under "
                             "specialization constant 6 (narrow_addresses)")
        exe = os.path.join(tmp, "prog")
        if not build_runnable(a.campcc, ["-O2"], src, exe):
            return
        outs = {}
        for chains, says in (("1", "views by access chains"), ("0", "views by 64-bit sums")):
            step = f"run with CAMP_ACCESS_CHAINS={chains}"
            rc, out, err = run([exe], step, env={"CAMP_VALIDATION": "1", "CAMP_VERBOSE": "1",
                                                 "CAMP_ACCESS_CHAINS": chains}, check=False)
            made = [line for line in err.splitlines() if ": pipeline for workgroups of" in line]
            if rc != 0 or "camp: vulkan validation" in err or not made or any(f", {says}," not in line for line in made):
                raise StepFailed(f"[{step}] failed, or made pipelines other than for '{says}'\n" + show(out, err))
            outs[chains] = out
        if outs["0"] != outs["1"]:
            raise StepFailed("CAMP_ACCESS_CHAINS=1 and =0 print other results:\n" + diff(outs["1"], outs["0"], "1", "0"))
    print(f"same results with access chains and with 64-bit sums ({len(made)} pipelines each)")


def cmd_vectorized(a):
    src = os.path.abspath(a.src)
    with tempfile.TemporaryDirectory(prefix="camp-e2e-") as tmp:
        _, dump, _ = run([a.campcc, "--dump-kernels", "-c", src, "-o", os.devnull], "campcc --dump-kernels")
        widths = re.findall(r"^  vectorized x(\d+):", dump, flags=re.M)
        if not widths:
            raise StepFailed("[campcc --dump-kernels] no kernel says 'vectorized xN'\n" + dump)
        asm = os.path.join(tmp, "prog.spvasm")
        run([a.campcc, "-O2", "-S", src, "-o", asm], "campcc -O2 -S")
        text = open(asm, encoding="utf-8").read()
        if not re.search(r"OpDecorate %elements_per_thread SpecId 7\b", text) or \
                not re.search(r"= OpLoad %v\d\w+ %\S+ Aligned 16\b", text) or \
                not re.search(r"OpStore %\S+ %\S+ Aligned 16\b", text):
            raise StepFailed("[campcc -O2 -S] no elements_per_thread specialization constant (SpecId 7), "
                             "or no 16-byte-aligned vector load and store")
        exe = os.path.join(tmp, "prog")
        if not build_runnable(a.campcc, ["-O2"], src, exe):
            return
        outs = {}
        for value in ("1", "0"):
            step = f"run with CAMP_VECTORIZE={value}"
            rc, out, err = run([exe], step, env={"CAMP_VALIDATION": "1", "CAMP_VERBOSE": "1",
                                                 "CAMP_VECTORIZE": value}, check=False)
            taken = set(re.findall(r": pipeline for workgroups of .*, (\d+) elements? per thread$", err, flags=re.M))
            want = set(widths) | {"1"} if value == "1" else {"1"}
            if rc != 0 or "camp: vulkan validation" in err or taken != want:
                raise StepFailed(f"[{step}] failed, or made pipelines taking {sorted(taken)} elements per "
                                 f"thread, not {sorted(want)}\n" + show(out, err))
            outs[value] = out
        if outs["0"] != outs["1"]:
            raise StepFailed("CAMP_VECTORIZE=1 and =0 print other results:\n" + diff(outs["1"], outs["0"], "1", "0"))
        step = "run with a malformed CAMP_VECTORIZE"
        rc, out, err = run([exe], step, env={"CAMP_VECTORIZE": "4"}, check=False)
        if rc == 0 or "CAMP_VECTORIZE='4'" not in err:
            raise StepFailed(f"[{step}] did not fail naming the value\n" + show(out, err))
    print(f"same results with and without vectorizing (x{', x'.join(sorted(set(widths)))}):",
          outs["1"].strip().splitlines()[-1])


def cmd_device(a):
    src = os.path.abspath(a.src)
    with tempfile.TemporaryDirectory(prefix="camp-e2e-") as tmp:
        exe = os.path.join(tmp, "prog")
        if not build_runnable(a.campcc, [], src, exe):
            return
        out = run_on_vulkan(exe, "run with CAMP_DEVICE=0", {"CAMP_DEVICE": "0"})
        check_expected(out, a.expected, "the program with CAMP_DEVICE=0")
        env = {"CAMP_DEVICE": "no-such-accelerator-xyzzy"}
        rc, out, err = run([exe], "run with CAMP_DEVICE naming no device", env=env, check=False)
        if rc == 0:
            raise StepFailed("[run with CAMP_DEVICE naming no device] exit status 0: the "
                             "program ran without the accelerator it asked for\n" + show(out, err))
        if rc != 1:  # a setting the user can fix, not a crash (abort's SIGABRT)
            raise StepFailed("[run with CAMP_DEVICE naming no device] exit status "
                             f"{describe_status(rc)}, not 1\n" + show(out, err))
        if "camp" not in err:
            raise StepFailed("[run with CAMP_DEVICE naming no device] failed, but printed no "
                             "'camp' message on stderr\n" + show(out, err))
    print("CAMP_DEVICE=0 ran; an unknown CAMP_DEVICE failed with:", err.strip().splitlines()[0])


def main():
    # meson test points LD_LIBRARY_PATH at the build's runtime/; programs
    # built by campcc must find libcamp by themselves, as for a user.
    os.environ.pop("LD_LIBRARY_PATH", None)
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    q = sub.add_parser("program")
    q.add_argument("--campcc", required=True)
    q.add_argument("--include", required=True)
    q.add_argument("--expected")
    q.add_argument("--optimized", action="store_true", help="also build at -O2 and compare")
    q.add_argument("--tiled", action="store_true")
    q.add_argument("--checked", action="store_true", help="campcc -fcamp-check")
    q.add_argument("--libcamp", help="the reference build links libcamp from this directory (PNG files)")
    q.add_argument("src")
    q = sub.add_parser("prebuilt")
    q.add_argument("--expected", required=True)
    q.add_argument("--campcc", help="with --source: campcc, for --target-profile under CAMP_SIMULATE")
    q.add_argument("--source", help="EXE's source: its `// needs:` line, what --target-profile warns of")
    q.add_argument("--unshared-expected", help="the output wanted where the default accelerator shares no memory "
                   "with the host (supports_cpu_shared_memory, as --camp-info shows it)")
    q.add_argument("--camp-info", help="camp-info, with --unshared-expected")
    q.add_argument("exe")
    q.add_argument("args", nargs="*", help="the program's arguments, after --")
    q = sub.add_parser("workgroups")
    q.add_argument("--campcc", required=True)
    q.add_argument("src")
    q = sub.add_parser("addresses")
    q.add_argument("--campcc", required=True)
    q.add_argument("src")
    q = sub.add_parser("vectorized")
    q.add_argument("--campcc", required=True)
    q.add_argument("src")
    q = sub.add_parser("device")
    q.add_argument("--campcc", required=True)
    q.add_argument("--expected", required=True)
    q.add_argument("src")
    a = p.parse_args()
    if a.cmd == "prebuilt" and bool(a.source) != bool(a.campcc):
        p.error("prebuilt: --source and --campcc go together")
    try:
        {"program": cmd_program, "prebuilt": cmd_prebuilt, "workgroups": cmd_workgroups,
         "addresses": cmd_addresses, "vectorized": cmd_vectorized, "device": cmd_device}[a.cmd](a)
    except StepFailed as e:
        print(f"FAIL {getattr(a, 'src', None) or a.exe}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
