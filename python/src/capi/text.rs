//! Strings made as the C API allows quickest: a hex digest's ASCII written in place.

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A new str of the ASCII bytes `text`, written in place: the full API's `PyUnicode_New`
/// makes a compact ASCII string whose bytes the caller fills before anyone sees it.
#[cfg(not(Py_LIMITED_API))]
pub(crate) fn ascii<'py>(py: Python<'py>, text: &[u8]) -> PyResult<Bound<'py, PyString>> {
    // SAFETY: `PyUnicode_New` returns a new, unshared str of `text.len()` characters of at most
    // 127 (one byte each, at `PyUnicode_1BYTE_DATA`), or null with an error set; its bytes
    // are written before the string is handed out, and all are ASCII, as promised.
    unsafe {
        let string = ffi::PyUnicode_New(text.len() as ffi::Py_ssize_t, 127);
        let string = Bound::from_owned_ptr_or_err(py, string)?;
        let data = ffi::PyUnicode_1BYTE_DATA(string.as_ptr());
        std::ptr::copy_nonoverlapping(text.as_ptr(), data, text.len());
        Ok(string.cast_into_unchecked())
    }
}

/// A new str of the ASCII bytes `text`, decoded by CPython: the stable ABI has no way to
/// write a string's characters, and Latin-1 is its quickest decoder (one byte a character).
#[cfg(Py_LIMITED_API)]
pub(crate) fn ascii<'py>(py: Python<'py>, text: &[u8]) -> PyResult<Bound<'py, PyString>> {
    // SAFETY: CPython copies the bytes into the new string; the result is a new reference or
    // null with an error set.
    unsafe {
        let string = ffi::PyUnicode_DecodeLatin1(
            text.as_ptr().cast(),
            text.len() as ffi::Py_ssize_t,
            std::ptr::null(),
        );
        Ok(Bound::from_owned_ptr_or_err(py, string)?.cast_into_unchecked())
    }
}
