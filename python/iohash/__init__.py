"""Streaming non-cryptographic hashing: XXH3, XXH64, XXH32, CRC-32, CRC-32C, CRC-64/NVME and
every CRC of the catalogue, in hashlib's shape, on the Rust library iohash.

    >>> import iohash
    >>> iohash.xxh3_64(b"hello").hexdigest()
    '9555e8555c62dcfd'
    >>> h = iohash.new("crc32c")
    >>> h.update(b"123456789")
    >>> h.intdigest() == 0xE3069283
    True

Buffers are read without a copy and hashed with the GIL released from 16 KiB; files are read in
Rust (``file_digest``, ``Hasher.update_file``, ``hash_files``). Hashers pickle, and CRCs
``combine``, so ranges hashed on other processes or machines join into the whole file's.
None of these hashes is cryptographic: they find accidents, never tampering.
"""

import errno as _errno
import io as _io
import os as _os

from . import _iohash
from ._iohash import (
    Hasher,
    crc32_digest,
    crc32_intdigest,
    crc32_hexdigest,
    crc32c_digest,
    crc32c_intdigest,
    crc32c_hexdigest,
    crc64_digest,
    crc64_intdigest,
    crc64_hexdigest,
    crc64nvme_digest,
    crc64nvme_intdigest,
    crc64nvme_hexdigest,
    crc64xz_digest,
    crc64xz_intdigest,
    crc64xz_hexdigest,
    adler32_digest,
    adler32_intdigest,
    adler32_hexdigest,
    adler32,
    quickxor_digest,
    quickxor_intdigest,
    quickxor_hexdigest,
    quickxor,
    crc32,
    crc32c,
    crc64,
    crc64nvme,
    crc64xz,
    crc_catalogue,
    new,
    xxh3_64,
    xxh3_128,
    xxh32,
    xxh64,
)

__version__ = _iohash.__version__

xxh128 = xxh3_128

# The xxHash one-shots are python-xxhash's, which iohash.xxhash has too: one call, no hasher
# object made, so faster than ``xxh3_64(data).intdigest()`` on short inputs.
xxh3_64_digest = _iohash.xxhash.xxh3_64_digest
xxh3_64_intdigest = _iohash.xxhash.xxh3_64_intdigest
xxh3_64_hexdigest = _iohash.xxhash.xxh3_64_hexdigest
xxh3_128_digest = _iohash.xxhash.xxh3_128_digest
xxh3_128_intdigest = _iohash.xxhash.xxh3_128_intdigest
xxh3_128_hexdigest = _iohash.xxhash.xxh3_128_hexdigest
xxh64_digest = _iohash.xxhash.xxh64_digest
xxh64_intdigest = _iohash.xxhash.xxh64_intdigest
xxh64_hexdigest = _iohash.xxhash.xxh64_hexdigest
xxh32_digest = _iohash.xxhash.xxh32_digest
xxh32_intdigest = _iohash.xxhash.xxh32_intdigest
xxh32_hexdigest = _iohash.xxhash.xxh32_hexdigest
xxh128_digest = xxh3_128_digest
xxh128_intdigest = xxh3_128_intdigest
xxh128_hexdigest = xxh3_128_hexdigest

#: The constructors' names; ``new`` also takes every CRC of the catalogue ("crc-16/arc", ...)
#: and the full names ("XXH3-64", "CRC-32/ISCSI"), in any case.
algorithms_guaranteed = frozenset(
    {"xxh3_64", "xxh3_128", "xxh64", "xxh32", "crc32", "crc32c", "crc64", "crc64nvme", "crc64xz",
     "adler32", "quickxor"}
)
algorithms_available = algorithms_guaranteed

__all__ = [
    "Hasher",
    "new",
    "xxh3_64",
    "xxh3_128",
    "xxh128",
    "xxh64",
    "xxh32",
    "crc32",
    "crc32c",
    "crc64",
    "crc64nvme",
    "crc64xz",
    "adler32",
    "quickxor",
    "crc_catalogue",
    "xxh3_64_digest",
    "xxh3_64_intdigest",
    "xxh3_64_hexdigest",
    "xxh3_128_digest",
    "xxh3_128_intdigest",
    "xxh3_128_hexdigest",
    "xxh64_digest",
    "xxh64_intdigest",
    "xxh64_hexdigest",
    "xxh32_digest",
    "xxh32_intdigest",
    "xxh32_hexdigest",
    "xxh128_digest",
    "xxh128_intdigest",
    "xxh128_hexdigest",
    "crc32_digest",
    "crc32_intdigest",
    "crc32_hexdigest",
    "crc32c_digest",
    "crc32c_intdigest",
    "crc32c_hexdigest",
    "crc64_digest",
    "crc64_intdigest",
    "crc64_hexdigest",
    "crc64nvme_digest",
    "crc64nvme_intdigest",
    "crc64nvme_hexdigest",
    "crc64xz_digest",
    "crc64xz_intdigest",
    "crc64xz_hexdigest",
    "adler32_digest",
    "adler32_intdigest",
    "adler32_hexdigest",
    "quickxor_digest",
    "quickxor_intdigest",
    "quickxor_hexdigest",
    "file_digest",
    "hash_files",
    "algorithms_guaranteed",
    "algorithms_available",
]

_CHUNK = 1 << 20
# Where a read buffer sits in its page decides how fast the kernel copies into it on some CPUs:
# the native module places file_digest's where the library places its own.
_read_buffer = _iohash._read_buffer


def _restore(state, seed=None):
    # pickle's way back to a Hasher for pickles made before the native module's _restore,
    # which pickles name now: the library's saved state, which holds the seed.
    return Hasher.from_state(state)


def _is_path(obj):
    return isinstance(obj, (str, bytes, _os.PathLike))


def _descriptor_to_read(fileobj):
    # The descriptor of a file object whose reads are exactly its descriptor's: a plain
    # FileIO, or a BufferedReader or BufferedRandom over one. Any other object (a GzipFile, a
    # subclass, a socket's file) may change what it reads, and is read through readinto.
    # Whether it is a regular file is Rust's to tell (_update_fd), from its one fstat.
    raw = fileobj
    if type(fileobj) in (_io.BufferedReader, _io.BufferedRandom):
        raw = fileobj.raw
    if type(raw) is not _io.FileIO:
        return None
    try:
        return raw.fileno()
    except (OSError, ValueError):
        return None


def file_digest(fileobj, name, /, *, seed=0):
    """The hasher of ``name`` (as ``new`` takes it) given the contents of a file, like
    ``hashlib.file_digest``: a path (str, bytes or path-like) is read in Rust; so is a plain
    binary file (``open(path, "rb")``) from its current position to its end, where it is
    left. Any other binary file object (``io.BytesIO``, ``gzip.open``, a socket's file) gives
    what its ``readinto`` gives, read in 1 MiB chunks; one in non-blocking mode is an error
    (``BlockingIOError``), as its end cannot be told from a pause. The GIL is released while
    Rust reads, and Ctrl-C stops it. Errors are ``OSError`` with the file's name.
    """
    hasher = new(name, seed=seed)
    if _is_path(fileobj):
        hasher.update_file(fileobj)
        return hasher
    if not (hasattr(fileobj, "readinto") and hasattr(fileobj, "readable") and fileobj.readable()):
        raise ValueError(
            f"{fileobj!r} is not a file object in binary reading mode, nor a path "
            "(str, bytes or os.PathLike)"
        )
    fd = _descriptor_to_read(fileobj)
    if fd is not None and hasattr(hasher, "_update_fd"):
        # The object's own position, which a buffered reader keeps ahead of its descriptor:
        # Rust reads from it by position and moves nothing; the object then goes to the end.
        # A pipe or a terminal has none, and is read through the object.
        try:
            position = fileobj.tell()
        except OSError:
            position = None
        read = None if position is None else hasher._update_fd(fd, position, fileobj)
        if read is not None:
            fileobj.seek(position + read)
            return hasher
    if type(fileobj) is _io.BytesIO:
        # Its buffer, without a copy.
        view = fileobj.getbuffer()
        start = fileobj.tell()
        try:
            hasher.update(view[start:])
            end = max(start, len(view))
        finally:
            view.release()
        # Where read() would leave it: the end, or where it was if that is past the end.
        fileobj.seek(end)
        return hasher
    buffer = _read_buffer(_CHUNK)
    while True:
        size = fileobj.readinto(buffer)
        if size is None:
            raise BlockingIOError(
                _errno.EAGAIN,
                f"{fileobj!r} is in non-blocking mode and had no data ready: file_digest "
                "reads a file to its end, which a non-blocking read cannot tell from a pause",
            )
        if not size:
            break
        hasher.update(buffer[:size])
    return hasher


def hash_files(paths, name, threads=None, *, seed=0, return_exceptions=False):
    """The hashers of ``name`` for many files, read in parallel in Rust (``threads`` threads;
    one per CPU by default) with the GIL released, in the order of ``paths``. The first file
    that fails raises its ``OSError``; with ``return_exceptions=True`` its place in the list
    holds the ``OSError`` instead and the others are still returned. Threads the system
    refuses (``ulimit -u``, ``ulimit -v``) leave their files to the others, with a
    ``RuntimeWarning``.
    """
    if _is_path(paths):
        raise TypeError(
            f"hash_files takes an iterable of paths, not one path: hash_files([{paths!r}], ...)"
        )
    paths = list(paths)
    if threads is not None and threads < 1:
        raise ValueError("threads is at least 1")
    results = _iohash._hash_files(paths, name, threads, seed)
    if not return_exceptions:
        for result in results:
            if isinstance(result, BaseException):
                raise result
    return results
