//! Every hasher against `xxhash-rust` and `twox-hash` on random inputs, seeds and split points,
//! from an unaligned offset; and the contract every hasher keeps (clone, reset, hash and reset).
#![cfg(feature = "std")]

mod common;

use common::{append_in_pieces, random_splits, Rng};
use iohash::{
    Crc32, Crc32Variant, Crc64, Crc64Variant, DynHasher, NonCryptographicHasher, XxHash128,
    XxHash3, XxHash32, XxHash64,
};

const ROUNDS: usize = 300;
const MAX_LEN: usize = 64 * 1024;

/// Random length (a third of them short), an offset 0..64 into a larger buffer, random cuts.
fn random_case(rng: &mut Rng) -> (Vec<u8>, usize, usize, Vec<usize>) {
    let len = if rng.below(3) == 0 {
        rng.below(300)
    } else {
        rng.below(MAX_LEN + 1)
    };
    let offset = rng.below(64);
    let buf = rng.bytes(offset + len);
    let cuts = random_splits(rng, len);
    (buf, offset, len, cuts)
}

#[test]
fn xxh3_64_agrees_with_both_references() {
    let mut rng = Rng(1);
    for _ in 0..ROUNDS {
        let (buf, offset, len, cuts) = random_case(&mut rng);
        let data = &buf[offset..];
        let seed = rng.seed();
        let expected = xxhash_rust::xxh3::xxh3_64_with_seed(data, seed);
        assert_eq!(
            expected,
            twox_hash::XxHash3_64::oneshot_with_seed(seed, data)
        );
        assert_eq!(
            XxHash3::hash_with_seed(data, seed),
            expected,
            "len {len} seed {seed}"
        );
        let mut hasher = XxHash3::with_seed(seed);
        append_in_pieces(&mut hasher, data, &cuts);
        assert_eq!(
            hasher.current_hash(),
            expected,
            "len {len} seed {seed} cuts {cuts:?}"
        );
    }
}

#[test]
fn xxh3_128_agrees_with_both_references() {
    let mut rng = Rng(2);
    for _ in 0..ROUNDS {
        let (buf, offset, len, cuts) = random_case(&mut rng);
        let data = &buf[offset..];
        let seed = rng.seed();
        let expected = xxhash_rust::xxh3::xxh3_128_with_seed(data, seed);
        assert_eq!(
            expected,
            twox_hash::XxHash3_128::oneshot_with_seed(seed, data)
        );
        assert_eq!(
            XxHash128::hash_with_seed(data, seed),
            expected,
            "len {len} seed {seed}"
        );
        let mut hasher = XxHash128::with_seed(seed);
        append_in_pieces(&mut hasher, data, &cuts);
        assert_eq!(
            hasher.current_hash(),
            expected,
            "len {len} seed {seed} cuts {cuts:?}"
        );
    }
}

#[test]
fn xxh3_with_a_custom_secret_agrees_with_both_references() {
    let mut rng = Rng(3);
    for _ in 0..ROUNDS {
        let (buf, offset, len, cuts) = random_case(&mut rng);
        let data = &buf[offset..];
        let secret_len = 136 + rng.below(200);
        let secret = rng.bytes(secret_len);
        let expected64 = xxhash_rust::xxh3::xxh3_64_with_secret(data, &secret);
        let expected128 = xxhash_rust::xxh3::xxh3_128_with_secret(data, &secret);
        assert_eq!(
            Ok(expected64),
            twox_hash::XxHash3_64::oneshot_with_secret(&secret, data).map_err(drop)
        );
        assert_eq!(
            Ok(expected128),
            twox_hash::XxHash3_128::oneshot_with_secret(&secret, data).map_err(drop)
        );
        let mut hasher = XxHash3::with_secret(&secret).unwrap();
        append_in_pieces(&mut hasher, data, &cuts);
        assert_eq!(
            hasher.current_hash(),
            expected64,
            "len {len} secret {}",
            secret.len()
        );
        let mut hasher = XxHash128::with_secret(&secret).unwrap();
        append_in_pieces(&mut hasher, data, &cuts);
        assert_eq!(
            hasher.current_hash(),
            expected128,
            "len {len} secret {}",
            secret.len()
        );
    }
}

#[test]
fn xxh64_agrees_with_both_references() {
    let mut rng = Rng(4);
    for _ in 0..ROUNDS {
        let (buf, offset, len, cuts) = random_case(&mut rng);
        let data = &buf[offset..];
        let seed = rng.seed();
        let expected = xxhash_rust::xxh64::xxh64(data, seed);
        assert_eq!(expected, twox_hash::XxHash64::oneshot(seed, data));
        assert_eq!(
            XxHash64::hash_with_seed(data, seed),
            expected,
            "len {len} seed {seed}"
        );
        let mut hasher = XxHash64::with_seed(seed);
        append_in_pieces(&mut hasher, data, &cuts);
        assert_eq!(
            hasher.current_hash(),
            expected,
            "len {len} seed {seed} cuts {cuts:?}"
        );
    }
}

#[test]
fn xxh32_agrees_with_both_references() {
    let mut rng = Rng(5);
    for _ in 0..ROUNDS {
        let (buf, offset, len, cuts) = random_case(&mut rng);
        let data = &buf[offset..];
        let seed = rng.seed() as u32;
        let expected = xxhash_rust::xxh32::xxh32(data, seed);
        assert_eq!(expected, twox_hash::XxHash32::oneshot(seed, data));
        assert_eq!(
            XxHash32::hash_with_seed(data, seed),
            expected,
            "len {len} seed {seed}"
        );
        let mut hasher = XxHash32::with_seed(seed);
        append_in_pieces(&mut hasher, data, &cuts);
        assert_eq!(
            hasher.current_hash(),
            expected,
            "len {len} seed {seed} cuts {cuts:?}"
        );
    }
}

/// The conformance test of RustCrypto's `digest::dev::fixed_reset_test`, adapted: whole message,
/// after reset, every chunk size 1..=17, clone mid-stream, current_hash twice.
fn keeps_the_hasher_contract<H: NonCryptographicHasher + Send + 'static>(make: impl Fn() -> H) {
    let data = Rng(6).bytes(3000);
    let mut whole = make();
    whole.append(&data);
    let expected = whole.current_hash();
    assert_eq!(
        whole.current_hash(),
        expected,
        "current_hash changed the state"
    );

    for chunk in 1..=17 {
        let mut hasher = make();
        hasher.append(b"something to forget");
        hasher.reset();
        for piece in data.chunks(chunk) {
            hasher.append(piece);
        }
        assert_eq!(
            hasher.current_hash(),
            expected,
            "{} chunks of {chunk}",
            hasher.name()
        );
    }

    let mut original = make();
    original.append(&data[..1234]);
    let mut copy = original.clone();
    copy.append(b"only in the copy");
    original.append(&data[1234..]);
    assert_eq!(
        original.current_hash(),
        expected,
        "{}: a clone shares state",
        original.name()
    );
    assert_ne!(copy.current_hash(), expected);

    let mut hasher = make();
    hasher.append(&data);
    assert_eq!(hasher.hash_and_reset(), expected);
    assert_eq!(
        hasher.current_hash(),
        make().current_hash(),
        "hash_and_reset did not reset"
    );
    hasher.append(&data);
    let bytes = hasher.current_hash_bytes();
    assert_eq!(hasher.hash_len(), bytes.as_ref().len());
    let mut out = [0xAA; 20];
    assert_eq!(hasher.current_hash_into(&mut out), hasher.hash_len());
    assert_eq!(&out[..hasher.hash_len()], bytes.as_ref());
    assert!(out[hasher.hash_len()..].iter().all(|&b| b == 0xAA));

    // The same through the object-safe core, boxed, and a boxed clone going on alone.
    let mut boxed: Box<dyn DynHasher + Send> = Box::new(make());
    boxed.append(&data[..1000]);
    let mut boxed_copy = boxed.clone();
    boxed.append(&data[1000..]);
    boxed_copy.append(b"only in the copy");
    let mut out = [0; 16];
    let len = boxed.current_hash_into(&mut out);
    assert_eq!(&out[..len], bytes.as_ref());
    boxed_copy.current_hash_into(&mut out);
    assert_ne!(&out[..len], bytes.as_ref());
}

#[test]
fn a_short_output_buffer_panics_naming_both_lengths() {
    let result = std::panic::catch_unwind(|| XxHash128::new().current_hash_into(&mut [0; 8]));
    let panic = result.unwrap_err();
    let message = panic.downcast_ref::<String>().unwrap();
    assert!(
        message.contains("holds 8 bytes, the hash is 16 bytes"),
        "{message}"
    );
}

#[test]
fn the_trait_one_shots_are_the_types_own() {
    fn one_shot<H: NonCryptographicHasher + Default>(data: &[u8]) -> H::Output {
        let mut hasher = H::default();
        hasher.append(data);
        assert_eq!(H::hash(data), hasher.current_hash(), "{}", hasher.name());
        H::hash(data)
    }
    let data = Rng(8).bytes(1000);
    assert_eq!(one_shot::<XxHash3>(&data), XxHash3::hash(&data));
    assert_eq!(one_shot::<XxHash128>(&data), XxHash128::hash(&data));
    assert_eq!(one_shot::<XxHash64>(&data), XxHash64::hash(&data));
    assert_eq!(one_shot::<XxHash32>(&data), XxHash32::hash(&data));
    assert_eq!(one_shot::<Crc32>(&data), Crc32::hash(&data));
    assert_eq!(one_shot::<Crc64>(&data), Crc64::hash(&data));
}

#[test]
fn every_hasher_keeps_the_contract() {
    let secret = Rng(7).bytes(150);
    keeps_the_hasher_contract(XxHash3::new);
    keeps_the_hasher_contract(|| XxHash3::with_seed(99));
    keeps_the_hasher_contract(|| XxHash3::with_secret(&secret).unwrap());
    keeps_the_hasher_contract(XxHash128::new);
    keeps_the_hasher_contract(|| XxHash128::with_seed(u64::MAX));
    keeps_the_hasher_contract(|| XxHash128::with_secret(&secret).unwrap());
    keeps_the_hasher_contract(XxHash64::new);
    keeps_the_hasher_contract(|| XxHash64::with_seed(5));
    keeps_the_hasher_contract(XxHash32::new);
    keeps_the_hasher_contract(|| XxHash32::with_seed(5));
    keeps_the_hasher_contract(Crc32::new);
    keeps_the_hasher_contract(|| Crc32::with_variant(Crc32Variant::Iscsi));
    keeps_the_hasher_contract(Crc64::new);
    keeps_the_hasher_contract(|| Crc64::with_variant(Crc64Variant::Nvme));
    keeps_the_hasher_contract(|| Crc64::with_variant(Crc64Variant::Xz));
}

#[test]
fn hash_map_hashers_follow_the_seed() {
    use std::hash::{BuildHasher, Hasher};
    let a = iohash::hash_map::XxHash3Builder::with_seed(1).hash_one("key");
    let b = iohash::hash_map::XxHash3Builder::with_seed(2).hash_one("key");
    assert_ne!(a, b);
    // Long inputs use the secret the builder derived once, shared by its hashers.
    let builder = iohash::hash_map::XxHash3Builder::with_seed(77);
    for len in [0, 240, 241, 256, 257, 5000] {
        let data = Rng(len as u64).bytes(len);
        let mut h = builder.build_hasher();
        h.write(&data);
        assert_eq!(h.finish(), XxHash3::hash_with_seed(&data, 77), "len {len}");
    }
    assert_eq!(builder, iohash::hash_map::XxHash3Builder::with_seed(77));
    let mut h = iohash::hash_map::XxHash64Builder::with_seed(3).build_hasher();
    h.write(b"abc");
    assert_eq!(h.finish(), XxHash64::hash_with_seed(b"abc", 3));
}
