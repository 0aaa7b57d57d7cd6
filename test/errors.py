#!/usr/bin/env python3
"""Diagnostics tests for campcc (run by meson test; usable by hand).

  errors.py program --campcc C SRC.c
      SRC.c holds lines
          // expect-error: LINE:COL: message substring
          // expect-error: LINE: message substring      (any column)
          // expect-note: LINE:COL: message substring
          // expect-warning: LINE:COL: message substring
          // flags: -Wall -Werror                       (extra campcc flags)
          // expect-quiet                               (no diagnostic at all)
          // expect-errors: N                           (exactly N errors in SRC.c)
      For each of `-o exe`, `-c -o x.o` and `-S -o x.spvasm`, campcc must
      print every expected diagnostic as `.../SRC.c:LINE:COL: KIND: ...` on
      stderr (clang's format) and leave no temporary file in $TMPDIR. With an
      expected error it must exit with status 1 and leave no output file;
      with none (warnings only) exit with status 0 and write the output.
      Under CAMP_TEST_REPEAT=1 (CI's sanitizer run, which repeats the plain
      one) only `-o exe`: the plain run shows the other two say the same.
  errors.py runtime --campcc C SRC.c
      SRC.c is a program that compiles and fails at run time. It holds
          // env: NAME=VALUE                  (the failure's knob, for the run)
          // flags: -fcamp-check              (extra campcc flags)
          // expect-abort: LINE: substring    (no handler: stderr and abort())
          // expect-handled: substring        (a handler installed: stdout)
      Run with no argument it must print `SRC.c:LINE: camp error: ...` on
      stderr and abort; run with the argument `handle` it installs
      camp_set_error_handler, must print the substring and exit with 0.
      A program whose failure only some devices have exits with 77 on the
      others once it checked what they do instead (the right result): that
      passes too (test/run counts a skipped test as a failure).
  errors.py color --campcc C SRC.c
      SRC.c has an error: -fdiagnostics-color=always colours it as clang
      does; =never, and the default on a pipe, do not.
  errors.py missing-input --campcc C
      campcc on a file that does not exist: status 1, `campcc: error:` and
      the file's name on stderr, no output file.
"""
import argparse
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile

import e2e

EXPECT = re.compile(r"//\s*expect-(error|note|warning):\s*(\d+)(?::(\d+))?:\s*(.+?)\s*$")
FLAGS = re.compile(r"//\s*flags:\s*(.+?)\s*$")
QUIET = re.compile(r"//\s*expect-quiet\s*$")
COUNT = re.compile(r"//\s*expect-errors:\s*(\d+)\s*$")
MODES = [([], "prog"), (["-c"], "prog.o"), (["-S"], "prog.spvasm")]


def run_campcc(campcc, args, tmpdir):
    env = dict(os.environ, TMPDIR=tmpdir)
    try:
        p = subprocess.run([campcc] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=120, env=env)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after 120s"
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def check_run(campcc, args, tmp, want_rc=1, want_files=()):
    """Common checks: the exit status, what is left in the output directory
    `tmp`, and that its temporary directory `tmp`/tmp is left empty."""
    problems = []
    tmpdir = os.path.join(tmp, "tmp")
    os.mkdir(tmpdir)
    rc, stdout, stderr = run_campcc(campcc, args, tmpdir)
    if rc != want_rc:
        problems.append(f"exit status {rc}, want {want_rc}" +
                        (" (crashed)" if rc is not None and rc < 0 else ""))
    temps = sorted(os.listdir(tmpdir))
    if temps:
        problems.append(f"left temporary files behind in $TMPDIR: {', '.join(temps)}")
    left = sorted(f for f in os.listdir(tmp) if f != "tmp")
    if sorted(want_files) != left:
        if want_files:
            problems.append(f"output directory holds {left}, want {sorted(want_files)}")
        else:
            problems.append(f"left files behind: {', '.join(left)} (want no output on error)")
    return problems, stderr


def report(cmd, problems, stderr):
    print(f"FAIL: {shlex.join(cmd)}", file=sys.stderr)
    for p in problems:
        print(f"  - {p}", file=sys.stderr)
    print("  --- stderr ---\n" + stderr[-4000:], file=sys.stderr)


def cmd_program(a):
    src = os.path.abspath(a.src)
    expects, flags, quiet, count = [], [], False, None
    for line in open(src, encoding="utf-8"):
        quiet = quiet or bool(QUIET.search(line))
        m = COUNT.search(line)
        if m:
            count = int(m.group(1))
        m = EXPECT.search(line)
        if m:
            expects.append((m.group(1), int(m.group(2)), m.group(3) and int(m.group(3)), m.group(4)))
        m = FLAGS.search(line)
        if m:
            flags += shlex.split(m.group(1))
    if not expects and not quiet:
        print(f"FAIL: {src} has no '// expect-error:' line", file=sys.stderr)
        return 1
    has_error = any(kind == "error" for kind, *_ in expects)
    name = re.escape(os.path.basename(src))
    failed = 0
    modes = MODES[:1] if os.environ.get("CAMP_TEST_REPEAT") == "1" else MODES
    for mode_flags, outname in modes:
        with tempfile.TemporaryDirectory(prefix="camp-err-") as tmp:
            out = os.path.join(tmp, outname)
            args = flags + mode_flags + [src, "-o", out]
            problems, stderr = check_run(a.campcc, args, tmp, want_rc=1 if has_error else 0,
                                         want_files=() if has_error else (outname,))
            if quiet and stderr:
                problems.append("diagnostics printed; want none")
            errors = len(re.findall(rf"(^|/){name}:\d+:\d+: error: ", stderr, re.M))
            if count is not None and errors != count:
                problems.append(f"{errors} errors in {os.path.basename(src)}; want {count}")
            for kind, line, col, text in expects:
                where = f"{line}:{col}" if col else f"{line}:\\d+"
                pat = re.compile(rf"(^|/){name}:{where}: {kind}: .*{re.escape(text)}", re.M)
                if not pat.search(stderr):
                    want = f"{os.path.basename(src)}:{line}:{col if col else 'COL'}: {kind}: ...{text}"
                    problems.append(f"no diagnostic '{want}'")
            if problems:
                report([a.campcc] + args, problems, stderr)
                failed += 1
    if not failed:
        print(f"ok: {len(expects)} expected diagnostic(s), {len(modes)} modes")
    return 1 if failed else 0


def cmd_runtime(a):
    src = os.path.abspath(a.src)
    env, abort, handled, flags = dict(os.environ, CAMP_VALIDATION="1"), None, None, []
    for line in open(src, encoding="utf-8"):
        m = FLAGS.search(line)
        if m:
            flags = shlex.split(m.group(1))
        m = re.search(r"//\s*env:\s*(\w+)=(\S*)", line)
        if m:
            env[m.group(1)] = m.group(2)
        m = re.search(r"//\s*expect-abort:\s*(\d+):\s*(.+?)\s*$", line)
        if m:
            abort = (int(m.group(1)), m.group(2))
        m = re.search(r"//\s*expect-handled:\s*(.+?)\s*$", line)
        if m:
            handled = m.group(1)
    if not abort or not handled:
        print(f"FAIL: {src} needs '// expect-abort:' and '// expect-handled:' lines", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="camp-rt-") as tmp:
        exe = os.path.join(tmp, "prog")
        rc, _, stderr = run_campcc(a.campcc, [*flags, src, "-o", exe], tmp)
        if rc != 0:
            report([a.campcc, *flags, src, "-o", exe], [f"campcc exit status {rc}, want 0"], stderr)
            return 1
        problems = []
        p = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=120)
        err = p.stderr.decode(errors="replace")
        if p.returncode == 77:
            print(f"ok: no such failure on this device: {p.stdout.decode(errors='replace').strip()}")
            return 0
        line, text = abort
        pat = re.compile(rf"(^|/){re.escape(os.path.basename(src))}:{line}: camp error: .*{re.escape(text)}", re.M)
        if not pat.search(err):
            # As a device profile (CAMP_SIMULATE) that lacks what the kernels
            # need, a launch that gets that far is refused for it instead, as
            # for the program tests (an error found before, such as a bad
            # extent, still comes first).
            try:
                refusal = e2e.simulated_refusal(exe, e2e.profile_warnings(a.campcc, src, flags))
            except e2e.StepFailed as e:
                report([exe], [str(e)], err)
                return 1
            if refusal:
                print(f"ok: refused as the profile lacks what the kernels need: {refusal}")
                return 0
            unusable = f"camp error: no usable Vulkan device: CAMP_SIMULATE={os.environ.get('CAMP_SIMULATE')}: "
            if p.returncode == 1 and unusable in err and e2e.profile_runs_no_kernel(a.campcc):
                print(f"ok: no device is usable as the profile: {err.strip().splitlines()[-1]}")
                return 0
        if p.returncode != -signal.SIGABRT:
            problems.append(f"without a handler: exit status {p.returncode}, want SIGABRT")
        if not pat.search(err):
            problems.append(f"without a handler: no '{os.path.basename(src)}:{line}: camp error: ...{text}'")
        q = subprocess.run([exe, "handle"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=120)
        out = q.stdout.decode(errors="replace")
        if q.returncode != 0:
            problems.append(f"with a handler: exit status {q.returncode}, want 0")
        if handled not in out:
            problems.append(f"with a handler: stdout lacks '{handled}'")
        if problems:
            report([exe], problems, "(no handler)\n" + err + "\n(handler) stdout:\n" + out +
                   "\nstderr:\n" + q.stderr.decode(errors="replace"))
            return 1
    print(f"ok: aborts naming line {line}; the handler gets it")
    return 0


def cmd_color(a):
    src = os.path.abspath(a.src)
    failed = 0
    for flags, want_color in ((["-fdiagnostics-color=always"], True), (["-fdiagnostics-color"], True),
                              (["-fdiagnostics-color=never"], False), ([], False)):
        with tempfile.TemporaryDirectory(prefix="camp-err-") as tmp:
            args = flags + [src, "-o", os.path.join(tmp, "prog")]
            problems, stderr = check_run(a.campcc, args, tmp)
            colored = "\033[31merror:" in stderr and "\033[1m" in stderr
            if colored != want_color:
                problems.append("error not coloured" if want_color else "colour codes without colour")
            if not want_color and "\033" in stderr:
                problems.append("escape codes in uncoloured output")
            if problems:
                report([a.campcc] + args, problems, stderr)
                failed += 1
    if not failed:
        print("ok: colours as asked")
    return 1 if failed else 0


def cmd_missing_input(a):
    with tempfile.TemporaryDirectory(prefix="camp-err-") as tmp:
        src = os.path.join(tmp, "no_such_file.c")
        out = os.path.join(tmp, "prog")
        args = [src, "-o", out]
        problems, stderr = check_run(a.campcc, args, tmp)
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
    q = sub.add_parser("runtime")
    q.add_argument("--campcc", required=True)
    q.add_argument("src")
    q = sub.add_parser("color")
    q.add_argument("--campcc", required=True)
    q.add_argument("src")
    q = sub.add_parser("missing-input")
    q.add_argument("--campcc", required=True)
    a = p.parse_args()
    return {"program": cmd_program, "runtime": cmd_runtime, "color": cmd_color, "missing-input": cmd_missing_input}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
