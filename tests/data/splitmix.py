"""splitmix64 bytes, as `Rng::bytes` in src/testing.rs makes them: the test files the golden
scripts and the Rust tests build alike; and the ASC MHL test tree made of them."""
import pathlib
import struct

MASK = (1 << 64) - 1


def splitmix_bytes(seed, length):
    """`length` bytes of splitmix64 words from `seed`, little-endian."""
    out = bytearray()
    state = seed
    while len(out) < length:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out += struct.pack("<Q", z ^ (z >> 31))
    return bytes(out[:length])


def build_mhl_tree(root):
    """The tree tests/data/mhl_tree.txt describes, under `root` (as the Rust tests build it)."""
    tree = pathlib.Path(__file__).parent / "mhl_tree.txt"
    for line in tree.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("d "):
            (root / line[2:]).mkdir(parents=True, exist_ok=True)
            continue
        _, size, seed, path = line.split(" ", 3)
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(splitmix_bytes(int(seed), int(size)))
