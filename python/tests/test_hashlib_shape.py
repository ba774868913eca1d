"""Hashers in hashlib's shape: names, sizes, update from any buffer, copy, reset, errors."""

import array
import mmap
import random
import zlib

import pytest

import iohash
import iohash.xxhash as ixxhash

CONSTRUCTORS = ["xxh3_64", "xxh3_128", "xxh64", "xxh32", "crc32", "crc32c", "crc64", "crc64nvme", "crc64xz", "adler32", "quickxor"]


@pytest.mark.parametrize("name", CONSTRUCTORS)
def test_constructors_and_new_agree_and_names_round_trip(name):
    hasher = getattr(iohash, name)(b"abc")
    assert hasher.name == name
    assert iohash.new(name, b"abc").intdigest() == hasher.intdigest()
    assert iohash.new(name.upper(), b"abc").intdigest() == hasher.intdigest()
    assert name in iohash.algorithms_guaranteed
    assert len(hasher.digest()) == hasher.digest_size
    assert hasher.hexdigest() == hasher.digest().hex()
    assert int.from_bytes(hasher.digest(), "big") == hasher.intdigest()
    assert hasher.block_size >= 1


def test_full_names_and_aliases_parse():
    assert iohash.new("XXH3-64").name == "xxh3_64"
    assert iohash.new("xxh3").name == "xxh3_64"
    assert iohash.new("xxh128").name == "xxh3_128"
    assert iohash.new("CRC-32/ISCSI").name == "crc32c"
    assert iohash.new("CRC-64/NVME").name == "crc64nvme"
    assert iohash.xxh128 is iohash.xxh3_128


def test_sizes_are_the_algorithms():
    sizes = {"xxh3_64": 8, "xxh3_128": 16, "xxh64": 8, "xxh32": 4, "crc32": 4, "crc32c": 4, "crc64nvme": 8}
    for name, size in sizes.items():
        assert iohash.new(name).digest_size == size


def test_update_takes_any_buffer_without_changing_the_hash():
    data = bytes(range(256)) * 40
    expected = iohash.xxh3_64(data).intdigest()
    with mmap.mmap(-1, len(data)) as mapped:
        mapped.write(data)
        sources = [bytearray(data), memoryview(data), array.array("B", data), mapped]
        for source in sources:
            hasher = iohash.xxh3_64()
            hasher.update(source)
            assert hasher.intdigest() == expected, type(source)
    numbers = array.array("I", range(1000))
    assert iohash.crc32(numbers).intdigest() == zlib.crc32(numbers.tobytes())


def test_bytes_and_their_subclasses_hash_as_their_contents():
    # An exact bytes object is read from its own fields, anything else through the buffer
    # protocol: both give zlib's answer, at every length a field read could get wrong.
    class Tagged(bytes):
        pass

    for length in [0, 1, 7, 8, 16, 17, 240, 241, 1024, 2047, 2048, 5000, 16383, 16384]:
        data = bytes((i * 7 + length) & 0xFF for i in range(length))
        expected = zlib.crc32(data)
        for source in [data, Tagged(data), bytearray(data)]:
            assert iohash.crc32_intdigest(source) == expected, (length, type(source))
            assert iohash.crc32(source).intdigest() == expected, (length, type(source))
        assert ixxhash.xxh3_64_intdigest(Tagged(data)) == ixxhash.xxh3_64_intdigest(data)


def test_numpy_arrays_are_hashed_in_place():
    numpy = pytest.importorskip("numpy")
    values = numpy.arange(10_000, dtype=numpy.uint32)
    assert iohash.crc32c(values).intdigest() == iohash.crc32c(values.tobytes()).intdigest()
    # A strided array is refused by NumPy itself, as hashlib sees it.
    with pytest.raises((BufferError, ValueError), match="contiguous"):
        iohash.crc32c(values[::2])


def test_str_and_non_buffers_are_type_errors():
    for hasher in (iohash.xxh3_64(), iohash.crc32c(), ixxhash.xxh64()):
        with pytest.raises(TypeError):
            hasher.update("text")
        with pytest.raises(TypeError):
            hasher.update(12)
    with pytest.raises(TypeError):
        ixxhash.xxh64_intdigest("text")


def test_strided_views_are_buffer_errors():
    with pytest.raises(BufferError):
        iohash.xxh3_64(memoryview(b"abcdef")[::2])


def test_copy_goes_on_separately_and_reset_starts_again():
    hasher = iohash.xxh64(b"abc", seed=3)
    copy = hasher.copy()
    copy.update(b"def")
    assert hasher.intdigest() == iohash.xxh64(b"abc", seed=3).intdigest()
    assert copy.intdigest() == iohash.xxh64(b"abcdef", seed=3).intdigest()
    copy.reset()
    assert copy.intdigest() == iohash.xxh64(seed=3).intdigest()
    assert copy.seed == 3


def test_digest_does_not_end_the_hasher():
    hasher = iohash.crc32c(b"1234")
    hasher.digest()
    hasher.update(b"56789")
    assert hasher.intdigest() == 0xE3069283


def test_bad_names_and_seeds_are_value_errors():
    with pytest.raises(ValueError, match="unknown algorithm"):
        iohash.new("sha256")
    with pytest.raises(ValueError, match="takes no seed"):
        iohash.crc32c(seed=1)
    with pytest.raises(TypeError):
        iohash.xxh64(seed=1.5)


def test_large_seeds_wrap_as_python_xxhash_does():
    assert iohash.xxh64(b"a", seed=2**64 + 3).intdigest() == iohash.xxh64(b"a", seed=3).intdigest()
    assert iohash.xxh64(b"a", seed=-1).seed == 2**64 - 1
    assert iohash.xxh32(b"a", seed=2**32 + 5).seed == 5


def test_crcs_combine_and_xxhash_does_not():
    first, second = iohash.crc32c(b"12345"), iohash.crc32c(b"6789")
    first.combine(second)
    assert first.intdigest() == 0xE3069283
    twice = iohash.crc64nvme(b"abc")
    twice.combine(twice)
    assert twice.intdigest() == iohash.crc64nvme(b"abcabc").intdigest()
    with pytest.raises(ValueError):
        iohash.xxh3_64(b"a").combine(iohash.xxh3_64(b"b"))
    with pytest.raises(ValueError):
        iohash.crc32(b"a").combine(iohash.crc32c(b"b"))
    arc = iohash.new("crc-16/arc", b"12345")
    arc.combine(iohash.new("crc-16/arc", b"6789"))
    assert arc.intdigest() == 0xBB3D


def test_the_hasher_is_a_type_as_the_python_xxhash_classes_are():
    cls = iohash.Hasher
    assert isinstance(cls, type) and type(cls) is type(ixxhash.xxh64)
    assert (cls.__module__, cls.__name__, cls.__qualname__) == ("iohash", "Hasher", "Hasher")
    assert repr(iohash.new("crc-16/arc")) == "<iohash.Hasher crc-16/arc>"
    expected = iohash.xxh64(b"abc", seed=3).intdigest()
    for made in [cls("xxh64", b"abc", seed=3), cls(name="XXH64", data=b"abc", seed=3),
                 cls.__new__(cls, "xxh64", b"abc", seed=3), iohash.new("xxh64", data=b"abc", seed=3),
                 iohash.xxh64(data=b"abc", seed=3), cls.from_state(iohash.xxh64(b"abc", seed=3).saved_state())]:
        assert type(made) is cls
        assert (made.intdigest(), made.seed) == (expected, 3)
    with pytest.raises(TypeError):
        type("Sub", (cls,), {})
    with pytest.raises(TypeError):
        cls.update = None
    with pytest.raises(AttributeError):
        cls("xxh64").seed = 1
    with pytest.raises(TypeError):
        cls("xxh64", b"", 3)


def test_signatures_are_what_inspect_reads():
    import inspect

    assert str(inspect.signature(iohash.Hasher)) == "(name, data=b'', *, seed=0)"
    assert str(inspect.signature(iohash.new)) == "(name, data=b'', *, seed=0)"
    for name in CONSTRUCTORS:
        constructor = getattr(iohash, name)
        assert constructor.__name__ == name
        assert str(inspect.signature(constructor)) == "(data=b'', *, seed=0)"
    assert str(inspect.signature(iohash.Hasher.update_file)) == "(self, /, path, offset=0, length=None)"
    assert str(inspect.signature(iohash.Hasher.from_state)) == "(state)"
    assert isinstance(iohash.Hasher.__dict__["from_state"], staticmethod)


def test_only_hashers_combine():
    crc = iohash.crc32c(b"123")
    for other in [None, b"456", ixxhash.xxh64(b"456")]:
        with pytest.raises(TypeError, match="not an instance of 'Hasher'"):
            crc.combine(other)
    crc.combine(other=iohash.crc32c(b"456789"))
    assert crc.intdigest() == 0xE3069283


def test_hashers_give_back_their_type_s_references():
    # Each hasher holds a reference to its type, made by hand: a count that drifts would leak
    # the type or free it while in use.
    import copy
    import gc
    import pickle
    import sys

    cls = iohash.Hasher
    gc.collect()
    before = sys.getrefcount(cls)
    for _ in range(1000):
        hasher = iohash.xxh3_64(b"x" * 5000, seed=7)
        hasher.copy().update(b"y")
        copy.deepcopy(hasher)
        pickle.loads(pickle.dumps(hasher))
        cls("crc32c", b"x").hexdigest()
        iohash.new("crc-16/arc").digest()
        with pytest.raises(TypeError):
            cls("xxh64", "text")
        with pytest.raises(ValueError):
            iohash.crc32c(seed=7)
    del hasher
    gc.collect()
    assert sys.getrefcount(cls) == before


def test_the_xxhash_one_shots_give_the_hashers_hashes():
    rng = random.Random(5)
    for length in (0, 1, 16, 240, 241, 1024, 5000):
        data = rng.randbytes(length)
        for name in ("xxh3_64", "xxh3_128", "xxh64", "xxh32"):
            seed = rng.getrandbits(32 if name == "xxh32" else 64)
            hasher = getattr(iohash, name)(data, seed=seed)
            assert getattr(iohash, f"{name}_intdigest")(data, seed) == hasher.intdigest(), name
            assert getattr(iohash, f"{name}_digest")(data, seed) == hasher.digest(), name
            assert getattr(iohash, f"{name}_hexdigest")(data, seed) == hasher.hexdigest(), name
            assert getattr(iohash, f"{name}_intdigest")(data) == getattr(iohash, name)(data).intdigest()
    for kind in ("digest", "intdigest", "hexdigest"):
        assert getattr(iohash, f"xxh128_{kind}") is getattr(iohash, f"xxh3_128_{kind}")
        assert f"xxh3_64_{kind}" in iohash.__all__
