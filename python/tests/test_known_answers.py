"""Known answers: the golden file (made by python-xxhash, zlib, google-crc32c, crc32c and
awscrt), and the same packages live when they are installed."""

import os
import random
import zlib

import pytest

import iohash
import iohash.xxhash as ixxhash
from conftest import oracle, pattern

XXH = ["xxh32", "xxh64", "xxh3_64", "xxh3_128"]


@pytest.mark.parametrize("name", XXH)
def test_xxhash_family_matches_the_golden_file(golden, name):
    for length in golden["lengths"]:
        data = pattern(length)
        for seed in golden["seeds"]:
            expected = golden[name][f"{length}:{seed}"]
            assert getattr(ixxhash, f"{name}_intdigest")(data, seed) == expected, (length, seed)
            assert getattr(ixxhash, name)(data, seed).intdigest() == expected
            assert iohash.new(name, data, seed=seed).intdigest() == expected


@pytest.mark.parametrize("name", ["crc32", "crc32c", "crc64nvme"])
def test_crcs_match_the_golden_file(golden, name):
    for length in golden["lengths"]:
        hasher = getattr(iohash, name)(pattern(length))
        expected = golden[name][str(length)]
        assert hasher.intdigest() == expected, length
        assert hasher.digest() == expected.to_bytes(hasher.digest_size, "big")
        assert hasher.hexdigest() == expected.to_bytes(hasher.digest_size, "big").hex()


def test_adler32_is_zlibs():
    # zlib's own C code, in the standard library: every size class of the kernels, split.
    for length in (0, 1, 31, 32, 33, 63, 64, 65, 5551, 5552, 5553, 100_000, 3 << 20):
        data = os.urandom(length)
        expected = zlib.adler32(data)
        hasher = iohash.adler32()
        for at in range(0, length, 7777):
            hasher.update(data[at : at + 7777])
        assert hasher.intdigest() == expected, length
        assert hasher.digest() == expected.to_bytes(4, "big")
        assert iohash.adler32_intdigest(data) == expected
        assert iohash.adler32_hexdigest(data) == f"{expected:08x}"
        assert iohash.new("Adler-32", data).intdigest() == expected
        half = iohash.adler32(data[: length // 2])
        half.combine(iohash.adler32(data[length // 2 :]))
        assert half.intdigest() == expected


def test_adler32_is_zlib_ngs_live():
    # zlib-ng's SIMD kernels (AVX-512 VNNI where the CPU has it), run on in pieces from
    # running values as zlib's API takes them, against iohash split at the same points.
    zlib_ng = oracle("zlib_ng.zlib_ng")
    rng = random.Random(64)
    for length in (0, 1, 63, 64, 65, 255, 256, 1024, 5552, 65_536, 1 << 20, 3 << 20):
        data = rng.randbytes(length)
        cuts = sorted(rng.randrange(length + 1) for _ in range(3))
        pieces = [data[i:j] for i, j in zip([0, *cuts], [*cuts, length])]
        expected = 1
        hasher = iohash.adler32()
        for piece in pieces:
            expected = zlib_ng.adler32(piece, expected)
            hasher.update(piece)
        assert hasher.intdigest() == expected == zlib.adler32(data), (length, cuts)
        assert iohash.adler32_intdigest(data) == expected


@pytest.mark.parametrize("name", ["crc32", "crc32c", "crc64", "crc64nvme", "crc64xz", "adler32"])
def test_crc_one_shots_are_the_hashers(name):
    for length in (0, 1, 100, 2047, 2048, 16383, 16384, 100_000):
        data = os.urandom(length)
        hasher = getattr(iohash, name)(data)
        assert getattr(iohash, f"{name}_intdigest")(data) == hasher.intdigest()
        assert getattr(iohash, f"{name}_digest")(bytearray(data)) == hasher.digest()
        assert getattr(iohash, f"{name}_hexdigest")(memoryview(data)) == hasher.hexdigest()
    with pytest.raises(TypeError):
        getattr(iohash, f"{name}_intdigest")("text")


def test_catalogue_crcs_give_their_check_values():
    catalogue = iohash.crc_catalogue()
    assert len(catalogue) > 100
    for name, check in catalogue:
        for spelling in (name, name.lower()):
            hasher = iohash.new(spelling, b"123456789")
            assert hasher.intdigest() == check, name
            assert iohash.new(hasher.name).name == hasher.name
            assert len(hasher.digest()) == hasher.digest_size


@pytest.mark.parametrize("length", [0, 1, 15, 16, 17, 255, 4096, 100_003])
@pytest.mark.parametrize("seed", [0, 7, 2**63 + 5])
def test_xxhash_family_matches_python_xxhash_live(length, seed):
    xxhash = oracle("xxhash")
    data = os.urandom(length)
    for name in XXH + ["xxh128"]:
        mine, theirs = getattr(ixxhash, name)(data, seed), getattr(xxhash, name)(data, seed)
        assert mine.digest() == theirs.digest()
        assert mine.hexdigest() == theirs.hexdigest()
        assert mine.intdigest() == theirs.intdigest()
        for form in ("digest", "hexdigest", "intdigest"):
            function = f"{name}_{form}"
            assert getattr(ixxhash, function)(data, seed) == getattr(xxhash, function)(data, seed)


@pytest.mark.parametrize("length", [0, 1, 31, 32, 33, 4096, 100_003])
def test_crcs_match_zlib_google_crc32c_crc32c_and_awscrt_live(length):
    google_crc32c = oracle("google_crc32c")
    crc32c = oracle("crc32c")
    checksums = oracle("awscrt.checksums")
    data = os.urandom(length)
    assert iohash.crc32(data).intdigest() == zlib.crc32(data) == checksums.crc32(data)
    expected = google_crc32c.value(data)
    assert iohash.crc32c(data).intdigest() == expected == crc32c.crc32c(data) == checksums.crc32c(data)
    assert iohash.crc32c(data).digest() == google_crc32c.Checksum(data).digest()
    assert iohash.crc64nvme(data).intdigest() == checksums.crc64nvme(data)
    assert iohash.crc32c_intdigest(data) == expected
    assert iohash.crc32_intdigest(data) == zlib.crc32(data)
    assert iohash.crc64nvme_intdigest(data) == checksums.crc64nvme(data)


def test_every_hexdigest_is_the_intdigest_in_hexadecimal():
    """Hashers, python-xxhash's classes and every one-shot function write the integer's digits,
    zero-padded to the digest's length (a few hundred random hashes: leading zeros, letters)."""
    names = XXH + [name for name, _ in iohash.crc_catalogue()]
    for name in names:
        for length in (0, 1, 3, 16, 100):
            hasher = iohash.new(name, os.urandom(length))
            digits = format(hasher.intdigest(), f"0{2 * hasher.digest_size}x")
            assert hasher.hexdigest() == digits, name
    for name in XXH:
        width = 2 * iohash.new(name).digest_size
        for seed in range(300):
            data = os.urandom(seed % 40)
            digits = format(getattr(ixxhash, f"{name}_intdigest")(data, seed), f"0{width}x")
            assert getattr(ixxhash, f"{name}_hexdigest")(data, seed) == digits, name
            assert getattr(ixxhash, name)(data, seed).hexdigest() == digits, name
    for name in ["crc32", "crc32c", "crc64", "crc64nvme", "crc64xz"]:
        width = 2 * getattr(iohash, name)().digest_size
        for length in range(300):
            data = os.urandom(length)
            digits = format(getattr(iohash, f"{name}_intdigest")(data), f"0{width}x")
            assert getattr(iohash, f"{name}_hexdigest")(data) == digits, name
