"""Outputs and temporary files (docs/security.md): what a failing, interrupted or
attacked compile leaves, -o names and devices, sources with odd bytes."""
import os
import re
import signal
import stat
import subprocess
import threading
import time

from common import SPIRV_MAGIC, expect


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


def test_failed_emit_untouched(ctx):
    """--emit-spirv= and --emit-host= are published only when the whole command succeeds, as -o is: a host compile
    or link that fails after the kernels compiled leaves existing files exactly as they were and creates none (they
    were replaced, and a failed link left a new --emit-host file)."""
    tmpdir, env = private_tmpdir(ctx)
    with open(ctx.path("host_fails.c"), "w") as f:  # the kernels compile; the host C does not
        f.write("#include <camp.h>\nvoid f(int *a) { array_view(a, 4); parallel_for_each(i, extent(4)) { a[i] = i; } }\n"
                "#ifdef __CAMPCC_HOST_COMPILE__\n#error the host compile\n#endif\n")
    failing = {
        "a host compile error": ["-c", "host_fails.c", "-o", "x.o"],
        "an undefined symbol at link time": ["scale.c", "-o", "prog"],  # main.c left out: no main
    }
    for why, args in failing.items():
        for name in ("keep.spv", "keep.host.c"):
            with open(ctx.path(name), "w") as f:
                f.write("the user's own file\n")
        before = {name: snapshot(ctx.path(name)) for name in ("keep.spv", "keep.host.c")}
        ctx.run(args + ["--emit-spirv=keep.spv", "--emit-host=keep.host.c"], rc=1, env=env)
        for name, snap in before.items():
            expect(snapshot(ctx.path(name)) == snap, f"campcc {' '.join(args)} failed with {why} and changed {name}")
        ctx.run(args + ["--emit-spirv=new.spv", "--emit-host=new.host.c"], rc=1, env=env)
        for name in ("new.spv", "new.host.c"):
            expect(not os.path.lexists(ctx.path(name)), f"campcc {' '.join(args)} failed with {why} and wrote {name}")
    expect(not leftovers(ctx, tmpdir), f"failed compiles left {leftovers(ctx, tmpdir)}")
    ctx.run(["-c", "main.c", "-o", "main.o"], env=env)
    ctx.run(["scale.c", "main.o", "-o", "prog", "--emit-spirv=keep.spv", "--emit-host=keep.host.c"], env=env)
    expect(ctx.has_spirv("keep.spv") and "camp_abi_launch" in ctx.read("keep.host.c"),
           "a command that succeeds did not replace the --emit-spirv and --emit-host files")
    expect(not leftovers(ctx, tmpdir), f"a compile left {leftovers(ctx, tmpdir)}")


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
    own = "        FILE *f = fopen(\"x\", \"r\");"  # campcc's error: a C library function amp code has no form of
    clangs = "        a[i] += undefined_name;"
    for directive, where in [('#line 40 "grammar.y"', "grammar.y:42:"), ("#line 3", "gen.c:5:")]:
        for body, message in [(own, "call to non-amp function 'fopen'"), (clangs, "undeclared identifier")]:
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
