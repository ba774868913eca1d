//! One large file, or a large range of one, hashed in order while other threads read it: the
//! engine's way for anything of [`MIN_PARALLEL_READ_LEN`] bytes or more, whatever the algorithm.
//!
//! A cached file costs a copy out of the page cache and a hash; either can bound it (the copy
//! for XXH3 and the CRCs, the hash for XXH64 and XXH32). Reader threads copy chunks by position
//! into a ring of buffers, as far ahead as the ring allows, while the calling thread hashes them
//! in order, and reads the next free chunk itself whenever the one it needs is not ready. So the
//! copies spread over the cores, and a slow hash never waits for a copy once the ring is full.
//! The hasher sees the chunks in order: the hash is the sequential one.
//!
//! Why this design on every CPU measured (benches/results/amd-epyc-zen4.md, "One big file: the
//! copy and the ways to read it", and the same in each CPU's record; `benches/bigfile.sh`
//! measures it anew):
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
use std::io;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use super::observer::ReadObserver;
use crate::io::os::{self, ReadBuffer};
use crate::io::threads;
use crate::DynHasher;

/// Bytes a reader copies at a time into one buffer of the ring: long enough that a system
/// call's cost is small beside its copy, short enough that the ring is cheap to set up and its
/// buffers stay in a core's L2 cache (benches/results/amd-epyc-zen4-notes.md, "The ring's
/// chunk and where it starts").
const CHUNK_LEN: usize = 256 << 10;

/// Buffers in the ring per reader: how far the readers may run ahead of the hash.
const SLOTS_PER_READER: usize = 4;

/// At most this many buffers, however many readers a large machine runs.
const MAX_SLOTS: usize = 32;

/// At most this many readers, however many are asked for: each needs a buffer to read into,
/// so more would only wait (and thousands of threads cost seconds to start).
pub(super) const MAX_READERS: usize = MAX_SLOTS;

/// Reads shorter than this are the calling thread's alone: threads and buffers cost more than
/// they save (benches/results/amd-epyc-zen4-notes.md, "The ring's chunk and where it starts").
pub(super) const MIN_PARALLEL_READ_LEN: u64 = 64 << 20;

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

/// Appends bytes `start..start + len` of `file` to `hasher`, read by position on `readers`
/// threads (this one among them) while this thread hashes them in order; returns how many
/// were hashed, fewer than `len` only where the file ended first. `observer` runs on this
/// thread: its check before each chunk, whose error stops the readers and is returned, its
/// progress after each, and it hears of a reader the system refused.
pub(super) fn read<H: DynHasher + ?Sized>(
    hasher: &mut H,
    file: &File,
    (start, len): (u64, u64),
    readers: usize,
    observer: &mut dyn ReadObserver,
) -> io::Result<u64> {
    let chunks = chunks(len);
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
        let result = os::read_full(file, &mut buffer[..chunk_len(chunk)], offset);
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
            observer.progress(got as u64);
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
    Ok(hashed)
}

/// How many chunks `len` bytes take.
pub(super) fn chunks(len: u64) -> u64 {
    len.div_ceil(CHUNK_LEN as u64)
}

/// Runs its function when dropped, however the scope ends.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}
