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
- XXH3's merge stays scalar: no copy of a backend's `hash_long::hash` or `finish_stream::run`
  moves a general register into a vector register, which LLVM's SLP vectorizer does to add
  the four products in a vector (`common::opaque` says why).
- A fresh state's first stripes start from registers: each backend's
  `consume_stripes::consume` loads XXH3's first accumulators from read-only data into
  registers it does not store (`long::Begin::Fresh`), where a compiler that staged them in
  memory would bring back the wait that path removed. That the stream asks for it is the
  source's (`stream.rs`), not a shape this can see.
- The seeded one-shot keeps the last seed's secret in a thread-local (`common::
  with_derived_secret`), where the one-shot is in the binary at all.
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
PINNED = ["algorithms/xxh3/*.rs", "algorithms/crc/*.rs", "algorithms/adler32/*.rs",
          "algorithms/quickxor/*.rs", "algorithms/*.rs", "cpu.rs"]
# Files compiled only for other architectures, and the tests.
OTHER = {"neon", "simd128", "backend_tests", "pmull", "pmull_fusion"}
BACKENDS = {"avx512": "Avx512", "avx2": "Avx2", "sse2": "Sse2"}
# XXH3's first accumulators (the specification's INIT_ACC), as the 64 bytes a backend loads.
INIT_ACC = b"".join(v.to_bytes(8, "little") for v in (
    0xC2B2AE3D, 0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9,
    0x85EBCA77C2B2AE63, 0x85EBCA77, 0x27D4EB2F165667C5, 0x9E3779B1))
# An instruction that moves a general register into a vector register.
GPR_TO_VECTOR = re.compile(r"^v?(movq|movd|pinsrq|pinsrd|pbroadcastq)\s+[xyz]mm\d+,\s*[re]")


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


def rodata(binary, address, size):
    """The `size` bytes of the binary at `address`, from objdump's dump of its sections."""
    out = subprocess.run(["objdump", "-s", f"--start-address={address:#x}",
                          f"--stop-address={address + size:#x}", binary],
                         capture_output=True, text=True, check=True).stdout
    data = bytearray()
    for m in re.finditer(r"^ ([0-9a-f]+) ((?:[0-9a-f]{2,8} ){1,4})", out, re.M):
        data += bytes.fromhex(m.group(2).replace(" ", ""))
    return bytes(data[:size])


def copies(symbols, suffix):
    return [(start, size, name) for start, size, name in symbols if name.endswith(suffix)]


def merge_kept_scalar(binary, symbols):
    """What is missing for XXH3's merge to stay scalar in each backend (empty if nothing)."""
    missing = []
    for stem, backend in [("avx512", "Avx512"), ("avx2", "Avx2"), ("sse2", "Sse2")]:
        for entry in ("hash_long::hash", "finish_stream::run"):
            for start, size, name in copies(symbols, f"xxh3::{stem}::{backend}::{entry}"):
                code = disassembly(binary, start, size)
                moves = [i for i in code if GPR_TO_VECTOR.match(i)]
                if moves:
                    missing.append(f"xxh3::{stem}: `{entry}` at {start:#x} moves a general "
                                   f"register into a vector one (an SLP-vectorized merge?): "
                                   f"{moves[0]}")
    return missing


def fresh_from_constants(binary, symbols):
    """What is missing for each backend's fresh stripes to start from XXH3's first
    accumulators in read-only data (empty if nothing)."""
    missing = []
    for stem, backend in [("avx512", "Avx512"), ("avx2", "Avx2"), ("sse2", "Sse2")]:
        found = copies(symbols, f"xxh3::{stem}::{backend}::consume_stripes::consume")
        if stem == "sse2" and not found:
            continue  # SSE2's entry points may be inlined (see above)
        pieces = set()
        for start, size, _ in found:
            code = disassembly(binary, start, size)
            for at, instruction in enumerate(code):
                load = re.match(r"^v?mov[a-z0-9]*\s+(([xyz])mm\d+),\s*[XYZ]MMWORD PTR \[rip\+"
                                r"0x[0-9a-f]+\]\s+# ([0-9a-f]+)", instruction)
                if not load:
                    continue
                # Kept in the register, not stored for a later load (the stall itself).
                store = re.compile(rf"^v?mov\S*\s+\S*WORD PTR \[[^\]]+\],\s*{load.group(1)}$")
                if any(store.match(i) for i in code[at + 1:at + 40]):
                    continue
                width = {"x": 16, "y": 32, "z": 64}[load.group(2)]
                data = rodata(binary, int(load.group(3), 16), width)
                pieces.update(data[k:k + 16] for k in range(0, len(data), 16))
        wanted = {INIT_ACC[k:k + 16] for k in range(0, 64, 16)}
        if not wanted <= pieces:
            missing.append(f"xxh3::{stem}: `consume_stripes::consume` does not load XXH3's "
                           "first accumulators from read-only data (a fresh state's start)")
    return missing


def keeps_seeded_secret(binary, symbols):
    """What is missing for the seeded one-shot to keep its secret (empty if nothing)."""
    if not any("xxh3::oneshot::oneshot_long_seeded" in name for _, _, name in symbols):
        return []
    data = subprocess.run(["nm", "-C", "--defined-only", binary], capture_output=True,
                          text=True, check=True).stdout
    if "xxh3::common::LAST" in data:
        return []
    return ["xxh3::common: no thread-local kept secret (`with_derived_secret`)"]


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
    if not only or "algorithms::xxh3".startswith(only) or only.startswith("algorithms::xxh3"):
        checked += 3
        missing += merge_kept_scalar(binary, symbols)
        missing += fresh_from_constants(binary, symbols)
        missing += keeps_seeded_secret(binary, symbols)
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
