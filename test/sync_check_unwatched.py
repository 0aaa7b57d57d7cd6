#!/usr/bin/env python3
"""sync_check_unwatched.py --campcc C --include DIR: with
CAMP_IMPLICIT_SYNC=check, a view whose pages libcamp cannot protect (a
small malloc'd block) gets one warning, at the first kernel that uses it,
naming the kernel's line and the view, that the host's accesses to it go
unchecked, and a second such view none (one line a program); a view of
whole pages gets none, and neither does any view without the check. The results are the same in both modes.
A view first used by a library call's kernel gets the warning at the
program's line that called it (LIBRARY_PROGRAM)."""
import argparse
import os
import subprocess
import sys
import tempfile

PROGRAM = r"""#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int *v = malloc(64 * sizeof *v), *w = aligned_alloc(4096, 4096), *u = malloc(64 * sizeof *u);
    for (int i = 0; i < 64; i++) v[i] = i, w[i] = i, u[i] = i;
    array_view(v, 64);
    array_view(w, 1024);
    array_view(u, 64);
    parallel_for_each(i, extent(64)) { v[i] *= 2; w[i] *= 2; }
    parallel_for_each(i, extent(64)) { v[i] += u[i]; }
    array_view_synchronize(v);
    array_view_synchronize(w);
    printf("%d %d\n", v[3], w[3]);
    return 0;
}
"""

LIBRARY_PROGRAM = r"""#include <camp.h>
#include <camp_algorithms.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    float *x = malloc(1000 * sizeof *x);
    for (int i = 0; i < 1000; i++) x[i] = 1.0f;
    array_view(x, 1000);
    float s = camp_reduce_sum(x, 1000);
    printf("%g\n", s);
    return 0;
}
"""


def run_modes(exe, want_out, where, name):
    """The program with and without the check: the same output; the one
    warning naming `where` and the view `name` with it."""
    failed = False
    for mode in ["check", None]:
        env = dict(os.environ)
        env.pop("CAMP_IMPLICIT_SYNC", None)
        if mode:
            env["CAMP_IMPLICIT_SYNC"] = mode
        p = subprocess.run([exe], env=env, capture_output=True, text=True)
        warnings = [line for line in p.stderr.splitlines() if "camp warning" in line]
        want = 1 if mode else 0
        if p.returncode != 0 or p.stdout != want_out:
            print(f"FAIL ({mode}): exit {p.returncode}, stdout {p.stdout!r}\n{p.stderr}")
            failed = True
        if len(warnings) != want or (want and not (warnings[0].startswith(f"{where}: camp warning: "
                                                                           f"CAMP_IMPLICIT_SYNC=check cannot watch '{name}'")
                                                   and "aligned_alloc(4096" in warnings[0])):
            print(f"FAIL ({mode}): want {want} warning about '{name}' at {where}, got:\n{p.stderr}")
            failed = True
    return failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--campcc", required=True)
    ap.add_argument("--include", required=True)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        src, exe = os.path.join(d, "prog.c"), os.path.join(d, "prog")
        with open(src, "w") as f:
            f.write(PROGRAM)
        subprocess.run([a.campcc, "-I", a.include, src, "-o", exe], check=True)
        failed = run_modes(exe, "9 6\n", f"{src}:10", "v")
        lib_src, lib_exe = os.path.join(d, "library.c"), os.path.join(d, "library")
        with open(lib_src, "w") as f:
            f.write(LIBRARY_PROGRAM)
        subprocess.run([a.campcc, "-I", a.include, lib_src, "-o", lib_exe], check=True)
        failed = run_modes(lib_exe, "1000\n", f"{lib_src}:9", "x") or failed
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
