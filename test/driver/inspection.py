"""What campcc shows of a compile: -S, --emit-spirv, --emit-host, --dump-kernels,
-g, --sysroot, -MJ, spelling, and compiles of many or huge kernels."""
import json
import os
import re
import shlex
import shutil
import subprocess

from common import SPIRV_MAGIC, expect, cdb_entries


def validate(ctx, spv):
    ctx.run(["--target-env", "vulkan1.2", "--scalar-block-layout", spv], cmd=["spirv-val"])


def test_spvasm(ctx):
    """-S on a kernel file: SPIR-V assembly with the C names, which assembles and validates."""
    ctx.run(["-S", "scale.c"])
    asm = ctx.read("scale.spvasm")
    for name in ("square", "x", "i", "camp_kernel_0"):
        expect(re.search(rf'OpName %\w+ "{name}"', asm), f"no OpName \"{name}\" in scale.spvasm")
    for name in ("work", "k"):
        expect(re.search(rf'OpMemberName %\w+ \d+ "{name}"', asm), f"no OpMemberName \"{name}\" in scale.spvasm")
    ctx.run(["--target-env", "vulkan1.2", ctx.path("scale.spvasm"), "-o", ctx.path("scale.spv")], cmd=["spirv-as"])
    validate(ctx, ctx.path("scale.spv"))
    ctx.run(["-S", "main.c", "-o", "main.s"])
    expect(".globl\tmain" in ctx.read("main.s"), "-S on a plain file must give host assembly")


def test_emit_spirv(ctx):
    """--emit-spirv=FILE: the binary module, valid, alongside the normal output."""
    ctx.run(["--emit-spirv=mod.spv", "-c", "scale.c", "-o", "s.o"])
    expect(ctx.read("mod.spv", "rb")[:4] == SPIRV_MAGIC and ctx.has_spirv("s.o"), "bad module or object")
    validate(ctx, ctx.path("mod.spv"))
    out, _ = ctx.run([ctx.path("mod.spv")], cmd=["spirv-dis"])
    expect(out.count("OpEntryPoint GLCompute") == 1, "want one entry point")
    _, err = ctx.run(["--emit-spirv=none.spv", "-c", "main.c"], rc=1)
    expect("has no kernels" in err and not os.path.exists(ctx.path("none.spv")),
           f"--emit-spirv on a file without kernels: want an error and no file, got {err}")


def test_emit_host(ctx):
    """--emit-host=FILE: host C that clang alone builds into the working program."""
    ctx.run(["--emit-host=host.c", "-fsyntax-only", "scale.c"])
    host = ctx.read("host.c")
    expect("camp_abi_launch" in host and "parallel_for_each(" not in host, "the kernel was not replaced")
    lib = os.path.dirname(ctx.run(["-print-file-name=libcamp.so"])[0].strip())
    # campcc's host compiler, with its sanitizer flags if any (libcamp may need them)
    host_cc = shlex.split(os.environ.get("CAMP_HOST_CC") or "clang-19")
    ctx.run(["-I", ctx.include, f"-I{ctx.tmp}", "host.c", "main.c", f"-L{lib}", f"-Wl,-rpath,{lib}", "-lcamp",
             "-o", "prog"], cmd=host_cc)
    ctx.run_program("prog")
    ctx.run(["--emit-host=plain.c", "-fsyntax-only", "main.c"])
    expect(ctx.read("plain.c") == ctx.read("main.c"), "a file without kernels must be its own host C")


def test_dump_kernels(ctx):
    """--dump-kernels: line, captures with kinds and push offsets, workgroup, capabilities."""
    out, _ = ctx.run(["--dump-kernels", "-fsyntax-only", "scale.c"])
    for want in ("scale.c:11:5: kernel camp_kernel_0: parallel_for_each of rank 1, index 'i'",
                 "workgroup size: chosen for the device at launch",
                 "push constants: 36 bytes (24-byte header)",
                 "capture 'work': view of float[8], read-write, device address at push offset 24",
                 "capture 'k': value float, push offset 32",
                 "capabilities: Shader PhysicalStorageBufferAddresses"):
        expect(want in out, f"--dump-kernels lacks '{want.strip()}':\n{out}")
    # the features the runtime checks follow from the module's capabilities
    caps = re.search(r"capabilities:(.*)", out).group(1).split()
    features = re.search(r"device features:(.*)", out).group(1)
    for cap, feature in (("Int64", "shaderInt64"), ("Float64", "shaderFloat64")):
        expect((cap in caps) == (feature in features), f"capabilities {caps} but device features {features}")
    with open(ctx.path("wide.c"), "w") as f:
        f.write("#include <camp.h>\nint main(void) {\n  long long a[4];\n  int b[4] = {1, 2, 3, 4};\n"
                "  double d = 2;\n"
                "  parallel_for_each(i, extent(2, 2)) { a[i[0] * 2 + i[1]] = (long long)(b[i[1]] * d); }\n"
                "  return (int)a[3];\n}\n")
    out, _ = ctx.run(["--dump-kernels", "-fsyntax-only", "main.c"])
    expect(out == "main.c: no kernels\n", f"--dump-kernels on a plain file: {out}")
    out, _ = ctx.run(["--dump-kernels", "-fsyntax-only", "wide.c"])
    for want in ("wide.c:6:3: kernel camp_kernel_0: parallel_for_each of rank 2", "workgroup size: chosen for the device at launch",
                 "push constants: 48 bytes",
                 "capture 'a': view of long long[4], read-write, device address at push offset 24",
                 "capture 'b': view of int[4], read, device address at push offset 32",
                 "capture 'd': value double, push offset 40",
                 "device features: shaderInt64 shaderFloat64", "Int64 Float64"):
        expect(want in out, f"--dump-kernels lacks '{want}':\n{out}")


def test_used_next(ctx):
    """A kernel (parallel_for_each or _on) whose next statement in its block synchronizes one of its views, or
    surely reads or writes its elements, is marked so (--dump-kernels, and CAMP_ACCESS_SYNCHRONIZED_NEXT or
    CAMP_ACCESS_USED_NEXT in the host C); not where something comes between, where the kernel is a loop's body, where the view is not
    captured, where only some runs of the statement reach the element (?:, && and ||), or where the statement only names it
    (sizeof, &v[i], _Generic: how the algorithms library's calls pick their function, which keep the view on the device)."""
    with open(ctx.path("next.c"), "w") as f:
        f.write("#include <camp.h>\n"
                "float f(float *v, float *w, int n, int c) {\n"
                "    parallel_for_each(i, extent(n)) { v[i] += w[i]; }\n"          # 3: v
                "    array_view_synchronize(v);\n"
                "    parallel_for_each(i, extent(n)) { v[i] += 1; }\n"             # 5: none (a statement between)
                "    ;\n"
                "    array_view_synchronize(v);\n"
                "    for (int r = 0; r < 2; r++)\n"
                "        parallel_for_each(i, extent(n)) { v[i] += 1; }\n"         # 9: none (a loop's body)
                "    array_view_synchronize(v);\n"
                "    parallel_for_each(i, extent(n)) { w[i] = 0; }\n"              # 11: none (v is not captured)
                "    array_view_synchronize(v);\n"
                "    parallel_for_each(i, extent(n)) { w[i] = v[i]; }\n"           # 13: w
                "    array_view_synchronize((float *)(w));\n"
                "    parallel_for_each_on(camp_default_view(), i, extent(n)) { v[i] = 2; }\n"  # 15: v
                "    array_view_synchronize(v);\n"
                "    for (int r = 0; r < 2; r++)\n"
                "        parallel_for_each_on(camp_default_view(), i, extent(n)) { v[i] = 3; }\n"  # 18: none
                "    array_view_synchronize(v);\n"
                "    parallel_for_each(i, extent(n)) { v[i] = w[i] = 1; }\n"       # 20: v and w
                "    float x = v[n - 1] + *w;\n"
                "    parallel_for_each(i, extent(n)) { v[i] = w[i] = 2; }\n"       # 22: w (v only if c)
                "    x += c ? v[0] : 0;\n"
                "    x += w[1];\n"
                "    parallel_for_each(i, extent(n)) { v[i] = w[i] = 3; }\n"       # 25: v (the condition), not w
                "    if (v[1] > 2) x += w[2];\n"
                "    parallel_for_each(i, extent(n)) { v[i] = w[i] = 4; }\n"       # 27: w (v only if w[0])
                "    x = w[0] && v[0] ? x : 0;\n"
                "    parallel_for_each(i, extent(n)) { v[i] = w[i] = 5; }\n"       # 29: none (only named)
                "    x += sizeof v[0] + (float)(&w[1] - w) + _Generic(&*(v), float *: 1.0f, default: 0.0f);\n"
                "    return x;\n"
                "}\n")
    out, _ = ctx.run(["--dump-kernels", "-fsyntax-only", "next.c"])
    kernels = re.split(r"^(?=next\.c:\d+:\d+: kernel )", out, flags=re.M)[1:]
    marked = {int(k.split(":")[1]): sorted(f"{name} {how}" for how, name in re.findall(
        r"^  (synchronized|used) by the next statement: '(\w+)'", k, flags=re.M)) for k in kernels}
    want = {3: ["v synchronized"], 5: [], 9: [], 11: [], 13: ["w synchronized"], 15: ["v synchronized"], 18: [],
            20: ["v used", "w used"], 22: [], 25: ["v used"], 27: ["w used"], 29: []}
    expect(marked == want, f"captures marked for the next statement: {marked}, want {want}\n{out}")
    ctx.run(["--emit-host=host.c", "-fsyntax-only", "next.c"])
    params = re.findall(r"camp_params_(\d+)_\[\] = \{(.*)\};", ctx.read("host.c"))
    bits = {32: "synchronized", 64: "used"}  # CAMP_ACCESS_SYNCHRONIZED_NEXT, CAMP_ACCESS_USED_NEXT
    flagged = {int(k): sorted(f"{name} {bits[bit]}" for access, name in re.findall(
        r"\{CAMP_PARAM_POINTER, \d+, (\d+), \d+, \d+, \"(\w+)\"\}", text) for bit in bits if int(access) & bit)
        for k, text in params}
    want_flags = {i: names for i, names in enumerate(want.values())}
    expect(flagged == want_flags, f"params with CAMP_ACCESS_SYNCHRONIZED_NEXT: {flagged}, want {want_flags}")


def test_page_aligned_globals(ctx):
    """The definitions of global and static arrays kernels use are aligned to pages in the host C, one attribute at
    the start of each declaration (every array it declares); one that is its declaration's only declarator and not
    const also goes to a section whose every object begins a page (zero bytes and initialized data apart), closed by
    an object of its own, so that no other data shares the arrays' last pages (not one the program puts in a section
    of its own); an extern declaration (the definition
    further on is aligned), an array no
    kernel uses and a constant one (the kernel's module holds it) are left as they are, and the lines do not move.
    The program builds and runs."""
    with open(ctx.path("globals.c"), "w") as f:
        f.write("#include <camp.h>\n"
                "#include <stdio.h>\n"
                "extern float ext[64];\n"
                "static float a[100], b[100];\n"
                "float unused[8];\n"
                "static double w[4] = {1, 2, 3, 4};\n"
                "static const float c[4] = {5, 6, 7, 8};\n"
                "float own[4] __attribute__((section(\".own\"))) = {1, 1, 1, 1};\n"
                "int step;\n"
                "int main(void) {\n"
                "    static int local[10];\n"
                "    parallel_for_each(i, extent(100)) { a[i] = b[i] + ext[i % 64] + (float)w[i % 4] + c[i % 4] + own[i % 4]; }\n"
                "    parallel_for_each(i, extent(10)) { local[i] = i; }\n"
                "    step++;\n"
                "    printf(\"%g %d %d\\n\", a[99], local[9], step);\n"
                "    return 0;\n"
                "}\n"
                "float ext[64];\n")
    ctx.run(["--emit-host=host.c", "-fsyntax-only", "globals.c"])
    host = ctx.read("host.c")
    aligned = "__attribute__((aligned(4096))) "
    bss = '__attribute__((aligned(4096), section(".bss.camp_pages"))) '
    data = '__attribute__((aligned(4096), section(".data.camp_pages"))) '
    for want in ("\n" + aligned + "static float a[100], b[100];\n", "\n    " + bss + "static int local[10];\n",
                 "\nextern float ext[64];\n", "\n" + bss + "float ext[64];\n", "\n" + data + "static double w[4] = {1, 2, 3, 4};\n",
                 "\nstatic const float c[4] = {5, 6, 7, 8};\n", "\nfloat unused[8];\n",
                 "\n" + aligned + 'float own[4] __attribute__((section(".own"))) = {1, 1, 1, 1};\n',
                 "\nint step;\n", 'camp_bss_pages_end_[1] __attribute__((used, aligned(4096), section(".bss.camp_pages")));',
                 'camp_data_pages_end_[1] __attribute__((used, aligned(4096), section(".data.camp_pages"))) = {1};'):
        expect(want in host, f"the host C lacks {want!r}:\n{host}")
    expect(host.count("aligned(4096)") == 7, f"{host.count('aligned(4096)')} alignments in the host C, want 7:\n{host}")
    ctx.run(["globals.c", "-o", "globals"])
    ctx.run_program("globals", kernels_from="globals.c", expected="13 9 1\n")


def test_page_aligned_passed_globals(ctx):
    """A file-scope array the program passes to a function whose kernel uses the pointer (`bump(dev, n)`, `bump(grid +
    8, 4)`, `bump(&m[1][0], 4)`) is aligned to pages as one a kernel names is: libcamp's view of it then shares no page
    with the host's data beside it, whose every access after a kernel trapped. One passed only to host functions is
    left as it is. The program builds and runs."""
    with open(ctx.path("passed.c"), "w") as f:
        f.write("#include <camp.h>\n"
                "#include <stdio.h>\n"
                "static float dev[64];\n"
                "static float host_only[64];\n"
                "static float grid[16];\n"
                "static float m[4][4];\n"
                "static void bump(float *p, int n) { parallel_for_each(i, extent(n)) { p[i] += 1.0f; } }\n"
                "static float sum(const float *p, int n) { float s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }\n"
                "int main(void) {\n"
                "    bump(dev, 64);\n"
                "    bump(grid + 8, 4);\n"
                "    bump(&m[1][0], 4);\n"
                "    printf(\"%g %g %g %g\\n\", sum(dev, 64), sum(grid, 16), sum(m[1], 4), sum(host_only, 64));\n"
                "    return 0;\n"
                "}\n")
    ctx.run(["--emit-host=host.c", "-fsyntax-only", "passed.c"])
    host = ctx.read("host.c")
    bss = '__attribute__((aligned(4096), section(".bss.camp_pages"))) '
    for want in ("\n" + bss + "static float dev[64];\n", "\n" + bss + "static float grid[16];\n",
                 "\n" + bss + "static float m[4][4];\n", "\nstatic float host_only[64];\n"):
        expect(want in host, f"the host C lacks {want!r}:\n{host}")
    ctx.run(["passed.c", "-o", "passed"])
    ctx.run_program("passed", kernels_from="passed.c", expected="64 4 4 0\n")


def test_page_aligned_pointer_sources(ctx):
    """A file-scope array the function stores into a pointer variable that a kernel uses (a double buffer swapped by
    pointer: `float *cur = a, *nxt = b;`, `cur = nxt;`) is aligned to pages as one a kernel names is: the host's
    loop over a static array beside it trapped after every launch. One the function only indexes is left as it is.
    The program builds and runs."""
    with open(ctx.path("swapped.c"), "w") as f:
        f.write("#include <camp.h>\n"
                "#include <stdio.h>\n"
                "static float a[64];\n"
                "static float b[64];\n"
                "static float steps[64];\n"
                "int main(void) {\n"
                "    float *cur = a, *nxt;\n"
                "    nxt = b;\n"
                "    for (int s = 0; s < 4; s++) {\n"
                "        parallel_for_each(i, extent(64)) { nxt[i] = cur[i] + 1.0f; }\n"
                "        steps[s] = s;\n"
                "        float *t = cur; cur = nxt; nxt = t;\n"
                "    }\n"
                "    printf(\"%g %g\\n\", cur[63], steps[3]);\n"
                "    return 0;\n"
                "}\n")
    ctx.run(["--emit-host=host.c", "-fsyntax-only", "swapped.c"])
    host = ctx.read("host.c")
    bss = '__attribute__((aligned(4096), section(".bss.camp_pages"))) '
    for want in ("\n" + bss + "static float a[64];\n", "\n" + bss + "static float b[64];\n",
                 "\nstatic float steps[64];\n"):
        expect(want in host, f"the host C lacks {want!r}:\n{host}")
    ctx.run(["swapped.c", "-o", "swapped"])
    ctx.run_program("swapped", kernels_from="swapped.c", expected="4 3\n")


def test_debug_lines(ctx):
    """-g: OpString naming the file and an OpLine for the kernel's statement; still valid."""
    ctx.run(["-g", "--emit-spirv=g.spv", "-S", "scale.c", "-o", "g.spvasm"])
    asm = ctx.read("g.spvasm")
    m = re.search(r'(%\w+) = OpString "scale.c"', asm)
    expect(m, "-g: no OpString for scale.c")
    expect(re.search(rf"OpLine {m.group(1)} 12 \d+", asm), "-g: no OpLine for line 12, the kernel's statement")
    expect(f"OpSource Unknown 0 {m.group(1)}" in asm, "-g: no OpSource naming scale.c")
    h = re.search(r'(%\w+) = OpString "\S*square.h"', asm)
    expect(h and re.search(rf"OpLine {h.group(1)} 5 \d+", asm), "-g: no OpLine in square.h's helper (line 5)")
    validate(ctx, ctx.path("g.spv"))
    ctx.run(["-S", "scale.c", "-o", "plain.spvasm"])
    expect("OpLine" not in ctx.read("plain.spvasm"), "OpLine without -g")
    ctx.run(["-g", "main.c", "scale.c", "-o", "prog"])
    ctx.run_program("prog")


def test_debug_lines_host(ctx):
    """-g: binutils' addr2line names the user's file for the rewritten host code (libcamp reports host accesses by it)."""
    ctx.run(["-g", "scale.c", "main.c", "-o", "prog"])
    symbols, _ = ctx.run([ctx.path("prog")], cmd=["nm"])
    kernel_caller = [line.split()[0] for line in symbols.splitlines() if re.search(r" T scale\w*$", line)]
    expect(kernel_caller, f"no scale function in prog's symbols:\n{symbols}")
    place, _ = ctx.run(["-e", ctx.path("prog"), "0x" + kernel_caller[0]], cmd=["addr2line"])
    expect(place.startswith(ctx.path("scale.c") + ":") or place.startswith("scale.c:"),
           f"addr2line names {place.strip()!r} for scale.c's host code, not scale.c")


def test_sysroot(ctx):
    """--sysroot=DIR and --sysroot DIR: the value is no input; it reaches libclang's parse and the host."""
    for flag in (["--sysroot=/"], ["--sysroot", "/"]):
        _, err = ctx.run(flag + ["main.c", "scale.c", "-o", "prog"])
        expect("input unused" not in err and "no such file" not in err, f"{flag}: {err}")
        ctx.run_program("prog")
        _, err = ctx.run(["-v"] + flag + ["-c", "scale.c", "-o", "s.o"])
        expect(" ".join(flag) in err, f"{flag} does not reach the host compile:\n{err[-2000:]}")
    for flag in (["--sysroot=/nonexistent"], ["--sysroot", "/nonexistent"]):  # libclang looks there too
        _, err = ctx.run(flag + ["-fsyntax-only", "scale.c"], rc=1)
        expect("file not found" in err, f"{flag}: libclang did not look in the sysroot:\n{err[-2000:]}")
    _, err = ctx.run(["-c", "scale.c", "--sysroot"], rc=1)
    expect("argument to '--sysroot' is missing" in err, f"--sysroot without a value: {err}")


def clangd_check(ctx, source, extra=()):
    """clangd --check on source with the directory's compile_commands.json: its count of errors."""
    clangd = shutil.which("clangd")
    expect(clangd, "no clangd on PATH (Debian: apt-get install clangd)")
    done = subprocess.run([clangd] + list(extra) + [f"--check={source}"], cwd=ctx.tmp, capture_output=True,
                          text=True, timeout=300)  # its exit status says only whether errors were found
    err = done.stderr
    m = re.search(r"All checks completed, (\d+) errors", err)
    expect(m, f"clangd --check did not complete:\n{err[-3000:]}")
    return int(m.group(1)), err


def test_mj(ctx):
    """-MJ FILE and -MJFILE: clang's compilation database entries, appended; with campcc's own include
    directory and macros, so clangd indexes a kernel file with no setup; without them (a build system's
    own compile_commands.json) clangd needs --query-driver."""
    ctx.run(["-MJ", "scale.o.json", "-Wall", "-c", "scale.c", "-o", "scale.o"])
    ctx.run(["-MJmain.o.json", "-DMAIN_FLAG=1", "-c", "main.c"])
    ctx.run(["-MJ", "both.json", "main.c", "scale.c", "-o", "prog"])
    ctx.run_program("prog")
    scale, = cdb_entries(ctx.read("scale.o.json"))
    main, = cdb_entries(ctx.read("main.o.json"))
    both = cdb_entries(ctx.read("both.json"))
    expect([e["file"] for e in both] == ["main.c", "scale.c"], f"both.json: {both}")
    expect(scale["directory"] == ctx.tmp and scale["file"] == "scale.c" and scale["output"] == "scale.o",
           f"scale.o.json: {scale}")
    args = scale["arguments"]
    expect(os.path.samefile(args[0], ctx.campcc) and args[1:5] == ["-xc", "scale.c", "-o", "scale.o"],
           f"scale.o.json arguments: {args}")
    camp_include = any(args[i:i + 2] == ["-isystem", ctx.include] for i in range(len(args)))
    expect("-Wall" in args and "-c" in args and camp_include and "-D__CAMPCC__=1" in args,
           f"scale.o.json lacks the user's or campcc's flags: {args}")
    expect(not any(a.startswith("-MJ") or a.endswith(".json") for a in args), f"-MJ in the entry: {args}")
    expect("-DMAIN_FLAG=1" in main["arguments"] and main["output"] == "main.o", f"main.o.json: {main}")
    ctx.run(["-MJ", "scale.o.json", "-c", "scale.c", "-o", "scale.o"])  # appended, as clang does
    expect(len(cdb_entries(ctx.read("scale.o.json"))) == 2, "a second -MJ into one file does not append")
    with open(ctx.path("compile_commands.json"), "w") as f:
        json.dump([scale, main], f)
    errors, err = clangd_check(ctx, "scale.c")
    expect(errors == 0, f"clangd on campcc's -MJ entries: {errors} errors\n{err[-3000:]}")
    with open(ctx.path("compile_commands.json"), "w") as f:  # as CMake or Meson write it for CC=campcc
        json.dump([{"directory": ctx.tmp, "file": "scale.c", "command": f"{ctx.campcc} -c scale.c -o scale.o"}], f)
    errors, _ = clangd_check(ctx, "scale.c")
    expect(errors > 0, "clangd found camp.h without campcc's flags or --query-driver: the test proves nothing")
    errors, err = clangd_check(ctx, "scale.c", [f"--query-driver={ctx.campcc}"])
    expect(errors == 0, f"clangd --query-driver=campcc: {errors} errors\n{err[-3000:]}")
    _, err = ctx.run(["-c", "scale.c", "-MJ"], rc=1)
    expect("argument to '-MJ' is missing" in err, f"-MJ without a value: {err}")


def test_many_kernels(ctx):
    """A file of 128 kernels or more is host-compiled with clang's SLP vectorizer limited to regions of
    1,000 instructions (its launches are one long straight run: -O2 grew with their square); fewer are not;
    a host compiler that is not clang is not given the option."""
    def kernels(name, n):
        with open(ctx.path(name), "w") as f:
            f.write("#include <camp.h>\nint main(void) {\n    float a[8] = {0};\n")
            for k in range(n):
                f.write(f"    parallel_for_each(i, extent(8)) {{ a[i] += {k}.0f; }}\n")
            f.write("    return a[0] != %d.0f;\n}\n" % (n * (n - 1) // 2))
    kernels("many.c", 128)
    kernels("few.c", 127)
    flag = "-mllvm -slp-schedule-budget=1000"
    _, err = ctx.run(["-v", "-c", "many.c", "-o", "many.o"])
    expect(flag in err, f"-v shows no SLP limit for 128 kernels:\n{err[-1500:]}")
    _, err = ctx.run(["-v", "-c", "few.c", "-o", "few.o"])
    expect(flag not in err, "an SLP limit for 127 kernels")
    wrapper = ctx.path("host-cc")
    with open(wrapper, "w") as f:  # a host compiler by another name
        f.write("#!/bin/sh\nexec clang-19 \"$@\"\n")
    os.chmod(wrapper, 0o755)
    _, err = ctx.run(["-v", "-c", "many.c", "-o", "many.o"], env=dict(os.environ, CAMP_HOST_CC=wrapper))
    expect(flag not in err, "an SLP limit (clang's option) given to a host compiler that is not clang")
    ctx.run(["many.o", "-o", "many"])
    ctx.run_program("many", kernels_from="many.c", expected="")


def test_huge_kernel_optimizer(ctx):
    """At -O2 a kernel with a function past 100,000 instructions once its calls are inlined (here 480 calls
    of sinf) is optimized without --redundancy-elimination, whose time and memory grow with the square of a
    function's size (1,000 calls: 61 s and 5.3 GB with it, 19 s and 250 MB without); -v names that kernel
    and no other."""
    calls = "".join(f"        s += sinf(x[i] + {k}.0f);\n" for k in range(480))
    with open(ctx.path("huge.c"), "w") as f:
        f.write("#include <camp.h>\n#include <math.h>\nint main(void) {\n"
                "    float x[64] = {0}, y[64];\n    array_view(x, 64);\n    array_view(y, 64);\n"
                "    parallel_for_each(i, extent(64)) { y[i] = sinf(x[i]); }\n"
                "    parallel_for_each(i, extent(64)) {\n        float s = 0.0f;\n" + calls +
                "        y[i] = s;\n    }\n    array_view_synchronize(y);\n    return y[0] > 1e9f;\n}\n")
    _, err = ctx.run(["-v", "-O2", "-c", "huge.c", "-o", "huge.o"])
    notes = re.findall(r"^ \(the kernel at huge\.c:(\d+), a function of (\d+) instructions once inlined, "
                       r"goes without --redundancy-elimination\)$", err, re.M)
    expect(len(notes) == 1 and notes[0][0] == "8" and int(notes[0][1]) > 100000,
           f"-v -O2 should name the kernel at huge.c:8 alone as going without --redundancy-elimination:\n{err[-2500:]}")
    expect(ctx.has_spirv("huge.o"), "huge.o holds no SPIR-V")


def kernel_without_optimizer(ctx, name, source, line):
    """Compiles NAME.c (source) at -v -O2: -v must name the kernel at NAME.c:line once as going without
    the optimizer; returns the (instructions, calls) the note gives."""
    with open(ctx.path(name + ".c"), "w") as f:
        f.write(source)
    _, err = ctx.run(["-v", "-O2", "-c", name + ".c", "-o", name + ".o"])
    notes = re.findall(rf"^ \(the kernel at {name}\.c:{line}, a function of (\d+) instructions and (\d+) calls "
                       r"once inlined, goes without the optimizer\)$", err, re.M)
    expect(len(notes) == 1,
           f"-v -O2 should name the kernel at {name}.c:{line} as going without the optimizer:\n{err[-2500:]}")
    expect(ctx.has_spirv(name + ".o"), f"{name}.o holds no SPIR-V")
    return (int(notes[0][0]), int(notes[0][1])) if notes else (0, 0)


def test_enormous_kernel_optimizer(ctx):
    """At -O2 a kernel with a function past 500,000 instructions once inlined (60 statements of 1,000
    terms) goes without the SPIR-V optimizer, whose ~40 passes took 21 s over it; -v names that kernel."""
    instructions, _ = kernel_without_optimizer(
        ctx, "enormous", "#include <camp.h>\n#define X10(e) e ^ e + i + e + e * e + e + e + e + e\n"
        "#define S10(s) s s s s s s s s s s\n#define S6(s) s s s s s s\n"
        "int main(void) {\n    static int a[16];\n"
        "    parallel_for_each(i, extent(16)) { S6(S10(a[i] = X10(X10(X10(a[i])));)) }\n"
        "    return a[0];\n}\n", 7)
    expect(instructions > 500000, f"the note gives {instructions} instructions, want more than 500,000")


def test_many_calls_optimizer(ctx):
    """At -O2 a kernel that calls an amp function thousands of times (a fuzzed input: 6,561 calls once
    inlined) goes without the SPIR-V optimizer, whose inliner took 37 s over it (time quadratic in the
    calls); -v names the kernel and the count. (The fuzzed input's calls were joined by `==`, which the
    pre-parse scan now refuses past 2,048; a sum of them is not.)"""
    _, calls = kernel_without_optimizer(
        ctx, "calls", "#include <camp.h>\nstatic int twice(int x) restrict(amp) { return 2 * x; }\n"
        "#define X10(e) e + e + e + e + e + d + e + e + e + e\n"
        "int main(void) {\n    static int a[16]; int d = 1;\n"
        "    parallel_for_each(i, extent(16)) { a[i] = X10(X10(X10(X10(twice(a[i]))))); }\n"
        "    return a[0];\n}\n", 6)
    expect(calls > 5000, f"the note gives {calls} calls, want more than 5,000")


def test_long_comparison_chain(ctx):
    """An expression of 100,000 comparisons or sums, or 10,000 comparisons of converted operands, made by nested
    macros, which clang's parse alone takes minutes over (its checks of such a chain take time quadratic in its
    length), is refused before the parse with the macro use's place; so is a macro use that expands to billions
    of tokens. 20,000 comparisons in 10 statements compile."""
    kernel = "#include <camp.h>\n{defs}\nint main(void) {{\n    static int a[16];\n" \
             "    parallel_for_each(i, extent(16)) {{ {body} }}\n    return a[0];\n}}\n"
    with open(ctx.path("chain.c"), "w") as f:
        f.write(kernel.format(defs="#define X10(e) e == e == e == e == e == e == e == e == e == e",
                              body="a[i] = X10(X10(X10(X10(X10(a[i])))));"))
    _, err = ctx.run(["-c", "chain.c", "-o", "chain.o"], rc=1)
    refused = "error: an expression with more than 16384 arithmetic and bitwise operators, or 2048 comparisons " \
              "(each counts as 8 of those), once macros are expanded is not supported"
    expect(f"chain.c:5:47: {refused}" in err, f"want the chain refused at its macro use:\n{err[-2500:]}")
    # a chain of `+` that a sizeof makes unsigned long, converted to int by the assignment (a fuzzed
    # input): clang's parse alone took 74 s over it
    with open(ctx.path("sum.c"), "w") as f:
        f.write(kernel.format(defs="#define X10(e) e + e + e + sizeof + e + e + e + e + e + e",
                              body="a[i] = X10(X10(X10(X10(X10(a[i])))));"))
    _, err = ctx.run(["-c", "sum.c", "-o", "sum.o"], rc=1)
    expect(f"sum.c:5:47: {refused}" in err, f"want the sum refused at its macro use:\n{err[-2500:]}")
    # 10,000 comparisons of sizeofs (a fuzzed input): each result, an int, is compared with an unsigned
    # long, and clang's checks of such a chain took 210 s in campcc's parse (4,000 of them 4.3 s)
    with open(ctx.path("sizeofs.c"), "w") as f:
        f.write(kernel.format(defs="#define X10(e) e == e == e == e == e == e == e == e == e == e",
                              body="a[i] = X10(X10(X10(X10(sizeof(a[i])))));"))
    _, err = ctx.run(["-c", "sizeofs.c", "-o", "sizeofs.o"], rc=1)
    expect(f"sizeofs.c:5:47: {refused}" in err, f"want the comparisons of sizeofs refused:\n{err[-2500:]}")
    doubling = "\n".join(["#define D0(x) x << x"] +
                         [f"#define D{k}(x) D{k - 1}(x) << D{k - 1}(x)" for k in range(1, 60)])
    with open(ctx.path("bomb.c"), "w") as f:
        f.write(kernel.format(defs=doubling, body="a[i] = D59(a[i]);"))
    _, err = ctx.run(["-c", "bomb.c", "-o", "bomb.o"], rc=1)
    expect("bomb.c:64:47: error: a macro use that expands to more than 1048576 tokens is not supported" in err,
           f"want the macro use refused:\n{err[-2500:]}")
    # bytes that are not UTF-8 right after a parameter (as a fuzzer made them): clang lexes them as
    # tokens of their own, so the parameter is still substituted, and this took clang's parse past 4 GiB
    garbled = "\n".join(doubling.splitlines()[:10]).replace("#define D3(x) D2(x) << D2(x)",
                                                             "#define D3(x) D2(x\udcd7\udcdf\udcd4\udcdf\udcbb)")
    with open(ctx.path("garbled.c"), "wb") as f:
        f.write(kernel.format(defs=garbled, body="a[i] = D9(D9(D9(a[i])));").encode("utf-8", "surrogateescape"))
    _, err = ctx.run(["-c", "garbled.c", "-o", "garbled.o"], rc=1)
    expect("garbled.c:14:47: error: a macro use that expands to more than 1048576 tokens is not supported" in err,
           f"want the macro use with stray bytes refused:\n{err[-2500:]}")
    with open(ctx.path("statements.c"), "w") as f:
        f.write(kernel.format(defs="#define X10(e) e == e == e == e == e == e == e == e == e == e\n"
                                   "#define S10(s) s s s s s s s s s s",
                              body="int n = 0; S10(n += X10(X10(X10(a[i] < i)));) a[i] = n;"))
    ctx.run(["-c", "statements.c", "-o", "statements.o"])
    expect(ctx.has_spirv("statements.o"), "statements.o holds no SPIR-V")


def test_spelling(ctx):
    """Misspelled flags of campcc's own get clang's "did you mean" (one edit away), clang's own flags
    the host compiler's; typos in the source get clang's corrections (libclang turns them off)."""
    for wrong, meant in (("--no-camp-runtim", "--no-camp-runtime"), ("-dump-kernels", "--dump-kernels"),
                         ("--emit-spirvv=m.spv", "--emit-spirv=m.spv"), ("--lancher", "--launcher"),
                         ("-fcamp-inline-mat", "-fcamp-inline-math"), ("-fcamp-chek", "-fcamp-check"),
                         ("--dump-irr", "--dump-ir")):
        _, err = ctx.run(["-c", "scale.c", "-o", "typo.o", wrong], rc=1)
        expect(f"campcc: error: unknown argument '{wrong}'; did you mean '{meant}'?" in err, f"{wrong}: {err}")
        expect(not os.path.exists(ctx.path("typo.o")), f"{wrong}: campcc compiled anyway")
    _, err = ctx.run(["-c", "scale.c", "-o", "typo.o", "-fsyntax-onlyy"], rc=1)
    expect("did you mean '-fsyntax-only'?" in err, f"clang's own flags: {err}")
    with open(ctx.path("typo.c"), "w") as f:
        f.write("#include <camp.h>\nint main(void) {\n    int value = 3, a[4];\n"
                "    parallel_for_each(i, extent(4)) { a[i] = vaule + i; }\n    return a[0];\n}\n")
    _, err = ctx.run(["-fsyntax-only", "typo.c"], rc=1)
    expect("typo.c:4:46: error: use of undeclared identifier 'vaule'; did you mean 'value'?" in err,
           f"no typo correction in a kernel:\n{err}")
    _, err = ctx.run(["-fno-spell-checking", "-fsyntax-only", "typo.c"], rc=1)
    expect("undeclared identifier 'vaule'" in err and "did you mean" not in err,
           f"-fno-spell-checking is the user's to give:\n{err}")
