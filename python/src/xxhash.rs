//! `iohash.xxhash`: python-xxhash 4's classes and functions, with its names, signatures and
//! results (`import iohash.xxhash as xxhash` replaces it), and more: they pickle.

use iohash::{Algorithm, AnyHasher, XxHash128, XxHash3, XxHash32, XxHash64};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};

use crate::hasher::{self, seed_of, shared, Shared};
use crate::one_shots::one_shot;

/// One python-xxhash class: `$algorithm`'s hasher behind a lock, with the seed it was made
/// with.
macro_rules! xxhash_class {
    ($type:ident, $py_name:literal, $algorithm:expr, $name:literal, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(frozen, module = "iohash.xxhash", name = $py_name)]
        pub(crate) struct $type {
            state: Shared,
            seed: u64,
        }

        #[pymethods]
        impl $type {
            #[new]
            #[pyo3(signature = (data = None, seed = None))]
            fn new(
                py: Python<'_>,
                data: Option<&Bound<'_, PyAny>>,
                seed: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Self> {
                let seed = seed_of(seed, $algorithm)?;
                let made = $type {
                    state: shared($algorithm.hasher(seed)),
                    seed,
                };
                if let Some(data) = data {
                    hasher::update(py, &made.state, data)?;
                }
                Ok(made)
            }

            /// Updates the hash with the bytes of `data` (a bytes-like object).
            fn update(&self, py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<()> {
                hasher::update(py, &self.state, data)
            }

            /// The digest so far, big-endian bytes.
            fn digest<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                hasher::digest(py, &self.state)
            }

            /// The digest as a string of hexadecimal digits.
            fn hexdigest<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
                hasher::hexdigest(py, &self.state)
            }

            /// The digest as an integer.
            fn intdigest<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                hasher::intdigest(py, &self.state)
            }

            /// A copy of this hasher.
            fn copy(&self, py: Python<'_>) -> Self {
                $type {
                    state: Shared::new(hasher::with_hasher(py, &self.state, |h| {
                        Box::new(h.clone())
                    })),
                    seed: self.seed,
                }
            }

            /// Back to the state of a new hasher with the same seed.
            fn reset(&self, py: Python<'_>) {
                hasher::reset(py, &self.state);
            }

            /// The algorithm's name.
            #[getter]
            fn name(&self) -> &'static str {
                $name
            }

            /// The digest's length in bytes.
            #[getter]
            fn digest_size(&self) -> usize {
                $algorithm.hash_len()
            }

            /// The digest's length in bytes (python-xxhash's older name).
            #[getter]
            fn digestsize(&self) -> usize {
                $algorithm.hash_len()
            }

            /// The block size, as python-xxhash reports it.
            #[getter]
            fn block_size(&self) -> usize {
                hasher::block_size($algorithm)
            }

            /// The seed, as an unsigned integer.
            #[getter]
            fn seed(&self) -> u64 {
                self.seed
            }

            fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                let restore = py.import("iohash.xxhash")?.getattr("_restore")?;
                let state = hasher::saved_state(py, &self.state);
                (restore, ($py_name, state, self.seed)).into_pyobject(py)
            }

            fn __copy__(&self, py: Python<'_>) -> Self {
                self.copy(py)
            }

            fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> Self {
                self.copy(py)
            }
        }

        impl $type {
            /// `update` through `METH_FASTCALL` where the interpreter has it (fastcall.rs).
            fn fast_update(module: &Bound<'_, PyModule>) -> PyResult<()> {
                crate::fastcall::fast!(
                    replace_method,
                    &module.py().get_type::<$type>(),
                    "update",
                    crate::fastcall::Shape::Update,
                    |py, this, data, _seed| {
                        let this = crate::fastcall::required(this)?;
                        // SAFETY: the method descriptor checked that `self` is a $type.
                        let this = unsafe { this.cast_unchecked::<$type>() };
                        hasher::update(py, &this.get().state, crate::fastcall::required(data)?)?;
                        Ok(py.None().into_bound(py))
                    }
                )
            }

            pub(crate) fn restored(state: AnyHasher, seed: u64) -> Self {
                $type {
                    state: shared(state),
                    seed,
                }
            }
        }
    };
}

xxhash_class!(
    Xxh32,
    "xxh32",
    Algorithm::Xxh32,
    "XXH32",
    "xxh32(data=b'', seed=0): the XXH32 hash of a bytes-like object, updated piece by piece."
);
xxhash_class!(
    Xxh64,
    "xxh64",
    Algorithm::Xxh64,
    "XXH64",
    "xxh64(data=b'', seed=0): the XXH64 hash of a bytes-like object, updated piece by piece."
);
xxhash_class!(
    Xxh3_64,
    "xxh3_64",
    Algorithm::Xxh3,
    "XXH3_64",
    "xxh3_64(data=b'', seed=0): the XXH3-64 hash of a bytes-like object, updated piece by piece."
);
xxhash_class!(
    Xxh3_128,
    "xxh3_128",
    Algorithm::Xxh128,
    "XXH3_128",
    "xxh3_128(data=b'', seed=0): the XXH3-128 hash of a bytes-like object, updated piece by piece."
);

/// XXH32 with the seed reduced modulo 2**32 (`seed_of` did), as the others take theirs.
fn xxh32_with_seed(data: &[u8], seed: u64) -> u32 {
    XxHash32::hash_with_seed(data, seed as u32)
}

/// `$prefix_digest`, `$prefix_intdigest` and `$prefix_hexdigest` for one algorithm.
macro_rules! one_shots {
    ($digest:ident, $intdigest:ident, $hexdigest:ident, $algorithm:expr, $hash:expr, $width:literal) => {
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
        pub(crate) fn $hexdigest(
            py: Python<'_>,
            data: &Bound<'_, PyAny>,
            seed: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<String> {
            let seed = seed_of(seed, $algorithm)?;
            let hash = one_shot(py, data, |bytes| $hash(bytes, seed))?;
            Ok(format!(concat!("{:0", $width, "x}"), hash))
        }
    };
}

one_shots!(
    xxh32_digest,
    xxh32_intdigest,
    xxh32_hexdigest,
    Algorithm::Xxh32,
    xxh32_with_seed,
    8
);
one_shots!(
    xxh64_digest,
    xxh64_intdigest,
    xxh64_hexdigest,
    Algorithm::Xxh64,
    XxHash64::hash_with_seed,
    16
);
one_shots!(
    xxh3_64_digest,
    xxh3_64_intdigest,
    xxh3_64_hexdigest,
    Algorithm::Xxh3,
    XxHash3::hash_with_seed,
    16
);
one_shots!(
    xxh3_128_digest,
    xxh3_128_intdigest,
    xxh3_128_hexdigest,
    Algorithm::Xxh128,
    XxHash128::hash_with_seed,
    32
);

/// The python-xxhash object a saved state describes (pickle's way back).
#[pyfunction]
pub(crate) fn _restore_xxhash(
    py: Python<'_>,
    kind: &str,
    state: &[u8],
    seed: u64,
) -> PyResult<Py<PyAny>> {
    let hasher = hasher::restore(state)?;
    let expected = match kind {
        "xxh32" => Algorithm::Xxh32,
        "xxh64" => Algorithm::Xxh64,
        "xxh3_64" => Algorithm::Xxh3,
        _ => Algorithm::Xxh128,
    };
    if hasher.algorithm() != expected {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "bad saved state: of {}, not {kind}",
            hasher.algorithm()
        )));
    }
    Ok(match expected {
        Algorithm::Xxh32 => Xxh32::restored(hasher, seed)
            .into_pyobject(py)?
            .into_any()
            .unbind(),
        Algorithm::Xxh64 => Xxh64::restored(hasher, seed)
            .into_pyobject(py)?
            .into_any()
            .unbind(),
        Algorithm::Xxh3 => Xxh3_64::restored(hasher, seed)
            .into_pyobject(py)?
            .into_any()
            .unbind(),
        _ => Xxh3_128::restored(hasher, seed)
            .into_pyobject(py)?
            .into_any()
            .unbind(),
    })
}

/// Puts `METH_FASTCALL` versions of one-shot functions in place of PyO3's (fastcall.rs).
macro_rules! fast_one_shots {
    ($module:expr; $($function:ident),*) => {
        $(crate::fastcall::fast!(
            replace_function,
            $module,
            stringify!($function),
            crate::fastcall::Shape::DataThenSeed,
            |py, _this, data, seed| {
                Ok($function(py, crate::fastcall::required(data)?, seed)?.into_pyobject(py)?.into_any())
            }
        )?;)*
    };
}

/// Adds the classes and functions to `module`.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Xxh32>()?;
    module.add_class::<Xxh64>()?;
    module.add_class::<Xxh3_64>()?;
    module.add_class::<Xxh3_128>()?;
    module.add_function(wrap_pyfunction!(_restore_xxhash, module)?)?;
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
    if crate::fastcall::enabled(module.py()) {
        Xxh32::fast_update(module)?;
        Xxh64::fast_update(module)?;
        Xxh3_64::fast_update(module)?;
        Xxh3_128::fast_update(module)?;
        fast_one_shots!(
            module;
            xxh32_digest, xxh32_intdigest, xxh32_hexdigest,
            xxh64_digest, xxh64_intdigest, xxh64_hexdigest,
            xxh3_64_digest, xxh3_64_intdigest, xxh3_64_hexdigest,
            xxh3_128_digest, xxh3_128_intdigest, xxh3_128_hexdigest
        );
    }
    Ok(())
}
