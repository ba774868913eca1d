//! Pickle's way back to a hasher: functions of this native module, which `__reduce__` names,
//! so pickling a hasher imports no Python package (the native module is below the package).

use std::sync::OnceLock;

use pyo3::prelude::*;

use crate::capi::object::NewHasher;
use crate::hasher::made;
use crate::methods::restore;

/// The two functions below as objects, kept when the module is made.
static RESTORE: OnceLock<Py<PyAny>> = OnceLock::new();
static RESTORE_XXHASH: OnceLock<Py<PyAny>> = OnceLock::new();

/// The `iohash.Hasher` a saved state describes, its seed included. (`seed` is what pickles
/// made before the state held it passed, and is ignored.)
#[pyfunction]
#[pyo3(signature = (state, seed = None))]
fn _restore<'py>(
    py: Python<'py>,
    state: &[u8],
    seed: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let _ = seed;
    let (hasher, seed) = restore(state)?;
    made(py, NewHasher::Given(hasher), seed)
}

/// The python-xxhash object of class `kind` a saved state describes.
#[pyfunction]
#[pyo3(signature = (kind, state, seed = None))]
fn _restore_xxhash<'py>(
    py: Python<'py>,
    kind: &str,
    state: &[u8],
    seed: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let _ = seed;
    let (hasher, seed) = restore(state)?;
    crate::xxhash_types::restored(py, kind, hasher, seed)
}

/// Adds the functions to the native module and keeps them for [`restorer`].
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    for (function, kept) in [
        (wrap_pyfunction!(_restore, module)?, &RESTORE),
        (wrap_pyfunction!(_restore_xxhash, module)?, &RESTORE_XXHASH),
    ] {
        module.add_function(function.clone())?;
        let _ = kept.set(function.into_any().unbind());
    }
    Ok(())
}

/// Which hashers a function restores.
pub(crate) enum Restores {
    Hasher,
    Xxhash,
}

/// The function `__reduce__` names for `which`.
pub(crate) fn restorer(py: Python<'_>, which: Restores) -> PyResult<Bound<'_, PyAny>> {
    let kept = match which {
        Restores::Hasher => &RESTORE,
        Restores::Xxhash => &RESTORE_XXHASH,
    };
    kept.get()
        .map(|function| function.bind(py).clone())
        .ok_or_else(|| pyo3::exceptions::PySystemError::new_err("iohash's module is not made"))
}
