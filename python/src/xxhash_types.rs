//! python-xxhash's classes (`xxh32`, `xxh64`, `xxh3_64`, `xxh3_128`), types of capi/object.rs's
//! kind, as `iohash.Hasher` is. As python-xxhash's, `tp_new` makes an object with seed 0 and
//! `tp_init` reads the arguments; a call of a class does both at once.

use std::ffi::CStr;
use std::sync::OnceLock;

use iohash::{Algorithm, AnyHasher};
use pyo3::exceptions::{PySystemError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;

use crate::capi::calls::{init, vectorcall, Args, Call, Init};
use crate::capi::fastcall::entry;
use crate::capi::object::{
    alloc, alloc_then, getter, getters, make, no_args, no_args_method, table, Instance,
    InstanceType, NewHasher, Spec,
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

/// The type of `CLASSES[class]`, or an error if the module is not made yet.
fn class_type(class: usize) -> PyResult<&'static InstanceType> {
    TYPES[class]
        .get()
        .ok_or_else(|| PySystemError::new_err("iohash.xxhash: a class used before it was made"))
}

/// A new instance of the type `CLASSES[class]` holding `hasher`.
fn made(py: Python<'_>, class: usize, hasher: NewHasher, seed: u64) -> PyResult<Bound<'_, PyAny>> {
    alloc(py, class_type(class)?, hasher, seed)
}

/// `tp_new` of the class `C`: a new object with seed 0, as python-xxhash's `tp_new` makes
/// it, whatever the arguments; [`ClassOf::init`] then reads them. (A call of the class goes
/// to [`ClassOf::call`] instead, which does both at once; these two serve `cls.__new__` and
/// `h.__init__`.)
extern "C" fn new<const C: usize>(
    _subtype: *mut ffi::PyTypeObject,
    _args: *mut ffi::PyObject,
    _kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    entry(|py| made(py, C, NewHasher::Of(CLASSES[C].algorithm), 0))
}

/// The class `CLASSES[C]`: `cls(data=b'', seed=0)` and `h.__init__(data=b'', seed=0)`.
struct ClassOf<const C: usize>;

impl<const C: usize> Call<2> for ClassOf<C> {
    const PARAMS: [&'static str; 2] = ["data", "seed"];
    const POSITIONAL: usize = 2;
    fn name() -> String {
        CLASSES[C].name.to_owned()
    }
    /// A call of the class, in an array, as python-xxhash's classes take it: not through
    /// `type.__call__`, a tuple of the arguments, `tp_new` and `tp_init`.
    #[inline(always)]
    fn call<'py>(py: Python<'py>, [data, seed]: Args<'_, 'py, 2>) -> PyResult<Bound<'py, PyAny>> {
        let algorithm = CLASSES[C].algorithm;
        let seed = seed_of(seed.as_deref(), algorithm)?;
        let hasher = NewHasher::Of(algorithm);
        alloc_then(py, class_type(C)?, hasher, seed, |instance| match data {
            Some(data) => update(py, &instance.state, &data),
            None => Ok(()),
        })
    }
}

impl<const C: usize> Init<2> for ClassOf<C> {
    const PARAMS: [&'static str; 2] = ["data", "seed"];
    const POSITIONAL: usize = 2;
    /// `h.__init__(data=b'', seed=0)` starts `h` again with that seed and data, as
    /// python-xxhash's objects do.
    fn init(py: Python<'_>, this: &Instance, [data, seed]: Args<'_, '_, 2>) -> PyResult<()> {
        let algorithm = CLASSES[C].algorithm;
        let seed = seed_of(seed.as_deref(), algorithm)?;
        this.state
            .with(py, |hasher| *hasher = algorithm.hasher(seed));
        this.set_seed(seed);
        match data {
            Some(data) => update(py, &this.state, &data),
            None => Ok(()),
        }
    }
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
            init: Some(init::<ClassOf<C>, 2>),
            call: vectorcall::<ClassOf<C>, 2>,
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
