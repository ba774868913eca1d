//! Ctrl-C while Rust reads files with the GIL released.
//!
//! Python runs signal handlers only on its main thread, and only when that thread runs Python
//! code or calls `PyErr_CheckSignals`. A file read in Rust runs no Python code, so without a
//! check a `KeyboardInterrupt` waits for the file's end, or forever for a FIFO. So the reading
//! thread, if it is the main one, takes the GIL between reads (at most every
//! [`CHECK_INTERVAL`]) and lets Python run its handlers; an exception they raise stops every
//! thread of the call and is what the call raises.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use pyo3::prelude::*;

/// How long a read may go on after Ctrl-C: short enough to feel at once, long enough that
/// taking the GIL costs nothing beside the reads.
pub(crate) const CHECK_INTERVAL: Duration = Duration::from_millis(50);

/// What the threads of one call share: whether to stop, and the exception that stopped them.
pub(crate) struct Interrupts {
    stop: AtomicBool,
    raised: Mutex<Option<PyErr>>,
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

    /// The check another thread of the call makes: whether the caller has stopped.
    pub(crate) fn helper(&self) -> Check<'_> {
        Check {
            interrupts: self,
            runs_handlers: false,
            next: Instant::now(),
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
}

/// One thread's checks.
pub(crate) struct Check<'a> {
    interrupts: &'a Interrupts,
    runs_handlers: bool,
    next: Instant,
}

impl Check<'_> {
    /// An error once the call is to stop: on the main thread, when a signal handler raised.
    pub(crate) fn check(&mut self) -> io::Result<()> {
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
}

/// The error the reads stop with; the call raises the handler's exception instead. Never of
/// the kind `Interrupted`, which read loops retry.
fn stopped() -> io::Error {
    io::Error::other("stopped by a signal")
}
