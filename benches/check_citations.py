#!/usr/bin/env python3
"""Fails when a comment cites a heading that the Markdown file it names does not have.

Comments say why by pointing at the measurement that decided, as a file and a heading:
`BENCHMARKS.md, "npm package"`, `benches/results/amd-epyc-zen4-notes.md, "One tiny file"`,
or with a few words between, as in `benches/results/python-package.md, the classes, "The
python-xxhash classes"`. When a record moves or a heading is renamed, such a pointer goes
stale without anyone noticing, so CI runs this after `benches/summary.py check`.

A citation is a name ending in `.md` followed, within a few words, by a quoted text. It is
looked for in the comments of *.rs, *.js, *.mjs, *.py and *.sh files, and in *.md files outside
their code blocks, a comment wrapped over several lines read as one. The cited file is taken
relative to the citing file's folder, else to the repository's root. It must have a heading
with the quoted text, compared without case, backticks or the line breaks of a wrapped comment.
The whole heading, not its first words: a renamed heading then fails wherever it is cited.

    python3 benches/check_citations.py   # one line per missing heading, exit status 1 if any

Files are those git knows or would add (target/, node_modules/ and fuzz/corpus/ left out).
Python 3 standard library.
"""

import io
import os
import re
import subprocess
import sys
import tokenize

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SKIPPED = ("target/", "node_modules/", "fuzz/corpus/")

# A Markdown file's name, then a comma, a space, a bracket or `'s`, then up to 40 characters
# that end no phrase (no full stop, colon, semicolon, closing bracket or quote), then the quoted
# heading. A name followed by a quote at once is a string in code (`open("README.md")`).
CITATION = re.compile(r"(?P<file>[\w./-]*\w\.md)`?(?P<between>(?:'s)?[ ,(][^\".:;)\]\[]{0,40}?)"
                      r"\"(?P<heading>[^\"]{1,200})\"")


def files():
    """Paths relative to ROOT of the files to read."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        listed = [os.path.relpath(os.path.join(d, f), ROOT)
                  for d, _, fs in os.walk(ROOT) for f in fs]
    for path in sorted(set(listed)):
        if (path.endswith((".rs", ".js", ".mjs", ".py", ".sh", ".md"))
                and not any(part in "/" + path for part in ["/" + s for s in SKIPPED])
                and os.path.isfile(os.path.join(ROOT, path))):
            yield path


def slash_comments(text):
    """(line, text) of each `//` comment and each line of a `/* */` comment."""
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if inside:
            yield number, stripped.lstrip("*").removesuffix("*/")
            inside = "*/" not in stripped
        elif stripped.startswith("/*"):
            yield number, stripped[2:].lstrip("*").removesuffix("*/")
            inside = "*/" not in stripped[2:]
        else:
            m = re.search(r"//+!?", line)
            # A `//` inside a string (a URL) is not a comment: an even count of quotes before it.
            if m and line[:m.start()].count('"') % 2 == 0:
                yield number, line[m.end():]


def hash_comments(text):
    """(line, text) of each `#` comment of a shell script."""
    for number, line in enumerate(text.splitlines(), 1):
        m = re.search(r"(?:^|\s)#", line)
        if m and line[:m.start()].count('"') % 2 == 0 and line[:m.start()].count("'") % 2 == 0:
            yield number, line[m.end():]


def python_comments(text):
    """(line, text) of each comment and each line of each triple-quoted string (docstrings)."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                yield token.start[0], token.string.lstrip("#")
            elif token.type == tokenize.STRING and re.match(r"[a-zA-Z]*('''|\"\"\")", token.string):
                for offset, line in enumerate(token.string.splitlines()):
                    yield token.start[0] + offset, line
    except (tokenize.TokenError, SyntaxError):
        yield from hash_comments(text)


def prose(text):
    """(line, text) of each line of a Markdown file outside its code blocks."""
    fence = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            fence = not fence
        elif not fence:
            yield number, line


def comments(path, text):
    if path.endswith(".md"):
        return prose(text)
    if path.endswith(".py"):
        return python_comments(text)
    if path.endswith(".sh"):
        return hash_comments(text)
    return slash_comments(text)


def passages(lines):
    """Runs of comment lines on consecutive lines, each joined into one text, with the line
    each character came from."""
    run, last = [], None
    for number, line in lines:
        if run and (number != last + 1 or not line.strip()):
            yield run
            run = []
        if line.strip():
            run.append((number, line.strip()))
        last = number
    if run:
        yield run


def normal(text):
    return " ".join(text.replace("`", "").lower().split())


HEADINGS = {}


def headings(path):
    """The normalised text of every heading of a Markdown file (None if there is no file)."""
    if path not in HEADINGS:
        found, fence = set(), False
        try:
            lines = open(path, encoding="utf-8").read().splitlines()
        except OSError:
            lines = None
        for line in lines or []:
            if line.startswith("```"):
                fence = not fence
            m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m and not fence:
                found.add(normal(m.group(1)))
        HEADINGS[path] = found if lines is not None else None
    return HEADINGS[path]


def main():
    missing = []
    for path in files():
        text = open(os.path.join(ROOT, path), encoding="utf-8", errors="replace").read()
        for run in passages(comments(path, text)):
            joined, starts = "", []
            for number, line in run:
                starts.append((len(joined), number))
                joined += line + " "
            for m in CITATION.finditer(joined):
                number = [n for start, n in starts if start <= m.start()][-1]
                cited = m.group("file")
                here = os.path.join(ROOT, os.path.dirname(path), cited)
                target = here if os.path.exists(here) else os.path.join(ROOT, cited)
                found = headings(os.path.normpath(target))
                heading = " ".join(m.group("heading").split())
                if found is None:
                    missing.append(f"{path}:{number}: {cited} (cited for \"{heading}\") does not exist")
                elif normal(heading) not in found:
                    missing.append(f"{path}:{number}: {cited} has no heading \"{heading}\"")
    for line in missing:
        print(line)
    if missing:
        sys.exit(1)
    print("every heading a comment cites exists")


if __name__ == "__main__":
    main()
