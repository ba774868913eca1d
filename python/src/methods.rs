//! What the methods and getters of every hasher object compute, `iohash.Hasher`'s and the
//! `iohash.xxhash` classes' alike: updating the shared hasher (shared.rs), the digest in its
//! three forms, names, seeds and saved states; and the entries of the methods and getters the
//! two kinds have in common, for their types' tables (capi/object.rs).

use std::borrow::Cow;

use iohash::{Algorithm, AnyHasher, Crc32Variant, Crc64Variant, DynHasher, NonCryptographicHasher};
use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::capi::buffer::with_bytes;
use crate::capi::object::{
    fast_method, fast_methods, getter, getters, missing, no_args, no_args_method,
};
use crate::capi::shared::Shared;

/// Inputs of this many bytes or more are hashed with the GIL released. Releasing and taking it
/// back costs 17-25 ns a call, a fifth of hashing 4 KiB with XXH3 or CRC-32C: from 2 KiB
/// (hashlib's rule, made for hashes ten times slower) `update` of 4 KiB took 1.22x
/// python-xxhash's time, which keeps the GIL. From 16 KiB the cost is under a tenth of the
/// call, and hashing that much takes at most some microseconds with the GIL held.
pub(crate) const RELEASE_GIL_FROM: usize = 16 << 10;

/// Appends `data` to the hasher: small inputs with the GIL held (when no thread is using the
/// hasher with it released), others with it released.
pub(crate) fn update(py: Python<'_>, state: &Shared, data: &Bound<'_, PyAny>) -> PyResult<()> {
    with_bytes(data, |bytes| {
        if bytes.len() < RELEASE_GIL_FROM {
            state.with(py, |hasher| hasher.append(bytes))
        } else {
            state.detached(py, |hasher| hasher.append(bytes))
        }
    })
}

/// The library's saved state of the hasher, as bytes (what pickling keeps).
pub(crate) fn saved_state<'py>(py: Python<'py>, state: &Shared) -> Bound<'py, PyBytes> {
    let saved = state.with(py, |hasher| hasher.save_state());
    PyBytes::new(py, saved.as_ref())
}

/// The hasher a saved state describes and the seed it was saved with, or `ValueError` for
/// bytes that are not one.
pub(crate) fn restore(state: &[u8]) -> PyResult<(AnyHasher, u64)> {
    let hasher = AnyHasher::restore_state(state)
        .map_err(|err| PyValueError::new_err(format!("bad saved state: {err}")))?;
    Ok((
        hasher,
        iohash::SavedState::from_bytes(state).map_or(0, |saved| saved.seed()),
    ))
}

/// A seed as python-xxhash takes one: any integer, modulo 2**64 (2**32 for XXH32).
#[inline]
pub(crate) fn seed_of(seed: Option<&Bound<'_, PyAny>>, algorithm: Algorithm) -> PyResult<u64> {
    let Some(seed) = seed else { return Ok(0) };
    let value = seed_value(seed)?;
    Ok(if algorithm == Algorithm::Xxh32 {
        value & u64::from(u32::MAX)
    } else {
        value
    })
}

/// A given seed modulo 2**64, out of line: most calls give none.
///
/// Inside `attach`, as the fast calls of capi/fastcall.rs reach here without PyO3's own entry: the
/// error a failed `extract` makes and drops is released at once, not left in PyO3's pool.
#[cold]
#[inline(never)]
fn seed_value(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    Python::attach(|py| {
        if let Ok(value) = seed.extract::<u64>() {
            return Ok(value);
        }
        let index = py.import("operator")?.call_method1("index", (seed,))?;
        index.call_method1("__and__", (u64::MAX,))?.extract::<u64>()
    })
}

/// The common algorithms by their constructors' names (`iohash.xxh3_64`, ...), which
/// `Hasher.name` gives and `iohash.new` takes: the one table of those names.
pub(crate) const COMMON: [(&str, Algorithm); 11] = [
    ("xxh3_64", Algorithm::Xxh3),
    ("xxh3_128", Algorithm::Xxh128),
    ("xxh64", Algorithm::Xxh64),
    ("xxh32", Algorithm::Xxh32),
    ("crc32", Algorithm::Crc32(Crc32Variant::IsoHdlc)),
    ("crc32c", Algorithm::Crc32(Crc32Variant::Iscsi)),
    ("crc64", Algorithm::Crc64(Crc64Variant::Ecma182)),
    ("crc64nvme", Algorithm::Crc64(Crc64Variant::Nvme)),
    ("crc64xz", Algorithm::Crc64(Crc64Variant::Xz)),
    ("adler32", Algorithm::Adler32),
    ("quickxor", Algorithm::QuickXor),
];

/// The algorithm a name gives: the constructors' names, and what `Algorithm` parses (`xxh3`,
/// `CRC-32/ISCSI`, `CRC-16/ARC`), in any case. The common names are looked up first: the
/// library's parser looks through the CRC catalogue, which made `Hasher("xxh64")` 90 ns
/// slower than `Hasher("xxh3_64")`, then the only name looked up first.
pub(crate) fn parse(name: &str) -> PyResult<Algorithm> {
    if let Some(common) = common(name) {
        return Ok(COMMON[common].1);
    }
    name.parse::<Algorithm>()
        .map_err(|err| PyValueError::new_err(format!("unsupported hash type: {err}")))
}

/// Where `name` is in [`COMMON`], in any case: as written there first, as the comparison in any
/// case goes byte by byte (76 instructions for "xxh3_64" where this takes 20, callgrind).
pub(crate) fn common(name: &str) -> Option<usize> {
    (COMMON.iter().position(|(common, _)| *common == name)).or_else(|| {
        COMMON
            .iter()
            .position(|(common, _)| common.eq_ignore_ascii_case(name))
    })
}

/// The name `Hasher.name` gives: its constructor's for the common ones, the catalogue name in
/// lowercase for the other CRCs; `iohash.new` takes each back.
pub(crate) fn python_name(algorithm: Algorithm) -> Cow<'static, str> {
    let tag = algorithm.tag();
    match COMMON.iter().find(|(_, common)| common.tag() == tag) {
        Some((name, _)) => Cow::Borrowed(name),
        None => Cow::Owned(tag.to_ascii_lowercase()),
    }
}

/// The block size hashlib-style objects report: python-xxhash's for the xxHash family (XXH3's
/// stripe, 64 bytes, for XXH3-128 and 32 for XXH3-64, as it says), 1 for CRCs.
fn block_size_of(algorithm: Algorithm) -> usize {
    match algorithm {
        Algorithm::Xxh32 => 16,
        Algorithm::Xxh64 | Algorithm::Xxh3 => 32,
        Algorithm::Xxh128 => 64,
        _ => 1,
    }
}

fast_methods! {
    /// `update(data)`: `data` by position or name.
    update_method (format!("{}.update", this.type_name(py))) (py, this, [data], 1) {
        let data = data.ok_or_else(|| missing(&format!("{}.update", this.type_name(py)), "data"))?;
        update(py, &this.state, &data)?;
        Ok(py.None().into_bound(py))
    }

    /// `__deepcopy__(memo)`: a copy (a hasher holds no Python objects).
    deep_copy (format!("{}.__deepcopy__", this.type_name(py))) (py, this, [memo], 1) {
        memo.ok_or_else(|| missing(&format!("{}.__deepcopy__", this.type_name(py)), "memo"))?;
        this.copy(py)
    }
}

no_args! {
    Digest "digest" (py, this) {
        // The hash as an integer, big-endian, in the algorithm's length: what python-xxhash,
        // google-crc32c and crc32c return (for CRC-32 not the library's little-endian
        // `current_hash_bytes`).
        let (value, len) = this.state.with(py, |hasher| (hasher.current_hash_u128(), hasher.hash_len()));
        Ok(match value {
            Some(value) => PyBytes::new(py, &value.to_be_bytes()[16 - len..]),
            None => PyBytes::new(py, this.state.with(py, |hasher| hasher.current_hash()).as_be_bytes()),
        }
        .into_any())
    }
    HexDigest "hexdigest" (py, this) {
        // The integer in registers where it is one (`current_hash_u128`).
        let (value, len) = this.state.with(py, |hasher| (hasher.current_hash_u128(), hasher.hash_len()));
        Ok(match value {
            Some(value) => crate::hex::hex(py, value, len)?,
            None => crate::hex::hex_of(py, this.state.with(py, |hasher| hasher.current_hash()))?,
        }
        .into_any())
    }
    IntDigest "intdigest" (py, this) {
        let (value, len) = this.state.with(py, |hasher| (hasher.current_hash_u128(), hasher.hash_len()));
        Ok(match value {
            Some(value) if len <= 8 => (value as u64).into_pyobject(py)?.into_any(),
            Some(value) => value.into_pyobject(py)?.into_any(),
            // QuickXorHash's 160 bits, read big-endian as its digest is.
            None => {
                let hash = this.state.with(py, |hasher| hasher.current_hash());
                py.get_type::<pyo3::types::PyInt>()
                    .call_method1("from_bytes", (PyBytes::new(py, hash.as_be_bytes()), "big"))?
            }
        })
    }
    Duplicate "copy" (py, this) { this.copy(py) }
    Reset "reset" (py, this) {
        this.state.with(py, |hasher| hasher.reset());
        Ok(py.None().into_bound(py))
    }
}

/// The methods every hasher object has, for its type's table.
pub(crate) fn common_methods() -> Vec<ffi::PyMethodDef> {
    vec![
        fast_method(c"update", update_method, 0, c"update($self, /, data)\n--\n\nHashes the bytes of `data` (any object with the buffer protocol; not str) after those\ngiven so far. The GIL is released for 16 KiB or more."),
        no_args_method::<Digest>(c"digest", c"digest($self, /)\n--\n\nThe hash so far as bytes, big-endian (the integer's bytes, as python-xxhash and\ngoogle-crc32c give them). The hasher goes on."),
        no_args_method::<HexDigest>(c"hexdigest", c"hexdigest($self, /)\n--\n\nThe digest in lowercase hexadecimal."),
        no_args_method::<IntDigest>(c"intdigest", c"intdigest($self, /)\n--\n\nThe hash so far as an integer: what zlib.crc32, python-xxhash's intdigest and the C\nreference give."),
        no_args_method::<Duplicate>(c"copy", c"copy($self, /)\n--\n\nA copy of this hasher: the two go on separately."),
        no_args_method::<Reset>(c"reset", c"reset($self, /)\n--\n\nBack to the state of a new hasher with the same algorithm and seed."),
        no_args_method::<Duplicate>(c"__copy__", c"__copy__($self, /)\n--\n\nA copy of this hasher."),
        fast_method(c"__deepcopy__", deep_copy, 0, c"__deepcopy__($self, /, memo)\n--\n\nA copy of this hasher (it holds no Python objects)."),
    ]
}

getters! {
    digest_size(this) this.algorithm.hash_len();
    block_size(this) block_size_of(this.algorithm);
    seed(this) this.seed();
}

/// The getters every hasher object has, for its type's table.
pub(crate) fn common_getters() -> Vec<ffi::PyGetSetDef> {
    vec![
        getter(
            c"digest_size",
            digest_size,
            c"The digest's length in bytes.",
        ),
        getter(
            c"block_size",
            block_size,
            c"The algorithm's block size in bytes, as python-xxhash reports it; 1 for CRCs.",
        ),
        getter(
            c"seed",
            seed,
            c"The seed, as an unsigned integer (0 for CRCs, which take none).",
        ),
    ]
}
