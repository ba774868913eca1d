//! Every way of getting bytes from a reader into a hasher gives the one-shot hash, and makes the
//! writes it promises (counted by a hasher that records each `append`), on concrete hashers,
//! `AnyHasher` and trait objects alike.
#![cfg(feature = "std")]

mod common;

use std::collections::VecDeque;
use std::io::{self, BufReader, Cursor, ErrorKind, Read, Write};

use common::Rng;
use iohash::{prelude::*, XxHash3, LARGE_READ_LEN};

/// XXH3 that records the length of every `append` (or `write`) it is given.
#[derive(Clone, Default)]
struct CountingHasher {
    inner: XxHash3,
    writes: Vec<usize>,
}

impl DynHasher for CountingHasher {
    fn append(&mut self, data: &[u8]) {
        self.writes.push(data.len());
        self.inner.append(data);
    }
    fn reset(&mut self) {
        self.inner.reset();
        self.writes.clear();
    }
    fn hash_len(&self) -> usize {
        8
    }
    fn current_hash_into(&self, out: &mut [u8]) -> usize {
        self.inner.current_hash_into(out)
    }
    fn name(&self) -> &'static str {
        "XXH3"
    }
    fn box_clone(&self) -> Box<dyn DynHasher + Send> {
        Box::new(self.clone())
    }
}

impl Write for CountingHasher {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.append(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl NonCryptographicHasher for CountingHasher {
    type Output = u64;
    type Bytes = [u8; 8];
    fn current_hash(&self) -> u64 {
        self.inner.current_hash()
    }
    fn current_hash_bytes(&self) -> [u8; 8] {
        self.inner.current_hash_bytes()
    }
    fn hash(data: &[u8]) -> u64 {
        XxHash3::hash(data)
    }
    fn save_state(&self) -> iohash::SavedState {
        self.inner.save_state()
    }
    fn restore_state(bytes: &[u8]) -> Result<Self, iohash::StateError> {
        Ok(CountingHasher {
            inner: XxHash3::restore_state(bytes)?,
            writes: Vec::new(),
        })
    }
}

fn payload(len: usize) -> Vec<u8> {
    Rng(len as u64).bytes(len)
}

/// Hashes `reader` with `append_from_reader`, checks length and hash, returns the writes.
fn through_reader<R: Read + ?Sized>(reader: &mut R, expected: &[u8]) -> Vec<usize> {
    let mut hasher = CountingHasher::default();
    let n = hasher.append_from_reader(reader).unwrap();
    assert_eq!(n, expected.len() as u64);
    assert_eq!(
        hasher.current_hash(),
        XxHash3::hash(expected),
        "len {}",
        expected.len()
    );
    hasher.writes
}

#[test]
fn a_slice_is_one_write() {
    for len in [1, 1000, LARGE_READ_LEN, (1 << 20) + 1] {
        let data = payload(len);
        assert_eq!(through_reader(&mut &data[..], &data), [len]);
    }
    assert_eq!(through_reader(&mut &[][..], &[]).iter().sum::<usize>(), 0);
}

#[test]
fn a_vec_deque_is_at_most_two_writes() {
    for len in [0, 5000, 3 * LARGE_READ_LEN] {
        let data = payload(len);
        let mut deque: VecDeque<u8> = VecDeque::with_capacity(len + 100);
        deque.extend(&[0u8; 100]); // make the contents wrap around the ring buffer
        deque.extend(&data[..len / 2]);
        deque.drain(..100);
        deque.extend(&data[len / 2..]);
        assert!(through_reader(&mut deque, &data).len() <= 2);
        assert!(deque.is_empty(), "the deque was not drained");
    }
}

#[test]
fn a_cursor_and_a_buf_reader_give_their_buffer_straight_through() {
    let data = payload(300_000);
    let mut hasher = CountingHasher::default();
    hasher
        .append_from_buf_reader(&mut Cursor::new(data.clone()))
        .unwrap();
    assert_eq!(hasher.writes, [data.len()]);
    assert_eq!(hasher.current_hash(), XxHash3::hash(&data));

    // Through io::copy, a Cursor is read like any reader: 8 KiB at a time.
    let writes = through_reader(&mut Cursor::new(data.clone()), &data);
    assert_eq!(writes.len(), data.len().div_ceil(8192), "{writes:?}");

    for capacity in [1, 7, 8 * 1024, 1 << 20] {
        let mut hasher = CountingHasher::default();
        let mut reader = BufReader::with_capacity(capacity, &data[..]);
        hasher.append_from_buf_reader(&mut reader).unwrap();
        assert_eq!(
            hasher.current_hash(),
            XxHash3::hash(&data),
            "capacity {capacity}"
        );
        assert!(hasher.writes.iter().all(|&w| w <= capacity));

        let writes = through_reader(&mut BufReader::with_capacity(capacity, &data[..]), &data);
        if capacity >= 8192 {
            assert!(writes.iter().all(|&w| w <= capacity), "capacity {capacity}");
        }
    }
}

#[test]
fn a_file_is_read_in_large_reads_by_path_and_8_kib_ones_by_io_copy() {
    let dir = tempfile::tempdir().unwrap();
    for len in [0, 1, 8191, 8192, 8193, (1 << 20) + 1] {
        let data = payload(len);
        let path = dir.path().join(format!("{len}.bin"));
        std::fs::write(&path, &data).unwrap();
        let mut hasher = CountingHasher::default();
        assert_eq!(hasher.append_file(&path).unwrap(), len as u64);
        assert_eq!(hasher.current_hash(), XxHash3::hash(&data));
        // io::copy alone would make one write per 8 KiB: 129 for 1 MiB + 1. A file shorter
        // than one large read goes through io::copy's stack buffer instead of allocating one.
        let writes = hasher.writes;
        if len < LARGE_READ_LEN {
            assert_eq!(writes.len(), len.div_ceil(8192), "{len}: {writes:?}");
        } else {
            assert!(
                writes.len() <= len / (LARGE_READ_LEN - 8192) + 1,
                "{len}: {writes:?}"
            );
        }
        assert!(writes.iter().all(|&w| w <= LARGE_READ_LEN));
        let mut hasher = CountingHasher::default();
        hasher
            .append_open_file(&std::fs::File::open(&path).unwrap())
            .unwrap();
        assert_eq!(hasher.writes, writes);

        let writes = through_reader(&mut std::fs::File::open(&path).unwrap(), &data);
        assert_eq!(writes.len(), len.div_ceil(8192), "{len}: {writes:?}");

        let mut reader = BufReader::new(std::fs::File::open(&path).unwrap());
        let mut hasher = XxHash3::new();
        assert_eq!(
            hasher.append_from_buf_reader(&mut reader).unwrap(),
            len as u64
        );
        assert_eq!(hasher.current_hash(), XxHash3::hash(&data));
    }
}

#[test]
fn chain_and_take_give_the_one_shot_hash() {
    let data = payload(100_000);
    let (a, b) = data.split_at(30_000);
    through_reader(&mut a.chain(b), &data);
    through_reader(&mut (&data[..]).take(70_000), &data[..70_000]);
    through_reader(&mut Cursor::new(&data).take(u64::MAX), &data);
}

/// Hands out its data a few bytes at a time, with an `Interrupted` before every other read.
struct Stuttering<'a> {
    data: &'a [u8],
    rng: Rng,
    interrupt: bool,
}

impl Read for Stuttering<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.interrupt = !self.interrupt;
        if self.interrupt {
            return Err(ErrorKind::Interrupted.into());
        }
        let n = buf.len().min(self.data.len()).min(1 + self.rng.below(5000));
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[test]
fn interrupted_and_short_reads_are_retried() {
    let data = payload(200_000);
    let mut reader = Stuttering {
        data: &data,
        rng: Rng(8),
        interrupt: false,
    };
    through_reader(&mut reader, &data);
    let mut reader = BufReader::with_capacity(
        1000,
        Stuttering {
            data: &data,
            rng: Rng(9),
            interrupt: false,
        },
    );
    let mut hasher = XxHash3::new();
    hasher.append_from_buf_reader(&mut reader).unwrap();
    assert_eq!(hasher.current_hash(), XxHash3::hash(&data));
}

/// Yields `good` bytes, then fails.
struct FailsMidway<'a> {
    good: &'a [u8],
}

impl Read for FailsMidway<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.good.is_empty() {
            return Err(io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.good.len());
        buf[..n].copy_from_slice(&self.good[..n]);
        self.good = &self.good[n..];
        Ok(n)
    }
}

#[test]
fn a_failing_reader_returns_its_error_and_the_hash_covers_what_was_read() {
    let data = payload(50_000);
    let mut hasher = XxHash3::new();
    let err = hasher
        .append_from_reader(&mut FailsMidway { good: &data })
        .unwrap_err();
    assert_eq!(err.to_string(), "disk on fire");
    assert_eq!(hasher.current_hash(), XxHash3::hash(&data));

    let mut hasher = XxHash3::new();
    let mut reader = BufReader::new(FailsMidway { good: &data });
    let err = hasher.append_from_buf_reader(&mut reader).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Other);
    assert_eq!(hasher.current_hash(), XxHash3::hash(&data));
}

#[test]
fn write_vectored_hashes_every_slice_in_order() {
    let data = payload(10_000);
    let slices: Vec<io::IoSlice<'_>> = data.chunks(777).map(io::IoSlice::new).collect();
    let mut hasher = XxHash3::new();
    assert_eq!(hasher.write_vectored(&slices).unwrap(), data.len());
    assert_eq!(hasher.current_hash(), XxHash3::hash(&data));
    hasher.flush().unwrap();
    assert_eq!(hasher.write(b"").unwrap(), 0);
}

#[test]
fn calls_keep_nothing_between_them_and_nest() {
    let a = payload(200_000);
    let b = payload(70_000);
    for _ in 0..3 {
        let mut x = XxHash3::new();
        x.append(b"prefix");
        x.append_from_reader(&mut Cursor::new(&a)).unwrap();
        let mut y = iohash::XxHash64::with_seed(9);
        y.append_from_reader(&mut Cursor::new(&b)).unwrap();
        x.append_from_reader(&mut &b[..]).unwrap();
        let mut expected = b"prefix".to_vec();
        expected.extend_from_slice(&a);
        expected.extend_from_slice(&b);
        assert_eq!(x.current_hash(), XxHash3::hash(&expected));
        assert_eq!(y.current_hash(), iohash::XxHash64::hash_with_seed(&b, 9));
    }
}

/// Generic code over any hasher and any reader, with no bound but the trait's.
fn hash_reader<H: NonCryptographicHasher>(hasher: &mut H, reader: &mut impl Read) -> H::Output {
    hasher.append_from_reader(reader).unwrap();
    hasher.current_hash()
}

#[test]
fn generic_code_and_trait_objects_take_every_reader_path() {
    let data = payload(100_000);
    let secret = payload(150);
    // A hasher that borrows (a secret from a local) works in generic code.
    let mut keyed = XxHash3::with_secret(&secret).unwrap();
    assert_eq!(
        hash_reader(&mut keyed, &mut &data[..]),
        xxhash_rust::xxh3::xxh3_64_with_secret(&data, &secret)
    );
    let expected = XxHash3::hash(&data).to_be_bytes();
    let mut boxed: Box<dyn DynHasher + Send> = Box::new(XxHash3::new());
    let mut any = iohash::Algorithm::Xxh3.hasher(0);
    let mut plain = XxHash3::new();
    let dyn_ref: &mut dyn DynHasher = &mut plain;
    for hasher in [&mut *boxed, &mut any as &mut dyn DynHasher, dyn_ref] {
        let mut out = [0; 16];
        hasher
            .append_from_reader(&mut Cursor::new(&data[..50_000]))
            .unwrap();
        hasher
            .append_from_buf_reader(&mut BufReader::new(&data[50_000..70_000]))
            .unwrap();
        io::copy(&mut &data[70_000..], hasher).unwrap();
        let len = hasher.current_hash_into(&mut out);
        assert_eq!(&out[..len], expected, "{}", hasher.name());
    }
}

/// A reader that hashes with `append_from_reader` inside its own `read`.
struct HashesWhileRead<'a> {
    inner: Cursor<&'a [u8]>,
    reads: usize,
}

impl Read for HashesWhileRead<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reads += 1;
        let inner_data = vec![self.reads as u8; 100_000];
        let mut nested = XxHash3::new();
        nested.append_from_reader(&mut Cursor::new(&inner_data))?;
        assert_eq!(nested.current_hash(), XxHash3::hash(&inner_data));
        self.inner.read(buf)
    }
}

#[test]
fn a_reader_that_hashes_inside_read_is_fine() {
    let data = payload(300_000);
    let mut reader = HashesWhileRead {
        inner: Cursor::new(&data),
        reads: 0,
    };
    through_reader(&mut reader, &data);
    assert!(reader.reads > 1);
}

/// Yields `good` bytes, then panics.
struct PanicsMidway<'a> {
    good: &'a [u8],
}

impl Read for PanicsMidway<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        assert!(!self.good.is_empty(), "reader gave up");
        let n = buf.len().min(self.good.len()).min(10_000);
        buf[..n].copy_from_slice(&self.good[..n]);
        self.good = &self.good[n..];
        Ok(n)
    }
}

#[test]
fn a_panicking_reader_leaves_the_hasher_with_what_was_read() {
    let data = payload(150_000);
    let mut hasher = XxHash3::new();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        hasher.append_from_reader(&mut PanicsMidway { good: &data })
    }));
    assert!(caught.is_err());
    assert_eq!(hasher.current_hash(), XxHash3::hash(&data));
}
