use super::*;
use crate::testing::Rng;
use crate::{DynHasher, NonCryptographicHasher, SplittableHasher};

/// The reference's way (Microsoft's C#, rclone's Go): each byte XORed into the circle at once.
fn by_definition(data: &[u8]) -> [u8; 20] {
    let mut out = [0u8; 20];
    for (k, &byte) in data.iter().enumerate() {
        let bit = 11 * k % 160;
        let (at, shift) = (bit / 8, bit % 8);
        out[at] ^= byte << shift;
        if shift != 0 {
            out[(at + 1) % 20] ^= byte >> (8 - shift);
        }
    }
    for (byte, len) in out[12..].iter_mut().zip((data.len() as u64).to_le_bytes()) {
        *byte ^= len;
    }
    out
}

#[test]
fn the_fold_spread_once_is_the_definition() {
    let mut rng = Rng(20);
    for len in [0, 1, 11, 19, 20, 159, 160, 161, 320, 1000, 100_000] {
        let data = rng.bytes(len);
        assert_eq!(
            QuickXorHash::hash(&data).0,
            by_definition(&data),
            "{len} bytes"
        );
    }
}

#[test]
fn combine_joins_ranges_at_any_split() {
    let mut rng = Rng(21);
    let data = rng.bytes(2000);
    for split in [0, 1, 159, 160, 161, 999, 2000] {
        let (mut first, mut second) = (QuickXorHash::new(), QuickXorHash::new());
        first.append(&data[..split]);
        second.append(&data[split..]);
        first.combine(&second);
        assert_eq!(
            first.current_hash().0,
            by_definition(&data),
            "split at {split}"
        );
    }
}

#[test]
fn a_state_with_bytes_past_its_length_is_refused() {
    let mut hasher = QuickXorHash::new();
    hasher.append(b"abc");
    assert_eq!(
        QuickXorHash::restore_state(&hasher.save_state()).unwrap(),
        hasher
    );
    let bad = state::save_with(Kind::QuickXor, |w| {
        w.u64(3);
        let mut fold = [0u8; BLOCK];
        fold[3] = 1;
        w.bytes(&fold);
    });
    assert!(matches!(
        QuickXorHash::restore_state(&bad),
        Err(StateError::InvalidField { field: "fold" })
    ));
}
