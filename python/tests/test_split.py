"""Any split of any input gives the one-shot answer (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

import iohash
import iohash.xxhash as ixxhash

NAMES = ["xxh3_64", "xxh3_128", "xxh64", "xxh32", "crc32", "crc32c", "crc64nvme", "crc-16/arc", "crc-5/usb", "adler32", "quickxor"]


@st.composite
def split_input(draw):
    data = draw(st.binary(max_size=5000))
    cuts = sorted(draw(st.lists(st.integers(0, len(data)), max_size=8)))
    return data, cuts


def pieces(data, cuts):
    bounds = [0, *cuts, len(data)]
    return [data[a:b] for a, b in zip(bounds, bounds[1:])]


@settings(max_examples=150, deadline=None)
@given(split_input(), st.sampled_from(NAMES), st.integers(0, 2**64 - 1))
def test_any_split_gives_the_one_shot_hash(split, name, seed):
    data, cuts = split
    seed = seed if iohash.new(name).name.startswith("xxh") else 0
    hasher = iohash.new(name, seed=seed)
    for piece in pieces(data, cuts):
        hasher.update(piece)
    assert hasher.intdigest() == iohash.new(name, data, seed=seed).intdigest()


@settings(max_examples=100, deadline=None)
@given(split_input(), st.sampled_from(["xxh32", "xxh64", "xxh3_64", "xxh3_128"]), st.integers(0, 2**64 - 1))
def test_any_split_of_the_xxhash_classes_gives_the_function(split, name, seed):
    data, cuts = split
    hasher = getattr(ixxhash, name)(seed=seed)
    for piece in pieces(data, cuts):
        hasher.update(bytearray(piece))
    assert hasher.intdigest() == getattr(ixxhash, f"{name}_intdigest")(data, seed)


@settings(max_examples=100, deadline=None)
@given(split_input(), st.sampled_from(["crc32", "crc32c", "crc64nvme", "crc64xz", "crc-16/modbus", "adler32", "quickxor"]))
def test_crcs_of_the_pieces_combine_into_the_whole(split, name):
    data, cuts = split
    combined = iohash.new(name)
    for piece in pieces(data, cuts):
        combined.combine(iohash.new(name, piece))
    assert combined.intdigest() == iohash.new(name, data).intdigest()



# Each kind of hasher object: how to make one, and the one-shot function that makes no object.
KINDS = [
    *((lambda name, data, seed: iohash.new(name, data, seed=seed), name) for name in ["xxh3_64", "xxh3_128", "xxh64", "xxh32"]),
    *((lambda name, data, seed: iohash.new(name, data), name) for name in ["crc32", "crc32c", "crc64nvme"]),
    *((lambda name, data, seed: getattr(ixxhash, name)(data, seed), name) for name in ["xxh3_64", "xxh3_128", "xxh64", "xxh32"]),
]


def one_shot(name, data, seed):
    function = getattr(iohash, f"{name}_intdigest")
    return function(data, seed) if name.startswith("xxh") else function(data)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, len(KINDS) - 1), st.binary(max_size=700),
                          st.sampled_from([0, 1, 2**32 + 3, 2**64 - 1])), max_size=40))
def test_hashers_made_as_others_go_hash_as_new_ones(steps):
    # Objects whose last reference went are kept and made again (object.rs): whatever kind,
    # algorithm, seed and data the old one had, the new one hashes as a new one does.
    live = []
    for action, pick, data, seed in steps:
        if action == 0 and live:
            live.pop(pick % len(live))
        elif action == 1 and live:
            hasher, name, seed, so_far = live[pick % len(live)]
            hasher.update(data)
            live[pick % len(live)] = (hasher, name, seed, so_far + data)
        else:
            make, name = KINDS[pick]
            hasher = make(name, data, seed)
            assert type(hasher) is (iohash.Hasher if pick < 7 else getattr(ixxhash, name))
            live.append((hasher, name, seed, data))
        for hasher, name, seed, so_far in live:
            assert hasher.intdigest() == one_shot(name, so_far, seed)
            assert hasher.seed == (seed % 2**32 if name == "xxh32" else seed if name.startswith("xxh") else 0)
