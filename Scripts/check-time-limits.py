#!/usr/bin/env python3
"""Checks that every Swift Testing test has a time limit, so a hung test fails instead of eating
CI's budget: each `@Suite` carries `.timeLimit(...)`, each type holding `@Test` functions is an
explicit `@Suite` with one, and each `@Test` function outside a type carries its own.

Usage: check-time-limits.py [--fix MINUTES] [FILE_OR_FOLDER...]

With no paths, checks the test folders of every package of the repository. Prints each place
without a limit and exits 1 if there is one. `--fix MINUTES` adds `.timeLimit(.minutes(MINUTES))`
where one is missing instead (then run `swift format -i` on the files it names).

Swift Testing applies the shortest limit that covers a test, and measures a test from its start
to its end: a test waiting (for the main actor, for a core) while other suites run counts that
wait. Limits are therefore a few times the package's whole run in its slowest configuration
(ThreadSanitizer, a busy machine), not a few times the test's own time.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ["Tests", "RibcageCombine/Tests", "Examples", "Tools/Tests"]

SUITE = re.compile(r"@Suite\b")
FREE_TEST = re.compile(r"^(@MainActor\s+)?@Test\b", re.M)
TYPE = re.compile(r"^(?:(?:public|internal|private|fileprivate|final)\s+)*(?:struct|class|enum|actor)\s+\w+")
MEMBER_TEST = re.compile(r"^\s+@Test\b", re.M)


def closing_paren(text, start):
    """The index of the `)` matching the `(` at `start`, skipping string literals."""
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if text.startswith('"""', i):
            i = text.index('"""', i + 3) + 3
            continue
        if c == '"':
            i += 1
            while text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError("unbalanced parentheses")


def with_limit(text, at, name, trait, before_arguments):
    """Adds `trait` to the attribute `name` at `at`; returns (text, index after it, added)."""
    i = at + len(name)
    if i < len(text) and text[i] == "(":
        end = closing_paren(text, i)
        inner = text[i + 1:end]
        if "timeLimit" in inner:
            return text, end + 1, False
        arguments = re.search(r"\barguments\s*:", inner) if before_arguments else None
        if arguments:
            at = i + 1 + arguments.start()
            return text[:at] + trait + ", " + text[at:], end + len(trait) + 3, True
        at = end
        while text[at - 1] in " \n":
            at -= 1
        added = (", " if inner.strip() else "") + trait
        return text[:at] + added + text[at:], end + 1 + len(added), True
    return text[:i] + "(" + trait + ")" + text[i:], i + len(trait) + 2, True


def line_of(text, index):
    return text.count("\n", 0, index) + 1


def limited(text, trait):
    """The text with a limit wherever one is missing, and the lines that lacked one."""
    missing = []
    for pattern, name, before_arguments in ((SUITE, "@Suite", False), (FREE_TEST, "@Test", True)):
        i = 0
        while match := pattern.search(text, i):
            at = match.end() - len(name)
            text, i, added = with_limit(text, at, name, trait, before_arguments)
            if added:
                missing.append((line_of(text, at), name))
    lines, out, index = text.split("\n"), [], 0
    while index < len(lines):
        line = lines[index]
        if TYPE.match(line) and not line.rstrip().endswith("}"):
            end = index
            while end < len(lines) and lines[end] != "}":
                end += 1
            # The attributes above, continuation lines of a multi-line one included.
            first_attribute = len(out)
            while first_attribute > 0 and out[first_attribute - 1].strip() and not re.match(
                r"(}|//|import )", out[first_attribute - 1]
            ):
                first_attribute -= 1
            attributes = " ".join(out[first_attribute:]) + " " + line
            if MEMBER_TEST.search("\n".join(lines[index:end + 1])) and "@Suite" not in attributes:
                missing.append((index + 1, "type with @Test members"))
                out.append(f"@Suite({trait})")
        out.append(line)
        index += 1
    return "\n".join(out), missing


def swift_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for folder, subfolders, files in os.walk(path):
            subfolders[:] = [s for s in subfolders if not s.startswith(".")]
            yield from (os.path.join(folder, f) for f in sorted(files) if f.endswith(".swift"))


def main(arguments):
    fix = None
    if arguments[:1] == ["--fix"]:
        fix, arguments = int(arguments[1]), arguments[2:]
    paths = arguments or [os.path.join(ROOT, f) for f in FOLDERS]
    trait = f".timeLimit(.minutes({fix or 1}))"
    problems = 0
    for path in swift_files(paths):
        with open(path, encoding="utf-8") as file:
            text = file.read()
        if "@Test" not in text and "@Suite" not in text:
            continue
        new, missing = limited(text, trait)
        for line, what in missing:
            problems += 1
            print(f"{os.path.relpath(path, ROOT)}:{line}: {what} without a time limit")
        if fix is not None and new != text:
            with open(path, "w", encoding="utf-8") as file:
                file.write(new)
    if problems and fix is None:
        print(f"{problems} without a time limit: add .timeLimit(.minutes(N)) (or run --fix N)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
