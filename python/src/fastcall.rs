//! The hottest calls (the one-shot functions, the constructors, `update` and the digests)
//! through `METH_FASTCALL`, without PyO3's argument parsing.
//!
//! PyO3's functions parse their arguments into Rust values before the body runs, most of a
//! call on 16 bytes (BENCHMARKS.md, Python package, "The run before"). The functions made
//! here take CPython's array of arguments as it is: each of these names is replaced by a
//! `METH_FASTCALL` function (or method descriptor) made here. The fast versions only take the
//! common shapes of a call (`f(data)`, `f(data, seed)`, `f(data, seed=s)`, `h.update(data)`,
//! `h.digest()`) and hand any other to PyO3's, so keywords, defaults and error messages stay
//! PyO3's.

use std::ffi::CString;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};
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
    /// `f(data=None, *, seed=None)`: the constructors.
    OptionalDataKeywordSeed,
    /// `f(data)`: the CRC one-shot functions.
    Data,
    /// `h.update(data)`.
    Update,
    /// `h.digest()`, `h.hexdigest()`, `h.intdigest()`: a method without arguments.
    Digest,
}

impl Shape {
    /// Whether the function is a method, whose `self` is the instance.
    fn is_method(self) -> bool {
        matches!(self, Shape::Update | Shape::Digest)
    }
}

/// What a fast function computes from its data and seed (`self` is the instance for a method).
pub(crate) type Body = dyn for<'py> Fn(
    Python<'py>,
    Option<&Bound<'py, PyAny>>,
    Option<&Bound<'py, PyAny>>,
    Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>>;

/// The body of every fast function: the call's arguments matched against `shape` and given to
/// `body`, or the whole call handed to `original` (PyO3's version) when they do not match.
///
/// # Safety
/// CPython's `METH_FASTCALL | METH_KEYWORDS` contract: the calling thread is attached (holds
/// the GIL), `args` holds `nargs` positional arguments followed by one value per name in
/// `kwnames` (null or a tuple of str), all borrowed for the call; `slf` is the instance when
/// `shape` is a method's ([`Shape::Update`], [`Shape::Digest`]; a method descriptor checked its
/// type), the module otherwise.
///
/// Generic in `body` and always inlined, so each fast function has its own copy with its
/// body inlined: a shared one called each body through a pointer.
#[inline(always)]
pub(crate) unsafe fn call<B>(
    slf: *mut ffi::PyObject,
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
                (Shape::Update, 1) => {
                    // SAFETY: for a method `slf` is the instance, live for the call.
                    let this = unsafe { Borrowed::from_ptr(py, slf) };
                    return body(py, Some(&this), Some(&arg(0)), None);
                }
                (Shape::Digest, 0) => {
                    // SAFETY: as above.
                    let this = unsafe { Borrowed::from_ptr(py, slf) };
                    return body(py, Some(&this), None, None);
                }
                (Shape::Data | Shape::DataThenSeed | Shape::OptionalDataKeywordSeed, 1) => {
                    return body(py, None, Some(&arg(0)), None);
                }
                (Shape::DataThenSeed, 2) => return body(py, None, Some(&arg(0)), Some(&arg(1))),
                (Shape::OptionalDataKeywordSeed, 0) => return body(py, None, None, None),
                _ => {}
            }
        }
        // SAFETY: the caller's contract, passed on.
        unsafe { with_keywords(py, slf, args, nargs, kwnames, shape, original, &body) }
    })
}

/// The body of every function CPython calls here (fast functions, and the slots, methods and
/// getters of xxhash_types.rs), all of which it calls from an attached thread: `body` with the
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
    slf: *mut ffi::PyObject,
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
    let this = shape.is_method().then(|| {
        // SAFETY: for a method `slf` is the instance, live for the call (the contract).
        unsafe { Borrowed::from_ptr(py, slf) }
    });
    let this = this.as_deref();
    match (shape, nargs, keywords) {
        (Shape::DataThenSeed | Shape::OptionalDataKeywordSeed, 1, 1) if seed_keyword => {
            body(py, None, Some(&arg(0)), Some(&arg(1)))
        }
        _ => fall_back(py, this, values, nargs, kwnames, original),
    }
}

/// The call given to PyO3's version as a tuple and a dict (with the instance first for a
/// method), so it answers the shapes the fast path leaves, errors included.
fn fall_back<'py>(
    py: Python<'py>,
    this: Option<&Bound<'py, PyAny>>,
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
    let mut args: Vec<Bound<'py, PyAny>> = this.into_iter().cloned().collect();
    args.extend((0..positional).map(value));
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
    let py = module.py();
    let pyo3_function = module.getattr(name)?;
    let def = method_def(name, &pyo3_function, fast)?;
    let module_name = pyo3_function.getattr("__module__")?;
    // SAFETY: `def` lives for the process; the module and its name are live objects; the
    // new reference returned (or null with an error set) is taken over at once.
    let function = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyCMethod_New(
                def,
                module.as_ptr(),
                module_name.as_ptr(),
                std::ptr::null_mut(),
            ),
        )?
    };
    let _ = original.set(pyo3_function.unbind());
    module.setattr(name, function)
}

/// Replaces the method `name` of `class` (PyO3's) by a descriptor calling `fast`.
pub(crate) fn replace_method(
    class: &Bound<'_, PyType>,
    name: &str,
    fast: Fast,
    original: &'static OnceLock<Py<PyAny>>,
) -> PyResult<()> {
    let py = class.py();
    let pyo3_method = class.getattr(name)?;
    let def = method_def(name, &pyo3_method, fast)?;
    // SAFETY: `def` lives for the process and `class` is a live type object; the descriptor
    // (a new reference, or null with an error set) is taken over at once.
    let descriptor = unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(class.as_type_ptr(), def))?
    };
    let _ = original.set(pyo3_method.unbind());
    class.setattr(name, descriptor)
}

/// Defines a `METH_FASTCALL` function named `$name` computing `$body` and puts it in place of
/// `$target`'s: a module's function with `replace_function`, a class's method with
/// `replace_method`, whose `$shape` must be a method's (`Shape::Update`, `Shape::Digest`: those
/// whose `self` is an instance), as a function's must not be.
macro_rules! fast {
    ($replace:ident, $target:expr, $name:expr, $shape:expr,
     |$py:ident, $this:ident, $data:ident, $seed:ident| $body:expr) => {{
        fn body<'py>(
            $py: Python<'py>,
            $this: Option<&Bound<'py, PyAny>>,
            $data: Option<&Bound<'py, PyAny>>,
            $seed: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyAny>> {
            let _ = (&$this, &$data, &$seed);
            $body
        }
        static ORIGINAL: std::sync::OnceLock<Py<PyAny>> = std::sync::OnceLock::new();
        unsafe extern "C" fn fast(
            slf: *mut pyo3::ffi::PyObject,
            args: *const *mut pyo3::ffi::PyObject,
            nargs: pyo3::ffi::Py_ssize_t,
            kwnames: *mut pyo3::ffi::PyObject,
        ) -> *mut pyo3::ffi::PyObject {
            // SAFETY: CPython calls this as the METH_FASTCALL | METH_KEYWORDS function it was
            // registered as, which is `call`'s contract.
            unsafe { $crate::fastcall::call(slf, args, nargs, kwnames, $shape, &ORIGINAL, body) }
        }
        $crate::fastcall::$replace($target, $name, fast, &ORIGINAL)
    }};
}

pub(crate) use fast;

/// The data of a call whose shape guarantees it (a missing one is PyO3's error, not ours).
pub(crate) fn required<'a, 'py>(
    data: Option<&'a Bound<'py, PyAny>>,
) -> PyResult<&'a Bound<'py, PyAny>> {
    data.ok_or_else(|| pyo3::exceptions::PyTypeError::new_err("missing required argument 'data'"))
}
