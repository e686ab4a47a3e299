#!/usr/bin/env python3
"""Checks that every relative link and image of the repository's Markdown pages resolves.

Reads README.md, CONTRIBUTING.md, CHANGELOG.md, SECURITY.md, docs/**/*.md, the READMEs of the
examples, tools, benchmarks and fuzzing folders, and the DocC articles. For each inline link or
image `[text](target)` outside code (fenced blocks and `code spans` are skipped):

- a target that starts with a scheme (`https:`, `mailto:`, ...) is not fetched;
- a path must name a file or folder that exists, relative to the page (or to the repository root
  when it starts with `/`);
- a `#fragment` must be the anchor GitHub gives one of the target page's headings (or of the page
  itself for `#fragment` alone).

    python3 Scripts/check-links.py            # every page; exit 1 when a link is broken
    python3 Scripts/check-links.py FILE ...   # those pages only

Prints one line per broken link (`page:line: target: why`) and how many links it checked. It
first checks itself on a page with a broken link and a broken anchor, so a pass means something.
"""

import glob
import os
import re
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PAGES = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "SECURITY.md", "docs/**/*.md",
         "Examples/**/README.md", "Tools/README.md", "Benchmarks/README.md", "Fuzzing/**/README.md",
         "Sources/*/*.docc/**/*.md", "RibcageCombine/Sources/*/*.docc/**/*.md"]
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def pages():
    found = []
    for pattern in PAGES:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            if "/.build" not in path and path not in found:
                found.append(path)
    return found


def prose_lines(text):
    """(line number, line) outside fenced code, with code spans blanked."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        marker = re.match(r"^(`{3,}|~{3,})", stripped)
        if fence:
            if marker and stripped.startswith(fence):
                fence = None
            continue
        if marker:
            fence = marker.group(1)
            continue
        if line.startswith("    ") and not stripped.startswith(("-", "*", "|", "[", "!")):
            continue  # an indented code block (or a wrapped list item without links, harmless)
        yield number, re.sub(r"`+[^`]*`+", lambda m: " " * len(m.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, counts = set(), {}
        text = open(path, encoding="utf-8").read()
        fence = None
        for line in text.split("\n"):
            stripped = line.strip()
            marker = re.match(r"^(`{3,}|~{3,})", stripped)
            if fence:
                if marker and stripped.startswith(fence):
                    fence = None
                continue
            if marker:
                fence = marker.group(1)
                continue
            heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if heading:
                base = slug(heading.group(1))
                count = counts.get(base, 0)
                counts[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        found |= set(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", text))
        cache[path] = found
    return cache[path]


def broken_links(page):
    problems, checked = [], 0
    text = open(page, encoding="utf-8").read()
    folder = os.path.dirname(page)
    for number, line in prose_lines(text):
        for match in LINK.finditer(line):
            target = match.group(1)
            if SCHEME.match(target) or target.startswith("doc:"):
                continue
            checked += 1
            path, _, fragment = target.partition("#")
            if path:
                base = ROOT if path.startswith("/") else folder
                resolved = os.path.normpath(os.path.join(base, path.lstrip("/")))
                if not os.path.exists(resolved):
                    problems.append(f"{rel(page)}:{number}: {target}: no such file")
                    continue
            else:
                resolved = page
            if fragment and resolved.endswith(".md") and os.path.isfile(resolved):
                if fragment not in anchors(resolved):
                    problems.append(f"{rel(page)}:{number}: {target}: no heading with that "
                                    f"anchor in {rel(resolved)}")
    return problems, checked


def rel(path):
    return os.path.relpath(path, ROOT)


def self_test():
    with tempfile.NamedTemporaryFile("w", suffix=".md", dir=ROOT, delete=False) as page:
        page.write("# A page\n\n[ok](#a-page) [gone](no-such-file.md) [bad](#no-such-heading)\n"
                   "`[code](not-checked.md)`\n")
    try:
        problems, checked = broken_links(page.name)
    finally:
        os.unlink(page.name)
    if checked != 3 or len(problems) != 2:
        raise SystemExit(f"self-test: expected 3 links and 2 broken, got {checked} and "
                         f"{problems}")


def main():
    self_test()
    targets = [os.path.abspath(path) for path in sys.argv[1:]] or pages()
    problems, checked = [], 0
    for page in targets:
        found, count = broken_links(page)
        problems += found
        checked += count
    for problem in problems:
        print(problem)
    print(f"links: {checked} checked in {len(targets)} pages, {len(problems)} broken")
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
