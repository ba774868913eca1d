"""Checksums of large files on Ray, with iohash: the Dask example's three jobs as Ray tasks.

- ``crc_by_ranges``: the CRC-32C (or CRC-64/NVME) of one large file, its byte ranges hashed in
  tasks (read in Rust, the GIL released) and combined, in order, by the driver.
- ``hash_many``: many files, one task each.
- ``xxh3_across_workers``: an XXH3 hash begun in one worker process and finished in another
  (two actors); the hasher travels between them pickled (the library's saved state).

The workers must see the files at the same paths (a shared or a local file system).
Run it as a script for a demonstration on a local Ray instance:

    python python/examples/ray_checksums.py FILE [FILE...]
"""

import os

import ray

import iohash

# Seconds a job may wait for its results: a Ray that cannot start workers fails, not hangs.
TIMEOUT = 600


@ray.remote
def hash_range(path, name, offset, length):
    """The hasher of bytes offset..offset + length of the file: one task."""
    hasher = iohash.new(name)
    hasher.update_file(path, offset, length)
    return hasher


def crc_by_ranges(path, name="crc32c", part_size=64 << 20):
    """The CRC `name` of the whole file at `path`, from ranges of `part_size` bytes hashed
    in tasks and combined by the driver."""
    size = os.path.getsize(path)
    offsets = range(0, size, part_size) if size else [0]
    parts = [hash_range.remote(path, name, offset, min(part_size, size - offset)) for offset in offsets]
    whole = iohash.new(name)
    for part in ray.get(parts, timeout=TIMEOUT):
        whole.combine(part)
    return whole


@ray.remote
def file_digest(path, name):
    """The hasher of one whole file: one task."""
    return iohash.file_digest(path, name)


def hash_many(paths, name="xxh3_64"):
    """The hashers of many files, one task per file, in the order of `paths`."""
    return ray.get([file_digest.remote(path, name) for path in paths], timeout=TIMEOUT)


@ray.remote(num_cpus=0)
class Worker:
    """A worker process of its own, to begin or finish a hash in."""

    def begin(self, path, length):
        hasher = iohash.xxh3_64()
        hasher.update_file(path, 0, length)
        return os.getpid(), hasher

    def finish(self, begun, path, offset):
        first_pid, hasher = begun
        hasher.update_file(path, offset)
        return first_pid, os.getpid(), hasher


def xxh3_across_workers(path):
    """XXH3-64 of the file at `path`: its first half in one actor's process, the rest in
    another's. Returns the two processes' ids and the hasher."""
    first, second = Worker.remote(), Worker.remote()
    half = os.path.getsize(path) // 2
    begun = first.begin.remote(path, half)
    return ray.get(second.finish.remote(begun, path, half), timeout=TIMEOUT)


def main(paths):
    # A Ray of its own on this machine, even where RAY_ADDRESS names a cluster.
    ray.init(address="local", num_cpus=2, include_dashboard=False)
    try:
        for path in paths:
            print(f"{'CRC-32C':<12}{crc_by_ranges(path).hexdigest()}  {path}")
            print(f"{'CRC-64/NVME':<12}{crc_by_ranges(path, 'crc64nvme').hexdigest()}  {path}")
        for path, hasher in zip(paths, hash_many(paths)):
            print(f"{'XXH3':<12}{hasher.hexdigest()}  {path}")
        first, second, hasher = xxh3_across_workers(paths[0])
        print(f"{'XXH3':<12}{hasher.hexdigest()}  {paths[0]} (begun in process {first}, finished in {second})")
    finally:
        ray.shutdown()


if __name__ == "__main__":
    import sys

    if len(sys.argv) < 2:
        sys.exit("usage: python ray_checksums.py FILE [FILE...]")
    main(sys.argv[1:])
