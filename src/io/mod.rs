//! The I/O layer (feature `std`): `io::Write` for every hasher and for `dyn DynHasher`, the
//! reader methods of [`HasherExt`], and on top of them files, byte ranges, tee adapters,
//! `bytes::Buf` chains and tokio.
//!
//! Within the layer, [`copy`] is the bottom (it imports nothing above it but [`read_buffer`],
//! where every buffer a file is read into comes from); [`snapshot`] and [`threads`] are helpers
//! the file and range modules share.

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::Path;

use crate::DynHasher;

#[cfg(feature = "bytes")]
mod buf;
pub(crate) mod copy;
pub(crate) mod file;
pub(crate) mod observer;
pub(crate) mod range;
pub(crate) mod read_ahead;
pub(crate) mod read_buffer;
pub(crate) mod snapshot;
pub(crate) mod tee;
pub(crate) mod threads;
#[cfg(feature = "tokio")]
pub mod tokio;

use copy::Appender;
pub use copy::LARGE_READ_LEN;
pub use observer::ReadObserver;

/// `io::Write` for a hasher, written once: every write takes all of its input and is the same as
/// `append`, so no byte is ever refused and `flush` has nothing to do.
macro_rules! impl_io_write {
    ($hasher:ty) => {
        /// Writing is appending: `write` takes all of `buf` and returns its length, and
        /// `write_vectored` hashes every slice in order without copying.
        impl std::io::Write for $hasher {
            #[inline]
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                $crate::DynHasher::append(self, buf);
                Ok(buf.len())
            }

            #[inline]
            fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
                $crate::DynHasher::append(self, buf);
                Ok(())
            }

            fn write_vectored(&mut self, bufs: &[std::io::IoSlice<'_>]) -> std::io::Result<usize> {
                let mut written = 0;
                for buf in bufs {
                    $crate::DynHasher::append(self, buf);
                    written += buf.len();
                }
                Ok(written)
            }

            #[inline]
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
    };
}

// Listed here, in the layer they belong to: the core defines the hashers, this layer makes
// them writers.
impl_io_write!(crate::XxHash3);
impl_io_write!(crate::XxHash128);
impl_io_write!(crate::XxHash64);
impl_io_write!(crate::XxHash32);
impl_io_write!(crate::Crc32);
impl_io_write!(crate::Crc64);
impl_io_write!(crate::Crc);
impl_io_write!(crate::cloud::S3Composite);
impl_io_write!(crate::AnyHasher);
impl_io_write!(dyn DynHasher + '_);
impl_io_write!(dyn DynHasher + Send + '_);

/// Appending from readers and files, for every [`DynHasher`]: concrete hashers,
/// [`AnyHasher`](crate::AnyHasher), `&mut dyn DynHasher`, `Box<dyn DynHasher + Send>`, and a
/// program's own `DynHasher` (one that moves a progress bar, or feeds several hashers) alike
/// (feature `std`). Each file operation takes a path or an open [`File`].
///
/// It is implemented for every hasher and cannot be implemented otherwise; bring it into scope
/// with `use iohash::HasherExt` or `use iohash::prelude::*`.
///
/// ```
/// use iohash::{prelude::*, Algorithm, XxHash64};
///
/// # fn main() -> std::io::Result<()> {
/// let mut hasher: Box<dyn DynHasher + Send> = Box::new(Algorithm::Xxh64.hasher(0));
/// hasher.append_from_reader(&mut &b"abc"[..])?;
/// let mut hash = [0; 8];
/// hasher.current_hash_into(&mut hash);
/// assert_eq!(hash, XxHash64::hash(b"abc").to_be_bytes());
/// # Ok(())
/// # }
/// ```
pub trait HasherExt: DynHasher {
    /// Appends everything `reader` yields until end of file, returning how many bytes that was.
    ///
    /// This is [`io::copy`](std::io::copy) into the hasher, with nothing kept between calls
    /// and nothing allocated: a `&[u8]` of 8 KiB or more is handed over whole (pass
    /// `&mut &data[..]`, so that the reader type is `&[u8]`), as are the halves of a
    /// `VecDeque<u8>` and the buffer of a `BufReader`; any other reader is read 8 KiB at a time
    /// into a buffer on the stack. For a [`BufRead`](BufRead) (a `Cursor`, a
    /// `BufReader`), [`append_from_buf_reader`](HasherExt::append_from_buf_reader) copies nothing;
    /// for a file, [`append_file`](HasherExt::append_file) and
    /// [`append_open_file`](HasherExt::append_open_file) read
    /// [`LARGE_READ_LEN`](crate::LARGE_READ_LEN) bytes at a time, and a large file ahead on
    /// every CPU. BENCHMARKS.md compares them.
    ///
    /// [`ErrorKind::Interrupted`](std::io::ErrorKind::Interrupted) is retried. Any other error
    /// is returned, and the hash then covers exactly the bytes read before it.
    ///
    /// # Panics
    /// As `io::copy` does (it is `io::copy`), when `reader` is broken and claims to have read
    /// more bytes than the buffer it was given. [`HashingReader`](crate::HashingReader) turns
    /// such a claim into an `InvalidData` error instead.
    ///
    /// # Example
    /// ```
    /// use iohash::{prelude::*, XxHash3};
    ///
    /// # fn main() -> std::io::Result<()> {
    /// let mut socket_like: Box<dyn std::io::Read> = Box::new(&b"streamed contents"[..]);
    /// let mut hasher = XxHash3::new();
    /// let len = hasher.append_from_reader(&mut socket_like)?;
    /// assert_eq!(len, 17);
    /// assert_eq!(hasher.current_hash(), XxHash3::hash(b"streamed contents"));
    /// # Ok(())
    /// # }
    /// ```
    fn append_from_reader<R: Read + ?Sized>(&mut self, reader: &mut R) -> io::Result<u64> {
        copy::append_from_reader(self, reader)
    }

    /// Appends everything a [`BufRead`](BufRead) yields, straight from its buffer:
    /// no copy, no allocation.
    ///
    /// Use it for a `BufReader`, an `io::Cursor`, a `StdinLock` or a `&[u8]`. Errors are handled
    /// as in [`append_from_reader`](HasherExt::append_from_reader).
    ///
    /// # Example
    /// ```
    /// use iohash::{prelude::*, XxHash128};
    /// use std::io::Cursor;
    ///
    /// # fn main() -> std::io::Result<()> {
    /// let mut cursor = Cursor::new(b"in-memory payload".to_vec());
    /// let mut hasher = XxHash128::new();
    /// hasher.append_from_buf_reader(&mut cursor)?;
    /// assert_eq!(hasher.current_hash(), XxHash128::hash(b"in-memory payload"));
    /// # Ok(())
    /// # }
    /// ```
    fn append_from_buf_reader<R: BufRead + ?Sized>(&mut self, reader: &mut R) -> io::Result<u64> {
        copy::append_from_buf_reader(self, reader)
    }

    /// Appends the contents of the file at `path`, returning the number of bytes.
    ///
    /// A regular file is read between two [`FileSnapshot`](crate::FileSnapshot)s: if the file
    /// changed while it was hashed, the hash would describe no version of it, so this returns
    /// an error instead (`FileSnapshot` says which changes are caught). A file of 64 MiB or more
    /// is read by one thread per CPU while this one hashes it in order, as
    /// [`append_file_parallel`](HasherExt::append_file_parallel) does with 0 threads; a smaller
    /// one by this thread alone, [`LARGE_READ_LEN`](crate::LARGE_READ_LEN) bytes at a time (one
    /// shorter than that through a buffer on the stack, allocating nothing). A program that
    /// hashes files side by side asks for one thread each with
    /// [`append_file_parallel(path, 1)`](HasherExt::append_file_parallel). A pipe, FIFO,
    /// socket or device is read to its end.
    ///
    /// # Errors
    /// The error from opening or reading (with [`ErrorKind::NotFound`](io::ErrorKind::NotFound),
    /// [`ErrorKind::PermissionDenied`](io::ErrorKind::PermissionDenied)...),
    /// [`ErrorKind::IsADirectory`](io::ErrorKind::IsADirectory) for a directory, or an error of
    /// kind [`ErrorKind::Other`](io::ErrorKind::Other) saying "file changed while it was being
    /// hashed".
    ///
    /// # Example
    /// ```
    /// use iohash::{prelude::*, XxHash128};
    ///
    /// # fn main() -> std::io::Result<()> {
    /// # let dir = tempfile::tempdir()?;
    /// # let path = dir.path().join("f");
    /// # std::fs::write(&path, b"contents")?;
    /// let mut hasher = XxHash128::new();
    /// hasher.append_file(&path)?;
    /// assert_eq!(hasher.current_hash(), XxHash128::hash(b"contents"));
    ///
    /// let err = hasher.append_file(dir.path()).unwrap_err();
    /// assert_eq!(err.kind(), std::io::ErrorKind::IsADirectory);
    /// # Ok(())
    /// # }
    /// ```
    fn append_file(&mut self, path: impl AsRef<Path>) -> io::Result<u64> {
        read_ahead::append_open_file_parallel(self, &File::open(path)?, 0, &mut observer::Unwatched)
    }

    /// [`append_file`](HasherExt::append_file) for a file that is already open: from the
    /// handle's position to the end.
    ///
    /// ```
    /// use iohash::{prelude::*, XxHash64};
    ///
    /// # fn main() -> std::io::Result<()> {
    /// # let dir = tempfile::tempdir()?;
    /// # let path = dir.path().join("f");
    /// # std::fs::write(&path, b"contents")?;
    /// let file = std::fs::File::open(&path)?;
    /// let mut hasher = XxHash64::new();
    /// assert_eq!(hasher.append_open_file(&file)?, 8);
    /// assert_eq!(hasher.current_hash(), XxHash64::hash(b"contents"));
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    /// As [`append_file`](HasherExt::append_file), but for opening.
    fn append_open_file(&mut self, file: &File) -> io::Result<u64> {
        read_ahead::append_open_file_parallel(self, file, 0, &mut observer::Unwatched)
    }

    /// [`append_file`](HasherExt::append_file) with the file read on `threads` threads (0: one
    /// per CPU, as `append_file` reads; 1: this thread alone, for a program that runs other
    /// work beside it) while this one hashes it in order.
    ///
    /// A cached file costs a copy out of the page cache and a hash. The readers spread the
    /// copy over the cores, running ahead of the hash by a few buffers, so the hash rarely
    /// waits; the hash is the sequential one, XXH3's included. Files under 64 MiB, and
    /// anything but a regular file, are read by this thread alone. A CRC can also be split
    /// into ranges hashed apart ([`hash_file_parallel`](crate::hash_file_parallel)).
    /// BENCHMARKS.md compares the ways on each CPU.
    ///
    /// ```
    /// use iohash::{prelude::*, XxHash3};
    ///
    /// # fn main() -> std::io::Result<()> {
    /// # let dir = tempfile::tempdir()?;
    /// # let path = dir.path().join("big");
    /// let data: Vec<u8> = (0..65 << 20).map(|i: u32| (i % 251) as u8).collect();
    /// std::fs::write(&path, &data)?;
    /// let mut hasher = XxHash3::new();
    /// assert_eq!(hasher.append_file_parallel(&path, 2)?, data.len() as u64);
    /// assert_eq!(hasher.current_hash(), XxHash3::hash(&data));
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    /// As [`append_file`](HasherExt::append_file). A thread the system refuses is no error:
    /// the others, and this one, read its share.
    fn append_file_parallel(&mut self, path: impl AsRef<Path>, threads: usize) -> io::Result<u64> {
        read_ahead::append_open_file_parallel(
            self,
            &File::open(path)?,
            threads,
            &mut observer::Unwatched,
        )
    }

    /// [`append_file_parallel`](HasherExt::append_file_parallel) for a file that is already
    /// open: from the handle's position to the end, where it leaves the handle.
    ///
    /// # Errors
    /// As [`append_file_parallel`](HasherExt::append_file_parallel), but for opening.
    fn append_open_file_parallel(&mut self, file: &File, threads: usize) -> io::Result<u64> {
        read_ahead::append_open_file_parallel(self, file, threads, &mut observer::Unwatched)
    }

    /// [`append_open_file_parallel`](HasherExt::append_open_file_parallel) watched by
    /// `observer` from this thread. Its [`check`](crate::ReadObserver::check) runs before each
    /// read and each chunk hashed, and again when a signal interrupts a read; an error from it
    /// stops the reading, the other threads' too, and is returned. So a cancel button (a flag
    /// another thread sets) or a signal (Python's Ctrl-C) ends a long hash within one read. A
    /// closure is an observer that only checks; a type of your own also hears of a thread the
    /// system refused, to warn of the slower read ([`ReadObserver`](crate::ReadObserver)).
    ///
    /// ```
    /// use iohash::{prelude::*, XxHash3};
    /// use std::sync::atomic::{AtomicBool, Ordering};
    ///
    /// # fn main() -> std::io::Result<()> {
    /// # let dir = tempfile::tempdir()?;
    /// # let path = dir.path().join("f");
    /// # std::fs::write(&path, vec![0u8; 1 << 20])?;
    /// let cancelled = AtomicBool::new(true); // set by another thread
    /// let file = std::fs::File::open(&path)?;
    /// let err = XxHash3::new()
    ///     .append_open_file_checked(&file, 0, &mut || match cancelled.load(Ordering::Relaxed) {
    ///         true => Err(std::io::Error::other("cancelled")),
    ///         false => Ok(()),
    ///     })
    ///     .unwrap_err();
    /// assert_eq!(err.to_string(), "cancelled");
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    /// As [`append_open_file_parallel`](HasherExt::append_open_file_parallel), and the first
    /// error the check returns. On an error the hasher may have been given part of the file.
    fn append_open_file_checked(
        &mut self,
        file: &File,
        threads: usize,
        observer: &mut dyn ReadObserver,
    ) -> io::Result<u64> {
        read_ahead::append_open_file_parallel(self, file, threads, observer)
    }

    /// Appends bytes `offset..offset + len` of the file at `path`, read 256 KiB at a time;
    /// returns `len`.
    ///
    /// With [`Crc32::combine`](crate::Crc32::combine) /
    /// [`Crc64::combine`](crate::Crc64::combine), the ranges of a file can be hashed anywhere
    /// (threads, machines) and joined; for other hashers it is the hash of that part of the
    /// file. [`hash_file_parallel`](crate::hash_file_parallel) does the splitting and joining.
    ///
    /// ```
    /// use iohash::{prelude::*, Crc64, Crc64Variant};
    ///
    /// # fn main() -> std::io::Result<()> {
    /// # let dir = tempfile::tempdir()?;
    /// # let path = dir.path().join("f");
    /// std::fs::write(&path, b"123456789")?;
    /// let nvme = || Crc64::with_variant(Crc64Variant::Nvme);
    /// let (mut head, mut tail) = (nvme(), nvme());
    /// head.append_file_range(&path, 0, 4)?;
    /// tail.append_file_range(&path, 4, 5)?;
    /// head.combine(&tail);
    /// assert_eq!(head.current_hash(), Crc64Variant::Nvme.check());
    ///
    /// let err = head.append_file_range(&path, 5, 10).unwrap_err();
    /// assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    /// The error from opening or reading the file,
    /// [`ErrorKind::UnexpectedEof`](io::ErrorKind::UnexpectedEof) if the file ends before the
    /// range does (its message names the file's length), or an error saying the file changed
    /// while it was being hashed (see [`FileSnapshot`](crate::FileSnapshot)). On an error, the
    /// hasher may already have been given part of the range: start again from a new one.
    fn append_file_range(
        &mut self,
        path: impl AsRef<Path>,
        offset: u64,
        len: u64,
    ) -> io::Result<u64> {
        range::append_file_range(&mut Appender(self), path, offset, len)
    }

    /// [`append_file_range`](HasherExt::append_file_range) for a file that is already open.
    /// The range is read with positional reads, wherever the handle's position is, and on Unix
    /// the position does not move.
    ///
    /// ```
    /// use iohash::{prelude::*, XxHash3};
    ///
    /// # fn main() -> std::io::Result<()> {
    /// # let dir = tempfile::tempdir()?;
    /// # let path = dir.path().join("f");
    /// std::fs::write(&path, b"header|payload|trailer")?;
    /// let file = std::fs::File::open(&path)?;
    /// let mut hasher = XxHash3::new();
    /// hasher.append_open_file_range(&file, 7, 7)?;
    /// assert_eq!(hasher.current_hash(), XxHash3::hash(b"payload"));
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    /// As [`append_file_range`](HasherExt::append_file_range), but for opening.
    fn append_open_file_range(&mut self, file: &File, offset: u64, len: u64) -> io::Result<u64> {
        range::append_open_file_range(&mut Appender(self), file, offset, len)
    }

    /// Appends the remaining bytes of a [`bytes::Buf`] chunk by chunk: a `Chain` of `Bytes`,
    /// a `BytesMut`, a `VecDeque<u8>` or any other `Buf` is hashed where it lies, never
    /// copied into one buffer. `buf` is consumed; pass a clone (cheap for `Bytes`) or `&mut`
    /// to decide what happens to the original. A single `Bytes` is simply `append(&bytes)`.
    ///
    /// ```
    /// use bytes::{Buf, Bytes};
    /// use iohash::{prelude::*, XxHash3};
    ///
    /// let head = Bytes::from_static(b"header|");
    /// let body = Bytes::from_static(b"body");
    /// let mut hasher = XxHash3::new();
    /// hasher.append_buf(head.clone().chain(body.clone()));
    /// assert_eq!(hasher.current_hash(), XxHash3::hash(b"header|body"));
    /// assert_eq!(head, "header|"); // the originals are untouched
    /// ```
    #[cfg(feature = "bytes")]
    fn append_buf(&mut self, buf: impl bytes::Buf) {
        buf::append_buf(self, buf);
    }
}

impl<H: DynHasher + ?Sized> HasherExt for H {}
