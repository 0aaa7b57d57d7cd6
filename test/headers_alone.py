#!/usr/bin/env python3
"""Every public header (include/*.h) compiles on its own, first in a file,
with clang-19 -std=c17 -Wall -Wextra -Werror.

  headers_alone.py INCLUDE_DIR
"""
import os
import subprocess
import sys
import tempfile


def main():
    include = sys.argv[1]
    headers = sorted(h for h in os.listdir(include) if h.endswith(".h"))
    failed = []
    with tempfile.TemporaryDirectory() as d:
        for h in headers:
            src = os.path.join(d, "alone.c")
            with open(src, "w", encoding="utf-8") as f:
                f.write(f"#include <{h}>\n")
            p = subprocess.run(["clang-19", "-std=c17", "-Wall", "-Wextra", "-Werror", "-fsyntax-only",
                                "-I", include, src], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            if p.returncode != 0:
                failed.append(f"{h} does not compile alone:\n{p.stdout.decode(errors='replace')}")
    if failed:
        sys.exit("\n".join(failed))
    print(f"{len(headers)} headers compile alone: {', '.join(headers)}")


if __name__ == "__main__":
    main()
