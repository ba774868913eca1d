//! Many files hashed at once by the library's `hash_files`, with the GIL released: this module
//! holds only what Python adds (its paths, its errors, its Ctrl-C and warnings).

use std::io;
use std::ops::ControlFlow;

use iohash::{hash_files, AnyHasher};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;

use crate::capi::object::NewHasher;
use crate::files::{append_whole, open, os_error, path_of};
use crate::hasher::{made, seed_for};
use crate::methods::parse;
use crate::signals::Interrupts;

/// Many files hashed in parallel in Rust: a list in the order of `paths` holding a hasher for
/// each file read and an `OSError` for each that failed. `threads` threads (one per CPU
/// without a number) each take the next files; threads the system refuses leave their share
/// to the others, with a `RuntimeWarning`.
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
    let interrupts = Interrupts::new(py)?;
    // Room for every result before any thread runs: a list grown as results come could find
    // no memory, and Rust aborts then.
    let mut results: Vec<io::Result<AnyHasher>> = Vec::new();
    results
        .try_reserve_exact(path_bufs.len())
        .map_err(|_| PyMemoryError::new_err("no memory for the results of hash_files"))?;
    let run = py.detach(|| {
        hash_files(
            &path_bufs,
            threads.unwrap_or(0),
            &mut interrupts.caller(),
            |path, mut job| {
                let mut hasher = template.clone();
                let threads = job.threads();
                append_whole(&mut hasher, &open(path)?, threads, job.observer()).map(|_| hasher)
            },
            |_, result| {
                results.push(result);
                ControlFlow::Continue(())
            },
        )
    });
    if let Some(raised) = interrupts.raised() {
        return Err(raised);
    }
    interrupts.warn_of_refused_thread(py, "the files were hashed")?;
    run.map_err(|e| PyRuntimeError::new_err(format!("hash_files stopped: {e}")))?;
    results
        .into_iter()
        .zip(&paths)
        .map(|(result, path)| match result {
            Ok(hasher) => Ok(made(py, NewHasher::Given(hasher), seed)?.unbind()),
            Err(err) => Ok(os_error(py, &err, path).into_value(py).into_any()),
        })
        .collect()
}
