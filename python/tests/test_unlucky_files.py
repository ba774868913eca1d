"""Files as an unlucky user meets them: objects that transform what they read, non-blocking
sources, Ctrl-C during long or blocked reads, ranges past the end, arguments that are not
paths. The hash is of the bytes the caller's object gives, or there is a clear error."""

import bz2
import errno
import gzip
import io
import json
import lzma
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

import iohash

DATA = os.urandom(300_000)


@pytest.mark.parametrize("opener", [gzip.open, bz2.open, lzma.open])
def test_a_file_object_that_transforms_gives_what_it_reads(tmp_path, opener):
    path = tmp_path / "packed"
    with opener(path, "wb") as sink:
        sink.write(DATA)
    with opener(path, "rb") as source:
        source.read(10)
        assert iohash.file_digest(source, "crc32c").intdigest() == iohash.crc32c(DATA[10:]).intdigest()
        assert source.read() == b""


def test_a_subclass_of_a_plain_file_is_read_through_readinto(tmp_path):
    path = tmp_path / "plain"
    path.write_bytes(DATA)

    class Upper(io.FileIO):
        def readinto(self, buffer):
            size = super().readinto(buffer)
            buffer[:size] = bytes(buffer[:size]).upper()
            return size

    with Upper(path, "rb") as source:
        assert iohash.file_digest(source, "xxh3_64").intdigest() == iohash.xxh3_64(DATA.upper()).intdigest()


def test_a_non_blocking_source_is_an_error_not_what_had_arrived():
    left, right = socket.socketpair()
    with left, right:
        left.sendall(b"the first part")
        right.setblocking(False)
        with pytest.raises(BlockingIOError, match="non-blocking"):
            iohash.file_digest(right.makefile("rb", buffering=0), "crc32c")


def test_a_fifo_is_read_once_its_writer_comes(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def write_late():
        time.sleep(0.2)
        with open(fifo, "wb") as sink:
            sink.write(DATA)

    writer = threading.Thread(target=write_late)
    writer.start()
    hasher = iohash.xxh64()
    assert hasher.update_file(fifo) == len(DATA)
    writer.join()
    assert hasher.intdigest() == iohash.xxh64(DATA).intdigest()


# How long after SIGINT the KeyboardInterrupt may come. The calls check for signals every
# 50 ms (python/src/signals.rs), and a tenth of a second is the aim; the bound leaves room for
# a loaded two-CPU CI machine, where an interpreter may wait its turn for a while.
INTERRUPT_LATENCY_BOUND = 1.0


def _interrupted(statement, setup=""):
    """Runs `statement` in a new interpreter, sends it SIGINT half a second after it starts,
    and returns its exit code, its output and the seconds from SIGINT to KeyboardInterrupt
    (None without one). CLOCK_MONOTONIC, which time.monotonic reads on Linux, is one clock for
    every process. A hang is a failure after 20 seconds."""
    # Python's own SIGINT handler, as an interactive session has it: a process started from a
    # shell's background job inherits SIGINT ignored, and Python then installs none.
    code = (
        "import iohash, signal, sys, time\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        f"{setup}\n"
        "print('started', flush=True)\n"
        "try:\n"
        f"    {statement}\n"
        "except KeyboardInterrupt:\n"
        "    caught = time.monotonic()\n"
        "    print('KeyboardInterrupt', flush=True)\n"
        "    print(caught, flush=True)\n"
        "    sys.exit(3)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline() == "started\n"
    time.sleep(0.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        code = child.wait(20)
    except subprocess.TimeoutExpired:
        child.kill()
        pytest.fail(f"{statement}: still running 20 s after SIGINT")
    output, _, caught = child.stdout.read().partition("\n")
    latency = float(caught) - sent if caught else None
    return code, output + "\n", latency


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and /dev/zero")
@pytest.mark.parametrize(
    "statement",
    [
        "iohash.xxh3_64().update_file('/dev/zero')",
        "iohash.file_digest(open('/dev/zero', 'rb'), 'crc32c')",
        "iohash.xxh3_64().update_file(FIFO)",
        "iohash.hash_files([FIFO, SPARSE], 'xxh3_64', 2)",
        "iohash.xxh3_64().update_file(SPARSE)",
        "iohash.xxh64().update_file(SPARSE, 5, 50 << 30)",
        "iohash.file_digest(open(SPARSE, 'rb'), 'crc32c')",
        "iohash.hash_files([SPARSE] * 3, 'xxh3_64')",
    ],
)
def test_ctrl_c_stops_file_hashing(tmp_path, statement):
    fifo, sparse = tmp_path / "fifo", tmp_path / "sparse"
    os.mkfifo(fifo)  # no writer ever comes
    with open(sparse, "wb") as sink:
        sink.truncate(64 << 30)  # holes: read as zeros for minutes
    setup = f"FIFO, SPARSE = {str(fifo)!r}, {str(sparse)!r}"
    code, output, latency = _interrupted(statement, setup)
    assert (code, output) == (3, "KeyboardInterrupt\n")
    print(f"{statement}: KeyboardInterrupt {latency * 1000:.1f} ms after SIGINT")
    assert latency < INTERRUPT_LATENCY_BOUND, f"{statement}: {latency:.3f} s after SIGINT"


def test_a_range_that_starts_past_the_end_is_an_error(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(DATA[:100_000])
    hasher = iohash.crc32c(b"kept")
    with pytest.raises(OSError, match="100000 bytes long, and the range starts at byte 100001"):
        hasher.update_file(path, offset=100_001)
    assert hasher.intdigest() == iohash.crc32c(b"kept").intdigest()
    assert hasher.update_file(path, offset=100_000) == 0
    assert hasher.update_file(path, offset=99_000) == 1000
    with pytest.raises(OSError, match="range ends at byte 100001") as caught:
        hasher.update_file(path, 1, 100_000)
    # EINVAL, not "[Errno None]": the arguments do not fit the file.
    assert caught.value.errno == errno.EINVAL and caught.value.filename == path
    assert str(caught.value).startswith("[Errno 22] the file is 100000 bytes long, and the range ends")


def test_paths_are_str_bytes_or_path_like_and_nothing_else(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"contents")
    want = iohash.crc32(b"contents").intdigest()
    for named in (path, str(path), os.fsencode(path)):
        assert iohash.file_digest(named, "crc32").intdigest() == want
        hasher = iohash.crc32()
        hasher.update_file(named)
        assert hasher.intdigest() == want
    with pytest.raises(TypeError, match="str, bytes or os.PathLike object, not int"):
        iohash.crc32().update_file(123)
    with pytest.raises(ValueError, match="embedded null byte"):
        iohash.crc32().update_file("a\x00b")
    for not_a_file in (None, 12, io.StringIO("text")):
        with pytest.raises(ValueError, match="not a file object in binary reading mode"):
            iohash.file_digest(not_a_file, "crc32")


def test_hash_files_refuses_one_path_for_many(tmp_path):
    for one in ("ab", b"ab", tmp_path):
        with pytest.raises(TypeError, match="an iterable of paths, not one path"):
            iohash.hash_files(one, "xxh3_64")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_memory_and_threads_the_system_refuses_are_errors_not_an_abort(tmp_path):
    # In a new interpreter whose address space may grow by only a few MiB past what it uses
    # after import: every call ends, with its result or a MemoryError, never an abort.
    path = tmp_path / "f"
    path.write_bytes(os.urandom(1 << 20) * 80)
    code = (
        "import io, resource, sys, iohash\n"
        "size = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmSize:'))\n"
        "limit = size * 1024 + int(sys.argv[2]) * 1024 * 1024\n"
        "resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n"
        "path, seen = sys.argv[1], []\n"
        "for work in [\n"
        "    lambda: iohash.xxh3_64().update_file(path),\n"
        "    lambda: iohash.crc32c().update_file(path, 5, 10**7),\n"
        "    lambda: iohash.file_digest(open(path, 'rb'), 'crc32c'),\n"
        "    lambda: iohash.hash_files([path] * 16, 'xxh3_64', 64),\n"
        "    lambda: iohash.xxh3_64(b'x' * 10**8),\n"
        "]:\n"
        "    try:\n"
        "        work()\n"
        "        seen.append('ok')\n"
        "    except MemoryError:\n"
        "        seen.append('MemoryError')\n"
        "print(' '.join(seen))\n"
    )
    for headroom in (1, 4, 32):
        run = subprocess.run([sys.executable, "-c", code, str(path), str(headroom)],
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, (headroom, run.stderr[-2000:])
        assert len(run.stdout.split()) == 5, run.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_threads_hash_files_cannot_have_are_a_warning(tmp_path):
    # In a new interpreter with room for the stacks of a few threads, not of 64: the hashes
    # as without the limit and one RuntimeWarning, at the caller's line; or a MemoryError.
    paths = []
    for i in range(64):
        paths.append(tmp_path / f"f{i}")
        paths[-1].write_bytes(DATA[i : i + 1000 * i])
    want = [hasher.intdigest() for hasher in iohash.hash_files(paths, "xxh3_64", 1)]
    code = (
        "import json, resource, sys, warnings, iohash\n"
        "size = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmSize:'))\n"
        "limit = size * 1024 + int(sys.argv[1]) * 1024 * 1024\n"
        "resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    try:\n"
        "        got = [h.intdigest() for h in iohash.hash_files(sys.argv[2:], 'xxh3_64', 64)]\n"
        "    except MemoryError:\n"
        "        got = 'MemoryError'\n"
        "print(json.dumps([got, [[w.category.__name__, w.filename, str(w.message)] for w in caught]]))\n"
    )
    hashed = 0
    for headroom in (4, 16):
        run = subprocess.run([sys.executable, "-c", code, str(headroom), *map(str, paths)],
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, (headroom, run.stderr[-2000:])
        got, caught = json.loads(run.stdout)
        if got == "MemoryError":
            continue
        assert got == want, headroom
        assert len(caught) == 1, (headroom, caught)
        category, filename, message = caught[0]
        assert (category, filename) == ("RuntimeWarning", "<string>"), (headroom, caught)
        assert re.fullmatch(r"the system refused a thread \([^()]+\); "
                            r"the files were hashed on \d+ threads?, not 64", message), message
        hashed += 1
    assert hashed, "a MemoryError at every limit: nothing was hashed"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_a_reader_thread_the_system_refuses_is_a_warning(tmp_path):
    # One large file is read by the library on a thread per CPU while the calling one hashes.
    # Given room for the read's buffers but not for another thread's stack, it is read on the
    # calling thread alone: the same hash, one RuntimeWarning at the caller's line, whether
    # through file_digest or a hasher's update_file; with less room, a MemoryError.
    if len(os.sched_getaffinity(0)) < 2:
        print("skipped: one CPU, so the library asks for no reader thread")
        pytest.skip("one CPU")
    path = tmp_path / "big"
    with open(path, "wb") as f:
        f.truncate(80 << 20)
    want = iohash.xxh3_64(bytes(80 << 20)).intdigest()
    code = (
        "import json, resource, sys, warnings, iohash\n"
        "size = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmSize:'))\n"
        "limit = size * 1024 + int(sys.argv[1]) * 1024 * 1024\n"
        "resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n"
        "out = []\n"
        "for way in ('file_digest', 'update_file'):\n"
        "    with warnings.catch_warnings(record=True) as caught:\n"
        "        warnings.simplefilter('always')\n"
        "        try:\n"
        "            if way == 'file_digest':\n"
        "                got = iohash.file_digest(sys.argv[2], 'xxh3_64').intdigest()\n"
        "            else:\n"
        "                h = iohash.new('xxh3_64')\n"
        "                h.update_file(sys.argv[2])\n"
        "                got = h.intdigest()\n"
        "        except MemoryError:\n"
        "            got = 'MemoryError'\n"
        "    out.append([got, [[w.category.__name__, w.filename, str(w.message)] for w in caught]])\n"
        "print(json.dumps(out))\n"
    )
    warned = set()
    for headroom in range(1, 13):
        run = subprocess.run([sys.executable, "-c", code, str(headroom), str(path)],
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, (headroom, run.stderr[-2000:])
        for way, (got, caught) in zip(("file_digest", "update_file"), json.loads(run.stdout)):
            if got == "MemoryError":
                continue
            assert got == want, (headroom, way)
            assert len(caught) <= 1, (headroom, way, caught)
            for category, filename, message in caught:
                assert (category, filename) == ("RuntimeWarning", "<string>"), (headroom, caught)
                assert re.fullmatch(r"the system refused a thread \([^()]+\); "
                                    r"the file was read on 1 thread, not \d+", message), message
                warned.add(way)
    assert warned == {"file_digest", "update_file"}, f"warned only through {warned}"
