//! CRC-32 and CRC-64 in every parameter set against two independent references: a bitwise
//! implementation written here from the catalogue's parameters, and the `crc` crate's
//! table-driven catalogue. Plus split-point independence and `combine`.
#![cfg(feature = "std")]

mod common;

use common::{
    append_in_pieces, hash_ranges_on_threads, random_splits, OnProgress, Rng, THREADED_READ_LEN,
};
use iohash::{
    Algorithm, Crc32, Crc32Variant, Crc64, Crc64Variant, DynHasher, FileRead,
    NonCryptographicHasher,
};

/// A CRC of up to 64 bits, one bit at a time, straight from the Rocksoft model.
#[derive(Clone, Copy)]
struct Model {
    width: u32,
    poly: u64,
    init: u64,
    reflected: bool,
    xorout: u64,
}

impl Model {
    fn checksum(self, data: &[u8]) -> u64 {
        let top = 1u64 << (self.width - 1);
        let mask = if self.width == 64 {
            u64::MAX
        } else {
            (1 << self.width) - 1
        };
        let mut crc = self.init;
        for &byte in data {
            let byte = if self.reflected {
                byte.reverse_bits()
            } else {
                byte
            };
            crc ^= u64::from(byte) << (self.width - 8);
            for _ in 0..8 {
                crc = if crc & top != 0 {
                    (crc << 1) ^ self.poly
                } else {
                    crc << 1
                } & mask;
            }
        }
        if self.reflected {
            crc = crc.reverse_bits() >> (64 - self.width);
        }
        crc ^ self.xorout
    }
}

fn model32(variant: Crc32Variant) -> (Model, crc::Crc<u32>) {
    let (poly, algorithm) = match variant {
        Crc32Variant::IsoHdlc => (0x04C1_1DB7, &crc::CRC_32_ISO_HDLC),
        Crc32Variant::Iscsi => (0x1EDC_6F41, &crc::CRC_32_ISCSI),
        other => panic!("no reference for {other:?}"),
    };
    let model = Model {
        width: 32,
        poly,
        init: 0xFFFF_FFFF,
        reflected: true,
        xorout: 0xFFFF_FFFF,
    };
    (model, crc::Crc::<u32>::new(algorithm))
}

fn model64(variant: Crc64Variant) -> (Model, crc::Crc<u64>) {
    let ones = u64::MAX;
    let (model, algorithm) = match variant {
        Crc64Variant::Ecma182 => (
            Model {
                width: 64,
                poly: 0x42F0_E1EB_A9EA_3693,
                init: 0,
                reflected: false,
                xorout: 0,
            },
            &crc::CRC_64_ECMA_182,
        ),
        Crc64Variant::Nvme => (
            Model {
                width: 64,
                poly: 0xAD93_D235_94C9_3659,
                init: ones,
                reflected: true,
                xorout: ones,
            },
            &crc::CRC_64_NVME,
        ),
        Crc64Variant::Xz => (
            Model {
                width: 64,
                poly: 0x42F0_E1EB_A9EA_3693,
                init: ones,
                reflected: true,
                xorout: ones,
            },
            &crc::CRC_64_XZ,
        ),
        other => panic!("no reference for {other:?}"),
    };
    (model, crc::Crc::<u64>::new(algorithm))
}

fn lengths() -> impl Iterator<Item = usize> {
    (0..=2200).chain([4095, 4096, 4097, 8191, 8192, 8193, (1 << 20) + 3])
}

#[test]
fn the_bitwise_model_gives_the_catalogue_check_values() {
    for &v in Crc32Variant::ALL {
        assert_eq!(
            model32(v).0.checksum(b"123456789"),
            u64::from(v.check()),
            "{}",
            v.full_name()
        );
    }
    for &v in Crc64Variant::ALL {
        assert_eq!(
            model64(v).0.checksum(b"123456789"),
            v.check(),
            "{}",
            v.full_name()
        );
    }
}

#[test]
fn crc32_matches_both_references_at_every_length() {
    let input = Rng(11).bytes((1 << 20) + 3);
    let mut rng = Rng(12);
    for &variant in Crc32Variant::ALL {
        let (model, table) = model32(variant);
        for len in lengths() {
            let data = &input[..len];
            let expected = table.checksum(data);
            if len <= 1024 {
                assert_eq!(
                    u64::from(expected),
                    model.checksum(data),
                    "{} len {len}",
                    variant.full_name()
                );
            }
            assert_eq!(
                variant.checksum(data),
                expected,
                "{} len {len}",
                variant.full_name()
            );
            let mut crc = Crc32::with_variant(variant);
            let cuts = random_splits(&mut rng, len);
            append_in_pieces(&mut crc, data, &cuts);
            assert_eq!(
                crc.current_hash(),
                expected,
                "{} len {len} cuts {cuts:?}",
                variant.full_name()
            );
            assert_eq!(crc.current_hash_bytes(), expected.to_le_bytes());
        }
    }
    assert_eq!(
        Crc32::hash(&input),
        crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC).checksum(&input)
    );
}

#[test]
fn crc64_matches_both_references_at_every_length() {
    let input = Rng(13).bytes((1 << 20) + 3);
    let mut rng = Rng(14);
    for &variant in Crc64Variant::ALL {
        let (model, table) = model64(variant);
        for len in lengths() {
            let data = &input[..len];
            let expected = table.checksum(data);
            if len <= 1024 {
                assert_eq!(
                    expected,
                    model.checksum(data),
                    "{} len {len}",
                    variant.full_name()
                );
            }
            assert_eq!(
                variant.checksum(data),
                expected,
                "{} len {len}",
                variant.full_name()
            );
            let mut crc = Crc64::with_variant(variant);
            let cuts = random_splits(&mut rng, len);
            append_in_pieces(&mut crc, data, &cuts);
            assert_eq!(
                crc.current_hash(),
                expected,
                "{} len {len} cuts {cuts:?}",
                variant.full_name()
            );
            assert_eq!(crc.current_hash_bytes(), expected.to_be_bytes());
        }
    }
}

/// The built-in sets beside `crc-fast`, a third implementation (SIMD folds of its own), on
/// random inputs at every length up to 2 KiB and some long ones, from every start in a cache
/// line.
#[test]
fn the_built_in_sets_match_crc_fast() {
    use crc_fast::CrcAlgorithm;
    let input = Rng(15).bytes((1 << 17) + 64);
    let sets = [
        (
            Algorithm::Crc32(Crc32Variant::IsoHdlc),
            CrcAlgorithm::Crc32IsoHdlc,
        ),
        (
            Algorithm::Crc32(Crc32Variant::Iscsi),
            CrcAlgorithm::Crc32Iscsi,
        ),
        (
            Algorithm::Crc64(Crc64Variant::Ecma182),
            CrcAlgorithm::Crc64Ecma182,
        ),
        (
            Algorithm::Crc64(Crc64Variant::Nvme),
            CrcAlgorithm::Crc64Nvme,
        ),
        (Algorithm::Crc64(Crc64Variant::Xz), CrcAlgorithm::Crc64Xz),
    ];
    let lengths = (0..2048).chain([4095, 4096, 8704 + 3808 + 1, 65_536, 1 << 17]);
    for (algorithm, peer) in sets {
        for len in lengths.clone() {
            let start = len % 64;
            let data = &input[start..start + len];
            let ours = match algorithm {
                Algorithm::Crc32(variant) => u64::from(variant.checksum(data)),
                Algorithm::Crc64(variant) => variant.checksum(data),
                _ => unreachable!("a built-in CRC set"),
            };
            assert_eq!(
                ours,
                crc_fast::checksum(peer, data),
                "{} len {len}",
                algorithm.tag()
            );
        }
    }
}

#[test]
fn combine_gives_the_crc_of_the_concatenation() {
    let mut rng = Rng(15);
    for _ in 0..200 {
        let len = rng.below(20_000);
        let data = rng.bytes(len);
        let cut = rng.below(len + 1);
        let (a, b) = data.split_at(cut);
        for &v in Crc32Variant::ALL {
            let combined = v.combine(v.checksum(a), v.checksum(b), b.len() as u64);
            assert_eq!(
                combined,
                v.checksum(&data),
                "{} cut {cut} of {len}",
                v.full_name()
            );
        }
        for &v in Crc64Variant::ALL {
            let combined = v.combine(v.checksum(a), v.checksum(b), b.len() as u64);
            assert_eq!(
                combined,
                v.checksum(&data),
                "{} cut {cut} of {len}",
                v.full_name()
            );
        }
    }
}

#[test]
fn hashers_combine_in_order_even_after_a_restore() {
    let mut rng = Rng(11);
    let data = rng.bytes(10_000);
    for &variant in Crc64Variant::ALL {
        let (model, _) = model64(variant);
        let expected = model.checksum(&data);
        let cuts = random_splits(&mut rng, data.len());
        let mut parts = common::pieces(&data, &cuts).map(|piece| {
            let mut part = Crc64::with_variant(variant);
            part.append(piece);
            // A part saved and restored keeps its length for combining.
            Crc64::restore_state(&part.save_state()).unwrap()
        });
        let mut whole = parts.next().unwrap();
        for part in parts {
            whole.combine(&part);
        }
        assert_eq!(whole.current_hash(), expected, "{variant:?} {cuts:?}");
        // And it goes on as a hasher.
        whole.append(b"more");
        let mut longer = data.clone();
        longer.extend_from_slice(b"more");
        assert_eq!(whole.current_hash(), variant.checksum(&longer));
    }
    for &variant in Crc32Variant::ALL {
        let (model, _) = model32(variant);
        let (a, b) = data.split_at(4321);
        let mut first = Crc32::with_variant(variant);
        first.append(a);
        let mut second = Crc32::with_variant(variant);
        second.append(b);
        first.combine(&second);
        assert_eq!(u64::from(first.current_hash()), model.checksum(&data));
        first.combine(&Crc32::with_variant(variant));
        assert_eq!(u64::from(first.current_hash()), model.checksum(&data));
    }
}

#[test]
#[should_panic(expected = "different parameter sets")]
fn combining_different_parameter_sets_panics() {
    Crc32::new().combine(&Crc32::with_variant(Crc32Variant::Iscsi));
}

/// The length the ranges of a file were once cut to at least: the lengths below are around
/// its multiples.
const PART_LEN: usize = 4 << 20;

#[test]
fn a_file_hashed_in_parallel_ranges_equals_the_sequential_hash() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(12);
    for len in [0, 1000, 2 * PART_LEN - 1, 3 * PART_LEN + 7] {
        let path = dir.path().join(format!("f{len}"));
        let data = rng.bytes(len);
        std::fs::write(&path, &data).unwrap();
        for parts in [1, 2, 3, 4] {
            for &variant in Crc64Variant::ALL {
                let crc =
                    hash_ranges_on_threads(&path, parts, || Crc64::with_variant(variant)).unwrap();
                assert_eq!(crc.current_hash(), variant.checksum(&data), "{len} {parts}");
            }
            for &variant in Crc32Variant::ALL {
                let crc =
                    hash_ranges_on_threads(&path, parts, || Crc32::with_variant(variant)).unwrap();
                assert_eq!(crc.current_hash(), variant.checksum(&data), "{len} {parts}");
            }
        }
        assert_eq!(
            hash_ranges_on_threads(&path, 2, Crc64::new)
                .unwrap()
                .current_hash(),
            iohash::hash_file::<Crc64>(&path).unwrap()
        );
    }
}

#[test]
fn file_ranges_hash_their_bytes_and_report_a_short_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    let data = Rng(13).bytes(100_000);
    std::fs::write(&path, &data).unwrap();
    let mut rng = Rng(14);
    for _ in 0..50 {
        let offset = rng.below(data.len() + 1);
        let len = rng.below(data.len() - offset + 1);
        let mut crc = Crc32::with_variant(Crc32Variant::Iscsi);
        assert_eq!(
            FileRead::path(&path)
                .range(offset as u64, Some(len as u64))
                .append_to(&mut crc)
                .unwrap(),
            len as u64
        );
        assert_eq!(
            crc.current_hash(),
            Crc32Variant::Iscsi.checksum(&data[offset..offset + len])
        );
        // And to the end of the file.
        let mut crc = Crc32::with_variant(Crc32Variant::Iscsi);
        assert_eq!(
            FileRead::path(&path)
                .range(offset as u64, None)
                .append_to(&mut crc)
                .unwrap(),
            (data.len() - offset) as u64
        );
        assert_eq!(
            crc.current_hash(),
            Crc32Variant::Iscsi.checksum(&data[offset..])
        );
    }
    let err = FileRead::path(&path)
        .range(99_000, Some(2_000))
        .append_to(&mut Crc32::new())
        .unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
    assert_eq!(
        err.to_string(),
        "the file is 100000 bytes long, and the range ends at byte 101000"
    );
    let err = FileRead::path(&path)
        .range(100_001, None)
        .append_to(&mut Crc32::new())
        .unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
    assert_eq!(
        err.to_string(),
        "the file is 100000 bytes long, and the range starts at byte 100001"
    );
    // A range whose end does not fit 64 bits is refused as such, not cut at 2^64 - 1.
    let err = FileRead::path(&path)
        .range(1, Some(u64::MAX))
        .append_to(&mut Crc32::new())
        .unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    assert!(err.to_string().contains("ends past byte 2^64 - 1"), "{err}");
    let err = FileRead::path(dir.path())
        .range(0, Some(1))
        .append_to(&mut Crc32::new())
        .unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::IsADirectory);
    // Anything but a regular file has no byte ranges.
    #[cfg(unix)]
    {
        let err = FileRead::path("/dev/null")
            .range(0, Some(0))
            .append_to(&mut Crc32::new())
            .unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
        assert_eq!(err.to_string(), "a byte range needs a regular file");
    }
    let err = FileRead::path(&dir.path().join("missing"))
        .threads(2)
        .append_to(&mut Crc32::new())
        .unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::NotFound);
    let err = hash_ranges_on_threads(&dir.path().join("missing"), 2, Crc32::new).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::NotFound);
    let err = FileRead::path(dir.path())
        .threads(2)
        .append_to(&mut Crc32::new())
        .unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::IsADirectory);
    let err = hash_ranges_on_threads(dir.path(), 2, Crc32::new).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::IsADirectory);
}

#[test]
fn a_read_on_threads_reads_the_file_it_opened_and_reports_its_progress() {
    use std::io::{Seek, SeekFrom};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    // Long enough to be read on threads.
    let len = THREADED_READ_LEN + 3 * (256 << 10) + 5;
    let old = Rng(15).bytes(len);
    std::fs::write(&path, &old).unwrap();
    let file = std::fs::File::open(&path).unwrap();
    // Another file of the same length renamed over the path: every chunk still comes from
    // the handle opened first, never from the new file by name.
    let new = dir.path().join("new");
    std::fs::write(&new, Rng(16).bytes(len)).unwrap();
    std::fs::rename(&new, &path).unwrap();
    let (mut progress, mut calls) = (0, 0);
    let mut crc = Crc32::new();
    let read = FileRead::file(&file)
        .threads(3)
        .observer(&mut OnProgress(|bytes| {
            progress += bytes;
            calls += 1;
        }))
        .append_to(&mut crc)
        .unwrap();
    assert_eq!(read, len as u64);
    assert_eq!(crc.current_hash(), Crc32Variant::IsoHdlc.checksum(&old));
    assert_eq!(progress, len as u64);
    assert!(calls > 1, "progress told once for {len} bytes");

    // A range of an open file, wherever its position stands; the position does not move.
    let mut crc = Crc32::new();
    (&file).seek(SeekFrom::Start(7)).unwrap();
    std::io::Read::read_exact(&mut &file, &mut [0; 10]).unwrap();
    FileRead::file(&file)
        .range(4, Some(1000))
        .append_to(&mut crc)
        .unwrap();
    assert_eq!(
        crc.current_hash(),
        Crc32Variant::IsoHdlc.checksum(&old[4..1004])
    );
    assert_eq!((&file).stream_position().unwrap(), 17);
}

#[test]
fn a_file_that_grows_during_a_read_on_threads_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    // Sparse, and long enough to be read on threads.
    let len = THREADED_READ_LEN + (1 << 20);
    std::fs::File::create(&path)
        .unwrap()
        .set_len(len as u64)
        .unwrap();
    let file = std::fs::File::open(&path).unwrap();
    let mut grown = false;
    let mut nvme = Crc64::with_variant(Crc64Variant::Nvme);
    let err = FileRead::file(&file)
        .threads(2)
        .observer(&mut OnProgress(|_| {
            if !std::mem::replace(&mut grown, true) {
                let mut f = std::fs::OpenOptions::new()
                    .append(true)
                    .open(&path)
                    .unwrap();
                std::io::Write::write_all(&mut f, b"more").unwrap();
            }
        }))
        .append_to(&mut nvme)
        .unwrap_err();
    assert!(grown);
    assert!(
        err.to_string()
            .contains("file changed while it was being hashed"),
        "{err}"
    );
}
