"""Preprocessing and dependencies: -E, the depfile flags and -fsyntax-only."""
import os
import re

from common import expect, deps_of


def test_preprocess(ctx):
    """-E preprocesses with camp.h found; `-E -dM -` as build systems probe."""
    out, _ = ctx.run(["-E", "scale.c"])
    expect("scale_squares" in out and "camp_pfe_loop_" in out, "-E output lacks the file's code")
    out, _ = ctx.run(["-E", "-dM", "-x", "c", "-"], stdin=b"")
    expect("#define __clang__ 1" in out and "#define __CAMPCC__ 1" in out,
           "-E -dM - must answer like clang, with campcc's __CAMPCC__")


def test_depfile_md(ctx):
    """-MD: every header, system ones too, of kernel and plain files; target = object."""
    os.mkdir(ctx.path("obj"))
    for src in ("scale.c", "main.c"):
        obj = f"obj/{src[:-2]}.o"
        ctx.run(["-MD", "-c", src, "-o", obj])
        rules = deps_of(ctx.read(f"obj/{src[:-2]}.d"))
        expect(list(rules) == [obj], f"{src}: depfile targets {list(rules)}, want [{obj}]")
        deps = rules[obj]
        expect(src in deps and "scale.h" in deps, f"{src}: depfile lists {deps}")
        expect(any(d.startswith("/usr/") for d in deps), f"{src}: -MD lists no system header: {deps}")
        expect(not any(re.search(r"campcc-\w{6}/", d) for d in deps),
               f"{src}: the depfile names a temporary file: {deps}")
    deps = deps_of(ctx.read("obj/scale.d"))["obj/scale.o"]
    expect("square.h" in deps, f"the header used only by the kernel is missing: {deps}")
    expect(any(d.endswith("/camp.h") for d in deps), f"camp.h is missing: {deps}")


def test_depfile_mmd(ctx):
    """-MMD -MF -MT -MP: user headers only, the named file and target, phony rules."""
    ctx.run(["-MMD", "-MF", "deps.txt", "-MT", "my-target", "-MP", "-c", "scale.c", "-o", "s.o"])
    rules = deps_of(ctx.read("deps.txt"))
    expect(rules.get("my-target", [None])[0] == "scale.c", f"-MT my-target: got {rules}")
    expect("square.h" in rules["my-target"], f"square.h missing: {rules}")
    expect(not any(d.startswith("/usr/") for d in rules["my-target"]), f"-MMD lists system headers: {rules}")
    expect("square.h" in rules and rules["square.h"] == [], f"-MP: no phony rule for square.h: {rules}")
    ctx.run(["-MMD", "-MQ", "a$b", "-c", "main.c", "-o", "m.o"])
    expect("a$$b:" in ctx.read("m.d"), f"-MQ a$b must be quoted for make: {ctx.read('m.d')}")


def test_depfile_m(ctx):
    """-M and -MM print the rules instead of compiling."""
    out, _ = ctx.run(["-M", "scale.c"])
    deps = deps_of(out).get("scale.o", [])
    expect("square.h" in deps and any(d.startswith("/usr/") for d in deps), f"-M printed {out}")
    out, _ = ctx.run(["-MM", "scale.c"])
    deps = deps_of(out).get("scale.o", [])
    expect("square.h" in deps and not any(d.startswith("/usr/") for d in deps), f"-MM printed {out}")
    expect(not os.path.exists(ctx.path("scale.o")), "-M wrote an object")


def test_syntax_only(ctx):
    """-fsyntax-only checks kernels and host code and writes nothing."""
    ctx.run(["-fsyntax-only", "scale.c", "main.c"])
    left = sorted(f for f in os.listdir(ctx.tmp) if not f.endswith((".c", ".h")) and f != "expected")
    expect(not left, f"-fsyntax-only wrote {left}")
    with open(ctx.path("bad.c"), "w") as f:
        f.write("#include <camp.h>\nvoid g(int n) {\n  int a[4];\n"
                "  parallel_for_each(i, extent(4)) { n += 1; a[i] = 0; }\n}\n")
    _, err = ctx.run(["-fsyntax-only", "bad.c"], rc=1)
    expect("bad.c:4:" in err and "error:" in err, f"a kernel error must be reported: {err}")
