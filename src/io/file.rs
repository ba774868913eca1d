//! One file read by one thread, by path or open `File`, with a [`FileSnapshot`] taken around
//! the reads; and many files in parallel, a thread to a file.
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
use crate::DynHasher;

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

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
    fn a_file_is_read_into_buffers_at_the_page_offset() {
        use crate::io::read_buffer::{Offsets, PAGE_OFFSET};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, vec![1u8; 3 * LARGE_READ_LEN + 5]).unwrap();
        let mut offsets = Offsets::default();
        let read = append_file(&mut Appender(&mut offsets), &path).unwrap();
        assert_eq!(read, 3 * LARGE_READ_LEN as u64 + 5);
        assert_eq!(offsets.0, [PAGE_OFFSET; 4]);
    }
}
