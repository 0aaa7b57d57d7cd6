"""Build-system launchers and limits: --launcher, --camp-sources=, the parser's limits,
kernels in headers, the accelerators' list, warnings as errors."""
import os
import re

from common import expect


def test_launcher(ctx):
    """--launcher CC (CMake's compiler launcher): campcc compiles in CC's place;
    --camp-sources= limits kernels to the files named, the others go to CC as they were."""
    ctx.run(["--launcher", "/usr/bin/cc", "-c", "scale.c", "-o", "s.o"])
    expect(ctx.has_spirv("s.o"), "--launcher: the kernel was not compiled")
    log, project_cc = ctx.path("project-cc.log"), ctx.path("project-cc")
    with open(project_cc, "w") as f:  # the project's compiler: says what it was asked
        f.write(f"#!/bin/sh\necho \"$@\" >> '{log}'\nexec clang-19 \"$@\"\n")
    os.chmod(project_cc, 0o755)
    ctx.run(["--camp-sources=" + ctx.path("main.c"), "--launcher", project_cc, "-I", ctx.include, "-c", "scale.c",
             "-o", "serial.o"])
    expect(not ctx.has_spirv("serial.o"), "--camp-sources without scale.c still compiled its kernel")
    asked = open(log).read() if os.path.exists(log) else ""
    expect(asked.strip() == f"-I {ctx.include} -c scale.c -o serial.o",
           f"the launcher's compiler was not given the command as it was: {asked!r}")
    ctx.run(["main.c", "serial.o", "-o", "prog"])
    ctx.run_program("prog", kernels_from=None)  # the reference mode computes the same
    ctx.run(["--camp-sources=scale.c,main.c", "--launcher", "cc", "-c", "scale.c", "-o", "k.o"])
    expect(ctx.has_spirv("k.o"), "--camp-sources naming scale.c did not compile its kernel")


def test_parser_limits(ctx):
    """-fbracket-depth= raises the limit for campcc's own parse of the kernels, as for clang's."""
    depth = 300
    with open(ctx.path("deep.c"), "w") as f:
        f.write("#include <camp.h>\nvoid f(int *a) { parallel_for_each(i, extent(4)) { a[i] = "
                + "(" * depth + "i" + ")" * depth + "; } }\n")
    _, err = ctx.run(["-c", "deep.c", "-o", "deep.o"], rc=1)
    expect("bracket nesting level exceeded" in err, f"no bracket-depth error without the flag:\n{err}")
    ctx.run(["-fbracket-depth=512", "-c", "deep.c", "-o", "deep.o"])
    expect(ctx.has_spirv("deep.o"), "the kernel was not compiled with -fbracket-depth=512")

def test_kernel_in_header(ctx):
    """A parallel_for_each in a header is an error naming it, in a plain file and in a kernel file alike."""
    with open(ctx.path("fill.h"), "w") as f:
        f.write("static void fill(int n, int *p) {\n    parallel_for_each(t, extent(n)) { p[t] = t; }\n}\n")
    with open(ctx.path("plain.c"), "w") as f:
        f.write('#include <camp.h>\n#include "fill.h"\nint main(void) { int v[8]; fill(8, v); return v[7] != 7; }\n')
    with open(ctx.path("both.c"), "w") as f:
        f.write('#include <camp.h>\n#include "fill.h"\nint main(void) {\n    int v[8], w[2];\n    fill(8, v);\n'
                '    parallel_for_each(i, extent(2)) { w[i] = i; }\n    return v[7] + w[1] != 8;\n}\n')
    for src in ("plain.c", "both.c"):
        _, err = ctx.run([src, "-o", "prog"], rc=1)
        expect(re.search(r"fill\.h:2:5: error: .*parallel_for_each", err),
               f"campcc {src}: no error at fill.h:2:5 for the kernel in the header:\n{err[-2000:]}")
        expect(not os.path.exists(ctx.path("prog")), f"campcc {src} wrote a program that would run the kernel serially")
    ctx.run(["plain.c", "-o", "serial"], cmd=["clang-19", "-I", ctx.include])  # the serial reference mode still builds


def test_reduce_macro_in_header(ctx):
    """CAMP_REDUCE_DEFINE used in a header is an error at its line there, whether or not campcc looks for the
    file's kernels (the file mentions restrict(amp) or not); the serial reference mode builds and runs it."""
    with open(ctx.path("larger.h"), "w") as f:
        f.write("static int larger(int a, int b) restrict(amp) { return a > b ? a : b; }\n"
                "CAMP_REDUCE_DEFINE(int, reduce_larger, larger, 0)\n")
    main = ("int main(void) {\n    int v[3] = {4, 9, 2};\n    int *a = array_new(int, 3, v);\n"
            "    return camp_reduce_with(reduce_larger, a, 3) != 9;\n}\n")
    with open(ctx.path("plain.c"), "w") as f:
        f.write('#include <camp_algorithms.h>\n#include "larger.h"\n' + main)
    with open(ctx.path("amp.c"), "w") as f:
        f.write('#include <camp_algorithms.h>\n#include "larger.h"\n'
                "static int twice(int x) restrict(amp) { return 2 * x; }\n" + main)
    for src, text in (("plain.c", "use this macro there, not in a header"),
                      ("amp.c", "must be used in the main source file, not in a header")):
        _, err = ctx.run([src, "-o", "prog"], rc=1)
        expect(re.search(r"larger\.h:2:1: error: .*" + re.escape(text), err),
               f"campcc {src}: no error at larger.h:2:1 saying '{text}':\n{err[-2000:]}")
        expect(not os.path.exists(ctx.path("prog")), f"campcc {src} wrote a program")
    ctx.run(["plain.c", "-o", "serial"], cmd=["clang-19", "-I", ctx.include])
    ctx.run([], cmd=[ctx.path("serial")])


def test_list_accelerators(ctx):
    """--list-accelerators lists the Vulkan devices; with no driver it says so and exits 1 (no abort)."""
    out, _ = ctx.run(["--list-accelerators"])
    expect(re.search(r"^accelerator 0( \(default\))?: ", out, re.M), f"--list-accelerators listed no accelerator:\n{out}")
    # the default is marked where one is usable (not as a profile no kernel runs on: CAMP_SIMULATE)
    expect(("(default)" in out) == bool(re.search(r"usable by campcc +yes", out)), f"the default not marked:\n{out}")
    _, err = ctx.run(["--list-accelerators"], rc=1, env=dict(os.environ, VK_DRIVER_FILES="/nonexistent/icd.json",
                                                              VK_ICD_FILENAMES="/nonexistent/icd.json"))
    expect("no Vulkan device" in err, f"without a driver, no 'no Vulkan device' message:\n{err}")

def test_strict_warnings(ctx):
    """-pedantic -Wcast-qual -Wall -Wextra -Werror: no warning from camp.h or the generated host code."""
    with open(ctx.path("consts.c"), "w") as f:
        f.write("#include <camp.h>\n#include <stdio.h>\n"
                "static int twice(int v) restrict(amp) { return 2 * v; }\n"
                "int main(void) {\n    const int a[4] = {1, 2, 3, 4};\n    const int *p = a;\n    int b[4];\n"
                "    parallel_for_each(i, extent(4)) { b[i] = twice(a[i]) + p[3 - i]; }\n"
                '    printf("%d %d\\n", b[0], b[3]);\n    return 0;\n}\n')
    flags = ["-std=c17", "-pedantic", "-Wall", "-Wextra", "-Wcast-qual", "-Werror"]
    ctx.run(flags + ["consts.c", "-o", "consts"])
    ctx.run_program("consts", kernels_from="consts.c", expected="6 9\n")
    ctx.run(flags + ["scale.c", "main.c", "-o", "prog"])
    ctx.run(flags + ["consts.c", "-o", "serial"], cmd=["clang-19", "-I", ctx.include])  # the serial reference mode too
