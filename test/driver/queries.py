"""Queries that compile nothing: --version, --help, -print-file-name=, no inputs."""
import os
import re
import subprocess

from common import expect


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
