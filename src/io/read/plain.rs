//! The engine's way for anything short and anything but a regular file: the calling thread
//! reads and hashes in turn, [`LARGE_READ_LEN`] bytes at a time.

use std::io::{self, ErrorKind, Read};

use super::observer::ReadObserver;
use crate::io::copy::LARGE_READ_LEN;
use crate::io::os::ReadBuffer;
use crate::DynHasher;

/// Reads known to be shorter than this go through a buffer on the stack: no allocation for
/// the many small files of a tree.
pub(super) const SMALL_READ_LEN: usize = LARGE_READ_LEN;

/// The stack buffer of a small read: `io::copy`'s size.
const STACK_LEN: usize = 8 << 10;

/// Appends everything `reader` yields to `hasher`, returning how many bytes. `small` says the
/// reader ends within [`SMALL_READ_LEN`] bytes. The observer's check runs before each read
/// (and again when a signal interrupts one), its progress after each.
pub(crate) fn read<H, R>(
    hasher: &mut H,
    reader: &mut R,
    small: bool,
    observer: &mut dyn ReadObserver,
) -> io::Result<u64>
where
    H: DynHasher + ?Sized,
    R: Read + ?Sized,
{
    if small {
        return read_into(hasher, reader, &mut [0; STACK_LEN], observer);
    }
    read_into(
        hasher,
        reader,
        &mut ReadBuffer::new(LARGE_READ_LEN)?,
        observer,
    )
}

fn read_into<H, R>(
    hasher: &mut H,
    reader: &mut R,
    buf: &mut [u8],
    observer: &mut dyn ReadObserver,
) -> io::Result<u64>
where
    H: DynHasher + ?Sized,
    R: Read + ?Sized,
{
    let mut len = 0u64;
    loop {
        observer.check()?;
        let n = match reader.read(buf) {
            Ok(0) => return Ok(len),
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        hasher.append(&buf[..n]);
        observer.progress(n as u64);
        len += n as u64;
    }
}
