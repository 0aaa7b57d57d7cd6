#!/usr/bin/env python3
"""campcc's command line, one flag family per test (run by meson test).

  driver.py --campcc C --include DIR --sample DIR NAME

NAME is one of the functions below (`test_NAME`). Each runs in a fresh
temporary directory holding a copy of the sample project DIR (samples/cmake:
scale.c has a kernel, main.c is plain C, square.h is used only inside the
kernel). Programs run with CAMP_VALIDATION=1 and must print DIR/expected.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

SPIRV_MAGIC = b"\x03\x02\x23\x07"


class Failed(Exception):
    pass


class Ctx:
    def __init__(self, a, tmp):
        self.campcc, self.include, self.tmp = a.campcc, a.include, tmp
        self.expected = open(os.path.join(a.sample, "expected"), encoding="utf-8").read()
        for f in os.listdir(a.sample):
            if f.endswith((".c", ".h")):
                shutil.copy(os.path.join(a.sample, f), tmp)

    def run(self, args, rc=0, stdin=None, cmd=None, env=None, cwd=None):
        """Runs campcc (or cmd) in tmp (or cwd); checks the exit status; returns (stdout, stderr)."""
        argv = (cmd or [self.campcc]) + args
        p = subprocess.run(argv, cwd=cwd or self.tmp, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=300, env=env)
        out, err = p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
        if (rc == "nonzero" and p.returncode == 0) or (rc != "nonzero" and p.returncode != rc):
            raise Failed(f"{' '.join(argv)}: exit status {p.returncode}, want {rc}\n"
                         f"--- stdout ---\n{out[-3000:]}\n--- stderr ---\n{err[-3000:]}")
        return out, err

    def path(self, name):
        return os.path.join(self.tmp, name)

    def read(self, name, mode="r"):
        if not os.path.exists(self.path(name)):
            raise Failed(f"campcc wrote no {name}; the directory holds {sorted(os.listdir(self.tmp))}")
        with open(self.path(name), mode) as f:
            return f.read()

    def run_program(self, exe):
        env = dict(os.environ, CAMP_VALIDATION="1")
        out, _ = self.run([], cmd=[self.path(exe)], env=env)
        expect(out == self.expected, f"{exe} printed\n{out}\nwant\n{self.expected}")

    def has_spirv(self, name):
        return SPIRV_MAGIC in self.read(name, "rb")


def expect(cond, msg):
    if not cond:
        raise Failed(msg)


def needed_libs(ctx, exe):
    out, _ = ctx.run(["-d", ctx.path(exe)], cmd=["readelf"])
    return re.findall(r"\(NEEDED\).*\[(.+?)\]", out)


# ---- compiling and linking --------------------------------------------------------------

def test_compile_then_link(ctx):
    """-c, then the link as a separate step; -c without -o names the object after the source."""
    with open(ctx.path("campcc_only.h"), "w") as f:
        f.write("#ifndef __CAMPCC__\n#error campcc must define __CAMPCC__ (camp.h's data model on libcamp)\n#endif\n")
    ctx.run(["-c", "scale.c"])
    expect(ctx.has_spirv("scale.o"), "scale.o (from -c without -o) embeds no SPIR-V module")
    ctx.run(["-c", "main.c", "-o", "main-obj.o", "-include", "campcc_only.h"])  # plain C gets __CAMPCC__ too
    expect(not ctx.has_spirv("main-obj.o"), "main.c has no kernel but its object holds SPIR-V")
    ctx.run(["scale.o", "main-obj.o", "-o", "prog"])
    ctx.run_program("prog")


def test_multiple_inputs(ctx):
    """Several sources in one command: linked together; with -c, one object each."""
    ctx.run(["main.c", "scale.c", "-o", "prog"])
    ctx.run_program("prog")
    ctx.run(["-c", "main.c", "scale.c"])
    expect(os.path.exists(ctx.path("main.o")) and ctx.has_spirv("scale.o"), "-c with two files: want main.o, scale.o")
    _, err = ctx.run(["-c", "main.c", "scale.c", "-o", "both.o"], rc=1)
    expect("cannot specify -o" in err and not os.path.exists(ctx.path("both.o")),
           f"-c -o with two files: want clang's error and no output, got {err}")


def test_archive_input(ctx):
    """.o and .a inputs, -L and -l, in the user's order."""
    ctx.run(["-c", "scale.c", "-o", "scale.o"])
    ctx.run(["rcs", "libscale.a", "scale.o"], cmd=["ar"])
    ctx.run(["main.c", "libscale.a", "-o", "prog-a"])
    ctx.run_program("prog-a")
    ctx.run(["main.c", "-L.", "-lscale", "-o", "prog-l"])
    ctx.run_program("prog-l")


def test_shared_library(ctx):
    """-fPIC -shared, then a program linked against it with -Wl,-rpath."""
    ctx.run(["-fPIC", "-shared", "scale.c", "-o", "libscale.so"])
    expect(ctx.has_spirv("libscale.so"), "libscale.so embeds no SPIR-V module")
    ctx.run(["main.c", "-L.", "-lscale", f"-Wl,-rpath,{ctx.tmp}", "-o", "prog"])
    out, _ = ctx.run(["-d", ctx.path("prog")], cmd=["readelf"])
    expect(ctx.tmp in out, f"-Wl,-rpath,{ctx.tmp} did not reach the linker:\n{out}")
    ctx.run_program("prog")


def test_stdin(ctx):
    """`-x c -` reads the source from standard input, kernels included."""
    src = open(ctx.path("scale.c"), "rb").read()
    ctx.run(["-x", "c", "-", "-c", "-o", "scale-stdin.o"], stdin=src)  # "scale.h" from the current directory
    expect(ctx.has_spirv("scale-stdin.o"), "a kernel read from stdin gave an object without SPIR-V")
    ctx.run(["main.c", "scale-stdin.o", "-o", "prog"])
    ctx.run_program("prog")
    ctx.run(["-x", "c", "-", "-c", "-o", "s2.o", "-MMD", "-MF", "s2.d"], stdin=src)
    deps = deps_of(ctx.read("s2.d")).get("s2.o")
    expect(deps and "square.h" in deps and not any(re.search(r"campcc-\w{6}/", d) for d in deps),
           f"-MMD on standard input: want its headers and no temporary file, got {deps}")
    _, err = ctx.run(["-c", "-"], rc=1, stdin=src)
    expect("-x required" in err, f"`-` without -x: want clang's error, got {err}")


def test_quote_includes(ctx):
    """A "header.h" comes from the user's file's directory, never from where campcc keeps its temporaries."""
    os.mkdir(ctx.path("tmpdir"))
    with open(ctx.path("tmpdir/scale.h"), "w") as f:
        f.write("#error this is not the scale.h next to scale.c\n")
    os.mkdir(ctx.path("elsewhere"))
    env = dict(os.environ, TMPDIR=ctx.path("tmpdir"))
    ctx.run(["-c", ctx.path("scale.c"), "-o", "s.o"], env=env, cwd=ctx.path("elsewhere"))
    expect(os.listdir(ctx.path("tmpdir")) == ["scale.h"], "campcc left temporary files behind")


def test_end_of_flags(ctx):
    """`--` ends the flags, as for clang: every word after it is an input (even `-o`); campcc's own flags go to the
    host compiler before it (they came after it, where clang took them for missing files)."""
    ctx.run(["-o", "dd", "--", "scale.c", "main.c"])
    expect(ctx.has_spirv("dd"), "campcc -o dd -- scale.c main.c: no SPIR-V in dd")
    ctx.run_program("dd")
    ctx.run(["-c", "-o", "s.o", "--", "scale.c"])
    expect(ctx.has_spirv("s.o"), "campcc -c -o s.o -- scale.c: no SPIR-V in s.o")
    out, _ = ctx.run(["-E", "--", "scale.c"])
    expect("camp_" in out, "campcc -E -- scale.c did not preprocess with camp.h")
    ctx.run(["-MJ", "cdb.json", "-o", "dash", "scale.c", "--", "main.c"])
    ctx.run_program("dash")
    entries = cdb_entries(ctx.read("cdb.json"))  # as clang's: no `--`, campcc's flags in them
    expect([e["file"] for e in entries] == ["scale.c", "main.c"] and
           not any("--" in e["arguments"] for e in entries), f"-MJ entries with --: {entries}")
    _, err = ctx.run(["scale.c", "main.c", "--", "-o"], rc=1)  # an input named -o, as clang reads it
    expect(re.search(r"no such file or directory: '(\./)?-o'", err) and not os.path.exists(ctx.path("a.out")),
           f"campcc scale.c main.c -- -o: want the missing input '-o' and no a.out:\n{err[-1500:]}")


def test_x_c(ctx):
    """-x c compiles a file whatever its extension; -x none goes back to extensions."""
    shutil.copy(ctx.path("scale.c"), ctx.path("scale.kernel"))
    ctx.run(["-x", "c", "scale.kernel", "-x", "none", "main.c", "-o", "prog"])
    ctx.run_program("prog")


def test_kernel_word_only(ctx):
    """A file that only mentions parallel_for_each (comment, string) is plain C."""
    with open(ctx.path("mention.c"), "w") as f:
        f.write('#include <stdio.h>\n/* no parallel_for_each here */\n'
                'int main(void) { puts("parallel_for_each"); return 0; }\n')
    ctx.run(["-c", "mention.c"])
    expect(not ctx.has_spirv("mention.o"), "an object without kernels holds SPIR-V")
    ctx.run(["mention.o", "-o", "mention"])
    out, _ = ctx.run([], cmd=[ctx.path("mention")])
    expect(out == "parallel_for_each\n", f"mention printed {out}")


def test_no_camp_runtime(ctx):
    """libcamp is linked by default; --no-camp-runtime leaves it out."""
    ctx.run(["main.c", "scale.c", "-o", "with"])
    expect(any("libcamp" in lib for lib in needed_libs(ctx, "with")), "the default link has no libcamp")
    plain = ctx.path("plain.c")
    with open(plain, "w") as f:
        f.write("int main(void) { return 0; }\n")
    ctx.run(["--no-camp-runtime", "plain.c", "-o", "without"])
    libs = needed_libs(ctx, "without")
    expect(not any("libcamp" in lib for lib in libs), f"--no-camp-runtime still links libcamp: {libs}")
    _, err = ctx.run(["--no-camp-runtime", "main.c", "scale.c", "-o", "broken"], rc=1)
    expect("camp_abi_launch" in err and not os.path.exists(ctx.path("broken")),
           f"kernels without the runtime must fail to link on camp_abi_launch, got {err}")


def dynamic_section(ctx, exe):
    out, _ = ctx.run(["-d", ctx.path(exe)], cmd=["readelf"])
    return out


def test_runtime_only_when_used(ctx):
    """libcamp and its RUNPATH only where an object, archive or -l refers to the runtime."""
    with open(ctx.path("plainio.c"), "w") as f:  # I/O: libcamp also defines read and fwrite
        f.write("#include <stdio.h>\n#include <unistd.h>\n"
                "int copy_byte(char *b) { fwrite(b, 1, 1, stdout); return (int)read(0, b, 1); }\n")
    with open(ctx.path("api.c"), "w") as f:  # the runtime API without a kernel
        f.write("#include <camp.h>\n#include <stdio.h>\n"
                "int main(void) { puts(camp_default_accelerator_name() ? \"named\" : \"none\"); }\n")
    ctx.run(["-fPIC", "-c", "plainio.c", "-o", "plainio.o"])
    ctx.run(["rcs", "libplainio.a", "plainio.o"], cmd=["ar"])
    ctx.run(["-c", "scale.c", "-o", "scale.o"])
    ctx.run(["rcs", "libscale.a", "scale.o"], cmd=["ar"])
    with open(ctx.path("plainmain.c"), "w") as f:
        f.write("int copy_byte(char *b);\nint main(void) { char b = 'x'; return copy_byte(&b) < -1; }\n")
    links = {"libplain.so": (["-shared", "plainio.o"], False),
             "plain": (["plainmain.c", "plainio.o"], False),
             "plain-archive": (["plainmain.c", "-L.", "-lplainio"], False),
             "main-archive": (["main.c", "-L", ".", "-lscale"], True),
             "main-archive-named": (["main.c", "-L.", "-l:libscale.a"], True),
             "main-object": (["main.c", "scale.o"], True),
             "api": (["api.c"], True)}
    for out, (args, wanted) in links.items():
        ctx.run(["-fPIC"] + args + ["-o", out])
        dyn = dynamic_section(ctx, out)
        has_camp, has_runpath = "libcamp" in dyn, "RUNPATH" in dyn or "RPATH" in dyn
        expect(has_camp == wanted and has_runpath == wanted,
               f"{out} ({' '.join(args)}): NEEDED libcamp {has_camp}, RUNPATH {has_runpath}; want {wanted}\n{dyn}")
    ctx.run_program("main-archive")
    out, _ = ctx.run([], cmd=[ctx.path("api")])
    expect(out in ("named\n", "none\n"), f"api printed {out!r}")


def test_verbose(ctx):
    """-v prints the host compiler commands campcc runs (the object under its temporary name), and at
    -O1 and up the spirv-opt command that the in-process optimizer stands for."""
    _, err = ctx.run(["-v", "-c", "scale.c", "-o", "s.o"])
    expect(re.search(r"-iquote \S+ (-D\S+ )*-c -o \.s\.o\.campcc-\w+ \S+/campcc-\w+/\d+\.c", err),
           f"-v shows no host compile of the rewritten file:\n{err[-2000:]}")
    expect("spirv-opt" not in err, f"-v at -O0 shows an optimizer step:\n{err[-2000:]}")
    _, err = ctx.run(["-v", "-O2", "-c", "scale.c", "-o", "s.o"])
    m = re.search(r"^ spirv-opt --target-env=vulkan1\.2 (--[\w-]+ )+scale\.c\.spv -o scale\.c\.spv ", err, re.M)
    expect(m and "--eliminate-dead-code-aggressive" in m.group(0) and "--ssa-rewrite" in m.group(0),
           f"-v -O2 shows no spirv-opt step:\n{err[-2000:]}")
    expect(err.index(m.group(0)) < err.index("-iquote"), "-v shows the optimizer after the host compile")


def test_response_files(ctx):
    """@FILE arguments are expanded by campcc itself, as clang 19 does: the output name and the kernels
    inside are campcc's (before, the host compiler alone read the file: a.out, kernels run on the CPU);
    clang's quoting, nested files relative to the current directory, a missing file kept as a word; a file
    that includes itself, or a directory, is campcc's error."""
    def write(name, text):
        os.makedirs(os.path.dirname(ctx.path(name)), exist_ok=True)
        with open(ctx.path(name), "w") as f:
            f.write(text)
    write("link.rsp", "main.c 'scale.c'\n  -o \"rsp prog\"\n")
    ctx.run(["@link.rsp"])
    expect(not os.path.exists(ctx.path("a.out")), "campcc @link.rsp wrote a.out, not 'rsp prog'")
    expect(ctx.has_spirv("rsp prog"), "the program built from @link.rsp has no SPIR-V: its kernels run on the CPU")
    ctx.run_program("rsp prog")
    write("sub/outer.rsp", "-c scale.c -o s.o @sub/inner.rsp -MJ cdb.json")  # nested: from the current directory
    write("sub/inner.rsp", "-DA='x y' \"-DB=\\\"q\\\"\" -DC=back\\\\slash\\ space \"\" -DD=\"a'b\"\n")
    ctx.run(["@sub/outer.rsp"])
    expect(ctx.has_spirv("s.o"), "s.o from @sub/outer.rsp has no SPIR-V")
    entry, = cdb_entries(ctx.read("cdb.json"))
    want = ["-DA=x y", '-DB="q"', "-DC=back\\slash space", "-DD=a'b"]
    got = [a for a in entry["arguments"] if re.match(r"-D[ABCD]=", a)]
    expect(got == want and "" not in entry["arguments"], f"response file words: {got}, want {want}")
    _, err = ctx.run(["@missing.rsp", "scale.c"], rc=1)
    expect("'@missing.rsp'" in err, f"a missing @file is not kept as a word:\n{err[-1500:]}")
    write("a.rsp", "scale.c @b.rsp")
    write("b.rsp", "-c @a.rsp")
    os.mkdir(ctx.path("dir.rsp"))
    for arg, message in [("@a.rsp", "response file 'a.rsp' includes itself"),
                         ("@dir.rsp", "cannot read response file 'dir.rsp': Is a directory")]:
        _, err = ctx.run([arg], rc=1)
        expect(f"campcc: error: {message}" in err, f"campcc {arg}: want '{message}', got\n{err[-1500:]}")


def test_blank_host_cc(ctx):
    """CAMP_HOST_CC of blanks only means the default host compiler, as an empty one does (before, campcc ran its
    first flag as the host compiler). Compiles only: the link of a sanitized build needs the suite's own."""
    default = re.search(r"CAMP_HOST_CC .*\(default (\S+)\)", ctx.run(["--help"])[0]).group(1)
    for blank in ("   ", " \t "):
        env = dict(os.environ, CAMP_HOST_CC=blank)
        for src in ("main.c", "scale.c"):
            _, err = ctx.run(["-v", "-c", src, "-o", "out.o"], env=env)
            expect(re.search(rf"^ {re.escape(default)} .* -c ", err, re.M),
                   f"CAMP_HOST_CC={blank!r}: no {default} command for {src}:\n{err[-2000:]}")
        expect(ctx.has_spirv("out.o"), f"CAMP_HOST_CC={blank!r}: scale.c's object has no SPIR-V")


# ---- preprocessing and dependencies ----------------------------------------------------

def test_preprocess(ctx):
    """-E preprocesses with camp.h found; `-E -dM -` as build systems probe."""
    out, _ = ctx.run(["-E", "scale.c"])
    expect("scale_squares" in out and "camp_pfe_loop_" in out, "-E output lacks the file's code")
    out, _ = ctx.run(["-E", "-dM", "-x", "c", "-"], stdin=b"")
    expect("#define __clang__ 1" in out and "#define __CAMPCC__ 1" in out,
           "-E -dM - must answer like clang, with campcc's __CAMPCC__")


def deps_of(text):
    """{target: [prerequisites]} of a make rule file."""
    rules = {}
    for rule in text.replace("\\\n", " ").splitlines():
        m = re.match(r"(\S+):(?:\s+(.*))?$", rule)
        if m:
            rules[m.group(1)] = (m.group(2) or "").split()
    return rules


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
                "  parallel_for_each(i, extent(4)) { n = 1; a[i] = 0; }\n}\n")
    _, err = ctx.run(["-fsyntax-only", "bad.c"], rc=1)
    expect("bad.c:4:" in err and "error:" in err, f"a kernel error must be reported: {err}")


# ---- inspection --------------------------------------------------------------------------

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


def cdb_entries(text):
    """-MJ fragments assembled into compile_commands.json as for clang (sed '1s/^/[/; $s/,$/]/')."""
    expect(text.endswith("},\n") and text.count("\n") == text.count("},\n"), f"not clang's -MJ lines:\n{text}")
    return json.loads("[" + text[:-2] + "]")


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
    ctx.run([], cmd=[ctx.path("many")], env=dict(os.environ, CAMP_VALIDATION="1"))


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


def test_spelling(ctx):
    """Misspelled flags of campcc's own get clang's "did you mean" (one edit away), clang's own flags
    the host compiler's; typos in the source get clang's corrections (libclang turns them off)."""
    for wrong, meant in (("--no-camp-runtim", "--no-camp-runtime"), ("-dump-kernels", "--dump-kernels"),
                         ("--emit-spirvv=m.spv", "--emit-spirv=m.spv"), ("--lancher", "--launcher"),
                         ("-fcamp-inline-mat", "-fcamp-inline-math")):
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


# ---- queries -----------------------------------------------------------------------------

def test_version(ctx):
    """--version: campcc's line first (name, the clang and SPIRV-Tools it uses, version), then the host's."""
    out, _ = ctx.run(["--version"])
    lines = out.splitlines()
    clang = subprocess.run(["clang-19", "--version"], stdout=subprocess.PIPE, text=True).stdout
    clang_version = re.search(r"clang version (\S+)", clang).group(1)
    tools = subprocess.run(["spirv-val", "--version"], stdout=subprocess.PIPE, text=True).stdout
    tools_version = re.search(r"SPIRV-Tools (v\S+)", tools).group(1)
    first = re.fullmatch(r"campcc \(clang (\S+), SPIRV-Tools (\S+)\) (\d+\.\d+\.\d+)", lines[0])
    expect(first, f"the first line should be campcc's: {lines[0]}")
    expect(first.group(1, 2) == (clang_version, tools_version),
           f"{lines[0]}: want clang {clang_version} and SPIRV-Tools {tools_version}")
    expect(any("clang version" in line for line in lines[1:]), f"the host compiler's lines are missing:\n{out}")
    # Meson takes the first version number in the output for the compiler's: clang's
    expect(re.search(r"(?<![\d.])\d{1,2}(\.\d+)+", out).group(0) == clang_version,
           f"the first version number in the output is not clang's {clang_version}:\n{out}")
    out, _ = ctx.run(["-dumpversion"])
    expect(re.match(r"\d+\.\d+", out), f"-dumpversion: {out}")
    version = first.group(3)
    out, _ = ctx.run(["-E", "-x", "c", "-"], stdin=b"__CAMPCC__ __CAMPCC_VERSION__\n")
    expect(f'1 "{version}"' in out, f"__CAMPCC__ and __CAMPCC_VERSION__ are not 1 and \"{version}\":\n{out[-500:]}")


def test_opt_levels(ctx):
    """-O0..-O3, -Os, -Oz, -O: the host compile gets the flag as given; kernels have two levels, -O0 and the rest."""
    modules = {}
    for level in ("-O0", "-O", "-O1", "-O2", "-O3", "-Os", "-Oz"):
        spv = f"scale{level}.spv"
        _, err = ctx.run([level, "-v", f"--emit-spirv={spv}", "-c", "scale.c", "-o", f"scale{level}.o"])
        host = [line for line in err.splitlines() if " -c " in line and "scale" in line]
        expect(host and all(level in line.split() for line in host), f"{level} did not reach the host compile:\n{err}")
        modules[level] = ctx.read(spv, "rb")
    expect(modules["-O0"] != modules["-O2"], "-O0 and -O2 made the same kernels: the optimizer did not run")
    differ = [level for level, module in modules.items() if level != "-O0" and module != modules["-O2"]]
    expect(not differ, f"kernels at {differ} differ from -O2's, which docs/build-integration.md says they are not")


def test_help(ctx):
    """--help and the man page (packaging/campcc.1) both list every flag of campcc's own."""
    out, _ = ctx.run(["--help"])
    man_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "packaging", "campcc.1")
    man = open(man_path, encoding="utf-8").read().replace("\\-", "-").replace("\\fB", "").replace("\\fR", "")
    for flag in ("--emit-spirv=", "--emit-host=", "--dump-kernels", "--no-camp-runtime", "--launcher",
                 "--camp-sources=", "-print-file-name=", "-MMD", "-MJ", "-g", "-S", "--version"):
        expect(flag in out, f"--help does not mention {flag}")
        expect(flag in man, f"campcc.1 does not mention {flag}")


def test_print_file_name(ctx):
    """-print-file-name= answers for campcc's own files, else as the host compiler."""
    lib, _ = ctx.run(["-print-file-name=libcamp.so"])
    expect(os.path.isabs(lib.strip()) and os.path.exists(lib.strip()), f"libcamp.so: {lib}")
    hdr, _ = ctx.run(["-print-file-name=camp.h"])
    expect(os.path.samefile(hdr.strip(), os.path.join(ctx.include, "camp.h")), f"camp.h: {hdr}")
    crt, _ = ctx.run(["-print-file-name=crtbegin.o"])
    expect(os.path.exists(crt.strip()), f"crtbegin.o: the host's answer should be a path: {crt}")


def test_no_inputs(ctx):
    """No input: the host compiler's error; -Wl,--version reaches the linker (Meson's probe)."""
    _, err = ctx.run([], rc="nonzero")
    expect("no input files" in err, f"no inputs: {err}")
    out, _ = ctx.run(["-Wl,--version"])
    expect("GNU ld" in out or "LLD" in out, f"-Wl,--version: {out}")


# ---- build-system launchers ---------------------------------------------------------------

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
    ctx.run_program("prog")  # the reference mode computes the same
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


def test_list_accelerators(ctx):
    """--list-accelerators lists the Vulkan devices; with no driver it says so and exits 1 (no abort)."""
    out, _ = ctx.run(["--list-accelerators"])
    expect(re.search(r"^accelerator 0 \(default\): ", out, re.M), f"--list-accelerators listed no accelerator:\n{out}")
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
    out, _ = ctx.run([], cmd=[ctx.path("consts")], env=dict(os.environ, CAMP_VALIDATION="1"))
    expect(out == "6 9\n", f"consts printed {out!r}, want '6 9'")
    ctx.run(flags + ["scale.c", "main.c", "-o", "prog"])
    ctx.run(flags + ["consts.c", "-o", "serial"], cmd=["clang-19", "-I", ctx.include])  # the serial reference mode too

# ---- outputs and temporary files --------------------------------------------------------

def describe(snap):
    """A snapshot in a few words, for a failure's message."""
    if snap is None:
        return "none"
    kind, ino, mode, _, data = snap
    return f"inode {ino} mode {mode:o}" + (f", {len(data)} bytes" if data is not None else "")


def snapshot(path):
    """What must not change: the kind, inode, mode and (for a regular file) the bytes; None if gone."""
    if not os.path.lexists(path):
        return None
    st = os.lstat(path)
    data = open(path, "rb").read() if stat.S_ISREG(st.st_mode) else None
    return (stat.S_IFMT(st.st_mode), st.st_ino, st.st_mode, st.st_rdev, data)


def special_outputs(ctx):
    """-o targets that are not campcc's to remove: name -> path (created in tmp)."""
    os.mkdir(ctx.path("a_dir"))
    os.mkfifo(ctx.path("a_fifo"))
    with open(ctx.path("unrelated.o"), "wb") as f:
        f.write(b"the user's own file\n")
    targets = {"directory": "a_dir", "fifo": "a_fifo", "existing file": "unrelated.o"}
    if os.geteuid() == 0:  # a character device like /dev/null (only root may make one)
        os.mknod(ctx.path("a_null"), 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        targets["character device"] = "a_null"
    else:
        targets["character device"] = "/dev/null"
    return targets


def private_tmpdir(ctx):
    """An empty TMPDIR for campcc alone, so that leftovers can be seen."""
    d = ctx.path("tmpdir")
    os.makedirs(d, exist_ok=True)
    return d, dict(os.environ, TMPDIR=d)


def leftovers(ctx, tmpdir):
    """Temporary directories and half-written outputs campcc left behind."""
    found = [os.path.join("tmpdir", f) for f in os.listdir(tmpdir)]
    return found + [f for f in os.listdir(ctx.tmp) if ".campcc-" in f]


def test_failed_output_untouched(ctx):
    """A failing compile or link leaves whatever -o names exactly as it was, and no temporary file."""
    tmpdir, env = private_tmpdir(ctx)
    with open(ctx.path("broken.c"), "w") as f:
        f.write("#include <camp.h>\nvoid f(float *a) { parallel_for_each(i, extent(4)) { a[i] = b; } }\n")
    failing = {
        "an unknown host flag (kernel file)": ["-c", "scale.c", "-fno-such-flag"],
        "an unknown host flag (plain file)": ["-c", "main.c", "-fno-such-flag"],
        "an error in a kernel": ["-c", "broken.c"],
        "an undefined symbol at link time": ["scale.c"],
    }
    for target_kind, target in special_outputs(ctx).items():
        for why, args in failing.items():
            before = snapshot(ctx.path(target))
            ctx.run(args + ["-o", target], rc=1, env=env)
            expect(snapshot(ctx.path(target)) == before,
                   f"campcc {' '.join(args)} -o {target} ({target_kind}) failed with {why} and changed it")
    expect(not leftovers(ctx, tmpdir), f"failed compiles left {leftovers(ctx, tmpdir)}")


def test_output_in_place(ctx):
    """-o /dev/null (or another device) works and keeps the device; a regular output is replaced whole."""
    tmpdir, env = private_tmpdir(ctx)
    device = special_outputs(ctx)["character device"]
    before = snapshot(ctx.path(device))
    ctx.run(["-c", "scale.c", "-o", device], env=env)
    ctx.run(["-S", "scale.c", "-o", device], env=env)
    expect(snapshot(ctx.path(device)) == before, f"compiling into {device} changed it")
    out, _ = ctx.run(["-S", "scale.c", "-o", "-"], env=env)
    expect("OpEntryPoint" in out, "-S -o - wrote no SPIR-V assembly to standard output")
    ctx.run(["-c", "scale.c", "-o", "unrelated.o"], env=env)
    expect(ctx.has_spirv("unrelated.o"), "-o over an existing file did not replace it with the object")
    os.chmod(ctx.path("unrelated.o"), 0o600)
    ctx.run(["scale.c", "main.c", "-o", "prog"], env=env)
    expect(os.stat(ctx.path("prog")).st_mode & 0o111, "the program is not executable")
    ctx.run_program("prog")
    expect(not leftovers(ctx, tmpdir), f"compiles left {leftovers(ctx, tmpdir)}")


def test_long_output_name(ctx):
    """-o with a name of up to 255 bytes (the longest a file system takes, as clang-19 takes it) works:
    the temporary name beside it is shortened to fit (it was 14 bytes longer than the name: 'File name too
    long' from 242 bytes on); -c, -S, --emit-spirv= and the link, over an existing file too; nothing is left."""
    tmpdir, env = private_tmpdir(ctx)
    for n in (241, 242, 255):
        name = ("é" * n)[:n // 2] + "x" * (n - n // 2 * 2)  # 2-byte characters: the cut falls mid-character
        expect(len(name.encode()) == n, f"the name has {len(name.encode())} bytes, not {n}")
        for args, check in [(["-c", "scale.c"], ctx.has_spirv), (["-S", "scale.c"], lambda f: "OpEntryPoint" in
                            ctx.read(f, "rb").decode()), (["scale.c", "main.c"], ctx.has_spirv)]:
            for _ in range(2):  # a new file, then over the existing one
                ctx.run(args + ["-o", name], env=env)
                expect(check(name), f"campcc {' '.join(args)} -o <{n} bytes> wrote no output")
            os.unlink(ctx.path(name))
        ctx.run(["-c", "scale.c", "-o", "s.o", f"--emit-spirv={name}"], env=env)
        expect(ctx.read(name, "rb").startswith(SPIRV_MAGIC),
               f"--emit-spirv=<{n} bytes> wrote no module")
        os.unlink(ctx.path(name))
    expect(not leftovers(ctx, tmpdir), f"long names left {leftovers(ctx, tmpdir)}")


def test_output_is_input(ctx):
    """An output naming an input (-o, --emit-spirv=, --emit-host=, -MF; by another path or a hard link too) is
    refused before anything is written, as gcc does (clang would overwrite the source); the input is left as it
    was."""
    os.link(ctx.path("scale.c"), ctx.path("scale-link.c"))
    cases = [
        (["-c", "scale.c", "-o", "scale.c"], "scale.c"),
        (["scale.c", "main.c", "-o", "./main.c"], "./main.c"),
        (["-E", "scale.c", "-o", "scale.c"], "scale.c"),
        (["-S", "scale.c", "-o", "scale-link.c"], "scale-link.c"),
        (["-c", "scale.c", "-o", "s.o", "--emit-host=scale.c"], "scale.c"),
        (["-c", "scale.c", "-o", "s.o", "--emit-spirv=scale-link.c"], "scale-link.c"),
        (["-c", "scale.c", "-o", "s.o", "-MD", "-MF", "scale.c"], "scale.c"),
    ]
    for args, out in cases:
        before = {f: open(ctx.path(f), "rb").read() for f in ("scale.c", "main.c")}
        _, err = ctx.run(args, rc=1)
        expect(re.search(rf"^campcc: error: input file '[\w.-]+' is the same as output file '{re.escape(out)}'$", err, re.M),
               f"campcc {' '.join(args)} did not say the output is an input:\n{err[-1500:]}")
        for f, data in before.items():
            expect(open(ctx.path(f), "rb").read() == data, f"campcc {' '.join(args)} changed {f}")
        expect(not os.path.exists(ctx.path("s.o")), f"campcc {' '.join(args)} wrote s.o")
    ctx.run(["-c", "scale.c", "-o", "s.o"])  # an output that is no input is fine
    expect(ctx.has_spirv("s.o"), "s.o holds no SPIR-V")


def test_byte_order_mark(ctx):
    """A source that starts with a UTF-8 byte order mark (and has CRLF line ends) compiles as clang takes it:
    the mark is skipped where it starts the file (the rewritten host C had it after campcc's own lines, where the
    host compiler took it for part of an identifier)."""
    text = open(ctx.path("scale.c"), encoding="utf-8").read()
    with open(ctx.path("scale.c"), "wb") as f:
        f.write(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    _, err = ctx.run(["scale.c", "main.c", "-o", "prog"])
    expect("U+FEFF" not in err and "error" not in err, f"campcc complained of the byte order mark:\n{err[-1500:]}")
    ctx.run_program("prog")


def test_line_directive(ctx):
    """After a #line directive (generated sources: a parser generator's, a template's), diagnostics name the file
    and line it gives, as clang's do, without the source line and caret: campcc's own errors, clang's, and the
    kernel's place in the program (its runtime errors and debug information)."""
    def source(directive, body):
        return ("#include <camp.h>\n#include <stdio.h>\nint main(void) {\n    int a[4] = {1, 2, 3, 4};\n"
                "    array_view(a, 4);\n" + directive + "\n    parallel_for_each(i, extent(4)) {\n"
                "        a[i] = a[i] * 2;\n" + body + "\n    }\n    return 0;\n}\n")
    own = "        FILE *f = fopen(\"x\", \"r\");"  # campcc's error: a pointer to memory holding pointers
    clangs = "        a[i] += undefined_name;"
    for directive, where in [('#line 40 "grammar.y"', "grammar.y:42:"), ("#line 3", "gen.c:5:")]:
        for body, message in [(own, "pointers to pointers are not allowed"), (clangs, "undeclared identifier")]:
            with open(ctx.path("gen.c"), "w") as f:
                f.write(source(directive, body))
            _, err = ctx.run(["gen.c", "-o", "gen"], rc=1)
            expect(any(line.startswith(where) and message in line for line in err.splitlines()),
                   f"after '{directive}', want '{where}...{message}' on stderr:\n{err[-1500:]}")
            # no source line and caret: the text at the renumbered line is not what was compiled
            expect(not any(line.lstrip().startswith("|") for line in err.splitlines()),
                   f"after '{directive}', a source line and caret on stderr:\n{err[-1500:]}")
        with open(ctx.path("gen.c"), "w") as f:
            f.write(source(directive, ""))
        ctx.run(["gen.c", "--emit-host=gen.host.c", "-fsyntax-only"])
        host = ctx.read("gen.host.c")
        file, line = where.split(":")[0], int(where.split(":")[1]) - 2  # the parallel_for_each's line
        expect(f'{{"camp_kernel_0", "{file}", {line}, 5,' in host,
               f"the kernel's place in the host C is not {file}:{line}:\n{host[-1500:]}")
        # the host C goes on after the kernel where the source does
        expect(f'#line {line + 3} "{file}"' in host, f"no #line {line + 3} \"{file}\" after the kernel:\n{host}")


def test_file_name_not_utf8(ctx):
    """A source whose name is not UTF-8 (a byte 0xff): every warning names that file and one of its lines, never
    campcc's temporary file or a line of the host C it wrote; the host C spells the name in octal escapes (a
    UTF-8 name as it is), so that the host compiler reads the same bytes without warning of their encoding."""
    source = ("#include <camp.h>\nvoid f(int *a, int n) {\n    array_view(a, n);\n"
              "    parallel_for_each(i, extent(n)) {\n        int unused = 3; a[i] = a[i] + 1;\n    }\n}\n")
    for name, spelled in [(b"k\xff.c", b'"k\\377.c"'), ("k\u00e9.c".encode(), '"k\u00e9.c"'.encode())]:
        with open(os.path.join(os.fsencode(ctx.tmp), name), "w") as f:
            f.write(source)
        p = subprocess.run([os.fsencode(ctx.campcc), b"-Wall", b"-c", name, b"-o", b"k.o", b"--emit-host=host.c"],
                           cwd=ctx.tmp, capture_output=True, timeout=300)
        err = p.stderr
        expect(p.returncode == 0, f"campcc -c {name!r} failed:\n{err.decode(errors='replace')[-2000:]}")
        where = re.findall(rb"^(.*?):(\d+):\d+: (?:warning|error)", err, re.M)
        expect(where and all(f == name and int(line) <= 7 for f, line in where) and b"campcc-" not in err,
               f"a warning for {name!r} names another file or a line it does not have: {where}\n"
               f"{err.decode(errors='replace')[-3000:]}")
        expect(re.search(rb"^" + re.escape(name) + rb":5:13: warning: unused variable 'unused'", err, re.M),
               f"no warning of the unused variable at {name!r}:5:13:\n{err.decode(errors='replace')[-2000:]}")
        host = ctx.read("host.c", "rb")
        expect(b"#line 1 " + spelled in host, f"the host C does not name {name!r} as {spelled!r}:\n{host[:400]!r}")
        expect(ctx.has_spirv("k.o"), f"{name!r}: no SPIR-V in its object")


def test_interrupted_compile(ctx):
    """SIGINT or SIGTERM at any step leaves no temporary directory and no output."""
    tmpdir, env = private_tmpdir(ctx)
    marker = ctx.path("host-cc-started")
    slow_cc = ctx.path("slow-cc")
    with open(slow_cc, "w") as f:  # a host compiler that says when it starts, then takes its time
        f.write(f"#!/bin/sh\ntouch '{marker}'\nsleep 30 & wait $!\nexec clang-19 \"$@\"\n")
    os.chmod(slow_cc, 0o755)
    steps = {  # when to interrupt: a delay, or once the host compiler runs
        "while parsing": (["-O2", "-c", "scale.c", "-o", "scale.o"], 0.05, False),
        "while optimizing": (["-O2", "-c", "scale.c", "-o", "scale.o"], 0.3, False),
        "in the host compile": (["-c", "scale.c", "-o", "scale.o"], None, True),
        "in the link": (["scale.o", "main.c", "-o", "prog"], None, True),
    }
    ctx.run(["-c", "scale.c", "-o", "scale.o"], env=env)  # the link step's input
    # A signal that comes just after campcc put its output in place (a timed
    # step on a fast machine) finds a complete output: what an uninterrupted
    # run writes, byte for byte. Anything else there is a partial output.
    complete = {}
    for args, _, _ in steps.values():
        if args[args.index("-o") + 1] == "scale.o" and tuple(args) not in complete:
            whole = ctx.path("complete.o")
            ctx.run([a if a != "scale.o" else whole for a in args], env=env)
            complete[tuple(args)] = open(whole, "rb").read()
    for sig in (signal.SIGINT, signal.SIGTERM):
        for step, (args, delay, slow) in steps.items():
            if os.path.exists(marker):
                os.remove(marker)
            out = args[args.index("-o") + 1]
            if out != "scale.o" and os.path.exists(ctx.path(out)):
                os.remove(ctx.path(out))
            before = snapshot(ctx.path("scale.o"))
            run_env = dict(env, CAMP_HOST_CC=slow_cc) if slow else env
            p = subprocess.Popen([ctx.campcc] + args, cwd=ctx.tmp, env=run_env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if slow:
                deadline = time.time() + 60
                while not os.path.exists(marker) and time.time() < deadline and p.poll() is None:
                    time.sleep(0.01)
                expect(os.path.exists(marker), f"{step}: the host compiler never started")
            else:
                time.sleep(delay)
            p.send_signal(sig)
            rc = p.wait(timeout=60)
            what = f"{signal.Signals(sig).name} {step} (campcc exited with {rc})"
            expect(not leftovers(ctx, tmpdir), f"{what} left {leftovers(ctx, tmpdir)}")
            if out == "scale.o":
                now = snapshot(ctx.path("scale.o"))
                expect(rc == 0 or now == before or (now and now[-1] == complete[tuple(args)]),
                       f"{what} left a partial scale.o: {describe(now)}, before {describe(before)}, "
                       f"complete {len(complete[tuple(args)])} bytes")
            else:
                expect(rc == 0 or not os.path.exists(ctx.path(out)), f"{what} left a partial {out}")
            if slow:
                expect(rc == -sig, f"{what}: campcc did not end by the signal")


def test_closed_pipe(ctx):
    """Output into a pipe whose reader has gone (`campcc bad.c 2>&1 | head -1`, `--dump-kernels ... | head -1`):
    SIGPIPE ends campcc as the other signals do, with its temporary directory and outputs removed (before, it
    left the directory in TMPDIR every time)."""
    tmpdir, env = private_tmpdir(ctx)
    with open(ctx.path("broken.c"), "w") as f:
        f.write("#include <camp.h>\nvoid f(float *a) { parallel_for_each(i, extent(4)) { a[i] = b; } }\n")
    for args in (["broken.c", "main.c", "-o", "prog"], ["--dump-kernels", "scale.c", "main.c", "-o", "prog"]):
        # the pipe's reading end is closed before campcc writes: its first line meets no reader
        p = subprocess.Popen([ctx.campcc] + args, cwd=ctx.tmp, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT)
        p.stdout.close()
        rc = p.wait(timeout=300)
        what = f"campcc {' '.join(args)} into a closed pipe (exit status {rc})"
        expect(rc == -signal.SIGPIPE, f"{what}: want the end by SIGPIPE")
        expect(not leftovers(ctx, tmpdir), f"{what} left {leftovers(ctx, tmpdir)}")
        expect(not os.path.exists(ctx.path("prog")), f"{what} left prog")


def test_optimizer_temp_files(ctx):
    """-O2 creates only a private directory in TMPDIR: a link planted beside its files is never followed."""
    tmpdir, env = private_tmpdir(ctx)
    victim = ctx.path("victim")
    with open(victim, "wb") as f:
        f.write(b"not campcc's\n")
    stop, seen = threading.Event(), []

    def attacker():  # plants NAME.opt and NAME.spv links to the victim next to every new entry
        while not stop.is_set():
            for name in os.listdir(tmpdir):
                path = os.path.join(tmpdir, name)
                if name in seen or name.endswith((".opt", ".spv")):
                    continue
                seen.append(name)
                try:
                    seen.append((name, stat.S_IMODE(os.lstat(path).st_mode), os.path.isdir(path)))
                    for suffix in (".opt", ".spv"):
                        os.symlink(victim, path + suffix)
                except OSError:
                    pass
    t = threading.Thread(target=attacker)
    t.start()
    try:
        for _ in range(5):
            ctx.run(["-O2", "-c", "scale.c", "-o", "scale.o"], env=env)
    finally:
        stop.set()
        t.join()
    expect(open(victim, "rb").read() == b"not campcc's\n", "campcc wrote through a link planted in TMPDIR")
    entries = [e for e in seen if isinstance(e, tuple)]
    expect(entries, "the watcher saw nothing: -O2 made no temporary directory")
    for name, mode, is_dir in entries:
        expect(is_dir and mode == 0o700, f"campcc created '{name}' in TMPDIR (mode {mode:o}), not a private directory")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--campcc", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--sample", required=True)
    ap.add_argument("name")
    a = ap.parse_args()
    a.campcc, a.include, a.sample = map(os.path.abspath, (a.campcc, a.include, a.sample))
    fn = globals().get("test_" + a.name.replace("-", "_"))
    if not fn:
        sys.exit(f"driver.py: no test '{a.name}'")
    with tempfile.TemporaryDirectory(prefix="campcc-driver-") as tmp:
        try:
            fn(Ctx(a, tmp))
        except Failed as e:
            print(f"FAIL [{a.name}] {fn.__doc__.strip()}\n{e}", file=sys.stderr)
            return 1
    print(f"ok: {a.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
