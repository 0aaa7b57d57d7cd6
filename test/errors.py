#!/usr/bin/env python3
"""Diagnostics tests for campcc (run by meson test; usable by hand).

  errors.py program --campcc C SRC.c
      SRC.c holds one or more lines
          // expect-error: LINE:COL: message substring
          // expect-error: LINE: message substring      (any column)
      For each of `-o exe`, `-c -o x.o` and `-S -o x.spvasm`, campcc must
      exit with status 1, print for every expectation a line
      `.../SRC.c:LINE:COL: error: ...substring...` on stderr, and leave no
      output file behind.
  errors.py missing-input --campcc C
      campcc on a file that does not exist: status 1, `campcc: error:` and
      the file's name on stderr, no output file.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

EXPECT = re.compile(r"//\s*expect-error:\s*(\d+)(?::(\d+))?:\s*(.+?)\s*$")
MODES = [([], "prog"), (["-c"], "prog.o"), (["-S"], "prog.spvasm")]


def run_campcc(campcc, args):
    try:
        p = subprocess.run([campcc] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=120)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after 120s"
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def check_run(campcc, args, tmp, out):
    """Common checks: exit status 1 and an empty output directory."""
    problems = []
    rc, stdout, stderr = run_campcc(campcc, args)
    if rc != 1:
        problems.append(f"exit status {rc}, want 1" + (" (crashed)" if rc is not None and rc < 0 else ""))
    left = sorted(os.listdir(tmp))
    if left:
        problems.append(f"left files behind: {', '.join(left)} (want no output on error)")
    return problems, stderr


def report(cmd, problems, stderr):
    print(f"FAIL: {shlex.join(cmd)}", file=sys.stderr)
    for p in problems:
        print(f"  - {p}", file=sys.stderr)
    print("  --- stderr ---\n" + stderr[-4000:], file=sys.stderr)


def cmd_program(a):
    src = os.path.abspath(a.src)
    expects = []
    for line in open(src, encoding="utf-8"):
        m = EXPECT.search(line)
        if m:
            expects.append((int(m.group(1)), m.group(2) and int(m.group(2)), m.group(3)))
    if not expects:
        print(f"FAIL: {src} has no '// expect-error:' line", file=sys.stderr)
        return 1
    name = re.escape(os.path.basename(src))
    failed = 0
    for flags, outname in MODES:
        with tempfile.TemporaryDirectory(prefix="camp-err-") as tmp:
            out = os.path.join(tmp, outname)
            args = flags + [src, "-o", out]
            problems, stderr = check_run(a.campcc, args, tmp, out)
            for line, col, text in expects:
                where = f"{line}:{col}" if col else f"{line}:\\d+"
                pat = re.compile(rf"(^|/){name}:{where}: error: .*{re.escape(text)}", re.M)
                if not pat.search(stderr):
                    want = f"{os.path.basename(src)}:{line}:{col if col else 'COL'}: error: ...{text}"
                    problems.append(f"no diagnostic '{want}'")
            if problems:
                report([a.campcc] + args, problems, stderr)
                failed += 1
    if not failed:
        print(f"ok: {len(expects)} expected diagnostic(s), {len(MODES)} modes")
    return 1 if failed else 0


def cmd_missing_input(a):
    with tempfile.TemporaryDirectory(prefix="camp-err-") as tmp:
        src = os.path.join(tmp, "no_such_file.c")
        out = os.path.join(tmp, "prog")
        args = [src, "-o", out]
        problems, stderr = check_run(a.campcc, args, tmp, out)
        if "campcc: error:" not in stderr:
            problems.append("stderr has no 'campcc: error:'")
        if "no_such_file.c" not in stderr:
            problems.append("stderr does not name the missing file no_such_file.c")
        if problems:
            report([a.campcc] + args, problems, stderr)
            return 1
        print("ok:", stderr.strip().splitlines()[0])
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    q = sub.add_parser("program")
    q.add_argument("--campcc", required=True)
    q.add_argument("src")
    q = sub.add_parser("missing-input")
    q.add_argument("--campcc", required=True)
    a = p.parse_args()
    return {"program": cmd_program, "missing-input": cmd_missing_input}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
