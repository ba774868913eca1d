//! Files read in Rust with the GIL released: a path or a byte range into a hasher, an open
//! file's descriptor, many files in parallel; the cloud forms. Errors are `OSError`s that name
//! the file, with the errno where the system gave one.

use std::fs::File;
use std::io::{self, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use iohash::cloud::{self, S3Composite};
use iohash::{AnyHasher, HasherExt};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

use crate::buffer::with_bytes;
use crate::hasher::{parse, Hasher, Shared};

/// `err` as Python's `OSError(errno, strerror, filename)`, which CPython turns into its
/// subclass for the errno (`FileNotFoundError`, `IsADirectoryError`, ...).
pub(crate) fn os_error(py: Python<'_>, err: &io::Error, filename: &Bound<'_, PyAny>) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let errno = py.import("errno")?;
        let (code, message): (Option<Py<PyAny>>, String) = match err.raw_os_error() {
            Some(code) => {
                let message = py
                    .import("os")?
                    .call_method1("strerror", (code,))?
                    .extract()?;
                (Some(code.into_pyobject(py)?.into_any().unbind()), message)
            }
            None => {
                let name = match err.kind() {
                    io::ErrorKind::NotFound => Some("ENOENT"),
                    io::ErrorKind::PermissionDenied => Some("EACCES"),
                    io::ErrorKind::IsADirectory => Some("EISDIR"),
                    io::ErrorKind::NotADirectory => Some("ENOTDIR"),
                    _ => None,
                };
                let code = match name {
                    Some(name) => Some(errno.getattr(name)?.unbind()),
                    None => None,
                };
                (code, err.to_string())
            }
        };
        Ok(PyOSError::new_err((
            code,
            message,
            filename.clone().unbind(),
        )))
    };
    build().unwrap_or_else(|failed| failed)
}

/// Appends bytes `offset..offset + length` of the file at `path` (to its end without a
/// length) to the hasher, all or nothing: on an error the hasher is as it was.
pub(crate) fn update_file(
    py: Python<'_>,
    state: &Shared,
    path: &Bound<'_, PyAny>,
    offset: u64,
    length: Option<u64>,
) -> PyResult<u64> {
    let path_buf: PathBuf = path.extract()?;
    let read = state.detached(py, |hasher| {
        let mut copy = hasher.clone();
        let read = append_range(&mut copy, &path_buf, offset, length)?;
        *hasher = copy;
        Ok::<u64, io::Error>(read)
    });
    read.map_err(|err| os_error(py, &err, path))
}

fn append_range(
    hasher: &mut AnyHasher,
    path: &Path,
    offset: u64,
    length: Option<u64>,
) -> io::Result<u64> {
    match (offset, length) {
        // A large file is read on every CPU while one thread hashes it (small ones on one).
        (0, None) => hasher.append_file_parallel(path, 0),
        (offset, Some(length)) => hasher.append_file_range(path, offset, length),
        (offset, None) => {
            let mut file = File::open(path)?;
            file.seek(SeekFrom::Start(offset))?;
            hasher.append_open_file_parallel(&file, 0)
        }
    }
}

/// Appends what the open file descriptor `fd` reads from `offset` (from where it is without
/// one) to its end; the descriptor stays open, at the end.
#[cfg(unix)]
pub(crate) fn update_fd(
    py: Python<'_>,
    state: &Shared,
    fd: i32,
    offset: Option<u64>,
    fileobj: &Bound<'_, PyAny>,
) -> PyResult<u64> {
    use std::os::fd::BorrowedFd;

    if fd < 0 {
        return Err(PyValueError::new_err("a file descriptor is never negative"));
    }
    let name = fileobj.getattr("name").unwrap_or_else(|_| fileobj.clone());
    // A descriptor of our own (dup), made with the GIL held: another Python thread closing the
    // file object while Rust reads with the GIL released cannot close it under the read, nor
    // hand its number to another file. It shares the file's position, which the caller sets.
    // SAFETY: `fd` is open: the file object's fileno() gave it, and the file object (alive,
    // `fileobj` borrows it) cannot close it before the dup, as closing needs the GIL this
    // thread holds. The borrow ends with this statement.
    let duplicate = unsafe { BorrowedFd::borrow_raw(fd) }.try_clone_to_owned();
    let mut file = File::from(duplicate.map_err(|err| os_error(py, &err, &name))?);
    let read = state.detached(py, |hasher| {
        if let Some(offset) = offset {
            file.seek(SeekFrom::Start(offset))?;
        }
        let mut copy = hasher.clone();
        let read = copy.append_open_file_parallel(&file, 0)?;
        *hasher = copy;
        Ok::<u64, io::Error>(read)
    });
    read.map_err(|err| os_error(py, &err, &name))
}

/// Many files hashed in parallel in Rust: a list in the order of `paths` holding a hasher for
/// each file read and an `OSError` for each that failed.
#[pyfunction]
#[pyo3(signature = (paths, name, threads = None, seed = None))]
pub(crate) fn _hash_files(
    py: Python<'_>,
    paths: Vec<Bound<'_, PyAny>>,
    name: &str,
    threads: Option<usize>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Py<PyAny>>> {
    let template = Hasher::create(py, parse(name)?, None, seed)?;
    let seed = template.seed;
    let template: AnyHasher = template.state.with(py, |hasher| hasher.clone());
    let path_bufs = paths
        .iter()
        .map(|path| path.extract::<PathBuf>())
        .collect::<PyResult<Vec<_>>>()?;
    let results: Vec<io::Result<AnyHasher>> =
        py.detach(|| iohash::hash_files(&path_bufs, threads.unwrap_or(0), || template.clone()));
    results
        .into_iter()
        .zip(&paths)
        .map(|(result, path)| match result {
            Ok(hasher) => Ok(Hasher::of(hasher, seed)
                .into_pyobject(py)?
                .into_any()
                .unbind()),
            Err(err) => Ok(os_error(py, &err, path).into_value(py).into_any()),
        })
        .collect()
}

/// S3's composite checksum (`base64-N`) of a file or a bytes-like object, for parts of
/// `part_size` bytes, as `iohash --part-size` prints it.
#[pyfunction]
pub(crate) fn _s3_composite(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    name: &str,
    part_size: u64,
) -> PyResult<String> {
    let variant = match parse(name)? {
        iohash::Algorithm::Crc32(variant) => variant,
        _ => {
            return Err(PyValueError::new_err(format!(
                "S3 composite checksums are of crc32 or crc32c, not {name}"
            )))
        }
    };
    let Some(part_size) = std::num::NonZeroU64::new(part_size) else {
        return Err(PyValueError::new_err("the part size is at least 1 byte"));
    };
    let mut s3 = S3Composite::new(variant, part_size);
    if let Ok(path) = source.extract::<PathBuf>() {
        if !source.is_instance_of::<pyo3::types::PyBytes>() {
            return py
                .detach(|| s3.append_file(&path).map(|_| s3.to_s3_string()))
                .map_err(|err| os_error(py, &err, source));
        }
    }
    with_bytes(source, |bytes| {
        iohash::DynHasher::append(&mut s3, bytes);
        s3.to_s3_string()
    })
}

/// Bytes in standard base64, as the clouds show checksums (`iohash::cloud::base64`).
#[pyfunction]
pub(crate) fn _base64(data: &[u8]) -> String {
    cloud::base64(data)
}
