//! `iohash.xxhash`: python-xxhash 4's functions, and its classes from xxhash_types.rs, with its
//! names, signatures and results (`import iohash.xxhash as xxhash` replaces it), and more: the
//! hashers pickle.

use iohash::{Algorithm, XxHash128, XxHash3, XxHash32, XxHash64};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::methods::seed_of;
use crate::one_shots::one_shot;

/// XXH32 with the seed reduced modulo 2**32 (`seed_of` did), as the others take theirs.
fn xxh32_with_seed(data: &[u8], seed: u64) -> u32 {
    XxHash32::hash_with_seed(data, seed as u32)
}

/// `$prefix_digest`, `$prefix_intdigest` and `$prefix_hexdigest` for one algorithm.
macro_rules! one_shots {
    ($digest:ident, $intdigest:ident, $hexdigest:ident, $algorithm:expr, $hash:expr) => {
        /// The digest of `data` (big-endian bytes) with `seed`.
        #[pyfunction]
        #[pyo3(signature = (data, seed = None))]
        pub(crate) fn $digest<'py>(
            py: Python<'py>,
            data: &Bound<'py, PyAny>,
            seed: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyBytes>> {
            let seed = seed_of(seed, $algorithm)?;
            let hash = one_shot(py, data, |bytes| $hash(bytes, seed))?;
            Ok(PyBytes::new(py, &hash.to_be_bytes()))
        }

        /// The digest of `data` as an integer, with `seed`.
        #[pyfunction]
        #[pyo3(signature = (data, seed = None))]
        pub(crate) fn $intdigest<'py>(
            py: Python<'py>,
            data: &Bound<'py, PyAny>,
            seed: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyAny>> {
            let seed = seed_of(seed, $algorithm)?;
            let hash = one_shot(py, data, |bytes| $hash(bytes, seed))?;
            Ok(hash.into_pyobject(py)?.into_any())
        }

        /// The digest of `data` in hexadecimal, with `seed`.
        #[pyfunction]
        #[pyo3(signature = (data, seed = None))]
        pub(crate) fn $hexdigest<'py>(
            py: Python<'py>,
            data: &Bound<'py, PyAny>,
            seed: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyString>> {
            let seed = seed_of(seed, $algorithm)?;
            let hash = one_shot(py, data, |bytes| $hash(bytes, seed))?;
            crate::hex::hex(py, hash.into(), size_of_val(&hash))
        }
    };
}

one_shots!(
    xxh32_digest,
    xxh32_intdigest,
    xxh32_hexdigest,
    Algorithm::Xxh32,
    xxh32_with_seed
);
one_shots!(
    xxh64_digest,
    xxh64_intdigest,
    xxh64_hexdigest,
    Algorithm::Xxh64,
    XxHash64::hash_with_seed
);
one_shots!(
    xxh3_64_digest,
    xxh3_64_intdigest,
    xxh3_64_hexdigest,
    Algorithm::Xxh3,
    XxHash3::hash_with_seed
);
one_shots!(
    xxh3_128_digest,
    xxh3_128_intdigest,
    xxh3_128_hexdigest,
    Algorithm::Xxh128,
    XxHash128::hash_with_seed
);

/// Puts `METH_FASTCALL` versions of one-shot functions in place of PyO3's (capi/fastcall.rs).
macro_rules! fast_one_shots {
    ($module:expr; $($function:ident),*) => {
        $(crate::capi::fastcall::fast!(
            $module,
            stringify!($function),
            crate::capi::fastcall::Shape::DataThenSeed,
            |py, data, seed| {
                Ok($function(py, crate::capi::fastcall::required(data)?, seed)?.into_pyobject(py)?.into_any())
            }
        )?;)*
    };
}

/// Adds the classes and functions to `module`.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::xxhash_types::register(module)?;
    for function in [
        wrap_pyfunction!(xxh32_digest, module)?,
        wrap_pyfunction!(xxh32_intdigest, module)?,
        wrap_pyfunction!(xxh32_hexdigest, module)?,
        wrap_pyfunction!(xxh64_digest, module)?,
        wrap_pyfunction!(xxh64_intdigest, module)?,
        wrap_pyfunction!(xxh64_hexdigest, module)?,
        wrap_pyfunction!(xxh3_64_digest, module)?,
        wrap_pyfunction!(xxh3_64_intdigest, module)?,
        wrap_pyfunction!(xxh3_64_hexdigest, module)?,
        wrap_pyfunction!(xxh3_128_digest, module)?,
        wrap_pyfunction!(xxh3_128_intdigest, module)?,
        wrap_pyfunction!(xxh3_128_hexdigest, module)?,
    ] {
        module.add_function(function)?;
    }
    fast_one_shots!(
        module;
        xxh32_digest, xxh32_intdigest, xxh32_hexdigest,
        xxh64_digest, xxh64_intdigest, xxh64_hexdigest,
        xxh3_64_digest, xxh3_64_intdigest, xxh3_64_hexdigest,
        xxh3_128_digest, xxh3_128_intdigest, xxh3_128_hexdigest
    );
    Ok(())
}
