#!/usr/bin/env python3
"""Checks that an x86-64 build keeps the shapes XXH3's code was written for, so that a compiler
upgrade cannot undo them unseen (CI runs it on the command and on a user's default build).

    python3 benches/mca/pins.py BINARY [--dispatch] [--only MODULE]

- Every `#[inline(always)]` function of src/algorithms/ (XXH3, the CRCs, XXH64, XXH32) and
  src/cpu.rs has no copy of its own in the binary: it was inlined wherever it is called.
- Every `#[inline(never)]` function there has one, where its module is in the binary at all.
- The AVX2 and AVX-512 backends' three entry points (`consume_stripes::consume`,
  `finish_stream::run`, `hash_long::hash`) are functions of their own, compiled for the
  backend's feature.
- With --only MODULE (`algorithms::xxh3`): only the functions of that module and those in it.
- With --dispatch: the one-shot's long path (`oneshot::oneshot_long`) is the dispatch alone in
  at least one copy: no saved register, a jump into each backend (`oneshot.rs` says why). A
  build with fat LTO inlines the portable backend there and saves six registers, so the check
  is for a user's default build.

Needs nm and objdump (binutils). Prints what it checked; exits 1 on the first shape missing.
"""
import pathlib
import re
import subprocess
import sys

SRC = pathlib.Path(__file__).resolve().parents[2] / "src"
# The code whose inline attributes are pinned: the algorithms and the CPU detection.
PINNED = ["algorithms/xxh3/*.rs", "algorithms/crc/*.rs", "algorithms/*.rs", "cpu.rs"]
# Files compiled only for other architectures, and the tests.
OTHER = {"neon", "simd128", "backend_tests", "pmull", "pmull_fusion"}
BACKENDS = {"avx512": "Avx512", "avx2": "Avx2", "sse2": "Sse2"}


def module_of(path):
    """The module path of a source file, `algorithms::crc::engine` for its engine.rs."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "mod":
        parts.pop()
    return "::".join(parts)


def attributed():
    """(module path, always|never, function name) for each inline attribute on a function."""
    found = []
    for path in sorted(p for pattern in PINNED for p in SRC.glob(pattern)):
        if path.stem in OTHER:
            continue
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            attr = re.search(r"#\[inline\((always|never)\)\]", line)
            if not attr:
                continue
            for following in lines[i + 1:i + 6]:
                if re.match(r"\s*\|", following):
                    break  # a closure's attribute: it has no name to look for
                name = re.search(r"\bfn ([a-z_0-9]+)", following)
                if name:
                    found.append((module_of(path), attr.group(1), name.group(1)))
                    break
    return found


def text_symbols(binary):
    out = subprocess.run(["nm", "-C", "-S", "--defined-only", binary], capture_output=True,
                         text=True, check=True).stdout
    symbols = []
    for line in out.splitlines():
        parts = line.split(" ", 3)
        if len(parts) == 4 and parts[2] in "tT":
            symbols.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    return symbols


def of_module(module, name, symbol):
    """Whether `symbol` is function `name` of `module` itself, not of a module inside it: on a
    type, a trait's impl or the module (`<iohash::M::T as iohash::M::Trait>::name` too)."""
    if not re.search(rf"(^|::){name}(::h[0-9a-f]{{16}})?$", symbol):
        return False
    return re.search(rf"iohash::{module}::(?![a-z_0-9]+::)|iohash::{module}::[a-z_0-9]+>",
                     symbol) is not None


def disassembly(binary, start, size):
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-M", "intel", "-C",
                          f"--start-address={start:#x}", f"--stop-address={start + size:#x}",
                          binary], capture_output=True, text=True, check=True).stdout
    return [m.group(1).strip() for m in re.finditer(r"^\s+[0-9a-f]+:\s+(.*)$", out, re.M)]


def main():
    args = sys.argv[1:]
    dispatch = "--dispatch" in args
    args = [a for a in args if a != "--dispatch"]
    only = ""
    if "--only" in args[:-1]:
        at = args.index("--only")
        only = args[at + 1]
        del args[at:at + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    binary = args[0]
    symbols = text_symbols(binary)
    missing = []
    checked = 0
    for module, kind, name in attributed():
        if not module.startswith(only):
            continue
        copies = [s for s in symbols if of_module(module, name, s[2])]
        if kind == "never" and not any(f"iohash::{module}::" in s[2] for s in symbols):
            continue  # nothing of the module is in this binary: the program does not use it
        checked += 1
        if kind == "always" and copies:
            missing.append(f"{module}: `{name}` is #[inline(always)] but has a copy: {copies[0][2]}")
        if kind == "never" and not copies:
            missing.append(f"{module}: `{name}` is #[inline(never)] but has no copy of its own")
    # SSE2 is every x86-64's, so its entry points need no feature of their own and may be
    # inlined; AVX2's and AVX-512's may not.
    for stem, backend in [("avx512", "Avx512"), ("avx2", "Avx2")]:
        for entry in ("consume_stripes::consume", "finish_stream::run", "hash_long::hash"):
            checked += 1
            wanted = f"algorithms::xxh3::{stem}::{backend}::{entry}"
            if not any(s[2].endswith(wanted) for s in symbols):
                missing.append(f"xxh3::{stem}: no function of its own for `{backend}::{entry}`")
    if dispatch:
        checked += 1
        shapes = []
        for start, size, name in symbols:
            if not name.endswith("xxh3::oneshot::oneshot_long"):
                continue
            code = disassembly(binary, start, size)
            # Jumps, not calls, into each backend; registers saved only after the last of
            # them (on the cold path that asks the CPU first).
            at = [k for k, i in enumerate(code) if i.startswith("j")
                  and any(f"{b}::hash_long::hash" in i for b in BACKENDS.values())]
            jumps = {b for b in BACKENDS.values()
                     if any(f"{b}::hash_long::hash" in code[k] for k in at)}
            saves = sum(i.startswith("push") for i in code[:max(at, default=len(code))])
            shapes.append((saves, len(jumps), size))
        if not any(saves == 0 and jumps == len(BACKENDS) for saves, jumps, _ in shapes):
            missing.append("xxh3::oneshot: no copy of `oneshot_long` is the dispatch alone "
                           f"(pushes before the jumps, backends jumped to, bytes: {shapes})")
    for line in missing:
        print(f"MISSING: {line}")
    print(f"{checked - len(missing)} of {checked} codegen shapes hold in {binary}")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
