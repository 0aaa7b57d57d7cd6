#!/usr/bin/env python3
"""bench/many_kernels.py — what a file of many kernels costs.

    bench/many_kernels.py [--campcc PATH] [-O LEVEL] N [N ...]

For each N, writes a program with N parallel_for_each (each different, each
launched once and its result checked), compiles it with campcc and runs it,
and prints the wall time and peak memory of both:

    BENCH name=many_kernels size=<N> impl=campcc-O<L> step=<compile|run> s=<seconds> max_rss_mb=<MiB>

Each kernel has its own SPIR-V module and pipeline, so both steps should
grow in proportion to N. Exits non-zero if a step fails or a result is
wrong; a run libcamp refuses on the device (libcamp_refusal.py) is noted
instead. CAMP_VALIDATION and the other CAMP_* variables pass through.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from libcamp_refusal import refusal


def program(n):
    lines = ["#include <camp.h>", "#include <stdio.h>", "", "int main(void) {",
             "    float a[64], b[64];", "    for (int i = 0; i < 64; i++) a[i] = (float)i;", "    int wrong = 0;"]
    for k in range(n):
        lines.append(f"    parallel_for_each(i, extent(64)) {{ b[i] = a[i] * {k % 97}.0f + {k}; }}")
        lines.append(f"    wrong += b[5] != 5.0f * {k % 97}.0f + {k};")
    lines += [f'    printf("{n} kernels, %d wrong\\n", wrong);', "    return wrong != 0;", "}"]
    return "\n".join(lines) + "\n"


def timed(cmd, log):
    """Runs cmd, its output to `log`: its wall time, its own peak RSS in MiB
    (wait4's, of this child alone) and its exit status."""
    start = time.monotonic()
    with open(log, "w") as out:
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode:
        sys.stdout.write(Path(log).read_text())
    return time.monotonic() - start, usage.ru_maxrss / 1024, p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--campcc", default=str(Path(__file__).resolve().parent.parent / "build" / "compiler" / "campcc"))
    ap.add_argument("-O", dest="level", default="0")
    ap.add_argument("sizes", nargs="+", type=int)
    a = ap.parse_args()
    failed = False
    for n in a.sizes:
        with tempfile.TemporaryDirectory(prefix="camp-many-") as tmp:
            src, exe = os.path.join(tmp, f"k{n}.c"), os.path.join(tmp, f"k{n}")
            Path(src).write_text(program(n))
            for step, cmd in (("compile", [a.campcc, f"-O{a.level}", src, "-o", exe]), ("run", [exe])):
                log = os.path.join(tmp, step + ".log")
                seconds, mib, status = timed(cmd, log)
                print(f"BENCH name=many_kernels size={n} impl=campcc-O{a.level} step={step} s={seconds:.2f} "
                      f"max_rss_mb={mib:.0f}", flush=True)
                refused = refusal(status, Path(log).read_text()) if step == "run" else None
                if refused:
                    print(f"many_kernels: the run of {n} kernels was refused on this device: {refused}")
                elif status:
                    print(f"many_kernels: {step} of {n} kernels failed (status {status})", file=sys.stderr)
                    failed = True
                    break
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
