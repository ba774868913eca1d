//! One large file hashed in order while several threads read it: the way to hash a big file
//! with an algorithm that cannot be split (XXH3, XXH64, XXH32), or any other.
//!
//! Hashing a cached file is bound by the copy out of the page cache, not by the hash. Each
//! thread reads its own chunks (the thread `t` of `n` reads chunks `t`, `t + n`, ...) by
//! position into a buffer of its own, then waits for its turn and appends the chunk to the
//! hasher while it is still in its cache; the next thread is reading meanwhile. The hasher
//! sees the chunks in order, so the hash is the sequential one.

use std::fs::File;
use std::io::{self, Seek, SeekFrom};
use std::sync::{Condvar, Mutex, PoisonError};

use super::copy::Appender;
use super::file::{read_between, snapshot_of_contents};
use super::range::read_at;
use super::threads;
use crate::DynHasher;

/// Bytes each thread reads before its turn to hash them: small enough to stay in the thread's
/// cache, large enough that a turn costs little beside the copy (BENCHMARKS.md).
const CHUNK_LEN: usize = 1 << 20;

/// Files shorter than this are read by the calling thread alone: threads cost more than they
/// save.
const MIN_PARALLEL_READ_LEN: u64 = 16 << 20;

/// Where the hash stands: the hasher, the next chunk to append to it, or why it stopped.
struct Turn<'a, H: ?Sized> {
    hasher: &'a mut H,
    next: u64,
    hashed: u64,
    /// A chunk came up short: the file ended there, and no later chunk is hashed.
    ended: bool,
    error: Option<io::Error>,
}

/// Appends the file from its handle's position to its end to `hasher`, read on `threads`
/// threads (0: one per CPU) while the hash goes on in order, and leaves the handle at the end.
/// Checks the file as [`append_open_file`](crate::HasherExt::append_open_file) does.
pub(crate) fn append_open_file_parallel<H: DynHasher + Send + ?Sized>(
    hasher: &mut H,
    file: &File,
    threads: usize,
) -> io::Result<u64> {
    let before = snapshot_of_contents(file)?;
    // Without positional reads (neither Unix nor Windows), threads would share one position.
    let positional = cfg!(any(unix, windows));
    if !positional || !before.is_file() || before.len() < MIN_PARALLEL_READ_LEN || threads == 1 {
        return read_between(&mut Appender(hasher), file, &before, &mut &*file);
    }
    let start = (&*file).stream_position()?;
    let len = before.len().saturating_sub(start);
    let chunks = len.div_ceil(CHUNK_LEN as u64);
    let threads = threads::thread_count(threads, chunks);
    let turn = Mutex::new(Turn {
        hasher,
        next: 0,
        hashed: 0,
        ended: false,
        error: None,
    });
    let turned = Condvar::new();
    let stop = |error: io::Error| {
        let mut state = turn.lock().unwrap_or_else(PoisonError::into_inner);
        state.error.get_or_insert(error);
        drop(state);
        turned.notify_all();
    };
    let work = |first: u64| {
        // A panic here (in the hasher) must not leave the others waiting for this turn.
        let panicked = OnPanic(|| stop(io::Error::other("a reading thread panicked")));
        let mut buf = vec![0; CHUNK_LEN];
        for chunk in (first..chunks).step_by(threads) {
            let offset = start + chunk * CHUNK_LEN as u64;
            let want = (start + len - offset).min(CHUNK_LEN as u64) as usize;
            let read = read_full(file, &mut buf[..want], offset);
            let mut state = turn.lock().unwrap_or_else(PoisonError::into_inner);
            while state.next != chunk && state.error.is_none() && !state.ended {
                state = turned.wait(state).unwrap_or_else(PoisonError::into_inner);
            }
            if state.error.is_some() || state.ended {
                break;
            }
            match read {
                Ok(read) => {
                    state.hasher.append(&buf[..read]);
                    state.hashed += read as u64;
                    state.ended = read < want;
                    state.next += 1;
                }
                Err(e) => state.error = Some(e),
            }
            drop(state);
            turned.notify_all();
        }
        std::mem::forget(panicked);
    };
    std::thread::scope(|scope| {
        let work = &work;
        let workers: Vec<_> = (1..threads as u64)
            .map(|first| threads::spawn(scope, move || work(first)))
            .collect();
        // A thread the system refused would leave its chunks unread: stop before waiting.
        for worker in &workers {
            if let Err(e) = worker {
                stop(io::Error::new(e.kind(), e.to_string()));
            }
        }
        work(0);
        workers.into_iter().flatten().for_each(threads::join);
    });
    let Turn {
        hasher,
        hashed,
        error,
        ..
    } = turn.into_inner().unwrap_or_else(PoisonError::into_inner);
    if let Some(e) = error {
        return Err(e);
    }
    // Past the size the file gave, what it holds beyond it (a size that lies short), then
    // the check that it did not change.
    (&*file).seek(SeekFrom::Start(start + hashed))?;
    let beyond = io::copy(&mut &*file, &mut Appender(hasher))?;
    before.check(file)?;
    Ok(hashed + beyond)
}

/// Runs its function when dropped while the thread panics (forgotten otherwise).
struct OnPanic<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnPanic<F> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            (self.0)();
        }
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
