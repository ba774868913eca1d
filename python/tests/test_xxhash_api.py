"""iohash.xxhash has python-xxhash 4's API: names, attributes, signatures and results."""

import pytest

import iohash
import iohash.xxhash as ixxhash
from conftest import oracle

CLASSES = {"xxh32": ("XXH32", 4, 16), "xxh64": ("XXH64", 8, 32), "xxh3_64": ("XXH3_64", 8, 32), "xxh3_128": ("XXH3_128", 16, 64)}


def test_module_has_the_public_names():
    for name in ["xxh32", "xxh64", "xxh3_64", "xxh3_128", "xxh128"]:
        assert callable(getattr(ixxhash, name))
        for form in ["digest", "intdigest", "hexdigest"]:
            assert callable(getattr(ixxhash, f"{name}_{form}"))
    assert ixxhash.xxh128 is ixxhash.xxh3_128
    assert ixxhash.algorithms_available == {"xxh32", "xxh64", "xxh3_64", "xxh128", "xxh3_128"}
    assert isinstance(ixxhash.VERSION, str) and isinstance(ixxhash.XXHASH_VERSION, str)
    assert set(ixxhash.__all__) <= set(dir(ixxhash))


@pytest.mark.parametrize("name", CLASSES)
def test_attributes_are_python_xxhash_s(name):
    hasher = getattr(ixxhash, name)(b"x", 5)
    assert (hasher.name, hasher.digest_size, hasher.block_size) == CLASSES[name]
    assert hasher.digestsize == hasher.digest_size
    assert hasher.seed == 5
    assert getattr(ixxhash, name)().seed == 0


@pytest.mark.parametrize("name", CLASSES)
def test_signatures_take_data_and_seed_by_keyword(name):
    cls = getattr(ixxhash, name)
    assert cls(data=b"a", seed=1).intdigest() == cls(b"a", 1).intdigest()
    function = getattr(ixxhash, f"{name}_intdigest")
    assert function(data=b"a", seed=1) == cls(b"a", 1).intdigest()
    with pytest.raises(TypeError):
        cls(b"", 0, 1)
    with pytest.raises(TypeError):
        cls(input=b"a")


@pytest.mark.parametrize("name", CLASSES)
def test_everything_matches_python_xxhash_live(name):
    xxhash = oracle("xxhash")
    for seed in [0, 1, -1, 2**64 + 9, 2**32 + 1]:
        mine, theirs = getattr(ixxhash, name)(b"", seed), getattr(xxhash, name)(b"", seed)
        assert (mine.name, mine.digest_size, mine.block_size, mine.seed) == (
            theirs.name, theirs.digest_size, theirs.block_size, theirs.seed)
        for piece in [b"a", b"bc" * 100, bytearray(b"xyz" * 1000), memoryview(b"q" * 70_000)]:
            mine.update(piece)
            theirs.update(piece)
            assert mine.intdigest() == theirs.intdigest()
        copy_mine, copy_theirs = mine.copy(), theirs.copy()
        mine.reset()
        theirs.reset()
        assert mine.hexdigest() == theirs.hexdigest()
        assert copy_mine.digest() == copy_theirs.digest()
    assert ixxhash.algorithms_available == xxhash.algorithms_available
    assert set(ixxhash.__all__) == set(xxhash.__all__)


@pytest.mark.parametrize("name", ["xxh32", "xxh64", "xxh3_64", "xxh3_128"])
def test_every_way_to_pass_the_arguments_gives_one_answer(name):
    # The common calls take a fast path of their own; the others go to PyO3's functions.
    function = getattr(ixxhash, f"{name}_intdigest")
    expected = getattr(ixxhash, name)(b"abc", 7).intdigest()
    assert function(b"abc", 7) == function(b"abc", seed=7) == expected
    assert function(data=b"abc", seed=7) == getattr(iohash, name)(data=b"abc", seed=7).intdigest() == expected
    assert function(b"abc") == function(b"abc", 0) == function(memoryview(b"abc")) == function(bytearray(b"abc"))
    hasher = getattr(ixxhash, name)()
    hasher.update(b"ab")
    hasher.update(data=b"c")
    assert hasher.intdigest() == function(b"abc")
    bad_calls = [
        lambda: function(),
        lambda: function(b"a", 1, 2),
        lambda: function(b"a", sed=1),
        lambda: function("text"),
        lambda: hasher.update(),
        lambda: hasher.update(b"a", b"b"),
        lambda: getattr(iohash, name)(b"a", 1),
    ]
    for bad_call in bad_calls:
        with pytest.raises(TypeError):
            bad_call()


def test_crc_functions_take_data_by_position_or_keyword():
    crc = iohash.crc32c(b"abc").intdigest()
    assert iohash.crc32c_intdigest(b"abc") == iohash.crc32c_intdigest(data=b"abc") == crc
    with pytest.raises(TypeError):
        iohash.crc32c_intdigest(b"abc", 1)
    with pytest.raises(TypeError):
        iohash.crc32c_intdigest()
