//! python-xxhash's classes (`xxh32`, `xxh64`, `xxh3_64`, `xxh3_128`) as types this module makes
//! with `PyType_FromSpec`, rather than PyO3's `#[pyclass]`.
//!
//! Most code calls python-xxhash as `xxh64(data).hexdigest()`, so making an object is most of a
//! call on short data. PyO3's way of making one (its trampolines, its argument parser, slot
//! lookups under the stable ABI) cost more than python-xxhash's whole call (BENCHMARKS.md,
//! Python package, "The python-xxhash classes"). Here `tp_new` and `tp_init` are ours, as in
//! python-xxhash: they read the arguments as CPython passes them, allocate with
//! `PyObject_Malloc` and write the fields in place. Calling a class skips even those: it goes
//! straight to a function of ours that takes the arguments in an array (`tp_vectorcall`). A
//! type may name that function in its slots from CPython 3.14, in the stable ABI too; before,
//! only the full API has the field, so those versions get a wheel each (see Cargo.toml).
//! The methods call the code `iohash.Hasher` uses, through `METH_FASTCALL` (fastcall.rs).

use std::ffi::{c_int, c_void, CStr};
use std::ptr::{self, addr_of_mut};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use iohash::{Algorithm, AnyHasher};
use pyo3::exceptions::{PySystemError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};
use pyo3::Borrowed;

use crate::fastcall::entry;
use crate::hasher::{self, seed_of, Shared};

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
static TYPES: [OnceLock<Py<PyType>>; 4] = [const { OnceLock::new() }; 4];

/// An instance: the object's header, then the hasher behind its lock, the seed it was made
/// with and which of [`CLASSES`] it is.
#[repr(C)]
struct Instance {
    /// CPython's object header: the reference count and the type.
    header: ffi::PyObject,
    /// The hasher and its lock.
    state: Shared,
    /// The seed as the `seed` attribute gives it (reduced modulo 2**32 for XXH32); atomic as
    /// `__init__` may change it while another thread reads it.
    seed: AtomicU64,
    /// The index of the instance's class in [`CLASSES`].
    class: usize,
}

// `PyObject_Malloc` aligns its blocks to two words; an `Instance` must need no more.
const _: () = assert!(align_of::<Instance>() <= 2 * size_of::<usize>());

impl Instance {
    /// The instance `object` points to.
    ///
    /// # Safety
    /// `object` is an instance of one of the types made here (CPython checked it: a method's or
    /// a getter's `self`), alive for `'a`.
    unsafe fn of<'a>(object: *mut ffi::PyObject) -> &'a Instance {
        // SAFETY: the caller's contract; `alloc` wrote every field before the object was used.
        unsafe { &*object.cast::<Instance>() }
    }

    /// The instance's class.
    fn class(&self) -> &'static Class {
        &CLASSES[self.class]
    }

    /// The seed the instance hashes with.
    fn seed(&self) -> u64 {
        self.seed.load(Ordering::Relaxed)
    }
}

/// A new instance of the type `class` (one of [`TYPES`]) holding `hasher`.
fn alloc(py: Python<'_>, class: usize, hasher: AnyHasher, seed: u64) -> PyResult<Bound<'_, PyAny>> {
    let Some(type_object) = TYPES[class].get() else {
        return Err(PySystemError::new_err(
            "iohash.xxhash: a class used before it was made",
        ));
    };
    // SAFETY: `PyObject_Malloc` returns memory for an `Instance` or null; `PyObject_Init` makes
    // its header an object of the live type `type_object` (taking a reference to the type,
    // which `dealloc` gives back) and returns it. The fields are written before anything else
    // sees the object, so unlike `PyType_GenericAlloc` this does not zero the memory first.
    unsafe {
        let memory = ffi::PyObject_Malloc(size_of::<Instance>()).cast::<ffi::PyObject>();
        if memory.is_null() {
            return Err(pyo3::exceptions::PyMemoryError::new_err(()));
        }
        let object = ffi::PyObject_Init(memory, type_object.bind(py).as_type_ptr());
        let instance = object.cast::<Instance>();
        addr_of_mut!((*instance).state).write(Shared::new(hasher));
        addr_of_mut!((*instance).seed).write(AtomicU64::new(seed));
        addr_of_mut!((*instance).class).write(class);
        Ok(Bound::from_owned_ptr(py, object))
    }
}

/// `tp_new` of the class `C`: a new object with seed 0, as python-xxhash's `tp_new` makes
/// it; [`init`] then reads the arguments. (A call of the class goes to [`call`] instead,
/// which does both at once; these two serve `cls.__new__` and `h.__init__`.)
unsafe extern "C" fn new<const C: usize>(
    _subtype: *mut ffi::PyTypeObject,
    _args: *mut ffi::PyObject,
    _kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    entry(|py| alloc(py, C, CLASSES[C].algorithm.hasher(0), 0))
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
            let arguments =
                tuple_and_dict(py, || "__init__".to_owned(), ["data", "seed"], args, kwargs)?;
            (Instance::of(object), arguments)
        };
        let algorithm = CLASSES[C].algorithm;
        // SAFETY: the call's arguments, borrowed for it.
        let borrow = |value: *mut ffi::PyObject| unsafe { Borrowed::from_ptr(py, value) };
        let seed = seed_of(seed.map(borrow).as_deref(), algorithm)?;
        hasher::with_hasher(py, &instance.state, |hasher| {
            *hasher = algorithm.hasher(seed);
        });
        instance.seed.store(seed, Ordering::Relaxed);
        if let Some(data) = data {
            hasher::update(py, &instance.state, &borrow(data))?;
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
    args: *const *mut ffi::PyObject,
    nargsf: usize,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    entry(|py| {
        // The count without `PY_VECTORCALL_ARGUMENTS_OFFSET`, the flag in its top bit.
        let nargs = nargsf & (usize::MAX >> 1);
        let [data, seed] = if kwnames.is_null() && nargs <= 2 {
            // SAFETY: `args` holds `nargs` positional arguments, borrowed for the call.
            std::array::from_fn(|i| (i < nargs).then(|| unsafe { *args.add(i) }))
        } else {
            // SAFETY: CPython's vectorcall contract, the same as METH_FASTCALL | METH_KEYWORDS
            // for the arguments.
            let (positional, keywords) =
                unsafe { vector_arguments(py, args, nargs as ffi::Py_ssize_t, kwnames) };
            bind(
                || CLASSES[C].name.to_owned(),
                ["data", "seed"],
                positional,
                &keywords,
            )?
        };
        // SAFETY: those are the call's arguments, borrowed for it.
        unsafe { made(py, C, data, seed) }
    })
}

/// A new instance of `CLASSES[class]` made with the arguments `data` and `seed`.
///
/// # Safety
/// `data` and `seed` are live objects, borrowed for the call.
#[inline(always)]
unsafe fn made(
    py: Python<'_>,
    class: usize,
    data: Option<*mut ffi::PyObject>,
    seed: Option<*mut ffi::PyObject>,
) -> PyResult<Bound<'_, PyAny>> {
    let algorithm = CLASSES[class].algorithm;
    // SAFETY: the contract.
    let borrow = |value: *mut ffi::PyObject| unsafe { Borrowed::from_ptr(py, value) };
    let seed = seed_of(seed.map(borrow).as_deref(), algorithm)?;
    let object = alloc(py, class, algorithm.hasher(seed), seed)?;
    if let Some(data) = data {
        // SAFETY: `alloc` made `object` one of these instances.
        let instance = unsafe { Instance::of(object.as_ptr()) };
        hasher::update(py, &instance.state, &borrow(data))?;
    }
    Ok(object)
}

/// The parameters `names` of `function` bound to a call's arguments given as a tuple `args` and
/// a dict `kwargs` (or null), as `tp_new` and `METH_VARARGS` functions take them.
///
/// # Safety
/// `args` is a live tuple and `kwargs` null or a live dict, borrowed for the call.
unsafe fn tuple_and_dict<const N: usize>(
    py: Python<'_>,
    function: impl Fn() -> String,
    names: [&str; N],
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> PyResult<[Option<*mut ffi::PyObject>; N]> {
    // SAFETY: `args` is a tuple (the contract).
    let count = unsafe { ffi::PyTuple_Size(args) };
    // SAFETY: as above; `item` is only called below `count`, and the item is borrowed from the
    // tuple for the call.
    let item = |i: ffi::Py_ssize_t| unsafe { ffi::PyTuple_GetItem(args, i) };
    if kwargs.is_null() && count <= N as ffi::Py_ssize_t {
        // The common calls, without a list.
        return Ok(std::array::from_fn(|i| {
            let i = i as ffi::Py_ssize_t;
            (i < count).then(|| item(i))
        }));
    }
    let positional: Vec<_> = (0..count).map(item).collect();
    let keywords = if kwargs.is_null() {
        Vec::new()
    } else {
        // SAFETY: a non-null `kwargs` is a dict borrowed for the call (the contract), which
        // holds its values for the call.
        let kwargs = unsafe { Borrowed::from_ptr(py, kwargs).cast_unchecked::<PyDict>() };
        kwargs
            .iter()
            .map(|(name, value)| (name, value.as_ptr()))
            .collect()
    };
    bind(function, names, &positional, &keywords)
}

/// The parameters `names` of `function` bound to a call's positional arguments and keyword
/// arguments (name, value), with CPython's errors for a call that does not fit them.
fn bind<const N: usize>(
    function: impl Fn() -> String,
    names: [&str; N],
    positional: &[*mut ffi::PyObject],
    keywords: &[(Bound<'_, PyAny>, *mut ffi::PyObject)],
) -> PyResult<[Option<*mut ffi::PyObject>; N]> {
    if positional.len() > N {
        return Err(PyTypeError::new_err(format!(
            "{}() takes at most {N} positional argument{} ({} given)",
            function(),
            if N == 1 { "" } else { "s" },
            positional.len()
        )));
    }
    let mut bound = [None; N];
    for (slot, value) in bound.iter_mut().zip(positional) {
        *slot = Some(*value);
    }
    for (name, value) in keywords {
        let name = name.cast::<PyString>()?.to_cow()?;
        let Some(i) = names.iter().position(|known| *known == name) else {
            return Err(PyTypeError::new_err(format!(
                "'{name}' is an invalid keyword argument for {}()",
                function()
            )));
        };
        if bound[i].is_some() {
            return Err(PyTypeError::new_err(format!(
                "argument for {}() given by name ('{name}') and position ({})",
                function(),
                i + 1
            )));
        }
        bound[i] = Some(*value);
    }
    Ok(bound)
}

/// `tp_dealloc`: drops the fields `alloc` wrote, frees the object and lets go of its type, as
/// an instance of a heap type holds a reference to it.
unsafe extern "C" fn dealloc(object: *mut ffi::PyObject) {
    // SAFETY: CPython calls this once, when the last reference to an instance has gone, so
    // nothing else reads it; its fields were written by `alloc`. The type is read before the
    // memory is freed, and `PyObject_Free` frees what `PyObject_Malloc` took.
    unsafe {
        let type_object = ffi::Py_TYPE(object);
        let instance = object.cast::<Instance>();
        ptr::drop_in_place(addr_of_mut!((*instance).state));
        ffi::PyObject_Free(object.cast());
        ffi::Py_DecRef(type_object.cast());
    }
}

/// A method without arguments: what it returns for an instance.
trait NoArgs {
    /// What the method returns for `this`.
    fn call<'py>(py: Python<'py>, this: &Instance) -> PyResult<Bound<'py, PyAny>>;
}

/// The method `M` as `METH_NOARGS`, which CPython checks for arguments itself, and calls
/// through its quickest specialized instruction.
unsafe extern "C" fn no_args<M: NoArgs>(
    object: *mut ffi::PyObject,
    _unused: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython checked that `self` is an instance of the type.
    entry(|py| M::call(py, unsafe { Instance::of(object) }))
}

/// Defines the methods without arguments: `$type` (the method `$name`) returns `$body`.
macro_rules! no_args {
    ($($type:ident $name:literal ($py:ident, $this:ident) $body:block)*) => {
        $(
            #[doc = concat!("The method `", $name, "`.")]
            struct $type;

            impl NoArgs for $type {
                fn call<'py>($py: Python<'py>, $this: &Instance) -> PyResult<Bound<'py, PyAny>> {
                    $body
                }
            }
        )*
    };
}

no_args! {
    Digest "digest" (py, this) { Ok(hasher::digest(py, &this.state).into_any()) }
    HexDigest "hexdigest" (py, this) { Ok(hasher::hexdigest(py, &this.state)?.into_any()) }
    IntDigest "intdigest" (py, this) { hasher::intdigest(py, &this.state) }
    Duplicate "copy" (py, this) {
        let hasher = hasher::with_hasher(py, &this.state, |h| h.clone());
        alloc(py, this.class, hasher, this.seed())
    }
    Reset "reset" (py, this) {
        hasher::reset(py, &this.state);
        Ok(py.None().into_bound(py))
    }
    Reduce "__reduce__" (py, this) {
        let restore = py.import("iohash.xxhash")?.getattr("_restore")?;
        let state = hasher::saved_state(py, &this.state);
        Ok((restore, (this.class().name, state)).into_pyobject(py)?.into_any())
    }
}

/// `update(data)` through `METH_FASTCALL | METH_KEYWORDS`, where the interpreter has it
/// (fastcall.rs): the positional arguments then the keywords' values, their count and names.
unsafe extern "C" fn update_fast(
    object: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    entry(|py| {
        // SAFETY: CPython checked that `self` is an instance of the type.
        let this = unsafe { Instance::of(object) };
        let data = if nargs == 1 && kwnames.is_null() {
            // SAFETY: one positional argument, borrowed for the call.
            unsafe { *args }
        } else {
            // SAFETY: CPython's METH_FASTCALL | METH_KEYWORDS contract, as the function's.
            let (positional, keywords) = unsafe { vector_arguments(py, args, nargs, kwnames) };
            let function = || format!("{}.update", this.class().name);
            required(function, bind(function, ["data"], positional, &keywords)?)?
        };
        // SAFETY: `data` is an argument of the call, borrowed for it.
        let data = unsafe { Borrowed::from_ptr(py, data) };
        hasher::update(py, &this.state, &data)?;
        Ok(py.None().into_bound(py))
    })
}

/// The one argument of `function`, or CPython's error for a call without it.
fn required(
    function: impl Fn() -> String,
    [data]: [Option<*mut ffi::PyObject>; 1],
) -> PyResult<*mut ffi::PyObject> {
    data.ok_or_else(|| {
        PyTypeError::new_err(format!("{}() missing required argument 'data'", function()))
    })
}

/// A `METH_FASTCALL | METH_KEYWORDS` call's positional arguments and keyword arguments (name,
/// value), as [`bind`] takes them.
///
/// # Safety
/// `args` holds `nargs` values then one per name in `kwnames` (a tuple of str, or null), all
/// borrowed for the call.
#[allow(clippy::type_complexity)]
unsafe fn vector_arguments<'a, 'py>(
    py: Python<'py>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> (
    &'a [*mut ffi::PyObject],
    Vec<(Bound<'py, PyAny>, *mut ffi::PyObject)>,
) {
    let nargs = usize::try_from(nargs).unwrap_or(0);
    // SAFETY: the contract.
    unsafe {
        let positional = if nargs == 0 {
            &[][..]
        } else {
            std::slice::from_raw_parts(args, nargs)
        };
        let keywords = if kwnames.is_null() {
            Vec::new()
        } else {
            let names = Borrowed::from_ptr(py, kwnames).cast_unchecked::<PyTuple>();
            let values = args.add(nargs);
            names
                .iter()
                .enumerate()
                .map(|(i, name)| (name, *values.add(i)))
                .collect()
        };
        (positional, keywords)
    }
}

/// `__deepcopy__(memo)`, as `METH_O`: a copy (a hasher holds no Python objects).
unsafe extern "C" fn deep_copy(
    object: *mut ffi::PyObject,
    _memo: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython checked that `self` is an instance of the type.
    entry(|py| Duplicate::call(py, unsafe { Instance::of(object) }))
}

/// Defines getters: `$name(instance)` computes the attribute, an integer or a str.
macro_rules! getters {
    ($($name:ident($this:ident) $body:expr;)*) => {
        $(
            #[doc = concat!("The getter of `", stringify!($name), "`.")]
            unsafe extern "C" fn $name(
                object: *mut ffi::PyObject,
                _closure: *mut c_void,
            ) -> *mut ffi::PyObject {
                entry(|py| {
                    // SAFETY: CPython checked that `self` is an instance of the type.
                    let $this = unsafe { Instance::of(object) };
                    Ok($body.into_pyobject(py)?.into_any())
                })
            }
        )*
    };
}

getters! {
    name(this) this.class().tag;
    digest_size(this) this.class().algorithm.hash_len();
    block_size(this) hasher::block_size(this.class().algorithm);
    seed(this) this.seed();
}

/// A method's entry in the type's table; CPython keeps pointers to it for the process.
fn method(
    name: &'static CStr,
    function: ffi::PyCFunction,
    flags: c_int,
    doc: &'static CStr,
) -> ffi::PyMethodDef {
    ffi::PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunction: function,
        },
        ml_flags: flags,
        ml_doc: doc.as_ptr(),
    }
}

/// A getter's entry in the type's table.
fn getter(name: &'static CStr, get: ffi::getter, doc: &'static CStr) -> ffi::PyGetSetDef {
    ffi::PyGetSetDef {
        name: name.as_ptr(),
        get: Some(get),
        set: None,
        doc: doc.as_ptr(),
        closure: ptr::null_mut(),
    }
}

/// A `METH_FASTCALL | METH_KEYWORDS` method's entry (fastcall.rs).
fn fast_method(
    name: &'static CStr,
    fast: crate::fastcall::Fast,
    doc: &'static CStr,
) -> ffi::PyMethodDef {
    // SAFETY: CPython calls a method with the signature its flags name, which `fast` has; the
    // table's field only stores it as the plain type.
    let fast = unsafe { std::mem::transmute::<crate::fastcall::Fast, ffi::PyCFunction>(fast) };
    method(name, fast, ffi::METH_FASTCALL | ffi::METH_KEYWORDS, doc)
}

/// The method `M`'s entry.
fn no_args_method<M: NoArgs>(name: &'static CStr, doc: &'static CStr) -> ffi::PyMethodDef {
    method(name, no_args::<M>, ffi::METH_NOARGS, doc)
}

/// The methods every class has, ended by the zeroed entry CPython looks for; made once and
/// kept, as the types keep pointers into it.
fn methods() -> &'static [ffi::PyMethodDef] {
    Box::leak(Box::new([
        fast_method(c"update", update_fast, c"update($self, /, data)\n--\n\nUpdates the hash with the bytes of `data` (a bytes-like object)."),
        no_args_method::<Digest>(c"digest", c"digest($self, /)\n--\n\nThe digest so far, big-endian bytes."),
        no_args_method::<HexDigest>(c"hexdigest", c"hexdigest($self, /)\n--\n\nThe digest as a string of hexadecimal digits."),
        no_args_method::<IntDigest>(c"intdigest", c"intdigest($self, /)\n--\n\nThe digest as an integer."),
        no_args_method::<Duplicate>(c"copy", c"copy($self, /)\n--\n\nA copy of this hasher."),
        no_args_method::<Reset>(c"reset", c"reset($self, /)\n--\n\nBack to the state of a new hasher with the same seed."),
        no_args_method::<Reduce>(c"__reduce__", c"__reduce__($self, /)\n--\n\nHow pickle saves the hasher: its saved state and seed."),
        no_args_method::<Duplicate>(c"__copy__", c"__copy__($self, /)\n--\n\nA copy of this hasher."),
        method(c"__deepcopy__", deep_copy, ffi::METH_O, c"__deepcopy__($self, memo, /)\n--\n\nA copy of this hasher."),
        // SAFETY: CPython's end of the table is an entry of zeroes (a null name).
        unsafe { std::mem::zeroed() },
    ]))
}

/// The getters every class has, ended by a zeroed entry; made once and kept.
fn getters() -> &'static [ffi::PyGetSetDef] {
    Box::leak(Box::new([
        getter(c"name", name, c"The algorithm's name."),
        getter(
            c"digest_size",
            digest_size,
            c"The digest's length in bytes.",
        ),
        getter(
            c"digestsize",
            digest_size,
            c"The digest's length in bytes (python-xxhash's older name).",
        ),
        getter(
            c"block_size",
            block_size,
            c"The block size, as python-xxhash reports it.",
        ),
        getter(c"seed", seed, c"The seed, as an unsigned integer."),
        // SAFETY: CPython's end of the table is an entry of zeroes (a null name).
        unsafe { std::mem::zeroed() },
    ]))
}

/// `tp_alloc`, which only a `__new__` other than [`new`] would call: refused, as an instance
/// that [`alloc`] did not write would hold no valid hasher.
unsafe extern "C" fn refuse_alloc(
    _type: *mut ffi::PyTypeObject,
    _items: ffi::Py_ssize_t,
) -> *mut ffi::PyObject {
    entry(|_| {
        Err(PyTypeError::new_err(
            "iohash.xxhash objects are made only by calling their class",
        ))
    })
}

/// Makes the type of `CLASSES[C]` and adds it to `module`.
fn make<const C: usize>(
    module: &Bound<'_, PyModule>,
    methods: &'static [ffi::PyMethodDef],
    getters: &'static [ffi::PyGetSetDef],
) -> PyResult<()> {
    let py = module.py();
    let class = &CLASSES[C];
    let tp_new: ffi::newfunc = new::<C>;
    let tp_init: ffi::initproc = init::<C>;
    let tp_alloc: ffi::allocfunc = refuse_alloc;
    let tp_dealloc: ffi::destructor = dealloc;
    let tp_free: ffi::freefunc = ffi::PyObject_Free;
    let tp_vectorcall: ffi::vectorcallfunc = call::<C>;
    let slot = |slot, pfunc| ffi::PyType_Slot { slot, pfunc };
    let mut slots = vec![
        slot(ffi::Py_tp_new, tp_new as *mut c_void),
        slot(ffi::Py_tp_init, tp_init as *mut c_void),
        slot(ffi::Py_tp_dealloc, tp_dealloc as *mut c_void),
        slot(ffi::Py_tp_alloc, tp_alloc as *mut c_void),
        slot(ffi::Py_tp_free, tp_free as *mut c_void),
        slot(ffi::Py_tp_methods, methods.as_ptr().cast_mut().cast()),
        slot(ffi::Py_tp_getset, getters.as_ptr().cast_mut().cast()),
        slot(ffi::Py_tp_doc, class.doc.as_ptr().cast_mut().cast()),
    ];
    // From CPython 3.14 the type names its vectorcall function in its slots (gh-100554), on
    // the full API and the stable ABI alike; before, [`set_vectorcall`] puts it in place.
    #[cfg(Py_3_14)]
    slots.push(slot(ffi::Py_tp_vectorcall, tp_vectorcall as *mut c_void));
    // The end of the list.
    slots.push(slot(0, ptr::null_mut()));
    let slots = Box::leak(slots.into_boxed_slice());
    let mut spec = ffi::PyType_Spec {
        name: class.qualified.as_ptr(),
        basicsize: c_int::try_from(size_of::<Instance>())
            .map_err(|_| PyValueError::new_err("iohash.xxhash: an instance too large"))?,
        itemsize: 0,
        // Not a base type, as python-xxhash's are not; immutable, as python-xxhash's static
        // types are, so no `__new__` can be put in place.
        flags: (ffi::Py_TPFLAGS_DEFAULT | ffi::Py_TPFLAGS_IMMUTABLETYPE) as _,
        slots: slots.as_mut_ptr(),
    };
    // SAFETY: the spec, its name, slots, methods, getters and docstrings live for the process
    // (static or leaked); each function has the signature its slot names. The result is a new
    // reference or null with an error set.
    let type_object = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyType_FromSpec(&mut spec))? };
    let type_object = type_object.cast_into::<PyType>()?;
    #[cfg(not(Py_3_14))]
    set_vectorcall(&type_object, tp_vectorcall);
    module.add(class.name, &type_object)?;
    let _ = TYPES[C].set(type_object.unbind());
    Ok(())
}

/// Puts `call` in the type's `tp_vectorcall`, a field of the full API's `PyTypeObject` (the
/// stable ABI, which has no such field, is only built for 3.14, which takes the slot).
#[cfg(not(Py_3_14))]
fn set_vectorcall(type_object: &Bound<'_, PyType>, call: ffi::vectorcallfunc) {
    // SAFETY: `type_object` is a live heap type this module just made, and no code has called
    // it yet; the GIL is held. `tp_vectorcall` is the full API's field for the function that
    // calls of the type itself go to, whose signature `call` has.
    unsafe { (*type_object.as_type_ptr()).tp_vectorcall = Some(call) };
}

/// Adds the four classes to `module`.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let (methods, getters) = (methods(), getters());
    make::<0>(module, methods, getters)?;
    make::<1>(module, methods, getters)?;
    make::<2>(module, methods, getters)?;
    make::<3>(module, methods, getters)
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
    alloc(py, class, hasher, seed)
}
