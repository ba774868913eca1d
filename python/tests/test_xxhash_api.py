"""iohash.xxhash has python-xxhash 4's API: names, attributes, signatures and results."""

import copy
import gc
import inspect
import pickle
import subprocess
import sys

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


@pytest.mark.parametrize("name", ["xxh32", "xxh64", "xxh3_64", "xxh3_128"])
def test_the_classes_are_types_as_python_xxhash_s_are(name):
    cls = getattr(ixxhash, name)
    assert isinstance(cls, type)
    assert (cls.__module__, cls.__name__, cls.__qualname__) == ("iohash.xxhash", name, name)
    assert str(inspect.signature(cls)) == "(data=b'', seed=0)"
    assert str(inspect.signature(cls.update)) == "(self, /, data)"
    hasher = cls(b"abc", 3)
    for duplicate in [hasher.copy(), copy.copy(hasher), copy.deepcopy(hasher)]:
        assert type(duplicate) is cls and duplicate is not hasher
        assert (duplicate.intdigest(), duplicate.seed) == (hasher.intdigest(), 3)
    with pytest.raises(TypeError):
        type("Sub", (cls,), {})
    with pytest.raises(AttributeError):
        hasher.seed = 1




@pytest.mark.parametrize("name", ["xxh32", "xxh64", "xxh3_64", "xxh3_128"])
def test_a_call_and_new_make_the_same_hasher(name):
    cls = getattr(ixxhash, name)
    for args, kwargs in [((), {}), ((b"abc",), {}), ((b"abc", 7), {}), ((), {"seed": 7}),
                         ((b"abc",), {"seed": 7}), ((), {"data": b"abc", "seed": 7})]:
        made = cls(*args, **kwargs)
        assert type(made) is cls
        # As python-xxhash's: __new__ makes an object with seed 0, __init__ takes the arguments.
        new = cls.__new__(cls, *args, **kwargs)
        assert (new.intdigest(), new.seed) == (cls().intdigest(), 0)
        new.__init__(*args, **kwargs)
        assert made.intdigest() == new.intdigest()
        assert made.seed == new.seed == kwargs.get("seed", args[1] if len(args) > 1 else 0)
    # Hot enough for CPython 3.11+ to specialize the calls (with and without keywords).
    function = getattr(ixxhash, f"{name}_intdigest")
    for seed in range(100):
        assert cls(data=b"x", seed=seed).intdigest() == function(b"x", seed)
        assert cls(b"x", seed=seed).intdigest() == function(b"x", seed)
        assert cls(b"x", seed).intdigest() == function(b"x", seed)


@pytest.mark.parametrize("name", ["xxh32", "xxh64", "xxh3_64", "xxh3_128"])
def test_the_methods_refuse_what_python_xxhash_s_refuse(name):
    cls = getattr(ixxhash, name)
    hasher = cls()
    bad_calls = [
        lambda: cls(b"a", data=b"b"),
        lambda: cls(b"a", 1, 2),
        lambda: cls(seed=1, sed=2),
        lambda: cls(seed=1.5),
        lambda: cls(seed="1"),
        lambda: cls(None),
        lambda: cls(b"", None),
        lambda: cls("text"),
        lambda: hasher.update(input=b"a"),
        lambda: hasher.update(b"a", data=b"a"),
        lambda: hasher.update("text"),
        lambda: hasher.digest(1),
        lambda: hasher.intdigest(x=1),
        lambda: hasher.hexdigest(b""),
        lambda: hasher.copy(1),
        lambda: hasher.reset(1),
    ]
    other = ixxhash.xxh32 if name != "xxh32" else ixxhash.xxh64
    bad_calls += [
        lambda: cls.update(other(), b""),
        lambda: cls.digest(object()),
        lambda: cls.seed.__get__(other()),
        lambda: cls.__new__(other),
        lambda: object.__new__(cls),
    ]
    for bad_call in bad_calls:
        with pytest.raises(TypeError):
            bad_call()
    assert hasher.intdigest() == cls().intdigest() == cls(b"", **{}).intdigest()


@pytest.mark.parametrize("name", ["xxh32", "xxh64", "xxh3_64", "xxh3_128"])
def test_no_other_new_makes_an_instance(name):
    # An instance not made by the class's own __new__ would hold no hasher: the types are
    # immutable, as python-xxhash's are. In a child process, in case the type could change.
    code = f"""
import sys, iohash.xxhash as x
cls = x.{name}
try:
    cls.__new__ = staticmethod(lambda c, *a: object.__new__(c))
except TypeError:
    sys.exit(0)
sys.exit("the type's __new__ was replaced")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("name", ["xxh32", "xxh64", "xxh3_64", "xxh3_128"])
def test_instances_give_back_what_they_hold(name):
    # Each instance holds a reference to its type, made by hand here rather than by PyO3: a
    # count that drifts would leak the type or free it while in use.
    cls = getattr(ixxhash, name)
    gc.collect()
    before = sys.getrefcount(cls)
    for _ in range(1000):
        hasher = cls(b"x" * 5000, 7)
        hasher.copy().update(b"y")
        copy.deepcopy(hasher)
        pickle.loads(pickle.dumps(hasher))
        cls(data=b"x", seed=7).hexdigest()
        with pytest.raises(TypeError):
            cls("text")
        with pytest.raises(TypeError):
            cls(b"x", sed=7)
    del hasher
    gc.collect()
    assert sys.getrefcount(cls) == before


def test_crc_functions_take_data_by_position_or_keyword():
    crc = iohash.crc32c(b"abc").intdigest()
    assert iohash.crc32c_intdigest(b"abc") == iohash.crc32c_intdigest(data=b"abc") == crc
    with pytest.raises(TypeError):
        iohash.crc32c_intdigest(b"abc", 1)
    with pytest.raises(TypeError):
        iohash.crc32c_intdigest()


def test_bad_arguments_raise_what_python_xxhash_raises_live():
    # Every form of call, with every kind of bad data and seed: the same exception type and
    # message as python-xxhash's.
    import array

    xxhash = oracle("xxhash")
    bad_data = [None, "s", 5, 1.5, [1], memoryview(b"abcdef")[::2], memoryview(b"abcd").cast("B", [2, 2]),
                array.array("i", [1, 2])]
    bad_seeds = [None, "1", 1.5, b"1", [1], 2**70, -1]

    def outcome(call):
        try:
            result = call()
        except Exception as error:
            return type(error), str(error)
        return "ok", result if result is None or isinstance(result, (int, str, bytes)) else result.intdigest()

    for name in CLASSES:
        data_forms = [
            lambda m, d: getattr(m, name)(d),
            lambda m, d: getattr(m, name)(data=d),
            lambda m, d: getattr(m, name)().update(d),
            lambda m, d: getattr(m, f"{name}_intdigest")(d),
            lambda m, d: getattr(m, f"{name}_digest")(data=d),
        ]
        seed_forms = [
            lambda m, s: getattr(m, name)(b"x", s),
            lambda m, s: getattr(m, name)(b"x", seed=s),
            lambda m, s: getattr(m, f"{name}_hexdigest")(b"x", s),
        ]
        for form in data_forms:
            for data in bad_data:
                expected = outcome(lambda: form(xxhash, data))
                assert outcome(lambda: form(ixxhash, data)) == expected, (name, data)
        for form in seed_forms:
            for seed in bad_seeds:
                expected = outcome(lambda: form(xxhash, seed))
                assert outcome(lambda: form(ixxhash, seed)) == expected, (name, seed)


def test_our_own_api_raises_what_python_xxhash_raises_live():
    xxhash = oracle("xxhash")
    bad = [None, "s", 5, [1], memoryview(b"abcdef")[::2]]
    bad_seeds = [None, "1", 1.5, [1], 2**70, -1]

    def outcome(call):
        try:
            result = call()
        except Exception as error:
            return type(error), str(error)
        return "ok", result.intdigest()

    for name in CLASSES:
        for data in bad:
            expected = outcome(lambda: getattr(xxhash, name)(data))
            assert outcome(lambda: getattr(iohash, name)(data)) == expected, (name, data)
            assert outcome(lambda: getattr(iohash, name)(data=data)) == expected, (name, data)
            assert outcome(lambda: iohash.new(name, data)) == expected, (name, data)
            assert outcome(lambda: iohash.Hasher(name, data=data)) == expected, (name, data)
            expected = outcome(lambda: getattr(xxhash, name)().update(data) or 0)
            assert outcome(lambda: getattr(iohash, name)().update(data) or 0) == expected
        for seed in bad_seeds:
            expected = outcome(lambda: getattr(xxhash, name)(b"x", seed=seed))
            assert outcome(lambda: getattr(iohash, name)(b"x", seed=seed)) == expected, (name, seed)
            assert outcome(lambda: iohash.new(name, b"x", seed=seed)) == expected, (name, seed)
            expected = outcome(lambda: getattr(xxhash, name)(seed=seed))
            assert outcome(lambda: getattr(iohash, name)(seed=seed)) == expected, (name, seed)
