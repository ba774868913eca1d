//! The bytes of a Python object, without copying them: `bytes` directly, anything else with
//! the buffer protocol (bytearray, memoryview, array, mmap, NumPy arrays) through
//! `PyObject_GetBuffer`.
//!
//! PyO3 declares the buffer protocol only for Python 3.11 and later. Its function and struct
//! are older than that and the same in every CPython 3 (`Include/pybuffer.h`, unchanged since
//! 3.3), and CPython 3.10 exports the functions too, so this module declares them itself.

use std::ffi::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// CPython's `Py_buffer`, field for field.
#[repr(C)]
struct RawBuffer {
    buf: *mut c_void,
    obj: *mut ffi::PyObject,
    len: ffi::Py_ssize_t,
    itemsize: ffi::Py_ssize_t,
    readonly: c_int,
    ndim: c_int,
    format: *mut c_char,
    shape: *mut ffi::Py_ssize_t,
    strides: *mut ffi::Py_ssize_t,
    suboffsets: *mut ffi::Py_ssize_t,
    internal: *mut c_void,
}

/// `PyBUF_SIMPLE`: a C-contiguous run of bytes, or an error (`BufferError`) for a strided view,
/// as hashlib does.
const PYBUF_SIMPLE: c_int = 0;

extern "C" {
    fn PyObject_GetBuffer(obj: *mut ffi::PyObject, view: *mut RawBuffer, flags: c_int) -> c_int;
    fn PyBuffer_Release(view: *mut RawBuffer);
}

/// What the module needs before its first call: where `bytes` keep their bytes.
pub(crate) fn init(py: Python<'_>) -> PyResult<()> {
    measure_bytes_data(py);
    Ok(())
}

/// How far past its start an exact `bytes` object keeps its bytes (CPython's `ob_sval`), or 0
/// until [`measure_bytes_data`] has found it. The field is outside the limited API, so it is
/// measured on the running interpreter rather than assumed; with it, the bytes of the commonest
/// argument cost no call into CPython, where `PyBytes_AsString` and `PyBytes_Size` cost three
/// with the type check (benches/results/python-package.md, "After the one-shots lost their
/// fixed cost").
static BYTES_DATA_OFFSET: AtomicUsize = AtomicUsize::new(0);

/// Finds [`BYTES_DATA_OFFSET`], and keeps it only where `bytes` has CPython's layout: the data
/// inline at the end of the object's fixed part (`ob_sval[1]` after the header, so at
/// `__basicsize__ - 1`, items of one byte), at the same offset in a short and a long object.
/// Elsewhere (another interpreter, another layout) it stays 0 and the calls are used.
fn measure_bytes_data(py: Python<'_>) {
    let offset_in = |sample: &Bound<'_, PyBytes>| {
        (sample.as_bytes().as_ptr() as usize).wrapping_sub(sample.as_ptr() as usize)
    };
    let layout = || -> PyResult<Option<usize>> {
        let implementation: String = py
            .import("sys")?
            .getattr("implementation")?
            .getattr("name")?
            .extract()?;
        let bytes_type = py.get_type::<PyBytes>();
        let basic_size: usize = bytes_type.getattr("__basicsize__")?.extract()?;
        let item_size: usize = bytes_type.getattr("__itemsize__")?.extract()?;
        let short = offset_in(&PyBytes::new(py, b"iohash"));
        let long = offset_in(&PyBytes::new(py, &[0; 4096]));
        let inline = implementation == "cpython"
            && item_size == 1
            && short == long
            && short + 1 == basic_size
            && short >= std::mem::size_of::<ffi::PyVarObject>();
        Ok(inline.then_some(short))
    };
    if let Ok(Some(offset)) = layout() {
        BYTES_DATA_OFFSET.store(offset, Ordering::Relaxed);
    }
}

/// The bytes of `data` if it is exactly a `bytes` object (not a subclass) and the offset of
/// its bytes is known, read from the object itself.
#[inline]
fn exact_bytes<'a>(data: &'a Bound<'_, PyAny>) -> Option<&'a [u8]> {
    let offset = BYTES_DATA_OFFSET.load(Ordering::Relaxed);
    let object = data.as_ptr();
    // SAFETY: `data` is a live object (the GIL is held); its type field is in the limited API,
    // read as the inline `PyBytes_CheckExact` does.
    if offset == 0 || unsafe { ffi::PyBytes_CheckExact(object) } == 0 {
        return None;
    }
    // SAFETY: a `bytes` object is a variable-size object, whose size field (in the limited
    // API, read as `Py_SIZE` does) is its length. That it holds its `len` bytes inline at
    // `offset` from its start, immutable and alive while `data` is, is CPython's layout, which
    // `measure_bytes_data` checked on this interpreter before setting `offset`.
    unsafe {
        let len = usize::try_from(ffi::Py_SIZE(object)).ok()?;
        Some(std::slice::from_raw_parts(
            object.cast::<u8>().add(offset),
            len,
        ))
    }
}

/// A buffer exported by an object, released when dropped (with the GIL held: it only lives
/// inside [`with_bytes`], which holds it).
struct Exported(RawBuffer);

impl Exported {
    fn bytes(&self) -> &[u8] {
        if self.0.len <= 0 || self.0.buf.is_null() {
            return &[];
        }
        // SAFETY: a successful PyObject_GetBuffer with PyBUF_SIMPLE gives `len` contiguous,
        // initialized bytes at `buf`, valid and not resized (the exporter refuses while a view
        // is out) until PyBuffer_Release, which only `drop` calls; the slice borrows `self`.
        unsafe { std::slice::from_raw_parts(self.0.buf.cast::<u8>(), self.0.len as usize) }
    }
}

impl Drop for Exported {
    fn drop(&mut self) {
        // SAFETY: the view was filled by a successful PyObject_GetBuffer and is released once;
        // the GIL is held (see the type's doc).
        unsafe { PyBuffer_Release(&mut self.0) }
    }
}

/// Calls `f` with the bytes of `data`: a `bytes` object's own bytes, or any other object's
/// through the buffer protocol. A `str` is a `TypeError`, as in hashlib and python-xxhash 4.
/// The bytes stay valid and unchanged in size while `f` runs, which may release the GIL.
#[inline]
pub(crate) fn with_bytes<R>(data: &Bound<'_, PyAny>, f: impl FnOnce(&[u8]) -> R) -> PyResult<R> {
    if let Some(bytes) = exact_bytes(data) {
        return Ok(f(bytes));
    }
    if let Ok(bytes) = data.cast::<PyBytes>() {
        return Ok(f(bytes.as_bytes()));
    }
    if data.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "Strings must be encoded before hashing",
        ));
    }
    if data.is_none() {
        // python-xxhash's words, and hashlib's.
        return Err(PyTypeError::new_err(
            "object supporting the buffer API required",
        ));
    }
    let mut view = RawBuffer {
        buf: std::ptr::null_mut(),
        obj: std::ptr::null_mut(),
        len: 0,
        itemsize: 0,
        readonly: 0,
        ndim: 0,
        format: std::ptr::null_mut(),
        shape: std::ptr::null_mut(),
        strides: std::ptr::null_mut(),
        suboffsets: std::ptr::null_mut(),
        internal: std::ptr::null_mut(),
    };
    // SAFETY: `data` is a live object (the GIL is held, `data` borrows it) and `view` a
    // Py_buffer-shaped struct the call fills; on failure it sets the Python error fetched here
    // and leaves nothing to release.
    if unsafe { PyObject_GetBuffer(data.as_ptr(), &mut view, PYBUF_SIMPLE) } != 0 {
        return Err(PyErr::fetch(data.py()));
    }
    let exported = Exported(view);
    Ok(f(exported.bytes()))
}
