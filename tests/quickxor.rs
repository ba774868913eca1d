//! QuickXorHash against rclone and its Rust peer: `tests/data/quickxor_golden.txt`, written by
//! `tests/data/gen_quickxor_golden.py` with `rclone hashsum quickxor` (the Go code rclone checks
//! OneDrive with), checked whole, in random pieces, in combined ranges and through a saved
//! state; the script also runs live where rclone is installed (CI sets
//! `IOHASH_REQUIRE_RCLONE=1`, which makes a skip a failure); and the `quickxorhash` crate on
//! random inputs split at random points.
#![cfg(feature = "std")]

mod common;

use common::{append_in_pieces, random_splits, Rng};
use iohash::{DynHasher, NonCryptographicHasher, QuickXorHash, SplittableHasher};

const GOLDEN: &str = include_str!("data/quickxor_golden.txt");

/// The golden rows: the input and rclone's hash of it, in hexadecimal.
fn rows() -> Vec<(Vec<u8>, &'static str)> {
    GOLDEN
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            let data = Rng(fields[0].parse().unwrap()).bytes(fields[1].parse().unwrap());
            (data, fields[2])
        })
        .collect()
}

fn hex(hasher: &QuickXorHash) -> String {
    format!("{:x}", hasher.current_hash())
}

#[test]
fn every_way_of_hashing_gives_rclones_hash() {
    let rows = rows();
    assert_eq!(rows.len(), 20);
    let mut rng = Rng(160);
    for (data, expected) in rows {
        let len = data.len();
        assert_eq!(
            format!("{:x}", QuickXorHash::hash(&data)),
            expected,
            "{len} bytes"
        );
        let mut pieces = QuickXorHash::new();
        append_in_pieces(&mut pieces, &data, &random_splits(&mut rng, len));
        assert_eq!(hex(&pieces), expected, "{len} bytes in pieces");
        let split = rng.below(len + 1);
        let (mut first, mut second) = (QuickXorHash::new(), QuickXorHash::new());
        first.append(&data[..split]);
        second.append(&data[split..]);
        let mut resumed = QuickXorHash::restore_state(&first.save_state()).unwrap();
        first.combine(&second);
        assert_eq!(hex(&first), expected, "{len} bytes split at {split}");
        resumed.append(&data[split..]);
        assert_eq!(hex(&resumed), expected, "{len} bytes resumed at {split}");
    }
}

#[test]
fn the_quickxorhash_crate_agrees_on_random_inputs_split_at_random_points() {
    let mut rng = Rng(12);
    for _ in 0..200 {
        let len = match rng.below(3) {
            0 => rng.below(400),
            1 => rng.below(70_000),
            _ => rng.below(3 << 20),
        };
        let data = rng.bytes(len);
        let mut peer = quickxorhash::QuickXorHash::new();
        peer.update(&data);
        let mut ours = QuickXorHash::new();
        append_in_pieces(&mut ours, &data, &random_splits(&mut rng, len));
        assert_eq!(ours.current_hash().0, peer.finalize(), "{len} bytes");
    }
}

#[test]
fn rclone_writes_the_committed_golden_file_today() {
    let found = std::process::Command::new("rclone")
        .arg("version")
        .output()
        .is_ok_and(|out| out.status.success());
    if !found {
        let required = std::env::var_os("IOHASH_REQUIRE_RCLONE").is_some_and(|v| v == "1");
        assert!(
            !required,
            "IOHASH_REQUIRE_RCLONE=1 but rclone is not installed"
        );
        eprintln!("skipped: rclone is not installed (the committed golden file was checked)");
        return;
    }
    let python = std::env::var("IOHASH_PYTHON").unwrap_or_else(|_| "python3".into());
    assert_eq!(
        common::run_oracle(&python, "gen_quickxor_golden.py"),
        GOLDEN
    );
}
