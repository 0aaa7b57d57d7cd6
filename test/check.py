#!/usr/bin/env python3
"""CHECK-line tests of campcc's text outputs (--dump-ir, -S).

  check.py --campcc C --include DIR SRC.c

SRC.c names the command and what its standard output must contain:
  // RUN: ARGS              campcc -I DIR ARGS, where %s is SRC.c
  // CHECK: TEXT            a line containing TEXT, after the previous match
  // CHECK-NEXT: TEXT       the line right after the previous match contains TEXT
  // CHECK-NOT: TEXT        no line containing TEXT between the previous match
                            and the next one (or the end)
TEXT is literal except `{{REGEX}}` parts. The command must exit with 0.
"""
import argparse
import re
import shlex
import subprocess
import sys

DIRECTIVE = re.compile(r"//\s*(RUN|CHECK|CHECK-NEXT|CHECK-NOT):\s?(.*?)\s*$")


def pattern(text):
    parts = re.split(r"\{\{(.*?)\}\}", text)
    return re.compile("".join(p if i % 2 else re.escape(p) for i, p in enumerate(parts)))


def check(lines, directives):
    """Returns an error message, or None."""
    pos = 0  # the first line a CHECK may match
    last = -1  # the line of the previous match
    nots = []
    for kind, text, where in directives:
        if kind == "CHECK-NOT":
            nots.append((text, where))
            continue
        pat = pattern(text)
        if kind == "CHECK-NEXT":
            found = last + 1 if last + 1 < len(lines) and pat.search(lines[last + 1]) else None
            if found is None:
                got = lines[last + 1] if last + 1 < len(lines) else "(end of output)"
                return f"{where}: CHECK-NEXT: {text!r} is not on the next line, which is:\n  {got}"
        else:
            found = next((i for i in range(pos, len(lines)) if pat.search(lines[i])), None)
            if found is None:
                return f"{where}: CHECK: {text!r} not found after line {pos}"
        for nt, nwhere in nots:
            bad = next((i for i in range(pos, found) if pattern(nt).search(lines[i])), None)
            if bad is not None:
                return f"{nwhere}: CHECK-NOT: {nt!r} found on output line {bad + 1}:\n  {lines[bad]}"
        nots = []
        last, pos = found, found + 1
    for nt, nwhere in nots:
        bad = next((i for i in range(pos, len(lines)) if pattern(nt).search(lines[i])), None)
        if bad is not None:
            return f"{nwhere}: CHECK-NOT: {nt!r} found on output line {bad + 1}:\n  {lines[bad]}"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--campcc", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("src")
    a = ap.parse_args()
    run, directives = None, []
    with open(a.src, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = DIRECTIVE.search(line)
            if not m:
                continue
            if m.group(1) == "RUN":
                run = m.group(2)
            else:
                directives.append((m.group(1), m.group(2), f"{a.src}:{n}"))
    if run is None or not any(k != "CHECK-NOT" for k, _, _ in directives):
        sys.exit(f"{a.src}: needs a // RUN: line and at least one // CHECK:")
    cmd = [a.campcc, "-I", a.include] + [a.src if w == "%s" else w for w in shlex.split(run)]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=240)
    out = p.stdout.decode(errors="replace")
    if p.returncode != 0:
        sys.exit(f"{shlex.join(cmd)} exited with {p.returncode}:\n{p.stderr.decode(errors='replace')}")
    err = check(out.splitlines(), directives)
    if err:
        sys.exit(f"{err}\ncommand: {shlex.join(cmd)}\noutput:\n{out}")
    print(f"{a.src}: {len(directives)} checks passed")


if __name__ == "__main__":
    main()
