"""The Ray example (python/examples/ray_checksums.py) on a local Ray instance of worker processes."""

import os
import pathlib
import sys

import pytest

import iohash
from conftest import oracle

sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "examples"))


@pytest.fixture(scope="module")
def ray_checksums():
    ray = oracle("ray")
    import ray_checksums

    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray_checksums
    finally:
        ray.shutdown()


def test_ranges_in_tasks_combine_into_the_whole_file(ray_checksums, tmp_path):
    path = tmp_path / "large.bin"
    data = os.urandom((9 << 20) + 12_345)
    path.write_bytes(data)
    for name in ("crc32c", "crc64nvme"):
        combined = ray_checksums.crc_by_ranges(str(path), name, part_size=1 << 20)
        assert combined.intdigest() == iohash.new(name, data).intdigest()
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    assert ray_checksums.crc_by_ranges(str(empty)).intdigest() == iohash.crc32c().intdigest()


def test_many_files_one_task_each(ray_checksums, tmp_path):
    blobs = [os.urandom(n) for n in (0, 10, 100_000, 3 << 20)]
    paths = []
    for i, blob in enumerate(blobs):
        paths.append(str(tmp_path / f"{i}"))
        pathlib.Path(paths[-1]).write_bytes(blob)
    hashers = ray_checksums.hash_many(paths)
    assert [h.intdigest() for h in hashers] == [iohash.xxh3_64(b).intdigest() for b in blobs]


def test_xxh3_begun_in_one_process_finishes_in_another(ray_checksums, tmp_path):
    path = tmp_path / "f"
    data = os.urandom(5 << 20)
    path.write_bytes(data)
    first, second, hasher = ray_checksums.xxh3_across_workers(str(path))
    assert len({first, second, os.getpid()}) == 3
    assert hasher.intdigest() == iohash.xxh3_64(data).intdigest()
