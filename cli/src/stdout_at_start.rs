//! Whether standard output was closed when the process started (`iohash FILE >&-`).
//!
//! Before the command runs, Rust's runtime (or `start`, on Linux with glibc) opens `/dev/null`
//! on a closed descriptor 0, 1 or 2, so every write to standard output would succeed and each
//! line be lost, with exit status 0. The C runtime calls the functions of `.init_array` before
//! that, so one there records whether descriptor 1 was open. Linux only: elsewhere the
//! runtime's choice stands.
#![allow(unsafe_code)]

use std::sync::atomic::{AtomicBool, Ordering};

static CLOSED: AtomicBool = AtomicBool::new(false);

#[cfg(target_os = "linux")]
extern "C" fn record() {
    // SAFETY: `F_GETFD` only reads descriptor 1's flags; -1 (`EBADF`) means it is not open.
    let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
    CLOSED.store(closed, Ordering::Relaxed);
}

// SAFETY: `.init_array` holds pointers to functions taking and returning nothing, which the C
// runtime calls once before `main`; `record` is one, and touches only an atomic and `fcntl`.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static RECORD: extern "C" fn() = record;

/// Whether descriptor 1 was closed at start (and is now Rust's `/dev/null`); `false` where
/// this is not known.
pub fn was_closed() -> bool {
    CLOSED.load(Ordering::Relaxed)
}
