//! The Python package `iohash`'s native module, `iohash._iohash`: hashlib-shaped hashers of
//! every algorithm the library computes, python-xxhash's classes and functions, and files read
//! in Rust with the GIL released. The Python layer (`python/iohash/`) arranges them into the
//! package's modules; this crate binds the library and hashes nothing itself.

// The C API machinery (capi/) and two system calls (files.rs: a descriptor's copy, `poll`)
// need `unsafe`; every block says why it holds. The modules above capi/ hold no raw pointer.
#![allow(unsafe_code)]

mod capi;
mod cloud;
mod files;
mod hash_files;
mod hasher;
mod hex;
mod methods;
mod one_shots;
mod pickling;
mod signals;
mod templates;
mod xxhash;
mod xxhash_types;

use pyo3::prelude::*;

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
    capi::shared::check_gil(module.py())?;
    capi::buffer::init(module.py())?;
    hasher::register(module)?;
    one_shots::register(module)?;
    pickling::register(module)?;
    module.add_function(wrap_pyfunction!(crc_catalogue, module)?)?;
    module.add_function(wrap_pyfunction!(hash_files::_hash_files, module)?)?;
    module.add_function(wrap_pyfunction!(files::_read_buffer, module)?)?;
    module.add_function(wrap_pyfunction!(cloud::_s3_composite, module)?)?;
    module.add_function(wrap_pyfunction!(cloud::_base64, module)?)?;

    // python-xxhash's names, apart: its classes are named as the constructors above.
    let xxhash_module = PyModule::new(module.py(), "xxhash")?;
    xxhash::register(&xxhash_module)?;
    module.add_submodule(&xxhash_module)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
