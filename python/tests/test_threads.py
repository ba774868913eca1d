"""One hasher shared by threads stays correct; threads hash in parallel; on a free-threaded
CPython the GIL stays off."""

import os
import subprocess
import sys
import sysconfig
import threading

import pytest

import iohash
import iohash.xxhash as ixxhash


@pytest.mark.parametrize("size", [100, 16383, 16384, 70_000])
@pytest.mark.parametrize("name", ["crc32c", "xxh3_64", "xxh64"])
def test_a_shared_hasher_sees_every_update_whole(name, size):
    # Every thread gives the same chunk, so any order of whole updates gives one answer, and
    # an update torn by another thread's would not.
    chunk = bytes(i % 251 for i in range(size))
    threads, updates = 4, 200 if size < 10_000 else 20
    hasher = iohash.new(name)

    def work():
        for _ in range(updates):
            hasher.update(chunk)
            hasher.digest()

    workers = [threading.Thread(target=work) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert hasher.intdigest() == iohash.new(name, chunk * (threads * updates)).intdigest()


def test_shared_xxhash_class_and_files(tmp_path):
    chunk = b"z" * 5000
    path = tmp_path / "f"
    path.write_bytes(chunk)
    hasher = ixxhash.xxh3_64()
    file_hasher = iohash.xxh3_64()

    def work():
        for _ in range(20):
            hasher.update(chunk)
            file_hasher.update_file(path)

    workers = [threading.Thread(target=work) for _ in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert hasher.intdigest() == ixxhash.xxh3_64_intdigest(chunk * 60)
    assert file_hasher.intdigest() == ixxhash.xxh3_64_intdigest(chunk * 60)


@pytest.mark.parametrize("name", ["crc32c", "xxh3_64"])
def test_small_and_large_updates_from_threads_mix_whole(name):
    # Inputs under 16 KiB use the hasher with the GIL held, larger ones with it released; one
    # repeated byte makes every order of whole updates give one answer.
    sizes = [16, 16383, 16384, 70_000]
    threads, rounds = 4, 30
    hasher = iohash.new(name)

    def work(first):
        for i in range(rounds):
            hasher.update(b"a" * sizes[(first + i) % len(sizes)])
            hasher.intdigest()
            hasher.copy()

    workers = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    total = threads * rounds * sum(sizes) // len(sizes)
    assert hasher.intdigest() == iohash.new(name, b"a" * total).intdigest()


def test_importing_iohash_leaves_a_free_threaded_cpython_without_the_gil():
    # A module not declared free-threading safe turns the GIL back on when imported. In a new
    # interpreter: pytest's own imports could have turned it on already. IOHASH_REQUIRE_FREE_THREADED=1
    # (CI, on 3.14t) makes a CPython with the GIL a failure, not a skip.
    if not sysconfig.get_config_var("Py_GIL_DISABLED"):
        if os.environ.get("IOHASH_REQUIRE_FREE_THREADED") == "1":
            pytest.fail(f"IOHASH_REQUIRE_FREE_THREADED=1, but {sys.version} has a GIL")
        print("\nnot a free-threaded CPython: the GIL test is skipped")
        pytest.skip("not a free-threaded CPython")
    code = "import sys, iohash, iohash.xxhash, iohash.cloud; print(sys._is_gil_enabled())"
    env = {key: value for key, value in os.environ.items() if key != "PYTHON_GIL"}
    run = subprocess.run([sys.executable, "-W", "error", "-c", code], env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "False"
