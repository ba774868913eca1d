//! What the file engine asks of the operating system: positional reads, and the one way the
//! library allocates a buffer that the kernel reads a file into.
//!
//! Where a buffer sits in its page decides how fast the kernel copies into it on some CPUs.
//! Linux copies out of the page cache with `rep movsb`, which some AMD CPUs run far slower when
//! the destination sits a few bytes past a page boundary (Zen 3 and Zen 4 in BENCHMARKS.md and
//! `../shared/measurements/`), or at the boundary itself on the CPU of apache/opendal #3665
//! (glibc bug 30994 describes the same). A large `Vec` comes from `malloc`'s `mmap`, 16 bytes
//! past a page boundary: a slow case. So every read buffer starts [`READ_BUFFER_OFFSET`] bytes
//! past a page boundary, clear of both slow windows. `benches/bigfile.sh` measures the offsets
//! on the CPU it runs on.

use std::fs::File;
use std::io;
use std::ops::{Deref, DerefMut};

/// Whether this system reads a file at a position without moving the handle's, so that several
/// threads can read one handle at once.
pub(crate) const POSITIONAL: bool = cfg!(any(unix, windows));

/// Reads into `buf` from byte `offset` of `file`; on Unix the handle's position does not move.
#[cfg(unix)]
pub(crate) fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

/// Reads into `buf` from byte `offset` of `file`.
#[cfg(windows)]
pub(crate) fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, offset)
}

/// Without positional reads, a seek and a read; [`POSITIONAL`] is then false, so the engine
/// never shares the handle between threads.
#[cfg(not(any(unix, windows)))]
pub(crate) fn read_at(mut file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    use std::io::{Read, Seek, SeekFrom};
    file.seek(SeekFrom::Start(offset))?;
    file.read(buf)
}

/// Fills `buf` from byte `offset` of `file`, short only at the end of the file.
pub(crate) fn read_full(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match read_at(file, &mut buf[filled..], offset + filled as u64) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// Bytes `offset..offset + len` of an open file, by positional reads: several can read one
/// handle at once, and the handle's position stays where it was.
pub(crate) struct RangeReader<'a> {
    file: &'a File,
    offset: u64,
    end: u64,
}

impl<'a> RangeReader<'a> {
    pub(crate) fn new(file: &'a File, offset: u64, len: u64) -> Self {
        RangeReader {
            file,
            offset,
            end: offset.saturating_add(len),
        }
    }
}

impl io::Read for RangeReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = usize::try_from(self.end - self.offset).unwrap_or(usize::MAX);
        let want = buf.len().min(left);
        if want == 0 {
            return Ok(0);
        }
        let read = read_at(self.file, &mut buf[..want], self.offset)?;
        self.offset += read as u64;
        Ok(read)
    }
}

/// How far past a page boundary every buffer the library reads a file into starts: clear of the
/// slow windows of the kernel's copy (this module's doc says which). A program or a binding
/// that reads into buffers of its own places them so too: the Python package's `file_digest`
/// does, in a page-aligned `mmap`.
///
/// ```
/// assert_eq!(iohash::READ_BUFFER_OFFSET % 64, 0);
/// assert!(iohash::READ_BUFFER_OFFSET < 4096);
/// ```
pub const READ_BUFFER_OFFSET: usize = 256;

/// The boundary the slow windows are measured against: the x86-64 page. (A larger page is a
/// multiple of it, so a buffer placed against it is placed against those too.)
const PAGE: usize = 4096;

/// A zeroed buffer of a given length that starts [`READ_BUFFER_OFFSET`] bytes past a page
/// boundary.
pub(crate) struct ReadBuffer {
    bytes: Box<[u8]>,
    start: usize,
    len: usize,
}

impl ReadBuffer {
    /// A buffer of `len` bytes; an allocation the system refuses is an error of kind
    /// `OutOfMemory`, not an abort. The error carries no message: making one allocates, and
    /// with no memory left that allocation aborted the program (`iohash.hash_files` under a
    /// limit on the address space, musl's malloc).
    pub(crate) fn new(len: usize) -> io::Result<Self> {
        let refused = || io::Error::from(io::ErrorKind::OutOfMemory);
        // Room to move the start anywhere within one page. Safe code places it: the buffer is
        // a sub-slice of a longer allocation.
        let total = len.checked_add(PAGE - 1).ok_or_else(refused)?;
        let mut bytes = Vec::new();
        bytes.try_reserve_exact(total).map_err(|_| refused())?;
        bytes.resize(total, 0);
        let bytes = bytes.into_boxed_slice();
        let start = READ_BUFFER_OFFSET.wrapping_sub(bytes.as_ptr() as usize) % PAGE;
        Ok(Self { bytes, start, len })
    }
}

impl Deref for ReadBuffer {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.bytes[self.start..self.start + self.len]
    }
}

impl DerefMut for ReadBuffer {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.bytes[self.start..self.start + self.len]
    }
}

/// A hasher that keeps where each append's bytes sit in their page, that is, in the buffer the
/// kernel read them into: what the tests of every read path check.
#[cfg(test)]
#[derive(Clone, Default)]
pub(crate) struct Offsets(pub(crate) Vec<usize>);

#[cfg(test)]
impl crate::DynHasher for Offsets {
    fn append(&mut self, data: &[u8]) {
        self.0.push(data.as_ptr() as usize % PAGE);
    }
    fn reset(&mut self) {
        self.0.clear();
    }
    fn hash_len(&self) -> usize {
        0
    }
    fn current_hash_into(&self, _out: &mut [u8]) -> usize {
        0
    }
    fn name(&self) -> &'static str {
        "offsets"
    }
    fn box_clone(&self) -> Box<dyn crate::DynHasher + Send> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
    fn a_range_reader_stops_at_its_end_and_reads_from_its_offset() {
        use std::io::Read;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, b"0123456789").unwrap();
        let file = File::open(&path).unwrap();
        let mut out = Vec::new();
        RangeReader::new(&file, 3, 4).read_to_end(&mut out).unwrap();
        assert_eq!(out, b"3456");
        out.clear();
        RangeReader::new(&file, 8, 100)
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, b"89");
    }

    #[test]
    fn every_buffer_starts_at_the_offset_and_is_zeroed() {
        for len in [0, 1, 4095, 4096, 65536, 256 << 10, 1 << 20, (1 << 20) + 3] {
            let buffer = ReadBuffer::new(len).unwrap();
            assert_eq!(buffer.len(), len);
            if len > 0 {
                assert_eq!(
                    buffer.as_ptr() as usize % PAGE,
                    READ_BUFFER_OFFSET,
                    "len {len}"
                );
            }
            assert!(buffer.iter().all(|&b| b == 0));
        }
    }

    #[test]
    fn an_allocation_the_system_refuses_is_an_error() {
        let err = ReadBuffer::new(usize::MAX / 2).err().unwrap();
        assert_eq!(err.kind(), io::ErrorKind::OutOfMemory);
        assert!(ReadBuffer::new(usize::MAX).is_err());
    }
}
