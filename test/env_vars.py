#!/usr/bin/env python3
"""env_vars.py CAMPCC SOURCE_ROOT — the environment variables campcc and
libcamp read (getenv("CAMP_...") in compiler/ and runtime/, and the test
knobs of runtime/fault_injection.c) are the ones `campcc --help`, the man
page's ENVIRONMENT section and docs/dialect.md's section 10 name: none
missing from any, none named that nothing reads."""
import pathlib
import re
import subprocess
import sys

NAME = re.compile(r"\bCAMP_[A-Z][A-Z0-9_]*[A-Z0-9]\b")
MACROS = {"CAMP_RUNTIME_API_ONLY"}  # a macro section 10 documents, not a variable


def read_by_sources(root):
    names = set()
    for path in list((root / "compiler").rglob("*.c")) + list((root / "runtime").glob("*.c")):
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r'getenv\("(CAMP_[A-Z0-9_]+)"\)', text))
    names |= set(re.findall(r'"(CAMP_TEST_[A-Z0-9_]+)"', (root / "runtime" / "fault_injection.c").read_text()))
    return names


def between(text, start, end):
    i = text.index(start)
    j = text.find(end, i + len(start))
    return text[i:j if j >= 0 else len(text)]


def main():
    campcc, root = sys.argv[1], pathlib.Path(sys.argv[2])
    wanted = read_by_sources(root)
    help_text = subprocess.run([campcc, "--help"], stdout=subprocess.PIPE, check=True, text=True).stdout
    places = {
        "campcc --help": between(help_text, "Environment:", "\0"),
        "packaging/campcc.1": between((root / "packaging" / "campcc.1").read_text(), ".SH ENVIRONMENT", "\n.SH "),
        "docs/dialect.md section 10": between((root / "docs" / "dialect.md").read_text(), "## 10.", "\n## 11."),
    }
    failed = False
    for where, text in places.items():
        named = set(NAME.findall(text)) - MACROS
        for name in sorted(wanted - named):
            print(f"FAIL: {where} does not name {name}, which campcc or libcamp reads")
            failed = True
        for name in sorted(named - wanted):
            print(f"FAIL: {where} names {name}, which nothing reads")
            failed = True
    if failed:
        sys.exit(1)
    print(f"ok: {len(wanted)} variables, named by all three: {' '.join(sorted(wanted))}")


if __name__ == "__main__":
    main()
