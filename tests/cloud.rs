//! The checksums clouds show, against the clouds' own code: `tests/data/cloud_golden.txt`,
//! written by `tests/data/gen_cloud_golden.py` with AWS's `awscrt` (S3's CRC-32, CRC-32C,
//! CRC-64/NVME and multipart composite checksums) and Azure's `azure-storage-extensions`
//! (Storage's CRC64, `x-ms-content-crc64`). Where a Python with both packages is found
//! (`IOHASH_PYTHON`, else `python3`), the script also runs live and must write the committed
//! file; CI sets `IOHASH_REQUIRE_PYTHON_ORACLES=1`, which makes a skip a failure.
#![cfg(feature = "std")]

mod common;

use std::num::NonZeroU64;

use common::Rng;
use iohash::cloud::base64;
use iohash::cloud::S3Composite;
use iohash::{Crc32Variant, Crc64Variant};

const GOLDEN: &str = include_str!("data/cloud_golden.txt");

/// One golden row: the file (seed, length), the part size, and what the clouds' code gave.
struct Row<'a> {
    data: Vec<u8>,
    part_size: NonZeroU64,
    /// crc32-composite crc32c-composite crc32 crc32c crc64nvme azure-crc64
    expected: Vec<&'a str>,
}

fn rows() -> Vec<Row<'static>> {
    GOLDEN
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 9, "{line}");
            let seed = fields[0].parse().unwrap();
            let len = fields[1].parse().unwrap();
            Row {
                data: Rng(seed).bytes(len),
                part_size: fields[2].parse().unwrap(),
                expected: fields[3..].to_vec(),
            }
        })
        .collect()
}

#[test]
fn s3_and_azure_checksums_are_what_their_own_code_computes() {
    let rows = rows();
    assert_eq!(rows.len(), 9);
    for row in rows {
        let composite = |variant| {
            let mut s3 = S3Composite::new(variant, row.part_size);
            // In uneven pieces, as a reader delivers them.
            for piece in row.data.chunks(65_521) {
                iohash::DynHasher::append(&mut s3, piece);
            }
            s3.to_s3_string()
        };
        let nvme = Crc64Variant::Nvme.checksum(&row.data);
        let ours = [
            composite(Crc32Variant::IsoHdlc),
            composite(Crc32Variant::Iscsi),
            base64(&Crc32Variant::IsoHdlc.checksum(&row.data).to_be_bytes()),
            base64(&Crc32Variant::Iscsi.checksum(&row.data).to_be_bytes()),
            base64(&nvme.to_be_bytes()),
            // Azure's CRC64 is CRC-64/NVME, sent little-endian.
            base64(&nvme.to_le_bytes()),
        ];
        assert_eq!(ours.to_vec(), row.expected, "{} bytes", row.data.len());
    }
}

#[test]
fn the_golden_file_is_what_the_clouds_code_writes_today() {
    if let Some(python) =
        common::oracle_python("awscrt.checksums, azure.storage.extensions.checksums")
    {
        assert_eq!(common::run_oracle(&python, "gen_cloud_golden.py"), GOLDEN);
    }
}
