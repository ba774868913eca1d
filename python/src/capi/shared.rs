//! A hasher that Python threads share, without an atomic operation on the common path.
//!
//! A `Mutex` costs two locked instructions a call, half of python-xxhash's whole `update` of 16
//! bytes on the Zen 5 this was measured on (benches/results/python-package.md, "The run before",
//! the targets). But most calls hold the GIL from start to end, and the GIL already keeps them
//! apart. Only work done with the GIL released (inputs of 16 KiB and more, files) needs a lock of
//! its own. So a count of the threads that hold or wait for that lock, read and changed only with
//! the GIL held, tells a call holding the GIL whether it may use the hasher at once: when the count
//! is zero, no other thread can reach the hasher until this one lets the GIL go, which it does not
//! do while it uses it.
//!
//! Free-threaded CPython (a build with `Py_GIL_DISABLED`) has no GIL to lean on, so there each
//! hasher is behind a `Mutex` of its own, as blake3's binding does, taken by every call.
//! PyO3 refuses subinterpreters, which could have a GIL each; on a build with a GIL,
//! `check_gil` refuses an interpreter that says its GIL is off.

use pyo3::prelude::*;

#[cfg(Py_GIL_DISABLED)]
pub(crate) use free_threaded::Shared;

#[cfg(not(Py_GIL_DISABLED))]
pub(crate) use with_gil::Shared;

/// The hasher behind the GIL and a lock for the calls that release it.
#[cfg(not(Py_GIL_DISABLED))]
mod with_gil {
    use std::cell::{Cell, UnsafeCell};
    use std::sync::{Mutex, PoisonError};

    use iohash::AnyHasher;
    use pyo3::prelude::*;

    /// A hasher, with what keeps the threads using it apart.
    pub(crate) struct Shared {
        hasher: UnsafeCell<AnyHasher>,
        /// Whether a thread uses the hasher with the GIL held; read and changed only with the GIL.
        in_use: Cell<bool>,
        /// The threads that hold or wait for `lock`; read and changed only with the GIL held.
        detached: Cell<usize>,
        /// Held by the one thread using the hasher with the GIL released.
        lock: Mutex<()>,
    }

    // SAFETY: `in_use` and `detached` are only read and changed by a thread holding the GIL
    // (every method takes a `Python` token, and they are touched outside `py.detach`), so those
    // accesses never overlap and the GIL orders them. The hasher is reached either by the thread
    // that set `in_use` while `detached` was zero (no other thread reaches it until `in_use` is
    // cleared: any other call finding it set panics, even if the first let the GIL go), or under
    // `lock` by a thread counted in `detached` that found `in_use` clear (a thread holding the
    // GIL then finds `detached` non-zero and joins them; `lock` keeps the counted ones apart).
    // The GIL's and the lock's release and acquire order the writes to the hasher.
    unsafe impl Sync for Shared {}

    /// Clears `in_use` when dropped, also when the work in between panics (dropped with the GIL
    /// held, as the cell is only touched with it).
    struct InUse<'a>(&'a Cell<bool>);

    impl Drop for InUse<'_> {
        fn drop(&mut self) {
            self.0.set(false);
        }
    }

    /// Counts a thread out of `detached` when dropped, also when its work panics (dropped with the
    /// GIL held: `py.detach` takes it back before it returns or goes on unwinding).
    struct Counted<'a>(&'a Cell<usize>);

    impl Drop for Counted<'_> {
        fn drop(&mut self) {
            self.0.set(self.0.get() - 1);
        }
    }

    impl Shared {
        /// `hasher`, used by no thread yet.
        pub(crate) fn new(hasher: AnyHasher) -> Shared {
            Shared {
                hasher: UnsafeCell::new(hasher),
                in_use: Cell::new(false),
                detached: Cell::new(0),
                lock: Mutex::new(()),
            }
        }

        /// The hasher, for the only holder of the `Shared`.
        pub(crate) fn get_mut(&mut self) -> &mut AnyHasher {
            self.hasher.get_mut()
        }

        /// Panics if this thread or another holding the GIL is inside `with`'s `f`: only possible
        /// if that `f` ran Python code, which none here does.
        fn check_not_in_use(&self) {
            assert!(!self.in_use.get(), "iohash: a hasher was used while in use");
        }

        /// Runs `f` on the hasher: at once with the GIL held when no thread is using it with the
        /// GIL released, otherwise as [`Shared::detached`] does, so a thread reading a file into
        /// the hasher does not stop every other Python thread that merely asks for its digest.
        pub(crate) fn with<R: Send>(
            &self,
            py: Python<'_>,
            f: impl FnOnce(&mut AnyHasher) -> R + Send,
        ) -> R {
            self.check_not_in_use();
            if self.detached.get() != 0 {
                return self.detached(py, f);
            }
            self.in_use.set(true);
            let _in_use = InUse(&self.in_use);
            // SAFETY: the GIL is held (`py`), `detached` is zero and `in_use` was clear and is now
            // set by this thread until `f` returns: no other thread reaches the hasher meanwhile
            // (see `impl Sync`). The borrow ends with `f`.
            f(unsafe { &mut *self.hasher.get() })
        }

        /// Runs `f` on the hasher with the GIL released, under the lock.
        pub(crate) fn detached<R: Send>(
            &self,
            py: Python<'_>,
            f: impl FnOnce(&mut AnyHasher) -> R + Send,
        ) -> R {
            self.check_not_in_use();
            self.detached.set(self.detached.get() + 1);
            let _counted = Counted(&self.detached);
            let this = self;
            py.detach(move || {
                let _held = this.lock.lock().unwrap_or_else(PoisonError::into_inner);
                // SAFETY: this thread is counted in `detached` and holds `lock`, and `in_use` was
                // clear: no thread holding the GIL reaches the hasher, and no other counted one
                // holds `lock`; the borrow ends with `f`, before `lock` is released.
                f(unsafe { &mut *this.hasher.get() })
            })
        }
    }
}

/// The hasher behind a lock every call takes, for free-threaded CPython.
#[cfg(Py_GIL_DISABLED)]
mod free_threaded {
    use std::sync::{Mutex, MutexGuard, PoisonError};

    use iohash::AnyHasher;
    use pyo3::prelude::*;

    /// A hasher and the lock that keeps the threads using it apart.
    pub(crate) struct Shared(Mutex<AnyHasher>);

    impl Shared {
        /// `hasher`, used by no thread yet.
        pub(crate) fn new(hasher: AnyHasher) -> Shared {
            Shared(Mutex::new(hasher))
        }

        /// Runs `f` on the hasher under its lock; if another thread holds the lock (a file
        /// read, a large update), waits for it detached, so a collection of garbage, which
        /// stops every attached thread, does not wait for the file too.
        pub(crate) fn with<R: Send>(
            &self,
            py: Python<'_>,
            f: impl FnOnce(&mut AnyHasher) -> R + Send,
        ) -> R {
            match self.0.try_lock() {
                Ok(mut hasher) => f(&mut hasher),
                Err(_) => self.detached(py, f),
            }
        }

        /// Runs `f` on the hasher under its lock, detached from the interpreter.
        pub(crate) fn detached<R: Send>(
            &self,
            py: Python<'_>,
            f: impl FnOnce(&mut AnyHasher) -> R + Send,
        ) -> R {
            py.detach(|| f(&mut self.lock()))
        }

        fn lock(&self) -> MutexGuard<'_, AnyHasher> {
            self.0.lock().unwrap_or_else(PoisonError::into_inner)
        }
    }
}

/// Refuses an interpreter without a GIL where `Shared` relies on one (see the module's doc).
#[cfg(not(Py_GIL_DISABLED))]
pub(crate) fn check_gil(py: Python<'_>) -> PyResult<()> {
    let sys = py.import("sys")?;
    if let Ok(is_gil_enabled) = sys.getattr("_is_gil_enabled") {
        if !is_gil_enabled.call0()?.is_truthy()? {
            return Err(pyo3::exceptions::PyImportError::new_err(
                "iohash needs the GIL, which this interpreter keeps off (PYTHON_GIL=0?)",
            ));
        }
    }
    Ok(())
}

/// A free-threaded build needs no GIL.
#[cfg(Py_GIL_DISABLED)]
pub(crate) fn check_gil(_py: Python<'_>) -> PyResult<()> {
    Ok(())
}
