"""Hashers pickle through the library's saved state and go on in another process."""

import copy
import pickle
import subprocess
import sys

import pytest

import iohash
import iohash.xxhash as ixxhash
from conftest import oracle

NAMES = ["xxh3_64", "xxh3_128", "xxh64", "xxh32", "crc32", "crc32c", "crc64nvme", "crc-16/arc"]


@pytest.mark.parametrize("name", NAMES)
def test_pickles_and_goes_on(name):
    seed = 77 if name.startswith("xxh") else 0
    hasher = iohash.new(name, b"first half, " * 50, seed=seed)
    restored = pickle.loads(pickle.dumps(hasher))
    assert restored.name == hasher.name and restored.seed == seed
    restored.update(b"second half")
    assert restored.intdigest() == iohash.new(name, b"first half, " * 50 + b"second half", seed=seed).intdigest()
    assert copy.deepcopy(hasher).intdigest() == hasher.intdigest()


@pytest.mark.parametrize("name", ["xxh32", "xxh64", "xxh3_64", "xxh3_128"])
def test_xxhash_classes_pickle(name):
    hasher = getattr(ixxhash, name)(b"abc" * 100, 5)
    restored = pickle.loads(pickle.dumps(hasher))
    assert type(restored) is type(hasher) and restored.seed == 5
    restored.update(b"def")
    assert restored.intdigest() == getattr(ixxhash, name)(b"abc" * 100 + b"def", 5).intdigest()


def test_pickles_name_the_native_module_and_old_pickles_still_load():
    # The native module names its own functions: pickling imports no Python package.
    for hasher in (iohash.xxh64(b"abc", seed=9), ixxhash.xxh3_128(b"abc", 9)):
        restore = hasher.__reduce__()[0]
        assert restore.__module__ == "iohash._iohash"
        assert pickle.loads(pickle.dumps(hasher)).intdigest() == hasher.intdigest()
    # Pickles made before named the package's functions, which still restore them.
    state = iohash.xxh64(b"abc", seed=9).saved_state()

    class Old:
        def __init__(self, restore, *args):
            self.reduced = (restore, args)

        def __reduce__(self):
            return self.reduced

    hasher = pickle.loads(pickle.dumps(Old(iohash._restore, state)))
    assert hasher.intdigest() == iohash.xxh64(b"abc", seed=9).intdigest() and hasher.seed == 9
    hasher = pickle.loads(pickle.dumps(Old(ixxhash._restore, "xxh64", state, 9)))
    assert type(hasher) is ixxhash.xxh64 and hasher.seed == 9


def test_a_hash_begun_here_finishes_in_another_process():
    hasher = iohash.xxh3_128(b"begun in the parent " * 1000, seed=3)
    program = (
        "import pickle, sys\n"
        "hasher = pickle.loads(sys.stdin.buffer.read())\n"
        "hasher.update(b'finished in the child')\n"
        "print(hasher.hexdigest())\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", program], input=pickle.dumps(hasher), capture_output=True, check=True
    )
    hasher.update(b"finished in the child")
    assert child.stdout.decode().strip() == hasher.hexdigest()


def test_saved_states_round_trip_and_bad_ones_are_value_errors():
    hasher = iohash.crc32c(b"12345")
    state = hasher.saved_state()
    assert iohash.Hasher.from_state(state).intdigest() == hasher.intdigest()
    broken = bytearray(state)
    broken[-1] ^= 1
    with pytest.raises(ValueError, match="bad saved state"):
        iohash.Hasher.from_state(bytes(broken))
    with pytest.raises(ValueError):
        iohash.Hasher.from_state(b"")
    with pytest.raises(ValueError):
        pickle.loads(pickle.dumps(hasher).replace(state, bytes(broken)))


def test_python_xxhash_pickles_name_their_class_and_bad_ones_are_value_errors():
    from iohash.xxhash import _restore

    for name in ["xxh32", "xxh64", "xxh3_64", "xxh3_128"]:
        hasher = getattr(ixxhash, name)(b"12345", 7)
        restore, (kind, state) = hasher.__reduce__()
        restored = restore(kind, state)
        assert (restored.intdigest(), restored.seed) == (hasher.intdigest(), 7)
        # A pickle made when the seed was passed beside the state still loads.
        assert restore(kind, state, 7).seed == 7
        with pytest.raises(ValueError, match="no python-xxhash class"):
            _restore("xxh3", state)
        other = "xxh64" if name != "xxh64" else "xxh32"
        with pytest.raises(ValueError, match=f"not {other}"):
            _restore(other, state)


@pytest.mark.parametrize("name", ["xxh32", "xxh64", "xxh3_64", "xxh3_128", "crc32c", "crc-16/arc"])
def test_a_restored_hasher_reports_the_seed_it_hashes_with(name):
    seed = 0 if name.startswith("crc") else 2**32 + 5
    hasher = iohash.new(name, b"abc", seed=seed)
    restored = iohash.Hasher.from_state(hasher.saved_state())
    expected = seed % 2**32 if name == "xxh32" else seed
    assert restored.seed == hasher.seed == expected
    restored.reset()
    restored.update(b"abc")
    assert restored.intdigest() == hasher.intdigest()
    assert pickle.loads(pickle.dumps(hasher)).seed == expected
    with pytest.raises(TypeError):
        iohash.Hasher.from_state(hasher.saved_state(), seed=1)


@pytest.mark.parametrize("name", ["xxh32", "xxh64", "xxh3_64", "xxh3_128"])
def test_python_xxhash_init_starts_the_object_again(name):
    cls = getattr(ixxhash, name)
    hasher = cls(b"first", 3)
    hasher.__init__(b"zzz", 7)
    assert (hasher.intdigest(), hasher.seed) == (cls(b"zzz", 7).intdigest(), 7)
    hasher.reset()
    assert hasher.intdigest() == cls(b"", 7).intdigest()
    hasher.__init__()
    assert (hasher.intdigest(), hasher.seed) == (cls().intdigest(), 0)
    with pytest.raises(TypeError):
        hasher.__init__("text")
    xxhash = oracle("xxhash")
    theirs = getattr(xxhash, name)(b"first", 3)
    theirs.__init__(b"zzz", 7)
    assert (theirs.intdigest(), theirs.seed) == (hasher.__init__(b"zzz", 7) or hasher.intdigest(), hasher.seed)
