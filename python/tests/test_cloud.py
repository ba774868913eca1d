"""The cloud forms, against the golden file (awscrt's, google-crc32c's and zlib's CRCs)."""

import pytest

import iohash.cloud as cloud
from conftest import pattern


def test_cloud_forms_of_bytes_and_files_match_the_golden_file(golden, tmp_path):
    for length in golden["lengths"]:
        data = pattern(length)
        path = tmp_path / f"{length}.bin"
        path.write_bytes(data)
        expected = golden["cloud"][str(length)]
        for source in (data, bytearray(data), path, str(path)):
            assert cloud.s3_checksum(source) == expected["s3_crc32c"]
            assert cloud.s3_checksum(source, "crc32") == expected["s3_crc32"]
            assert cloud.s3_checksum(source, "crc64nvme") == expected["s3_crc64nvme"]
            assert cloud.s3_checksum(source, "crc64nvme", part_size=7) == expected["s3_crc64nvme"]
            assert cloud.azure_crc64(source) == expected["azure_crc64"]
            assert cloud.gcs_crc32c(source) == expected["gcs_crc32c"]
        for part_size in golden["part_sizes"]:
            for source in (data, path):
                for name in ("crc32c", "crc32"):
                    key = f"s3_composite_{name}:{part_size}"
                    assert cloud.s3_checksum(source, name, part_size=part_size) == expected[key], key


def test_bad_requests_are_value_errors():
    with pytest.raises(ValueError):
        cloud.s3_checksum(b"x", "xxh3_64")
    with pytest.raises(ValueError):
        cloud.s3_checksum(b"x", "crc32c", part_size=0)
