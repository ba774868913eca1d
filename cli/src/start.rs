//! The process's entry on Linux with glibc: the C runtime's `main`, without Rust's set-up.
//!
//! Before Rust's `main`, its runtime reads `/proc/self/maps` to find the main thread's stack,
//! puts a stack-overflow handler on an alternate stack and polls descriptors 0 to 2. That costs
//! more than hashing a small file, and scripts run the command once per file. This `main` does
//! only what the command relies on: SIGPIPE ignored, so a reader that went away is a write error
//! the command reports, and `/dev/null` opened on a closed descriptor 0, 1 or 2, so that no file
//! the command opens takes its number. The standard library still has the arguments (glibc
//! passes them to `.init_array`), and `process::exit` flushes standard output as the end of
//! Rust's `main` does. What is lost: the message on a stack overflow (the signal stays).
#![allow(unsafe_code)]

use std::ffi::{c_char, c_int};

// SAFETY: the C runtime calls `main` once, with the arguments, from the process's first
// thread; no other `main` is linked (the crate is `no_main` here).
#[no_mangle]
extern "C" fn main(_argc: c_int, _argv: *const *const c_char) -> c_int {
    ignore_sigpipe();
    for fd in 0..=2 {
        open_if_closed(fd);
    }
    std::process::exit(i32::from(crate::command()))
}

fn ignore_sigpipe() {
    // SAFETY: setting SIGPIPE's disposition to "ignore" touches no memory of this process;
    // Rust's runtime does the same.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
}

/// Opens `/dev/null` on descriptor `fd` if it is closed (the lower ones are open by then, so
/// `open` returns `fd`). Left closed if `/dev/null` cannot be opened.
fn open_if_closed(fd: c_int) {
    // SAFETY: `F_GETFD` only reads the descriptor's flags; -1 means it is not open.
    if unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1 {
        // SAFETY: a NUL-terminated path; the descriptor returned stays open for the process.
        unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
    }
}
