//! The bottom of the I/O layer: how bytes get from a `Read` or `BufRead` into a hasher or any
//! writer. Imports nothing of the I/O layer above it but the read buffer, and the core trait.
//!
//! Nothing here keeps state between calls: no per-thread buffer, no copy of a caller's hasher.

use std::io::{self, BufRead, ErrorKind, Read, Write};

use super::observer::ReadObserver;
use super::read_buffer::ReadBuffer;
use crate::DynHasher;

/// Bytes asked for per `read` call when a file is hashed by path or as an open `File` on one
/// thread ([`append_file`](crate::HasherExt::append_file),
/// [`append_open_file`](crate::HasherExt::append_open_file),
/// [`hash_file`](crate::hash_file) below 64 MiB, and with one thread at any size), where
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

/// Everything `reader` yields, written to `sink`, read `read_len` bytes at a time
/// ([`LARGE_READ_LEN`] for a file) into a [`ReadBuffer`] allocated per call, where
/// [`io::copy`] would read 8 KiB into a buffer on the stack wherever it sits in its page. Each
/// read goes to `sink` as it comes, so on an error the sink has every byte read.
pub(crate) fn copy_in_large_reads<W, R>(
    sink: &mut W,
    reader: &mut R,
    read_len: usize,
) -> io::Result<u64>
where
    W: Write + ?Sized,
    R: Read + ?Sized,
{
    let mut buf = ReadBuffer::new(read_len)?;
    let mut len = 0u64;
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => return Ok(len),
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        sink.write_all(&buf[..n])?;
        len += n as u64;
    }
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

/// A reader that calls its observer's `check` before each read, and again before retrying one
/// a signal interrupted; an error from `check` ends the reading with that error.
pub(crate) struct Checked<'a, R: ?Sized> {
    pub(crate) reader: &'a mut R,
    pub(crate) observer: &'a mut dyn ReadObserver,
}

impl<R: Read + ?Sized> Read for Checked<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            self.observer.check()?;
            match self.reader.read(buf) {
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                result => return result,
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::read_buffer::{Offsets, PAGE_OFFSET};

    /// A reader interrupted by a signal is retried after `check` passes, and not after it fails.
    #[test]
    fn an_interrupted_read_is_checked_before_it_is_retried() {
        struct Interrupting(bool);
        impl Read for Interrupting {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                self.0 = !self.0;
                match self.0 {
                    true => Err(ErrorKind::Interrupted.into()),
                    false => Ok(buf.len().min(1)),
                }
            }
        }
        let mut calls = 0;
        let mut reader = Checked {
            reader: &mut Interrupting(false),
            observer: &mut || {
                calls += 1;
                match calls {
                    1..=4 => Ok(()),
                    _ => Err(io::Error::other("stop")),
                }
            },
        };
        let mut buf = [0; 4];
        assert_eq!(reader.read(&mut buf).unwrap(), 1);
        assert_eq!(reader.read(&mut buf).unwrap(), 1);
        assert_eq!(reader.read(&mut buf).unwrap_err().to_string(), "stop");
        assert_eq!(calls, 5);
    }

    #[test]
    fn large_reads_go_into_buffers_at_the_page_offset() {
        let data = vec![3u8; 2 * LARGE_READ_LEN + 1];
        let mut offsets = Offsets::default();
        let read = copy_in_large_reads(
            &mut Appender(&mut offsets),
            &mut io::Cursor::new(&data),
            LARGE_READ_LEN,
        )
        .unwrap();
        assert_eq!(read, data.len() as u64);
        assert_eq!(offsets.0, [PAGE_OFFSET; 3]);
    }
}
