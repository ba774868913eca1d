"""Files read in Rust: file_digest, update_file ranges, hash_files; OSError with the name."""

import errno
import io
import os
import zlib

import pytest

import iohash
import iohash.xxhash as ixxhash


@pytest.fixture
def data_file(tmp_path):
    data = os.urandom(3 << 20) + b"tail"
    path = tmp_path / "data.bin"
    path.write_bytes(data)
    return path, data


def test_file_digest_of_a_path_str_or_pathlike(data_file):
    path, data = data_file
    expected = ixxhash.xxh3_64_intdigest(data)
    assert iohash.file_digest(path, "xxh3_64").intdigest() == expected
    assert iohash.file_digest(str(path), "xxh3_64").intdigest() == expected
    assert iohash.file_digest(path, "crc32").intdigest() == zlib.crc32(data)
    assert iohash.file_digest(path, "xxh64", seed=9).intdigest() == ixxhash.xxh64_intdigest(data, 9)


def test_file_digest_of_an_open_file_starts_where_it_is_and_leaves_it_at_the_end(data_file):
    path, data = data_file
    for buffering in (0, -1):
        with open(path, "rb", buffering=buffering) as source:
            source.read(1000)  # a buffered reader reads ahead of this
            hasher = iohash.file_digest(source, "crc32c")
            assert hasher.intdigest() == iohash.crc32c(data[1000:]).intdigest()
            assert source.tell() == len(data)
            assert source.read() == b""


def test_file_digest_of_an_open_file_past_its_end_or_with_a_size_that_lies(data_file):
    path, data = data_file
    with open(path, "rb") as source:
        source.seek(len(data) + 10)  # past the end: nothing to read, as read() says
        assert iohash.file_digest(source, "crc32").intdigest() == 0
        assert source.tell() == len(data) + 10
    if os.path.exists("/proc/version"):
        # A pseudo-file says it is empty and holds more: read to its end, by position.
        with open("/proc/version", "rb") as source:
            expected = source.read()
            source.seek(3)
            hasher = iohash.file_digest(source, "xxh3_64")
            assert expected and hasher.intdigest() == iohash.xxh3_64(expected[3:]).intdigest()
            assert source.read() == b""


def test_file_digest_of_a_bytesio_past_its_end_leaves_it_there():
    stream = io.BytesIO(b"hello")
    stream.seek(10)
    assert iohash.file_digest(stream, "crc32").intdigest() == 0
    assert stream.tell() == 10  # as hashlib.file_digest and read() leave it
    stream.seek(2)
    assert iohash.file_digest(stream, "crc32").intdigest() == iohash.crc32(b"llo").intdigest()
    assert stream.tell() == 5


def test_file_digest_of_objects_without_a_descriptor(data_file):
    _, data = data_file
    stream = io.BytesIO(data)
    stream.read(7)
    assert iohash.file_digest(stream, "crc32").intdigest() == zlib.crc32(data[7:])

    class Chunks(io.RawIOBase):
        def __init__(self):
            self.rest = memoryview(data)

        def readable(self):
            return True

        def readinto(self, buffer):
            size = min(len(buffer), len(self.rest), 100_000)
            buffer[:size] = self.rest[:size]
            self.rest = self.rest[size:]
            return size

    assert iohash.file_digest(Chunks(), "crc32").intdigest() == zlib.crc32(data)


def test_file_digest_of_a_pipe(data_file):
    _, data = data_file
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        with open(write_end, "wb") as sink:
            sink.write(data[:100_000])
        os._exit(0)
    os.close(write_end)
    with open(read_end, "rb") as source:
        assert iohash.file_digest(source, "xxh64").intdigest() == ixxhash.xxh64_intdigest(data[:100_000])
    os.waitpid(pid, 0)


def test_text_files_are_refused(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("text")
    with open(path) as text, pytest.raises(ValueError):
        iohash.file_digest(text, "crc32")


def test_update_file_ranges(data_file):
    path, data = data_file
    hasher = iohash.xxh3_128()
    assert hasher.update_file(path, 10, 1000) == 1000
    assert hasher.intdigest() == ixxhash.xxh3_128_intdigest(data[10:1010])
    hasher.update_file(path, len(data) - 5)
    assert hasher.intdigest() == ixxhash.xxh3_128_intdigest(data[10:1010] + data[-5:])
    whole = iohash.crc64nvme()
    whole.update_file(path)
    assert whole.intdigest() == iohash.crc64nvme(data).intdigest()


def test_errors_are_os_errors_with_the_name_and_leave_the_hasher_unchanged(data_file, tmp_path):
    path, data = data_file
    hasher = iohash.xxh64(b"before")
    before = hasher.intdigest()
    missing = tmp_path / "missing"
    with pytest.raises(FileNotFoundError) as caught:
        hasher.update_file(missing)
    assert caught.value.errno == errno.ENOENT
    assert caught.value.filename == missing
    with pytest.raises(IsADirectoryError) as caught:
        hasher.update_file(tmp_path)
    assert caught.value.errno == errno.EISDIR
    with pytest.raises(OSError) as caught:
        hasher.update_file(path, len(data) - 10, 100)
    assert caught.value.filename == path
    assert "range ends" in str(caught.value)
    assert hasher.intdigest() == before
    with pytest.raises(FileNotFoundError):
        iohash.file_digest(str(missing), "crc32c")


def test_hash_files_in_order_with_threads(tmp_path):
    blobs = [os.urandom(n) for n in (0, 1, 5000, 1 << 20, 77, 3)]
    paths = []
    for i, blob in enumerate(blobs):
        paths.append(tmp_path / f"{i}.bin")
        paths[-1].write_bytes(blob)
    for threads in (None, 1, 2, 5, 64):
        hashers = iohash.hash_files(paths, "crc32c", threads)
        assert [h.intdigest() for h in hashers] == [iohash.crc32c(b).intdigest() for b in blobs]
    hashers = iohash.hash_files(paths, "xxh3_64", seed=4)
    assert [h.intdigest() for h in hashers] == [ixxhash.xxh3_64_intdigest(b, 4) for b in blobs]


def test_hash_files_errors(tmp_path):
    good = tmp_path / "good"
    good.write_bytes(b"good")
    missing = str(tmp_path / "missing")
    with pytest.raises(FileNotFoundError) as caught:
        iohash.hash_files([good, missing], "crc32")
    assert caught.value.filename == missing
    results = iohash.hash_files([good, missing, good], "crc32", return_exceptions=True)
    assert isinstance(results[1], FileNotFoundError) and results[1].filename == missing
    assert results[0].intdigest() == results[2].intdigest() == zlib.crc32(b"good")
    with pytest.raises(ValueError):
        iohash.hash_files([good], "nope")
    with pytest.raises(ValueError):
        iohash.hash_files([good], "crc32", threads=0)


def test_file_objects_are_read_into_a_buffer_past_the_page_offset():
    import ctypes

    buffer = iohash._read_buffer(1 << 20)
    assert len(buffer) == 1 << 20 and not buffer.readonly
    address = ctypes.addressof(ctypes.c_char.from_buffer(buffer))
    assert address % 4096 == 256
    # And file_digest's loop reads through it: a file object without a descriptor.
    data = os.urandom((2 << 20) + 3)
    hasher = iohash.file_digest(io.BufferedReader(io.BytesIO(data)), "xxh3_64")
    assert hasher.intdigest() == ixxhash.xxh3_64_intdigest(data)
