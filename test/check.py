#!/usr/bin/env python3
"""CHECK-line tests of campcc's text outputs (--dump-ir, --dump-kernels, -S).

  check.py --filecheck FILECHECK --campcc C --include DIR SRC.c

SRC.c's `// RUN: ARGS` line is the command, `campcc -I DIR ARGS` with %s for
SRC.c, which must exit with 0; LLVM's FileCheck then matches its standard
output against SRC.c's `// CHECK...:` lines (CHECK, CHECK-NEXT, CHECK-NOT,
CHECK-LABEL, CHECK-DAG, `{{REGEX}}`, `[[NAME:REGEX]]` captures and `[[NAME]]`
uses: https://llvm.org/docs/CommandGuide/FileCheck.html).
"""
import argparse
import re
import shlex
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--filecheck", required=True)
    ap.add_argument("--campcc", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("src")
    a = ap.parse_args()
    runs = re.findall(r"^// RUN: (.*)$", open(a.src, encoding="utf-8").read(), flags=re.M)
    if len(runs) != 1:
        sys.exit(f"{a.src}: needs one // RUN: line, has {len(runs)}")
    cmd = [a.campcc, "-I", a.include] + [a.src if w == "%s" else w for w in shlex.split(runs[0])]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=240)
    if p.returncode != 0:
        sys.exit(f"{shlex.join(cmd)} exited with {p.returncode}:\n{p.stderr.decode(errors='replace')}")
    check = subprocess.run([a.filecheck, "--dump-input=fail", a.src], input=p.stdout, timeout=60)
    if check.returncode != 0:
        sys.exit(f"FileCheck {a.src} failed on the output of: {shlex.join(cmd)}")
    print(f"{a.src}: FileCheck passed")


if __name__ == "__main__":
    main()
