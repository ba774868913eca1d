//! Hash throughput, iohash beside its peers on the same input in the same run.
//!
//! Groups are `throughput/ALGORITHM/MODE/SIZE`, one function per implementation, so each table
//! row of a CPU's record (benches/results/) is a side-by-side comparison. MODE is `oneshot` or
//! `streaming` (64 KiB appends). The input starts 1 byte past a 64-byte boundary, as data in a
//! real buffer may.
//! CRC groups compare every parameter set with `crc-fast` called directly and, for CRC-32,
//! with `crc32fast`.
//! `small_chunks/XXH3/N` appends 1 MiB N bytes at a time. `oneshot-short` groups cover every
//! short-input path of XXH3 with direct (inlinable) calls.

use std::hash::Hasher as _;
use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use iohash::{Algorithm, Crc32, Crc32Variant, Crc64Variant, DynHasher, NonCryptographicHasher};

const SIZES: [(usize, &str); 7] = [
    (16, "16B"),
    (240, "240B"),
    (300, "300B"),
    (1024, "1KiB"),
    (100 * 1024, "100KiB"),
    (1 << 20, "1MiB"),
    (64 << 20, "64MiB"),
];
const CHUNK: usize = 64 * 1024;

fn input(len: usize) -> Vec<u8> {
    let mut state = 0x1234_5678_9abc_def0u64;
    (0..len + 1)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect()
}

/// An implementation under test: its name and a one-shot over the input, widened to `u128`.
type Impl<'a> = (&'a str, &'a dyn Fn(&[u8]) -> u128);

/// Benchmarks each implementation in `impls` on every size, for one algorithm and mode.
fn group(c: &mut Criterion, name: &str, sizes: &[(usize, &str)], impls: &[Impl<'_>]) {
    for &(len, label) in sizes {
        let buf = input(len);
        let data = &buf[1..];
        let mut group = c.benchmark_group(format!("throughput/{name}"));
        group.throughput(Throughput::Bytes(len as u64));
        if len >= 1 << 20 {
            group.sample_size(10);
        }
        for (impl_name, f) in impls {
            group.bench_with_input(BenchmarkId::new(*impl_name, label), data, |b, data| {
                b.iter(|| f(black_box(data)))
            });
        }
        group.finish();
    }
}

/// Appends `data` in 64 KiB chunks to a new hasher and returns its hash: built in place,
/// like the peers' loops, so no hasher is moved in or out.
fn streamed<H: NonCryptographicHasher>(make: impl FnOnce() -> H, data: &[u8]) -> H::Output {
    let mut hasher = make();
    for chunk in data.chunks(CHUNK) {
        hasher.append(chunk);
    }
    hasher.current_hash()
}

fn xxh3(c: &mut Criterion) {
    group(
        c,
        "XXH3/oneshot",
        &SIZES,
        &[
            ("iohash", &|d| iohash::XxHash3::hash(d).into()),
            ("xxhash-rust", &|d| xxhash_rust::xxh3::xxh3_64(d).into()),
            ("twox-hash", &|d| twox_hash::XxHash3_64::oneshot(d).into()),
        ],
    );
    group(
        c,
        "XXH3/streaming",
        &SIZES,
        &[
            ("iohash", &|d| streamed(iohash::XxHash3::new, d).into()),
            ("xxhash-rust", &|d| {
                let mut h = xxhash_rust::xxh3::Xxh3::new();
                d.chunks(CHUNK).for_each(|c| h.update(c));
                h.digest().into()
            }),
            ("twox-hash", &|d| {
                let mut h = twox_hash::XxHash3_64::new();
                d.chunks(CHUNK).for_each(|c| h.write(c));
                h.finish().into()
            }),
        ],
    );
}

fn xxh128(c: &mut Criterion) {
    group(
        c,
        "XXH128/oneshot",
        &SIZES,
        &[
            ("iohash", &|d| iohash::XxHash128::hash(d)),
            ("xxhash-rust", &|d| xxhash_rust::xxh3::xxh3_128(d)),
            ("twox-hash", &|d| twox_hash::XxHash3_128::oneshot(d)),
        ],
    );
    group(
        c,
        "XXH128/streaming",
        &SIZES,
        &[
            ("iohash", &|d| streamed(iohash::XxHash128::new, d)),
            ("xxhash-rust", &|d| {
                let mut h = xxhash_rust::xxh3::Xxh3::new();
                d.chunks(CHUNK).for_each(|c| h.update(c));
                h.digest128()
            }),
            ("twox-hash", &|d| {
                let mut h = twox_hash::XxHash3_128::new();
                d.chunks(CHUNK).for_each(|c| h.write(c));
                h.finish_128()
            }),
        ],
    );
}

fn xxh64(c: &mut Criterion) {
    group(
        c,
        "XXH64/oneshot",
        &SIZES,
        &[
            ("iohash", &|d| iohash::XxHash64::hash(d).into()),
            ("xxhash-rust", &|d| xxhash_rust::xxh64::xxh64(d, 0).into()),
            ("twox-hash", &|d| twox_hash::XxHash64::oneshot(0, d).into()),
        ],
    );
    group(
        c,
        "XXH64/streaming",
        &SIZES,
        &[
            ("iohash", &|d| streamed(iohash::XxHash64::new, d).into()),
            ("xxhash-rust", &|d| {
                let mut h = xxhash_rust::xxh64::Xxh64::new(0);
                d.chunks(CHUNK).for_each(|c| h.update(c));
                h.digest().into()
            }),
            ("twox-hash", &|d| {
                let mut h = twox_hash::XxHash64::with_seed(0);
                d.chunks(CHUNK).for_each(|c| h.write(c));
                h.finish().into()
            }),
        ],
    );
}

fn xxh32(c: &mut Criterion) {
    group(
        c,
        "XXH32/oneshot",
        &SIZES,
        &[
            ("iohash", &|d| iohash::XxHash32::hash(d).into()),
            ("xxhash-rust", &|d| xxhash_rust::xxh32::xxh32(d, 0).into()),
            ("twox-hash", &|d| twox_hash::XxHash32::oneshot(0, d).into()),
        ],
    );
    group(
        c,
        "XXH32/streaming",
        &SIZES,
        &[
            ("iohash", &|d| streamed(iohash::XxHash32::new, d).into()),
            ("xxhash-rust", &|d| {
                let mut h = xxhash_rust::xxh32::Xxh32::new(0);
                d.chunks(CHUNK).for_each(|c| h.update(c));
                h.digest().into()
            }),
            ("twox-hash", &|d| {
                let mut h = twox_hash::XxHash32::with_seed(0);
                d.chunks(CHUNK).for_each(|c| h.write(c));
                h.finish().into()
            }),
        ],
    );
}

const CRC_SIZES: [(usize, &str); 5] = [
    (16, "16B"),
    (64, "64B"),
    (256, "256B"),
    (1024, "1KiB"),
    (1 << 20, "1MiB"),
];

/// Every CRC parameter set one-shot beside `crc-fast` called directly and, for CRC-32,
/// `crc32fast`; and CRC-32 streamed in 64 KiB appends.
fn crc(c: &mut Criterion) {
    use crc_fast::CrcAlgorithm;
    let direct = |algorithm: CrcAlgorithm| move |d: &[u8]| crc_fast::checksum(algorithm, d) as u128;
    for (name, variant, algorithm) in [
        (
            "CRC32",
            Algorithm::Crc32(Crc32Variant::IsoHdlc),
            CrcAlgorithm::Crc32IsoHdlc,
        ),
        (
            "CRC32C",
            Algorithm::Crc32(Crc32Variant::Iscsi),
            CrcAlgorithm::Crc32Iscsi,
        ),
        (
            "CRC64",
            Algorithm::Crc64(Crc64Variant::Ecma182),
            CrcAlgorithm::Crc64Ecma182,
        ),
        (
            "CRC64NVME",
            Algorithm::Crc64(Crc64Variant::Nvme),
            CrcAlgorithm::Crc64Nvme,
        ),
        (
            "CRC64XZ",
            Algorithm::Crc64(Crc64Variant::Xz),
            CrcAlgorithm::Crc64Xz,
        ),
    ] {
        let ours = move |d: &[u8]| match variant {
            Algorithm::Crc32(v) => v.checksum(d) as u128,
            Algorithm::Crc64(v) => v.checksum(d) as u128,
            _ => unreachable!(),
        };
        let crc_fast = direct(algorithm);
        let mut impls: Vec<Impl<'_>> = vec![("iohash", &ours), ("crc-fast", &crc_fast)];
        let crc32fast = |d: &[u8]| crc32fast::hash(d) as u128;
        if name == "CRC32" {
            impls.push(("crc32fast", &crc32fast));
        }
        group(c, &format!("{name}/oneshot"), &CRC_SIZES, &impls);
    }
    group(
        c,
        "CRC32/streaming",
        &CRC_SIZES[3..],
        &[
            ("iohash", &|d| streamed(Crc32::new, d).into()),
            ("crc32fast", &|d| {
                let mut h = crc32fast::Hasher::new();
                d.chunks(CHUNK).for_each(|c| h.update(c));
                h.finalize().into()
            }),
        ],
    );
}

/// The short-input lengths the C reference treats differently (each side of every path
/// boundary), plus 0.
const SHORT_LENS: [usize; 9] = [0, 3, 8, 16, 17, 64, 128, 129, 240];

/// XXH3-64 and XXH3-128 one-shot on short inputs, where a call and a branch cost as much as
/// the hashing: each implementation called directly, not through `dyn`, so that it is inlined
/// into the loop as it would be in a user's code.
fn xxh3_short(c: &mut Criterion) {
    fn bench<T>(
        group: &mut BenchmarkGroup<'_, WallTime>,
        name: &str,
        data: &[u8],
        f: impl Fn(&[u8]) -> T,
    ) {
        let id = BenchmarkId::new(name, format!("{}B", data.len()));
        group.bench_with_input(id, data, |b, data| b.iter(|| f(black_box(data))));
    }
    for len in SHORT_LENS {
        let buf = input(len);
        let data = &buf[1..];
        let mut group = c.benchmark_group("throughput/XXH3/oneshot-short");
        group.throughput(Throughput::Bytes(len as u64));
        bench(&mut group, "iohash", data, iohash::XxHash3::hash);
        bench(&mut group, "xxhash-rust", data, xxhash_rust::xxh3::xxh3_64);
        bench(
            &mut group,
            "twox-hash",
            data,
            twox_hash::XxHash3_64::oneshot,
        );
        group.finish();
        if [0, 8, 16, 17, 64].contains(&len) {
            let mut group = c.benchmark_group("throughput/XXH3/short-branch");
            group.throughput(Throughput::Bytes(len as u64));
            bench(&mut group, "two tests", data, iohash::XxHash3::hash);
            bench(&mut group, "one test", data, |d| {
                iohash::__xxh3_backends::hash64_one_test(d, 0)
            });
            group.finish();
        }
        let mut group = c.benchmark_group("throughput/XXH128/oneshot-short");
        group.throughput(Throughput::Bytes(len as u64));
        bench(&mut group, "iohash", data, iohash::XxHash128::hash);
        bench(&mut group, "xxhash-rust", data, xxhash_rust::xxh3::xxh3_128);
        bench(
            &mut group,
            "twox-hash",
            data,
            twox_hash::XxHash3_128::oneshot,
        );
        group.finish();
    }
}

/// XXH3-64 one-shot on each backend this CPU has (scalar, SSE2, AVX2), in one build.
fn xxh3_backends(c: &mut Criterion) {
    for &(len, label) in &SIZES[3..5] {
        let buf = input(len);
        let data = &buf[1..];
        let mut group = c.benchmark_group("throughput/XXH3-backends/oneshot");
        group.throughput(Throughput::Bytes(len as u64));
        for backend in iohash::__xxh3_backends::available() {
            group.bench_with_input(BenchmarkId::new(backend, label), data, |b, data| {
                b.iter(|| iohash::__xxh3_backends::hash64(backend, black_box(data), 0))
            });
        }
        group.bench_with_input(BenchmarkId::new("twox-hash", label), data, |b, data| {
            b.iter(|| twox_hash::XxHash3_64::oneshot(black_box(data)))
        });
        group.finish();
    }
}

/// 1 MiB appended in small pieces: the per-call cost of `append` in each implementation.
fn small_chunks(c: &mut Criterion) {
    let buf = input(1 << 20);
    let data = &buf[1..];
    for chunk in [1usize, 7, 64, 256, 4096] {
        let mut group = c.benchmark_group(format!("small_chunks/XXH3/{chunk}B"));
        group.throughput(Throughput::Bytes(data.len() as u64));
        group.sample_size(10);
        group.bench_function("iohash", |b| {
            b.iter(|| {
                let mut h = iohash::XxHash3::new();
                data.chunks(chunk).for_each(|c| h.append(c));
                h.current_hash()
            })
        });
        group.bench_function("xxhash-rust", |b| {
            b.iter(|| {
                let mut h = xxhash_rust::xxh3::Xxh3::new();
                data.chunks(chunk).for_each(|c| h.update(c));
                h.digest()
            })
        });
        group.bench_function("twox-hash", |b| {
            b.iter(|| {
                let mut h = twox_hash::XxHash3_64::new();
                data.chunks(chunk).for_each(|c| h.write(c));
                h.finish()
            })
        });
        group.finish();
    }
}

criterion_group!(
    benches,
    xxh3,
    xxh3_short,
    xxh3_backends,
    xxh128,
    xxh64,
    xxh32,
    crc,
    small_chunks
);
criterion_main!(benches);
