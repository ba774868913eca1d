//! Every XXH3 backend this CPU has (scalar; SSE2, AVX2, AVX-512F on x86-64; NEON on AArch64),
//! one-shot and streaming, against the scalar backend, `xxhash-rust`, `twox-hash` and the C
//! reference vectors. `.ci/test-aarch64` runs them under qemu for NEON.

use super::*;
use crate::testing::{pieces, random_splits, vector_input, vector_secret, Rng};
use alloc::vec::Vec;

fn one_shot<W: Width>(platform: Platform, data: &[u8], seed: u64) -> W::Output {
    oneshot::<W>(|| platform, data, seed)
}

/// Checks every backend's one-shot XXH3-64 and XXH3-128 of `data` with `seed` against
/// `xxhash-rust`'s, naming `context` in a failure; returns the XXH3-64.
fn check_one_shots(data: &[u8], seed: u64, context: &str) -> u64 {
    let expected64 = xxhash_rust::xxh3::xxh3_64_with_seed(data, seed);
    let expected128 = xxhash_rust::xxh3::xxh3_128_with_seed(data, seed);
    check_one_shots_are(data, seed, expected64, expected128, context);
    expected64
}

/// Checks every backend's one-shot XXH3-64 and XXH3-128 of `data` with `seed` against
/// `expected64` and `expected128`, naming `context` in a failure.
fn check_one_shots_are(data: &[u8], seed: u64, expected64: u64, expected128: u128, context: &str) {
    for platform in Platform::available() {
        let name = platform.name();
        assert_eq!(
            one_shot::<Bits64>(platform, data, seed),
            expected64,
            "{name} {context}"
        );
        assert_eq!(
            one_shot::<Bits128>(platform, data, seed),
            expected128,
            "{name} {context}"
        );
    }
}

/// A streaming hasher on `platform`, keyed by `secret` if given, else by `seed`, fed `data` in
/// the pieces `cuts` makes.
fn streamed<W: Width>(
    platform: Platform,
    seed: u64,
    secret: Option<&[u8]>,
    data: &[u8],
    cuts: &[usize],
) -> W::Output {
    let key = match secret {
        Some(secret) => Key::Secret(CustomSecret::new(secret).unwrap()),
        None => Key::seed(seed),
    };
    let mut state = State::new(key, Some(platform));
    for piece in pieces(data, cuts) {
        state.update(piece);
    }
    state.digest::<W>()
}

#[test]
fn this_cpu_runs_its_fastest_backend() {
    let available: Vec<_> = Platform::available()
        .into_iter()
        .map(Platform::name)
        .collect();
    assert_eq!(available[0], "scalar");
    assert_eq!(Platform::detect().name(), *available.last().unwrap());
    #[cfg(target_arch = "x86_64")]
    assert!(available.contains(&"sse2"));
    #[cfg(target_arch = "aarch64")]
    assert_eq!(available, ["scalar", "neon"]);
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    assert_eq!(available, ["scalar", "simd128"]);
    // In one write, whole beside other tests' output (CI looks for it).
    let line = std::format!("XXH3 backends here: {available:?}");
    std::eprintln!("{line}");
}

#[test]
fn every_backend_agrees_at_every_length_up_to_4096() {
    let buf = Rng(21).bytes(4096 + 64);
    let mut rng = Rng(22);
    for len in 0..=4096 {
        let offset = rng.below(64);
        let data = &buf[offset..offset + len];
        let seed = rng.seed();
        let expected64 = check_one_shots(data, seed, &std::format!("len {len}"));
        if len % 7 == 0 {
            assert_eq!(
                expected64,
                twox_hash::XxHash3_64::oneshot_with_seed(seed, data)
            );
        }
    }
}

#[test]
fn every_backend_streams_random_lengths_up_to_1_mib() {
    let mut rng = Rng(23);
    for round in 0..24 {
        let len = if round < 4 {
            [0, 240, 241, 1 << 20][round]
        } else {
            rng.below((1 << 20) + 1)
        };
        let offset = rng.below(64);
        let buf = rng.bytes(offset + len);
        let data = &buf[offset..];
        let seed = rng.seed();
        let cuts = random_splits(&mut rng, len);
        // The usual 192 bytes (whose key windows the AVX-512 and AVX2 block loops hold apart
        // from the secret) every other round, any other length between.
        let secret_len = if round % 2 == 0 {
            192
        } else {
            136 + rng.below(120)
        };
        let secret = rng.bytes(secret_len);
        let scalar64 = one_shot::<Bits64>(Platform::Scalar, data, seed);
        let scalar128 = one_shot::<Bits128>(Platform::Scalar, data, seed);
        assert_eq!(
            scalar64,
            twox_hash::XxHash3_64::oneshot_with_seed(seed, data),
            "len {len}"
        );
        let with_secret64 = xxhash_rust::xxh3::xxh3_64_with_secret(data, &secret);
        let with_secret128 = xxhash_rust::xxh3::xxh3_128_with_secret(data, &secret);
        for platform in Platform::available() {
            let name = platform.name();
            assert_eq!(
                one_shot::<Bits64>(platform, data, seed),
                scalar64,
                "{name} len {len}"
            );
            assert_eq!(
                streamed::<Bits64>(platform, seed, None, data, &cuts),
                scalar64,
                "{name} streaming len {len} cuts {cuts:?}"
            );
            assert_eq!(
                streamed::<Bits128>(platform, seed, None, data, &cuts),
                scalar128,
                "{name} 128 len {len}"
            );
            assert_eq!(
                streamed::<Bits64>(platform, 0, Some(&secret), data, &cuts),
                with_secret64,
                "{name} secret len {len}"
            );
            assert_eq!(
                streamed::<Bits128>(platform, 0, Some(&secret), data, &cuts),
                with_secret128,
                "{name} secret 128 len {len}"
            );
        }
    }
}

#[test]
fn every_backend_finishes_a_stream_with_each_count_of_bytes_buffered() {
    // The digest takes its last stripe from the buffer, across the seam between the bytes
    // kept from before and those buffered when fewer than a stripe's are: one append of 257
    // to 320 bytes leaves each count from 1 to 64 buffered, and twice the input in three
    // pieces reaches the digest through a buffer filled and consumed on the way.
    let mut rng = Rng(41);
    let buf = rng.bytes(2 * 330);
    for len in 241..=330 {
        let data = &buf[..len];
        let seed = rng.seed();
        let expected64 = xxhash_rust::xxh3::xxh3_64_with_seed(data, seed);
        let expected128 = xxhash_rust::xxh3::xxh3_128_with_seed(data, seed);
        let twice = &buf[..2 * len];
        let twice64 = xxhash_rust::xxh3::xxh3_64_with_seed(twice, seed);
        for platform in Platform::available() {
            let name = platform.name();
            assert_eq!(
                streamed::<Bits64>(platform, seed, None, data, &[]),
                expected64,
                "{name} len {len}"
            );
            assert_eq!(
                streamed::<Bits128>(platform, seed, None, data, &[]),
                expected128,
                "{name} 128 len {len}"
            );
            assert_eq!(
                streamed::<Bits64>(platform, seed, None, twice, &[len, len + 7]),
                twice64,
                "{name} len {len} twice"
            );
        }
    }
}

#[test]
fn every_backend_matches_the_c_reference_vectors() {
    let text = include_str!("../../../tests/data/xxhash_vectors.txt");
    let input = vector_input((1 << 20) + 7);
    let secret = vector_secret();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(' ').collect();
        let len: usize = f[0].parse().unwrap();
        let data = &input[..len];
        for (i, seed) in [0u64, 1, 0x9E37_79B1_85EB_CA8D, u64::MAX]
            .into_iter()
            .enumerate()
        {
            let xxh3 = u64::from_str_radix(f[9 + i], 16).unwrap();
            let xxh128 = u128::from_str_radix(f[13 + i], 16).unwrap();
            check_one_shots_are(data, seed, xxh3, xxh128, &format!("len {len} seed {seed}"));
        }
        let xxh3_secret = u64::from_str_radix(f[17], 16).unwrap();
        for platform in Platform::available() {
            let hash = streamed::<Bits64>(platform, 0, Some(&secret), data, &[]);
            assert_eq!(hash, xxh3_secret, "{} secret len {len}", platform.name());
        }
    }
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no threads")]
fn one_shots_follow_every_change_of_seed_on_every_thread() {
    // With `std` a thread keeps the last seed's secret for its one-shots (without it, this
    // checks the secret made for each call): each new seed must make its own, on every
    // backend, on this thread and on others hashing with other seeds at the same time.
    let data = Rng(31).bytes(3000);
    let check = |seeds: &[u64]| {
        for &seed in seeds {
            for len in [241, 1024, 1025, 3000] {
                let data = &data[..len];
                let expected64 =
                    check_one_shots(data, seed, &std::format!("len {len} seed {seed}"));
                assert_eq!(XxHash3::hash_with_seed(data, seed), expected64);
            }
        }
    };
    check(&[1, 2, 1, 0, u64::MAX, 0, 2, 2]);
    std::thread::scope(|scope| {
        scope.spawn(|| check(&[3, 4, 3, 0, 4]));
        scope.spawn(|| check(&[4, 3, 0, 3, 3]));
    });
    check(&[2, 1]);
}
