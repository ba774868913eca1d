//! python-xxhash's classes (`xxh32`, `xxh64`, `xxh3_64`, `xxh3_128`), types of capi/object.rs's
//! kind, as `iohash.Hasher` is. As python-xxhash's, `tp_new` makes an object with seed 0 and
//! `tp_init` reads the arguments; a call of a class does both at once.

use std::ffi::{c_int, CStr};
use std::sync::OnceLock;

use iohash::{Algorithm, AnyHasher};
use pyo3::exceptions::{PySystemError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::Borrowed;

use crate::capi::fastcall::entry;
use crate::capi::object::{
    alloc, bind_tuple_and_dict, bind_vector, getter, getters, make, no_args, no_args_method, table,
    Arg, Instance, InstanceType, NewHasher, Spec,
};
use crate::methods::{common_getters, common_methods, saved_state, seed_of, update};

/// One of the four classes.
struct Class {
    /// The class's name in `iohash.xxhash`.
    name: &'static str,
    /// `__module__` and `__name__`, as `PyType_FromSpec` takes them.
    qualified: &'static CStr,
    /// The docstring, its first line the text signature `inspect` reads.
    doc: &'static CStr,
    /// The `name` attribute, as python-xxhash gives it.
    tag: &'static str,
    /// What the class hashes with.
    algorithm: Algorithm,
}

const CLASSES: [Class; 4] = [
    Class {
        name: "xxh32",
        qualified: c"iohash.xxhash.xxh32",
        doc: c"xxh32(data=b'', seed=0)\n--\n\nThe XXH32 hash of a bytes-like object, updated piece by piece (the seed modulo 2**32).",
        tag: "XXH32",
        algorithm: Algorithm::Xxh32,
    },
    Class {
        name: "xxh64",
        qualified: c"iohash.xxhash.xxh64",
        doc: c"xxh64(data=b'', seed=0)\n--\n\nThe XXH64 hash of a bytes-like object, updated piece by piece.",
        tag: "XXH64",
        algorithm: Algorithm::Xxh64,
    },
    Class {
        name: "xxh3_64",
        qualified: c"iohash.xxhash.xxh3_64",
        doc: c"xxh3_64(data=b'', seed=0)\n--\n\nThe XXH3-64 hash of a bytes-like object, updated piece by piece.",
        tag: "XXH3_64",
        algorithm: Algorithm::Xxh3,
    },
    Class {
        name: "xxh3_128",
        qualified: c"iohash.xxhash.xxh3_128",
        doc: c"xxh3_128(data=b'', seed=0)\n--\n\nThe XXH3-128 hash of a bytes-like object, updated piece by piece.",
        tag: "XXH3_128",
        algorithm: Algorithm::Xxh128,
    },
];

/// The types made from [`CLASSES`], in its order, once the module is made.
static TYPES: [OnceLock<InstanceType>; 4] = [const { OnceLock::new() }; 4];

/// The class of `algorithm` (one of the four: an instance's is).
fn class_of(algorithm: Algorithm) -> &'static Class {
    CLASSES
        .iter()
        .find(|class| class.algorithm == algorithm)
        .unwrap_or(&CLASSES[0])
}

/// A new instance of the type `CLASSES[class]` holding `hasher`.
fn made(py: Python<'_>, class: usize, hasher: NewHasher, seed: u64) -> PyResult<Bound<'_, PyAny>> {
    let Some(type_object) = TYPES[class].get() else {
        return Err(PySystemError::new_err(
            "iohash.xxhash: a class used before it was made",
        ));
    };
    alloc(py, type_object, hasher, seed)
}

/// `tp_new` of the class `C`: a new object with seed 0, as python-xxhash's `tp_new` makes
/// it; [`init`] then reads the arguments. (A call of the class goes to [`call`] instead,
/// which does both at once; these two serve `cls.__new__` and `h.__init__`.)
unsafe extern "C" fn new<const C: usize>(
    _subtype: *mut ffi::PyTypeObject,
    _args: *mut ffi::PyObject,
    _kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    entry(|py| made(py, C, NewHasher::Of(CLASSES[C].algorithm), 0))
}

/// `tp_init`: `h.__init__(data=b'', seed=0)` starts `h` again with that seed and data, as
/// python-xxhash's objects do.
unsafe extern "C" fn init<const C: usize>(
    object: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> c_int {
    let done = entry(|py| {
        // SAFETY: CPython passes `tp_init` the instance, a tuple and a dict or null, borrowed
        // for the call; the type is not a base type, so the instance is one of `C`'s.
        let (instance, [data, seed]) = unsafe {
            let function = || "__init__".to_owned();
            let arguments = bind_tuple_and_dict(py, function, ["data", "seed"], 2, args, kwargs)?;
            (Instance::of(object), arguments)
        };
        let algorithm = CLASSES[C].algorithm;
        // SAFETY: the call's arguments, borrowed for it.
        let borrow = |value: Arg| unsafe { Borrowed::from_ptr(py, value) };
        let seed = seed_of(seed.map(borrow).as_deref(), algorithm)?;
        instance
            .state
            .with(py, |hasher| *hasher = algorithm.hasher(seed));
        instance.set_seed(seed);
        if let Some(data) = data {
            update(py, &instance.state, &borrow(data))?;
        }
        Ok(py.None().into_bound(py))
    });
    if done.is_null() {
        return -1;
    }
    // SAFETY: `entry` returned a new reference (to None), given back here.
    unsafe { ffi::Py_DECREF(done) };
    0
}

/// `tp_vectorcall` of the class `C`: the class called with its arguments in an array, as
/// python-xxhash's classes are, rather than through `type.__call__`, a tuple of the
/// arguments, `tp_new` and `tp_init`.
unsafe extern "C" fn call<const C: usize>(
    _class: *mut ffi::PyObject,
    args: *const Arg,
    nargsf: usize,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // The count without `PY_VECTORCALL_ARGUMENTS_OFFSET`, the flag in its top bit.
    let nargs = (nargsf & (usize::MAX >> 1)) as ffi::Py_ssize_t;
    entry(|py| {
        let function = || CLASSES[C].name.to_owned();
        // SAFETY: CPython's vectorcall contract, the same as METH_FASTCALL | METH_KEYWORDS for
        // the arguments, which are borrowed for the call.
        let [data, seed] =
            unsafe { bind_vector(py, function, ["data", "seed"], 2, args, nargs, kwnames)? };
        let algorithm = CLASSES[C].algorithm;
        // SAFETY: those are the call's arguments, borrowed for it.
        let borrow = |value: Arg| unsafe { Borrowed::from_ptr(py, value) };
        let seed = seed_of(seed.map(borrow).as_deref(), algorithm)?;
        let object = made(py, C, NewHasher::Of(algorithm), seed)?;
        if let Some(data) = data {
            // SAFETY: `made` made `object` an instance.
            let instance = unsafe { Instance::of(object.as_ptr()) };
            update(py, &instance.state, &borrow(data))?;
        }
        Ok(object)
    })
}

no_args! {
    Reduce "__reduce__" (py, this) {
        let restore = crate::pickling::restorer(py, crate::pickling::Restores::Xxhash)?;
        let state = saved_state(py, &this.state);
        Ok((restore, (class_of(this.algorithm).name, state)).into_pyobject(py)?.into_any())
    }
}

getters! {
    name(this) class_of(this.algorithm).tag;
    digestsize(this) this.algorithm.hash_len();
}

/// The methods every class has: those of every hasher, and python-xxhash's `__reduce__`.
fn methods() -> &'static [ffi::PyMethodDef] {
    let mut methods = common_methods();
    methods.push(no_args_method::<Reduce>(
        c"__reduce__",
        c"__reduce__($self, /)\n--\n\nHow pickle saves the hasher: its class and saved state.",
    ));
    table(methods)
}

/// The getters every class has: those of every hasher, python-xxhash's `name` and its older
/// `digestsize`.
fn getters() -> &'static [ffi::PyGetSetDef] {
    let mut getters = common_getters();
    getters.push(getter(
        c"name",
        name,
        c"The algorithm's name, as python-xxhash gives it.",
    ));
    getters.push(getter(
        c"digestsize",
        digestsize,
        c"The digest's length in bytes (python-xxhash's older name).",
    ));
    table(getters)
}

/// Makes the type of `CLASSES[C]` and adds it to `module`.
fn add<const C: usize>(
    module: &Bound<'_, PyModule>,
    methods: &'static [ffi::PyMethodDef],
    getters: &'static [ffi::PyGetSetDef],
) -> PyResult<()> {
    let py = module.py();
    let class = &CLASSES[C];
    let type_object = make(
        py,
        &Spec {
            name: class.qualified,
            doc: class.doc,
            new: new::<C>,
            init: Some(init::<C>),
            call: call::<C>,
            repr: None,
            methods,
            getters,
        },
    )?;
    module.add(class.name, type_object.bind(py))?;
    let _ = TYPES[C].set(type_object);
    Ok(())
}

/// Adds the four classes to `module`.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let (methods, getters) = (methods(), getters());
    add::<0>(module, methods, getters)?;
    add::<1>(module, methods, getters)?;
    add::<2>(module, methods, getters)?;
    add::<3>(module, methods, getters)
}

/// The object of the class named `name` holding `hasher` (pickle's way back), or `ValueError`
/// for a name that is not one of the classes or a hasher of another algorithm.
pub(crate) fn restored<'py>(
    py: Python<'py>,
    name: &str,
    hasher: AnyHasher,
    seed: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let Some(class) = CLASSES.iter().position(|class| class.name == name) else {
        return Err(PyValueError::new_err(format!(
            "bad saved state: no python-xxhash class {name}"
        )));
    };
    if hasher.algorithm() != CLASSES[class].algorithm {
        return Err(PyValueError::new_err(format!(
            "bad saved state: of {}, not {name}",
            hasher.algorithm()
        )));
    }
    made(py, class, NewHasher::Given(hasher), seed)
}
