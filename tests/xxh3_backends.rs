//! Every XXH3 backend this CPU has (scalar; SSE2, AVX2 on x86-64; NEON on AArch64), one-shot
//! and streaming,
//! against the scalar backend, `xxhash-rust`, `twox-hash` and the C reference vectors.

mod common;

use common::{append_in_pieces, random_splits, vector_input, vector_secret, Rng};
use iohash::__xxh3_backends as backends;
use iohash::NonCryptographicHasher;

#[test]
fn this_cpu_runs_its_fastest_backend() {
    let available = backends::available();
    assert_eq!(available[0], "scalar");
    assert_eq!(backends::detected(), *available.last().unwrap());
    #[cfg(target_arch = "x86_64")]
    assert!(available.contains(&"sse2"));
    #[cfg(target_arch = "aarch64")]
    assert_eq!(available, ["scalar", "neon"]);
    eprintln!("XXH3 backends here: {available:?}");
}

#[test]
fn every_backend_agrees_at_every_length_up_to_4096() {
    let buf = Rng(21).bytes(4096 + 64);
    let mut rng = Rng(22);
    for len in 0..=4096 {
        let offset = rng.below(64);
        let data = &buf[offset..offset + len];
        let seed = rng.seed();
        let expected64 = xxhash_rust::xxh3::xxh3_64_with_seed(data, seed);
        let expected128 = xxhash_rust::xxh3::xxh3_128_with_seed(data, seed);
        for backend in backends::available() {
            assert_eq!(
                backends::hash64(backend, data, seed),
                Some(expected64),
                "{backend} len {len}"
            );
            assert_eq!(
                backends::hash128(backend, data, seed),
                Some(expected128),
                "{backend} len {len}"
            );
        }
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
        let secret_len = 136 + rng.below(120);
        let secret = rng.bytes(secret_len);
        let scalar = backends::hash64("scalar", data, seed).unwrap();
        assert_eq!(
            scalar,
            twox_hash::XxHash3_64::oneshot_with_seed(seed, data),
            "len {len}"
        );
        let with_secret = xxhash_rust::xxh3::xxh3_64_with_secret(data, &secret);
        let with_secret128 = xxhash_rust::xxh3::xxh3_128_with_secret(data, &secret);
        for backend in backends::available() {
            assert_eq!(
                backends::hash64(backend, data, seed),
                Some(scalar),
                "{backend} len {len}"
            );
            let mut hasher = backends::hasher64(backend, seed, None).unwrap();
            append_in_pieces(&mut hasher, data, &cuts);
            assert_eq!(
                hasher.current_hash(),
                scalar,
                "{backend} streaming len {len} cuts {cuts:?}"
            );
            let mut hasher = backends::hasher128(backend, seed, None).unwrap();
            append_in_pieces(&mut hasher, data, &cuts);
            assert_eq!(
                hasher.current_hash(),
                backends::hash128("scalar", data, seed).unwrap(),
                "{backend} 128 len {len}"
            );
            let mut hasher = backends::hasher64(backend, 0, Some(&secret)).unwrap();
            append_in_pieces(&mut hasher, data, &cuts);
            assert_eq!(
                hasher.current_hash(),
                with_secret,
                "{backend} secret len {len}"
            );
            let mut hasher = backends::hasher128(backend, 0, Some(&secret)).unwrap();
            append_in_pieces(&mut hasher, data, &cuts);
            assert_eq!(
                hasher.current_hash(),
                with_secret128,
                "{backend} secret 128 len {len}"
            );
        }
    }
}

#[test]
fn every_backend_matches_the_c_reference_vectors() {
    let text = include_str!("data/xxhash_vectors.txt");
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
            for backend in backends::available() {
                assert_eq!(
                    backends::hash64(backend, data, seed),
                    Some(xxh3),
                    "{backend} len {len} seed {seed}"
                );
                assert_eq!(
                    backends::hash128(backend, data, seed),
                    Some(xxh128),
                    "{backend} len {len} seed {seed}"
                );
            }
        }
        let xxh3_secret = u64::from_str_radix(f[17], 16).unwrap();
        for backend in backends::available() {
            let mut hasher = backends::hasher64(backend, 0, Some(&secret)).unwrap();
            hasher.append(data);
            assert_eq!(
                hasher.current_hash(),
                xxh3_secret,
                "{backend} secret len {len}"
            );
        }
    }
}
