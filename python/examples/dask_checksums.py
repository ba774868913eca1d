"""Checksums of large files on a Dask cluster, with iohash.

- ``crc_by_ranges``: the CRC-32C (or CRC-64/NVME) of one large file, its byte ranges hashed on
  the workers (read in Rust, the GIL released) and combined, in order, on the client.
- ``hash_many``: many files, one task each, with ``client.map``.
- ``xxh3_across_workers``: an XXH3 hash begun on one worker and finished on another; the
  hasher travels between them pickled (the library's saved state, a few hundred bytes).

The workers must see the files at the same paths (a shared or a local file system).
Run it as a script for a demonstration on a local cluster:

    python python/examples/dask_checksums.py FILE [FILE...]
"""

import os

import iohash


def hash_range(path, name, offset, length):
    """The hasher of bytes offset..offset + length of the file: one task."""
    hasher = iohash.new(name)
    hasher.update_file(path, offset, length)
    return hasher


def crc_by_ranges(client, path, name="crc32c", part_size=64 << 20):
    """The CRC `name` of the whole file at `path`, from ranges of `part_size` bytes hashed
    on the workers and combined on the client."""
    size = os.path.getsize(path)
    offsets = range(0, size, part_size) if size else [0]
    futures = [
        client.submit(hash_range, path, name, offset, min(part_size, size - offset), pure=False)
        for offset in offsets
    ]
    whole = iohash.new(name)
    for part in client.gather(futures):
        whole.combine(part)
    return whole


def _file_digest(path, name):
    return iohash.file_digest(path, name)


def hash_many(client, paths, name="xxh3_64"):
    """The hashers of many files, one task per file, in the order of `paths`."""
    return client.gather(client.map(_file_digest, paths, name=name, pure=False))


def _begin(path, length):
    from distributed import get_worker

    hasher = iohash.xxh3_64()
    hasher.update_file(path, 0, length)
    return get_worker().address, hasher


def _finish(begun, path, offset):
    from distributed import get_worker

    first_worker, hasher = begun
    hasher.update_file(path, offset)
    return first_worker, get_worker().address, hasher


def xxh3_across_workers(client, path):
    """XXH3-64 of the file at `path`: its first half on one worker, the rest on another.
    Returns the two workers' addresses and the hasher."""
    first, second = sorted(client.scheduler_info()["workers"])[:2]
    half = os.path.getsize(path) // 2
    begun = client.submit(_begin, path, half, workers=[first], pure=False)
    done = client.submit(_finish, begun, path, half, workers=[second], pure=False)
    return done.result()


def main(paths):
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            for path in paths:
                print(f"CRC-32C   {crc_by_ranges(client, path).hexdigest()}  {path}")
                print(f"CRC-64/NVME {crc_by_ranges(client, path, 'crc64nvme').hexdigest()}  {path}")
            for path, hasher in zip(paths, hash_many(client, paths)):
                print(f"XXH3      {hasher.hexdigest()}  {path}")
            first, second, hasher = xxh3_across_workers(client, paths[0])
            print(f"XXH3      {hasher.hexdigest()}  {paths[0]} (begun on {first}, finished on {second})")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
