//! One file hashed in order while other threads read it: how the library reads any one file
//! ([`hash_file`], `append_file`), whatever the algorithm.
//!
//! A cached file costs a copy out of the page cache and a hash; either can bound it (the copy
//! for XXH3 and the CRCs, the hash for XXH64 and XXH32). Reader threads copy chunks by position
//! into a ring of buffers, as far ahead as the ring allows, while the calling thread hashes them
//! in order, and reads the next free chunk itself whenever the one it needs is not ready. So the
//! copies spread over the cores, and a slow hash never waits for a copy once the ring is full.
//! The hasher sees the chunks in order: the hash is the sequential one.
//!
//! Why this design on every CPU measured (BENCHMARKS.md, "One big file" in each CPU's part;
//! `benches/bigfile.sh` measures it anew):
//! - The copy is the kernel's, and its speed depends on where the buffer sits in its page. The
//!   ring's buffers come from [`ReadBuffer`], placed where every CPU measured copies fast.
//! - So placed, two threads copy in about half the time of one, on every CPU measured, and
//!   the hash in order keeps up with them for XXH3 and the CRCs.
//! - A memory map with threads making its pages present ahead copies nothing, but faulting
//!   the pages in measured no faster than the two copies, and a file truncated while mapped
//!   kills the reader with `SIGBUS` unless a process-wide signal handler catches it, which a
//!   library must not install.
//! - Below [`MIN_PARALLEL_READ_LEN`] the threads and buffers cost more than they save, so the
//!   calling thread reads alone: the ring is never slower than one thread.

use std::fs::File;
use std::io::{self, Seek, SeekFrom};
use std::path::Path;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use super::copy::{Appender, Checked};
use super::file::{read_between, snapshot_of_contents};
use super::observer::{ReadObserver, Unwatched};
use super::range::read_at;
use super::read_buffer::ReadBuffer;
use super::threads;
use crate::{DynHasher, NonCryptographicHasher};

/// Bytes a reader copies at a time into one buffer of the ring: long enough that a system
/// call's cost is small beside its copy, short enough that the ring is cheap to set up and its
/// buffers stay in a core's L2 cache (BENCHMARKS.md, "The ring's chunk and where it starts").
const CHUNK_LEN: usize = 256 << 10;

/// Buffers in the ring per reader: how far the readers may run ahead of the hash.
const SLOTS_PER_READER: usize = 4;

/// At most this many buffers, however many readers a large machine runs.
const MAX_SLOTS: usize = 32;

/// Files shorter than this are read by the calling thread alone: threads and buffers cost more
/// than they save (BENCHMARKS.md, "The ring's chunk and where it starts").
const MIN_PARALLEL_READ_LEN: u64 = 64 << 20;

/// What the readers and the hasher share, under one lock.
struct State {
    /// The next chunk a reader takes.
    next_to_read: u64,
    /// Chunks hashed: chunk `c` may be read into its slot once `c < hashed + slots`.
    hashed: u64,
    /// For each slot, the chunk it holds, read, and its length.
    ready: Vec<Option<(u64, usize)>>,
    /// No more reading: the hash is over, a chunk came up short, or an error.
    stop: bool,
    error: Option<io::Error>,
    /// Whether the hasher waits on `filled`, and how many readers on `emptied`: a condition
    /// variable's signal is a system call even when nobody waits, two for each chunk.
    hasher_waits: bool,
    readers_waiting: usize,
}

struct Ring {
    state: Mutex<State>,
    /// Signalled when a chunk is read (the hasher waits on it).
    filled: Condvar,
    /// Signalled when a chunk is hashed, or the reading stops (readers wait on it).
    emptied: Condvar,
    buffers: Vec<Mutex<ReadBuffer>>,
}

impl Ring {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stops the reading, waking everyone; with an error, the hash fails with it (the first
    /// one kept).
    fn stop(&self, error: Option<io::Error>) {
        let mut state = self.lock();
        if let Some(error) = error {
            state.error.get_or_insert(error);
        }
        state.stop = true;
        drop(state);
        self.filled.notify_all();
        self.emptied.notify_all();
    }
}

/// Appends the file from its handle's position to its end to `hasher`, read on `threads`
/// threads (0: one per CPU) while this thread hashes, and leaves the handle at the end. Checks
/// the file as [`append_open_file`](crate::HasherExt::append_open_file) does. `observer` runs on
/// this thread: its check before each read or chunk hashed, whose error stops the readers and
/// is returned, and it hears of a reader the system refused.
pub(crate) fn append_open_file_parallel<H: DynHasher + ?Sized>(
    hasher: &mut H,
    file: &File,
    threads: usize,
    observer: &mut dyn ReadObserver,
) -> io::Result<u64> {
    let before = snapshot_of_contents(file)?;
    // Without positional reads (neither Unix nor Windows), threads would share one position.
    let positional = cfg!(any(unix, windows));
    let (start, len) = if positional && before.is_file() && threads != 1 {
        let start = (&*file).stream_position()?;
        (start, before.len().saturating_sub(start))
    } else {
        (0, 0)
    };
    let chunks = len.div_ceil(CHUNK_LEN as u64);
    let readers = threads::thread_count(threads, chunks);
    // Anything but a regular file, and a short one or a short rest of one: this thread alone.
    if len < MIN_PARALLEL_READ_LEN || readers == 1 {
        let mut reader = Checked {
            reader: &mut &*file,
            observer,
        };
        return read_between(&mut Appender(hasher), file, &before, &mut reader);
    }
    let slots = (readers * SLOTS_PER_READER).min(MAX_SLOTS);
    let ring = Ring {
        state: Mutex::new(State {
            next_to_read: 0,
            hashed: 0,
            ready: vec![None; slots],
            stop: false,
            error: None,
            hasher_waits: false,
            readers_waiting: 0,
        }),
        filled: Condvar::new(),
        emptied: Condvar::new(),
        buffers: (0..slots)
            .map(|_| ReadBuffer::new(CHUNK_LEN).map(Mutex::new))
            .collect::<io::Result<_>>()?,
    };
    let chunk_len = |chunk: u64| (len - chunk * CHUNK_LEN as u64).min(CHUNK_LEN as u64) as usize;
    // Reads `chunk` into its slot, which is free, and marks it ready.
    let fill = |chunk: u64| {
        let slot = (chunk % slots as u64) as usize;
        let mut buffer = ring.buffers[slot]
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let offset = start + chunk * CHUNK_LEN as u64;
        let result = read_full(file, &mut buffer[..chunk_len(chunk)], offset);
        drop(buffer);
        match result {
            Ok(got) => {
                let mut state = ring.lock();
                state.ready[slot] = Some((chunk, got));
                let wake = state.hasher_waits;
                drop(state);
                if wake {
                    ring.filled.notify_one();
                }
            }
            Err(e) => ring.stop(Some(e)),
        }
    };
    let read = || {
        let _panicked = OnDrop(|| {
            if std::thread::panicking() {
                ring.stop(Some(io::Error::other("a reading thread panicked")));
            }
        });
        loop {
            let mut state = ring.lock();
            let chunk = state.next_to_read;
            if state.stop || chunk >= chunks {
                return;
            }
            state.next_to_read += 1;
            while chunk >= state.hashed + slots as u64 && !state.stop {
                state.readers_waiting += 1;
                state = ring
                    .emptied
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
                state.readers_waiting -= 1;
            }
            if state.stop {
                return;
            }
            drop(state);
            fill(chunk);
        }
    };
    let hashed = std::thread::scope(|scope| {
        // This thread reads too, when the next chunk is not ready and a slot is free, so a
        // thread the system refuses leaves its share to the others and to this one. The next
        // would most likely be refused too.
        let mut started = 1;
        while started < readers {
            match threads::spawn(scope, read) {
                Ok(_) => started += 1,
                Err(e) => {
                    observer.thread_refused(readers, started, &e);
                    break;
                }
            }
        }
        // However the hash ends (done, an error, a panic of the hasher), the readers stop.
        let _stop = OnDrop(|| ring.stop(None));
        let mut hashed = 0u64;
        for chunk in 0..chunks {
            if let Err(e) = observer.check() {
                ring.stop(Some(e));
                return hashed;
            }
            let slot = (chunk % slots as u64) as usize;
            let mut state = ring.lock();
            let got = loop {
                match state.ready[slot] {
                    Some((held, got)) if held == chunk => break got,
                    _ if state.stop => return hashed,
                    _ if state.next_to_read < (state.hashed + slots as u64).min(chunks) => {
                        let mine = state.next_to_read;
                        state.next_to_read += 1;
                        drop(state);
                        fill(mine);
                        state = ring.lock();
                    }
                    _ => {
                        state.hasher_waits = true;
                        state = ring
                            .filled
                            .wait(state)
                            .unwrap_or_else(PoisonError::into_inner);
                        state.hasher_waits = false;
                    }
                }
            };
            state.ready[slot] = None;
            drop(state);
            let buffer = ring.buffers[slot]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            hasher.append(&buffer[..got]);
            drop(buffer);
            hashed += got as u64;
            // A short chunk: the file ended there; later ones, if any were read, are not hashed.
            let ended = got < chunk_len(chunk);
            let mut state = ring.lock();
            state.hashed = chunk + 1;
            state.stop |= ended;
            let wake = state.readers_waiting > 0 || ended;
            drop(state);
            if wake {
                ring.emptied.notify_all();
            }
            if ended {
                break;
            }
        }
        hashed
    });
    if let Some(e) = ring
        .state
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
        .error
    {
        return Err(e);
    }
    // Past the size the file gave, what it holds beyond it (a size that lies short), then
    // the check that it did not change.
    (&*file).seek(SeekFrom::Start(start + hashed))?;
    let mut rest = Checked {
        reader: &mut &*file,
        observer,
    };
    let beyond = io::copy(&mut rest, &mut Appender(hasher))?;
    before.check(file)?;
    Ok(hashed + beyond)
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
    append_open_file_parallel(&mut hasher, file, 0, &mut Unwatched)?;
    Ok(hasher.current_hash())
}

/// Runs its function when dropped, however the scope ends.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

/// Fills `buf` from `offset`, short only at the end of the file.
fn read_full(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match read_at(file, &mut buf[filled..], offset + filled as u64) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::read_buffer::{Offsets, PAGE_OFFSET};
    use crate::XxHash3;
    use std::io::ErrorKind;

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
    fn every_chunk_is_read_into_a_buffer_at_the_page_offset() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big");
        let len = MIN_PARALLEL_READ_LEN as usize + CHUNK_LEN / 2;
        std::fs::write(&path, vec![7u8; len]).unwrap();
        for threads in [1, 2, 3] {
            let mut offsets = Offsets::default();
            let file = File::open(&path).unwrap();
            let read =
                append_open_file_parallel(&mut offsets, &file, threads, &mut Unwatched).unwrap();
            assert_eq!(read, len as u64);
            assert!(
                offsets.0.iter().all(|&at| at == PAGE_OFFSET),
                "{threads} threads"
            );
        }
    }

    /// A check that fails stops the hash at once, on one thread or several, with its error;
    /// one that passes is asked at least once a chunk and changes nothing.
    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
    fn a_failing_check_stops_the_hash_and_a_passing_one_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big");
        let data: Vec<u8> = (0..MIN_PARALLEL_READ_LEN as usize + CHUNK_LEN / 2)
            .map(|i| (i % 251) as u8)
            .collect();
        std::fs::write(&path, &data).unwrap();
        let chunks = data.len().div_ceil(CHUNK_LEN);
        for threads in [1, 2, 3] {
            let file = File::open(&path).unwrap();
            let (mut hasher, mut calls) = (XxHash3::new(), 0);
            append_open_file_parallel(&mut hasher, &file, threads, &mut || {
                calls += 1;
                Ok(())
            })
            .unwrap();
            assert_eq!(hasher.current_hash(), XxHash3::hash(&data), "{threads}");
            assert!(calls >= chunks, "{threads} threads: {calls} checks");

            let file = File::open(&path).unwrap();
            let mut calls = 0;
            let err = append_open_file_parallel(&mut XxHash3::new(), &file, threads, &mut || {
                calls += 1;
                match calls {
                    5 => Err(io::Error::other("stop")),
                    _ => Ok(()),
                }
            })
            .unwrap_err();
            assert_eq!(err.to_string(), "stop", "{threads} threads");
            assert_eq!(calls, 5, "{threads} threads");
        }
    }

    /// Refused threads leave their chunks to the calling thread: the same hash, and the
    /// observer hears once how many threads were asked for and how many read.
    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
    fn a_refused_thread_is_reported_and_changes_nothing() {
        #[derive(Default)]
        struct Refusals(Vec<(usize, usize, ErrorKind)>);
        impl ReadObserver for Refusals {
            fn thread_refused(&mut self, asked: usize, started: usize, error: &io::Error) {
                self.0.push((asked, started, error.kind()));
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big");
        let data: Vec<u8> = (0..MIN_PARALLEL_READ_LEN as usize + CHUNK_LEN / 2)
            .map(|i| (i % 253) as u8)
            .collect();
        std::fs::write(&path, &data).unwrap();
        for (refuse, threads, heard) in [
            (true, 3, vec![(3, 1, ErrorKind::WouldBlock)]),
            (true, 1, vec![]),
            (false, 3, vec![]),
        ] {
            threads::tests::REFUSE.set(refuse);
            let (mut hasher, mut refusals) = (XxHash3::new(), Refusals::default());
            let file = File::open(&path).unwrap();
            let read = append_open_file_parallel(&mut hasher, &file, threads, &mut refusals);
            threads::tests::REFUSE.set(false);
            assert_eq!(read.unwrap(), data.len() as u64);
            assert_eq!(hasher.current_hash(), XxHash3::hash(&data));
            assert_eq!(refusals.0, heard, "refused: {refuse}, {threads} threads");
        }
    }

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
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
