#!/usr/bin/env python3
"""Every code block of README.md and docs/*.md, built and run as written.

  doc_blocks.py --campcc C --build DIR --source DIR [PAGE.md ...]

What each block is comes from its fence's info string and from a comment on
the line just above the fence, `<!-- doc-test: KEY[: VALUE]; ... -->`
(docs/testing.md, "Code blocks in the docs", is the reference):

  ```c      a complete program (it defines main): built by campcc with -Wall
            -Werror, run with CAMP_VALIDATION=1, exit 0. `expect-output:
            TOKENS`: its output, split on white space, is TOKENS; a ```text
            block marked `output` right after it: its exact output.
            `fragment`: not a program, compiled alone with -c;
            `fragment: body(PARAMS)`: compiled as the body of a function
            with those parameters (after <camp.h>, <stdio.h>, <stdlib.h>,
            <string.h>, <math.h>); `fragment: NAME`: compiled inside
            test/doc_blocks/NAME.c, at its `/* doc block */` line.
            `expect-error: [LINE:] TEXT`: campcc must refuse it with
            `error: TEXT` (at that line of the block).
  ```sh     `run: source` runs it with bash -e in a fresh directory that looks
            like the source tree (`build` is the build tree); `run:
            installed` in an empty fresh directory, with the build installed
            into a temporary prefix, $PREFIX, whose bin/ is first on PATH.
            `run each line: ...`: each command in a fresh directory of its
            own. `expect-output: TOKENS`: stdout (of each command) ends with
            TOKENS. `ci: REASON`: CI runs it, not this test; the packages it
            installs must be ones .ci/run installs, and all of README.md's
            where it then builds. `not run: REASON`. (A
            reason is the rest of the comment, semicolons and all.)
  ```make, ```cmake, ```meson: `file: NAME` (or `not run: REASON`).
  ```text: output, messages, diagrams; not code. A block without a
            language is a failure: say what it is.

`file: NAME` (any code block) also puts the block, as NAME, into the
directory of every `run` block after it on the same page. Every block
needs a rule: a block without the comment its language needs, or of a
language without a rule, is a failure, as is an indented code block (fence
it and give it a language).
"""
import argparse
import concurrent.futures
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field

TIMEOUT = 240  # seconds for any one command
FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})\s*([^`\s]*)")
DIRECTIVE = re.compile(r"^\s*<!--\s*doc-test:(.*)-->\s*$")
MAIN = re.compile(r"\bmain\s*\(")
BODY_WRAPPER = re.compile(r"^body\((.*)\)$")
WRAPPER_MARK = "/* doc block */"
BODY_PRELUDE = ("#include <camp.h>\n#include <math.h>\n#include <stdio.h>\n"
                "#include <stdlib.h>\n#include <string.h>\n")
FILE_KINDS = {"make", "cmake", "meson"}
REASON_KEYS = {"not run", "ci"}
KEYS = {"not run", "ci", "run", "run each line", "file", "fragment", "expect-output",
        "expect-error", "output"}


class BlockFailed(Exception):
    pass


@dataclass
class Block:
    page: str      # path relative to the source root
    line: int      # line of the opening fence
    kind: str      # the info string's first word
    text: str
    keys: dict     # the doc-test directive
    files: dict = field(default_factory=dict)  # NAME -> text saved above it on its page
    output: "Block" = None                     # the ```text block marked `output` after it

    def where(self):
        return f"{self.page}:{self.line}"


# ---- Reading the pages ------------------------------------------------------


def parse_directive(comment, where):
    """`KEY[: VALUE]; ...` as a dict; a reason (`not run`, `ci`) is the rest of the comment."""
    keys = {}
    parts = comment.split(";")
    for i, part in enumerate(parts):
        if not part.strip():
            continue
        key, _, value = part.partition(":")
        key = key.strip()
        if key not in KEYS:
            raise BlockFailed(f"{where}: unknown doc-test key '{key}' (known: {', '.join(sorted(KEYS))})")
        if key in REASON_KEYS:
            keys[key] = ";".join([value] + parts[i + 1:]).strip()
            break
        keys[key] = value.strip()
    return keys


def read_page(source, page):
    """The page's fenced blocks, in order, and the problems found reading it."""
    lines = open(os.path.join(source, page), encoding="utf-8").read().split("\n")
    blocks, problems, files = [], [], {}
    i = 0
    while i < len(lines):
        if DIRECTIVE.match(lines[i]) and not (i + 1 < len(lines) and FENCE.match(lines[i + 1])):
            problems.append(f"{page}:{i + 1}: a doc-test comment must be the line just above a fence")
        if not FENCE.match(lines[i]):
            if is_indented_code(lines, i):
                problems.append(f"{page}:{i + 1}: an indented code block: fence it (```sh, ```c, ...) "
                                "so that it gets a rule")
            i += 1
            continue
        start = i
        kind, text, i = fenced_block(lines, i)
        where = f"{page}:{start + 1}"
        d = DIRECTIVE.match(lines[start - 1]) if start > 0 else None
        try:
            keys = parse_directive(d.group(1), where) if d else {}
        except BlockFailed as e:
            problems.append(str(e))
            continue
        block = Block(page, start + 1, kind, text, keys, dict(files))
        if "file" in keys:
            files[keys["file"]] = block.text
        if "output" in keys:
            previous = blocks[-1] if blocks else None
            if not previous or previous.kind != "c" or "fragment" in previous.keys:
                problems.append(f"{where}: an `output` block must follow a ```c program")
            else:
                previous.output = block
        blocks.append(block)
    return blocks, problems


def fenced_block(lines, i):
    """The block whose opening fence is line i: its kind, its text, and the line after it."""
    indent, fence, kind = FENCE.match(lines[i]).groups()
    closing = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}\s*$")
    body = []
    i += 1
    while i < len(lines) and not closing.match(lines[i]):
        body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
        i += 1
    return kind, "\n".join(body) + "\n", i + 1


def is_indented_code(lines, i):
    """Whether line i starts an indented code block (not a list item's continuation)."""
    if not lines[i].startswith("    ") or not lines[i].strip() or (i > 0 and lines[i - 1].strip()):
        return False
    return not in_list(lines, i)


def in_list(lines, i):
    """Whether the indented line i continues a list item (then it is no code block)."""
    for j in range(i - 1, -1, -1):
        if lines[j].strip():
            return bool(re.match(r"^\s*([-*+]|\d+[.)])\s", lines[j])) or lines[j].startswith(" ")
    return False


# ---- Running commands ---------------------------------------------------------


def run(cmd, what, cwd=None, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise BlockFailed(f"{what}: timed out after {TIMEOUT} s")
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def show(out, err, limit=3000):
    text = ""
    if out:
        text += "  --- stdout ---\n" + out[-limit:].rstrip("\n") + "\n"
    if err:
        text += "  --- stderr ---\n" + err[-limit:].rstrip("\n") + "\n"
    return text


def program_env():
    env = dict(os.environ)
    env["CAMP_VALIDATION"] = "1"
    # The documented outputs are the device's own: under test/profiles a
    # block runs on the device itself, and the blocks that show a device
    # profile set CAMP_SIMULATE themselves (docs/portability.md).
    env.pop("CAMP_SIMULATE", None)
    return env


class Context:
    """What the blocks run with: campcc, the trees, and an installed copy made on first use."""

    def __init__(self, campcc, build, source, scratch):
        self.campcc, self.build, self.source, self.scratch = campcc, build, source, scratch
        self._prefix = None
        self._lock = threading.Lock()

    def prefix(self):
        with self._lock:
            if self._prefix is None:
                dest = os.path.join(self.scratch, "installed")
                rc, out, err = run(["meson", "install", "-C", self.build, "--no-rebuild", "--destdir", dest],
                                   "meson install")
                if rc != 0:
                    raise BlockFailed("meson install --destdir failed\n" + show(out, err))
                found = glob.glob(os.path.join(dest, "**", "bin", "campcc"), recursive=True)
                if not found:
                    raise BlockFailed(f"no bin/campcc under {dest}")
                self._prefix = os.path.dirname(os.path.dirname(found[0]))
            return self._prefix

    def directory(self, block, sandbox):
        """A fresh directory for a `run` block: the page's files so far, and the sandbox's contents."""
        d = tempfile.mkdtemp(prefix=f"{os.path.basename(block.page)}-{block.line}-", dir=self.scratch)
        if sandbox == "source":
            for name in os.listdir(self.source):
                if name not in block.files and not name.startswith("build") and name != ".git":
                    os.symlink(os.path.join(self.source, name), os.path.join(d, name))
            os.symlink(self.build, os.path.join(d, "build"))
        elif sandbox != "installed":
            raise BlockFailed(f"{block.where()}: unknown sandbox '{sandbox}' (source or installed)")
        for name, text in block.files.items():
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                f.write(text)
        return d

    def shell_env(self, sandbox):
        env = program_env()
        if sandbox == "installed":
            prefix = self.prefix()
            env["PREFIX"] = prefix
            env["PATH"] = os.path.join(prefix, "bin") + os.pathsep + env["PATH"]
            env.pop("LD_LIBRARY_PATH", None)
            # Under CAMP_SANITIZE the installed libcamp needs clang's
            # sanitizer runtime wherever the project's own compiler links it:
            # that compiler is then campcc's host compiler, with its flags.
            host = shlex.split(os.environ.get("CAMP_HOST_CC") or "clang-19")
            if len(host) > 1:
                env["CC"] = host[0]
                env["CFLAGS"] = env["LDFLAGS"] = " ".join(host[1:])
        return env


# ---- The rules, one per kind of block ---------------------------------------------


def check_c(ctx, block):
    k = block.keys
    fragment = "fragment" in k
    if not fragment and not MAIN.search(block.text):
        raise BlockFailed("a ```c block without main: mark it <!-- doc-test: fragment... --> "
                          "or make it a complete program")
    d = tempfile.mkdtemp(prefix="c-", dir=ctx.scratch)
    name = f"{os.path.splitext(os.path.basename(block.page))[0]}-{block.line}"
    source, offset = wrap(ctx, block, os.path.join(d, name + ".c"))
    exe = os.path.join(d, name)
    # A fragment may declare what it does not use: it shows part of a program.
    flags = ["-Wall", "-Werror"] + (["-Wno-unused", "-c", "-o", exe + ".o"] if fragment else ["-o", exe])
    cmd = [ctx.campcc] + flags + [source]
    rc, out, err = run(cmd, "campcc", cwd=d)
    if "expect-error" in k:
        return expect_error(k["expect-error"], offset, rc, err, cmd)
    if rc != 0:
        raise BlockFailed(f"campcc failed: {shlex.join(cmd)}\n" + show(out, err))
    if fragment:
        return "compiled"
    rc, out, err = run([exe], "the program", cwd=d, env=program_env())
    if rc != 0:
        raise BlockFailed(f"the program exited with status {rc}\n" + show(out, err))
    expect_output(k, out, err, whole=True)
    if block.output:
        want = [l.rstrip() for l in block.output.text.rstrip("\n").split("\n")]
        got = [l.rstrip() for l in out.rstrip("\n").split("\n")]
        if want != got:
            raise BlockFailed(f"the program's output is not the block at {block.output.where()}\n" + show(out, err))
    return "built and ran" + (", output checked" if block.output or "expect-output" in k else "")


def wrap(ctx, block, path):
    """Writes the block as a translation unit; returns its path and the line before the block's first."""
    wrapper = block.keys.get("fragment", "")
    if not wrapper:
        before, after = "", ""
    elif BODY_WRAPPER.match(wrapper):
        params = BODY_WRAPPER.match(wrapper).group(1).strip() or "void"
        before, after = f"{BODY_PRELUDE}\nvoid doc_block({params}) {{\n", "}\n"
    else:
        wrapper_path = os.path.join(ctx.source, "test", "doc_blocks", wrapper + ".c")
        if not os.path.exists(wrapper_path):
            raise BlockFailed(f"no wrapper test/doc_blocks/{wrapper}.c")
        text = open(wrapper_path, encoding="utf-8").read()
        if WRAPPER_MARK not in text:
            raise BlockFailed(f"test/doc_blocks/{wrapper}.c has no '{WRAPPER_MARK}' line")
        before, _, after = text.partition(WRAPPER_MARK)
    with open(path, "w", encoding="utf-8") as f:
        f.write(before + block.text + after)
    return path, before.count("\n")


def expect_error(spec, offset, rc, err, cmd):
    line, _, text = spec.partition(":") if re.match(r"^\d+:", spec) else ("", "", spec)
    text = text.strip()
    if rc != 1:
        raise BlockFailed(f"campcc exited {rc}, not 1, on a block that must fail with '{text}': "
                          f"{shlex.join(cmd)}\n" + show("", err))
    at = rf":{offset + int(line)}:\d+: " if line else r":\d+:\d+: "
    if not re.search(at + "error: " + re.escape(text), err):
        raise BlockFailed(f"campcc did not report 'error: {text}'" + (f" at line {line} of the block" if line else "")
                          + "\n" + show("", err))
    return "refused as expected"


def expect_output(keys, out, err, whole):
    if "expect-output" not in keys:
        return
    want = keys["expect-output"].split()
    got = out.split()
    if (got if whole else got[-len(want):]) != want:
        raise BlockFailed(f"expected the output {'to be' if whole else 'to end with'} "
                          f"'{' '.join(want)}'\n" + show(out, err))


def check_sh(ctx, block):
    k = block.keys
    if "ci" in k:
        return check_ci(ctx, block)
    if "run" in k:
        commands = [block.text]
        sandbox = k["run"]
    elif "run each line" in k:
        commands = command_lines(block.text)
        sandbox = k["run each line"]
    else:
        raise BlockFailed("a ```sh block needs <!-- doc-test: run: source|installed -->, "
                          "`run each line: ...`, `ci: REASON` or `not run: REASON`")
    for command in commands:
        d = ctx.directory(block, sandbox)
        env = ctx.shell_env(sandbox)
        rc, out, err = run(["bash", "-e", "-o", "pipefail", "-c", command], "the block", cwd=d, env=env)
        if rc != 0:
            raise BlockFailed(f"exit status {rc} in {d} (env: PREFIX={env.get('PREFIX', '')}):\n"
                              + "".join(f"  $ {l}\n" for l in command.rstrip("\n").split("\n")) + show(out, err))
        expect_output(k, out, err, whole=False)
    return f"ran ({sandbox})"


def command_lines(text):
    """The block's commands: backslash continuations joined, blank and comment lines dropped."""
    commands, current = [], ""
    for line in text.split("\n"):
        current += line
        if current.endswith("\\"):
            current = current[:-1] + " "
            continue
        if current.strip() and not current.lstrip().startswith("#"):
            commands.append(current)
        current = ""
    return commands


def installed_packages(text):
    """Packages named by `apt-get install` commands of a shell script."""
    packages = set()
    for command in re.split(r"&&|\|\||;|\n", text.replace("\\\n", " ")):
        words = shlex.split(command, comments=True)
        if "apt-get" in words and "install" in words:
            packages.update(w for w in words[words.index("install") + 1:] if not w.startswith("-"))
    return packages


def check_ci(ctx, block):
    ci = open(os.path.join(ctx.source, ".ci", "run"), encoding="utf-8").read()
    missing = installed_packages(block.text) - installed_packages(ci)
    if missing:
        raise BlockFailed(f"installs {' '.join(sorted(missing))}, which .ci/run does not: "
                          "CI would not test what the block says")
    # A block that installs and then builds names README's packages, all of
    # them: one list everywhere, the one CI's build proves.
    readme_lines = open(os.path.join(ctx.source, "README.md"), encoding="utf-8").read().splitlines()
    readme = installed_packages("\n".join(line for line in readme_lines if "apt-get install" in line))
    packages = installed_packages(block.text)
    if packages and "meson setup" in block.text and packages != readme:
        raise BlockFailed(f"installs a list other than README.md's before it builds: missing "
                          f"{' '.join(sorted(readme - packages)) or 'none'}, extra {' '.join(sorted(packages - readme)) or 'none'}")
    return "run by CI (" + block.keys["ci"] + ")"


def check_block(ctx, block):
    k = block.keys
    if "not run" in k:
        if not k["not run"]:
            raise BlockFailed("`not run` needs a reason")
        return "not run: " + k["not run"]
    if block.kind == "c":
        return check_c(ctx, block)
    if block.kind == "sh":
        return check_sh(ctx, block)
    if block.kind in FILE_KINDS:
        if "file" not in k:
            raise BlockFailed(f"a ```{block.kind} block needs <!-- doc-test: file: NAME --> "
                              "(used by a `run` block below it) or `not run: REASON`")
        return f"saved as {k['file']}"
    if block.kind == "text":
        return "text"
    if not block.kind:
        raise BlockFailed("a block without a language: ```text for output, messages and diagrams, "
                          "else ```sh, ```c, ... with its rule")
    raise BlockFailed(f"no rule for ```{block.kind} blocks (c, sh, make, cmake, meson, text)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--campcc", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("pages", nargs="*", help="pages relative to the source root (default: README.md, docs/*.md)")
    args = ap.parse_args()
    source = os.path.abspath(args.source)
    pages = args.pages or ["README.md"] + sorted(
        os.path.relpath(p, source) for p in glob.glob(os.path.join(source, "docs", "*.md")))

    blocks, failures = [], []
    for page in pages:
        found, problems = read_page(source, page)
        blocks += found
        failures += problems
    with tempfile.TemporaryDirectory(prefix="camp-doc-blocks-") as scratch:
        ctx = Context(os.path.abspath(args.campcc), os.path.abspath(args.build), source, scratch)

        def one(block):
            try:
                return block, check_block(ctx, block), None
            except BlockFailed as e:
                return block, None, str(e)

        with concurrent.futures.ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
            for block, result, error in pool.map(one, blocks):
                if error:
                    failures.append(f"{block.where()}: ```{block.kind}: {error}")
                else:
                    print(f"ok   {block.where()}: ```{block.kind}: {result}")
    for f in failures:
        print("FAIL " + f)
    print(f"{len(blocks)} code blocks in {len(pages)} pages, {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
