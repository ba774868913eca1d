//! Reader paths: how bytes get from a `Read` or `BufRead` into a hasher.

use std::io::{self, BufRead, BufWriter, ErrorKind, Read, Write};

/// Bytes asked for per `read` call when [`append_from_reader`] reads a reader that `io::copy`
/// does not hand over whole (a `File`, a socket, a `Take`, a `Chain`...).
///
/// Measured with `cargo bench --bench read_size` (XXH3, a 64 MiB file in the page cache, 2-core
/// AMD EPYC with AVX2 and 1 MiB of L2 per core): reads of 64 KiB to 1 MiB all take ~10.8 ms, within noise of each other;
/// `io::copy`'s 8 KiB takes 13.9 ms (29% longer, one system call per 8 KiB), and 4 MiB takes
/// 12.1 ms (the buffer no longer fits in L2). 256 KiB sits in the middle of the flat range.
///
/// [`append_from_reader`]: crate::NonCryptographicHasher::append_from_reader
pub const LARGE_READ_LEN: usize = 256 * 1024;

/// `io::copy` into a `BufWriter` around the hasher.
///
/// The `BufWriter` is what turns `io::copy`'s 8 KiB stack buffer into `LARGE_READ_LEN` reads:
/// for a reader it does not specialize, `io::copy` reads straight into a `BufWriter`'s spare
/// capacity. A `&[u8]` or `VecDeque<u8>` still goes over in one `write_all`, which the
/// `BufWriter` passes through untouched once it is at least `LARGE_READ_LEN` long. If the copy
/// fails, dropping the `BufWriter` appends what it holds, so the hash covers every byte read.
pub(crate) fn append_from_reader<W, R>(hasher: &mut W, reader: &mut R) -> io::Result<u64>
where
    W: Write + ?Sized,
    R: Read + ?Sized,
{
    let mut writer = BufWriter::with_capacity(LARGE_READ_LEN, hasher);
    let len = io::copy(reader, &mut writer)?;
    writer.flush()?;
    Ok(len)
}

/// `fill_buf` / `consume` until the reader is empty, appending its buffer in place.
pub(crate) fn append_from_buf_reader<W, R>(hasher: &mut W, reader: &mut R) -> io::Result<u64>
where
    W: Write + ?Sized,
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
        hasher.write_all(chunk)?;
        let n = chunk.len();
        reader.consume(n);
        len += n as u64;
    }
}
