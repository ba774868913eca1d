"""iohash beside python-xxhash, google-crc32c, crc32c, awscrt, zlib, zlib-ng and quickxorhash,
side by side in one run.

    python python/benches/bench.py [--quick] [--file-size MiB] [--only PART]

Prints, per input size, the time of one call of each implementation (the best of several
rounds, the implementations taking turns in each round, so a noisy machine slows all alike)
and its ratio to the peer, Adler-32 and QuickXorHash included; then python-xxhash's classes
as code calls them; then a cached file through ``iohash.file_digest`` beside Python reading
1 MiB chunks into python-xxhash, and the copy alone (no hash) on one thread and on two, the floor of any way that reads it;
then two threads hashing two buffers beside one thread. Missing peers are left out with a
line saying so.
"""

import argparse
import os
import platform
import sys
import tempfile
import threading
import time
import timeit

import iohash
import iohash.xxhash as ixxhash


def peer(name):
    try:
        return __import__(name, fromlist=["_"])
    except ImportError:
        print(f"({name} is not installed: its rows are left out)")
        return None


xxhash = peer("xxhash")
google_crc32c = peer("google_crc32c")
crc32c = peer("crc32c")
checksums = peer("awscrt.checksums")
zlib_ng = peer("zlib_ng.zlib_ng")
quickxorhash = peer("quickxorhash")
import zlib  # noqa: E402


def cpu_name():
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def per_call(functions, data, rounds, budget):
    """The best time of one call of each function on `data`, in ns; functions take turns."""
    number = 1
    first = next(iter(functions.values()))
    while timeit.timeit(lambda: first(data), number=number) < budget / rounds / len(functions):
        number *= 2
    best = {name: float("inf") for name in functions}
    for _ in range(rounds):
        for name, function in functions.items():
            elapsed = timeit.timeit(lambda: function(data), number=number)
            best[name] = min(best[name], elapsed / number * 1e9)
    return best


def show(title, sizes, functions, baseline, rounds, budget):
    print(f"\n{title} (ns per call; ratio to {baseline})")
    names = list(functions)
    print(f"{'size':>8} " + " ".join(f"{name:>22}" for name in names))
    for size in sizes:
        data = os.urandom(size)
        best = per_call(functions, data, rounds, budget)
        cells = []
        for name in names:
            ratio = best[name] / best[baseline]
            cells.append(f"{best[name]:>12.0f} ({ratio:5.2f}x)")
        print(f"{label(size):>8} " + " ".join(f"{cell:>22}" for cell in cells))


def label(size):
    if size >= 1 << 20:
        return f"{size >> 20} MiB"
    if size >= 1 << 10:
        return f"{size >> 10} KiB"
    return f"{size} B"


def one_calls(quick):
    rounds, budget = (3, 0.3) if quick else (7, 1.5)
    sizes = [16, 1 << 10, 4 << 10, 64 << 10, 1 << 20]
    for name in ["xxh3_64", "xxh3_128", "xxh64", "xxh32"]:
        functions = {}
        if xxhash:
            functions[f"xxhash.{name}_intdigest"] = getattr(xxhash, f"{name}_intdigest")
        functions[f"iohash {name}_intdigest"] = getattr(ixxhash, f"{name}_intdigest")
        if xxhash:
            peer_class = getattr(xxhash, name)
            functions["xxhash class"] = lambda data, c=peer_class: c(data).intdigest()
        drop_in = getattr(ixxhash, name)
        functions["iohash.xxhash class"] = lambda data, c=drop_in: c(data).intdigest()
        own_class = getattr(iohash, name)
        functions["iohash class"] = lambda data, c=own_class: c(data).intdigest()
        baseline = f"xxhash.{name}_intdigest" if xxhash else f"iohash {name}_intdigest"
        show(name.upper(), sizes, functions, baseline, rounds, budget)

    functions = {}
    if google_crc32c:
        functions["google_crc32c.value"] = google_crc32c.value
    functions["iohash.crc32c_intdigest"] = iohash.crc32c_intdigest
    functions["iohash.crc32c class"] = lambda data: iohash.crc32c(data).intdigest()
    if crc32c:
        functions["crc32c.crc32c"] = crc32c.crc32c
    if checksums:
        functions["awscrt crc32c"] = checksums.crc32c
    show("CRC-32C", sizes, functions, next(iter(functions)), rounds, budget)

    functions = {"zlib.crc32": zlib.crc32, "iohash.crc32_intdigest": iohash.crc32_intdigest}
    if checksums:
        functions["awscrt crc32"] = checksums.crc32
    show("CRC-32", sizes, functions, "zlib.crc32", rounds, budget)

    functions = {"iohash.crc64nvme_intdigest": iohash.crc64nvme_intdigest}
    if checksums and hasattr(checksums, "crc64nvme"):
        functions = {"awscrt crc64nvme": checksums.crc64nvme, **functions}
    show("CRC-64/NVME", sizes, functions, next(iter(functions)), rounds, budget)


def newer_sums(quick):
    """Adler-32 and QuickXorHash beside the modules Python users have for them."""
    rounds, budget = (3, 0.3) if quick else (7, 1.5)
    sizes = [16, 64, 1 << 10, 64 << 10, 1 << 20]
    functions = {"zlib.adler32": zlib.adler32}
    if zlib_ng:
        functions["zlib_ng.adler32"] = zlib_ng.adler32
    functions["iohash.adler32_intdigest"] = iohash.adler32_intdigest
    functions["iohash.adler32 class"] = lambda data: iohash.adler32(data).intdigest()
    show("Adler-32", sizes, functions, "zlib.adler32", rounds, budget)

    functions = {}
    if quickxorhash:

        def pypi(data):
            hasher = quickxorhash.quickxorhash()
            hasher.update(data)
            return hasher.digest()

        functions["quickxorhash (PyPI)"] = pypi
    functions["iohash.quickxor_digest"] = iohash.quickxor_digest
    functions["iohash.quickxor class"] = lambda data: iohash.quickxor(data).digest()
    show("QuickXorHash", sizes, functions, next(iter(functions)), rounds, budget)


def classes(quick):
    """python-xxhash's classes as code calls them, without a `lambda`: each statement timed
    with python-xxhash's module, with iohash.xxhash's and with iohash's own, in turns."""
    if not xxhash:
        return
    rounds = 10 if quick else 40
    statements = [
        "xxh3_64()",
        "xxh3_64(short)",
        "xxh3_64(short).intdigest()",
        "xxh64(short).hexdigest()",
        "xxh3_64(kib).intdigest()",
        "xxh64(kib).hexdigest()",
        "hasher.update(short)",
        "hasher.intdigest()",
        "hasher.hexdigest()",
    ]
    timers = []
    for module in (xxhash, ixxhash, iohash):
        names = {"xxh3_64": module.xxh3_64, "xxh64": module.xxh64, "short": os.urandom(16),
                 "kib": os.urandom(1 << 10), "hasher": module.xxh3_64(os.urandom(300))}
        timers.append([timeit.Timer(statement, globals=names) for statement in statements])
    best = [[float("inf")] * len(statements) for _ in timers]
    for _ in range(rounds):
        for row, timer_row in zip(best, timers):
            for i, timer in enumerate(timer_row):
                row[i] = min(row[i], timer.timeit(20_000) / 20_000 * 1e9)
    print(f"\nThe classes, 16 B and 1 KiB (ns per statement, best of {rounds}; ratio to python-xxhash)")
    print(f"{'statement':>28} {'python-xxhash':>14} {'iohash.xxhash':>22} {'iohash':>22}")
    for i, statement in enumerate(statements):
        theirs, drop_in, own = best[0][i], best[1][i], best[2][i]
        print(f"{statement:>28} {theirs:>14.1f} {drop_in:>14.1f} ({drop_in / theirs:4.2f}x)"
              f" {own:>14.1f} ({own / theirs:4.2f}x)")


def files(size_mib, rounds):
    directory = os.environ.get("IOHASH_BENCH_DIR") or tempfile.gettempdir()
    path = os.path.join(directory, f"iohash-bench-{size_mib}MiB.bin")
    chunk = os.urandom(1 << 20)
    if not os.path.exists(path) or os.path.getsize(path) != size_mib << 20:
        with open(path, "wb") as out:
            for _ in range(size_mib):
                out.write(chunk)

    def python_loop():
        hasher = xxhash.xxh3_64()
        buffer = bytearray(1 << 20)
        view = memoryview(buffer)
        with open(path, "rb", buffering=0) as source:
            while True:
                size = source.readinto(buffer)
                if not size:
                    return hasher.intdigest()
                hasher.update(view[:size])

    def rust():
        return iohash.file_digest(path, "xxh3_64").intdigest()

    def copy_alone(count):
        # The floor of any way that reads: the file copied into 1 MiB buffers by `count`
        # threads (os.preadv lets the GIL go), hashing nothing.
        def run():
            chunks = (size_mib << 20) // len(chunk)
            fd = os.open(path, os.O_RDONLY)

            def copy(first):
                buffer = bytearray(len(chunk))
                for index in range(first, chunks, count):
                    os.preadv(fd, [buffer], index * len(buffer))

            try:
                workers = [threading.Thread(target=copy, args=(k,)) for k in range(count)]
                for worker in workers:
                    worker.start()
                for worker in workers:
                    worker.join()
            finally:
                os.close(fd)
        return run

    contenders = {"Python 1 MiB loop into xxhash": python_loop, "iohash.file_digest": rust}
    if hasattr(os, "preadv"):
        contenders["copy alone, 1 thread"] = copy_alone(1)
        contenders["copy alone, 2 threads"] = copy_alone(2)
    if not xxhash:
        contenders.pop("Python 1 MiB loop into xxhash")
    rust()  # into the page cache
    best = {name: float("inf") for name in contenders}
    for _ in range(rounds):
        for name, function in contenders.items():
            start = time.perf_counter()
            function()
            best[name] = min(best[name], time.perf_counter() - start)
    print(f"\nA {size_mib} MiB file in the page cache, XXH3-64 (best of {rounds})")
    base = best.get("Python 1 MiB loop into xxhash", best["iohash.file_digest"])
    for name, seconds in best.items():
        rate = (size_mib / 1024) / seconds
        print(f"{name:>32}: {seconds * 1000:8.1f} ms  {rate:6.2f} GiB/s  ({seconds / base:4.2f}x)")
    if not os.environ.get("IOHASH_BENCH_KEEP"):
        os.remove(path)


def threads(rounds):
    # Buffers that stay in each core's own cache (1 MiB of its 2 MiB L2 here), so the GIL, not
    # memory, is what is measured; each update is long enough (7-15 us) for the GIL's hand-over
    # between threads not to dominate it.
    size = 1 << 20
    repeats = 1000
    buffers = [os.urandom(size), os.urandom(size)]

    def work(buffer, name):
        hasher = iohash.new(name)
        for _ in range(repeats):
            hasher.update(buffer)
        return hasher.intdigest()

    total = 2 * repeats * size / (1 << 30)
    for name in ("crc32c", "xxh3_64"):

        def one():
            for buffer in buffers:
                work(buffer, name)

        def two():
            workers = [threading.Thread(target=work, args=(buffer, name)) for buffer in buffers]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()

        best = {"one thread": float("inf"), "two threads": float("inf")}
        for _ in range(rounds):
            for label_, function in (("one thread", one), ("two threads", two)):
                start = time.perf_counter()
                function()
                best[label_] = min(best[label_], time.perf_counter() - start)
        print(f"\nTwo buffers of 1 MiB, {name} updates, {repeats} per buffer (best of {rounds})")
        for label_, seconds in best.items():
            print(f"{label_:>32}: {seconds * 1000:8.1f} ms  {total / seconds:6.2f} GiB/s")
        print(f"{'speed-up':>32}: {best['one thread'] / best['two threads']:.2f}x")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter rounds")
    parser.add_argument("--file-size", type=int, default=1024, help="MiB (default 1024)")
    parser.add_argument("--only", choices=["calls", "newer", "classes", "file", "threads"])
    args = parser.parse_args()
    print(f"CPU: {cpu_name()}, {os.cpu_count()} CPUs; Python {sys.version.split()[0]}")
    versions = [f"iohash {iohash.__version__}"]
    from importlib import metadata

    for package in ("xxhash", "google-crc32c", "crc32c", "awscrt", "zlib-ng", "quickxorhash"):
        try:
            versions.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            pass
    print("; ".join(versions))
    rounds = 3 if args.quick else 5
    if args.only in (None, "calls"):
        one_calls(args.quick)
    if args.only in (None, "newer"):
        newer_sums(args.quick)
    if args.only in (None, "classes"):
        classes(args.quick)
    if args.only in (None, "file"):
        files(args.file_size, rounds)
    if args.only in (None, "threads"):
        threads(rounds)


if __name__ == "__main__":
    main()
