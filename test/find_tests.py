#!/usr/bin/env python3
"""The tests of the test folders, found by listing them (test/meson.build).

  find_tests.py [--depfile DEPFILE] OUTPUT TEST_DIR LIBCAMP_DIR
  find_tests.py --configured OUTPUT TEST_DIR LIBCAMP_DIR

Writes OUTPUT, one line per test, its fields separated by tabs:

  SUITE  NAME  RUNNER  TIMEOUT  SOURCE  [FLAG...]

SOURCE is relative to TEST_DIR; RUNNER names the command test/meson.build
runs (the runner's fixed arguments are there) and the FLAGs are added to
it. Every `*.c` of a folder is a test; a file's `// test: WORD...` line
says more (docs/testing.md), and a word this script does not know fails
`meson setup`. The tests of test/driver/ are its families' `test_NAME`
functions. DEPFILE names the files read, so that the next build lists
the tests again when one changes its `// test:` line. Meson cannot watch a
folder: a file added or removed needs `meson setup --reconfigure`, and
`--configured` (the test `test-lists`) fails until then, naming the tests
the configuration lacks or still has.
"""
import argparse
import os
import re
import sys

# the words of an e2e program's `// test:` line
E2E_WORDS = {
    "tiled",       # tiled kernels: the serial reference mode must refuse it (suite `tiled`)
    "libcamp",     # the reference build links libcamp too (texture_load_png)
    "unchecked",   # no `checked-` build with -fcamp-check (it goes out of bounds on purpose)
    "workgroups",  # also `workgroups-NAME`: the workgroup size chosen at run time
    "addresses",   # also `addresses-NAME`: views addressed by access chains or 64-bit sums
    "vectorized",  # also `vectorized-NAME`: kernels vectorized, the same results as one element per thread
}


def sources(test_dir, folder):
    return sorted(f for f in os.listdir(os.path.join(test_dir, folder)) if f.endswith(".c"))


def test_words(path):
    text = open(path, encoding="utf-8").read()
    words = set()
    for line in re.findall(r"^// test: (.*)$", text, flags=re.M):
        words.update(line.split())
    unknown = words - E2E_WORDS
    if unknown:
        sys.exit(f"{path}: unknown `// test:` word {' '.join(sorted(unknown))} "
                 f"(known: {' '.join(sorted(E2E_WORDS))})")
    return words


def program_tests(test_dir, libcamp_dir, folder, prefix=""):
    """e2e.py's tests of a folder of self-checking programs."""
    for f in sources(test_dir, folder):
        name, src = f[:-2], f"{folder}/{f}"
        words = test_words(os.path.join(test_dir, src))
        tiled = ["--tiled"] if "tiled" in words else []
        suite = "tiled" if tiled else "e2e" if folder == "e2e" else folder
        libcamp = ["--libcamp", libcamp_dir] if "libcamp" in words else []
        yield suite, prefix + name, "program", 300, src, ["--optimized"] + tiled + libcamp
        if "unchecked" not in words:
            yield "checked", "checked-" + name, "program", 300, src, ["--checked"] + tiled
        for variant in sorted(words & {"workgroups", "addresses", "vectorized"}):
            yield "e2e", f"{variant}-{name}", variant, 300, src, []


def driver_tests(test_dir):
    for f in sorted(os.listdir(os.path.join(test_dir, "driver"))):
        if f.endswith(".py"):
            text = open(os.path.join(test_dir, "driver", f), encoding="utf-8").read()
            for fn in re.findall(r"^def test_(\w+)\(ctx\):", text, flags=re.M):
                name = fn.replace("_", "-")
                yield "driver", "driver-" + name, "driver", 300, f"driver/{f}", [name]


def all_tests(test_dir, libcamp_dir):
    yield from program_tests(test_dir, libcamp_dir, "e2e")
    yield from program_tests(test_dir, libcamp_dir, "corpus", prefix="corpus-")
    for f in sources(test_dir, "errors"):
        yield "errors", "error-" + f[:-2], "error", 120, "errors/" + f, []
    for f in sources(test_dir, "rterrors"):
        yield "errors", "rterror-" + f[:-2], "rterror", 120, "rterrors/" + f, []
    for f in sources(test_dir, "check"):
        yield "check", "check-" + f[:-2], "check", 120, "check/" + f, []
    yield from driver_tests(test_dir)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--depfile")
    ap.add_argument("--configured", action="store_true", help="compare OUTPUT with the folders")
    ap.add_argument("output")
    ap.add_argument("test_dir")
    ap.add_argument("libcamp_dir")
    a = ap.parse_args()
    tests = list(all_tests(a.test_dir, a.libcamp_dir))
    lines = ["\t".join([suite, name, runner, str(timeout), src] + flags) + "\n"
             for suite, name, runner, timeout, src, flags in tests]
    if a.configured:
        configured = open(a.output, encoding="utf-8").readlines()
        stale = [f"not configured: {line.split()[1]}" for line in lines if line not in configured]
        stale += [f"configured, no longer in the folders: {line.split()[1]}" for line in configured
                  if line not in lines]
        if stale:
            sys.exit("\n".join(stale) + "\nrun `meson setup --reconfigure` on the build directory")
        print(f"the configured tests are the {len(lines)} of the test folders")
        return
    with open(a.output, "w", encoding="utf-8") as out:
        out.writelines(lines)
    if a.depfile:
        read = sorted({os.path.join(a.test_dir, t[4]) for t in tests if t[2] in ("program", "driver")})
        with open(a.depfile, "w", encoding="utf-8") as d:
            d.write(os.path.basename(a.output) + ": " + " ".join(read) + "\n")


if __name__ == "__main__":
    main()
