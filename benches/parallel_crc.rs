//! One 1 GiB file in the page cache, CRC-64/ECMA-182 and CRC-32C: read on one thread
//! (`FileRead::threads(1)`) against read on 2 threads and hashed in order
//! (`FileRead::threads(2)`, the ring) and against 2 ranges, each read and hashed on a thread of
//! its own (`FileRead::range`) and the CRCs combined, side by side in one run. The file is
//! written (and so cached) first; `/tmp` must have room for it.
//!
//! The function names are the ones `report.py` reads: `_one_thread`, `_read_ahead` (2 threads,
//! the ring) and `_parallel_2` (2 ranges, combined); `crc64_hash_file` and
//! `crc64_range_every_cpu` set a range of the one engine beside its whole file.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iohash::{Crc32, Crc32Variant, Crc64, FileRead, NonCryptographicHasher, SplittableHasher};

const FILE_LEN: usize = 1 << 30;

/// The file read on `threads` threads into a new hasher from `new`.
fn read_on_threads<H: NonCryptographicHasher>(path: &Path, threads: usize, new: fn() -> H) -> H {
    let mut hasher = new();
    FileRead::path(path)
        .threads(threads)
        .append_to(&mut hasher)
        .unwrap();
    hasher
}

/// The file as 2 ranges, each read on a thread of its own into a new hasher from `new`, the
/// second's combined into the first's.
fn two_ranges_combined<H: SplittableHasher + Send>(path: &Path, new: fn() -> H) -> H {
    let half = FILE_LEN as u64 / 2;
    let range = |offset: u64, len: Option<u64>| {
        let mut hasher = new();
        FileRead::path(path)
            .range(offset, len)
            .threads(1)
            .append_to(&mut hasher)
            .unwrap();
        hasher
    };
    let (mut head, tail) = std::thread::scope(|scope| {
        let tail = scope.spawn(|| range(half, None));
        let head = range(0, Some(half));
        (head, tail.join().unwrap())
    });
    head.combine(&tail);
    head
}

fn parallel_crc(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.bin");
    let data: Vec<u8> = (0..FILE_LEN).map(|i| (i * 31 % 251) as u8).collect();
    std::fs::write(&path, &data).unwrap();
    drop(data);
    let crc32c = || Crc32::with_variant(Crc32Variant::Iscsi);
    // The three ways agree before they are timed.
    assert_eq!(
        two_ranges_combined(&path, Crc64::new).current_hash(),
        read_on_threads(&path, 1, Crc64::new).current_hash()
    );
    assert_eq!(
        two_ranges_combined(&path, crc32c).current_hash(),
        read_on_threads(&path, 2, crc32c).current_hash()
    );

    let mut group = c.benchmark_group("parallel_crc/file_1GiB");
    group.throughput(Throughput::Bytes(FILE_LEN as u64));
    group.sample_size(10);
    group.bench_function("crc64_one_thread", |b| {
        b.iter(|| black_box(read_on_threads(&path, 1, Crc64::new).current_hash()))
    });
    group.bench_function("crc64_read_ahead", |b| {
        b.iter(|| black_box(read_on_threads(&path, 2, Crc64::new).current_hash()))
    });
    // The one engine's range against its whole file: a range reads as fast (issue 63's bar,
    // at most 1.05x).
    group.bench_function("crc64_hash_file", |b| {
        b.iter(|| black_box(iohash::hash_file::<Crc64>(&path).unwrap()))
    });
    group.bench_function("crc64_range_every_cpu", |b| {
        b.iter(|| {
            let mut crc = Crc64::new();
            FileRead::path(&path)
                .range(1, Some(FILE_LEN as u64 - 2))
                .append_to(&mut crc)
                .unwrap();
            black_box(crc.current_hash())
        })
    });
    group.bench_function("crc64_parallel_2", |b| {
        b.iter(|| black_box(two_ranges_combined(&path, Crc64::new).current_hash()))
    });
    group.bench_function("crc32c_one_thread", |b| {
        b.iter(|| black_box(read_on_threads(&path, 1, crc32c).current_hash()))
    });
    group.bench_function("crc32c_read_ahead", |b| {
        b.iter(|| black_box(read_on_threads(&path, 2, crc32c).current_hash()))
    });
    group.bench_function("crc32c_parallel_2", |b| {
        b.iter(|| black_box(two_ranges_combined(&path, crc32c).current_hash()))
    });
    group.finish();
}

criterion_group!(benches, parallel_crc);
criterion_main!(benches);
