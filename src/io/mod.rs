//! The I/O layer (feature `std`): `io::Write` for every hasher and for `dyn DynHasher`, the
//! reader methods of [`HasherExt`], and on top of them the one file engine ([`read`]), many
//! files ([`files`]), tee adapters, `bytes::Buf` chains and tokio.
//!
//! Within the layer, [`os`] (positional reads, read buffers) is the bottom and [`copy`] next;
//! [`snapshot`] and [`threads`] are helpers of the engine; [`files`] and `tokio` build on
//! [`read`].

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::Path;

use crate::DynHasher;

#[cfg(feature = "bytes")]
mod buf;
pub(crate) mod copy;
pub(crate) mod files;
pub(crate) mod os;
pub(crate) mod read;
pub(crate) mod snapshot;
pub(crate) mod tee;
pub(crate) mod threads;
#[cfg(feature = "tokio")]
pub mod tokio;

pub use copy::LARGE_READ_LEN;
pub use os::READ_BUFFER_OFFSET;
pub use read::observer::ReadObserver;
use read::FileRead;

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

    /// Appends the contents of the file at `path`, returning the number of bytes: the plain
    /// case of [`FileRead`](crate::FileRead), which also reads a range, on a chosen number of
    /// threads, watched.
    ///
    /// A regular file is read between two [`FileSnapshot`](crate::FileSnapshot)s: if the file
    /// changed while it was hashed, the hash would describe no version of it, so this returns
    /// an error instead (`FileSnapshot` says which changes are caught). A file of 64 MiB or more
    /// is read by one thread per CPU while this one hashes it in order; a smaller one by this
    /// thread alone, [`LARGE_READ_LEN`](crate::LARGE_READ_LEN) bytes at a time (one shorter
    /// than that through a buffer on the stack, allocating nothing). A pipe, FIFO, socket or
    /// device is read to its end.
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
        FileRead::path(&path).append_to(self)
    }

    /// [`append_file`](HasherExt::append_file) for a file that is already open: from the
    /// handle's position to the end, where it leaves the handle.
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
        FileRead::file(file).append_to(self)
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
