//! The one engine that reads a file into a hasher. A [`FileRead`] says what to read (a path or
//! an open `File`; all of it, or a byte range) and how (a thread count, an observer); the engine
//! checks the file before and after, and picks the way: the ring ([`ring`]) for a large regular
//! file, plain reads on the calling thread ([`plain`]) for the rest.
//!
//! Every public way to hash a file comes here: `append_file`, `append_open_file`, `hash_file`,
//! each file of [`hash_files`](crate::hash_files), the async file paths.

pub(crate) mod observer;
pub(crate) mod plain;
mod ring;

use std::fs::File;
use std::io::{self, ErrorKind, Seek, SeekFrom};
use std::path::Path;

use self::observer::ReadObserver;
use super::os::{self, RangeReader};
use super::snapshot::FileSnapshot;
use super::threads;
use crate::{DynHasher, NonCryptographicHasher};

/// A planned read of one file into a hasher: what to read and how. Made by
/// [`path`](FileRead::path) or [`file`](FileRead::file), adjusted by
/// [`range`](FileRead::range), [`threads`](FileRead::threads) and
/// [`observer`](FileRead::observer), run by [`append_to`](FileRead::append_to).
///
/// Every way of hashing a file runs through it, so none is slower than another: a range, a
/// thread count and an observer are options, not other functions. The plain cases have their
/// own names: [`HasherExt::append_file`](crate::HasherExt::append_file),
/// [`append_open_file`](crate::HasherExt::append_open_file) and
/// [`hash_file`](crate::hash_file).
///
/// How it reads: a regular file of 64 MiB or more (or a range that long) is read by up to
/// `threads` threads (0, the default: one per CPU) while the calling thread hashes it in order;
/// anything shorter, and anything but a regular file, by the calling thread alone. A regular
/// file is checked before and after ([`FileSnapshot`] says what a check catches): if it changed
/// while it was hashed, the hash would describe no version of it, so the read is an error.
///
/// ```
/// use iohash::{Crc64, FileRead, NonCryptographicHasher};
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// std::fs::write(&path, b"header|payload|trailer")?;
/// let mut crc = Crc64::new();
/// FileRead::path(&path).range(7, Some(7)).threads(1).append_to(&mut crc)?;
/// assert_eq!(crc.current_hash(), Crc64::hash(b"payload"));
/// # Ok(())
/// # }
/// ```
#[must_use = "a FileRead reads nothing until append_to runs it"]
pub struct FileRead<'a> {
    source: Source<'a>,
    /// The offset, and the length (`None`: to the end of the file).
    range: Option<(u64, Option<u64>)>,
    threads: usize,
    observer: Option<&'a mut dyn ReadObserver>,
}

enum Source<'a> {
    Path(&'a Path),
    File(&'a File),
}

impl<'a> FileRead<'a> {
    /// A read of the file at `path`, opened when the read runs: all of it, on every CPU,
    /// unwatched.
    pub fn path<P: AsRef<Path> + ?Sized>(path: &'a P) -> Self {
        Self::of(Source::Path(path.as_ref()))
    }

    /// A read of a file already open: from the handle's position to the end, where the read
    /// leaves the handle. A pipe, FIFO, socket or device is read to its end.
    pub fn file(file: &'a File) -> Self {
        Self::of(Source::File(file))
    }

    fn of(source: Source<'a>) -> Self {
        FileRead {
            source,
            range: None,
            threads: 0,
            observer: None,
        }
    }

    /// Only bytes `offset..offset + length` of a regular file (to its end when `length` is
    /// `None`, past the size it reports where it holds more, as a pseudo-file of `/proc`
    /// does), read by position: an open handle's position does not move.
    ///
    /// A range that starts or ends past the end of the file is an error of kind
    /// [`ErrorKind::UnexpectedEof`] that names the file's length, and a range of anything but
    /// a regular file one of kind [`ErrorKind::InvalidInput`]. CRCs of ranges join with
    /// [`combine`](crate::SplittableHasher::combine), so a file can be hashed in parts on other
    /// machines.
    ///
    /// ```
    /// use iohash::{Crc64, Crc64Variant, FileRead, NonCryptographicHasher, SplittableHasher};
    ///
    /// # fn main() -> std::io::Result<()> {
    /// # let dir = tempfile::tempdir()?;
    /// # let path = dir.path().join("f");
    /// std::fs::write(&path, b"123456789")?;
    /// let nvme = || Crc64::with_variant(Crc64Variant::Nvme);
    /// let (mut head, mut tail) = (nvme(), nvme());
    /// FileRead::path(&path).range(0, Some(4)).append_to(&mut head)?;
    /// FileRead::path(&path).range(4, None).append_to(&mut tail)?;
    /// head.combine(&tail);
    /// assert_eq!(head.current_hash(), Crc64Variant::Nvme.check());
    ///
    /// let err = FileRead::path(&path).range(5, Some(10)).append_to(&mut nvme()).unwrap_err();
    /// assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
    /// assert_eq!(err.to_string(), "the file is 9 bytes long, and the range ends at byte 15");
    /// # Ok(())
    /// # }
    /// ```
    pub fn range(mut self, offset: u64, length: Option<u64>) -> Self {
        self.range = Some((offset, length));
        self
    }

    /// Reads a large file on at most `threads` threads, the calling one among them (0, the
    /// default: one per CPU; never more than the CPUs, nor than 32, the buffers the reads go
    /// into). A program
    /// that hashes files side by side, or reads a disk that seeks, passes 1. A thread the
    /// system refuses is no error: the others read its share.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// Watches the read from the calling thread: [`ReadObserver`] hears the bytes hashed and
    /// the threads refused, and its check can stop the read (a cancel button, Ctrl-C) within
    /// one chunk.
    ///
    /// ```
    /// use iohash::{FileRead, XxHash3};
    /// use std::sync::atomic::{AtomicBool, Ordering};
    ///
    /// # fn main() -> std::io::Result<()> {
    /// # let dir = tempfile::tempdir()?;
    /// # let path = dir.path().join("f");
    /// # std::fs::write(&path, vec![0u8; 1 << 20])?;
    /// let cancelled = AtomicBool::new(true); // set by another thread
    /// let mut check = || match cancelled.load(Ordering::Relaxed) {
    ///     true => Err(std::io::Error::other("cancelled")),
    ///     false => Ok(()),
    /// };
    /// let read = FileRead::path(&path).observer(&mut check).append_to(&mut XxHash3::new());
    /// assert_eq!(read.unwrap_err().to_string(), "cancelled");
    /// # Ok(())
    /// # }
    /// ```
    pub fn observer(mut self, observer: &'a mut dyn ReadObserver) -> Self {
        self.observer = Some(observer);
        self
    }

    /// Runs the read: appends what it reads to `hasher`, returning the number of bytes.
    ///
    /// # Errors
    /// The error from opening or reading (with [`ErrorKind::NotFound`],
    /// [`ErrorKind::PermissionDenied`]...), [`ErrorKind::IsADirectory`] for a directory, the
    /// range's errors ([`range`](FileRead::range)), the first error of the observer's check,
    /// or one of kind [`ErrorKind::Other`] saying "file changed while it was being hashed"
    /// when its size, modification or status-change time, device or inode moved meanwhile.
    /// Writes that move none of them go unseen: through a shared memory map (whose times the
    /// kernel updates only at write-back), or from another machine on a network file system.
    /// On an error the hasher may have been given part of the file: start again from a new
    /// one.
    pub fn append_to<H: DynHasher + ?Sized>(self, hasher: &mut H) -> io::Result<u64> {
        let opened;
        let file = match self.source {
            Source::Path(path) => {
                opened = File::open(path)?;
                &opened
            }
            Source::File(file) => file,
        };
        let mut unwatched = ();
        let observer = self.observer.unwrap_or(&mut unwatched);
        let before = snapshot_of_contents(file)?;
        let read = match self.range {
            None => whole(hasher, file, &before, self.threads, observer)?,
            Some((offset, length)) => range(
                hasher,
                file,
                &before,
                (offset, length),
                self.threads,
                observer,
            )?,
        };
        Ok(read)
    }
}

/// The hash of the file at `path`, with a new hasher of type `H`: [`FileRead::path`] run on a
/// new hasher. See [`HasherExt::append_file`](crate::HasherExt::append_file) for how it is
/// read and the errors.
///
/// ```
/// use iohash::{hash_file, XxHash64};
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// # std::fs::write(&path, b"contents")?;
/// assert_eq!(hash_file::<XxHash64>(&path)?, XxHash64::hash(b"contents"));
/// # Ok(())
/// # }
/// ```
pub fn hash_file<H: NonCryptographicHasher + Default>(
    path: impl AsRef<Path>,
) -> io::Result<H::Output> {
    let mut hasher = H::default();
    FileRead::path(&path).append_to(&mut hasher)?;
    Ok(hasher.current_hash())
}

/// The snapshot of a file about to be read; a directory is an error, of the kind and words
/// `read` gives on Linux, on every system.
fn snapshot_of_contents(file: &File) -> io::Result<FileSnapshot> {
    let metadata = file.metadata()?;
    if metadata.is_dir() {
        return Err(io::Error::new(ErrorKind::IsADirectory, "Is a directory"));
    }
    Ok(FileSnapshot::from_metadata(&metadata))
}

/// How many threads read `len` bytes when `threads` were asked for: one below the ring's
/// threshold, or where the system has no positional reads; never more than the CPUs, nor
/// than the ring has buffers for.
fn readers(threads: usize, len: u64) -> usize {
    match os::POSITIONAL && len >= ring::MIN_PARALLEL_READ_LEN {
        // More readers than CPUs only wait on each other: asked for more, one file still gets
        // one per CPU.
        true => threads::thread_count(threads, ring::chunks(len))
            .min(threads::thread_count(0, ring::chunks(len)))
            .min(ring::MAX_READERS),
        false => 1,
    }
}

/// From the handle's position to the end of the file, and past the size the file gave where
/// it holds more (a pseudo-file of `/proc` says 0); the handle is left at the end.
fn whole<H: DynHasher + ?Sized>(
    hasher: &mut H,
    file: &File,
    before: &FileSnapshot,
    threads: usize,
    observer: &mut dyn ReadObserver,
) -> io::Result<u64> {
    // The position is asked only where the ring may run: one system call less for each small
    // file of a tree.
    let mut read = 0;
    if before.is_file() && threads != 1 && before.len() >= ring::MIN_PARALLEL_READ_LEN {
        let start = (&*file).stream_position()?;
        let len = before.len().saturating_sub(start);
        let readers = readers(threads, len);
        if readers > 1 {
            read = ring::read(hasher, file, (start, len), readers, observer)?;
            (&*file).seek(SeekFrom::Start(start + read))?;
        }
    }
    // After the ring, only what the file gained since its snapshot is left: a regular file
    // answers at once, and a large buffer would be made for nothing.
    let small = before.is_file() && (read > 0 || before.len() < plain::SMALL_READ_LEN as u64);
    read += plain::read(hasher, &mut &*file, small, observer)?;
    before.check(file)?;
    Ok(read)
}

/// Bytes `offset..offset + length` of a regular file, by position.
fn range<H: DynHasher + ?Sized>(
    hasher: &mut H,
    file: &File,
    before: &FileSnapshot,
    (offset, length): (u64, Option<u64>),
    threads: usize,
    observer: &mut dyn ReadObserver,
) -> io::Result<u64> {
    if !before.is_file() {
        return Err(io::Error::new(
            ErrorKind::InvalidInput,
            "a byte range needs a regular file",
        ));
    }
    let file_len = before.len();
    let short = |at: &str, byte: u64| {
        io::Error::new(
            ErrorKind::UnexpectedEof,
            format!("the file is {file_len} bytes long, and the range {at} at byte {byte}"),
        )
    };
    let len = match length {
        None => file_len
            .checked_sub(offset)
            .ok_or_else(|| short("starts", offset))?,
        Some(len) => {
            let end = offset.checked_add(len).ok_or_else(|| {
                io::Error::new(
                    ErrorKind::InvalidInput,
                    format!("a range of {len} bytes from byte {offset} ends past byte 2^64 - 1"),
                )
            })?;
            if end > file_len {
                return Err(short("ends", end));
            }
            len
        }
    };
    let readers = readers(threads, len);
    let mut read = if readers > 1 {
        ring::read(hasher, file, (offset, len), readers, observer)?
    } else {
        let small = len < plain::SMALL_READ_LEN as u64;
        plain::read(
            hasher,
            &mut RangeReader::new(file, offset, len),
            small,
            observer,
        )?
    };
    // Open-ended: on past the size the file gave, to its end, as a whole read goes (a
    // pseudo-file of `/proc` says 0). A regular file answers at once that it has no more.
    if length.is_none() && read == len {
        let at = offset + read;
        let mut beyond = RangeReader::new(file, at, u64::MAX - at);
        read += plain::read(hasher, &mut beyond, true, observer)?;
    }
    // A file that shrank while it was read is a changed file, not a short one.
    before.check(file)?;
    if read < len {
        return Err(short("ends", offset + len));
    }
    Ok(read)
}

#[cfg(test)]
mod tests;
