"""QuickXorHash: rclone's answers (tests/data/quickxor_golden.txt, written by
tests/data/gen_quickxor_golden.py with `rclone hashsum quickxor`), Microsoft Graph's base64 form,
the PyPI quickxorhash package live, and the hasher's ways: split, combined, pickled."""

import os
import pathlib
import pickle
import sys

import pytest

import iohash
import iohash.cloud
from conftest import oracle

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"
sys.path.insert(0, str(DATA))
from splitmix import splitmix_bytes  # noqa: E402


def golden_rows():
    for line in (DATA / "quickxor_golden.txt").read_text().splitlines():
        if not line.startswith("#"):
            seed, length, expected = line.split(" ")
            yield splitmix_bytes(int(seed), int(length)), expected


def test_every_way_gives_rclones_hash():
    rows = list(golden_rows())
    assert len(rows) == 20
    for data, expected in rows:
        assert iohash.quickxor_hexdigest(data) == expected, len(data)
        assert iohash.quickxor_digest(data).hex() == expected
        assert iohash.quickxor_intdigest(data) == int(expected, 16)
        hasher = iohash.quickxor()
        for at in range(0, len(data), 4099):
            hasher.update(data[at : at + 4099])
        assert hasher.hexdigest() == expected
        assert hasher.digest() == bytes.fromhex(expected)
        assert hasher.intdigest() == int(expected, 16)
        assert (hasher.digest_size, hasher.name) == (20, "quickxor")
        third = len(data) // 3
        first = iohash.new("QuickXorHash", data[:third])
        first.combine(iohash.quickxor(data[third:]))
        assert first.hexdigest() == expected
        resumed = pickle.loads(pickle.dumps(iohash.quickxor(data[:third])))
        resumed.update(data[third:])
        assert resumed.hexdigest() == expected


def test_onedrive_shows_the_base64_of_the_digest():
    # Graph's quickXorHash of "hello world", as `rclone hashsum quickxor --base64` prints it.
    assert iohash.cloud.onedrive_quickxor(b"hello world") == "aCgDG9jwBhDc4Q1yawMZAAAAAAA="


def test_the_pypi_quickxorhash_package_agrees():
    quickxorhash = oracle("quickxorhash")
    for length in (0, 1, 20, 159, 160, 161, 1000, 100_000, 3 << 20):
        data = os.urandom(length)
        theirs = quickxorhash.quickxorhash()
        theirs.update(data)
        assert iohash.quickxor_digest(data) == theirs.digest(), length


def test_a_quickxor_takes_no_seed():
    with pytest.raises(ValueError):
        iohash.quickxor(seed=1)
