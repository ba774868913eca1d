"""The Dask example (python/examples/dask_checksums.py) on a LocalCluster of worker processes."""

import os
import pathlib
import sys

import pytest

import iohash
from conftest import oracle

sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "examples"))


@pytest.fixture(scope="module")
def client():
    distributed = oracle("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_ranges_on_workers_combine_into_the_whole_file(client, tmp_path):
    import dask_checksums

    path = tmp_path / "large.bin"
    data = os.urandom((9 << 20) + 12_345)
    path.write_bytes(data)
    for name in ("crc32c", "crc64nvme"):
        combined = dask_checksums.crc_by_ranges(client, str(path), name, part_size=1 << 20)
        assert combined.intdigest() == iohash.new(name, data).intdigest()
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    assert dask_checksums.crc_by_ranges(client, str(empty)).intdigest() == iohash.crc32c().intdigest()


def test_many_files_with_client_map(client, tmp_path):
    import dask_checksums

    blobs = [os.urandom(n) for n in (0, 10, 100_000, 3 << 20)]
    paths = []
    for i, blob in enumerate(blobs):
        paths.append(str(tmp_path / f"{i}"))
        pathlib.Path(paths[-1]).write_bytes(blob)
    hashers = dask_checksums.hash_many(client, paths)
    assert [h.intdigest() for h in hashers] == [iohash.xxh3_64(b).intdigest() for b in blobs]


def test_xxh3_begun_on_one_worker_finishes_on_another(client, tmp_path):
    import dask_checksums

    path = tmp_path / "f"
    data = os.urandom(5 << 20)
    path.write_bytes(data)
    first, second, hasher = dask_checksums.xxh3_across_workers(client, str(path))
    assert first != second
    assert hasher.intdigest() == iohash.xxh3_64(data).intdigest()
