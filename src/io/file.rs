//! Hashing a file by path or open `File`, and many files in parallel: the read strategy by
//! file kind, with a [`FileSnapshot`] taken around it.
//!
//! Why reads and not `mmap`: a mapped file that another process truncates kills the reader with
//! `SIGBUS`, and catching that takes a process-wide signal handler, which a library must not
//! install. Reads see a shrinking file as a short file, which the size check below reports.
//! BENCHMARKS.md has what each way measured.

use std::fs::File;
use std::io::{self, ErrorKind, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::copy::{copy_in_large_reads, Appender, LARGE_READ_LEN};
use super::snapshot::FileSnapshot;
use super::threads;
use crate::{DynHasher, NonCryptographicHasher};

/// Appends the contents of the file at `path` to `sink`, returning the number of bytes: what
/// [`HasherExt::append_file`](crate::HasherExt::append_file) does for a hasher.
pub(crate) fn append_file<W: Write + ?Sized>(
    sink: &mut W,
    path: impl AsRef<Path>,
) -> io::Result<u64> {
    append_open_file(sink, &File::open(path)?)
}

/// [`append_file`] for a file that is already open.
pub(crate) fn append_open_file<W: Write + ?Sized>(sink: &mut W, file: &File) -> io::Result<u64> {
    append_file_through(sink, file, &mut &*file)
}

/// The checks of [`append_open_file`] around reading `file` through `reader` (the file itself,
/// or a wrapper around it, such as one that stops when a task is cancelled).
pub(crate) fn append_file_through<W, R>(
    sink: &mut W,
    file: &File,
    reader: &mut R,
) -> io::Result<u64>
where
    W: Write + ?Sized,
    R: io::Read + ?Sized,
{
    let before = snapshot_of_contents(file)?;
    read_between(sink, file, &before, reader)
}

/// Reads `reader` (which reads `file`) into `sink`, then checks `file` against `before`.
pub(crate) fn read_between<W, R>(
    sink: &mut W,
    file: &File,
    before: &FileSnapshot,
    reader: &mut R,
) -> io::Result<u64>
where
    W: Write + ?Sized,
    R: io::Read + ?Sized,
{
    // A file shorter than one large read takes `io::copy`'s stack buffer: no allocation.
    let len = if before.is_file() && before.len() < LARGE_READ_LEN as u64 {
        io::copy(reader, sink)?
    } else {
        copy_in_large_reads(sink, reader, LARGE_READ_LEN)?
    };
    before.check(file)?;
    Ok(len)
}

/// The snapshot of a file about to be read; a directory is an error, of the kind and words
/// `read` gives on Linux, on every system.
pub(crate) fn snapshot_of_contents(file: &File) -> io::Result<FileSnapshot> {
    let metadata = file.metadata()?;
    if metadata.is_dir() {
        return Err(io::Error::new(ErrorKind::IsADirectory, "Is a directory"));
    }
    Ok(FileSnapshot::from_metadata(&metadata))
}

/// The hash of the file at `path`, with a new hasher of type `H`. See
/// [`HasherExt::append_file`](crate::HasherExt::append_file) for how it is read and the errors.
///
/// ```
/// use iohash::{hash_file, XxHash64};
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// # std::fs::write(&path, b"contents")?;
/// assert_eq!(hash_file::<XxHash64>(&path)?, XxHash64::hash(b"contents"));
/// # Ok(())
/// # }
/// ```
pub fn hash_file<H: NonCryptographicHasher + Default>(
    path: impl AsRef<Path>,
) -> io::Result<H::Output> {
    hash_open_file::<H>(&File::open(path)?)
}

/// [`hash_file`] for a file that is already open: from the handle's position to the end. See
/// [`HasherExt::append_open_file`](crate::HasherExt::append_open_file).
///
/// ```
/// use iohash::{hash_open_file, Crc64};
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// # std::fs::write(&path, b"123456789")?;
/// let file = std::fs::File::open(&path)?;
/// assert_eq!(hash_open_file::<Crc64>(&file)?, Crc64::hash(b"123456789"));
/// # Ok(())
/// # }
/// ```
pub fn hash_open_file<H: NonCryptographicHasher + Default>(file: &File) -> io::Result<H::Output> {
    let mut hasher = H::default();
    append_open_file(&mut Appender(&mut hasher), file)?;
    Ok(hasher.current_hash())
}

/// Many files hashed in parallel on `threads` threads (0: one per CPU; never more than one per
/// file), each appended to a new hasher from `new_hasher`, which is returned: results in the
/// order of `paths`, each with its own error if it failed. A program that runs other work
/// beside it, or reads from a disk that seeks, passes a small count. Any hasher works, [`AnyHasher`](crate::AnyHasher) and
/// `Box<dyn DynHasher + Send>` among them.
///
/// Memory is one read buffer per thread, whatever the files' sizes. The threads are scoped
/// standard threads that end before this returns: no thread pool stays behind, and no
/// dependency is needed for it.
///
/// ```
/// use iohash::{hash_files, Algorithm, NonCryptographicHasher, XxHash3};
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # std::fs::write(dir.path().join("a"), b"a")?;
/// # std::fs::write(dir.path().join("b"), b"b")?;
/// let paths = [dir.path().join("a"), dir.path().join("missing"), dir.path().join("b")];
/// let hashers = hash_files(&paths, 0, XxHash3::new);
/// assert_eq!(hashers[0].as_ref().unwrap().current_hash(), XxHash3::hash(b"a"));
/// assert_eq!(hashers[1].as_ref().unwrap_err().kind(), std::io::ErrorKind::NotFound);
/// assert_eq!(hashers[2].as_ref().unwrap().current_hash(), XxHash3::hash(b"b"));
///
/// // An algorithm chosen at run time.
/// let algorithm: Algorithm = "xxh128".parse().unwrap();
/// // On two threads, whatever the machine.
/// let hashers = hash_files(&paths[..1], 2, || algorithm.hasher(0));
/// assert_eq!(hashers[0].as_ref().unwrap().algorithm(), Algorithm::Xxh128);
/// # Ok(())
/// # }
/// ```
pub fn hash_files<H, F>(
    paths: &[impl AsRef<Path> + Sync],
    threads: usize,
    new_hasher: F,
) -> Vec<io::Result<H>>
where
    H: DynHasher + Send,
    F: Fn() -> H + Sync,
{
    let threads = threads::thread_count(threads, paths.len() as u64);
    let hash_one = |path: &dyn AsRef<Path>| {
        let mut hasher = new_hasher();
        append_file(&mut Appender(&mut hasher), path)?;
        Ok(hasher)
    };
    if threads == 1 {
        return paths.iter().map(|path| hash_one(path)).collect();
    }
    let next = AtomicUsize::new(0);
    let take_files = || {
        let mut mine = Vec::new();
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(path) = paths.get(index) else {
                break mine;
            };
            mine.push((index, hash_one(path)));
        }
    };
    let mut done: Vec<(usize, io::Result<H>)> = std::thread::scope(|scope| {
        // A thread the system refuses leaves its share to the others, and to this one.
        let workers: Vec<_> = (1..threads)
            .filter_map(|_| threads::spawn(scope, take_files).ok())
            .collect();
        let mut done = take_files();
        done.extend(workers.into_iter().flat_map(threads::join));
        done
    });
    done.sort_unstable_by_key(|(index, _)| *index);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::XxHash3;

    #[test]
    fn missing_files_and_directories_are_clear_errors() {
        let dir = tempfile::tempdir().unwrap();
        let err = hash_file::<XxHash3>(dir.path().join("missing")).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotFound);
        let err = hash_file::<XxHash3>(dir.path().join("missing/dir/file")).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotFound);
        let err = hash_file::<XxHash3>(dir.path()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::IsADirectory);
        assert_eq!(err.to_string(), "Is a directory");
    }
}
