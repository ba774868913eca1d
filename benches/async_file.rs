//! A 64 MiB file in the page cache, hashed from async code: `hash_file_async` (one
//! `spawn_blocking`, std reads) against the naive `tokio::io::copy` from a `tokio::fs::File`
//! into the hasher, `copy_buf` from a 1 MiB tokio `BufReader`, and the sync path on one
//! thread, as the async one reads.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iohash::tokio::{hash_file_async, AsyncHasherExt};
use iohash::{FileRead, NonCryptographicHasher, XxHash3};
use tokio_util::sync::CancellationToken;

const FILE_LEN: usize = 64 << 20;

fn async_file(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.bin");
    let data: Vec<u8> = (0..FILE_LEN).map(|i| (i * 131 % 251) as u8).collect();
    std::fs::write(&path, &data).unwrap();
    let expected = XxHash3::hash(&data);
    drop(data);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let token = CancellationToken::new();

    let mut group = c.benchmark_group("async_file/64MiB");
    group.throughput(Throughput::Bytes(FILE_LEN as u64));
    group.sample_size(10);
    group.bench_function("hash_file_async", |b| {
        b.to_async(&runtime).iter(|| async {
            let hash = hash_file_async::<XxHash3>(&path, &token).await.unwrap();
            assert_eq!(hash, expected);
        })
    });
    group.bench_function("tokio_io_copy", |b| {
        b.to_async(&runtime).iter(|| async {
            let mut file = tokio::fs::File::open(&path).await.unwrap();
            let mut hasher = XxHash3::new();
            tokio::io::copy(&mut file, &mut hasher).await.unwrap();
            assert_eq!(hasher.current_hash(), expected);
        })
    });
    group.bench_function("copy_buf_1MiB", |b| {
        b.to_async(&runtime).iter(|| async {
            let file = tokio::fs::File::open(&path).await.unwrap();
            let mut reader = tokio::io::BufReader::with_capacity(1 << 20, file);
            let mut hasher = XxHash3::new();
            hasher
                .append_from_async_buf_reader(&mut reader)
                .await
                .unwrap();
            assert_eq!(hasher.current_hash(), expected);
        })
    });
    group.bench_function("sync_one_thread", |b| {
        b.iter(|| {
            let mut hasher = XxHash3::new();
            FileRead::path(&path)
                .threads(1)
                .append_to(&mut hasher)
                .unwrap();
            black_box(hasher.current_hash())
        })
    });
    group.finish();
}

criterion_group!(benches, async_file);
criterion_main!(benches);
