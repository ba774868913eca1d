#!/usr/bin/env python3
"""Writes tests/data/cloud_golden.txt: the checksums clouds show for test files, computed by
the clouds' own code from PyPI, which tests/cloud.rs and cli/tests/cli.rs compare iohash with.

- S3: `awscrt.checksums` (the AWS Common Runtime, which botocore and the AWS CLI use): CRC-32,
  CRC-32C and CRC-64/NVME of the whole file (`FULL_OBJECT`), and the composite checksum of a
  multipart upload (`COMPOSITE`: the CRC of the parts' big-endian CRCs, base64, `-N`);
- Azure: `azure.storage.extensions.checksums.crc64` (what `azure-storage-blob` calls), sent
  as `x-ms-content-crc64` in base64 of its little-endian bytes (`calculate_crc64_bytes`).

Each file is `len` bytes of splitmix64 words from `seed`, little-endian (`Rng::bytes` in
src/testing.rs). Run it with a Python that has `awscrt` and `azure-storage-extensions`:

    python3 -m venv .venv && .venv/bin/pip install awscrt azure-storage-extensions
    .venv/bin/python tests/data/gen_cloud_golden.py    # CI does this and diffs the file

With a path argument it writes there instead (tests/cloud.rs runs it live that way).
"""
import base64
import pathlib
import sys

from splitmix import splitmix_bytes
from awscrt import checksums
from azure.storage.extensions.checksums import crc64 as azure_crc64


def b64(data):
    return base64.b64encode(data).decode()


def composite(crc, data, part_size):
    parts = [data[i : i + part_size] for i in range(0, len(data), part_size)] or [b""]
    joined = b"".join(crc(part).to_bytes(4, "big") for part in parts)
    return f"{b64(crc(joined).to_bytes(4, 'big'))}-{len(parts)}"


cases = [
    (1, 0, 1024),
    (2, 1, 1024),
    (3, 1000, 7),
    (4, 65536, 65536),
    (5, 65537, 65536),
    (6, 1_000_003, 100_000),
    (7, 5 * 2**20 + 3, 5 * 2**20),
    (8, 9_000_000, 8 * 2**20),
    (9, 3 * 2**20, 2**20),
]
crc32 = lambda d: checksums.crc32(d)
crc32c = lambda d: checksums.crc32c(d)
lines = [
    "# Written by tests/data/gen_cloud_golden.py (awscrt, azure-storage-extensions); do not edit.",
    "# seed len part_size crc32-composite crc32c-composite crc32 crc32c crc64nvme azure-crc64",
]
for seed, length, part_size in cases:
    data = splitmix_bytes(seed, length)
    lines.append(
        " ".join(
            [
                str(seed),
                str(length),
                str(part_size),
                composite(crc32, data, part_size),
                composite(crc32c, data, part_size),
                b64(crc32(data).to_bytes(4, "big")),
                b64(crc32c(data).to_bytes(4, "big")),
                b64(checksums.crc64nvme(data).to_bytes(8, "big")),
                b64(azure_crc64.compute(data, 0).to_bytes(8, "little")),
            ]
        )
    )
out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).with_name("cloud_golden.txt")
out.write_text("\n".join(lines) + "\n")
print(f"{len(cases)} files to {out}")
