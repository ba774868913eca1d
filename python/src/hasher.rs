//! `iohash.Hasher`, the hashlib-shaped hasher of every algorithm, and what it shares with the
//! `iohash.xxhash` classes: updating the shared hasher (shared.rs), the digest in its three forms,
//! names, seeds and saved states.

use std::borrow::Cow;

use iohash::{Algorithm, AnyHasher, DynHasher, NonCryptographicHasher};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};

use crate::buffer::with_bytes;

/// Inputs of this many bytes or more are hashed with the GIL released: CPython's hashlib rule
/// (`HASHLIB_GIL_MINSIZE`). Below it, releasing costs more than it lets other threads do.
pub(crate) const RELEASE_GIL_FROM: usize = 2048;

pub(crate) use crate::shared::Shared;

/// `hasher` shared by the threads that use it, boxed for a PyO3 class: an `AnyHasher` is over
/// 600 bytes, and a pointer moves into a new PyO3 object faster than it does.
pub(crate) fn shared(hasher: AnyHasher) -> Box<Shared> {
    Box::new(Shared::new(hasher))
}

/// Runs `f` on the hasher (see [`Shared::with`]).
pub(crate) fn with_hasher<R: Send>(
    py: Python<'_>,
    state: &Shared,
    f: impl FnOnce(&mut AnyHasher) -> R + Send,
) -> R {
    state.with(py, f)
}

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

/// The digest's bytes: the hash as an integer, big-endian, in the algorithm's length (what
/// python-xxhash, google-crc32c and crc32c return; for CRC-32 this is not the library's
/// little-endian `current_hash_bytes`).
fn digest_bytes(hasher: &AnyHasher) -> ([u8; 16], usize) {
    (hasher.current_hash().to_be_bytes(), hasher.hash_len())
}

/// `digest()`: the hash as big-endian bytes of the algorithm's length.
pub(crate) fn digest<'py>(py: Python<'py>, state: &Shared) -> Bound<'py, PyBytes> {
    let (bytes, len) = with_hasher(py, state, |hasher| digest_bytes(hasher));
    PyBytes::new(py, &bytes[16 - len..])
}

/// `hexdigest()`: those bytes in lower-case hexadecimal.
pub(crate) fn hexdigest<'py>(py: Python<'py>, state: &Shared) -> PyResult<Bound<'py, PyString>> {
    let (value, len) = with_hasher(py, state, |hasher| {
        (hasher.current_hash(), hasher.hash_len())
    });
    crate::hex::hex(py, value, len)
}

/// `intdigest()`: the hash as an unsigned integer.
pub(crate) fn intdigest<'py>(py: Python<'py>, state: &Shared) -> PyResult<Bound<'py, PyAny>> {
    let (value, wide) = with_hasher(py, state, |hasher| {
        (hasher.current_hash(), hasher.hash_len() > 8)
    });
    Ok(match u64::try_from(value) {
        Ok(narrow) if !wide => narrow.into_pyobject(py)?.into_any(),
        _ => value.into_pyobject(py)?.into_any(),
    })
}

/// `reset()`: back to the state the hasher was made in.
pub(crate) fn reset(py: Python<'_>, state: &Shared) {
    with_hasher(py, state, |hasher| hasher.reset());
}

/// The library's saved state of the hasher, as bytes (what pickling keeps).
pub(crate) fn saved_state<'py>(py: Python<'py>, state: &Shared) -> Bound<'py, PyBytes> {
    let saved = with_hasher(py, state, |hasher| hasher.save_state());
    PyBytes::new(py, saved.as_ref())
}

/// The hasher a saved state describes, or `ValueError` for bytes that are not one.
pub(crate) fn restore(state: &[u8]) -> PyResult<AnyHasher> {
    AnyHasher::restore_state(state)
        .map_err(|err| PyValueError::new_err(format!("bad saved state: {err}")))
}

/// The seed a saved state that [`restore`] took was saved with, read where the format puts it
/// (`iohash::SavedState`'s table): XXH32's and XXH64's first field, XXH3's after its key kind
/// (0 for a custom secret); CRCs have none.
pub(crate) fn saved_seed(state: &[u8]) -> u64 {
    let word = |at: usize, len: usize| {
        let mut bytes = [0u8; 8];
        bytes[..len].copy_from_slice(&state[at..at + len]);
        u64::from_le_bytes(bytes)
    };
    match state[5] {
        1 => word(8, 4),
        2 => word(8, 8),
        3 | 4 if state[8] == 0 => word(9, 8),
        _ => 0,
    }
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
/// Inside `attach`, as the fast calls of fastcall.rs reach here without PyO3's own entry: the
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

/// The algorithm a name gives: what `Algorithm` parses (`xxh3`, `crc32c`, `CRC-16/ARC`, any
/// case), and the constructors' names `xxh3_64` and `xxh3_128`.
pub(crate) fn parse(name: &str) -> PyResult<Algorithm> {
    if name.eq_ignore_ascii_case("xxh3_64") {
        return Ok(Algorithm::Xxh3);
    }
    if name.eq_ignore_ascii_case("xxh3_128") {
        return Ok(Algorithm::Xxh128);
    }
    name.parse::<Algorithm>()
        .map_err(|err| PyValueError::new_err(format!("unsupported hash type: {err}")))
}

/// The name `Hasher.name` gives: its constructor's for the common ones, the catalogue name in
/// lowercase for the other CRCs; `iohash.new` takes each back.
pub(crate) fn python_name(algorithm: Algorithm) -> Cow<'static, str> {
    Cow::Borrowed(match algorithm.tag() {
        "XXH3" => "xxh3_64",
        "XXH128" => "xxh3_128",
        "XXH64" => "xxh64",
        "XXH32" => "xxh32",
        "CRC32" => "crc32",
        "CRC32C" => "crc32c",
        "CRC64" => "crc64",
        "CRC64NVME" => "crc64nvme",
        "CRC64XZ" => "crc64xz",
        tag => return Cow::Owned(tag.to_ascii_lowercase()),
    })
}

/// The block size hashlib-style objects report: python-xxhash's for the xxHash family (XXH3's
/// stripe, 64 bytes, for XXH3-128 and 32 for XXH3-64, as it says), 1 for CRCs.
pub(crate) fn block_size(algorithm: Algorithm) -> usize {
    match algorithm {
        Algorithm::Xxh32 => 16,
        Algorithm::Xxh64 | Algorithm::Xxh3 => 32,
        Algorithm::Xxh128 => 64,
        _ => 1,
    }
}

/// A hasher of any algorithm iohash computes, in the shape of hashlib's objects; made by
/// `iohash.new(name)` or a constructor such as `iohash.xxh3_64()`. One hasher may be shared by
/// threads: each call holds its lock.
#[pyclass(frozen, module = "iohash", name = "Hasher")]
pub(crate) struct Hasher {
    pub(crate) state: Box<Shared>,
    pub(crate) algorithm: Algorithm,
    pub(crate) seed: u64,
}

impl Hasher {
    pub(crate) fn of(hasher: AnyHasher, seed: u64) -> Hasher {
        Hasher {
            algorithm: hasher.algorithm(),
            state: shared(hasher),
            seed,
        }
    }

    /// A new hasher of `algorithm`, given `data` first.
    pub(crate) fn create(
        py: Python<'_>,
        algorithm: Algorithm,
        data: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Hasher> {
        let seed = seed_of(seed, algorithm)?;
        if seed != 0 && !algorithm.takes_seed() {
            return Err(PyValueError::new_err(format!(
                "{} takes no seed",
                python_name(algorithm)
            )));
        }
        let hasher = Hasher::of(crate::templates::hasher(algorithm, seed), seed);
        if let Some(data) = data {
            update(py, &hasher.state, data)?;
        }
        Ok(hasher)
    }
}

/// `Hasher`'s `update`, `digest`, `hexdigest` and `intdigest`, the calls made on every hasher,
/// through `METH_FASTCALL` (see fastcall.rs).
pub(crate) fn fast_methods(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let class = module.py().get_type::<Hasher>();
    crate::fastcall::fast!(
        replace_method,
        &class,
        "update",
        crate::fastcall::Shape::Update,
        |py, this, data, _seed| {
            let this = crate::fastcall::required(this)?;
            // SAFETY: the method descriptor checked that `self` is a Hasher.
            let this = unsafe { this.cast_unchecked::<Hasher>() };
            update(py, &this.get().state, crate::fastcall::required(data)?)?;
            Ok(py.None().into_bound(py))
        }
    )?;
    macro_rules! fast_digest {
        ($name:literal, |$py:ident, $state:ident| $make:expr) => {
            crate::fastcall::fast!(
                replace_method,
                &class,
                $name,
                crate::fastcall::Shape::Digest,
                |$py, this, _data, _seed| {
                    let this = crate::fastcall::required(this)?;
                    // SAFETY: the method descriptor checked that `self` is a Hasher.
                    let this = unsafe { this.cast_unchecked::<Hasher>() };
                    let $state = &this.get().state;
                    $make
                }
            )?
        };
    }
    fast_digest!("digest", |py, state| Ok(digest(py, state).into_any()));
    fast_digest!(
        "hexdigest",
        |py, state| Ok(hexdigest(py, state)?.into_any())
    );
    fast_digest!("intdigest", |py, state| intdigest(py, state));
    Ok(())
}

#[pymethods]
impl Hasher {
    /// Hasher(name, data=b"", *, seed=0): a hasher of the algorithm `name` names (see
    /// iohash.new), given `data` first.
    #[new]
    #[pyo3(signature = (name, data = None, *, seed = None))]
    fn new(
        py: Python<'_>,
        name: &str,
        data: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Hasher> {
        Hasher::create(py, parse(name)?, data, seed)
    }

    /// Hashes the bytes of `data` (any object with the buffer protocol; not str) after those
    /// given so far. The GIL is released for 2 KiB or more.
    fn update(&self, py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<()> {
        update(py, &self.state, data)
    }

    /// The hash so far as bytes, big-endian (the integer's bytes, as python-xxhash and
    /// google-crc32c give them). The hasher goes on.
    fn digest<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        digest(py, &self.state)
    }

    /// The digest in lowercase hexadecimal.
    fn hexdigest<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        hexdigest(py, &self.state)
    }

    /// The hash so far as an integer: what zlib.crc32, python-xxhash's intdigest and the C
    /// reference give.
    fn intdigest<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        intdigest(py, &self.state)
    }

    /// A copy of this hasher: the two go on separately.
    fn copy(&self, py: Python<'_>) -> Hasher {
        Hasher {
            state: shared(with_hasher(py, &self.state, |hasher| hasher.clone())),
            algorithm: self.algorithm,
            seed: self.seed,
        }
    }

    /// Back to the state of a new hasher with the same algorithm and seed.
    fn reset(&self, py: Python<'_>) {
        reset(py, &self.state);
    }

    /// Makes this hasher's hash that of its bytes followed by `other`'s, from the two CRCs
    /// alone: ranges hashed apart (on other threads, processes or machines) combine in order.
    /// CRCs only, of one parameter set; ValueError otherwise.
    fn combine(&self, py: Python<'_>, other: &Bound<'_, Hasher>) -> PyResult<()> {
        // Copied first: `h.combine(h)` is allowed and would otherwise take one lock twice.
        let next = with_hasher(py, &other.get().state, |hasher| hasher.clone());
        if with_hasher(py, &self.state, |hasher| hasher.combine(&next)) {
            Ok(())
        } else {
            Err(PyValueError::new_err(format!(
                "combine needs two CRCs of one parameter set, not {} and {}",
                python_name(self.algorithm),
                python_name(other.get().algorithm)
            )))
        }
    }

    /// The algorithm's name, which iohash.new takes: "xxh3_64", "crc32c", "crc-16/arc", ...
    #[getter]
    fn name(&self) -> Cow<'static, str> {
        python_name(self.algorithm)
    }

    /// The digest's length in bytes.
    #[getter]
    fn digest_size(&self) -> usize {
        self.algorithm.hash_len()
    }

    /// The algorithm's block size in bytes, as python-xxhash reports it; 1 for CRCs.
    #[getter]
    fn block_size(&self) -> usize {
        block_size(self.algorithm)
    }

    /// The seed (0 for CRCs, which take none).
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The library's saved state: a few hundred bytes, versioned and checksummed, never a
    /// secret or a pointer. iohash.Hasher.from_state goes on from it, in any process.
    fn saved_state<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        saved_state(py, &self.state)
    }

    /// The hasher a saved state describes, its seed included (ValueError for a bad one).
    #[staticmethod]
    fn from_state(state: &[u8]) -> PyResult<Hasher> {
        Ok(Hasher::of(restore(state)?, saved_seed(state)))
    }

    /// Hashes bytes `offset` to `offset + length` of the file at `path` (to its end without a
    /// length) after those given so far, read in Rust with the GIL released; returns the
    /// number of bytes read. On an error (OSError naming the file, also when the file is
    /// shorter than the range or changes while it is read) the hasher is unchanged.
    #[pyo3(signature = (path, offset = 0, length = None))]
    fn update_file(
        &self,
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        offset: u64,
        length: Option<u64>,
    ) -> PyResult<u64> {
        crate::files::update_file(py, &self.state, path, offset, length)
    }

    /// For iohash.file_digest: what the open descriptor `fd` of `fileobj` reads from `offset`
    /// to its end.
    #[cfg(unix)]
    #[pyo3(signature = (fd, offset, fileobj))]
    fn _update_fd(
        &self,
        py: Python<'_>,
        fd: i32,
        offset: u64,
        fileobj: &Bound<'_, PyAny>,
    ) -> PyResult<u64> {
        crate::files::update_fd(py, &self.state, fd, offset, fileobj)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("iohash")?.getattr("_restore")?;
        (restore, (saved_state(py, &self.state),)).into_pyobject(py)
    }

    fn __copy__(&self, py: Python<'_>) -> Hasher {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> Hasher {
        self.copy(py)
    }

    fn __repr__(&self) -> String {
        format!("<iohash.Hasher {}>", python_name(self.algorithm))
    }
}
