"""Queries that compile nothing: --version, --help, -print-file-name=, no inputs."""
import os
import re

from common import expect


def test_version(ctx):
    """--version: the host compiler's lines (build systems parse them), then campcc's."""
    out, _ = ctx.run(["--version"])
    lines = out.splitlines()
    expect("clang version" in lines[0], f"first line should be the host's: {lines[0]}")
    expect(re.match(r"campcc \d+\.\d+\.\d+ ", lines[-1]), f"last line should be campcc's: {lines[-1]}")
    out, _ = ctx.run(["-dumpversion"])
    expect(re.match(r"\d+\.\d+", out), f"-dumpversion: {out}")
    version = re.match(r"campcc (\S+) ", lines[-1]).group(1)
    out, _ = ctx.run(["-E", "-x", "c", "-"], stdin=b"__CAMPCC__ __CAMPCC_VERSION__\n")
    expect(f'1 "{version}"' in out, f"__CAMPCC__ and __CAMPCC_VERSION__ are not 1 and \"{version}\":\n{out[-500:]}")


def test_help(ctx):
    """--help and the man page (packaging/campcc.1) both list every flag of campcc's own."""
    out, _ = ctx.run(["--help"])
    man_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "packaging", "campcc.1")
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
