//! One-shot CRC and Adler-32 functions (`iohash.crc32c_intdigest(data)`, ...), as
//! google-crc32c's `value` and zlib's `crc32` and `adler32` are: no hasher object is made, which is most of the time of a call on a
//! few KiB. The GIL is released from 16 KiB (methods.rs says why).

use iohash::{Adler32, Crc32Variant, Crc64Variant, NonCryptographicHasher, QuickXorHash};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::capi::buffer::with_bytes;
use crate::methods::RELEASE_GIL_FROM;

/// The one-shot hash of `data`, with the GIL released from 16 KiB.
pub(crate) fn one_shot<T: Send>(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    hash: impl Fn(&[u8]) -> T + Sync,
) -> PyResult<T> {
    with_bytes(data, |bytes| {
        if bytes.len() < RELEASE_GIL_FROM {
            hash(bytes)
        } else {
            py.detach(|| hash(bytes))
        }
    })
}

/// Puts a `METH_FASTCALL` version of the one-shot function `$function` in place of PyO3's.
macro_rules! fast_crc {
    ($module:expr, $function:ident) => {
        crate::capi::fastcall::fast!(
            $module,
            stringify!($function),
            crate::capi::fastcall::Shape::Data,
            |py, data, _seed| {
                Ok($function(py, crate::capi::fastcall::required(data)?)?
                    .into_pyobject(py)?
                    .into_any())
            }
        )?
    };
}

/// `$name_digest`, `$name_intdigest` and `$name_hexdigest` for one checksum, `$hash` of the
/// bytes.
macro_rules! crc_one_shots {
    ($($digest:ident, $intdigest:ident, $hexdigest:ident, $hash:expr;)*) => {
        $(
            /// The checksum of `data` as big-endian bytes.
            #[pyfunction]
            pub(crate) fn $digest<'py>(py: Python<'py>, data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
                let crc = one_shot(py, data, $hash)?;
                Ok(PyBytes::new(py, &crc.to_be_bytes()))
            }

            /// The checksum of `data` as an integer.
            #[pyfunction]
            pub(crate) fn $intdigest(py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<u64> {
                Ok(one_shot(py, data, $hash)?.into())
            }

            /// The checksum of `data` in hexadecimal.
            #[pyfunction]
            pub(crate) fn $hexdigest<'py>(
                py: Python<'py>,
                data: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, PyString>> {
                let crc = one_shot(py, data, $hash)?;
                crate::hex::hex(py, crc.into(), size_of_val(&crc))
            }
        )*

        /// Adds the functions to `module`, through `METH_FASTCALL` (capi/fastcall.rs).
        pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
            module.add_function(wrap_pyfunction!(quickxor_digest, module)?)?;
            module.add_function(wrap_pyfunction!(quickxor_hexdigest, module)?)?;
            module.add_function(wrap_pyfunction!(quickxor_intdigest, module)?)?;
            fast_crc!(module, quickxor_digest);
            fast_crc!(module, quickxor_hexdigest);
            fast_crc!(module, quickxor_intdigest);
            $(
                module.add_function(wrap_pyfunction!($digest, module)?)?;
                module.add_function(wrap_pyfunction!($intdigest, module)?)?;
                module.add_function(wrap_pyfunction!($hexdigest, module)?)?;
            )*
            $(
                fast_crc!(module, $digest);
                fast_crc!(module, $intdigest);
                fast_crc!(module, $hexdigest);
            )*
            Ok(())
        }
    };
}

crc_one_shots! {
    crc32_digest, crc32_intdigest, crc32_hexdigest, |b| Crc32Variant::IsoHdlc.checksum(b);
    crc32c_digest, crc32c_intdigest, crc32c_hexdigest, |b| Crc32Variant::Iscsi.checksum(b);
    crc64_digest, crc64_intdigest, crc64_hexdigest, |b| Crc64Variant::Ecma182.checksum(b);
    crc64nvme_digest, crc64nvme_intdigest, crc64nvme_hexdigest, |b| Crc64Variant::Nvme.checksum(b);
    crc64xz_digest, crc64xz_intdigest, crc64xz_hexdigest, |b| Crc64Variant::Xz.checksum(b);
    adler32_digest, adler32_intdigest, adler32_hexdigest, Adler32::hash;
}

/// The QuickXorHash of `data`: its 20 bytes (Microsoft Graph's `quickXorHash` is their base64).
#[pyfunction]
pub(crate) fn quickxor_digest<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let hash = one_shot(py, data, QuickXorHash::hash)?;
    Ok(PyBytes::new(py, &hash.0))
}

/// The QuickXorHash of `data` in hexadecimal, as rclone prints it.
#[pyfunction]
pub(crate) fn quickxor_hexdigest<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyString>> {
    let hash = one_shot(py, data, QuickXorHash::hash)?;
    Ok(PyString::new(py, &format!("{hash:x}")))
}

/// The QuickXorHash of `data` as an integer: its 20 bytes read big-endian.
#[pyfunction]
pub(crate) fn quickxor_intdigest<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let hash = one_shot(py, data, QuickXorHash::hash)?;
    py.get_type::<pyo3::types::PyInt>()
        .call_method1("from_bytes", (PyBytes::new(py, &hash.0), "big"))
}
