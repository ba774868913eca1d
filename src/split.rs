//! Splittable hashing: one file hashed as byte ranges on several threads, the ranges' CRCs
//! combined in order. Only CRCs split; [`SplittableHasher`] says why.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;

use crate::{Crc32, Crc64, NonCryptographicHasher};

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
/// Sealed: only iohash's CRCs implement it.
pub trait SplittableHasher: NonCryptographicHasher + sealed::Sealed {
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

/// Bytes read per call for one range: larger than [`LARGE_READ_LEN`](crate::LARGE_READ_LEN),
/// since two threads copying out of the page cache at once gained from fewer calls (1 GiB,
/// CRC-64, 2 threads: 86-102 ms against 99-103 ms with 64 KiB reads, `benches/parallel_crc.rs`,
/// two runs each; the machine is noisy).
const PART_READ_LEN: usize = 256 << 10;

/// Ranges shorter than this are not split further: a thread costs more than hashing them.
pub const MIN_PART_LEN: u64 = 4 << 20;

/// Appends bytes `offset..offset + len` of the file at `path` to `sink` (a hasher or any
/// writer), read 256 KiB at a time; returns `len`.
///
/// With [`Crc32::combine`] / [`Crc64::combine`], the ranges of a file can be hashed anywhere
/// (threads, machines) and joined; for other hashers it is the hash of that part of the file.
///
/// ```
/// use iohash::{append_file_range, Crc64, NonCryptographicHasher};
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// std::fs::write(&path, b"123456789")?;
/// let (mut head, mut tail) = (Crc64::nvme(), Crc64::nvme());
/// append_file_range(&mut head, &path, 0, 4)?;
/// append_file_range(&mut tail, &path, 4, 5)?;
/// head.combine(&tail);
/// assert_eq!(head.current_hash(), iohash::Crc64Variant::Nvme.check());
///
/// let err = append_file_range(&mut head, &path, 5, 10).unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
/// # Ok(())
/// # }
/// ```
///
/// # Errors
/// The error from opening, seeking or reading the file, [`io::ErrorKind::UnexpectedEof`] if
/// the file ends before the range does, or an error saying the file changed while it was
/// being hashed (its size or modification time changed).
pub fn append_file_range<W: Write + ?Sized>(
    sink: &mut W,
    path: impl AsRef<Path>,
    offset: u64,
    len: u64,
) -> io::Result<u64> {
    let mut file = File::open(path)?;
    let before = file.metadata()?;
    if before.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "Is a directory",
        ));
    }
    file.seek(SeekFrom::Start(offset))?;
    let read = crate::io::copy_in_large_reads(sink, &mut (&file).take(len), PART_READ_LEN)?;
    // A file that shrank while it was read is a changed file, not a short one.
    crate::file::check_unchanged(&before, &file.metadata()?)?;
    if read < len {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            format!(
                "the file is {} bytes long, and the range ends at byte {}",
                before.len(),
                offset.saturating_add(len)
            ),
        ));
    }
    Ok(read)
}

/// The hash of the file at `path` with a new `H`, hashed as up to `threads` ranges in
/// parallel (0: one per CPU) and combined: the same value as
/// [`hash_file`](crate::hash_file), sooner for a large file. Ranges are at least
/// [`MIN_PART_LEN`] bytes, so a small file takes one thread.
///
/// ```
/// use iohash::{hash_file, hash_file_parallel, Crc64};
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("big");
/// std::fs::write(&path, vec![7u8; 20 << 20])?;
/// assert_eq!(hash_file_parallel::<Crc64>(&path, 4)?, hash_file::<Crc64>(&path)?);
/// # Ok(())
/// # }
/// ```
///
/// # Errors
/// As [`append_file_range`], for the first range that failed.
pub fn hash_file_parallel<H: SplittableHasher + Default + Send>(
    path: impl AsRef<Path>,
    threads: usize,
) -> io::Result<H::Output> {
    hash_file_parallel_with(path, threads, H::default).map(|hasher| hasher.current_hash())
}

/// [`hash_file_parallel`] with hashers made by `new_hasher` (for a parameter set other than
/// the default); returns the combined hasher.
///
/// ```
/// use iohash::{hash_file_parallel_with, Crc32, Crc32Variant, NonCryptographicHasher};
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// std::fs::write(&path, b"123456789")?;
/// let crc = hash_file_parallel_with(&path, 2, Crc32::castagnoli)?;
/// assert_eq!(crc.current_hash(), Crc32Variant::Iscsi.check());
/// # Ok(())
/// # }
/// ```
///
/// # Errors
/// As [`hash_file_parallel`].
pub fn hash_file_parallel_with<H, F>(
    path: impl AsRef<Path>,
    threads: usize,
    new_hasher: F,
) -> io::Result<H>
where
    H: SplittableHasher + Send,
    F: Fn() -> H + Sync,
{
    let path = path.as_ref();
    let file = File::open(path)?;
    let before = file.metadata()?;
    let ranges = if before.is_file() {
        split(before.len(), threads)
    } else {
        Vec::new()
    };
    if ranges.len() <= 1 {
        let mut hasher = new_hasher();
        crate::append_open_file(&mut crate::io::Appender(&mut hasher), file)?;
        return Ok(hasher);
    }
    let parts: Vec<io::Result<H>> = std::thread::scope(|scope| {
        let workers: Vec<_> = ranges
            .iter()
            .map(|&(offset, len)| {
                let new_hasher = &new_hasher;
                scope.spawn(move || {
                    let mut hasher = new_hasher();
                    append_file_range(&mut crate::io::Appender(&mut hasher), path, offset, len)?;
                    Ok(hasher)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    let mut parts = parts.into_iter();
    let mut hasher = parts.next().expect("two ranges or more")?;
    for part in parts {
        hasher.combine(&part?);
    }
    // A file that grew or shrank as a whole, which no range saw.
    crate::file::check_unchanged(&before, &file.metadata()?)?;
    Ok(hasher)
}

/// `(offset, len)` of up to `threads` (0: one per CPU) ranges of about equal length, none
/// shorter than [`MIN_PART_LEN`] unless there is one.
fn split(len: u64, threads: usize) -> Vec<(u64, u64)> {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let parts = (len / MIN_PART_LEN).clamp(1, threads as u64);
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
}
