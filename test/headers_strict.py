#!/usr/bin/env python3
"""Every public header under the strictest warnings, as a project's -Werror
build sees them: test/headers_strict.c (which includes each of
include/*.h and expands the dialect's macros) compiles with no warning
through campcc, which passes its headers with -isystem, and in the serial
reference mode (clang-19 -I include), where they are the project's own.

  headers_strict.py CAMPCC INCLUDE_DIR PROGRAM
"""
import os
import re
import subprocess
import sys
import tempfile

FLAGS = ["-std=c17", "-Wall", "-Wextra", "-Wpedantic", "-Wdeclaration-after-statement", "-Wshadow",
         "-Wconversion", "-Werror"]


def compile_with(cmd, program, out):
    p = subprocess.run(cmd + FLAGS + ["-c", program, "-o", out], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = p.stdout.decode(errors="replace")
    return None if p.returncode == 0 and not text else f"{' '.join(cmd)} {' '.join(FLAGS)}:\n{text}"


def main():
    campcc, include, program = sys.argv[1:4]
    failed = []
    text = open(program, encoding="utf-8").read()
    included = set(re.findall(r"#include <(camp\w*\.h)>", text))
    headers = {h for h in os.listdir(include) if h.endswith(".h")}
    if headers - included:
        failed.append(f"{program} does not include {sorted(headers - included)}")
    with tempfile.TemporaryDirectory() as d:
        for cmd in ([campcc], ["clang-19", "-I", include]):
            error = compile_with(cmd, program, os.path.join(d, "out.o"))
            if error:
                failed.append(error)
        # campcc's headers are system headers (flag 3 on the line marker), as the compiler's own
        p = subprocess.run([campcc, "-E", program], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if not re.search(r'^# \d+ "[^"]*/camp\.h" 1 3$', p.stdout, re.M):
            failed.append(f"campcc -E: camp.h is not entered as a system header:\n{p.stdout[:2000]}")
    if failed:
        sys.exit("\n".join(failed))
    print(f"{len(headers)} public headers compile with {' '.join(FLAGS)}, through campcc and clang-19 -I")


if __name__ == "__main__":
    main()
