"""Compiling and linking: -c, several inputs, archives, shared libraries, stdin,
quoted includes, --, -x c, the kernel word, --no-camp-runtime, -v, response
files and a blank CAMP_HOST_CC."""
import os
import re
import shutil
import subprocess

from common import e2e, expect, needed_libs, deps_of, cdb_entries


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


def test_shared_library_data(ctx):
    """A kernel's pointer into a shared library's file-scope array (behind an accessor): the array's view, found by
    its symbol and kept in sync as the executable's own arrays are (the launch refused it as unwatchable)."""
    with open(ctx.path("libdata.c"), "w") as f:
        f.write("static float data[1024];\n"
                "float *lib_data(void) { for (int i = 0; i < 1024; i++) data[i] = (float)i; return data; }\n")
    with open(ctx.path("twice.c"), "w") as f:
        f.write("#include <camp.h>\n#include <stdio.h>\nfloat *lib_data(void);\n"
                "static void twice(float *v, int n) { parallel_for_each(i, extent(n)) v[i] *= 2.0f; }\n"
                "int main(void) { float *d = lib_data(); twice(d, 1024); printf(\"%g %g\\n\", d[10], d[1023]); }\n")
    ctx.run(["-fPIC", "-shared", "libdata.c", "-o", "libdata.so"])
    ctx.run(["twice.c", "-L.", "-ldata", f"-Wl,-rpath,{ctx.tmp}", "-o", "twice"])
    ctx.run_program("twice", kernels_from="twice.c", expected="20 2046\n")


def test_stdin(ctx):
    """`-x c -` reads the source from standard input, kernels included; diagnostics and the host C's #line name it
    `<stdin>`, as clang does (they named campcc's temporary copy)."""
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
    # diagnostics name standard input as clang does, with its line, never campcc's copy of it
    broken = src.replace(b"    parallel_for_each(", b"    int unused = 1 +* ;\n    parallel_for_each(", 1)
    line = broken[:broken.index(b"+*")].count(b"\n") + 1
    _, err = ctx.run(["-x", "c", "-", "-c", "-o", "broken.o"], rc=1, stdin=broken)
    expect(re.search(rf"^<stdin>:{line}:\d+: error: expected expression$", err, re.M) and "int unused = 1 +* ;" in err
           and "campcc-" not in err, f"an error on standard input: want '<stdin>:{line}:...' and its line:\n{err}")
    out, _ = ctx.run(["-x", "c", "-", "-fsyntax-only", "--emit-host=-"], stdin=src)
    expect('#line 1 "<stdin>"' in out and "campcc-" not in out,
           f"the host C of standard input names its lines otherwise:\n{out[:1500]}")


def test_unreadable_input(ctx):
    """An input that is there but cannot be read is reported as such, in clang's words, with campcc's prefix: a
    file without read permission (it was 'no such file or directory') and a directory (clang's error had no
    'campcc:' prefix); a missing file is 'no such file or directory'. Nothing is written."""
    shutil.copy(ctx.path("scale.c"), ctx.path("locked.c"))
    os.chmod(ctx.path("locked.c"), 0)
    os.mkdir(ctx.path("folder.c"))
    as_nobody = None
    if os.geteuid() == 0:  # root reads any file: the unreadable one is tried as nobody
        os.chmod(ctx.tmp, 0o777)
        def as_nobody():
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
    for src, message, preexec in [("locked.c", "cannot read 'locked.c': Permission denied", as_nobody),
                                  ("folder.c", "cannot read 'folder.c': Is a directory", None),
                                  ("absent.c", "no such file or directory: 'absent.c'", None)]:
        for args in (["-c", src, "-o", "out.o"], [src, "main.c", "-o", "prog"], ["-fsyntax-only", src]):
            p = subprocess.run([ctx.campcc] + args, cwd=ctx.tmp, capture_output=True, timeout=300,
                               preexec_fn=preexec)
            err = p.stderr.decode(errors="replace")
            expect(p.returncode == 1 and err == f"campcc: error: {message}\n",
                   f"campcc {' '.join(args)}: exit status {p.returncode}, want 1 and only "
                   f"'campcc: error: {message}':\n{err}")
            expect(not os.path.exists(ctx.path("out.o")) and not os.path.exists(ctx.path("prog")),
                   f"campcc {' '.join(args)} wrote an output")


def test_std_refused(ctx):
    """A -std= that names no C standard is refused in clang's words (it was 'cannot parse ... (libclang error 4)',
    libclang passing on no reason); the last -std= counts, as for clang."""
    for std, message in [("bogus", "invalid value 'bogus' in '-std=bogus'"),
                         ("c++17", "invalid argument '-std=c++17' not allowed with 'C'")]:
        _, err = ctx.run(["-c", "scale.c", "-o", "s.o", f"-std={std}"], rc=1)
        expect(f"campcc: error: {message}\n" in err and "libclang" not in err,
               f"-std={std}: want 'campcc: error: {message}':\n{err}")
        expect(not os.path.exists(ctx.path("s.o")), f"-std={std}: campcc wrote s.o")
    ctx.run(["-c", "scale.c", "-o", "s.o", "-std=bogus", "-std=c2x"])
    expect(ctx.has_spirv("s.o"), "-std=c2x after -std=bogus: no object with the kernel")


def test_graphics_name_note(ctx):
    """A program's own function named as one of camp.h's graphics types (norm2, a residual's norm): after clang's
    redefinition error, at camp_texture.h's declaration, a note says how to leave those names out (it never showed:
    the headers' folder is found only for a unit without errors)."""
    with open(ctx.path("cg.c"), "w") as f:
        f.write("#include <camp.h>\n#include <math.h>\n"
                "static double norm2(const double *v, int n) {\n"
                "    double s = 0;\n    for (int i = 0; i < n; i++) s += v[i] * v[i];\n    return sqrt(s);\n}\n"
                "int main(void) {\n    double v[4] = {1, 2, 2, 4};\n"
                "    parallel_for_each(i, extent(4)) { v[i] *= 2; }\n    return norm2(v, 4) == 10 ? 0 : 1;\n}\n")
    _, err = ctx.run(["cg.c", "-o", "cg"], rc=1)
    expect("cg.c:3:15: error: redefinition of 'norm2' as different kind of symbol" in err and
           "camp_texture.h:71:15: note: camp.h declares the graphics types" in err and
           "define CAMP_NO_GRAPHICS before including <camp.h>" in err, f"no note on camp.h's graphics names:\n{err}")


def test_quote_includes(ctx):
    """A "header.h" comes from the user's file's directory, never from where campcc keeps its temporaries."""
    os.mkdir(ctx.path("tmpdir"))
    with open(ctx.path("tmpdir/scale.h"), "w") as f:
        f.write("#error this is not the scale.h next to scale.c\n")
    os.mkdir(ctx.path("elsewhere"))
    env = dict(os.environ, TMPDIR=ctx.path("tmpdir"))
    ctx.run(["-c", ctx.path("scale.c"), "-o", "s.o"], env=env, cwd=ctx.path("elsewhere"))
    expect(os.listdir(ctx.path("tmpdir")) == ["scale.h"], "campcc left temporary files behind")


def test_embed_beside_source(ctx):
    """#embed "data.bin" in the host code of a file with kernels finds the file beside it, from any directory."""
    os.mkdir(ctx.path("src"))
    with open(ctx.path("src/data.bin"), "wb") as f:
        f.write(b"hello")
    with open(ctx.path("src/blob.c"), "w") as f:
        f.write('#include <camp.h>\n#include <stdio.h>\n'
                'static const unsigned char blob[] = {\n#embed "data.bin"\n};\n'
                'int main(void) {\n    int out[4];\n'
                '    parallel_for_each(i, extent(4)) { out[i] = i * 2; }\n'
                '    printf("%d %c %d\\n", (int)sizeof blob, blob[1], out[3]);\n    return 0;\n}\n')
    ctx.run(["-Wno-c23-extensions", "src/blob.c", "-o", "blob"])
    ctx.run_program("blob", kernels_from="src/blob.c", expected="5 e 6\n")


def test_link_error_names_source(ctx):
    """The linker's messages about a file with kernels name the file, as for a plain one (campcc's rewritten
    C and its object have the input's name in a temporary directory): `prog.c:(.text+0x..): undefined
    reference`, never a temporary file's number."""
    with open(ctx.path("needs_more.c"), "w") as f:
        f.write('#include <camp.h>\nint elsewhere(int);\n'
                'int main(void) {\n    int out[4];\n'
                '    parallel_for_each(i, extent(4)) { out[i] = i; }\n    return elsewhere(out[3]);\n}\n')
    _, err = ctx.run(["needs_more.c", "-o", "needs_more"], rc=1)
    expect(re.search(r"needs_more\.o: in function `main'", err) and
           re.search(r"needs_more\.c:\(\.text\+0x[0-9a-f]+\): undefined reference to `elsewhere'", err) and
           not re.search(r"/\d+\.[co]\b", err) and not os.path.exists(ctx.path("needs_more")),
           f"a link error names a temporary file, not needs_more.c:\n{err}")


def test_kernel_only_constants_warn_not(ctx):
    """-Wall -Werror: a table only a kernel reads (the host C has a launch where the body was) is no unused
    variable; the loader's note that VK_INSTANCE_LAYERS adds the validation layer aborts no validated run."""
    with open(ctx.path("tables.c"), "w") as f:
        f.write('#include <camp.h>\n#include <stdio.h>\n'
                'static const int offs[3] = {-1, 0, 1};\n'
                'int main(void) {\n    static const float w[3] = {0.25f, 0.5f, 0.25f};\n    float out[3];\n'
                '    parallel_for_each(i, extent(3)) {\n        static const int own[3] = {1, 2, 3};\n'
                '        out[i] = w[i] * (float)offs[i] * (float)own[i];\n    }\n'
                '    printf("%g %g %g\\n", out[0], out[1], out[2]);\n    return 0;\n}\n')
    ctx.run(["-Wall", "-Wextra", "-Werror", "tables.c", "-o", "tables"])
    env = dict(os.environ, CAMP_VALIDATION="1", VK_INSTANCE_LAYERS="VK_LAYER_KHRONOS_validation")
    out, _ = ctx.run([], cmd=[ctx.path("tables")], env=env)
    expect(out == "-0.25 0 0.75\n", f"tables printed {out!r}")


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


def test_verbose(ctx):
    """-v prints the host compiler commands campcc runs (the object under its temporary name, the
    rewritten file under the input's name in a temporary directory), and at -O1 and up the spirv-opt
    command that the in-process optimizer stands for."""
    _, err = ctx.run(["-v", "-c", "scale.c", "-o", "s.o"])
    expect(re.search(r"-iquote \S+ (--embed-dir=\S+ )?(-D\S+ )*-c -o \.s\.o\.campcc-\w+ \S+/campcc-\w+/\d+/scale\.c", err),
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
                         ("@dir.rsp", "cannot read response file 'dir.rsp': Is a directory"),
                         ("@", "'@' without a response file name")]:  # it was clang's 'cannot not open file'
        _, err = ctx.run([arg, "scale.c"], rc=1)
        expect(err == f"campcc: error: {message}\n", f"campcc {arg}: want only '{message}', got\n{err[-1500:]}")


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


def dynamic_section(ctx, exe):
    out, _ = ctx.run(["-d", ctx.path(exe)], cmd=["readelf"])
    return out


def test_host_compiler_fails(ctx):
    """A host compiler that fails without explaining itself is named with its exit status (`CAMP_HOST_CC=false`
    ended campcc with status 1 and no word); clang's and gcc's failures, which they explain, get no line more,
    as clang's driver adds none to its compiler's."""
    false = shutil.which("false")
    for args in (["-c", "scale.c", "-o", "s.o"], ["-c", "main.c", "-o", "m.o"], ["-fsyntax-only", "main.c"]):
        _, err = ctx.run(args, rc=1, env=dict(os.environ, CAMP_HOST_CC=false))
        expect(f"campcc: error: the host compiler '{false}' failed with exit code 1 (use -v to see the command)"
               in err, f"CAMP_HOST_CC={false} campcc {' '.join(args)}: want the host compiler named:\n{err}")
        expect(not os.path.exists(ctx.path("s.o")) and not os.path.exists(ctx.path("m.o")),
               f"campcc {' '.join(args)} wrote an object")
    with open(ctx.path("exit3.sh"), "w") as f:
        f.write("#!/bin/sh\nexit 3\n")
    os.chmod(ctx.path("exit3.sh"), 0o755)
    _, err = ctx.run(["-c", "main.c", "-o", "m.o"], rc=1, env=dict(os.environ, CAMP_HOST_CC=ctx.path("exit3.sh")))
    expect("exit3.sh' failed with exit code 3" in err, f"a host compiler's exit status 3: not said:\n{err}")
    with open(ctx.path("typo.c"), "w") as f:
        f.write("int main(void) { return 0 }\n")
    _, err = ctx.run(["-c", "typo.c", "-o", "t.o"], rc=1)
    expect("expected ';'" in err and "campcc: error" not in err, f"clang's own error, and only it, wanted:\n{err}")


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
    if e2e.profile_runs_no_kernel(ctx.campcc):  # CAMP_SIMULATE as a profile libcamp cannot use: its message
        _, err = ctx.run([], rc=1, cmd=[ctx.path("api")])
        expect("no usable Vulkan device: CAMP_SIMULATE=" in err, f"api as the profile: {err!r}")
    else:
        out, _ = ctx.run([], cmd=[ctx.path("api")])
        expect(out in ("named\n", "none\n"), f"api printed {out!r}")


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
