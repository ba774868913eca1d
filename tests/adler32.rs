//! Adler-32 against zlib and its Rust peer: `tests/data/adler32_golden.txt`, written by
//! `tests/data/gen_adler32_golden.py` with Python's `zlib.adler32` (zlib's C code), checked
//! whole, in random pieces, in combined ranges and through a saved state; the script also runs
//! live where `python3` is found (CI sets `IOHASH_REQUIRE_PYTHON_ORACLES=1`, which makes a
//! skip a failure); and `adler2` (flate2's) on random inputs split at random points.

mod common;

use common::{append_in_pieces, random_splits, Rng};
use iohash::{Adler32, DynHasher, NonCryptographicHasher, SplittableHasher};

const GOLDEN: &str = include_str!("data/adler32_golden.txt");

/// The golden rows: the input and zlib's checksum of it.
fn rows() -> Vec<(Vec<u8>, u32)> {
    GOLDEN
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            let len: usize = fields[1].parse().unwrap();
            let data = match fields[0] {
                "ff" => vec![0xFF; len],
                seed => Rng(seed.parse().unwrap()).bytes(len),
            };
            (data, u32::from_str_radix(fields[2], 16).unwrap())
        })
        .collect()
}

#[test]
fn every_way_of_hashing_gives_zlibs_checksum() {
    let rows = rows();
    assert_eq!(rows.len(), 33);
    let mut rng = Rng(64);
    for (data, expected) in rows {
        let len = data.len();
        assert_eq!(Adler32::hash(&data), expected, "{len} bytes");
        let cuts = random_splits(&mut rng, len);
        let mut pieces = Adler32::new();
        append_in_pieces(&mut pieces, &data, &cuts);
        assert_eq!(pieces.current_hash(), expected, "{len} bytes in pieces");
        assert_eq!(pieces.current_hash_bytes(), expected.to_be_bytes());
        // Two ranges hashed apart, combined; and a state saved between them.
        let split = rng.below(len + 1);
        let (mut first, mut second) = (Adler32::new(), Adler32::new());
        first.append(&data[..split]);
        second.append(&data[split..]);
        let mut resumed = Adler32::restore_state(&first.save_state()).unwrap();
        first.combine(&second);
        assert_eq!(
            first.current_hash(),
            expected,
            "{len} bytes split at {split}"
        );
        resumed.append(&data[split..]);
        assert_eq!(
            resumed.current_hash(),
            expected,
            "{len} bytes resumed at {split}"
        );
    }
}

#[test]
fn adler2_agrees_on_random_inputs_split_at_random_points() {
    let mut rng = Rng(11);
    for _ in 0..200 {
        let len = match rng.below(4) {
            0 => rng.below(100),
            1 => rng.below(6000),
            2 => rng.below(70_000),
            _ => rng.below(3 << 20),
        };
        let data = rng.bytes(len);
        let mut peer = adler2::Adler32::new();
        peer.write_slice(&data);
        let mut ours = Adler32::new();
        append_in_pieces(&mut ours, &data, &random_splits(&mut rng, len));
        assert_eq!(ours.current_hash(), peer.checksum(), "{len} bytes");
    }
}

#[test]
fn zlib_writes_the_committed_golden_file_today() {
    if let Some(python) = common::oracle_python("zlib") {
        assert_eq!(common::run_oracle(&python, "gen_adler32_golden.py"), GOLDEN);
    }
}
