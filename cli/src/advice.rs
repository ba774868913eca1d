//! `--drop-cache`: the pages of a file just hashed leave the page cache (Linux,
//! `posix_fadvise`), so hashing a tree larger than memory does not push out what other
//! programs keep there. Elsewhere, the pages stay.
#![allow(unsafe_code)]

use std::fs::File;

/// Asks the kernel to drop `file`'s pages from the page cache: the clean ones go, written ones
/// stay until they are written back. A failure (a pipe) only means the pages stay.
#[cfg(target_os = "linux")]
pub fn drop_pages(file: &File) {
    use std::os::fd::AsRawFd;
    // SAFETY: `posix_fadvise` only reads its arguments, and the descriptor is open for as long
    // as `file` lives.
    unsafe {
        libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED);
    }
}

#[cfg(not(target_os = "linux"))]
pub fn drop_pages(_: &File) {}
