//! Prints `name size ns-per-hash GB/s` for each hash this build has, at each size given (16 KiB,
//! 100 KiB and 1 MiB by default): the best of 15 rounds of 64 MiB of hashing, the input one byte
//! off alignment. `benches/native.sh` runs the two builds and makes the table.

use std::hint::black_box;
use std::time::Instant;

/// Times `hash` on `size` bytes and prints its line.
fn measure(name: &str, size: usize, hash: &dyn Fn(&[u8]) -> u64) {
    let buf: Vec<u8> = (0..size + 1)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761) as u8)
        .collect();
    let input = &buf[1..];
    let iterations = ((64 << 20) / size.max(64)).clamp(1_000, 10_000_000);
    let mut best = f64::MAX;
    for _ in 0..15 {
        let start = Instant::now();
        for _ in 0..iterations {
            black_box(hash(black_box(input)));
        }
        best = best.min(start.elapsed().as_nanos() as f64 / iterations as f64);
    }
    println!("{name} {size} {best:.1} {:.2}", size as f64 / best);
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
        #[cfg(feature = "iohash")]
        {
            use iohash::{DynHasher, NonCryptographicHasher, XxHash128, XxHash3};
            measure("iohash/XXH3-64", size, &XxHash3::hash);
            measure("iohash/XXH3-64-seeded", size, &|b| {
                XxHash3::hash_with_seed(b, 42)
            });
            measure("iohash/XXH3-128", size, &|b| XxHash128::hash(b) as u64);
            measure("iohash/XXH3-128-seeded", size, &|b| {
                XxHash128::hash_with_seed(b, 42) as u64
            });
            measure("iohash/XXH3-64-streaming-64KiB", size, &|b| {
                let mut hasher = XxHash3::new();
                b.chunks(64 << 10).for_each(|chunk| hasher.append(chunk));
                hasher.current_hash()
            });
            measure("twox-hash/XXH3-64", size, &twox_hash::XxHash3_64::oneshot);
            measure("twox-hash/XXH3-64-seeded", size, &|b| {
                twox_hash::XxHash3_64::oneshot_with_seed(42, b)
            });
            measure("twox-hash/XXH3-128", size, &|b| {
                twox_hash::XxHash3_128::oneshot(b) as u64
            });
        }
        #[cfg(feature = "xxhash-rust")]
        {
            use xxhash_rust::xxh3::{xxh3_128, xxh3_128_with_seed, xxh3_64, xxh3_64_with_seed};
            measure("xxhash-rust-native/XXH3-64", size, &xxh3_64);
            measure("xxhash-rust-native/XXH3-64-seeded", size, &|b| {
                xxh3_64_with_seed(b, 42)
            });
            measure("xxhash-rust-native/XXH3-128", size, &|b| xxh3_128(b) as u64);
            measure("xxhash-rust-native/XXH3-128-seeded", size, &|b| {
                xxh3_128_with_seed(b, 42) as u64
            });
        }
    }
}
