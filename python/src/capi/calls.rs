//! The entries CPython calls a class, its `__new__`, `__init__` and `repr`, and a module's
//! functions through, each generic in a safe body: the modules above say what a call does
//! with its bound arguments and never hold a raw pointer.

use std::ffi::{c_int, CStr};

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyString;
use pyo3::Borrowed;

use crate::capi::fastcall::entry;
use crate::capi::object::{bind_tuple_and_dict, bind_vector, fast_method, Arg, Instance};

/// A call's arguments bound to its parameters, each borrowed for the call (`None` if not
/// given).
pub(crate) type Args<'a, 'py, const N: usize> = [Option<Borrowed<'a, 'py, PyAny>>; N];

/// A call of a class or a module function: its `N` parameters and what it makes of them.
pub(crate) trait Call<const N: usize> {
    /// The parameters; the first [`Self::POSITIONAL`] by position or name, the others by name
    /// alone.
    const PARAMS: [&'static str; N];
    /// How many parameters may be given by position.
    const POSITIONAL: usize;
    /// The function's name, as CPython's errors give it.
    fn name() -> String;
    /// What the call returns.
    fn call<'py>(py: Python<'py>, args: Args<'_, 'py, N>) -> PyResult<Bound<'py, PyAny>>;
}

/// A type's `__init__`: its parameters and what it does to an instance.
pub(crate) trait Init<const N: usize> {
    /// As [`Call::PARAMS`].
    const PARAMS: [&'static str; N];
    /// As [`Call::POSITIONAL`].
    const POSITIONAL: usize;
    /// What `__init__` does to `this`.
    fn init(py: Python<'_>, this: &Instance, args: Args<'_, '_, N>) -> PyResult<()>;
}

/// A type's `repr`.
pub(crate) trait Repr {
    /// The text `repr(this)` gives.
    fn repr(this: &Instance) -> String;
}

/// The arguments CPython gave as raw pointers, borrowed for `'a`.
///
/// # Safety
/// Each is an argument of the call being made, alive for `'a`.
unsafe fn borrowed<'a, 'py, const N: usize>(
    py: Python<'py>,
    bound: [Option<Arg>; N],
) -> Args<'a, 'py, N> {
    // SAFETY: the contract.
    bound.map(|arg| arg.map(|arg| unsafe { Borrowed::from_ptr(py, arg) }))
}

/// `C` as a class's `tp_vectorcall`: the class called with its arguments in an array, rather
/// than through `type.__call__`, a tuple, `tp_new` and `tp_init`.
///
/// # Safety
/// CPython's vectorcall contract: `args` holds the positional arguments, their count in
/// `nargsf` without its top bit, then one value per name in `kwnames` (a tuple of str, or
/// null), all borrowed for the call.
pub(crate) unsafe extern "C" fn vectorcall<C: Call<N>, const N: usize>(
    _class: *mut ffi::PyObject,
    args: *const Arg,
    nargsf: usize,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // The count without `PY_VECTORCALL_ARGUMENTS_OFFSET`, the flag in its top bit.
    let nargs = (nargsf & (usize::MAX >> 1)) as ffi::Py_ssize_t;
    entry(|py| {
        // SAFETY: the contract, the same as METH_FASTCALL | METH_KEYWORDS for the arguments.
        let args = unsafe {
            let bound = bind_vector(py, C::name, C::PARAMS, C::POSITIONAL, args, nargs, kwnames)?;
            borrowed(py, bound)
        };
        C::call(py, args)
    })
}

/// `C` as `tp_new`: `cls.__new__(cls, ...)` (CPython checked `cls`).
///
/// # Safety
/// CPython's `tp_new` contract: `args` is a tuple and `kwargs` a dict or null, borrowed for
/// the call.
pub(crate) unsafe extern "C" fn new<C: Call<N>, const N: usize>(
    _subtype: *mut ffi::PyTypeObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    entry(|py| {
        // SAFETY: the contract.
        let args = unsafe {
            let bound = bind_tuple_and_dict(py, C::name, C::PARAMS, C::POSITIONAL, args, kwargs)?;
            borrowed(py, bound)
        };
        C::call(py, args)
    })
}

/// `C` as `METH_FASTCALL | METH_KEYWORDS` (the module is `self`).
///
/// # Safety
/// CPython's contract for such a call, as [`bind_vector`] states it.
unsafe extern "C" fn fast<C: Call<N>, const N: usize>(
    _module: *mut ffi::PyObject,
    args: *const Arg,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    entry(|py| {
        // SAFETY: the contract.
        let args = unsafe {
            let bound = bind_vector(py, C::name, C::PARAMS, C::POSITIONAL, args, nargs, kwnames)?;
            borrowed(py, bound)
        };
        C::call(py, args)
    })
}

/// The module function `name` that runs `C`, for [`crate::capi::fastcall::add_function`].
pub(crate) fn function<C: Call<N>, const N: usize>(
    name: &'static CStr,
    doc: &'static CStr,
) -> ffi::PyMethodDef {
    fast_method(name, fast::<C, N>, 0, doc)
}

/// `I` as `tp_init`.
///
/// # Safety
/// CPython's `tp_init` contract: `object` is an instance of a type [`crate::capi::object::make`]
/// made with this entry (not a base type, so of that type), `args` a tuple and `kwargs` a dict
/// or null, all borrowed for the call.
pub(crate) unsafe extern "C" fn init<I: Init<N>, const N: usize>(
    object: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> c_int {
    let done = entry(|py| {
        let function = || "__init__".to_owned();
        // SAFETY: the contract.
        let (this, args) = unsafe {
            let bound = bind_tuple_and_dict(py, function, I::PARAMS, I::POSITIONAL, args, kwargs)?;
            (Instance::of(object), borrowed(py, bound))
        };
        I::init(py, this, args)?;
        Ok(py.None().into_bound(py))
    });
    if done.is_null() {
        return -1;
    }
    // SAFETY: `entry` returned a new reference (to None), given back here.
    unsafe { ffi::Py_DECREF(done) };
    0
}

/// `R` as `tp_repr`.
///
/// # Safety
/// CPython calls `tp_repr` with an instance of the type, which [`crate::capi::object::make`]
/// made.
pub(crate) unsafe extern "C" fn repr<R: Repr>(object: *mut ffi::PyObject) -> *mut ffi::PyObject {
    entry(|py| {
        // SAFETY: the contract.
        let this = unsafe { Instance::of(object) };
        Ok(PyString::new(py, &R::repr(this)).into_any())
    })
}
