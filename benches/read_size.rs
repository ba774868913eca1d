//! Which read size should `append_from_reader` use for a `File`? `io::copy` into a
//! `BufWriter::with_capacity(N, hasher)` reads N bytes a call; plain `io::copy` reads 8 KiB.
//! The file (64 MiB) is read once first, so it sits in the page cache.

use std::hint::black_box;
use std::io::{BufWriter, Write};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use iohash::{prelude::*, XxHash3};

const FILE_LEN: usize = 64 << 20;

fn read_size(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.bin");
    let data: Vec<u8> = (0..FILE_LEN).map(|i| (i * 31 % 251) as u8).collect();
    std::fs::write(&path, &data).unwrap();
    drop(data);

    let mut group = c.benchmark_group("read_size/file_64MiB");
    group.throughput(Throughput::Bytes(FILE_LEN as u64));
    group.sample_size(20);
    group.bench_function("io_copy_8KiB", |b| {
        b.iter(|| {
            let mut hasher = XxHash3::new();
            std::io::copy(&mut std::fs::File::open(&path).unwrap(), &mut hasher).unwrap();
            black_box(hasher.current_hash())
        })
    });
    for kib in [32, 64, 128, 256, 512, 1024, 4096] {
        group.bench_with_input(
            BenchmarkId::new("bufwriter", format!("{kib}KiB")),
            &kib,
            |b, &kib| {
                b.iter(|| {
                    let mut hasher = XxHash3::new();
                    let mut writer = BufWriter::with_capacity(kib * 1024, &mut hasher);
                    std::io::copy(&mut std::fs::File::open(&path).unwrap(), &mut writer).unwrap();
                    writer.flush().unwrap();
                    drop(writer);
                    black_box(hasher.current_hash())
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, read_size);
criterion_main!(benches);
