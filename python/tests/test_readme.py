"""The README's Python examples, run as written, in order, in a folder holding the files they
name (video.mov sparse, so the range past 1 GiB exists without being written)."""

import os
import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_examples_run_as_written(tmp_path, monkeypatch):
    if not README.exists():
        # Only where the tests were copied without the package's folder (.ci/python-versions).
        print(f"\n{README} is not here: the README's examples are skipped")
        pytest.skip("no README.md beside the tests")
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert len(blocks) >= 5, "the README's Python examples were not found"
    monkeypatch.chdir(tmp_path)
    with open("video.mov", "wb") as video:
        video.truncate((1 << 30) + (64 << 20))
    for name in ("a.bin", "b.bin"):
        pathlib.Path(name).write_bytes(os.urandom(1000))
    namespace = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)
