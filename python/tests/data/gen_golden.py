"""Writes golden.json: known answers from the reference packages, so the core tests run
without them. Run it with python-xxhash, zlib, google-crc32c, crc32c and awscrt installed
(CI does, and checks that the file it writes is the committed one):

    python python/tests/data/gen_golden.py

Inputs are bytes `i % 251` for i in range(length), at the lengths below (each side of the
algorithms' block and stripe boundaries), with the seeds below.
"""

import base64
import json
import os
import zlib

import google_crc32c
import crc32c
import xxhash
from awscrt import checksums

LENGTHS = [0, 1, 3, 4, 8, 9, 15, 16, 17, 31, 32, 33, 64, 65, 128, 129, 240, 241, 255, 256, 1023, 1024, 1025, 4096, 65537, 200_000]
SEEDS = [0, 1, 0xFFFF_FFFF, 0x9E37_79B9_7F4A_7C15, 2**64 - 1]
PART_SIZES = [1, 7, 1024, 100_000]


def data(length):
    return bytes(i % 251 for i in range(length))


def s3_composite(crc, blob, part_size):
    parts = [blob[i : i + part_size] for i in range(0, len(blob), part_size)] or [b""]
    joined = b"".join(crc(part).to_bytes(4, "big") for part in parts)
    return base64.b64encode(crc(joined).to_bytes(4, "big")).decode() + f"-{len(parts)}"


def main():
    golden = {"lengths": LENGTHS, "seeds": SEEDS, "part_sizes": PART_SIZES}
    for name in ["xxh32", "xxh64", "xxh3_64", "xxh3_128"]:
        function = getattr(xxhash, f"{name}_intdigest")
        golden[name] = {f"{length}:{seed}": function(data(length), seed) for length in LENGTHS for seed in SEEDS}
    golden["crc32"] = {}
    golden["crc32c"] = {}
    golden["crc64nvme"] = {}
    for length in LENGTHS:
        blob = data(length)
        crc = zlib.crc32(blob)
        assert crc == checksums.crc32(blob)
        golden["crc32"][str(length)] = crc
        crc = google_crc32c.value(blob)
        assert crc == crc32c.crc32c(blob) == checksums.crc32c(blob)
        golden["crc32c"][str(length)] = crc
        golden["crc64nvme"][str(length)] = checksums.crc64nvme(blob)
    cloud = golden["cloud"] = {}
    for length in LENGTHS:
        blob = data(length)
        entry = cloud[str(length)] = {
            "s3_crc32c": base64.b64encode(golden["crc32c"][str(length)].to_bytes(4, "big")).decode(),
            "s3_crc32": base64.b64encode(golden["crc32"][str(length)].to_bytes(4, "big")).decode(),
            "s3_crc64nvme": base64.b64encode(golden["crc64nvme"][str(length)].to_bytes(8, "big")).decode(),
            "azure_crc64": base64.b64encode(golden["crc64nvme"][str(length)].to_bytes(8, "little")).decode(),
            "gcs_crc32c": base64.b64encode(golden["crc32c"][str(length)].to_bytes(4, "big")).decode(),
        }
        for part_size in PART_SIZES:
            entry[f"s3_composite_crc32c:{part_size}"] = s3_composite(google_crc32c.value, blob, part_size)
            entry[f"s3_composite_crc32:{part_size}"] = s3_composite(zlib.crc32, blob, part_size)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden.json")
    with open(path, "w") as out:
        json.dump(golden, out, indent=0, sort_keys=True)
        out.write("\n")


if __name__ == "__main__":
    main()
