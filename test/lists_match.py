#!/usr/bin/env python3
"""The hand-kept test lists of test/meson.build against the files on disk.

  lists_match.py TEST_DIR

meson.build names each test program (`files()` already fails at setup on a
missing file); this fails on a program in a test folder that no list names,
which would otherwise never run.
"""
import os
import re
import sys

# folder: the lists of test/meson.build naming its .c files
FOLDERS = {
    "e2e": ["e2e_tests", "tiled_tests", "libcamp_tests"],
    "corpus": ["corpus_tests"],
    "errors": ["error_tests"],
    "rterrors": ["runtime_failure_tests"],
    "check": ["check_tests"],
}


def listed(text, name):
    m = re.search(r"^" + name + r"\s*=\s*\[(.*?)^\]", text, re.S | re.M)
    if not m:
        sys.exit(f"test/meson.build has no list '{name}'")
    return set(re.findall(r"^\s*'([^']+)'", m.group(1), re.M))


def main():
    test_dir = sys.argv[1]
    with open(os.path.join(test_dir, "meson.build"), encoding="utf-8") as f:
        text = f.read()
    problems = []
    for folder, lists in FOLDERS.items():
        names = set().union(*(listed(text, n) for n in lists))
        on_disk = {f[:-2] for f in os.listdir(os.path.join(test_dir, folder)) if f.endswith(".c")}
        for name in sorted(on_disk - names):
            problems.append(f"test/{folder}/{name}.c is in no list of test/meson.build ({' or '.join(lists)})")
        for name in sorted(names - on_disk):
            problems.append(f"test/meson.build lists '{name}', which is not test/{folder}/{name}.c")
    if problems:
        sys.exit("\n".join(problems))
    print(f"every test program of {', '.join(FOLDERS)} is listed")


if __name__ == "__main__":
    main()
