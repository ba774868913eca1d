//! Prints `name size ns-per-hash GB/s` for each hash this build has, at each size given (16 KiB,
//! 100 KiB and 1 MiB by default), or with `short` for XXH3 at every short size, or with `crc`
//! for every CRC from 16 bytes to 1 MiB and the long ones from four places in a cache line
//! (both with the `peers` feature): the best of 60 rounds of 16 MiB of hashing (at least 10
//! hashes), the input one byte past the start of its buffer (or past a 64-byte boundary by
//! what its line says: `name@offset`). The hashes of a size take turns round by round, so that
//! a noisy neighbour slows all of them alike rather than whichever ran then.
//! `benches/native.sh` runs the builds and makes the tables.

// A build with no feature has nothing to time (CI builds the workspace that way too).
#![cfg_attr(
    not(any(feature = "iohash", feature = "xxhash-rust")),
    allow(dead_code, unused_mut)
)]

use std::hint::black_box;
use std::time::Instant;

/// Both halves of a 128-bit hash in one word: a cast to `u64` would let the compiler drop the
/// work of the high half from whichever hash it inlines.
fn fold(hash: u128) -> u64 {
    (hash ^ (hash >> 64)) as u64
}

/// Rounds per hash and size; the best round counts.
const ROUNDS: usize = 60;

/// A hash under test: its name and a function of the input.
type Hash = (&'static str, fn(&[u8]) -> u64);

/// Times each of `hashes` on `size` bytes, in turns, and prints their lines.
fn measure(size: usize, hashes: &[Hash]) {
    measure_at(size, None, hashes);
}

/// [`measure`], the input one byte past the start of its buffer, or with `line_offset`, that
/// many bytes past a 64-byte boundary (then its lines name it: `name@offset`).
fn measure_at(size: usize, line_offset: Option<usize>, hashes: &[Hash]) {
    let spare = if line_offset.is_some() { 128 } else { 1 };
    let buf: Vec<u8> = (0..size + spare)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761) as u8)
        .collect();
    let start = line_offset.map_or(1, |offset| buf.as_ptr().align_offset(64) + offset);
    let input = &buf[start..start + size];
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
    let at = line_offset.map_or(String::new(), |offset| format!("@{offset}"));
    for ((name, _), best) in hashes.iter().zip(best) {
        println!("{name}{at} {size} {best:.2} {:.2}", size as f64 / best);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        #[cfg(feature = "peers")]
        Some("short") => short(),
        #[cfg(feature = "peers")]
        Some("crc-short") => crc_short(),
        #[cfg(feature = "peers")]
        Some("crc-dyn") => crc_dyn(),
        #[cfg(feature = "peers")]
        Some("adler") => adler(),
        #[cfg(feature = "peers")]
        Some("quickxor") => quickxor(),
        #[cfg(feature = "peers")]
        Some("crc") => {
            crc();
            any_crc();
            crc_offsets();
        }
        _ => long(&args),
    }
}

/// XXH3 at `sizes` (16 KiB, 100 KiB and 1 MiB if none): this build's iohash, twox-hash and
/// xxhash-rust (the `-C target-cpu=native` build in `native.sh`).
fn long(sizes: &[String]) {
    let sizes: Vec<usize> = sizes.iter().map(|s| s.parse().unwrap()).collect();
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
            hashes.push(("iohash/XXH3-128", |b| fold(XxHash128::hash(b))));
            hashes.push(("iohash/XXH3-128-seeded", |b| {
                fold(XxHash128::hash_with_seed(b, 42))
            }));
            hashes.push(("iohash/XXH3-64-streaming-64KiB", |b| {
                let mut hasher = XxHash3::new();
                b.chunks(64 << 10).for_each(|chunk| hasher.append(chunk));
                hasher.current_hash()
            }));
            // A hasher made, given the input in one piece and finished, as a binding's
            // `xxh3_64(data).intdigest()` does: through `Algorithm`, as the bindings make one.
            hashes.push(("iohash/XXH3-64-made-appended-finished", |b| {
                let mut hasher = iohash::Algorithm::Xxh3.hasher(0);
                hasher.append(b);
                hasher.current_hash_u128().unwrap_or_default() as u64
            }));
            hashes.push(("twox-hash/XXH3-64", twox_hash::XxHash3_64::oneshot));
            hashes.push(("twox-hash/XXH3-64-seeded", |b| {
                twox_hash::XxHash3_64::oneshot_with_seed(42, b)
            }));
            hashes.push(("twox-hash/XXH3-128", |b| {
                fold(twox_hash::XxHash3_128::oneshot(b))
            }));
        }
        #[cfg(feature = "xxhash-rust")]
        {
            use xxhash_rust::xxh3::{xxh3_128, xxh3_128_with_seed, xxh3_64, xxh3_64_with_seed};
            hashes.push(("xxhash-rust-native/XXH3-64", xxh3_64));
            hashes.push(("xxhash-rust-native/XXH3-64-seeded", |b| {
                xxh3_64_with_seed(b, 42)
            }));
            hashes.push(("xxhash-rust-native/XXH3-128", |b| fold(xxh3_128(b))));
            hashes.push(("xxhash-rust-native/XXH3-128-seeded", |b| {
                fold(xxh3_128_with_seed(b, 42))
            }));
            hashes.push(("xxhash-rust-native/XXH3-64-made-appended-finished", |b| {
                let mut hasher = xxhash_rust::xxh3::Xxh3::new();
                hasher.update(b);
                hasher.digest()
            }));
        }
        measure(size, &hashes);
    }
}

/// XXH3-64 and XXH3-128 at short sizes, either side of each path's bounds, beside both
/// peers.
#[cfg(feature = "peers")]
fn short() {
    use iohash::{XxHash128, XxHash3};
    use xxhash_rust::xxh3::{xxh3_128, xxh3_64};
    for size in [0, 1, 3, 4, 8, 9, 16, 17, 32, 64, 100, 128, 129, 200, 240] {
        measure(
            size,
            &[
                ("iohash/XXH3-64", XxHash3::hash),
                ("xxhash-rust/XXH3-64", xxh3_64),
                ("twox-hash/XXH3-64", twox_hash::XxHash3_64::oneshot),
                ("iohash/XXH3-128", |b| fold(XxHash128::hash(b))),
                ("xxhash-rust/XXH3-128", |b| fold(xxh3_128(b))),
                ("twox-hash/XXH3-128", |b| {
                    fold(twox_hash::XxHash3_128::oneshot(b))
                }),
            ],
        );
    }
}

/// Adler-32 beside `simd-adler32` (its run-time AVX2/SSSE3 path) and `adler2` (scalar).
#[cfg(feature = "peers")]
fn adler() {
    use iohash::NonCryptographicHasher;
    for size in [16, 64, 256, 1 << 10, 4 << 10, 64 << 10, 1 << 20] {
        measure(
            size,
            &[
                ("iohash/Adler-32", |b| u64::from(iohash::Adler32::hash(b))),
                ("simd-adler32/Adler-32", |b| {
                    u64::from(simd_adler32::adler32(&b))
                }),
                ("adler2/Adler-32", |b| u64::from(adler2::adler32_slice(b))),
            ],
        );
    }
}

/// QuickXorHash beside the `quickxorhash` crate (its 160-byte blocks in 64-bit words). Each
/// side's 20 bytes folded into one word, so neither can drop any of its work.
#[cfg(feature = "peers")]
fn quickxor() {
    use iohash::NonCryptographicHasher;
    fn word(bytes: [u8; 20]) -> u64 {
        bytes.chunks(8).fold(0, |word, chunk| {
            let mut eight = [0u8; 8];
            eight[..chunk.len()].copy_from_slice(chunk);
            word ^ u64::from_le_bytes(eight)
        })
    }
    for size in [16, 64, 256, 1 << 10, 4 << 10, 64 << 10, 1 << 20] {
        measure(
            size,
            &[
                ("iohash/QuickXorHash", |b| {
                    word(iohash::QuickXorHash::hash(b).0)
                }),
                ("quickxorhash/QuickXorHash", |b| {
                    let mut hasher = quickxorhash::QuickXorHash::new();
                    hasher.update(b);
                    word(hasher.finalize())
                }),
            ],
        );
    }
}

/// Every CRC iohash has, beside `crc-fast`, and `crc32fast` (CRC-32) and `crc32c` (CRC-32C).
#[cfg(feature = "peers")]
fn crc() {
    for size in [16, 64, 256, 1 << 10, 4 << 10, 64 << 10, 1 << 20] {
        measure(size, &crc_sides());
    }
}

/// CRC-32C and CRC-32 from 16 to 256 bytes, 16 at a time, beside their peers: where the
/// `crc32` instruction and the fold cross.
#[cfg(feature = "peers")]
fn crc_short() {
    let sides = crc_sides();
    for size in (16..=256).step_by(16) {
        measure(size, &sides[..6]);
    }
}

/// CRC-32C of 64 bytes as another harness timed it: each side behind a `Box<dyn Fn>`, after a
/// while of XXH3 over 1 MiB (wide vector work first, as a program that hashes files does), the
/// sides in turns; the input at the start of its buffer and one byte past it.
#[cfg(feature = "peers")]
fn crc_dyn() {
    type Boxed = Box<dyn Fn(&[u8]) -> u64>;
    let sides: [(&str, Boxed); 3] = [
        (
            "iohash/CRC-32C",
            Box::new(|b| u64::from(iohash::Crc32Variant::Iscsi.checksum(b))),
        ),
        (
            "crc-fast/CRC-32C",
            Box::new(|b| crc_fast::checksum(crc_fast::CrcAlgorithm::Crc32Iscsi, b)),
        ),
        ("crc32c/CRC-32C", Box::new(|b| u64::from(crc32c::crc32c(b)))),
    ];
    let big = vec![7u8; 1 << 20];
    let warm = Instant::now();
    while warm.elapsed().as_millis() < 200 {
        black_box(iohash::XxHash3::hash(black_box(&big)));
    }
    let buf: Vec<u8> = (0..128u32)
        .map(|i| i.wrapping_mul(2_654_435_761) as u8)
        .collect();
    for start in [0, 1] {
        let input = &buf[start..start + 64];
        let mut best = [f64::MAX; 3];
        for _ in 0..ROUNDS {
            for ((_, hash), best) in sides.iter().zip(&mut best) {
                let begun = Instant::now();
                for _ in 0..100_000 {
                    black_box(hash(black_box(input)));
                }
                *best = best.min(begun.elapsed().as_nanos() as f64 / 100_000.0);
            }
        }
        for ((name, _), best) in sides.iter().zip(best) {
            println!("{name}@dyn{start} 64 {best:.2} {:.2}", 64.0 / best);
        }
    }
}

/// The long CRCs of [`crc()`] from the start of a cache line and from 1, 16 and 32 bytes past
/// one: where each side's loads straddle two lines, and where `crc-fast`'s, which start at a
/// 16-byte boundary, do not.
#[cfg(feature = "peers")]
fn crc_offsets() {
    for size in [4 << 10, 64 << 10, 1 << 20] {
        for offset in [0, 1, 16, 32] {
            measure_at(size, Some(offset), &crc_sides());
        }
    }
}

/// The built-in CRC sets, iohash's and each peer's.
#[cfg(feature = "peers")]
fn crc_sides() -> [Hash; 12] {
    use crc_fast::{checksum, CrcAlgorithm::*};
    use iohash::{Crc32, Crc32Variant, Crc64Variant};
    [
        ("iohash/CRC-32", |b| u64::from(Crc32::hash(b))),
        ("crc32fast/CRC-32", |b| u64::from(crc32fast::hash(b))),
        ("crc-fast/CRC-32", |b| checksum(Crc32IsoHdlc, b)),
        ("iohash/CRC-32C", |b| {
            u64::from(Crc32Variant::Iscsi.checksum(b))
        }),
        ("crc-fast/CRC-32C", |b| checksum(Crc32Iscsi, b)),
        ("crc32c/CRC-32C", |b| u64::from(crc32c::crc32c(b))),
        ("iohash/CRC-64-ECMA-182", |b| {
            Crc64Variant::Ecma182.checksum(b)
        }),
        ("crc-fast/CRC-64-ECMA-182", |b| checksum(Crc64Ecma182, b)),
        ("iohash/CRC-64-NVME", |b| Crc64Variant::Nvme.checksum(b)),
        ("crc-fast/CRC-64-NVME", |b| checksum(Crc64Nvme, b)),
        ("iohash/CRC-64-XZ", |b| Crc64Variant::Xz.checksum(b)),
        ("crc-fast/CRC-64-XZ", |b| checksum(Crc64Xz, b)),
    ]
}

/// CRCs of catalogue sets outside the built-in five, on iohash's generic engine (a `static`
/// `CrcEngine`), beside the `crc` crate's slice-by-16 tables.
#[cfg(feature = "peers")]
fn any_crc() {
    use crc::{Crc, Table, CRC_16_ARC, CRC_24_OPENPGP, CRC_64_GO_ISO};
    use iohash::{crc_catalogue, CrcEngine};
    static ARC: CrcEngine = CrcEngine::new(crc_catalogue::CRC_16_ARC);
    static OPENPGP: CrcEngine = CrcEngine::new(crc_catalogue::CRC_24_OPENPGP);
    static GO_ISO: CrcEngine = CrcEngine::new(crc_catalogue::CRC_64_GO_ISO);
    static CRC_ARC: Crc<u16, Table<16>> = Crc::<u16, Table<16>>::new(&CRC_16_ARC);
    static CRC_OPENPGP: Crc<u32, Table<16>> = Crc::<u32, Table<16>>::new(&CRC_24_OPENPGP);
    static CRC_GO_ISO: Crc<u64, Table<16>> = Crc::<u64, Table<16>>::new(&CRC_64_GO_ISO);
    for size in [16, 64, 256, 1 << 10, 4 << 10, 64 << 10, 1 << 20] {
        measure(
            size,
            &[
                ("iohash/CRC-16-ARC", |b| ARC.checksum(b)),
                ("crc/CRC-16-ARC", |b| u64::from(CRC_ARC.checksum(b))),
                ("iohash/CRC-24-OPENPGP", |b| OPENPGP.checksum(b)),
                ("crc/CRC-24-OPENPGP", |b| u64::from(CRC_OPENPGP.checksum(b))),
                ("iohash/CRC-64-GO-ISO", |b| GO_ISO.checksum(b)),
                ("crc/CRC-64-GO-ISO", |b| CRC_GO_ISO.checksum(b)),
                ("iohash/CRC-32", |b| u64::from(iohash::Crc32::hash(b))),
                ("iohash/CRC-64-NVME", |b| {
                    iohash::Crc64Variant::Nvme.checksum(b)
                }),
            ],
        );
    }
}
