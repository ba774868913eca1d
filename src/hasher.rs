//! The one trait every iohash hasher implements, and the `io::Write` glue written once for all.

use core::fmt;
use std::io::{self, BufRead, Read, Write};

/// A streaming non-cryptographic hasher: append bytes, read the hash, reset.
///
/// This is the model of .NET's `System.IO.Hashing.NonCryptographicHashAlgorithm` on Rust's own
/// I/O traits. Every hasher is also an [`io::Write`] that takes everything it is given, so any
/// reader can be hashed with [`io::copy`] and any writer-shaped API can hash what it writes.
///
/// The same bytes give the same hash however they are split across calls.
///
/// # Example
/// ```
/// use iohash::{NonCryptographicHasher, XxHash3};
///
/// let mut hasher = XxHash3::new();
/// hasher.append(b"hello ");
/// hasher.append(b"world");
/// assert_eq!(hasher.current_hash(), XxHash3::hash(b"hello world"));
/// assert_eq!(hasher.hash_and_reset(), XxHash3::hash(b"hello world"));
/// assert_eq!(hasher.current_hash(), XxHash3::hash(b""));
/// ```
pub trait NonCryptographicHasher: Write + Clone {
    /// The hash as an integer (`u32`, `u64` or `u128`): the C reference's return value.
    type Output: Copy + Eq + fmt::Debug + fmt::LowerHex;
    /// The hash as bytes in the algorithm's canonical order (see
    /// [`current_hash_bytes`](Self::current_hash_bytes)).
    type Bytes: AsRef<[u8]> + Copy + Eq + fmt::Debug;
    /// Number of bytes in [`Self::Bytes`].
    const HASH_LEN: usize;
    /// The algorithm's name as `xxhsum --tag` prints it: `"XXH3"`, `"XXH128"`, `"XXH64"`, `"XXH32"`;
    /// `"CRC32"` and `"CRC64"` for the CRCs, whatever their parameter set.
    const NAME: &'static str;

    /// Appends `data` to the bytes hashed so far.
    fn append(&mut self, data: &[u8]);

    /// The hash of everything appended since the hasher was made or last reset.
    ///
    /// It does not change the state: more data can be appended afterwards.
    fn current_hash(&self) -> Self::Output;

    /// [`current_hash`](Self::current_hash) as bytes in canonical order: big-endian for the
    /// xxHash family (the order `xxhsum` prints), and what .NET's `GetCurrentHash` returns for
    /// every algorithm (so CRC-32 little-endian, CRC-64 big-endian).
    fn current_hash_bytes(&self) -> Self::Bytes;

    /// Forgets all appended data, going back to the seed or secret the hasher was made with.
    fn reset(&mut self);

    /// Returns [`current_hash`](Self::current_hash), then [`reset`](Self::reset)s.
    ///
    /// ```
    /// use iohash::{NonCryptographicHasher, XxHash64};
    ///
    /// let mut hasher = XxHash64::with_seed(7);
    /// hasher.append(b"first record");
    /// let first = hasher.hash_and_reset();
    /// hasher.append(b"first record");
    /// assert_eq!(hasher.current_hash(), first);
    /// ```
    fn hash_and_reset(&mut self) -> Self::Output {
        let hash = self.current_hash();
        self.reset();
        hash
    }

    /// Appends everything `reader` yields until end of file, returning how many bytes that was.
    ///
    /// This is [`io::copy`] into the hasher, so it keeps `io::copy`'s fast paths: a `&[u8]` is
    /// handed over whole (pass `&mut &data[..]`, so that the reader type is `&[u8]`), as are the
    /// two halves of a `VecDeque<u8>`. Any other reader, such as a [`std::fs::File`], is read
    /// [`LARGE_READ_LEN`](crate::LARGE_READ_LEN) bytes at a time rather than `io::copy`'s
    /// 8 KiB: fewer system calls, and chunks large enough for the SIMD loop. The read buffer is
    /// allocated on a thread's first call for each hasher type and kept for the thread's life
    /// (64 KiB per hasher type per thread), so calls after the first allocate nothing.
    ///
    /// [`io::ErrorKind::Interrupted`] is retried. Any other error is returned, and the hash then
    /// covers exactly the bytes read before it.
    ///
    /// # Example
    /// ```
    /// use iohash::{NonCryptographicHasher, XxHash3};
    ///
    /// # fn main() -> std::io::Result<()> {
    /// # let dir = tempfile::tempdir()?;
    /// # let path = dir.path().join("data.bin");
    /// # std::fs::write(&path, b"file contents")?;
    /// let mut file = std::fs::File::open(&path)?;
    /// let mut hasher = XxHash3::new();
    /// let len = hasher.append_from_reader(&mut file)?;
    /// assert_eq!(len, 13);
    /// assert_eq!(hasher.current_hash(), XxHash3::hash(b"file contents"));
    /// # Ok(())
    /// # }
    /// ```
    fn append_from_reader<R: Read + ?Sized>(&mut self, reader: &mut R) -> io::Result<u64>
    where
        Self: 'static,
    {
        crate::io::append_from_reader_cached(self, reader)
    }

    /// Appends everything a [`BufRead`] yields, straight from its buffer: no copy, no allocation.
    ///
    /// Use it for a `BufReader`, an `io::Cursor`, a `StdinLock` or a `&[u8]`. Errors are handled
    /// as in [`append_from_reader`](Self::append_from_reader).
    ///
    /// # Example
    /// ```
    /// use iohash::{NonCryptographicHasher, XxHash128};
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
        crate::io::append_from_buf_reader(self, reader)
    }

    /// Appends the contents of the file at `path`; see [`append_file`](crate::append_file) for
    /// the read strategy and the errors (a directory, a file changed while it was hashed).
    ///
    /// ```
    /// use iohash::{NonCryptographicHasher, XxHash128};
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
        crate::file::append_file(self, path)
    }

    /// Appends the remaining bytes of a [`bytes::Buf`] chunk by chunk: a `Chain` of `Bytes`,
    /// a `BytesMut`, a `VecDeque<u8>` or any other `Buf` is hashed where it lies, never
    /// copied into one buffer. `buf` is consumed; pass a clone (cheap for `Bytes`) or `&mut`
    /// to decide what happens to the original. A single `Bytes` is simply `append(&bytes)`.
    ///
    /// ```
    /// use bytes::{Buf, Bytes};
    /// use iohash::{NonCryptographicHasher, XxHash3};
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
        crate::buf::append_buf(self, buf);
    }
}

/// `io::Write` for a hasher, written once: every write takes all of its input and is the same as
/// `append`, so no byte is ever refused and `flush` has nothing to do.
macro_rules! impl_write_by_append {
    ($hasher:ty) => {
        $crate::hasher::impl_write_by_append!($hasher, $crate::NonCryptographicHasher::append);
    };
    ($hasher:ty, inherent) => {
        $crate::hasher::impl_write_by_append!($hasher, <$hasher>::append);
    };
    ($hasher:ty, $append:expr) => {
        /// Writing is appending: `write` takes all of `buf` and returns its length, and
        /// `write_vectored` hashes every slice in order without copying.
        impl std::io::Write for $hasher {
            #[inline]
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                $append(self, buf);
                Ok(buf.len())
            }

            #[inline]
            fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
                $append(self, buf);
                Ok(())
            }

            fn write_vectored(&mut self, bufs: &[std::io::IoSlice<'_>]) -> std::io::Result<usize> {
                let mut written = 0;
                for buf in bufs {
                    $append(self, buf);
                    written += buf.len();
                }
                Ok(written)
            }

            #[inline]
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }

        /// Writing is appending, as for `io::Write`: every write is ready at once and takes all
        /// it is given; flush and shutdown have nothing to do.
        #[cfg(feature = "tokio")]
        impl ::tokio::io::AsyncWrite for $hasher {
            fn poll_write(
                self: core::pin::Pin<&mut Self>,
                _: &mut core::task::Context<'_>,
                buf: &[u8],
            ) -> core::task::Poll<std::io::Result<usize>> {
                $append(self.get_mut(), buf);
                core::task::Poll::Ready(Ok(buf.len()))
            }

            fn poll_write_vectored(
                self: core::pin::Pin<&mut Self>,
                _: &mut core::task::Context<'_>,
                bufs: &[std::io::IoSlice<'_>],
            ) -> core::task::Poll<std::io::Result<usize>> {
                let this = self.get_mut();
                let mut written = 0;
                for buf in bufs {
                    $append(this, buf);
                    written += buf.len();
                }
                core::task::Poll::Ready(Ok(written))
            }

            fn is_write_vectored(&self) -> bool {
                true
            }

            fn poll_flush(
                self: core::pin::Pin<&mut Self>,
                _: &mut core::task::Context<'_>,
            ) -> core::task::Poll<std::io::Result<()>> {
                core::task::Poll::Ready(Ok(()))
            }

            fn poll_shutdown(
                self: core::pin::Pin<&mut Self>,
                _: &mut core::task::Context<'_>,
            ) -> core::task::Poll<std::io::Result<()>> {
                core::task::Poll::Ready(Ok(()))
            }
        }
    };
}
pub(crate) use impl_write_by_append;
