//! Prints `name size ns-per-hash GB/s` for each hash this build has, at each size given (16 KiB,
//! 100 KiB and 1 MiB by default): the best of 60 rounds of 16 MiB of hashing, the input one byte
//! off alignment. The hashes take turns round by round, so that a noisy neighbour slows all of
//! them alike rather than whichever ran then. `benches/native.sh` runs the builds and makes
//! the tables.

use std::hint::black_box;
use std::time::Instant;

/// Rounds per hash and size; the best round counts.
const ROUNDS: usize = 60;

/// A hash under test: its name and a function of the input.
type Hash = (&'static str, fn(&[u8]) -> u64);

/// Times each of `hashes` on `size` bytes, in turns, and prints their lines.
fn measure(size: usize, hashes: &[Hash]) {
    let buf: Vec<u8> = (0..size + 1)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761) as u8)
        .collect();
    let input = &buf[1..];
    let iterations = ((16 << 20) / size.max(64)).clamp(10, 10_000_000);
    let mut best = vec![f64::MAX; hashes.len()];
    for _ in 0..ROUNDS {
        for ((_, hash), best) in hashes.iter().zip(&mut best) {
            let start = Instant::now();
            for _ in 0..iterations {
                black_box(hash(black_box(input)));
            }
            *best = best.min(start.elapsed().as_nanos() as f64 / iterations as f64);
        }
    }
    for ((name, _), best) in hashes.iter().zip(best) {
        println!("{name} {size} {best:.1} {:.2}", size as f64 / best);
    }
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .map(|s| s.parse().unwrap())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![16 << 10, 100 << 10, 1 << 20]
    } else {
        sizes
    };
    for &size in &sizes {
        let mut hashes: Vec<Hash> = Vec::new();
        #[cfg(feature = "iohash")]
        {
            use iohash::{DynHasher, NonCryptographicHasher, XxHash128, XxHash3};
            hashes.push(("iohash/XXH3-64", XxHash3::hash));
            hashes.push(("iohash/XXH3-64-seeded", |b| XxHash3::hash_with_seed(b, 42)));
            hashes.push(("iohash/XXH3-128", |b| XxHash128::hash(b) as u64));
            hashes.push(("iohash/XXH3-128-seeded", |b| {
                XxHash128::hash_with_seed(b, 42) as u64
            }));
            hashes.push(("iohash/XXH3-64-streaming-64KiB", |b| {
                let mut hasher = XxHash3::new();
                b.chunks(64 << 10).for_each(|chunk| hasher.append(chunk));
                hasher.current_hash()
            }));
            hashes.push(("twox-hash/XXH3-64", twox_hash::XxHash3_64::oneshot));
            hashes.push(("twox-hash/XXH3-64-seeded", |b| {
                twox_hash::XxHash3_64::oneshot_with_seed(42, b)
            }));
            hashes.push(("twox-hash/XXH3-128", |b| {
                twox_hash::XxHash3_128::oneshot(b) as u64
            }));
        }
        #[cfg(feature = "xxhash-rust")]
        {
            use xxhash_rust::xxh3::{xxh3_128, xxh3_128_with_seed, xxh3_64, xxh3_64_with_seed};
            hashes.push(("xxhash-rust-native/XXH3-64", xxh3_64));
            hashes.push(("xxhash-rust-native/XXH3-64-seeded", |b| {
                xxh3_64_with_seed(b, 42)
            }));
            hashes.push(("xxhash-rust-native/XXH3-128", |b| xxh3_128(b) as u64));
            hashes.push(("xxhash-rust-native/XXH3-128-seeded", |b| {
                xxh3_128_with_seed(b, 42) as u64
            }));
        }
        measure(size, &hashes);
    }
}
