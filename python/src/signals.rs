//! Ctrl-C while Rust reads files with the GIL released.
//!
//! Python runs signal handlers only on its main thread, and only when that thread runs Python
//! code or calls `PyErr_CheckSignals`. A file read in Rust runs no Python code, so without a
//! check a `KeyboardInterrupt` waits for the file's end, or forever for a FIFO. So the reading
//! thread, if it is the main one, takes the GIL between reads (at most every
//! [`CHECK_INTERVAL`]) and lets Python run its handlers; an exception they raise stops every
//! thread of the call and is what the call raises.
//!
//! The library runs the check on the calling thread only, and stops its own threads when it
//! fails. The call also keeps the first thread the system refused, to warn of once it has the
//! GIL again: slower, the same hash.

use std::ffi::CString;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use iohash::ReadObserver;
use pyo3::exceptions::PyRuntimeWarning;
use pyo3::prelude::*;

/// How long a read may go on after Ctrl-C: short enough to feel at once, long enough that
/// taking the GIL costs nothing beside the reads.
pub(crate) const CHECK_INTERVAL: Duration = Duration::from_millis(50);

/// What the threads of one call share: whether to stop, the exception that stopped them, and
/// the first thread the library's reading of a file could not have.
pub(crate) struct Interrupts {
    stop: AtomicBool,
    raised: Mutex<Option<PyErr>>,
    /// Threads asked for, threads that read, and the system's refusal.
    refused: Mutex<Option<(usize, usize, io::Error)>>,
    /// Whether the calling thread is Python's main thread, the one that runs handlers.
    on_main_thread: bool,
}

impl Interrupts {
    /// For a call made now, on this thread (the GIL held).
    pub(crate) fn new(py: Python<'_>) -> PyResult<Interrupts> {
        let threading = py.import("threading")?;
        let main = threading.call_method0("main_thread")?.getattr("ident")?;
        let current = threading.call_method0("get_ident")?;
        Ok(Interrupts {
            stop: AtomicBool::new(false),
            raised: Mutex::new(None),
            refused: Mutex::new(None),
            on_main_thread: main.eq(current)?,
        })
    }

    /// The check the calling thread makes between reads.
    pub(crate) fn caller(&self) -> Check<'_> {
        Check {
            interrupts: self,
            runs_handlers: self.on_main_thread,
            next: Instant::now() + CHECK_INTERVAL,
        }
    }

    /// The exception a signal handler raised, if one did: what the call raises in place of
    /// the error the reads ended with.
    pub(crate) fn raised(&self) -> Option<PyErr> {
        self.raised
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    /// A `RuntimeWarning` if the system refused a thread of this call: `done` (what was read,
    /// "the file was read") went on with fewer threads. An error where the warnings filter
    /// makes the warning one.
    pub(crate) fn warn_of_refused_thread(&self, py: Python<'_>, done: &str) -> PyResult<()> {
        let refused = self
            .refused
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        match refused {
            Some((asked, working, error)) => warn_refused_thread(py, done, asked, working, &error),
            None => Ok(()),
        }
    }
}

/// A `RuntimeWarning` that the system refused a thread and `done` went on with `working`
/// threads, not `asked`: slower, the same hashes. It points at the line that called iohash,
/// through any of the package's own functions, and is an error where the warnings filter
/// makes it one.
pub(crate) fn warn_refused_thread(
    py: Python<'_>,
    done: &str,
    asked: usize,
    working: usize,
    error: &io::Error,
) -> PyResult<()> {
    let threads = if working == 1 { "thread" } else { "threads" };
    // "Resource temporarily unavailable", without std's " (os error 11)".
    let cause = error.to_string();
    let cause = cause.split(" (os error ").next().unwrap_or_default();
    let message = format!(
        "the system refused a thread ({cause}); {done} on {working} {threads}, not {asked}"
    );
    // An io::Error's text holds no NUL, nor do the callers' words.
    let message = CString::new(message).unwrap_or_default();
    let category = py.get_type::<PyRuntimeWarning>();
    PyErr::warn(py, &category, &message, callers_level(py))
}

/// The `stacklevel` of the innermost frame outside the iohash package: 1 for a method the
/// user called, 2 through a function of the package (`file_digest`), and so on.
fn callers_level(py: Python<'_>) -> i32 {
    let Ok(sys) = py.import("sys") else {
        return 1;
    };
    let in_package = |depth: i32| -> Option<bool> {
        let frame = sys.call_method1("_getframe", (depth,)).ok()?;
        let name: String = frame
            .getattr("f_globals")
            .ok()?
            .get_item("__name__")
            .ok()?
            .extract()
            .ok()?;
        Some(name == "iohash" || name.starts_with("iohash."))
    };
    let mut depth = 0;
    while depth < 100 && in_package(depth) == Some(true) {
        depth += 1;
    }
    depth + 1
}

/// One thread's checks.
pub(crate) struct Check<'a> {
    interrupts: &'a Interrupts,
    runs_handlers: bool,
    next: Instant,
}

impl ReadObserver for Check<'_> {
    /// An error once the call is to stop: on the main thread, when a signal handler raised.
    fn check(&mut self) -> io::Result<()> {
        if self.interrupts.stop.load(Ordering::Relaxed) {
            return Err(stopped());
        }
        if !self.runs_handlers {
            return Ok(());
        }
        let now = Instant::now();
        if now < self.next {
            return Ok(());
        }
        self.next = now + CHECK_INTERVAL;
        let Err(raised) = Python::attach(|py| py.check_signals()) else {
            return Ok(());
        };
        *self
            .interrupts
            .raised
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(raised);
        self.interrupts.stop.store(true, Ordering::Relaxed);
        Err(stopped())
    }

    /// Kept for the call to warn of (the first only), as the GIL is not held here.
    fn thread_refused(&mut self, asked: usize, started: usize, error: &io::Error) {
        let mut refused = self
            .interrupts
            .refused
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if refused.is_none() {
            // The error's kind and words; `io::Error` is not `Clone`.
            let copy = match error.raw_os_error() {
                Some(code) => io::Error::from_raw_os_error(code),
                None => io::Error::new(error.kind(), error.to_string()),
            };
            *refused = Some((asked, started, copy));
        }
    }
}

/// The error the reads stop with; the call raises the handler's exception instead. Never of
/// the kind `Interrupted`, which read loops retry.
fn stopped() -> io::Error {
    io::Error::other("stopped by a signal")
}
