"""python-xxhash 4's API on iohash: ``import iohash.xxhash as xxhash`` replaces it.

The classes ``xxh32``, ``xxh64``, ``xxh3_64``, ``xxh3_128`` (and ``xxh128``) and the
``*_digest``, ``*_intdigest`` and ``*_hexdigest`` functions take the same arguments and give
the same results as python-xxhash's. Beyond it: hashers pickle (through iohash's saved state),
and inputs of 16 KiB and more are hashed with the GIL released.
"""

from . import _iohash
from ._iohash import xxhash as _native

xxh32 = _native.xxh32
xxh32_digest = _native.xxh32_digest
xxh32_hexdigest = _native.xxh32_hexdigest
xxh32_intdigest = _native.xxh32_intdigest
xxh64 = _native.xxh64
xxh64_digest = _native.xxh64_digest
xxh64_hexdigest = _native.xxh64_hexdigest
xxh64_intdigest = _native.xxh64_intdigest
xxh3_64 = _native.xxh3_64
xxh3_64_digest = _native.xxh3_64_digest
xxh3_64_hexdigest = _native.xxh3_64_hexdigest
xxh3_64_intdigest = _native.xxh3_64_intdigest
xxh3_128 = _native.xxh3_128
xxh3_128_digest = _native.xxh3_128_digest
xxh3_128_hexdigest = _native.xxh3_128_hexdigest
xxh3_128_intdigest = _native.xxh3_128_intdigest

#: The python-xxhash release whose API this module has.
VERSION = "4.1.0"
#: The xxHash release whose hashes these are.
XXHASH_VERSION = "0.8.3"

xxh128 = xxh3_128
xxh128_hexdigest = xxh3_128_hexdigest
xxh128_intdigest = xxh3_128_intdigest
xxh128_digest = xxh3_128_digest

algorithms_available = set(["xxh32", "xxh64", "xxh3_64", "xxh128", "xxh3_128"])
algorithms_guaranteed = algorithms_available


def _restore(kind, state, seed=None):
    # pickle's way back for pickles made before the native module's _restore_xxhash, which
    # pickles name now: the class and the library's saved state, which holds the seed.
    return _iohash._restore_xxhash(kind, state)


__all__ = [
    "xxh32",
    "xxh32_digest",
    "xxh32_intdigest",
    "xxh32_hexdigest",
    "xxh64",
    "xxh64_digest",
    "xxh64_intdigest",
    "xxh64_hexdigest",
    "xxh3_64",
    "xxh3_64_digest",
    "xxh3_64_intdigest",
    "xxh3_64_hexdigest",
    "xxh3_128",
    "xxh3_128_digest",
    "xxh3_128_intdigest",
    "xxh3_128_hexdigest",
    "xxh128",
    "xxh128_digest",
    "xxh128_intdigest",
    "xxh128_hexdigest",
    "VERSION",
    "XXHASH_VERSION",
    "algorithms_available",
    "algorithms_guaranteed",
]
