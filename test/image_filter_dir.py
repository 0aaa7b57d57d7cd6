#!/usr/bin/env python3
"""image_filter_dir.py --campcc C SRC EXE — samples/image_filter (EXE, built
from SRC) with a DIR: one that is not there is made and gets the three
PNGs; one that cannot be made (under a file) is refused with a message and
exit status 2 before any work, never an abort. Under CAMP_SIMULATE of a
profile without texture writes (campcc --target-profile warns about SRC),
the run that makes the directory must stop with libcamp's refusal instead
(test/e2e.py's simulated_refusal)."""
import argparse
import os
import subprocess
import sys
import tempfile

import e2e


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--campcc", required=True)
    p.add_argument("src")
    p.add_argument("exe")
    a = p.parse_args()
    exe = a.exe
    env = dict(os.environ, CAMP_VALIDATION="1")
    with tempfile.TemporaryDirectory() as tmp:
        new = os.path.join(tmp, "new", "out")
        os.mkdir(os.path.join(tmp, "new"))
        try:
            refusal = e2e.simulated_refusal(exe, e2e.profile_warnings(a.campcc, a.src),
                                            e2e.source_words(a.src, "needs"), [new])
        except e2e.StepFailed as e:
            sys.exit(f"FAIL: a directory not there: {e}")
        if refusal:
            print(refusal)
        else:
            p = subprocess.run([exe, new], env=env, capture_output=True, text=True, timeout=240)
            if p.returncode != 0:
                sys.exit(f"FAIL: a directory not there: exit {p.returncode}\n{p.stdout}{p.stderr}")
            for name in ("input.png", "blur.png", "edges.png"):
                if not os.path.isfile(os.path.join(new, name)):
                    sys.exit(f"FAIL: {name} not written in the directory made")
        afile = os.path.join(tmp, "a_file")
        open(afile, "w").close()
        bad = os.path.join(afile, "out")
        p = subprocess.run([exe, bad], env=env, capture_output=True, text=True, timeout=240)
        if p.returncode != 2 or "cannot make the directory" not in p.stderr or p.stdout:
            sys.exit(f"FAIL: a directory under a file: exit {p.returncode}, want 2 and one message\n{p.stdout}{p.stderr}")
    print(f"ok: {'the kernels refused as the profile has it' if refusal else 'the directory made'}; "
          "one under a file refused with exit status 2")


if __name__ == "__main__":
    main()
