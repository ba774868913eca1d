//! The cloud forms of a checksum that need more than a hasher: S3's composite checksum of a
//! file or bytes, and base64 as the clouds show checksums.

use std::num::NonZeroU64;

use iohash::cloud::{self, S3Composite};
use iohash::{Algorithm, DynHasher};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::capi::buffer::with_bytes;
use crate::files::{append_whole, open, outcome, path_of};
use crate::methods::parse;
use crate::signals::Interrupts;

/// S3's composite checksum (`base64-N`) of a file or a bytes-like object, for parts of
/// `part_size` bytes, as `iohash --part-size` prints it.
#[pyfunction]
pub(crate) fn _s3_composite(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    name: &str,
    part_size: u64,
) -> PyResult<String> {
    let Algorithm::Crc32(variant) = parse(name)? else {
        return Err(PyValueError::new_err(format!(
            "S3 composite checksums are of crc32 or crc32c, not {name}"
        )));
    };
    let Some(part_size) = NonZeroU64::new(part_size) else {
        return Err(PyValueError::new_err("the part size is at least 1 byte"));
    };
    let mut s3 = S3Composite::new(variant, part_size);
    // Bytes are data here, not a path; so is anything else that is not a path.
    let path = match source.is_instance_of::<PyBytes>() {
        true => None,
        false => match path_of(source) {
            Ok(path) => Some(path),
            Err(err) if err.is_instance_of::<PyTypeError>(py) => None,
            Err(err) => return Err(err),
        },
    };
    let Some(path) = path else {
        return with_bytes(source, |bytes| {
            s3.append(bytes);
            s3.to_s3_string()
        });
    };
    let interrupts = Interrupts::new(py)?;
    let result = py.detach(|| {
        append_whole(&mut s3, &open(&path)?, 0, &mut interrupts.caller())?;
        Ok(s3.to_s3_string())
    });
    outcome(py, result, &interrupts, source)
}

/// Bytes in standard base64, as the clouds show checksums (`iohash::cloud::base64`).
#[pyfunction]
pub(crate) fn _base64(data: &[u8]) -> String {
    cloud::base64(data)
}
