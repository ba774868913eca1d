//! In-memory payloads (`bytes::Buf`, with the `bytes` feature), the reader paths, the tee
//! adapters and file hashing: every path equals the one-shot hash, and none allocates anything
//! the size of the payload, the in-memory reader paths nothing at all (counted by a global
//! allocator that counts this thread's allocations only, since tests run in parallel).
#![cfg(feature = "std")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
#[cfg(feature = "bytes")]
use std::collections::VecDeque;
use std::fs;
use std::io::{self, BufRead, BufReader, Cursor, Read, Write};
use std::ops::ControlFlow;

#[cfg(feature = "bytes")]
use bytes::{Buf, Bytes, BytesMut};
use iohash::prelude::*;
use iohash::{
    hash_file, hash_files, DynHasher, FileRead, HashingReader, HashingWriter,
    NonCryptographicHasher, XxHash3, LARGE_READ_LEN,
};

struct CountingAllocator;

thread_local! {
    static ALLOCATED: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards every call to the system allocator unchanged; the counter is a
// const-initialized thread-local `Cell`, which does not allocate.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATED.try_with(|a| a.set(a.get() + layout.size() as u64));
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout, via `alloc` above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATED.try_with(|a| a.set(a.get() + new_size as u64));
        // SAFETY: the caller's contract for `realloc` is passed on as is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Bytes this thread allocates while `f` runs.
fn allocated_by<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCATED.with(Cell::get);
    let value = f();
    (value, ALLOCATED.with(Cell::get) - before)
}

/// Empty, below and above the buffer sizes, at and past .NET's 80 KiB chunk.
const SIZES: [usize; 8] = [0, 1, 100, 4096, 5000, 81_920, 81_921, 300_000];

fn payload(len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 7) as u8)
        .collect()
}

/// The most any single call below may allocate, whatever the payload's size.
const SMALL: u64 = 256;

#[cfg(feature = "bytes")]
#[test]
fn append_buf_hashes_chains_and_bytes_mut_in_place() {
    for len in SIZES {
        let data = payload(len);
        let expected = XxHash3::hash(&data);
        let (a, b) = (
            Bytes::copy_from_slice(&data[..len / 3]),
            Bytes::copy_from_slice(&data[len / 3..]),
        );
        let chain = a.clone().chain(b.clone());
        let mut hasher = XxHash3::new();
        let ((), bytes) = allocated_by(|| hasher.append_buf(chain));
        assert_eq!(hasher.current_hash(), expected, "chain, len {len}");
        assert!(bytes <= SMALL, "chain, len {len}: {bytes} bytes allocated");
        assert_eq!(
            (&a[..], &b[..]),
            (&data[..len / 3], &data[len / 3..]),
            "the source changed"
        );

        let mut mutable = BytesMut::from(&data[..]);
        let mut hasher = XxHash3::new();
        hasher.append_buf(&mut mutable);
        assert_eq!(hasher.current_hash(), expected, "BytesMut, len {len}");
        assert!(mutable.is_empty(), "a &mut Buf is advanced");

        // A slice from the middle of a larger buffer, and a VecDeque that wraps around.
        let mut larger = vec![0xAAu8; 17];
        larger.extend_from_slice(&data);
        larger.extend_from_slice(&[0x55; 9]);
        let middle = Bytes::from(larger).slice(17..17 + len);
        let mut hasher = XxHash3::new();
        let ((), bytes) = allocated_by(|| hasher.append_buf(middle.clone()));
        assert_eq!(hasher.current_hash(), expected, "slice, len {len}");
        assert!(bytes <= SMALL);
        assert_eq!(middle, data);

        let mut deque: VecDeque<u8> = VecDeque::with_capacity(len + 8);
        deque.extend([0u8; 8]);
        deque.extend(&data[..len / 2]);
        deque.drain(..8);
        deque.extend(&data[len / 2..]);
        let mut hasher = XxHash3::new();
        hasher.append_buf(&mut deque);
        assert_eq!(hasher.current_hash(), expected, "VecDeque, len {len}");
    }
}

#[test]
fn no_path_allocates_with_the_payload() {
    for len in SIZES {
        let data = payload(len);
        let expected = XxHash3::hash(&data);

        // The in-memory reader paths allocate nothing at all, on every kind of hasher.
        let mut concrete = XxHash3::new();
        let mut any = iohash::Algorithm::Xxh3.hasher(0);
        let mut boxed: Box<dyn DynHasher + Send> = Box::new(XxHash3::new());
        let hashers: [&mut dyn DynHasher; 3] = [&mut concrete, &mut any, &mut *boxed];
        for hasher in hashers {
            let (_, bytes) = allocated_by(|| hasher.append_from_reader(&mut &data[..]).unwrap());
            assert_eq!(bytes, 0, "slice {len}");
            let mut cursor = Cursor::new(&data);
            let (_, bytes) = allocated_by(|| hasher.append_from_buf_reader(&mut cursor).unwrap());
            assert_eq!(bytes, 0, "cursor {len}");
            let (_, bytes) =
                allocated_by(|| hasher.append_from_reader(&mut Cursor::new(&data)).unwrap());
            assert_eq!(bytes, 0, "Read cursor {len}");
            let mut reader = BufReader::new(&data[..]);
            reader.fill_buf().unwrap();
            let (_, bytes) = allocated_by(|| hasher.append_from_buf_reader(&mut reader).unwrap());
            assert_eq!(bytes, 0, "BufReader {len}");
            let mut hash = [0; 8];
            hasher.current_hash_into(&mut hash);
            let four_times = XxHash3::hash(&data.repeat(4)).to_be_bytes();
            assert_eq!(hash, four_times, "{len}");
        }

        let mut reader = HashingReader::new(&data[..], XxHash3::new());
        let (_, bytes) = allocated_by(|| io::copy(&mut reader, &mut io::sink()).unwrap());
        assert_eq!(
            (reader.hasher().current_hash(), bytes <= SMALL),
            (expected, true),
            "HashingReader {len}"
        );

        let mut writer = HashingWriter::new(io::sink(), XxHash3::new());
        let (_, bytes) = allocated_by(|| writer.write_all(&data).unwrap());
        assert_eq!(
            (writer.hasher().current_hash(), bytes <= SMALL),
            (expected, true),
            "HashingWriter {len}"
        );
    }
}

#[test]
fn hashing_reader_hashes_what_is_read_or_consumed() {
    for len in SIZES {
        let data = payload(len);
        let expected = XxHash3::hash(&data);
        let mut reader = HashingReader::new(Cursor::new(&data), XxHash3::new());
        assert_eq!(io::copy(&mut reader, &mut io::sink()).unwrap(), len as u64);
        let (_, hasher) = reader.into_inner();
        assert_eq!(hasher.current_hash(), expected, "Read, len {len}");

        // BufRead: consume in odd amounts; a small BufReader inside.
        let mut reader =
            HashingReader::new(BufReader::with_capacity(333, &data[..]), XxHash3::new());
        let mut seen = Vec::new();
        loop {
            let buf = reader.fill_buf().unwrap();
            if buf.is_empty() {
                break;
            }
            let take = buf.len().min(1 + seen.len() % 97);
            seen.extend_from_slice(&buf[..take]);
            reader.consume(take);
        }
        assert_eq!(seen, data);
        assert_eq!(
            reader.hasher().current_hash(),
            expected,
            "BufRead, len {len}"
        );

        let mut reader = HashingReader::new(&data[..], XxHash3::new());
        let mut lines = Vec::new();
        reader.read_to_end(&mut lines).unwrap();
        assert_eq!(reader.hasher().current_hash(), expected);
    }
}

/// Accepts at most `max` bytes a write, and fails after `fail_after` bytes in all.
struct Stingy {
    taken: Vec<u8>,
    max: usize,
    fail_after: usize,
}

impl Write for Stingy {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.taken.len() >= self.fail_after {
            return Err(io::Error::other("disk full"));
        }
        let n = buf
            .len()
            .min(self.max)
            .min(self.fail_after - self.taken.len());
        self.taken.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn hashing_writer_hashes_exactly_what_was_accepted() {
    let dir = tempfile::tempdir().unwrap();
    for len in SIZES {
        let data = payload(len);
        // A file, created and then appended to twice.
        let path = dir.path().join(format!("out-{len}"));
        let mut writer = HashingWriter::new(fs::File::create(&path).unwrap(), XxHash3::new());
        writer.write_all(&data[..len / 2]).unwrap();
        let (file, hasher) = writer.into_inner();
        drop(file);
        let mut writer = HashingWriter::new(
            fs::OpenOptions::new().append(true).open(&path).unwrap(),
            hasher,
        );
        writer.write_all(&data[len / 2..len * 3 / 4]).unwrap();
        writer.write_all(&data[len * 3 / 4..]).unwrap();
        writer.flush().unwrap();
        let (_, hasher) = writer.into_inner();
        assert_eq!(
            hasher.current_hash(),
            hash_file::<XxHash3>(&path).unwrap(),
            "file, len {len}"
        );

        // Short writes, vectored writes.
        let mut writer = HashingWriter::new(
            Stingy {
                taken: Vec::new(),
                max: 1000,
                fail_after: usize::MAX,
            },
            XxHash3::new(),
        );
        let n = writer.write(&data).unwrap();
        assert_eq!(n, len.min(1000));
        assert_eq!(
            writer.hasher().current_hash(),
            XxHash3::hash(&data[..n]),
            "short write"
        );
        writer.write_all(&data[n..]).unwrap();
        let slices: Vec<io::IoSlice<'_>> = data.chunks(700).map(io::IoSlice::new).collect();
        let n2 = writer.write_vectored(&slices).unwrap();
        let (stingy, hasher) = writer.into_inner();
        let mut expected = data.clone();
        expected.extend_from_slice(&data[..n2]);
        assert_eq!(stingy.taken, expected);
        assert_eq!(
            hasher.current_hash(),
            XxHash3::hash(&expected),
            "vectored, len {len}"
        );

        // A writer that fails: the error comes back, the hash covers what it accepted.
        let mut writer = HashingWriter::new(
            Stingy {
                taken: Vec::new(),
                max: 999,
                fail_after: len / 2,
            },
            XxHash3::new(),
        );
        let result = writer.write_all(&data);
        let (stingy, hasher) = writer.into_inner();
        if len / 2 < len {
            assert_eq!(result.unwrap_err().to_string(), "disk full");
        }
        assert_eq!(stingy.taken, &data[..len / 2]);
        assert_eq!(hasher.current_hash(), XxHash3::hash(&data[..len / 2]));
    }
}

#[test]
fn hash_file_at_every_threshold_and_on_bad_paths() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    let mut sizes: Vec<usize> = SIZES.to_vec();
    sizes.extend([
        LARGE_READ_LEN - 1,
        LARGE_READ_LEN,
        LARGE_READ_LEN + 1,
        8 * LARGE_READ_LEN + 3,
    ]);
    for len in &sizes {
        let path = dir.path().join(format!("f{len}"));
        fs::write(&path, payload(*len)).unwrap();
        assert_eq!(
            hash_file::<XxHash3>(&path).unwrap(),
            XxHash3::hash(&payload(*len)),
            "len {len}"
        );
        paths.push(path);
    }
    let missing = dir.path().join("missing");
    let err = hash_file::<XxHash3>(&missing).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::NotFound);
    let err = hash_file::<XxHash3>(dir.path().join("no-dir/file")).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::NotFound);
    assert_eq!(
        hash_file::<XxHash3>(dir.path()).unwrap_err().kind(),
        io::ErrorKind::IsADirectory
    );

    // hash_files: input order, one error per failing file, the rest hashed.
    paths.insert(3, missing);
    paths.insert(5, dir.path().to_path_buf());
    let mut results = Vec::new();
    hash_files(
        &paths,
        0,
        &mut (),
        |path, mut job| {
            let mut hasher = XxHash3::new();
            job.read(FileRead::path(path)).append_to(&mut hasher)?;
            Ok::<_, io::Error>(hasher.current_hash())
        },
        |path, result| {
            results.push((path.clone(), result));
            ControlFlow::Continue(())
        },
    )
    .unwrap();
    assert_eq!(results.len(), paths.len());
    for (path, (given, result)) in paths.iter().zip(&results) {
        assert_eq!(given, path, "not in input order");
        match fs::metadata(path) {
            Ok(m) if m.is_file() => assert_eq!(
                *result.as_ref().unwrap(),
                XxHash3::hash(&fs::read(path).unwrap())
            ),
            _ => assert!(result.is_err(), "{}", path.display()),
        }
    }
    // `Break` from `done` ends the run there.
    let mut handed_back = 0;
    hash_files(
        &paths,
        2,
        &mut (),
        |path, mut job| {
            job.read(FileRead::path(path))
                .append_to(&mut XxHash3::new())
        },
        |_, _| {
            handed_back += 1;
            match handed_back {
                2 => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            }
        },
    )
    .unwrap();
    assert_eq!(handed_back, 2);
}

#[test]
fn hash_file_streams_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let data = payload(300_000);
    let writer = std::thread::spawn({
        let (fifo, data) = (fifo.clone(), data.clone());
        move || fs::write(fifo, data).unwrap()
    });
    assert_eq!(hash_file::<XxHash3>(&fifo).unwrap(), XxHash3::hash(&data));
    writer.join().unwrap();
}

#[test]
fn a_file_truncated_while_hashed_is_an_error_or_the_hash_of_what_was_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sparse");
    fs::File::create(&path).unwrap().set_len(8 << 30).unwrap();
    let truncate = std::thread::spawn({
        let path = path.clone();
        move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .unwrap()
                .set_len(4096)
                .unwrap();
        }
    });
    let result = hash_file::<XxHash3>(&path);
    truncate.join().unwrap();
    match result {
        Err(e) => assert!(
            e.to_string().contains("changed while it was being hashed"),
            "{e}"
        ),
        // Finished before the truncation: then it is the hash of 8 GiB of zeros.
        Ok(hash) => assert_ne!(hash, XxHash3::hash(&[0; 4096])),
    }
}

#[test]
fn a_custom_secret_of_up_to_256_bytes_is_kept_without_allocating() {
    let secret: Vec<u8> = (0..300u32).map(|i| (i * 131 % 251) as u8).collect();
    let data = payload(300_000);
    for len in [136, 192, 256] {
        let (hashes, bytes) = allocated_by(|| {
            let mut hasher = XxHash3::with_secret(&secret[..len]).unwrap();
            let mut hasher128 = iohash::XxHash128::with_secret(&secret[..len]).unwrap();
            for piece in data.chunks(7_000) {
                hasher.append(piece);
                hasher128.append(piece);
            }
            (hasher.current_hash(), hasher128.current_hash())
        });
        assert_eq!(bytes, 0, "a {len}-byte secret");
        assert_eq!(
            hashes,
            (
                xxhash_rust::xxh3::xxh3_64_with_secret(&data, &secret[..len]),
                xxhash_rust::xxh3::xxh3_128_with_secret(&data, &secret[..len]),
            ),
            "a {len}-byte secret"
        );
    }
    // Longer secrets are copied to the heap: the count shows the counter sees that copy.
    let (_, bytes) = allocated_by(|| XxHash3::with_secret(&secret[..257]).unwrap());
    assert!(bytes >= 257, "{bytes}");
}
