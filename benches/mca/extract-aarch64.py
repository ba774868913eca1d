#!/usr/bin/env python3
"""Takes the hot loop of one function from `aarch64-linux-gnu-objdump -d --no-show-raw-insn`
output: of the innermost loops (closed by a backward branch) of the functions whose names
contain PATTERN, the one with the most PMULL and `crc32` instructions, from its first
instruction to its closing branch, in the syntax `llvm-mca` reads.

Usage: extract-aarch64.py DISASSEMBLY PATTERN > loop.s
"""
import re
import sys

HOT = re.compile(r"^(pmull2?|crc32c?x)$")


def functions(lines):
    start, name = None, None
    for i, line in enumerate(lines):
        m = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if m:
            if name is not None:
                yield name, lines[start:i]
            start, name = i + 1, m.group(1)
    if name is not None:
        yield name, lines[start:]


def instructions(body):
    for line in body:
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m:
            yield int(m.group(1), 16), m.group(2), m.group(3).split("//")[0].strip()


def main():
    path, pattern = sys.argv[1], sys.argv[2]
    lines = open(path).read().split("\n")
    best = None
    for name, body in functions(lines):
        if pattern not in name:
            continue
        code = list(instructions(body))
        at = {address: i for i, (address, _, _) in enumerate(code)}
        branches = []
        for i, (address, op, args) in enumerate(code):
            m = re.match(r"^([0-9a-f]+) <", args.split(",")[-1].strip())
            if not (op.startswith("b") or op.startswith("cb") or op.startswith("tb")) or not m:
                continue
            target = int(m.group(1), 16)
            if target >= address or target not in at:
                continue
            branches.append((at[target], i))
        for start, end in branches:
            # Innermost loops only: no other loop closes inside this one.
            if any(start <= s and e < end for s, e in branches if (s, e) != (start, end)):
                continue
            loop = code[start : end + 1]
            hot = sum(bool(HOT.match(o)) for _, o, _ in loop)
            if best is None or hot > best[0]:
                best = (hot, loop)
    if best is None:
        sys.exit(f"no loop in a function matching {pattern}")
    for _, op, args in best[1]:
        args = re.sub(r"[0-9a-f]+ <[^>]*>$", ".Lloop", args)
        print(f"\t{op}\t{args}".rstrip())


main()
