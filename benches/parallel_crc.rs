//! One 1 GiB file in the page cache, CRC-64/ECMA-182 and CRC-32C: one thread
//! (`append_file_parallel(path, 1)`) against `hash_file_parallel` with 2 threads (ranges,
//! combined) and `hash_file` (read ahead on every CPU), side by side in one run. The file is
//! written (and so cached) first; `/tmp` must have room for it.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iohash::{
    hash_file, hash_file_parallel, Crc32, Crc32Variant, Crc64, HasherExt, NonCryptographicHasher,
};

const FILE_LEN: usize = 1 << 30;

fn parallel_crc(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.bin");
    let data: Vec<u8> = (0..FILE_LEN).map(|i| (i * 31 % 251) as u8).collect();
    std::fs::write(&path, &data).unwrap();
    drop(data);

    let mut group = c.benchmark_group("parallel_crc/file_1GiB");
    group.throughput(Throughput::Bytes(FILE_LEN as u64));
    group.sample_size(10);
    group.bench_function("crc64_one_thread", |b| {
        b.iter(|| {
            let mut crc = Crc64::new();
            crc.append_file_parallel(&path, 1).unwrap();
            black_box(crc.current_hash())
        })
    });
    group.bench_function("crc64_read_ahead", |b| {
        b.iter(|| black_box(hash_file::<Crc64>(&path).unwrap()))
    });
    group.bench_function("crc64_parallel_2", |b| {
        b.iter(|| {
            black_box(
                hash_file_parallel(&path, 2, Crc64::new)
                    .unwrap()
                    .current_hash(),
            )
        })
    });
    group.bench_function("crc32c_one_thread", |b| {
        b.iter(|| {
            let mut crc = Crc32::with_variant(Crc32Variant::Iscsi);
            crc.append_file_parallel(&path, 1).unwrap();
            black_box(crc.current_hash())
        })
    });
    group.bench_function("crc32c_read_ahead", |b| {
        b.iter(|| {
            let mut crc = Crc32::with_variant(Crc32Variant::Iscsi);
            crc.append_file(&path).unwrap();
            black_box(crc.current_hash())
        })
    });
    group.bench_function("crc32c_parallel_2", |b| {
        b.iter(|| {
            let crc32c = || Crc32::with_variant(Crc32Variant::Iscsi);
            let crc = hash_file_parallel(&path, 2, crc32c).unwrap();
            black_box(crc.current_hash())
        })
    });
    group.finish();
}

criterion_group!(benches, parallel_crc);
criterion_main!(benches);
