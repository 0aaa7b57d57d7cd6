#!/usr/bin/env python3
"""check_same_code.py START FILE FILE... — a test: the files hold the same
code from their first line that starts with START to the first line after
it that is exactly "}" (a function kept in two places, such as a sample
and the benchmark that measures it)."""
import sys


def extract(path, start):
    lines = open(path, encoding="utf-8").read().splitlines()
    first = next((i for i, line in enumerate(lines) if line.startswith(start)), None)
    if first is None:
        sys.exit(f"{path}: no line starts with {start!r}")
    last = next((i for i in range(first, len(lines)) if lines[i] == "}"), None)
    if last is None:
        sys.exit(f"{path}: no closing '}}' after line {first + 1}")
    return lines[first:last + 1]


start, paths = sys.argv[1], sys.argv[2:]
reference = extract(paths[0], start)
for path in paths[1:]:
    other = extract(path, start)
    if other != reference:
        diff = next((i for i, (x, y) in enumerate(zip(reference, other)) if x != y), min(len(reference), len(other)))
        sys.exit(f"{path} differs from {paths[0]} in the code from {start!r}, at its line {diff + 1}")
print(f"{len(reference)} lines identical in {len(paths)} files")
