//! Saved states: a hasher saved at any point and restored (as its own type and as `AnyHasher`)
//! hashes the rest to the hash of everything; bad states are refused with their own error;
//! the states committed under `tests/data/states/` still restore.
//!
//! `IOHASH_WRITE_STATES=1 cargo test --test states` rewrites the committed states, for a new
//! case; a changed format must instead get a new version number and keep reading the old.
#![cfg(feature = "std")]

mod common;

use common::{append_in_pieces, random_splits, vector_input, vector_secret, Rng};
use iohash::{
    AnyHasher, Crc32, Crc32Variant, Crc64, DynHasher, NonCryptographicHasher, SavedState,
    StateError, XxHash128, XxHash3, XxHash32, XxHash64,
};

/// Saves `make()` after `data[..split]` (appended in random pieces), restores it with
/// `restore`, appends the rest, and checks the hash against `make()` given everything; and
/// the same through `AnyHasher` where the state needs no secret.
fn round_trip<H: NonCryptographicHasher>(
    make: &impl Fn() -> H,
    restore: &impl Fn(&[u8]) -> Result<H, StateError>,
    data: &[u8],
    split: usize,
    expected: &H::Bytes,
    rng: &mut Rng,
) {
    let mut hasher = make();
    let head = &data[..split];
    append_in_pieces(&mut hasher, head, &random_splits(rng, head.len()));
    let saved = hasher.save_state();
    let mut restored =
        restore(&saved).unwrap_or_else(|e| panic!("{} at {split}: {e}", hasher.name()));
    assert_eq!(
        restored.save_state(),
        saved,
        "{} at {split}: saved again",
        hasher.name()
    );
    let tail = &data[split..];
    append_in_pieces(&mut restored, tail, &random_splits(rng, tail.len()));
    assert_eq!(
        &restored.current_hash_bytes(),
        expected,
        "{} split at {split} of {}",
        hasher.name(),
        data.len()
    );
    // The hasher that was saved is unchanged by saving.
    hasher.append(tail);
    assert_eq!(&hasher.current_hash_bytes(), expected);

    if let Ok(mut any) = AnyHasher::restore_state(&saved) {
        any.append(tail);
        let mut bytes = [0; 16];
        let len = any.current_hash_into(&mut bytes);
        assert_eq!(&bytes[..len], expected.as_ref(), "AnyHasher at {split}");
        assert_eq!(any.save_state().len(), saved.len());
    }
}

/// Every split point of `data` if it is short, else `random` random ones and the edges.
fn splits(data: &[u8], random: usize, rng: &mut Rng) -> Vec<usize> {
    if data.len() <= 4096 {
        return (0..=data.len()).collect();
    }
    let mut splits = vec![0, 1, data.len() - 1, data.len()];
    splits.extend((0..random).map(|_| rng.below(data.len() + 1)));
    splits
}

fn every_split<H: NonCryptographicHasher>(
    make: impl Fn() -> H,
    restore: impl Fn(&[u8]) -> Result<H, StateError>,
    data: &[u8],
    rng: &mut Rng,
) {
    let mut whole = make();
    whole.append(data);
    let expected = whole.current_hash_bytes();
    for split in splits(data, 24, rng) {
        round_trip(&make, &restore, data, split, &expected, rng);
    }
}

/// Runs `every_split` for every hasher and key on `data`.
fn for_every_hasher(data: &[u8], rng: &mut Rng) {
    let secret = vector_secret();
    let long_secret = Rng(5).bytes(300);
    for seed in [0, 1, u64::MAX, 0x9E37_79B9_7F4A_7C15] {
        every_split(
            || XxHash3::with_seed(seed),
            XxHash3::restore_state,
            data,
            rng,
        );
        every_split(
            || XxHash128::with_seed(seed),
            XxHash128::restore_state,
            data,
            rng,
        );
        every_split(
            || XxHash64::with_seed(seed),
            XxHash64::restore_state,
            data,
            rng,
        );
        every_split(
            || XxHash32::with_seed(seed as u32),
            XxHash32::restore_state,
            data,
            rng,
        );
    }
    for secret in [&secret[..136], &secret[..], &long_secret[..]] {
        every_split(
            || XxHash3::with_secret(secret).unwrap(),
            |saved| XxHash3::restore_state_with_secret(saved, secret),
            data,
            rng,
        );
        every_split(
            || XxHash128::with_secret(secret).unwrap(),
            |saved| XxHash128::restore_state_with_secret(saved, secret),
            data,
            rng,
        );
    }
    for &variant in Crc32Variant::ALL {
        every_split(
            || Crc32::with_variant(variant),
            Crc32::restore_state,
            data,
            rng,
        );
    }
    for &variant in iohash::Crc64Variant::ALL {
        every_split(
            || Crc64::with_variant(variant),
            Crc64::restore_state,
            data,
            rng,
        );
    }
}

#[test]
fn every_split_point_of_short_inputs_resumes_to_the_same_hash() {
    let mut rng = Rng(1);
    for len in [0, 1, 16, 64, 240, 241, 256, 257, 1024 + 3] {
        for_every_hasher(&vector_input(len), &mut rng);
    }
    for_every_hasher(&vector_input(4096), &mut rng);
}

#[test]
fn random_split_points_of_a_mebibyte_resume_to_the_same_hash() {
    let mut rng = Rng(2);
    for_every_hasher(&rng.bytes(1 << 20), &mut rng);
}

#[test]
fn a_state_can_be_saved_and_restored_again_and_again() {
    let data = vector_input(10_000);
    let mut hasher = XxHash3::with_seed(3);
    for chunk in data.chunks(777) {
        hasher = XxHash3::restore_state(&hasher.save_state()).unwrap();
        hasher.append(chunk);
    }
    assert_eq!(hasher.current_hash(), XxHash3::hash_with_seed(&data, 3));
}

/// `saved` with its checksum made right again after an edit.
fn reseal(mut saved: Vec<u8>) -> Vec<u8> {
    let end = saved.len() - 4;
    let checksum = Crc32Variant::Iscsi.checksum(&saved[..end]);
    saved[end..].copy_from_slice(&checksum.to_le_bytes());
    saved
}

fn xxh3_state(len: usize) -> Vec<u8> {
    let mut hasher = XxHash3::with_seed(11);
    hasher.append(&vector_input(len));
    hasher.save_state().to_vec()
}

#[test]
fn cut_or_extended_states_are_refused() {
    let saved = xxh3_state(1000);
    assert_eq!(saved.len(), SavedState::CAPACITY);
    for len in [0, 3, 7, 8, 100, saved.len() - 1] {
        let err = XxHash3::restore_state(&saved[..len]).unwrap_err();
        let expected = if len < 8 { 12 } else { saved.len() };
        assert_eq!(err, StateError::Truncated { len, expected }, "{len}");
        assert!(err.to_string().contains("truncated"), "{err}");
    }
    let mut longer = saved.clone();
    longer.push(0);
    assert_eq!(
        XxHash3::restore_state(&longer).unwrap_err(),
        StateError::Extended {
            len: saved.len() + 1,
            expected: saved.len()
        }
    );
}

#[test]
fn corrupted_states_are_refused() {
    let saved = xxh3_state(1000);
    for (i, bit) in [(8, 0), (100, 3), (saved.len() - 5, 7), (saved.len() - 1, 1)] {
        let mut corrupted = saved.clone();
        corrupted[i] ^= 1 << bit;
        let err = XxHash3::restore_state(&corrupted).unwrap_err();
        assert!(
            matches!(err, StateError::ChecksumMismatch { .. }),
            "byte {i}: {err:?}"
        );
        assert!(err.to_string().contains("corrupted"), "{err}");
    }
    assert_eq!(
        XxHash3::restore_state(b"not a state at all").unwrap_err(),
        StateError::NotAState
    );
    assert_eq!(
        XxHash3::restore_state(b"IO").unwrap_err(),
        StateError::Truncated {
            len: 2,
            expected: 12
        }
    );
}

#[test]
fn another_algorithms_state_is_refused() {
    let xxh64 = XxHash64::new().save_state();
    assert_eq!(
        XxHash3::restore_state(&xxh64).unwrap_err(),
        StateError::WrongAlgorithm {
            found: "XXH64",
            expected: "XXH3"
        }
    );
    let xxh3 = XxHash3::new().save_state();
    assert_eq!(
        XxHash128::restore_state(&xxh3).unwrap_err(),
        StateError::WrongAlgorithm {
            found: "XXH3",
            expected: "XXH128"
        }
    );
    let crc32c = Crc32::with_variant(Crc32Variant::Iscsi).save_state();
    let err = Crc64::restore_state(&crc32c).unwrap_err();
    assert_eq!(
        err,
        StateError::WrongAlgorithm {
            found: "CRC32C",
            expected: "CRC-64"
        }
    );
    assert_eq!(
        err.to_string(),
        "the saved state is of CRC32C, not of CRC-64"
    );
    // Within a type the parameter set comes from the state.
    let restored = Crc32::restore_state(&crc32c).unwrap();
    assert_eq!(restored.variant(), Crc32Variant::Iscsi);
}

#[test]
fn unknown_versions_and_algorithms_are_refused() {
    let mut newer = XxHash64::new().save_state().to_vec();
    newer[4] = 3;
    let err = XxHash64::restore_state(&newer).unwrap_err();
    assert_eq!(err, StateError::UnsupportedVersion { version: 3 });
    assert!(err.to_string().contains("version 3"), "{err}");
    for older in [0, 1] {
        newer[4] = older;
        assert_eq!(
            XxHash64::restore_state(&newer).unwrap_err(),
            StateError::UnsupportedVersion { version: older }
        );
    }

    let mut unknown = XxHash64::new().save_state().to_vec();
    unknown[5] = 42;
    let err = AnyHasher::restore_state(&reseal(unknown)).unwrap_err();
    assert_eq!(err, StateError::UnknownAlgorithm { id: 42 });
}

#[test]
fn secrets_are_checked_and_never_saved() {
    let secret = vector_secret();
    let mut hasher = XxHash3::with_secret(&secret).unwrap();
    hasher.append(&vector_input(5000));
    let saved = hasher.save_state();
    assert!(
        !saved
            .windows(32)
            .any(|w| secret.windows(32).any(|s| s == w)),
        "the state holds part of the secret"
    );
    assert_eq!(
        XxHash3::restore_state(&saved).unwrap_err(),
        StateError::SecretRequired
    );
    assert_eq!(
        AnyHasher::restore_state(&saved).unwrap_err(),
        StateError::SecretRequired
    );
    let mut other = secret.clone();
    other[100] ^= 1;
    assert_eq!(
        XxHash3::restore_state_with_secret(&saved, &other).unwrap_err(),
        StateError::WrongSecret
    );
    assert_eq!(
        XxHash3::restore_state_with_secret(&saved, &secret[..190]).unwrap_err(),
        StateError::WrongSecret
    );
    let seeded = XxHash3::with_seed(1).save_state();
    assert_eq!(
        XxHash3::restore_state_with_secret(&seeded, &secret).unwrap_err(),
        StateError::UnexpectedSecret
    );
    let restored = XxHash128::restore_state_with_secret(&saved, &secret).unwrap_err();
    assert!(matches!(restored, StateError::WrongAlgorithm { .. }));
}

/// `saved` with the little-endian `value` written at `offset` of the body, resealed.
fn with_field(saved: &[u8], offset: usize, value: &[u8]) -> Vec<u8> {
    let mut edited = saved.to_vec();
    edited[8 + offset..8 + offset + value.len()].copy_from_slice(value);
    reseal(edited)
}

#[test]
fn fields_out_of_range_are_refused() {
    let invalid = |field| StateError::InvalidField { field };
    // XXH3 body: key 0, seed 1, secret length 9, fingerprint 17, total 25, stripes 33,
    // accumulators 37, buffered 101, buffer 103.
    let long = xxh3_state(1000);
    let short = xxh3_state(100);
    for (saved, offset, value, field) in [
        (&long, 101, &300u16.to_le_bytes()[..], "buffered"),
        (&long, 101, &0u16.to_le_bytes()[..], "buffered"),
        (&long, 33, &5u32.to_le_bytes()[..], "stripes"),
        (&long, 0, &[7][..], "key"),
        (&long, 9, &136u64.to_le_bytes()[..], "secret length"),
        (&short, 25, &99u64.to_le_bytes()[..], "total"),
        (&short, 37, &1u64.to_le_bytes()[..], "accumulators"),
    ] {
        assert_eq!(
            XxHash3::restore_state(&with_field(saved, offset, value)).unwrap_err(),
            invalid(field),
            "{field}"
        );
    }
    // XXH64 body: seed 0, total 8, lanes 16, buffered 48, buffer 49.
    let mut hasher = XxHash64::new();
    hasher.append(b"0123456789");
    let xxh64 = hasher.save_state();
    assert_eq!(
        XxHash64::restore_state(&with_field(&xxh64, 48, &[32])).unwrap_err(),
        invalid("buffered")
    );
    assert_eq!(
        XxHash64::restore_state(&with_field(&xxh64, 8, &11u64.to_le_bytes())).unwrap_err(),
        invalid("total")
    );
    // XXH32 body: seed 0, total 4, lanes 12, buffered 28.
    let xxh32 = XxHash32::new().save_state();
    assert_eq!(
        XxHash32::restore_state(&with_field(&xxh32, 28, &[16])).unwrap_err(),
        invalid("buffered")
    );
    assert_eq!(
        XxHash32::restore_state(&with_field(&xxh32, 12, &[1])).unwrap_err(),
        invalid("accumulators")
    );
    // CRC body: register 0, total 8.
    let crc32 = Crc32::new().save_state();
    assert_eq!(
        Crc32::restore_state(&with_field(&crc32, 4, &[1])).unwrap_err(),
        invalid("register")
    );
    // A length near the end of u64 is no reason to fail or panic later.
    let mut near_end =
        Crc32::restore_state(&with_field(&crc32, 8, &u64::MAX.to_le_bytes())).unwrap();
    near_end.append(b"123456789");
    near_end.combine(&near_end.clone());
    assert!(Crc32::restore_state(&near_end.save_state()).is_ok());
    // A body of another length than its algorithm's.
    let mut resized = crc32.to_vec();
    resized[6] += 1;
    resized.insert(8, 0);
    assert_eq!(
        Crc32::restore_state(&reseal(resized)).unwrap_err(),
        invalid("body length")
    );
}

/// The committed states: (file, input length, where the state was saved, the hasher).
fn committed_cases() -> Vec<(&'static str, usize, usize, AnyHasher)> {
    use iohash::Algorithm;
    let mut cases = vec![];
    for &algorithm in Algorithm::ALL {
        let name: &'static str = Box::leak(algorithm.tag().to_lowercase().into_boxed_str());
        cases.push((name, 5000, 1234, algorithm.hasher(0x5EED)));
    }
    cases.push(("xxh3-short", 200, 100, Algorithm::Xxh3.hasher(0)));
    cases.push(("xxh3-241", 300, 241, Algorithm::Xxh3.hasher(7)));
    cases
}

#[test]
fn committed_states_restore() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/states");
    let write = std::env::var_os("IOHASH_WRITE_STATES").is_some();
    for (name, len, split, mut hasher) in committed_cases() {
        let data = vector_input(len);
        let mut whole = hasher.clone();
        whole.append(&data);
        hasher.append(&data[..split]);
        // Written byte for byte as committed.
        let path = dir.join(format!("{name}.state"));
        if write {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, hasher.save_state()).unwrap();
        }
        let committed = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            hasher.save_state().as_bytes(),
            &committed[..],
            "{}: this version saves other bytes than format version 2 did; a new format needs \
             a new version number, and the old states must keep restoring",
            path.display()
        );
        // And it restores and goes on.
        let mut restored = AnyHasher::restore_state(&committed)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        restored.append(&data[split..]);
        assert_eq!(
            restored.current_hash(),
            whole.current_hash(),
            "{}",
            path.display()
        );
    }
}

/// Crafted states whose total is near 2^64: appending past it must neither panic (the test
/// profile has debug assertions) nor leave a state that cannot be saved and restored again.
#[test]
fn a_total_near_two_to_the_64_saturates_and_keeps_hashing_and_resuming() {
    // XXH3: 250 bytes buffered after stripes, the total 2^64 - 6 (a multiple of 64 taken in).
    let data = vector_input(256 + 250);
    let mut hasher = XxHash3::new();
    hasher.append(&data[..256]);
    hasher.append(&data[256..]);
    let saved = hasher.save_state().to_vec();
    let buffered = u16::from_le_bytes([saved[8 + 101], saved[8 + 102]]);
    assert_eq!(buffered, 250);
    // The stripes into the block follow from the total: (2^64 - 256) / 64 mod 16 = 12.
    let near = with_field(&saved, 25, &(u64::MAX - 5).to_le_bytes());
    let near = with_field(&near, 33, &12u32.to_le_bytes());
    let mut hasher = XxHash3::restore_state(&near).unwrap();
    hasher.append(&[0; 6]);
    let once = hasher.current_hash();
    hasher.append(&[1; 1000]);
    let after = hasher.current_hash();
    assert_ne!(once, after);
    let resumed = XxHash3::restore_state(&hasher.save_state()).unwrap();
    assert_eq!(resumed.current_hash(), after);
    let mut wide = XxHash128::new();
    wide.append(&data[..256]);
    wide.append(&data[256..]);
    let near = with_field(&wide.save_state(), 25, &(u64::MAX - 5).to_le_bytes());
    let mut wide = XxHash128::restore_state(&with_field(&near, 33, &12u32.to_le_bytes())).unwrap();
    wide.append(&[0; 300]);
    XxHash128::restore_state(&wide.save_state()).unwrap();

    // XXH64 and XXH32: the total is the second field (after an 8- or 4-byte seed).
    let mut hasher = XxHash64::new();
    hasher.append(&vector_input(64 + 5));
    // 5 bytes buffered: the total is 5 more than a multiple of 32.
    let near = with_field(&hasher.save_state(), 8, &(u64::MAX - 26).to_le_bytes());
    let mut hasher = XxHash64::restore_state(&near).unwrap();
    hasher.append(&[7; 100]);
    let hash = hasher.current_hash();
    assert_eq!(
        XxHash64::restore_state(&hasher.save_state())
            .unwrap()
            .current_hash(),
        hash
    );
    let mut hasher = XxHash32::new();
    hasher.append(&vector_input(32 + 5));
    let near = with_field(&hasher.save_state(), 4, &(u64::MAX - 10).to_le_bytes());
    let mut hasher = XxHash32::restore_state(&near).unwrap();
    hasher.append(&[7; 100]);
    let hash = hasher.current_hash();
    assert_eq!(
        XxHash32::restore_state(&hasher.save_state())
            .unwrap()
            .current_hash(),
        hash
    );
}

/// Generic code over `NonCryptographicHasher` takes `AnyHasher` and `Crc` as it takes the typed
/// hashers: saved, restored and finished through the trait alone.
#[test]
fn generic_code_saves_and_restores_any_hasher_and_crc() {
    fn resumed<H: NonCryptographicHasher>(head: &H, tail: &[u8]) -> (H::Output, Vec<u8>) {
        let mut hasher = H::restore_state(&head.save_state()).unwrap();
        hasher.append(tail);
        let bytes = hasher.current_hash_bytes().as_ref().to_vec();
        (hasher.hash_and_reset(), bytes)
    }
    let data = vector_input(3000);
    for &algorithm in iohash::Algorithm::ALL {
        let mut head = algorithm.hasher(3);
        head.append(&data[..1000]);
        let mut whole = algorithm.hasher(3);
        whole.append(&data);
        let (hash, bytes) = resumed(&head, &data[1000..]);
        assert_eq!(hash, whole.current_hash(), "{algorithm}");
        let mut expected = [0; iohash::MAX_HASH_LEN];
        let len = whole.current_hash_into(&mut expected);
        assert_eq!(bytes, &expected[..len], "{algorithm}");
        assert_eq!(bytes.len(), algorithm.hash_len(), "{algorithm}");
    }
    let mut head = iohash::Crc::with_params(iohash::crc_catalogue::CRC_24_OPENPGP);
    head.append(&data[..1000]);
    let (hash, bytes) = resumed(&head, &data[1000..]);
    let mut whole = iohash::Crc::with_params(iohash::crc_catalogue::CRC_24_OPENPGP);
    whole.append(&data);
    assert_eq!(hash, whole.current_hash());
    assert_eq!(bytes, whole.current_hash().to_be_bytes()[5..]);
}
