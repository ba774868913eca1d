"""Prints, for llvm-mca, the body of the innermost loop of a function in an x86-64 binary that
holds the most instructions matching a pattern (the hot loop of a CRC fold or fusion).

    python3 benches/mca/extract-x86.py BINARY 'FUNCTION REGEX' 'INSTRUCTION REGEX' \
        ['AVOID REGEX'] > loop.s

The functions are found by `nm -C` (every copy whose name matches, where a generic function has
several); the loop is the innermost range from a conditional jump back to its target, in
`objdump -d -M intel` order, with the most matching instructions in any of them; the jump
itself is left out, as llvm-mca runs the body round. A loop with an instruction matching AVOID
is passed over (to pick one copy of a generic function by what it does).
"""
import re
import subprocess
import sys

binary, function, wanted = sys.argv[1:4]
avoid = sys.argv[4] if len(sys.argv) > 4 else None
symbols = subprocess.run(["nm", "-C", "-S", "--defined-only", binary], capture_output=True,
                         text=True, check=True).stdout.splitlines()
functions = []  # (start, size) of each copy whose name matches
for line in symbols:
    parts = line.split(" ", 3)
    if len(parts) == 4 and re.search(function, parts[3]):
        functions.append((int(parts[0], 16), int(parts[1], 16)))
if not functions:
    sys.exit(f"no function matches {function!r}")
best = None
for start, size in functions:
    listing = subprocess.run(
        ["objdump", "-d", "--no-show-raw-insn", "-M", "intel", f"--start-address={start:#x}",
         f"--stop-address={start + size:#x}", binary], capture_output=True, text=True,
        check=True)
    code = []  # (address, instruction)
    for line in listing.stdout.splitlines():
        m = re.match(r"\s+([0-9a-f]+):\s+(.*)$", line)
        if m and m.group(2).strip():
            code.append((int(m.group(1), 16),
                         re.sub(r"\s+#.*$|\s+<[^>]*>$", "", m.group(2)).strip()))
    loops = []  # (first index, jump index) of each range a conditional jump back closes
    for i, (address, instruction) in enumerate(code):
        # A conditional jump back (an unconditional one joins code after a branch, as often).
        m = re.match(r"j(?!mp)\w+\s+([0-9a-f]+)$", instruction)
        if m and int(m.group(1), 16) < address:
            loops.append((next(j for j, (a, _) in enumerate(code)
                               if a >= int(m.group(1), 16)), i))
    for first, last in loops:
        if any(first <= f and l <= last and (f, l) != (first, last) for f, l in loops):
            continue  # not innermost
        body = [ins for _, ins in code[first:last]]
        if any(re.match(r"(ret|call)\b", ins) for ins in body):
            continue
        if avoid and any(re.search(avoid, ins) for ins in body):
            continue
        score = sum(bool(re.search(wanted, ins)) for ins in body)
        if best is None or score > best[0]:
            best = (score, body)
if best is None or best[0] == 0:
    sys.exit(f"no loop in {function!r} holds {wanted!r}")
print(".intel_syntax noprefix")
for instruction in best[1]:
    # A jump inside the loop (to a block after it) has no label here: llvm-mca takes the
    # body as one straight run.
    if not re.match(r"j\w+\s", instruction):
        print(instruction)
