//! The one kind of type every hasher object of the module is: `iohash.Hasher` (hasher.rs) and
//! python-xxhash's four classes (xxhash_types.rs), made with `PyType_FromSpec` rather than
//! PyO3's `#[pyclass]`.
//!
//! Most code calls a hasher as `xxh64(data).hexdigest()`, so making an object is most of a call on
//! short data. PyO3's way of making one (its trampolines, its argument parser, slot lookups under
//! the stable ABI) cost more than python-xxhash's whole call (benches/results/python-package.md,
//! "The python-xxhash classes"). Here the object is one kept from a hasher that is gone (see
//! `free`), or allocated with `PyObject_Malloc` and its fields written in place, and calling a
//! class goes straight to a function that takes the arguments in an array (`tp_vectorcall`). A type
//! may name that function in its slots from CPython 3.14, in the stable ABI too; before, only the
//! full API has the field, so those versions get a wheel each (see Cargo.toml). Arguments are bound
//! here too, with CPython's errors, so no call goes through PyO3's parser.

use std::cell::UnsafeCell;
use std::ffi::{c_int, c_void, CStr};
use std::ptr::{self, addr_of_mut};
use std::sync::atomic::{AtomicU64, Ordering};

use iohash::{Algorithm, AnyHasher};
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};
use pyo3::Borrowed;

use crate::capi::fastcall::{entry, Fast};
use crate::capi::shared::Shared;

/// An instance: the object's header, then the hasher behind its lock, the seed it hashes with
/// and its algorithm. Its type is the one it was made with (see [`InstanceType`]).
#[repr(C)]
pub(crate) struct Instance {
    /// CPython's object header: the reference count and the type, which CPython changes while
    /// Rust holds a reference to the instance.
    header: UnsafeCell<ffi::PyObject>,
    /// The hasher and its lock.
    pub(crate) state: Shared,
    /// The seed as the `seed` attribute gives it (reduced modulo 2**32 for XXH32); atomic as
    /// python-xxhash's `__init__` may change it while another thread reads it.
    seed: AtomicU64,
    /// What the hasher computes; it never changes.
    pub(crate) algorithm: Algorithm,
}

// `PyObject_Malloc` aligns its blocks to two words; an `Instance` must need no more.
const _: () = assert!(align_of::<Instance>() <= 2 * size_of::<usize>());

impl Instance {
    /// The instance `object` points to.
    ///
    /// # Safety
    /// `object` is an instance of a type [`make`] made (CPython checked it for a method's or a
    /// getter's `self`, which are only in those types' tables), alive for `'a`.
    pub(crate) unsafe fn of<'a>(object: *mut ffi::PyObject) -> &'a Instance {
        // SAFETY: the caller's contract; `alloc` wrote every field before the object was used.
        unsafe { &*object.cast::<Instance>() }
    }

    /// The `__name__` of the instance's type, for an error's message.
    pub(crate) fn type_name(&self, py: Python<'_>) -> String {
        // SAFETY: `self` is a live object, whose header is an object's.
        let object = unsafe { Borrowed::from_ptr(py, self.header.get()) };
        type_name(&object)
    }

    /// The seed the instance hashes with.
    pub(crate) fn seed(&self) -> u64 {
        self.seed.load(Ordering::Relaxed)
    }

    /// Changes the seed the `seed` attribute reports (python-xxhash's `__init__` does).
    pub(crate) fn set_seed(&self, seed: u64) {
        self.seed.store(seed, Ordering::Relaxed);
    }

    /// A new instance of this one's type holding a copy of its hasher: the two go on apart.
    pub(crate) fn copy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let hasher = || self.state.with(py, |hasher| hasher.clone());
        // SAFETY: `self` is an instance, so its type is one `make` made (the contract of `of`,
        // and `alloc`, the only maker of instances, takes only those types).
        unsafe { alloc_as(py, ffi::Py_TYPE(self.header.get()), hasher, self.seed()) }
    }
}

/// A type [`make`] made: its instances are laid out as [`Instance`] and freed by [`dealloc`],
/// so only such a type may be given to [`alloc`]; nothing else can make one.
pub(crate) struct InstanceType(Py<PyType>);

impl InstanceType {
    /// The type object.
    pub(crate) fn bind<'py>(&self, py: Python<'py>) -> &Bound<'py, PyType> {
        self.0.bind(py)
    }
}

/// The hasher a new instance holds.
// Large on purpose: a given hasher is moved once, on the rare paths (a saved state, files).
#[allow(clippy::large_enum_variant)]
pub(crate) enum NewHasher {
    /// A new hasher of the algorithm, with the instance's seed.
    Of(Algorithm),
    /// This one (restored from a saved state, or read from files).
    Given(AnyHasher),
}

/// A new instance of `type_object` holding `hasher` and reporting `seed`.
#[inline]
pub(crate) fn alloc<'py>(
    py: Python<'py>,
    type_object: &InstanceType,
    hasher: NewHasher,
    seed: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let algorithm = match hasher {
        NewHasher::Of(algorithm) => algorithm,
        NewHasher::Given(hasher) => {
            // SAFETY: an `InstanceType` is a live type `make` made.
            return unsafe { alloc_as(py, type_object.0.as_ptr().cast(), || hasher, seed) };
        }
    };
    let type_pointer = type_object.0.as_ptr().cast();
    #[cfg(not(Py_GIL_DISABLED))]
    // SAFETY: an `InstanceType` is a live type `make` made.
    if let Some(object) = unsafe { free::reused(py, type_pointer, algorithm, seed) } {
        // SAFETY: `reused` returns a new reference to an instance.
        return Ok(unsafe { Bound::from_owned_ptr(py, object) });
    }
    // SAFETY: as above.
    unsafe {
        alloc_as(
            py,
            type_pointer,
            || crate::templates::hasher(algorithm, seed),
            seed,
        )
    }
}

/// A new instance as [`alloc`] makes it, given to `then` (which hashes a call's first data)
/// before it is returned.
#[inline(always)]
pub(crate) fn alloc_then<'py>(
    py: Python<'py>,
    type_object: &InstanceType,
    hasher: NewHasher,
    seed: u64,
    then: impl FnOnce(&Instance) -> PyResult<()>,
) -> PyResult<Bound<'py, PyAny>> {
    let object = alloc(py, type_object, hasher, seed)?;
    // SAFETY: `alloc` made `object` an instance, alive while `object` is.
    then(unsafe { Instance::of(object.as_ptr()) })?;
    Ok(object)
}

/// [`alloc`] for a type known by its pointer, the hasher made by `hasher` once the memory is
/// taken, so a copy's clone is moved fewer times: cloned first, `h.copy()` spent 237
/// instructions in `memcpy` on the hasher (over 600 bytes), this way 149 (callgrind).
///
/// # Safety
/// `type_object` is a live type [`make`] made.
#[inline]
unsafe fn alloc_as<'py>(
    py: Python<'py>,
    type_object: *mut ffi::PyTypeObject,
    hasher: impl FnOnce() -> AnyHasher,
    seed: u64,
) -> PyResult<Bound<'py, PyAny>> {
    // SAFETY: `PyObject_Malloc` returns memory for an `Instance` or null; `PyObject_Init` makes
    // its header an object of `type_object` (taking a reference to the type, which `dealloc`
    // gives back) and returns it. The fields are written before anything else sees the
    // object, so unlike `PyType_GenericAlloc` this does not zero the memory first. The type's
    // instances are `Instance`s (the contract).
    unsafe {
        let memory = ffi::PyObject_Malloc(size_of::<Instance>()).cast::<ffi::PyObject>();
        if memory.is_null() {
            return Err(PyMemoryError::new_err(()));
        }
        let object = ffi::PyObject_Init(memory, type_object);
        let instance = object.cast::<Instance>();
        let hasher = hasher();
        let algorithm = hasher.algorithm();
        addr_of_mut!((*instance).state).write(Shared::new(hasher));
        addr_of_mut!((*instance).seed).write(AtomicU64::new(seed));
        addr_of_mut!((*instance).algorithm).write(algorithm);
        Ok(Bound::from_owned_ptr(py, object))
    }
}

/// `tp_dealloc`: drops the fields `alloc` wrote, frees the object and lets go of its type, as
/// an instance of a heap type holds a reference to it.
unsafe extern "C" fn dealloc(object: *mut ffi::PyObject) {
    // SAFETY: CPython calls this once, when the last reference to an instance has gone, so
    // nothing else reads it; its fields were written by `alloc`. The type is read before the
    // memory is freed or kept, and `PyObject_Free` frees what `PyObject_Malloc` took. CPython
    // calls `tp_dealloc` with the GIL held.
    unsafe {
        let type_object = ffi::Py_TYPE(object);
        #[cfg(not(Py_GIL_DISABLED))]
        if free::keep(Python::assume_attached(), object) {
            ffi::Py_DecRef(type_object.cast());
            return;
        }
        let instance = object.cast::<Instance>();
        ptr::drop_in_place(addr_of_mut!((*instance).state));
        ptr::drop_in_place(addr_of_mut!((*instance).algorithm));
        ffi::PyObject_Free(object.cast());
        ffi::Py_DecRef(type_object.cast());
    }
}

/// Instances whose last reference went, kept whole for the next instance to be made, as CPython
/// keeps its floats: making a hasher is most of `xxh3_64(data).intdigest()` on short data, and a
/// kept one needs no `malloc`, no `free`, and for the same algorithm and seed only its hasher reset
/// rather than its 600-odd bytes written (benches/results/python-package.md, "Instances kept for
/// the next (Intel Xeon model 167, 2026-12-05)"). Only with a GIL, which keeps the list's users
/// apart.
#[cfg(not(Py_GIL_DISABLED))]
mod free {
    use std::cell::{Cell, UnsafeCell};
    use std::ptr;

    use iohash::{Algorithm, DynHasher};
    use pyo3::ffi;
    use pyo3::Python;

    use super::Instance;

    /// Instances kept at most: enough for the objects a loop makes and drops.
    const KEPT_MAX: usize = 8;

    /// The kept instances, their fields valid, no reference to them held.
    struct Kept {
        objects: UnsafeCell<[*mut ffi::PyObject; KEPT_MAX]>,
        len: Cell<usize>,
    }

    // SAFETY: `Kept` is only read and changed by a thread holding the GIL (each function takes
    // a `Python` token), which keeps those threads apart.
    unsafe impl Sync for Kept {}

    static KEPT: Kept = Kept {
        objects: UnsafeCell::new([ptr::null_mut(); KEPT_MAX]),
        len: Cell::new(0),
    };

    /// Keeps `object`, an instance whose last reference went, if there is room; its type's
    /// reference is the caller's to give back.
    pub(super) fn keep(_py: Python<'_>, object: *mut ffi::PyObject) -> bool {
        let len = KEPT.len.get();
        if len == KEPT_MAX {
            return false;
        }
        // SAFETY: the GIL is held (`_py`), so no other thread reaches `KEPT`, and no borrow
        // of its array outlives this line.
        unsafe { (*KEPT.objects.get())[len] = object };
        KEPT.len.set(len + 1);
        true
    }

    /// A kept instance made an object of `type_object` again (a new reference) holding a new
    /// hasher of `algorithm` with `seed`, or `None` if none is kept.
    ///
    /// # Safety
    /// `type_object` is a live type `make` made.
    pub(super) unsafe fn reused(
        _py: Python<'_>,
        type_object: *mut ffi::PyTypeObject,
        algorithm: Algorithm,
        seed: u64,
    ) -> Option<*mut ffi::PyObject> {
        let len = KEPT.len.get().checked_sub(1)?;
        KEPT.len.set(len);
        // SAFETY: as in `keep`; the object's memory holds an instance whose fields are valid
        // and that nothing refers to, which `PyObject_Init` makes an object of `type_object`
        // (taking a reference to the type, which `dealloc` gives back): every type `make`
        // makes has that layout. No other thread sees the object until it is returned.
        let instance = unsafe {
            let object = ffi::PyObject_Init((*KEPT.objects.get())[len], type_object);
            &mut *object.cast::<Instance>()
        };
        let hasher = instance.state.get_mut();
        if instance.algorithm == algorithm && *instance.seed.get_mut() == seed {
            // What a new hasher of that algorithm and seed holds, without writing it all.
            hasher.reset();
        } else {
            *hasher = crate::templates::hasher(algorithm, seed);
            instance.algorithm = algorithm;
            *instance.seed.get_mut() = seed;
        }
        Some((instance as *mut Instance).cast())
    }
}

/// `tp_alloc`, which only a `__new__` other than the type's own would call: refused, as an
/// instance that [`alloc`] did not write would hold no valid hasher.
unsafe extern "C" fn refuse_alloc(
    _type: *mut ffi::PyTypeObject,
    _items: ffi::Py_ssize_t,
) -> *mut ffi::PyObject {
    entry(|_| {
        Err(PyTypeError::new_err(
            "iohash: a hasher is made only by calling its class",
        ))
    })
}

/// What a type has beyond what every one of this kind has (the instance layout, `dealloc`,
/// no subclasses, immutable).
pub(crate) struct Spec {
    /// `__module__` and `__name__`, as `PyType_FromSpec` takes them: "iohash.Hasher".
    pub(crate) name: &'static CStr,
    /// The docstring, its first line the text signature `inspect` reads.
    pub(crate) doc: &'static CStr,
    /// `tp_new`, for `cls.__new__(cls, ...)`; a call of the class goes to `call`.
    pub(crate) new: ffi::newfunc,
    /// `tp_init`, or `object.__init__`'s, which does nothing.
    pub(crate) init: Option<ffi::initproc>,
    /// What a call of the class goes to (`tp_vectorcall`).
    pub(crate) call: ffi::vectorcallfunc,
    /// `tp_repr`, or `object.__repr__`'s.
    pub(crate) repr: Option<ffi::reprfunc>,
    /// The methods, ended by a zeroed entry (see [`table`]).
    pub(crate) methods: &'static [ffi::PyMethodDef],
    /// The getters, ended by a zeroed entry.
    pub(crate) getters: &'static [ffi::PyGetSetDef],
}

/// Makes the type `spec` describes.
pub(crate) fn make(py: Python<'_>, spec: &Spec) -> PyResult<InstanceType> {
    let tp_alloc: ffi::allocfunc = refuse_alloc;
    let tp_dealloc: ffi::destructor = dealloc;
    let tp_free: ffi::freefunc = ffi::PyObject_Free;
    let slot = |slot, pfunc| ffi::PyType_Slot { slot, pfunc };
    let mut slots = vec![
        slot(ffi::Py_tp_new, spec.new as *mut c_void),
        slot(ffi::Py_tp_dealloc, tp_dealloc as *mut c_void),
        slot(ffi::Py_tp_alloc, tp_alloc as *mut c_void),
        slot(ffi::Py_tp_free, tp_free as *mut c_void),
        slot(ffi::Py_tp_methods, spec.methods.as_ptr().cast_mut().cast()),
        slot(ffi::Py_tp_getset, spec.getters.as_ptr().cast_mut().cast()),
        slot(ffi::Py_tp_doc, spec.doc.as_ptr().cast_mut().cast()),
    ];
    if let Some(init) = spec.init {
        slots.push(slot(ffi::Py_tp_init, init as *mut c_void));
    }
    if let Some(repr) = spec.repr {
        slots.push(slot(ffi::Py_tp_repr, repr as *mut c_void));
    }
    // From CPython 3.14 the type names its vectorcall function in its slots (gh-100554), on
    // the full API and the stable ABI alike; before, [`set_vectorcall`] puts it in place.
    #[cfg(Py_3_14)]
    slots.push(slot(ffi::Py_tp_vectorcall, spec.call as *mut c_void));
    // The end of the list.
    slots.push(slot(0, ptr::null_mut()));
    let slots = Box::leak(slots.into_boxed_slice());
    let mut type_spec = ffi::PyType_Spec {
        name: spec.name.as_ptr(),
        basicsize: c_int::try_from(size_of::<Instance>())
            .map_err(|_| PyValueError::new_err("iohash: an instance too large"))?,
        itemsize: 0,
        // Not a base type, as python-xxhash's are not (a subclass's instances could hold
        // more than an `Instance`); immutable, as static types are, so no `__new__` or method
        // can be put in place.
        flags: (ffi::Py_TPFLAGS_DEFAULT | ffi::Py_TPFLAGS_IMMUTABLETYPE) as _,
        slots: slots.as_mut_ptr(),
    };
    // SAFETY: the spec, its name, slots, methods, getters and docstrings live for the process
    // (static or leaked); each function has the signature its slot names. The result is a new
    // reference or null with an error set.
    let type_object =
        unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyType_FromSpec(&mut type_spec))? };
    let type_object = type_object.cast_into::<PyType>()?;
    #[cfg(not(Py_3_14))]
    set_vectorcall(&type_object, spec.call);
    Ok(InstanceType(type_object.unbind()))
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

/// The `__name__` of `object`'s type, for an error's message.
pub(crate) fn type_name(object: &Bound<'_, PyAny>) -> String {
    object
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |name| name.to_string())
}

/// A call's argument: an object borrowed for the call.
pub(crate) type Arg = *mut ffi::PyObject;

/// The parameters `names` of `function` bound to a `METH_FASTCALL | METH_KEYWORDS` (or
/// vectorcall) call's arguments, the first `positional` of them by position or name, the
/// others by name alone.
///
/// # Safety
/// CPython's contract for such a call: `args` holds `nargs` values then one per name in
/// `kwnames` (a tuple of str, or null), all borrowed for the call.
#[inline]
pub(crate) unsafe fn bind_vector<const N: usize>(
    py: Python<'_>,
    function: impl Fn() -> String,
    names: [&str; N],
    positional: usize,
    args: *const Arg,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<[Option<Arg>; N]> {
    let nargs = usize::try_from(nargs).unwrap_or(0);
    if kwnames.is_null() && nargs <= positional {
        // The common calls, without a slice or a list.
        return Ok(std::array::from_fn(|i| {
            // SAFETY: `args` holds `nargs` arguments (the contract); only those are read.
            (i < nargs).then(|| unsafe { *args.add(i) })
        }));
    }
    // SAFETY: the contract.
    let given = unsafe {
        if nargs == 0 {
            &[][..]
        } else {
            std::slice::from_raw_parts(args, nargs)
        }
    };
    let keywords = (!kwnames.is_null()).then(|| {
        // SAFETY: a non-null `kwnames` is a tuple of str (the contract).
        let names = unsafe { Borrowed::from_ptr(py, kwnames).cast_unchecked::<PyTuple>() };
        names.iter().enumerate().map(move |(i, name)| {
            // SAFETY: the keywords' values follow the positional arguments in `args`, one per
            // name (the contract).
            (name, unsafe { *args.add(nargs + i) })
        })
    });
    bind(
        function,
        names,
        positional,
        given,
        keywords.into_iter().flatten(),
    )
}

/// The parameters `names` of `function` bound to a call's arguments given as a tuple `args` and
/// a dict `kwargs` (or null), as `tp_new` and `tp_init` take them; the first `positional` of
/// them by position or name, the others by name alone.
///
/// # Safety
/// `args` is a live tuple and `kwargs` null or a live dict, borrowed for the call.
pub(crate) unsafe fn bind_tuple_and_dict<const N: usize>(
    py: Python<'_>,
    function: impl Fn() -> String,
    names: [&str; N],
    positional: usize,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> PyResult<[Option<Arg>; N]> {
    // SAFETY: `args` is a tuple (the contract).
    let count = unsafe { ffi::PyTuple_Size(args) };
    // SAFETY: as above; `item` is only called below `count`, and the item is borrowed from the
    // tuple for the call.
    let item = |i: ffi::Py_ssize_t| unsafe { ffi::PyTuple_GetItem(args, i) };
    if kwargs.is_null() && count <= positional as ffi::Py_ssize_t {
        // The common calls, without a list.
        return Ok(std::array::from_fn(|i| {
            let i = i as ffi::Py_ssize_t;
            (i < count).then(|| item(i))
        }));
    }
    let given: Vec<_> = (0..count).map(item).collect();
    let keywords = (!kwargs.is_null()).then(|| {
        // SAFETY: a non-null `kwargs` is a dict borrowed for the call (the contract), which
        // holds its values, so their pointers outlive the references the iterator drops.
        let kwargs = unsafe { Borrowed::from_ptr(py, kwargs).cast_unchecked::<PyDict>() };
        kwargs.iter().map(|(name, value)| (name, value.as_ptr()))
    });
    bind(
        function,
        names,
        positional,
        &given,
        keywords.into_iter().flatten(),
    )
}

/// The parameters `names` of `function` bound to a call's positional arguments `given` and
/// keyword arguments (name, value), with CPython's errors for a call that does not fit them.
fn bind<'py, const N: usize>(
    function: impl Fn() -> String,
    names: [&str; N],
    positional: usize,
    given: &[Arg],
    keywords: impl Iterator<Item = (Bound<'py, PyAny>, Arg)>,
) -> PyResult<[Option<Arg>; N]> {
    if given.len() > positional {
        return Err(PyTypeError::new_err(format!(
            "{}() takes at most {positional} positional argument{} ({} given)",
            function(),
            if positional == 1 { "" } else { "s" },
            given.len()
        )));
    }
    let mut bound = [None; N];
    for (slot, value) in bound.iter_mut().zip(given) {
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
        bound[i] = Some(value);
    }
    Ok(bound)
}

/// A method without arguments: what it returns for an instance.
pub(crate) trait NoArgs {
    /// What the method returns for `this`.
    fn call<'py>(py: Python<'py>, this: &Instance) -> PyResult<Bound<'py, PyAny>>;
}

/// The method `M` as `METH_NOARGS`, which CPython checks for arguments itself, and calls
/// through its quickest specialized instruction.
unsafe extern "C" fn no_args_entry<M: NoArgs>(
    object: *mut ffi::PyObject,
    _unused: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython checked that `self` is an instance of the type.
    entry(|py| M::call(py, unsafe { Instance::of(object) }))
}

/// Defines methods without arguments: `$type` (the method `$name`) returns `$body`.
macro_rules! no_args {
    ($($type:ident $name:literal ($py:ident, $this:ident) $body:block)*) => {
        $(
            #[doc = concat!("The method `", $name, "`.")]
            pub(crate) struct $type;

            impl $crate::capi::object::NoArgs for $type {
                fn call<'py>(
                    $py: Python<'py>,
                    $this: &$crate::capi::object::Instance,
                ) -> PyResult<Bound<'py, PyAny>> {
                    $body
                }
            }
        )*
    };
}

pub(crate) use no_args;

/// Defines `METH_FASTCALL | METH_KEYWORDS` methods, each a declaration with a safe body:
/// `fn_name "Type.name" (py, this, [a, b], positional) { ... }` (the name in errors a literal,
/// or an expression in parentheses) binds `a` and `b` (the first
/// `positional` by position or name, the rest by name alone, with CPython's errors) as
/// `Option<Borrowed<PyAny>>`, and `this` as the [`Instance`] the method is called on; with `_`
/// in place of `this`, the method has none (`METH_STATIC`).
macro_rules! fast_methods {
    (@this $object:ident this) => {
        // SAFETY: CPython calls a method of an instance type with an instance of it.
        unsafe { $crate::capi::object::Instance::of($object) }
    };
    (@this $object:ident _) => {
        $object
    };
    ($($(#[$doc:meta])* $fn_name:ident $qualname:tt ($py:ident, $this:tt, [$($arg:ident),*], $positional:literal) $body:block)*) => {
        $(
            $(#[$doc])*
            unsafe extern "C" fn $fn_name(
                object: *mut pyo3::ffi::PyObject,
                args: *const $crate::capi::object::Arg,
                nargs: pyo3::ffi::Py_ssize_t,
                kwnames: *mut pyo3::ffi::PyObject,
            ) -> *mut pyo3::ffi::PyObject {
                $crate::capi::fastcall::entry(|$py| {
                    #[allow(unused_variables)]
                    let $this = $crate::capi::object::fast_methods!(@this object $this);
                    // SAFETY: CPython's contract for the call: `args` holds `nargs` values
                    // then one per name in `kwnames`, all borrowed for the call.
                    let [$($arg),*] = unsafe {
                        let bound = $crate::capi::object::bind_vector(
                            $py,
                            || $qualname.to_owned(),
                            [$(stringify!($arg)),*],
                            $positional,
                            args,
                            nargs,
                            kwnames,
                        )?;
                        bound.map(|arg| arg.map(|arg| pyo3::Borrowed::from_ptr($py, arg)))
                    };
                    $body
                })
            }
        )*
    };
}

pub(crate) use fast_methods;

/// `object` as an instance of `instance_type` (whose instances all have this layout: the
/// type has no subclasses), or `None` if it is something else.
pub(crate) fn instance_of<'a>(
    object: &'a Bound<'_, PyAny>,
    instance_type: &Bound<'_, PyType>,
) -> Option<&'a Instance> {
    // SAFETY: an object of the type is an instance, alive while `object` borrows it.
    object
        .get_type()
        .is(instance_type)
        .then(|| unsafe { Instance::of(object.as_ptr()) })
}

/// A required argument of `function` that the call did not give: CPython's `TypeError`.
pub(crate) fn given<'a, 'py>(
    function: &str,
    name: &str,
    value: Option<Borrowed<'a, 'py, PyAny>>,
) -> PyResult<Borrowed<'a, 'py, PyAny>> {
    value.ok_or_else(|| missing(function, name))
}

/// CPython's `TypeError` for a call of `function` without its required argument `name`.
pub(crate) fn missing(function: &str, name: &str) -> PyErr {
    PyTypeError::new_err(format!("{function}() missing required argument '{name}'"))
}

/// Defines getters: `$name(instance)` computes the attribute, an integer or a str.
macro_rules! getters {
    ($($name:ident($this:ident) $body:expr;)*) => {
        $(
            #[doc = concat!("The getter of `", stringify!($name), "`.")]
            unsafe extern "C" fn $name(
                object: *mut pyo3::ffi::PyObject,
                _closure: *mut std::ffi::c_void,
            ) -> *mut pyo3::ffi::PyObject {
                $crate::capi::fastcall::entry(|py| {
                    // SAFETY: CPython checked that `self` is an instance of the type.
                    let $this = unsafe { $crate::capi::object::Instance::of(object) };
                    Ok($body.into_pyobject(py)?.into_any())
                })
            }
        )*
    };
}

pub(crate) use getters;

/// A method's entry in a type's table; CPython keeps pointers to it for the process.
pub(crate) fn method(
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

/// A `METH_FASTCALL | METH_KEYWORDS` method's entry (`flags` adds to those, as `METH_STATIC`).
pub(crate) fn fast_method(
    name: &'static CStr,
    fast: Fast,
    flags: c_int,
    doc: &'static CStr,
) -> ffi::PyMethodDef {
    // SAFETY: CPython calls a method with the signature its flags name, which `fast` has; the
    // table's field only stores it as the plain type.
    let fast = unsafe { std::mem::transmute::<Fast, ffi::PyCFunction>(fast) };
    method(
        name,
        fast,
        ffi::METH_FASTCALL | ffi::METH_KEYWORDS | flags,
        doc,
    )
}

/// The method `M`'s entry.
pub(crate) fn no_args_method<M: NoArgs>(
    name: &'static CStr,
    doc: &'static CStr,
) -> ffi::PyMethodDef {
    method(name, no_args_entry::<M>, ffi::METH_NOARGS, doc)
}

/// A getter's entry in a type's table.
pub(crate) fn getter(
    name: &'static CStr,
    get: ffi::getter,
    doc: &'static CStr,
) -> ffi::PyGetSetDef {
    ffi::PyGetSetDef {
        name: name.as_ptr(),
        get: Some(get),
        set: None,
        doc: doc.as_ptr(),
        closure: ptr::null_mut(),
    }
}

/// An entry of a type's table: a method's or a getter's.
pub(crate) trait Entry: Sized {
    /// The entry CPython ends a table with.
    fn end() -> Self;
}

impl Entry for ffi::PyMethodDef {
    fn end() -> Self {
        ffi::PyMethodDef::zeroed()
    }
}

impl Entry for ffi::PyGetSetDef {
    fn end() -> Self {
        ffi::PyGetSetDef {
            name: ptr::null(),
            get: None,
            set: None,
            doc: ptr::null(),
            closure: ptr::null_mut(),
        }
    }
}

/// `entries` ended as CPython looks for, kept for the process, as a type keeps pointers into
/// its tables.
pub(crate) fn table<T: Entry>(mut entries: Vec<T>) -> &'static [T] {
    entries.push(T::end());
    Box::leak(entries.into_boxed_slice())
}
