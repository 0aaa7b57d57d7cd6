#!/usr/bin/env python3
"""bench/checked_cost.py — what campcc -fcamp-check costs on the kernel suite.

    bench/checked_cost.py [--build-dir DIR] [--quick] [--reps N] [--rounds N] [--only NAME,...]

Builds each program of the kernel suite (bench/camp/NAME.c) as bench/run's
build does (campcc -O2) and again with -fcamp-check, into DIR/bench/checked
(DIR: build/ beside bench/, or $CAMP_BUILD_DIR), then runs the two one
after the other, --rounds times (default 2), and prints one row per kernel
and size: each round's median ms unchecked and checked, and the slowdown
(the checked rounds' best over the unchecked rounds' best). Every program
checks its results, so a false report of the checked mode fails the run
(exit status 1, naming the program). A program libcamp refuses on the
device (libcamp_refusal.py), checked and unchecked alike, is noted instead.
"""
import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

from libcamp_refusal import refusal

SOURCE = Path(__file__).resolve().parent
KERNELS = ["saxpy", "matrix_add", "stencil7", "transpose", "reduction", "reduction_subgroup", "histogram",
           "sgemm_tiled", "sgemm_blocked", "nbody"]
BENCH = re.compile(r"^BENCH name=(\S+) size=(\S+) impl=campcc ms=(\S+)")


def build(campcc, kernel, out, checked):
    exe = out / f"camp_{kernel}{'_checked' if checked else ''}"
    cmd = [str(campcc), "-O2"] + (["-fcamp-check"] if checked else []) + \
          [str(SOURCE / "camp" / f"{kernel}.c"), "-o", str(exe), "-lm"]
    subprocess.run(cmd, check=True)
    return exe


def run(exe, extra):
    """The program's times by kernel and size; None where libcamp refused it on the device (noted)."""
    p = subprocess.run([str(exe)] + extra, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    refused = refusal(p.returncode, p.stderr)
    if refused:
        print(f"  {exe.name}: refused on this device: {refused}", flush=True)
        return None
    if p.returncode != 0:
        sys.exit(f"checked_cost: {exe.name} failed (exit status {p.returncode}):\n{p.stderr.strip()}")
    times = {}
    for line in p.stdout.splitlines():
        m = BENCH.match(line)
        if m:
            times[(m.group(1), m.group(2))] = float(m.group(3))
    return times


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", default=os.environ.get("CAMP_BUILD_DIR") or str(SOURCE.parent / "build"))
    ap.add_argument("--quick", action="store_true", help="small sizes: the programs' smoke test")
    ap.add_argument("--reps", type=int)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--only", help="comma-separated kernels")
    a = ap.parse_args()
    kernels = a.only.split(",") if a.only else KERNELS
    unknown = [k for k in kernels if k not in KERNELS]
    if unknown:
        ap.error(f"unknown kernel(s) {', '.join(unknown)}; the kernels: {', '.join(KERNELS)}")
    build_dir = Path(a.build_dir)
    out = build_dir / "bench" / "checked"
    out.mkdir(parents=True, exist_ok=True)
    extra = (["--quick"] if a.quick else []) + (["--reps", str(a.reps)] if a.reps else [])
    campcc = build_dir / "compiler" / "campcc"
    print(f"{'kernel':14} {'size':8} {'unchecked ms (rounds)':28} {'checked ms (rounds)':28} slowdown")
    for k in kernels:
        plain_exe, checked_exe = build(campcc, k, out, False), build(campcc, k, out, True)
        plain, checked = {}, {}
        for _ in range(a.rounds):
            plain_times, checked_times = run(plain_exe, extra), run(checked_exe, extra)
            # a device lacking what the kernel needs refuses both builds alike
            if (plain_times is None) != (checked_times is None):
                sys.exit(f"checked_cost: libcamp refused only one of {plain_exe.name} and {checked_exe.name}")
            if plain_times is None:
                break
            for key, ms in plain_times.items():
                plain.setdefault(key, []).append(ms)
            for key, ms in checked_times.items():
                checked.setdefault(key, []).append(ms)
        for key in plain:
            p, c = plain[key], checked.get(key, [])
            if not c:
                sys.exit(f"checked_cost: {checked_exe.name} printed no time for {key[0]} {key[1]}")
            rounds = lambda ms: " / ".join(f"{x:.4g}" for x in ms)
            print(f"{key[0]:14} {key[1]:8} {rounds(p):28} {rounds(c):28} {min(c) / min(p):.2f}x", flush=True)


if __name__ == "__main__":
    main()
