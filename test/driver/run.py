#!/usr/bin/env python3
"""campcc's command line, one flag family per file of test/driver/ (run by meson test).

  run.py --campcc C --include DIR --sample DIR NAME FAMILY.py

NAME is one of FAMILY.py's functions (`test_NAME`, dashes for underscores);
test/find_tests.py lists them all, so a new `test_NAME` function is a new
test `driver-NAME`. Each runs in a fresh temporary directory holding a copy
of the sample project DIR (samples/cmake: scale.c has a kernel, main.c is
plain C, square.h is used only inside the kernel). Programs run with
CAMP_VALIDATION=1 and must print DIR/expected.
"""
import argparse
import importlib.util
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import Ctx, Failed  # noqa: E402 (after the path to this folder)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--campcc", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--sample", required=True)
    ap.add_argument("name")
    ap.add_argument("family")
    a = ap.parse_args()
    a.campcc, a.include, a.sample = map(os.path.abspath, (a.campcc, a.include, a.sample))
    spec = importlib.util.spec_from_file_location(os.path.basename(a.family)[:-3], a.family)
    family = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(family)
    fn = getattr(family, "test_" + a.name.replace("-", "_"), None)
    if not fn:
        sys.exit(f"{a.family}: no test '{a.name}'")
    with tempfile.TemporaryDirectory(prefix="campcc-driver-") as tmp:
        try:
            fn(Ctx(a, tmp))
        except Failed as e:
            print(f"FAIL [{a.name}] {fn.__doc__.strip()}\n{e}", file=sys.stderr)
            return 1
    print(f"ok: {a.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
