//! Reader paths: how bytes get from a `Read` or `BufRead` into a hasher.

use std::any::Any;
use std::cell::RefCell;
use std::io::{self, BufRead, BufWriter, ErrorKind, Read, Write};

/// Bytes asked for per `read` call when [`append_from_reader`] reads a reader that `io::copy`
/// does not hand over whole (a `File`, a socket, a `Take`, a `Chain`...).
///
/// Measured with `cargo bench --bench read_size` (XXH3, a 64 MiB file in the page cache, 2-core
/// AMD EPYC with AVX2 and 1 MiB of L2 per core): reads of 64 KiB to 1 MiB all take ~10.8 ms,
/// within noise of each other; `io::copy`'s 8 KiB takes 13.9 ms (29% longer, one system call
/// per 8 KiB), and 4 MiB takes 12.1 ms (the buffer no longer fits in L2). 64 KiB is the
/// smallest size in the flat range: the least memory kept per thread (see
/// [`append_from_reader`]), and slices from 64 KiB up go to the hasher without a copy.
///
/// [`append_from_reader`]: crate::NonCryptographicHasher::append_from_reader
pub const LARGE_READ_LEN: usize = 64 * 1024;

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

thread_local! {
    /// One `BufWriter<H>` per hasher type `H` used on this thread, kept between calls of
    /// [`append_from_reader_cached`] so its buffer is allocated once per thread, not per call.
    static WRITERS: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

/// [`append_from_reader`] with the `BufWriter` taken from a per-thread cache: the hasher's state
/// is swapped into the cached writer for the copy and swapped back after, so a call allocates
/// nothing once the thread has made one. A nested call on the same thread (a reader that
/// itself hashes) finds the cache in use and allocates its own.
pub(crate) fn append_from_reader_cached<H, R>(hasher: &mut H, reader: &mut R) -> io::Result<u64>
where
    H: Write + Clone + 'static,
    R: Read + ?Sized,
{
    WRITERS.with(|cell| {
        let Ok(mut writers) = cell.try_borrow_mut() else {
            return append_from_reader(hasher, reader);
        };
        let index = match writers.iter().position(|w| w.is::<BufWriter<H>>()) {
            Some(index) => index,
            None => {
                let writer = BufWriter::with_capacity(LARGE_READ_LEN, hasher.clone());
                writers.push(Box::new(writer));
                writers.len() - 1
            }
        };
        let Some(writer) = writers[index].downcast_mut::<BufWriter<H>>() else {
            unreachable!("found by its type above");
        };
        let lent = Lent::new(writer, hasher);
        let copied = io::copy(reader, lent.writer);
        lent.writer.flush()?;
        copied
    })
}

/// The hasher's state lent to a cached writer: given back on drop, so also on error or panic,
/// after the writer has appended what it buffered.
struct Lent<'a, H: Write> {
    writer: &'a mut BufWriter<H>,
    hasher: &'a mut H,
}

impl<'a, H: Write> Lent<'a, H> {
    fn new(writer: &'a mut BufWriter<H>, hasher: &'a mut H) -> Self {
        std::mem::swap(writer.get_mut(), hasher);
        Lent { writer, hasher }
    }
}

impl<H: Write> Drop for Lent<'_, H> {
    fn drop(&mut self) {
        // Hashers never fail a write, so this flush only moves the buffered bytes in.
        let _ = self.writer.flush();
        std::mem::swap(self.writer.get_mut(), self.hasher);
    }
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
