//! The I/O layer (feature `std`): `io::Write` for every hasher and for `dyn DynHasher`, the
//! reader methods of [`HasherExt`], and on top of them files, byte ranges, tee adapters,
//! `bytes::Buf` chains and tokio.
//!
//! Within the layer, [`copy`] is the bottom (it imports nothing above it); [`snapshot`] and
//! [`threads`] are helpers the file and range modules share.

use std::io::{self, BufRead, Read};

use crate::DynHasher;

#[cfg(feature = "bytes")]
mod buf;
pub(crate) mod copy;
pub(crate) mod file;
pub(crate) mod range;
pub(crate) mod snapshot;
pub(crate) mod tee;
pub(crate) mod threads;
#[cfg(feature = "tokio")]
pub mod tokio;

use copy::Appender;
pub use copy::LARGE_READ_LEN;

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
impl_io_write!(crate::S3Composite);
impl_io_write!(crate::AnyHasher);
impl_io_write!(dyn DynHasher + '_);
impl_io_write!(dyn DynHasher + Send + '_);

/// The reader methods, for every [`DynHasher`]: concrete hashers, [`AnyHasher`](crate::AnyHasher),
/// `&mut dyn DynHasher` and `Box<dyn DynHasher + Send>` alike (feature `std`).
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
    /// [`append_open_file`](crate::append_open_file) read
    /// [`LARGE_READ_LEN`](crate::LARGE_READ_LEN) bytes at a time. BENCHMARKS.md compares them.
    ///
    /// [`ErrorKind::Interrupted`](std::io::ErrorKind::Interrupted) is retried. Any other error
    /// is returned, and the hash then covers exactly the bytes read before it.
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

    /// Appends the contents of the file at `path`; see [`append_file`](crate::append_file) for
    /// the read strategy and the errors (a directory, a file changed while it was hashed).
    ///
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
    /// # Ok(())
    /// # }
    /// ```
    fn append_file(&mut self, path: impl AsRef<std::path::Path>) -> io::Result<u64> {
        file::append_file(&mut Appender(self), path)
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
