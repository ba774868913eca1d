//! The Python package `iohash`'s native module, `iohash._iohash`: hashlib-shaped hashers of
//! every algorithm the library computes, python-xxhash's classes and functions, and files read
//! in Rust with the GIL released. The Python layer (`python/iohash/`) arranges them into the
//! package's modules; this crate binds the library and hashes nothing itself.

// The buffer protocol's declarations (buffer.rs), an open file's descriptor (files.rs) and the
// METH_FASTCALL functions (fastcall.rs) need `unsafe`; every block says why it holds.
#![allow(unsafe_code)]

mod buffer;
mod cloud;
mod fastcall;
mod files;
mod hash_files;
mod hasher;
mod hex;
mod one_shots;
mod shared;
mod signals;
mod templates;
mod xxhash;
mod xxhash_types;

use pyo3::prelude::*;

use hasher::{parse, Hasher};

/// new(name, data=b"", *, seed=0): a hasher of the algorithm `name` names.
#[pyfunction]
#[pyo3(signature = (name, data = None, *, seed = None))]
fn new(
    py: Python<'_>,
    name: &str,
    data: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Hasher> {
    Hasher::create(py, parse(name)?, data, seed)
}

/// One constructor per common algorithm, as hashlib has `sha256()` beside `new("sha256")`.
macro_rules! constructors {
    ($($name:ident => $algorithm:expr, $doc:literal;)*) => {
        $(
            #[doc = $doc]
            #[pyfunction]
            #[pyo3(signature = (data = None, *, seed = None))]
            fn $name(
                py: Python<'_>,
                data: Option<&Bound<'_, PyAny>>,
                seed: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Hasher> {
                Hasher::create(py, $algorithm, data, seed)
            }
        )*
        fn add_constructors(module: &Bound<'_, PyModule>) -> PyResult<()> {
            $(module.add_function(wrap_pyfunction!($name, module)?)?;)*
            $(fastcall::fast!(
                replace_function,
                module,
                stringify!($name),
                fastcall::Shape::OptionalDataKeywordSeed,
                |py, _this, data, seed| {
                    Ok(Hasher::create(py, $algorithm, data, seed)?.into_pyobject(py)?.into_any())
                }
            )?;)*
            Ok(())
        }
    };
}

use iohash::{Algorithm, Crc32Variant, Crc64Variant};

constructors! {
    xxh3_64 => Algorithm::Xxh3, "xxh3_64(data=b'', *, seed=0): an XXH3-64 hasher.";
    xxh3_128 => Algorithm::Xxh128, "xxh3_128(data=b'', *, seed=0): an XXH3-128 hasher.";
    xxh64 => Algorithm::Xxh64, "xxh64(data=b'', *, seed=0): an XXH64 hasher.";
    xxh32 => Algorithm::Xxh32, "xxh32(data=b'', *, seed=0): an XXH32 hasher (the seed modulo 2**32).";
    crc32 => Algorithm::Crc32(Crc32Variant::IsoHdlc), "crc32(data=b''): a CRC-32 hasher (CRC-32/ISO-HDLC: zlib's, gzip's, zip's, Ethernet's).";
    crc32c => Algorithm::Crc32(Crc32Variant::Iscsi), "crc32c(data=b''): a CRC-32C hasher (CRC-32/ISCSI: S3's and GCS's CRC32C).";
    crc64 => Algorithm::Crc64(Crc64Variant::Ecma182), "crc64(data=b''): a CRC-64/ECMA-182 hasher.";
    crc64nvme => Algorithm::Crc64(Crc64Variant::Nvme), "crc64nvme(data=b''): a CRC-64/NVME hasher (S3's CRC64NVME, Azure's CRC64).";
    crc64xz => Algorithm::Crc64(Crc64Variant::Xz), "crc64xz(data=b''): a CRC-64/XZ hasher (xz's, GO-ISO's).";
}

/// The hasher a pickled state describes.
#[pyfunction]
fn _restore(state: &[u8]) -> PyResult<Hasher> {
    Ok(Hasher::of(
        hasher::restore(state)?,
        hasher::saved_seed(state),
    ))
}

/// The CRC catalogue's sets `new` takes by name, each with its check value (the CRC of
/// b"123456789"), in the catalogue's order.
#[pyfunction]
fn crc_catalogue() -> Vec<(&'static str, u64)> {
    iohash::crc_catalogue::ALL
        .iter()
        .filter_map(|params| Some((params.name()?, params.check())))
        .collect()
}

/// The module. It declares that it does not need the GIL: on free-threaded CPython each hasher
/// has a lock of its own (shared.rs), and the rest holds no state that the GIL guards.
#[pymodule(gil_used = false)]
fn _iohash(module: &Bound<'_, PyModule>) -> PyResult<()> {
    shared::check_gil(module.py())?;
    buffer::init(module.py())?;
    module.add_class::<Hasher>()?;
    hasher::fast_methods(module)?;
    module.add_function(wrap_pyfunction!(new, module)?)?;
    add_constructors(module)?;
    one_shots::register(module)?;
    module.add_function(wrap_pyfunction!(_restore, module)?)?;
    module.add_function(wrap_pyfunction!(crc_catalogue, module)?)?;
    module.add_function(wrap_pyfunction!(hash_files::_hash_files, module)?)?;
    module.add_function(wrap_pyfunction!(cloud::_s3_composite, module)?)?;
    module.add_function(wrap_pyfunction!(cloud::_base64, module)?)?;

    // python-xxhash's names, apart: its classes are named as the constructors above.
    let xxhash_module = PyModule::new(module.py(), "xxhash")?;
    xxhash::register(&xxhash_module)?;
    module.add_submodule(&xxhash_module)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
