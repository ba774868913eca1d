//! Many files hashed at once in Rust with the GIL released, a thread to a file.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use iohash::{AnyHasher, ReadObserver};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;

use crate::files::{append_whole, open, os_error, path_of};
use crate::hasher::{made, seed_for};
use crate::methods::parse;
use crate::object::NewHasher;
use crate::signals::{warn_refused_thread, Check, Interrupts};

/// Room for what the threads of `hash_files` allocate as they start (see its use).
const HEADROOM: usize = 16 << 20;

/// Many files hashed in parallel in Rust: a list in the order of `paths` holding a hasher for
/// each file read and an `OSError` for each that failed. `threads` threads (one per CPU
/// without a number) each take the next file; one the system refuses leaves its share to the
/// others and the calling thread, which always works too, with a `RuntimeWarning`.
#[pyfunction]
#[pyo3(signature = (paths, name, threads = None, seed = None))]
pub(crate) fn _hash_files(
    py: Python<'_>,
    paths: Vec<Bound<'_, PyAny>>,
    name: &str,
    threads: Option<usize>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Py<PyAny>>> {
    let algorithm = parse(name)?;
    let seed = seed_for(algorithm, seed)?;
    let template = crate::templates::hasher(algorithm, seed);
    let path_bufs = paths.iter().map(path_of).collect::<PyResult<Vec<_>>>()?;
    let threads = threads
        .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
        .unwrap_or(1)
        .clamp(1, path_bufs.len().max(1));
    let interrupts = Interrupts::new(py)?;
    // A slot for each file's result, made before any thread runs: a thread that stored its
    // results in a list of its own could find no memory to grow it, and Rust aborts then.
    let mut slots = Vec::new();
    slots
        .try_reserve_exact(path_bufs.len())
        .map_err(|_| PyMemoryError::new_err("no memory for the results of hash_files"))?;
    slots.resize_with(path_bufs.len(), OnceLock::<io::Result<AnyHasher>>::new);
    let next = AtomicUsize::new(0);
    let work = |mut check: Check<'_>| loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        let Some(path) = path_bufs.get(index) else {
            break;
        };
        if check.check().is_err() {
            break;
        }
        let mut hasher = template.clone();
        let read = hash_one(&mut hasher, path, &mut check).map(|_| hasher);
        // Each index is taken once, so its slot is empty.
        let _ = slots[index].set(read);
    };
    let refused = py.detach(|| {
        std::thread::scope(|scope| {
            let mut helpers = Vec::with_capacity(threads - 1);
            let mut refused = None;
            // Room held aside while threads start and given back once they run: under
            // `ulimit -v`, threads started up to the limit would leave none for the memory
            // each takes when it first runs (glibc aborts when a thread's thread-local data
            // cannot be had). Address space only: no page of it is touched.
            let mut room = Vec::<u8>::new();
            if threads > 1 && room.try_reserve_exact(HEADROOM).is_err() {
                refused = Some(io::Error::from(io::ErrorKind::OutOfMemory));
            }
            std::hint::black_box(room.as_ptr());
            for _ in 1..threads {
                if refused.is_some() {
                    // The next would most likely be refused too.
                    break;
                }
                match std::thread::Builder::new().spawn_scoped(scope, || work(interrupts.helper()))
                {
                    Ok(helper) => helpers.push(helper),
                    Err(e) => refused = Some(e),
                }
            }
            drop(room);
            let working = helpers.len() + 1;
            work(interrupts.caller());
            for helper in helpers {
                helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            }
            refused.map(|e| (e, working))
        })
    });
    if let Some(raised) = interrupts.raised() {
        return Err(raised);
    }
    if let Some((error, working)) = refused {
        warn_refused_thread(py, "the files were hashed", threads, working, &error)?;
    }
    // Every slot is filled unless a signal stopped the work, which returned above.
    slots
        .into_iter()
        .zip(&paths)
        .map(|(slot, path)| match slot.into_inner() {
            Some(Ok(hasher)) => Ok(made(py, NewHasher::Given(hasher), seed)?.unbind()),
            Some(Err(err)) => Ok(os_error(py, &err, path).into_value(py).into_any()),
            None => Err(PyRuntimeError::new_err(
                "hash_files stopped before every file was read",
            )),
        })
        .collect()
}

/// Reads the file at `path` into `hasher` on this thread.
fn hash_one(hasher: &mut AnyHasher, path: &PathBuf, check: &mut Check<'_>) -> io::Result<u64> {
    append_whole(hasher, &open(path)?, 1, check)
}
