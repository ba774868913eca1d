//! Every hasher against the C reference's answers in `tests/data/xxhash_vectors.txt`
//! (made by `tests/data/gen_vectors.sh`): one-shot, and streamed in random pieces.

mod common;

use common::{append_in_pieces, random_splits, vector_input, vector_secret, Rng};
use iohash::{NonCryptographicHasher, XxHash128, XxHash3, XxHash32, XxHash64};

const SEEDS: [u64; 4] = [0, 1, 0x9E37_79B1_85EB_CA8D, u64::MAX];
const SEEDS32: [u32; 4] = [0, 1, 0x9E37_79B1, u32::MAX];

struct Vector {
    len: usize,
    xxh32: [u32; 4],
    xxh64: [u64; 4],
    xxh3: [u64; 4],
    xxh128: [u128; 4],
    xxh3_secret: u64,
    xxh128_secret: u128,
}

fn load_vectors() -> Vec<Vector> {
    let text = include_str!("data/xxhash_vectors.txt");
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split(' ').collect();
            assert_eq!(f.len(), 19, "malformed vector line: {line}");
            let u32s = |i: usize| u32::from_str_radix(f[i], 16).unwrap();
            let u64s = |i: usize| u64::from_str_radix(f[i], 16).unwrap();
            let u128s = |i: usize| u128::from_str_radix(f[i], 16).unwrap();
            Vector {
                len: f[0].parse().unwrap(),
                xxh32: [u32s(1), u32s(2), u32s(3), u32s(4)],
                xxh64: [u64s(5), u64s(6), u64s(7), u64s(8)],
                xxh3: [u64s(9), u64s(10), u64s(11), u64s(12)],
                xxh128: [u128s(13), u128s(14), u128s(15), u128s(16)],
                xxh3_secret: u64s(17),
                xxh128_secret: u128s(18),
            }
        })
        .collect()
}

/// One-shot, streamed in pieces, and `current_hash_bytes` all give the reference answer.
fn check<H: NonCryptographicHasher>(
    what: &str,
    oneshot: H::Output,
    mut streaming: H,
    data: &[u8],
    cuts: &[usize],
    expected: H::Output,
    expected_be: &[u8],
) {
    assert_eq!(oneshot, expected, "{what} one-shot");
    append_in_pieces(&mut streaming, data, cuts);
    assert_eq!(
        streaming.current_hash(),
        expected,
        "{what} streaming, cuts {cuts:?}"
    );
    assert_eq!(
        streaming.current_hash_bytes().as_ref(),
        expected_be,
        "{what} bytes"
    );
}

#[test]
fn every_hasher_matches_the_c_reference() {
    let vectors = load_vectors();
    assert_eq!(vectors.len(), 2049 + 5, "vector file incomplete");
    let input = vector_input(vectors.iter().map(|v| v.len).max().unwrap());
    let secret = vector_secret();
    let mut rng = Rng(2024);
    for v in &vectors {
        let data = &input[..v.len];
        let cuts = random_splits(&mut rng, v.len);
        for i in 0..4 {
            let (seed, seed32) = (SEEDS[i], SEEDS32[i]);
            let what = format!("length {}, seed {seed:#x}", v.len);
            check(
                &format!("XXH32 {what}"),
                XxHash32::hash_with_seed(data, seed32),
                XxHash32::with_seed(seed32),
                data,
                &cuts,
                v.xxh32[i],
                &v.xxh32[i].to_be_bytes(),
            );
            check(
                &format!("XXH64 {what}"),
                XxHash64::hash_with_seed(data, seed),
                XxHash64::with_seed(seed),
                data,
                &cuts,
                v.xxh64[i],
                &v.xxh64[i].to_be_bytes(),
            );
            check(
                &format!("XXH3 {what}"),
                XxHash3::hash_with_seed(data, seed),
                XxHash3::with_seed(seed),
                data,
                &cuts,
                v.xxh3[i],
                &v.xxh3[i].to_be_bytes(),
            );
            check(
                &format!("XXH128 {what}"),
                XxHash128::hash_with_seed(data, seed),
                XxHash128::with_seed(seed),
                data,
                &cuts,
                v.xxh128[i],
                &v.xxh128[i].to_be_bytes(),
            );
        }
        let mut with_secret = XxHash3::with_secret(&secret).unwrap();
        append_in_pieces(&mut with_secret, data, &cuts);
        assert_eq!(
            with_secret.current_hash(),
            v.xxh3_secret,
            "XXH3 secret, length {}",
            v.len
        );
        let mut with_secret = XxHash128::with_secret(&secret).unwrap();
        append_in_pieces(&mut with_secret, data, &cuts);
        assert_eq!(
            with_secret.current_hash(),
            v.xxh128_secret,
            "XXH128 secret, length {}",
            v.len
        );
    }
}

#[test]
fn seed_zero_is_the_default() {
    let data = vector_input(1000);
    assert_eq!(XxHash3::hash(&data), XxHash3::hash_with_seed(&data, 0));
    assert_eq!(XxHash128::hash(&data), XxHash128::hash_with_seed(&data, 0));
    assert_eq!(XxHash64::hash(&data), XxHash64::hash_with_seed(&data, 0));
    assert_eq!(XxHash32::hash(&data), XxHash32::hash_with_seed(&data, 0));
}
