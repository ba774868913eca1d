//! Every reader path against the hand-written loop it replaces, with bytes allocated per call.
//!
//! Groups are `reader_paths/SOURCE/SIZE`; functions are `manual_4k` and `manual_8k` (the loop
//! `let n = r.read(&mut buf)?; h.append(&buf[..n])` with a 4 KiB buffer, as .NET's old
//! `Append(Stream)`, and an 8 KiB one, as `io::copy`), `io_copy` (plain `io::copy` into the
//! hasher), `append_from_reader`, `append_from_buf_reader` (for `BufRead` sources) and
//! `oneshot` (the hash of the same bytes as a slice: the floor). Sources are rebuilt outside
//! the timed region. Before timing, each path runs once under a counting allocator and the
//! bench prints `ALLOC <group>/<function> <bytes>` for `benches/report.sh`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::VecDeque;
use std::fs::File;
use std::hint::black_box;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::sync::atomic::{AtomicU64, Ordering};

use bytes::Buf;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use iohash::{prelude::*, XxHash3};

/// Counts the bytes allocated, for the per-call allocation figures.
struct CountingAllocator;

static ALLOCATED: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards every call to the system allocator unchanged; counting has no effect on it.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size() as u64, Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout, via `alloc` above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size as u64, Ordering::Relaxed);
        // SAFETY: the caller's contract for `realloc` is passed on as is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

const SIZES: [(usize, &str); 3] = [(1024, "1KiB"), (1 << 20, "1MiB"), (16 << 20, "16MiB")];

fn manual<R: Read + ?Sized, const N: usize>(reader: &mut R) -> io::Result<u64> {
    let mut hasher = XxHash3::new();
    let mut buf = [0u8; N];
    loop {
        let n = reader.read(&mut buf)?;
        if n == 0 {
            return Ok(hasher.current_hash());
        }
        hasher.append(&buf[..n]);
    }
}

fn io_copy<R: Read + ?Sized>(reader: &mut R) -> io::Result<u64> {
    let mut hasher = XxHash3::new();
    io::copy(reader, &mut hasher)?;
    Ok(hasher.current_hash())
}

fn from_reader<R: Read + ?Sized>(reader: &mut R) -> io::Result<u64> {
    let mut hasher = XxHash3::new();
    hasher.append_from_reader(reader)?;
    Ok(hasher.current_hash())
}

fn from_buf_reader<R: BufRead + ?Sized>(reader: &mut R) -> io::Result<u64> {
    let mut hasher = XxHash3::new();
    hasher.append_from_buf_reader(reader)?;
    Ok(hasher.current_hash())
}

/// The design `append_from_reader` did not take (each CPU's record, as
/// benches/results/intel-xeon-model-207.md, "Which `append_from_reader`"): `io::copy` into a
/// 64 KiB `BufWriter` made per call, which reads files in 64 KiB but allocates its buffer every
/// time and copies slices under 64 KiB into it.
fn bufwriter_64k<R: Read + ?Sized>(reader: &mut R) -> io::Result<u64> {
    let mut hasher = XxHash3::new();
    let mut writer = io::BufWriter::with_capacity(64 * 1024, &mut hasher);
    io::copy(reader, &mut writer)?;
    io::Write::flush(&mut writer)?;
    drop(writer);
    Ok(hasher.current_hash())
}

/// Bytes allocated by one call of `run` on a source made by `make` (made outside the count).
fn allocated<S>(make: &impl Fn() -> S, run: impl Fn(&mut S) -> io::Result<u64>) -> u64 {
    let mut source = make();
    let before = ALLOCATED.load(Ordering::Relaxed);
    black_box(run(&mut source).unwrap());
    ALLOCATED.load(Ordering::Relaxed) - before
}

/// A path under test: its name and how it hashes a source.
type PathFn<S> = (&'static str, fn(&mut S) -> io::Result<u64>);

/// One group: every path on sources made by `make`, with their allocation figures.
fn bench_source<S, M>(
    c: &mut Criterion,
    name: &str,
    label: &str,
    data: &[u8],
    make: M,
    paths: &[PathFn<S>],
) where
    M: Fn() -> S,
{
    let group_name = format!("reader_paths/{name}/{label}");
    let mut group = c.benchmark_group(&group_name);
    group.throughput(Throughput::Bytes(data.len() as u64));
    if data.len() >= 1 << 20 {
        group.sample_size(10);
    }
    let expected = XxHash3::hash(data);
    for &(path, run) in paths {
        assert_eq!(run(&mut make()).unwrap(), expected, "{group_name}/{path}");
        println!("ALLOC {group_name}/{path} {}", allocated(&make, run));
        group.bench_function(path, |b| {
            b.iter_batched_ref(
                &make,
                |source| black_box(run(source).unwrap()),
                BatchSize::LargeInput,
            )
        });
    }
    println!("ALLOC {group_name}/oneshot 0");
    group.bench_function("oneshot", |b| b.iter(|| XxHash3::hash(black_box(data))));
    group.finish();
}

fn reader_paths(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    for (len, label) in SIZES {
        let data: Vec<u8> = (0..len)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8)
            .collect();
        let path = dir.path().join(label);
        std::fs::write(&path, &data).unwrap();
        let data = &data[..];

        bench_source(
            c,
            "slice",
            label,
            data,
            || data,
            &[
                ("manual_4k", |s| manual::<_, 4096>(s)),
                ("manual_8k", |s| manual::<_, 8192>(s)),
                ("io_copy", |s| io_copy(s)),
                ("append_from_reader", |s| from_reader(s)),
                ("bufwriter_64k", |s| bufwriter_64k(s)),
                ("append_from_buf_reader", |s| from_buf_reader(s)),
            ],
        );
        bench_source(
            c,
            "cursor_vec",
            label,
            data,
            || Cursor::new(data.to_vec()),
            &[
                ("manual_4k", |s| manual::<_, 4096>(s)),
                ("manual_8k", |s| manual::<_, 8192>(s)),
                ("io_copy", |s| io_copy(s)),
                ("append_from_reader", |s| from_reader(s)),
                ("bufwriter_64k", |s| bufwriter_64k(s)),
                ("append_from_buf_reader", |s| from_buf_reader(s)),
            ],
        );
        bench_source(
            c,
            "vec_deque",
            label,
            data,
            || VecDeque::from(data.to_vec()),
            &[
                ("manual_4k", |s| manual::<_, 4096>(s)),
                ("manual_8k", |s| manual::<_, 8192>(s)),
                ("io_copy", |s| io_copy(s)),
                ("append_from_reader", |s| from_reader(s)),
                ("append_from_buf_reader", |s| from_buf_reader(s)),
            ],
        );
        bench_source(
            c,
            "chain",
            label,
            data,
            || Read::chain(&data[..len / 2], &data[len / 2..]),
            &[
                ("manual_4k", |s| manual::<_, 4096>(s)),
                ("manual_8k", |s| manual::<_, 8192>(s)),
                ("io_copy", |s| io_copy(s)),
                ("append_from_reader", |s| from_reader(s)),
                ("append_from_buf_reader", |s| from_buf_reader(s)),
            ],
        );
        bench_source(
            c,
            "bytes",
            label,
            data,
            || bytes::Bytes::copy_from_slice(data).reader(),
            &[
                ("manual_4k", |s| manual::<_, 4096>(s)),
                ("manual_8k", |s| manual::<_, 8192>(s)),
                ("io_copy", |s| io_copy(s)),
                ("append_from_reader", |s| from_reader(s)),
                ("append_from_buf_reader", |s| from_buf_reader(s)),
            ],
        );
        let open = || File::open(&path).unwrap();
        bench_source(
            c,
            "file",
            label,
            data,
            open,
            &[
                ("manual_4k", |s| manual::<_, 4096>(s)),
                ("manual_8k", |s| manual::<_, 8192>(s)),
                ("io_copy", |s| io_copy(s)),
                ("append_from_reader", |s| from_reader(s)),
                ("bufwriter_64k", |s| bufwriter_64k(s)),
                ("append_open_file", |s| {
                    let mut hasher = XxHash3::new();
                    hasher.append_open_file(s)?;
                    Ok(hasher.current_hash())
                }),
            ],
        );
        bench_source(
            c,
            "buf_reader_file",
            label,
            data,
            || BufReader::new(open()),
            &[
                ("manual_4k", |s| manual::<_, 4096>(s)),
                ("manual_8k", |s| manual::<_, 8192>(s)),
                ("io_copy", |s| io_copy(s)),
                ("append_from_reader", |s| from_reader(s)),
                ("append_from_buf_reader", |s| from_buf_reader(s)),
            ],
        );
    }
}

criterion_group!(benches, reader_paths);
criterion_main!(benches);
