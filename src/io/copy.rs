//! The bottom of the I/O layer: how bytes get from a `Read` or `BufRead` into a hasher or any
//! writer. Imports nothing of the I/O layer, only the core trait.
//!
//! Nothing here keeps state between calls: no per-thread buffer, no copy of a caller's hasher.

use std::io::{self, BufRead, ErrorKind, Read, Write};

use crate::DynHasher;

/// Bytes asked for per `read` call when a file is read by the calling thread alone (a
/// [`FileRead`](crate::FileRead) below 64 MiB, or on one thread at any size), where
/// [`io::copy`] would read 8 KiB: fewer system calls,
/// and chunks long enough for the SIMD loops. The read size against time is measured by
/// `cargo bench -p iohash-benches --bench read_size` (BENCHMARKS.md); 64 KiB is the smallest
/// size in the flat part of that curve.
pub const LARGE_READ_LEN: usize = 64 * 1024;

/// [`io::copy`] into the hasher: `io::copy`'s own paths (a `&[u8]`, `VecDeque` or `BufReader`
/// handed over in place, anything else through 8 KiB on the stack), nothing allocated.
pub(crate) fn append_from_reader<W, R>(hasher: &mut W, reader: &mut R) -> io::Result<u64>
where
    W: DynHasher + ?Sized,
    R: Read + ?Sized,
{
    io::copy(reader, &mut Appender(hasher))
}

/// `fill_buf` / `consume` until the reader is empty, appending its buffer in place.
pub(crate) fn append_from_buf_reader<H, R>(hasher: &mut H, reader: &mut R) -> io::Result<u64>
where
    H: DynHasher + ?Sized,
    R: BufRead + ?Sized,
{
    let mut len = 0u64;
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) => return Ok(len),
            Ok(chunk) => chunk,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        hasher.append(chunk);
        let n = chunk.len();
        reader.consume(n);
        len += n as u64;
    }
}

/// Any [`DynHasher`] as an `io::Write`, for the helpers above.
pub(crate) struct Appender<'a, H: ?Sized>(pub(crate) &'a mut H);

impl<H: DynHasher + ?Sized> Write for Appender<'_, H> {
    #[inline]
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.append(buf);
        Ok(buf.len())
    }

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.append(buf);
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
