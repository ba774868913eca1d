//! Tee adapters: [`HashingReader`] and [`HashingWriter`] hash the bytes that pass through them
//! on their way somewhere else, so data is hashed while it is copied, without a second pass.

use std::io::{self, BufRead, IoSlice, IoSliceMut, Read, Write};

use crate::DynHasher;

/// Appends the first `n` bytes of a list of slices to `hasher`, in order.
fn append_prefix<'a, H: DynHasher + ?Sized>(
    hasher: &mut H,
    slices: impl Iterator<Item = &'a [u8]>,
    mut n: usize,
) {
    for slice in slices {
        if n == 0 {
            break;
        }
        let take = slice.len().min(n);
        hasher.append(&slice[..take]);
        n -= take;
    }
}

/// `n`, the count a `read` or `write` returned for buffers of `len` bytes, or an error if it
/// claims more than they hold: a broken `Read` or `Write` is an error here, not a panic or a
/// hash of bytes that were never read or written.
fn claimed(n: usize, len: usize, what: &str) -> io::Result<usize> {
    if n <= len {
        Ok(n)
    } else {
        Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("the inner {what} claimed {n} bytes of a buffer of {len}"),
        ))
    }
}

/// A reader that hashes every byte read through it.
///
/// ```
/// use iohash::{HashingReader, NonCryptographicHasher, XxHash3};
///
/// # fn main() -> std::io::Result<()> {
/// let payload = b"bytes on their way somewhere".to_vec();
/// let mut reader = HashingReader::new(&payload[..], XxHash3::new());
/// let mut copy = Vec::new();
/// std::io::copy(&mut reader, &mut copy)?;
/// let (_, hasher) = reader.into_inner();
/// assert_eq!(hasher.current_hash(), XxHash3::hash(&payload));
/// # Ok(())
/// # }
/// ```
///
/// The hasher can be any [`DynHasher`]: a concrete one, an [`AnyHasher`](crate::AnyHasher)
/// for an algorithm chosen at run time, a `Box<dyn DynHasher + Send>`, or `&mut` one of those
/// to keep it with the caller.
///
/// ```
/// use iohash::{Algorithm, HashingReader, NonCryptographicHasher};
/// use std::io::Read;
///
/// # fn main() -> std::io::Result<()> {
/// let mut reader = HashingReader::new(&b"abc"[..], Algorithm::Xxh3.hasher(0));
/// reader.read_to_end(&mut Vec::new())?;
/// assert_eq!(reader.hasher().current_hash(), u128::from(iohash::XxHash3::hash(b"abc")));
/// # Ok(())
/// # }
/// ```
///
/// Through [`BufRead`] (when `R` is one), what is hashed is what is
/// [`consume`](BufRead::consume)d, which must not exceed what the last
/// [`fill_buf`](BufRead::fill_buf) returned (as the trait requires).
#[derive(Clone, Debug)]
pub struct HashingReader<R, H> {
    inner: R,
    hasher: H,
}

impl<R, H: DynHasher> HashingReader<R, H> {
    /// Wraps `inner`; `hasher` receives every byte read from now on.
    pub fn new(inner: R, hasher: H) -> Self {
        HashingReader { inner, hasher }
    }

    /// The hasher, holding the bytes read so far.
    pub fn hasher(&self) -> &H {
        &self.hasher
    }

    /// The hasher, mutably (to reset it between records, say).
    pub fn hasher_mut(&mut self) -> &mut H {
        &mut self.hasher
    }

    /// The wrapped reader. Reading from it directly bypasses the hasher.
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The wrapped reader, mutably. Reading from it directly bypasses the hasher.
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// The reader and the hasher.
    pub fn into_inner(self) -> (R, H) {
        (self.inner, self.hasher)
    }
}

impl<R: Read, H: DynHasher> Read for HashingReader<R, H> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = claimed(self.inner.read(buf)?, buf.len(), "reader")?;
        self.hasher.append(&buf[..n]);
        Ok(n)
    }

    fn read_vectored(&mut self, bufs: &mut [IoSliceMut<'_>]) -> io::Result<usize> {
        let len = bufs.iter().map(|b| b.len()).sum();
        let n = claimed(self.inner.read_vectored(bufs)?, len, "reader")?;
        append_prefix(&mut self.hasher, bufs.iter().map(|b| &b[..]), n);
        Ok(n)
    }
}

impl<R: BufRead, H: DynHasher> BufRead for HashingReader<R, H> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if amount > 0 {
            // The bytes consumed are those the last fill_buf returned, still buffered: asking
            // again returns them without a read.
            if let Ok(buffered) = self.inner.fill_buf() {
                self.hasher.append(&buffered[..amount.min(buffered.len())]);
            }
        }
        self.inner.consume(amount);
    }
}

/// A writer that hashes exactly the bytes its inner writer accepted.
///
/// A short write hashes only the prefix that was written, and a failed write hashes nothing,
/// so the hash always describes what reached the inner writer. `write_vectored` and `flush`
/// are forwarded.
///
/// ```
/// use iohash::{HashingWriter, NonCryptographicHasher, XxHash64};
/// use std::io::Write;
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("out.bin");
/// let mut writer = HashingWriter::new(std::fs::File::create(&path)?, XxHash64::new());
/// writer.write_all(b"written once, ")?;
/// writer.write_all(b"never read back")?;
/// let (_file, hasher) = writer.into_inner();
/// assert_eq!(hasher.current_hash(), iohash::hash_file::<XxHash64>(&path)?);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct HashingWriter<W, H> {
    inner: W,
    hasher: H,
}

impl<W, H: DynHasher> HashingWriter<W, H> {
    /// Wraps `inner`; `hasher` receives every byte written to it from now on.
    pub fn new(inner: W, hasher: H) -> Self {
        HashingWriter { inner, hasher }
    }

    /// The hasher, holding the bytes written so far.
    pub fn hasher(&self) -> &H {
        &self.hasher
    }

    /// The hasher, mutably.
    pub fn hasher_mut(&mut self) -> &mut H {
        &mut self.hasher
    }

    /// The wrapped writer. Writing to it directly bypasses the hasher.
    pub fn get_ref(&self) -> &W {
        &self.inner
    }

    /// The wrapped writer, mutably. Writing to it directly bypasses the hasher.
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.inner
    }

    /// The writer and the hasher.
    pub fn into_inner(self) -> (W, H) {
        (self.inner, self.hasher)
    }
}

impl<W: Write, H: DynHasher> Write for HashingWriter<W, H> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = claimed(self.inner.write(buf)?, buf.len(), "writer")?;
        self.hasher.append(&buf[..n]);
        Ok(n)
    }

    fn write_vectored(&mut self, bufs: &[IoSlice<'_>]) -> io::Result<usize> {
        let len = bufs.iter().map(|b| b.len()).sum();
        let n = claimed(self.inner.write_vectored(bufs)?, len, "writer")?;
        append_prefix(&mut self.hasher, bufs.iter().map(|b| &b[..]), n);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
