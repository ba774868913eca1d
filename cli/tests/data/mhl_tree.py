"""The tree cli/tests/data/mhl_tree.txt describes, of splitmix64 files (tests/data/splitmix.py),
as the Rust tests build it (`build_mhl_tree` in cli/tests/common/mod.rs)."""
import pathlib
import sys

here = pathlib.Path(__file__).parent
sys.path.insert(0, str(here.parent.parent.parent / "tests" / "data"))
from splitmix import splitmix_bytes  # noqa: E402


def build_mhl_tree(root):
    """The tree of mhl_tree.txt, under `root`."""
    tree = here / "mhl_tree.txt"
    for line in tree.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("d "):
            (root / line[2:]).mkdir(parents=True, exist_ok=True)
            continue
        _, size, seed, path = line.split(" ", 3)
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(splitmix_bytes(int(seed), int(size)))
