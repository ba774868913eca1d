//! Files read into a hasher in Rust with the GIL released: a path, a byte range of one, an
//! open file's descriptor. Errors are `OSError`s that name the file, with the errno where the
//! system gave one; Ctrl-C stops a read within a tenth of a second (signals.rs).
//!
//! A file is opened without waiting (`O_NONBLOCK`), as a FIFO's open would otherwise block
//! until a writer came, where no signal can end it (the standard library retries an open a
//! signal interrupted). A regular file is read by the library; anything else (a FIFO, a
//! terminal, a device) in short waits for data, with a check between them.

use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, Read};
use std::path::PathBuf;

use iohash::{AnyHasher, FileRead, HasherExt, ReadObserver, LARGE_READ_LEN};
use pyo3::exceptions::{PyMemoryError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::capi::shared::Shared;
use crate::signals::{Check, Interrupts, CHECK_INTERVAL};

/// `err` as Python's `OSError(errno, strerror, filename)`, which CPython turns into its
/// subclass for the errno (`FileNotFoundError`, `IsADirectoryError`, ...); memory the system
/// refused is a `MemoryError`, as Python's own allocations give.
pub(crate) fn os_error(py: Python<'_>, err: &io::Error, filename: &Bound<'_, PyAny>) -> PyErr {
    if err.kind() == io::ErrorKind::OutOfMemory {
        // No message: making one would need memory there may be none of.
        return PyMemoryError::new_err(());
    }
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
                    // A range the file does not hold, or of what is no regular file.
                    io::ErrorKind::UnexpectedEof | io::ErrorKind::InvalidInput => Some("EINVAL"),
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
        // Without an error number, OSError's three arguments print "[Errno None]".
        Ok(match code {
            Some(code) => PyOSError::new_err((code, message, filename.clone().unbind())),
            None => PyOSError::new_err(format!("{message}: {}", describe(filename))),
        })
    };
    build().unwrap_or_else(|failed| failed)
}

/// `filename` as an OSError shows it: its `repr`.
fn describe(filename: &Bound<'_, PyAny>) -> String {
    filename
        .repr()
        .map_or_else(|_| "the file".to_owned(), |repr| repr.to_string())
}

/// The path `path` names: a str, bytes or os.PathLike, as `open` takes them (`os.fspath`'s
/// TypeError for anything else), and a ValueError for a NUL, as `open` gives.
pub(crate) fn path_of(path: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    let os = path.py().import("os")?;
    let named = os.call_method1("fspath", (path,))?;
    let path: PathBuf = if named.is_instance_of::<PyBytes>() {
        os.call_method1("fsdecode", (named,))?.extract()?
    } else {
        named.extract()?
    };
    if path.as_os_str().as_encoded_bytes().contains(&0) {
        return Err(PyValueError::new_err("embedded null byte"));
    }
    Ok(path)
}

/// Opens `path` for reading without waiting for a FIFO's writer (see the module's doc).
pub(crate) fn open(path: &PathBuf) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    options.open(path)
}

/// Appends `file` from its position to its end: a regular file (or a directory, for the
/// library's error) by the library on `threads` threads (0: one per CPU), anything else as
/// its data comes, with `observer`'s check between reads.
pub(crate) fn append_whole<H: HasherExt + ?Sized>(
    hasher: &mut H,
    file: &File,
    threads: usize,
    observer: &mut dyn ReadObserver,
) -> io::Result<u64> {
    let metadata = file.metadata()?;
    if metadata.is_file() || metadata.is_dir() {
        return FileRead::file(file)
            .threads(threads)
            .observer(observer)
            .append_to(hasher);
    }
    let mut reader = BufReader::with_capacity(LARGE_READ_LEN, Polled { file, observer });
    hasher.append_from_buf_reader(&mut reader)
}

/// A reader of anything but a regular file that waits for data at most [`CHECK_INTERVAL`]
/// at a time, checking in between, so a silent FIFO or terminal cannot hold off a signal.
struct Polled<'a> {
    file: &'a File,
    observer: &'a mut dyn ReadObserver,
}

impl Read for Polled<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            self.observer.check()?;
            if !readable_soon(self.file)? {
                continue;
            }
            match (&*self.file).read(buf) {
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::Interrupted
                    ) => {}
                result => return result,
            }
        }
    }
}

/// Whether `file` has data (or its end) within [`CHECK_INTERVAL`]. A FIFO opened without
/// waiting reports neither until a writer has come, so this also waits for the writer.
#[cfg(unix)]
fn readable_soon(file: &File) -> io::Result<bool> {
    use std::os::fd::AsRawFd;
    let mut poll = libc::pollfd {
        fd: file.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    let timeout = CHECK_INTERVAL.as_millis() as libc::c_int;
    // SAFETY: `poll` is one valid pollfd for the call, and its descriptor is `file`'s, open
    // while `file` is borrowed.
    match unsafe { libc::poll(&mut poll, 1, timeout) } {
        -1 => match io::Error::last_os_error() {
            e if e.kind() == io::ErrorKind::Interrupted => Ok(false),
            e => Err(e),
        },
        ready => Ok(ready > 0),
    }
}

/// Elsewhere reads block; the check still runs before each.
#[cfg(not(unix))]
fn readable_soon(_file: &File) -> io::Result<bool> {
    Ok(true)
}

/// Runs `read` on the hasher's copy with the GIL released and keeps the copy only if it
/// succeeds (on an error the hasher is as it was); an error is `name`'s OSError, or the
/// exception a signal handler raised.
fn update_with<T: Send>(
    py: Python<'_>,
    state: &Shared,
    name: &Bound<'_, PyAny>,
    read: impl FnOnce(&mut AnyHasher, &mut Check<'_>) -> io::Result<T> + Send,
) -> PyResult<T> {
    let interrupts = Interrupts::new(py)?;
    let result = state.detached(py, |hasher| {
        let mut copy = hasher.clone();
        let read = read(&mut copy, &mut interrupts.caller())?;
        *hasher = copy;
        Ok::<T, io::Error>(read)
    });
    outcome(py, result, &interrupts, name)
}

/// What a call that read with the GIL released returns: the exception a signal handler
/// raised if one did, else its result, with an error as `name`'s OSError; a thread the system
/// refused is a `RuntimeWarning` first.
pub(crate) fn outcome<T>(
    py: Python<'_>,
    result: io::Result<T>,
    interrupts: &Interrupts,
    name: &Bound<'_, PyAny>,
) -> PyResult<T> {
    if let Some(raised) = interrupts.raised() {
        return Err(raised);
    }
    interrupts.warn_of_refused_thread(py, "the file was read")?;
    result.map_err(|err| os_error(py, &err, name))
}

/// Appends bytes `offset..offset + length` of the file at `path` (to its end without a
/// length) to the hasher, all or nothing.
pub(crate) fn update_file(
    py: Python<'_>,
    state: &Shared,
    path: &Bound<'_, PyAny>,
    offset: u64,
    length: Option<u64>,
) -> PyResult<u64> {
    let path_buf = path_of(path)?;
    update_with(py, state, path, |hasher, check| {
        let file = open(&path_buf)?;
        match (offset, length) {
            // A large file is read on every CPU while one thread hashes it (small ones on one).
            (0, None) => append_whole(hasher, &file, 0, check),
            // The library checks the range against the file, with its words.
            (offset, length) => FileRead::file(&file)
                .range(offset, length)
                .observer(check)
                .append_to(hasher),
        }
    })
}

/// Appends what the open descriptor `fd` reads from `offset` to its end, by position: the file
/// object keeps the one position, which this never moves. `None`, with nothing appended, when
/// `fd` is not a regular file or `offset` is past the size it gives (the library's one look
/// at it says so): the caller reads those through the object, whose buffer may hold data the
/// descriptor has passed.
#[cfg(unix)]
pub(crate) fn update_fd(
    py: Python<'_>,
    state: &Shared,
    fd: i32,
    offset: u64,
    fileobj: &Bound<'_, PyAny>,
) -> PyResult<Option<u64>> {
    use std::os::fd::BorrowedFd;

    if fd < 0 {
        return Err(PyValueError::new_err("a file descriptor is never negative"));
    }
    let name = fileobj.getattr("name").unwrap_or_else(|_| fileobj.clone());
    // A descriptor of our own (dup), made with the GIL held: another Python thread closing the
    // file object while Rust reads with the GIL released cannot close it under the read, nor
    // hand its number to another file.
    // SAFETY: `fd` is open: the file object's fileno() gave it, and the file object (alive,
    // `fileobj` borrows it) cannot close it before the dup, as closing needs the GIL this
    // thread holds. The borrow ends with this statement.
    let duplicate = unsafe { BorrowedFd::borrow_raw(fd) }.try_clone_to_owned();
    let file = File::from(duplicate.map_err(|err| os_error(py, &err, &name))?);
    update_with(py, state, &name, |hasher, check| {
        let read = FileRead::file(&file)
            .range(offset, None)
            .observer(check)
            .append_to(hasher);
        match read {
            Ok(read) => Ok(Some(read)),
            // The library refuses, before reading, a range of anything but a regular file and
            // an open-ended one that starts past the size the file gives (past the end, or in
            // a pseudo-file of /proc, which says 0): the object reads those.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::InvalidInput | io::ErrorKind::UnexpectedEof
                ) =>
            {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    })
}

/// A writable buffer of `size` bytes for `file_digest`'s reads through a file object, placed
/// where the library places its own ([`iohash::READ_BUFFER_OFFSET`] past a page boundary): a
/// view into an anonymous `mmap`, which the system aligns to a page. Python owns the memory,
/// so no view of it can outlive it.
#[pyfunction]
pub(crate) fn _read_buffer(py: Python<'_>, size: usize) -> PyResult<Bound<'_, PyAny>> {
    let offset = iohash::READ_BUFFER_OFFSET;
    let end = size
        .checked_add(offset)
        .ok_or_else(|| PyMemoryError::new_err(format!("no read buffer of {size} bytes")))?;
    let mapping = py.import("mmap")?.getattr("mmap")?.call1((-1, end))?;
    let view = py
        .import("builtins")?
        .getattr("memoryview")?
        .call1((mapping,))?;
    view.get_item(pyo3::types::PySlice::new(
        py,
        offset as isize,
        end as isize,
        1,
    ))
}
