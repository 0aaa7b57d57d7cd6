#!/usr/bin/env python3
"""Every public header under the strictest warnings, as a project's -Werror
build sees them: test/headers_strict.c (which includes each of
include/*.h and expands the dialect's macros) compiles with no warning
through campcc, which passes its headers with -isystem, and in the serial
reference mode (clang-19 -I include), where they are the project's own;
under -std=c17 and under -std=c99 -pedantic (the dialect's _Generic
selections are C11's, marked __extension__). Before C99 the first error
says that C AMP needs C99.

  headers_strict.py CAMPCC INCLUDE_DIR PROGRAM
"""
import os
import re
import subprocess
import sys
import tempfile

FLAGS = ["-Wall", "-Wextra", "-Wpedantic", "-Wdeclaration-after-statement", "-Wshadow",
         "-Wconversion", "-Werror"]


STANDARDS = (["-std=c17"], ["-std=c99", "-pedantic"])


def compile_with(cmd, program, out):
    p = subprocess.run(cmd + ["-c", program, "-o", out], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = p.stdout.decode(errors="replace")
    return p.returncode, text


def first_error(text):
    return next((line for line in text.splitlines() if "error:" in line), "")


def main():
    campcc, include, program = sys.argv[1:4]
    failed = []
    text = open(program, encoding="utf-8").read()
    included = set(re.findall(r"#include <(camp\w*\.h)>", text))
    headers = {h for h in os.listdir(include) if h.endswith(".h")}
    if headers - included:
        failed.append(f"{program} does not include {sorted(headers - included)}")
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "out.o")
        for compiler in ([campcc], ["clang-19", "-I", include]):
            for std in STANDARDS:
                cmd = compiler + std + FLAGS
                rc, text = compile_with(cmd, program, out)
                if rc != 0 or text:
                    failed.append(f"{' '.join(cmd)}:\n{text}")
            cmd = compiler + ["-std=c89"]
            rc, text = compile_with(cmd, program, out)
            if rc == 0 or "C AMP needs C99 or later" not in first_error(text):
                failed.append(f"{' '.join(cmd)}: exit status {rc}, want the first error to say C AMP needs C99:\n"
                              f"{text[:2000]}")
        # campcc's headers are system headers (flag 3 on the line marker), as the compiler's own
        p = subprocess.run([campcc, "-E", program], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if not re.search(r'^# \d+ "[^"]*/camp\.h" 1 3$', p.stdout, re.M):
            failed.append(f"campcc -E: camp.h is not entered as a system header:\n{p.stdout[:2000]}")
    if failed:
        sys.exit("\n".join(failed))
    print(f"{len(headers)} public headers compile with {' '.join(FLAGS)}, under -std=c17 and -std=c99 -pedantic, "
          "through campcc and clang-19 -I")


if __name__ == "__main__":
    main()
