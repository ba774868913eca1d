//! `iohash.Hasher`, the hashlib-shaped hasher of every algorithm, a type of capi/object.rs's kind;
//! and what makes one: calling the class, `iohash.new(name)`, the constructors
//! (`iohash.xxh3_64()`, ...), a saved state.
//!
//! Every argument given is used as given, as python-xxhash and hashlib use theirs: `None` as
//! data or seed is a `TypeError`, with python-xxhash's message.

use std::ffi::{CStr, CString};
use std::sync::OnceLock;

use iohash::Algorithm;
use pyo3::exceptions::{PySystemError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use pyo3::Borrowed;

use crate::capi::calls::{function, new, repr, vectorcall, Args, Call, Repr};
use crate::capi::fastcall::add_function;
use crate::capi::object::{
    alloc, alloc_then, fast_method, fast_methods, getter, getters, given, instance_of, make,
    no_args, no_args_method, table, type_name, Instance, InstanceType, NewHasher, Spec,
};
use crate::methods::{
    common, common_getters, common_methods, parse, python_name, restore, saved_state, seed_of,
    update, COMMON,
};

/// The type, once the module is made.
static TYPE: OnceLock<InstanceType> = OnceLock::new();

/// The type, or an error if the module is not made yet.
fn hasher_type() -> PyResult<&'static InstanceType> {
    TYPE.get()
        .ok_or_else(|| PySystemError::new_err("iohash.Hasher used before it was made"))
}

/// A new `iohash.Hasher` holding `hasher`, reporting `seed`.
pub(crate) fn made(py: Python<'_>, hasher: NewHasher, seed: u64) -> PyResult<Bound<'_, PyAny>> {
    alloc(py, hasher_type()?, hasher, seed)
}

/// The seed a new hasher of `algorithm` takes: `seed` (0 without one), refused for an
/// algorithm that takes none.
#[inline(always)]
pub(crate) fn seed_for(algorithm: Algorithm, seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let seed = seed_of(seed, algorithm)?;
    if seed != 0 && !algorithm.takes_seed() {
        return Err(PyValueError::new_err(format!(
            "{} takes no seed",
            python_name(algorithm)
        )));
    }
    Ok(seed)
}

/// A new `iohash.Hasher` of `algorithm`, given `data` first.
///
/// Always inlined, so a constructor's constant algorithm builds its hasher in place, as the
/// python-xxhash classes' do. Through a function taking any algorithm, the hasher (over 600
/// bytes) was copied three more times: `iohash.xxh64()` took 75 ns where the class took 40,
/// and callgrind put the difference on `memcpy`.
#[inline(always)]
fn create<'py>(
    py: Python<'py>,
    algorithm: Algorithm,
    data: Option<Borrowed<'_, 'py, PyAny>>,
    seed: Option<Borrowed<'_, 'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let seed = seed_for(algorithm, seed.as_deref())?;
    let hasher = NewHasher::Of(algorithm);
    alloc_then(py, hasher_type()?, hasher, seed, |instance| match data {
        Some(data) => update(py, &instance.state, &data),
        None => Ok(()),
    })
}

/// The parameters of the class and of `iohash.new`: `name` and `data` by position or name,
/// `seed` by name.
const NAMED: [&str; 3] = ["name", "data", "seed"];

/// A new hasher of the algorithm the argument `name` names, from the arguments bound to
/// [`NAMED`] for `function`.
#[inline(always)]
fn create_named<'py>(
    py: Python<'py>,
    function: &str,
    [name, data, seed]: Args<'_, 'py, 3>,
) -> PyResult<Bound<'py, PyAny>> {
    let name = given(function, "name", name)?;
    let name = name.cast::<PyString>()?;
    let name = name.to_cow()?;
    match common(&name) {
        Some(common) => CREATE_COMMON[common](py, data, seed),
        None => create(py, parse(&name)?, data, seed),
    }
}

/// [`create`] for `COMMON[C]`, whose hasher it builds in place (see `create`).
fn create_common<'a, 'py, const C: usize>(
    py: Python<'py>,
    data: Option<Borrowed<'a, 'py, PyAny>>,
    seed: Option<Borrowed<'a, 'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    create(py, COMMON[C].1, data, seed)
}

/// [`create_common`] for each of [`COMMON`], in its order.
#[allow(clippy::type_complexity)]
const CREATE_COMMON: [for<'a, 'py> fn(
    Python<'py>,
    Option<Borrowed<'a, 'py, PyAny>>,
    Option<Borrowed<'a, 'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>>; COMMON.len()] = [
    create_common::<0>,
    create_common::<1>,
    create_common::<2>,
    create_common::<3>,
    create_common::<4>,
    create_common::<5>,
    create_common::<6>,
    create_common::<7>,
    create_common::<8>,
    create_common::<9>,
    create_common::<10>,
];

/// `Hasher(name, data=b'', *, seed=0)`: a call of the class, or `Hasher.__new__`.
struct HasherCall;

impl Call<3> for HasherCall {
    const PARAMS: [&'static str; 3] = NAMED;
    const POSITIONAL: usize = 2;
    fn name() -> String {
        "Hasher".to_owned()
    }
    #[inline(always)]
    fn call<'py>(py: Python<'py>, args: Args<'_, 'py, 3>) -> PyResult<Bound<'py, PyAny>> {
        create_named(py, "Hasher", args)
    }
}

/// `iohash.new(name, data=b'', *, seed=0)`.
struct New;

impl Call<3> for New {
    const PARAMS: [&'static str; 3] = NAMED;
    const POSITIONAL: usize = 2;
    fn name() -> String {
        "new".to_owned()
    }
    #[inline(always)]
    fn call<'py>(py: Python<'py>, args: Args<'_, 'py, 3>) -> PyResult<Bound<'py, PyAny>> {
        create_named(py, "new", args)
    }
}

/// The constructor of `COMMON[C]`, `f(data=b'', *, seed=0)`.
struct Constructor<const C: usize>;

impl<const C: usize> Call<2> for Constructor<C> {
    const PARAMS: [&'static str; 2] = ["data", "seed"];
    const POSITIONAL: usize = 1;
    fn name() -> String {
        COMMON[C].0.to_owned()
    }
    #[inline(always)]
    fn call<'py>(py: Python<'py>, [data, seed]: Args<'_, 'py, 2>) -> PyResult<Bound<'py, PyAny>> {
        create(py, COMMON[C].1, data, seed)
    }
}

/// The constructors' docstrings, in the order of [`COMMON`], which names them: one per common
/// algorithm, as hashlib has `sha256()` beside `new("sha256")`. Each starts with the text
/// signature `inspect` reads.
const CONSTRUCTOR_DOCS: [&CStr; COMMON.len()] = [
    c"xxh3_64(data=b'', *, seed=0)\n--\n\nAn XXH3-64 hasher.",
    c"xxh3_128(data=b'', *, seed=0)\n--\n\nAn XXH3-128 hasher.",
    c"xxh64(data=b'', *, seed=0)\n--\n\nAn XXH64 hasher.",
    c"xxh32(data=b'', *, seed=0)\n--\n\nAn XXH32 hasher (the seed modulo 2**32).",
    c"crc32(data=b'', *, seed=0)\n--\n\nA CRC-32 hasher (CRC-32/ISO-HDLC: zlib's, gzip's, zip's, Ethernet's).",
    c"crc32c(data=b'', *, seed=0)\n--\n\nA CRC-32C hasher (CRC-32/ISCSI: S3's and GCS's CRC32C).",
    c"crc64(data=b'', *, seed=0)\n--\n\nA CRC-64/ECMA-182 hasher.",
    c"crc64nvme(data=b'', *, seed=0)\n--\n\nA CRC-64/NVME hasher (S3's CRC64NVME, Azure's CRC64).",
    c"crc64xz(data=b'', *, seed=0)\n--\n\nA CRC-64/XZ hasher (xz's, GO-ISO's).",
    c"adler32(data=b'', *, seed=0)\n--\n\nAn Adler-32 hasher (RFC 1950: zlib's adler32, PNG's).",
    c"quickxor(data=b'', *, seed=0)\n--\n\nA QuickXorHash hasher (OneDrive's and SharePoint's content hash; 20 bytes).",
];

fast_methods! {
    /// `combine(other)`: this hasher's hash becomes that of its bytes followed by `other`'s.
    combine "Hasher.combine" (py, this, [other], 1) {
        let other = given("Hasher.combine", "other", other)?;
        let Some(other) = instance_of(&other, hasher_type()?.bind(py)) else {
            return Err(PyTypeError::new_err(format!(
                "'{}' object is not an instance of 'Hasher'",
                type_name(&other)
            )));
        };
        // Copied first: `h.combine(h)` is allowed and would otherwise take one lock twice.
        let next = other.state.with(py, |hasher| hasher.clone());
        if !this.state.with(py, |hasher| hasher.combine(&next)) {
            return Err(PyValueError::new_err(format!(
                "combine needs two CRCs of one parameter set or two Adler-32s, not {} and {}",
                python_name(this.algorithm),
                python_name(other.algorithm)
            )));
        }
        Ok(py.None().into_bound(py))
    }

    /// `Hasher.from_state(state)`, a static method: the hasher a saved state describes.
    from_state "Hasher.from_state" (py, _, [state], 1) {
        let state = given("Hasher.from_state", "state", state)?;
        let (hasher, seed) = restore(state.cast::<PyBytes>()?.as_bytes())?;
        made(py, NewHasher::Given(hasher), seed)
    }

    /// `update_file(path, offset=0, length=None)`: a file read in Rust (files.rs).
    update_file "Hasher.update_file" (py, this, [path, offset, length], 3) {
        let path = given("Hasher.update_file", "path", path)?;
        let offset = offset.map_or(Ok(0), |offset| offset.extract::<u64>())?;
        let length = match length {
            Some(length) if !length.is_none() => Some(length.extract::<u64>()?),
            _ => None,
        };
        let read = crate::files::update_file(py, &this.state, &path, offset, length)?;
        Ok(read.into_pyobject(py)?.into_any())
    }
}

#[cfg(unix)]
fast_methods! {
    /// `_update_fd(fd, offset, fileobj)`: for `iohash.file_digest`, what the open descriptor
    /// `fd` of `fileobj` reads from `offset` to its end, by position; `None` if it is not a
    /// regular file.
    update_fd "Hasher._update_fd" (py, this, [fd, offset, fileobj], 3) {
        let function = "Hasher._update_fd";
        let fd = given(function, "fd", fd)?.extract::<i32>()?;
        let offset = given(function, "offset", offset)?.extract::<u64>()?;
        let fileobj = given(function, "fileobj", fileobj)?;
        let read = crate::files::update_fd(py, &this.state, fd, offset, &fileobj)?;
        Ok(read.into_pyobject(py)?.into_any())
    }
}

no_args! {
    SavedState "saved_state" (py, this) { Ok(saved_state(py, &this.state).into_any()) }
    Reduce "__reduce__" (py, this) {
        let restore = crate::pickling::restorer(py, crate::pickling::Restores::Hasher)?;
        let state = saved_state(py, &this.state);
        Ok((restore, (state,)).into_pyobject(py)?.into_any())
    }
}

/// `repr(h)`: `<iohash.Hasher xxh3_64>`.
struct HasherRepr;

impl Repr for HasherRepr {
    fn repr(this: &Instance) -> String {
        format!("<iohash.Hasher {}>", python_name(this.algorithm))
    }
}

getters! {
    name(this) python_name(this.algorithm);
}

/// The type's methods: those every hasher has, and its own.
fn methods() -> &'static [ffi::PyMethodDef] {
    let mut methods = common_methods();
    methods.extend([
        fast_method(c"combine", combine, 0, c"combine($self, /, other)\n--\n\nMakes this hasher's hash that of its bytes followed by `other`'s, from the two CRCs\nalone: ranges hashed apart (on other threads, processes or machines) combine in order.\nCRCs of one parameter set, or Adler-32s; ValueError otherwise."),
        no_args_method::<SavedState>(c"saved_state", c"saved_state($self, /)\n--\n\nThe library's saved state: a few hundred bytes, versioned and checksummed, never a\nsecret or a pointer. iohash.Hasher.from_state goes on from it, in any process."),
        fast_method(c"from_state", from_state, ffi::METH_STATIC, c"from_state(state)\n--\n\nThe hasher a saved state describes, its seed included (ValueError for a bad one)."),
        fast_method(c"update_file", update_file, 0, c"update_file($self, /, path, offset=0, length=None)\n--\n\nHashes bytes `offset` to `offset + length` of the file at `path` (to its end without a\nlength) after those given so far, read in Rust with the GIL released; returns the\nnumber of bytes read. On an error (OSError naming the file, also when the file is\nshorter than the range or changes while it is read) the hasher is unchanged."),
        #[cfg(unix)]
        fast_method(c"_update_fd", update_fd, 0, c"_update_fd($self, /, fd, offset, fileobj)\n--\n\nFor iohash.file_digest: what the open descriptor `fd` of `fileobj` reads from `offset`\nto its end, by position; None if it is not a regular file."),
        no_args_method::<Reduce>(c"__reduce__", c"__reduce__($self, /)\n--\n\nHow pickle saves the hasher: its saved state, which holds the seed."),
    ]);
    table(methods)
}

/// The type's getters: those every hasher has, and `name`.
fn getters() -> &'static [ffi::PyGetSetDef] {
    let mut getters = common_getters();
    getters.push(getter(
        c"name",
        name,
        c"The algorithm's name, which iohash.new takes: \"xxh3_64\", \"crc32c\", \"crc-16/arc\", ...",
    ));
    table(getters)
}

/// The entry of the constructor of `COMMON[C]`, its name kept for the process.
fn constructor_def<const C: usize>() -> PyResult<ffi::PyMethodDef> {
    let name = CString::new(COMMON[C].0).map_err(|err| PyValueError::new_err(err.to_string()))?;
    let name = Box::leak(name.into_boxed_c_str());
    Ok(function::<Constructor<C>, 2>(name, CONSTRUCTOR_DOCS[C]))
}

/// Adds `Hasher`, `new` and the constructors to `module`.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    let type_object = make(
        py,
        &Spec {
            name: c"iohash.Hasher",
            doc: c"Hasher(name, data=b'', *, seed=0)\n--\n\nA hasher of any algorithm iohash computes, in the shape of hashlib's objects; made by\n`iohash.new(name)` or a constructor such as `iohash.xxh3_64()`. One hasher may be shared by\nthreads: each call holds its lock.",
            new: new::<HasherCall, 3>,
            init: None,
            call: vectorcall::<HasherCall, 3>,
            repr: Some(repr::<HasherRepr>),
            methods: methods(),
            getters: getters(),
        },
    )?;
    module.add("Hasher", type_object.bind(py))?;
    let _ = TYPE.set(type_object);
    let functions = [
        function::<New, 3>(c"new", c"new(name, data=b'', *, seed=0)\n--\n\nA hasher of the algorithm `name` names: any name iohash.algorithms_guaranteed holds,\nthe full names (\"XXH3-64\", \"CRC-32/ISCSI\") and every CRC of the catalogue (\"crc-16/arc\"),\nin any case."),
        constructor_def::<0>()?,
        constructor_def::<1>()?,
        constructor_def::<2>()?,
        constructor_def::<3>()?,
        constructor_def::<4>()?,
        constructor_def::<5>()?,
        constructor_def::<6>()?,
        constructor_def::<7>()?,
        constructor_def::<8>()?,
        constructor_def::<9>()?,
        constructor_def::<10>()?,
    ];
    for def in Box::leak(Box::new(functions)).iter() {
        add_function(module, def)?;
    }
    Ok(())
}
