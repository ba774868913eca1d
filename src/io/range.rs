//! Byte ranges of a file, and splittable hashing: one file hashed as ranges on several threads,
//! the ranges' CRCs combined in order. Only CRCs split; [`SplittableHasher`] says why.
//!
//! Every range is read from the one handle opened first, with positional reads (`read_at` on
//! Unix, `seek_read` on Windows): a file replaced by a rename while it is hashed cannot give
//! some ranges from the old file and some from the new.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

use super::copy::copy_in_large_reads;
use super::file::{read_between, snapshot_of_contents};
use super::threads;
use crate::{Crc, Crc32, Crc64, DynHasher};

/// A hasher whose hash of `a ‖ b` can be made from its hashers of `a` and of `b`: the CRCs.
/// What [`hash_file_parallel`] needs.
///
/// A CRC is linear: the CRC of `a ‖ b` follows from the CRCs of `a` and `b` and the length of
/// `b`. XXH3, XXH64 and XXH32 carry state from every byte to the next through multiplications
/// and rotations, so the hash of `b` alone says nothing of what `b` does after `a`: their parts
/// cannot be hashed apart and joined, and they do not implement this trait. (For those, hash
/// the parts in order, or save and restore the state between them:
/// [`save_state`](crate::NonCryptographicHasher::save_state).)
///
/// Sealed: only iohash's CRCs implement it ([`Crc32`], [`Crc64`], and [`Crc`] of any
/// parameters).
pub trait SplittableHasher: DynHasher + Clone + sealed::Sealed {
    /// Makes `self` the hasher of its bytes followed by `next`'s. See [`Crc32::combine`].
    ///
    /// # Panics
    /// If the two compute different parameter sets.
    fn combine(&mut self, next: &Self);
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::Crc32 {}
    impl Sealed for crate::Crc64 {}
    impl Sealed for crate::Crc {}
}

impl SplittableHasher for Crc32 {
    fn combine(&mut self, next: &Self) {
        Crc32::combine(self, next);
    }
}

impl SplittableHasher for Crc64 {
    fn combine(&mut self, next: &Self) {
        Crc64::combine(self, next);
    }
}

impl SplittableHasher for Crc {
    fn combine(&mut self, next: &Self) {
        Crc::combine(self, next);
    }
}

/// Bytes read per call for one range: larger than [`LARGE_READ_LEN`](crate::LARGE_READ_LEN),
/// since two threads copying out of the page cache at once gain from fewer calls (the
/// `parallel_crc` rows of BENCHMARKS.md).
const PART_READ_LEN: usize = 256 << 10;

/// Ranges shorter than this are not split further: a thread costs more than hashing them.
pub const MIN_PART_LEN: u64 = 4 << 20;

/// Appends bytes `offset..offset + len` of the file at `path` to `sink`: what
/// [`HasherExt::append_file_range`](crate::HasherExt::append_file_range) does for a hasher.
pub(crate) fn append_file_range<W: Write + ?Sized>(
    sink: &mut W,
    path: impl AsRef<Path>,
    offset: u64,
    len: u64,
) -> io::Result<u64> {
    append_open_file_range(sink, &File::open(path)?, offset, len)
}

/// [`append_file_range`] for a file that is already open, read with positional reads.
pub(crate) fn append_open_file_range<W: Write + ?Sized>(
    sink: &mut W,
    file: &File,
    offset: u64,
    len: u64,
) -> io::Result<u64> {
    if offset.checked_add(len).is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("a range of {len} bytes from byte {offset} ends past byte 2^64 - 1"),
        ));
    }
    let before = snapshot_of_contents(file)?;
    let mut range = RangeReader::new(file, (offset, len));
    let read = copy_in_large_reads(sink, &mut range, PART_READ_LEN)?;
    // A file that shrank while it was read is a changed file, not a short one.
    before.check(file)?;
    if read < len {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            format!(
                "the file is {} bytes long, and the range ends at byte {}",
                before.len(),
                offset + len
            ),
        ));
    }
    Ok(read)
}

/// The file at `path` hashed as up to `threads` ranges in parallel (0: one per CPU), each
/// into a new hasher from `new_hasher`, and the range's hashers combined: the same hash as
/// [`hash_file`](crate::hash_file), and each range's hasher on its own for those who combine
/// them elsewhere. Ranges are at least [`MIN_PART_LEN`] bytes, so a small file takes one
/// thread.
///
/// ```
/// use iohash::{hash_file, hash_file_parallel, Crc32, Crc32Variant, Crc64};
/// use iohash::NonCryptographicHasher;
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("big");
/// std::fs::write(&path, vec![7u8; 20 << 20])?;
/// let crc = hash_file_parallel(&path, 4, Crc64::new)?;
/// assert_eq!(crc.current_hash(), hash_file::<Crc64>(&path)?);
///
/// // A parameter set other than the default.
/// let crc32c = hash_file_parallel(&path, 4, || Crc32::with_variant(Crc32Variant::Iscsi))?;
/// assert_eq!(crc32c.current_hash(), Crc32Variant::Iscsi.checksum(&vec![7u8; 20 << 20]));
/// # Ok(())
/// # }
/// ```
///
/// # Errors
/// As [`hash_open_file_parallel`].
pub fn hash_file_parallel<H, F>(
    path: impl AsRef<Path>,
    threads: usize,
    new_hasher: F,
) -> io::Result<H>
where
    H: SplittableHasher + Send,
    F: Fn() -> H + Sync,
{
    hash_open_file_parallel(&File::open(path)?, threads, new_hasher, |_| {})
}

/// [`hash_file_parallel`] for a file that is already open, telling `on_progress` the
/// number of bytes of each read as it is hashed (from every thread, in no order): what a
/// progress bar needs. The whole of a regular file is hashed, wherever the handle's position
/// is; a pipe, socket or device is read to its end on this thread.
///
/// ```
/// use iohash::{hash_open_file_parallel, Crc32, NonCryptographicHasher};
/// use std::sync::atomic::{AtomicU64, Ordering};
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("big");
/// std::fs::write(&path, vec![1u8; 9 << 20])?;
/// let done = AtomicU64::new(0);
/// let file = std::fs::File::open(&path)?;
/// let crc = hash_open_file_parallel(&file, 2, Crc32::new, |bytes| {
///     done.fetch_add(bytes, Ordering::Relaxed);
/// })?;
/// assert_eq!(crc.current_hash(), Crc32::hash(&vec![1u8; 9 << 20]));
/// assert_eq!(done.into_inner(), 9 << 20);
/// # Ok(())
/// # }
/// ```
///
/// # Errors
/// As [`HasherExt::append_file_range`](crate::HasherExt::append_file_range), for the first
/// range that failed. A thread the system refuses is no error: its range is hashed on the
/// calling thread instead.
pub fn hash_open_file_parallel<H, F, P>(
    file: &File,
    threads: usize,
    new_hasher: F,
    on_progress: P,
) -> io::Result<H>
where
    H: SplittableHasher + Send,
    F: Fn() -> H + Sync,
    P: Fn(u64) + Sync,
{
    let before = snapshot_of_contents(file)?;
    let mut ranges = if before.is_file() {
        split(before.len(), threads)
    } else {
        Vec::new()
    };
    // The last range reads on to the end of the file, past the size the file reported: a
    // pseudo-file's (`/proc`, `/sys`) is 0 or less than it holds. A regular file that grew is
    // a changed file, which the snapshot tells after the reads.
    if let Some((offset, len)) = ranges.last_mut() {
        *len = u64::MAX - *offset;
    }
    let hash_range = |range: Option<(u64, u64)>| {
        let mut hasher = new_hasher();
        let mut sink = Watched {
            hasher: &mut hasher,
            on_progress: &on_progress,
        };
        match range {
            // One of several: large reads, as two threads copying at once gain from them.
            Some(range) if ranges.len() > 1 => {
                copy_in_large_reads(&mut sink, &mut RangeReader::new(file, range), PART_READ_LEN)?
            }
            // The whole file, read and checked as on one thread (a small one without allocating).
            Some(range) => {
                read_between(&mut sink, file, &before, &mut RangeReader::new(file, range))?
            }
            // Not a regular file: read from where it stands to its end.
            None => read_between(&mut sink, file, &before, &mut &*file)?,
        };
        Ok::<H, io::Error>(hasher)
    };
    let mut parts: Vec<io::Result<H>> = match ranges.as_slice() {
        // One read of the file, which checks it against `before` itself.
        [] => return hash_range(None),
        [only] => return hash_range(Some(*only)),
        [first, rest @ ..] => std::thread::scope(|scope| {
            // A range whose thread the system refuses is hashed here, after this thread's own.
            let workers: Vec<_> = rest
                .iter()
                .map(|&range| {
                    let worker = threads::spawn(scope, move || hash_range(Some(range)));
                    (range, worker.ok())
                })
                .collect();
            let mut parts = vec![hash_range(Some(*first))];
            for (range, worker) in workers {
                parts.push(match worker {
                    Some(worker) => threads::join(worker),
                    None => hash_range(Some(range)),
                });
            }
            parts
        }),
    };
    // A file that changed, or shrank so that a range came out short, is a changed file.
    before.check(file)?;
    let mut hasher = parts.remove(0)?;
    for part in parts {
        hasher.combine(&part?);
    }
    Ok(hasher)
}

/// Appends to a hasher and tells an observer how many bytes.
struct Watched<'a, H, P> {
    hasher: &'a mut H,
    on_progress: &'a P,
}

impl<H: DynHasher, P: Fn(u64)> Write for Watched<'_, H, P> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.hasher.append(buf);
        (self.on_progress)(buf.len() as u64);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Bytes `offset..offset + len` of an open file, by positional reads: several can read one
/// handle at once.
struct RangeReader<'a> {
    file: &'a File,
    offset: u64,
    end: u64,
}

impl<'a> RangeReader<'a> {
    fn new(file: &'a File, (offset, len): (u64, u64)) -> Self {
        RangeReader {
            file,
            offset,
            end: offset.saturating_add(len),
        }
    }
}

impl Read for RangeReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = usize::try_from(self.end - self.offset).unwrap_or(usize::MAX);
        let want = buf.len().min(left);
        if want == 0 {
            return Ok(0);
        }
        let read = read_at(self.file, &mut buf[..want], self.offset)?;
        self.offset += read as u64;
        Ok(read)
    }
}

#[cfg(unix)]
pub(crate) fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

#[cfg(windows)]
pub(crate) fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, offset)
}

/// Without positional reads, a seek and a read; [`split`] then makes one range, so no two
/// threads share the handle's position.
#[cfg(not(any(unix, windows)))]
pub(crate) fn read_at(mut file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    use std::io::{Seek, SeekFrom};
    file.seek(SeekFrom::Start(offset))?;
    file.read(buf)
}

/// `(offset, len)` of up to `threads` (0: one per CPU) ranges of about equal length, none
/// shorter than [`MIN_PART_LEN`] unless there is one.
fn split(len: u64, threads: usize) -> Vec<(u64, u64)> {
    let parts = if cfg!(any(unix, windows)) {
        threads::thread_count(threads, len / MIN_PART_LEN) as u64
    } else {
        1
    };
    let base = len / parts;
    let extra = len % parts;
    let mut offset = 0;
    (0..parts)
        .map(|i| {
            let part = base + u64::from(i < extra);
            let range = (offset, part);
            offset += part;
            range
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
    fn ranges_cover_the_file_in_order_and_are_not_too_short() {
        for (len, threads) in [
            (0, 4),
            (1, 4),
            (MIN_PART_LEN * 3 + 7, 2),
            (MIN_PART_LEN * 9, 4),
        ] {
            let ranges = split(len, threads);
            assert!(!ranges.is_empty() && ranges.len() <= threads);
            let mut end = 0;
            for &(offset, part) in &ranges {
                assert_eq!(offset, end);
                assert!(ranges.len() == 1 || part >= MIN_PART_LEN);
                end += part;
            }
            assert_eq!(end, len);
        }
        assert_eq!(split(MIN_PART_LEN * 2 - 1, 8).len(), 1);
        assert_eq!(split(MIN_PART_LEN * 100, 3).len(), 3);
    }

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
    fn a_range_reader_stops_at_its_end_and_reads_from_its_offset() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, b"0123456789").unwrap();
        let file = File::open(&path).unwrap();
        let mut out = Vec::new();
        RangeReader::new(&file, (3, 4))
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, b"3456");
        out.clear();
        RangeReader::new(&file, (8, 100))
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, b"89");
    }
}
