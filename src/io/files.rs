//! Many files hashed in parallel, the results handed back in input order as each is next: one
//! engine for lists, trees and checksum lines, with memory bounded however long the list.

use std::collections::BTreeMap;
use std::io;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use super::read::observer::ReadObserver;
use super::read::FileRead;
use super::threads;

/// Items a worker takes at a time: fewer trips through the lock when the items are many and
/// small (a checksum list of tiny files).
const BATCH: usize = 16;

/// Batches taken from the input but not yet handed back, per thread: what bounds memory when
/// one slow file holds back the results of many fast ones after it.
const BATCHES_IN_FLIGHT_PER_THREAD: usize = 4;

/// How long the calling thread waits for a result before it runs the observer's check again:
/// Ctrl-C stops a run within this.
const CHECK_INTERVAL: Duration = Duration::from_millis(100);

/// Room held aside while threads are started. Under a limit on the address space (`ulimit -v`)
/// each thread takes its stack from it until the system refuses the next; started up to that
/// edge, the threads would leave nothing for the buffers their work needs, and the first
/// allocation to fail would abort the program. Reserved, never touched: no page is used.
const HEADROOM: usize = 16 << 20;

/// What [`hash_files`] gives the work on one file: the threads its read may take (all asked
/// for when it is the only file, one when files are read side by side) and the observer that
/// passes the run's check and progress on.
pub struct FileJob<'a> {
    threads: usize,
    observer: &'a mut dyn ReadObserver,
}

impl FileJob<'_> {
    /// `read` with this file's threads and observer: what the work on one file runs.
    pub fn read<'b>(&'b mut self, read: FileRead<'b>) -> FileRead<'b> {
        read.threads(self.threads).observer(self.observer)
    }

    /// The threads this file's read may take: for work that reads it some other way.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The observer this file's reads report to, on the thread that runs the work: for work
    /// that reads it some other way (a FIFO, in waits with checks between them).
    pub fn observer(&mut self) -> &mut dyn ReadObserver {
        &mut *self.observer
    }
}

/// Hashes many files in parallel: `hash` runs on `threads` threads (0: one per CPU) for each
/// of `items`, and `done` gets each item and its result on the calling thread, in the order of
/// `items`, as soon as all before it are done. `done` returning `Break` ends the run.
///
/// An item is anything that names a file (a path, a checksum line, a program's own job);
/// `hash` reads it through [`FileJob::read`], so every file goes through the one engine
/// ([`FileRead`]). `items` is read as it is needed, at most `threads × 64` items ahead of
/// `done`, so a list of millions of paths takes constant memory. One item alone is read on
/// the calling thread, on `threads` threads as [`FileRead`] reads one large file.
///
/// `observer` runs on the calling thread: its check at least every 100 ms and between results
/// (an error stops the run and is returned), its progress with the bytes the threads hashed,
/// and it hears once of a thread the system refused; the run goes on with the threads that
/// started, and the calling thread alone when none did. The threads are scoped: none outlives
/// the call.
///
/// ```
/// use iohash::{hash_files, FileRead, NonCryptographicHasher, XxHash3};
/// use std::ops::ControlFlow;
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # std::fs::write(dir.path().join("a"), b"a")?;
/// # std::fs::write(dir.path().join("b"), b"b")?;
/// let paths = [dir.path().join("a"), dir.path().join("missing"), dir.path().join("b")];
/// let mut lines = Vec::new();
/// hash_files(
///     &paths,
///     0,
///     &mut (),
///     |path, mut job| {
///         let mut hasher = XxHash3::new();
///         job.read(FileRead::path(path)).append_to(&mut hasher)?;
///         Ok::<_, std::io::Error>(hasher.current_hash())
///     },
///     |path, hash| {
///         lines.push(match hash {
///             Ok(hash) => format!("{hash:016x}  {}", path.display()),
///             Err(e) => format!("{}: {e}", path.display()),
///         });
///         ControlFlow::Continue(())
///     },
/// )?;
/// assert!(lines[0].starts_with(&format!("{:016x}", XxHash3::hash(b"a"))));
/// assert!(lines[1].ends_with("No such file or directory (os error 2)"));
/// assert_eq!(lines.len(), 3);
/// # Ok(())
/// # }
/// ```
///
/// # Errors
/// The first error of the observer's check; the files' own errors go to `done`.
pub fn hash_files<I, R, W, D>(
    items: I,
    threads: usize,
    observer: &mut dyn ReadObserver,
    hash: W,
    mut done: D,
) -> io::Result<()>
where
    I: IntoIterator,
    I::IntoIter: Send,
    I::Item: Send,
    R: Send,
    W: Fn(&I::Item, FileJob<'_>) -> R + Sync,
    D: FnMut(I::Item, R) -> ControlFlow<()>,
{
    let mut items = items.into_iter().fuse();
    let head: Vec<_> = items.by_ref().take(2).collect();
    let more = items.size_hint().1.map_or(u64::MAX, |n| n as u64);
    let alone = head.len() < 2;
    let items = head.into_iter().chain(items);
    if alone {
        return one_by_one(items, threads, observer, &hash, &mut done);
    }
    match threads::thread_count(threads, more.saturating_add(2)) {
        1 => one_by_one(items, 1, observer, &hash, &mut done),
        threads => in_parallel(items, threads, observer, &hash, &mut done),
    }
}

/// Every item on the calling thread, in turn, each read on `threads` threads.
fn one_by_one<T, R>(
    items: impl Iterator<Item = T>,
    threads: usize,
    observer: &mut dyn ReadObserver,
    hash: &impl Fn(&T, FileJob<'_>) -> R,
    done: &mut impl FnMut(T, R) -> ControlFlow<()>,
) -> io::Result<()> {
    for item in items {
        observer.check()?;
        let job = FileJob {
            threads,
            observer: &mut *observer,
        };
        let result = hash(&item, job);
        if done(item, result).is_break() {
            break;
        }
    }
    Ok(())
}

/// What the workers and the calling thread share.
struct Feed<I> {
    /// The items not yet taken, and the number of the next batch.
    items: Mutex<(I, usize, usize)>,
    /// Signalled when a batch is handed back, or the run stops.
    room: Condvar,
    /// Set when the run ends early: workers take no more items.
    stop: AtomicBool,
    /// Bytes hashed by the workers and not yet told to the observer.
    progress: AtomicU64,
}

impl<I> Feed<I> {
    fn lock(&self) -> MutexGuard<'_, (I, usize, usize)> {
        self.items.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn stop(&self) {
        let guard = self.lock();
        self.stop.store(true, Ordering::Relaxed);
        drop(guard);
        self.room.notify_all();
    }
}

/// A worker's observer: stops when the run does, and passes progress to the calling thread.
struct Forward<'a, I>(&'a Feed<I>);

impl<I> ReadObserver for Forward<'_, I> {
    fn check(&mut self) -> io::Result<()> {
        match self.0.stop.load(Ordering::Relaxed) {
            true => Err(io::Error::other("the run of hash_files stopped")),
            false => Ok(()),
        }
    }

    fn progress(&mut self, bytes: u64) {
        self.0.progress.fetch_add(bytes, Ordering::Relaxed);
    }
}

/// The items on `threads` workers, handed back in order on the calling thread.
fn in_parallel<I, T, R>(
    items: I,
    threads: usize,
    observer: &mut dyn ReadObserver,
    hash: &(impl Fn(&T, FileJob<'_>) -> R + Sync),
    done: &mut impl FnMut(T, R) -> ControlFlow<()>,
) -> io::Result<()>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    R: Send,
{
    let limit = threads * BATCHES_IN_FLIGHT_PER_THREAD;
    let feed = Feed {
        items: Mutex::new((items, 0, 0)),
        room: Condvar::new(),
        stop: AtomicBool::new(false),
        progress: AtomicU64::new(0),
    };
    let (to_caller, results) = mpsc::channel::<(usize, Vec<(T, R)>)>();
    // Takes batches until the items end or the run stops; returns nothing, sends everything.
    let work = |to_caller: mpsc::Sender<(usize, Vec<(T, R)>)>| {
        let _panicked = OnPanic(|| feed.stop());
        loop {
            let mut guard = feed.lock();
            while guard.2 >= limit && !feed.stop.load(Ordering::Relaxed) {
                guard = feed
                    .room
                    .wait(guard)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            if feed.stop.load(Ordering::Relaxed) {
                return;
            }
            let batch: Vec<T> = guard.0.by_ref().take(BATCH).collect();
            if batch.is_empty() {
                return;
            }
            let index = guard.1;
            guard.1 += 1;
            guard.2 += 1;
            drop(guard);
            let mut hashed = Vec::with_capacity(batch.len());
            for item in batch {
                if feed.stop.load(Ordering::Relaxed) {
                    return;
                }
                let job = FileJob {
                    threads: 1,
                    observer: &mut Forward(&feed),
                };
                let result = hash(&item, job);
                hashed.push((item, result));
            }
            if to_caller.send((index, hashed)).is_err() {
                return;
            }
        }
    };
    std::thread::scope(|scope| {
        // Room for the work's allocations while its threads start.
        let mut room = Vec::<u8>::new();
        let mut refused = room
            .try_reserve_exact(HEADROOM)
            .err()
            .map(|_| io::Error::from(io::ErrorKind::OutOfMemory));
        std::hint::black_box(room.as_ptr());
        // No worker takes an item before all have started: one that ended early would free
        // its place for the next, and a limit on threads would go unseen, as would their count.
        let gate = feed.lock();
        let mut workers = 0;
        while workers < threads && refused.is_none() {
            let to_caller = to_caller.clone();
            match threads::spawn(scope, move || work(to_caller)) {
                Ok(_) => workers += 1,
                // The next would most likely be refused too.
                Err(e) => refused = Some(e),
            }
        }
        drop(gate);
        drop(room);
        drop(to_caller);
        if let Some(e) = &refused {
            observer.thread_refused(threads, workers.max(1), e);
        }
        if workers == 0 {
            // Without a worker, this thread does it all.
            let mut guard = feed.lock();
            let items = guard.0.by_ref();
            return one_by_one(items, 1, observer, hash, done);
        }
        let _stop = OnDrop(|| feed.stop());
        let mut early = BTreeMap::new();
        let mut due = 0;
        loop {
            let told = feed.progress.swap(0, Ordering::Relaxed);
            if told > 0 {
                observer.progress(told);
            }
            observer.check()?;
            match results.recv_timeout(CHECK_INTERVAL) {
                Ok((index, batch)) => {
                    early.insert(index, batch);
                }
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            }
            while let Some(batch) = early.remove(&due) {
                for (item, result) in batch {
                    if done(item, result).is_break() {
                        return Ok(());
                    }
                }
                due += 1;
                let mut guard = feed.lock();
                guard.2 -= 1;
                drop(guard);
                feed.room.notify_one();
            }
        }
    })
}

/// Runs its function when dropped, however the scope ends.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

/// Runs its function when dropped by a panic: a worker that panics stops the run, so no other
/// waits for a batch that will never come.
struct OnPanic<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnPanic<F> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            (self.0)();
        }
    }
}

#[cfg(test)]
mod tests;
