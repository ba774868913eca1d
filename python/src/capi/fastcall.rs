//! The one-shot functions through `METH_FASTCALL`, without PyO3's argument parsing, and the
//! entry every function CPython calls here goes through.
//!
//! PyO3's functions parse their arguments into Rust values before the body runs, most of a
//! call on 16 bytes (benches/results/python-package.md, "The run before"). The functions made
//! here take CPython's array of arguments as it is: each of these names is replaced by a
//! `METH_FASTCALL` function made here. The fast versions only take the common shapes of a
//! call (`f(data)`, `f(data, seed)`, `f(data, seed=s)`) and hand any other to PyO3's, so
//! keywords, defaults and error messages stay PyO3's. (The hashers and their constructors
//! bind their arguments themselves: object.rs.)

use std::ffi::CString;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;
use std::sync::OnceLock;

use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use pyo3::Borrowed;

/// A `METH_FASTCALL | METH_KEYWORDS` function: `self` (the module, or the instance for a
/// method), the positional arguments then the keyword arguments' values, the number of
/// positional ones, and a tuple of the keywords' names (or null).
pub(crate) type Fast = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    ffi::Py_ssize_t,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

/// Which calls a function takes without PyO3's help.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// `f(data, seed=None)`: python-xxhash's one-shot functions.
    DataThenSeed,
    /// `f(data)`: the CRC one-shot functions.
    Data,
}

/// What a fast function computes from its data and seed.
pub(crate) type Body = dyn for<'py> Fn(
    Python<'py>,
    Option<&Bound<'py, PyAny>>,
    Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>>;

/// The body of every fast function: the call's arguments matched against `shape` and given to
/// `body`, or the whole call handed to `original` (PyO3's version) when they do not match.
///
/// # Safety
/// CPython's `METH_FASTCALL | METH_KEYWORDS` contract: the calling thread is attached (holds
/// the GIL), `args` holds `nargs` positional arguments followed by one value per name in
/// `kwnames` (null or a tuple of str), all borrowed for the call.
///
/// Generic in `body` and always inlined, so each fast function has its own copy with its
/// body inlined: a shared one called each body through a pointer.
#[inline(always)]
pub(crate) unsafe fn call<B>(
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
    shape: Shape,
    original: &OnceLock<Py<PyAny>>,
    body: B,
) -> *mut ffi::PyObject
where
    B: for<'py> Fn(
            Python<'py>,
            Option<&Bound<'py, PyAny>>,
            Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyAny>>
        + 'static,
{
    entry(|py| {
        if kwnames.is_null() {
            // SAFETY: without keywords `args` holds `nargs` live objects borrowed for the call
            // (the contract); `arg` is only called below `nargs`.
            let arg = |i: usize| unsafe { Borrowed::from_ptr(py, *args.add(i)) };
            match (shape, nargs) {
                (Shape::Data | Shape::DataThenSeed, 1) => return body(py, Some(&arg(0)), None),
                (Shape::DataThenSeed, 2) => return body(py, Some(&arg(0)), Some(&arg(1))),
                _ => {}
            }
        }
        // SAFETY: the caller's contract, passed on.
        unsafe { with_keywords(py, args, nargs, kwnames, shape, original, &body) }
    })
}

/// The body of every function CPython calls here (fast functions, and the slots, methods,
/// getters and functions of object.rs's kind of type), all of which it calls from an attached
/// thread: `body` with the
/// GIL's token, its new reference returned, or null with its error (a panic as
/// `PanicException`) set as CPython's current exception.
#[inline(always)]
pub(crate) fn entry(
    body: impl for<'py> FnOnce(Python<'py>) -> PyResult<Bound<'py, PyAny>>,
) -> *mut ffi::PyObject {
    // SAFETY: only CPython's calls of the functions above reach here, from an attached thread.
    let py = unsafe { Python::assume_attached() };
    match catch_unwind(AssertUnwindSafe(|| body(py))) {
        Ok(Ok(value)) => value.into_ptr(),
        // Restored inside `attach`, which PyO3 counts as holding the GIL: the objects the
        // error drops (its message, a lazy error's type) are released at once, where with
        // `assume_attached` alone PyO3 defers them to a pool only its own entry points empty.
        Ok(Err(err)) => {
            Python::attach(|py| err.restore(py));
            std::ptr::null_mut()
        }
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic in iohash".to_owned());
            Python::attach(|py| PanicException::new_err(message).restore(py));
            std::ptr::null_mut()
        }
    }
}

/// The calls with keywords, and the shapes the fast path leaves (given to `original`).
///
/// # Safety
/// As [`call`]'s.
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
unsafe fn with_keywords<'py>(
    py: Python<'py>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
    shape: Shape,
    original: &OnceLock<Py<PyAny>>,
    body: &Body,
) -> PyResult<Bound<'py, PyAny>> {
    let keywords = if kwnames.is_null() {
        0
    } else {
        // SAFETY: a non-null `kwnames` is a tuple (the contract).
        unsafe { ffi::PyTuple_Size(kwnames) }
    };
    let total = usize::try_from(nargs + keywords).unwrap_or(0);
    let values: &[*mut ffi::PyObject] = if total == 0 {
        &[]
    } else {
        // SAFETY: `args` holds `nargs + len(kwnames)` live object pointers for the call.
        unsafe { std::slice::from_raw_parts(args, total) }
    };
    // SAFETY: each pointer is a live object borrowed for the call (the contract).
    let arg = |i: usize| unsafe { Borrowed::from_ptr(py, values[i]) };
    let seed_keyword = keywords == 1 && {
        // SAFETY: `kwnames` is a tuple of one str (checked above, and the contract);
        // PyTuple_GetItem borrows its item, and the comparison reads it.
        unsafe {
            ffi::PyUnicode_CompareWithASCIIString(
                ffi::PyTuple_GetItem(kwnames, 0),
                c"seed".as_ptr(),
            ) == 0
        }
    };
    match (shape, nargs, keywords) {
        (Shape::DataThenSeed, 1, 1) if seed_keyword => body(py, Some(&arg(0)), Some(&arg(1))),
        _ => fall_back(py, values, nargs, kwnames, original),
    }
}

/// The call given to PyO3's version as a tuple and a dict, so it answers the shapes the fast
/// path leaves, errors included.
fn fall_back<'py>(
    py: Python<'py>,
    values: &[*mut ffi::PyObject],
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
    original: &OnceLock<Py<PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let Some(original) = original.get() else {
        return Err(pyo3::exceptions::PySystemError::new_err(
            "iohash: a fast function without its original",
        ));
    };
    let positional = usize::try_from(nargs).unwrap_or(0);
    // SAFETY: each pointer is a live object borrowed for the call (see `call`).
    let value = |i: usize| unsafe { Borrowed::from_ptr(py, values[i]) }.to_owned();
    let args: Vec<Bound<'py, PyAny>> = (0..positional).map(value).collect();
    let kwargs = PyDict::new(py);
    if !kwnames.is_null() {
        // SAFETY: a non-null `kwnames` is a tuple of str, borrowed for the call.
        let names = unsafe { Borrowed::from_ptr(py, kwnames) };
        for (i, name) in names.try_iter()?.enumerate() {
            kwargs.set_item(name?, value(positional + i))?;
        }
    }
    original
        .bind(py)
        .call(PyTuple::new(py, args)?, Some(&kwargs))
}

/// A `PyMethodDef` for `fast`, kept for the life of the process as CPython requires, with
/// the name and the docstring (and so `__text_signature__`) of `original`.
fn method_def(
    name: &str,
    original: &Bound<'_, PyAny>,
    fast: Fast,
) -> PyResult<&'static mut ffi::PyMethodDef> {
    let signature: Option<String> = original.getattr("__text_signature__")?.extract()?;
    let doc: Option<String> = original.getattr("__doc__")?.extract()?;
    let doc = match signature {
        Some(signature) => format!("{name}{signature}\n--\n\n{}", doc.unwrap_or_default()),
        None => doc.unwrap_or_default(),
    };
    let to_c = |text: String| {
        CString::new(text)
            .map(|text| &*Box::leak(text.into_boxed_c_str()))
            .map_err(|err| pyo3::exceptions::PyValueError::new_err(err.to_string()))
    };
    Ok(Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: to_c(name.to_owned())?.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            // SAFETY: CPython calls `ml_meth` with the signature its flags name, here
            // METH_FASTCALL | METH_KEYWORDS, which `Fast` is; the union only stores it as
            // the plain `PyCFunction` type.
            PyCFunction: unsafe { std::mem::transmute::<Fast, ffi::PyCFunction>(fast) },
        },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: to_c(doc)?.as_ptr(),
    })))
}

/// Replaces the module's function `name` (PyO3's) by `fast`, which hands unusual calls to it.
pub(crate) fn replace_function(
    module: &Bound<'_, PyModule>,
    name: &str,
    fast: Fast,
    original: &'static OnceLock<Py<PyAny>>,
) -> PyResult<()> {
    let pyo3_function = module.getattr(name)?;
    let def = method_def(name, &pyo3_function, fast)?;
    let _ = original.set(pyo3_function.unbind());
    add_function(module, def)
}

/// Adds the module function `def` describes to `module`, by its name.
pub(crate) fn add_function(
    module: &Bound<'_, PyModule>,
    def: &'static ffi::PyMethodDef,
) -> PyResult<()> {
    let py = module.py();
    let module_name = module.getattr("__name__")?;
    // SAFETY: `def` lives for the process, and its `ml_meth` has the signature its flags
    // name (its maker's promise); the module and its name are live objects; the new reference
    // returned (or null with an error set) is taken over at once.
    let function = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyCMethod_New(
                ptr::from_ref(def).cast_mut(),
                module.as_ptr(),
                module_name.as_ptr(),
                ptr::null_mut(),
            ),
        )?
    };
    module.setattr(function.getattr("__name__")?.cast::<PyString>()?, function)
}

/// Defines a `METH_FASTCALL` function named `$name` computing `$body` and puts it in place of
/// `$module`'s (PyO3's).
macro_rules! fast {
    ($module:expr, $name:expr, $shape:expr,
     |$py:ident, $data:ident, $seed:ident| $body:expr) => {{
        fn body<'py>(
            $py: Python<'py>,
            $data: Option<&Bound<'py, PyAny>>,
            $seed: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyAny>> {
            let _ = (&$data, &$seed);
            $body
        }
        static ORIGINAL: std::sync::OnceLock<Py<PyAny>> = std::sync::OnceLock::new();
        unsafe extern "C" fn fast(
            _module: *mut pyo3::ffi::PyObject,
            args: *const *mut pyo3::ffi::PyObject,
            nargs: pyo3::ffi::Py_ssize_t,
            kwnames: *mut pyo3::ffi::PyObject,
        ) -> *mut pyo3::ffi::PyObject {
            // SAFETY: CPython calls this as the METH_FASTCALL | METH_KEYWORDS function it was
            // registered as, which is `call`'s contract.
            unsafe { $crate::capi::fastcall::call(args, nargs, kwnames, $shape, &ORIGINAL, body) }
        }
        $crate::capi::fastcall::replace_function($module, $name, fast, &ORIGINAL)
    }};
}

pub(crate) use fast;

/// The data of a call whose shape guarantees it (a missing one is PyO3's error, not ours).
pub(crate) fn required<'a, 'py>(
    data: Option<&'a Bound<'py, PyAny>>,
) -> PyResult<&'a Bound<'py, PyAny>> {
    data.ok_or_else(|| pyo3::exceptions::PyTypeError::new_err("missing required argument 'data'"))
}
