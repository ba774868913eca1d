//! Work on a stream of items in parallel, results handed back in input order as soon as each is
//! next, with a bounded number of items in flight.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Mutex, Once};

use iohash::ReadObserver;

/// Items handed to a worker at a time: fewer channel round trips when the items are many and
/// small (a checksum list of tiny files).
const BATCH: usize = 16;

/// Batches taken from the input but not yet emitted, per thread: what bounds memory when one
/// slow item holds back the output of many fast ones after it.
const BATCHES_IN_FLIGHT_PER_THREAD: usize = 4;

/// The number of threads for `items` inputs, `-j` being `requested` (`None` or 0: one per
/// CPU, as `std::thread::available_parallelism` counts them); never more than there are
/// inputs, at least one. The CPUs are only counted when there are two inputs or more and no
/// number was asked for. Every parallel path of the command takes its count from here. (The
/// library's own parallel paths follow the same rule in `src/io/threads.rs`, which is not
/// public: how many threads a program runs is the program's choice, not a hashing matter.)
pub fn threads_for(requested: Option<usize>, items: usize) -> usize {
    match (items, requested.filter(|&n| n > 0)) {
        (0 | 1, _) | (_, Some(1)) => 1,
        (items, None) => {
            std::thread::available_parallelism().map_or(1, |cpus| cpus.get().min(items))
        }
        (items, Some(requested)) => requested.min(items),
    }
}

/// Runs `work` on every item of `items` on `threads` threads and calls `emit` with each item and
/// its result in input order, as soon as all before it are out. When `emit` returns `false`
/// (standard output failed), no more items are read, nor emitted: only those already taken by
/// a thread are worked on.
///
/// `items` is read lazily, by one thread, in batches of 16, and at most `threads × 4` batches
/// are between being read and being emitted, so a stream of millions of items (a checksum
/// list) takes constant memory. With one thread everything runs on the calling thread: nothing
/// is spawned.
///
/// A thread the system refuses (too many, no memory for its stack under `ulimit -v`) is not
/// an abort: the work goes on with the workers that started, or on the calling thread alone
/// when none did or the reader did not, with one warning on stderr ([`warn_refused_thread`]).
pub fn for_each_ordered<I, T, R>(
    items: I,
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(T, R) -> bool,
) where
    I: Iterator<Item = T> + Send,
    T: Send,
    R: Send,
{
    if threads <= 1 {
        one_by_one(items, &work, &mut emit);
        return;
    }
    let stopped = AtomicBool::new(false);
    let limit = threads * BATCHES_IN_FLIGHT_PER_THREAD;
    // Permits: the reader takes one per batch, the emitter gives it back once the batch is out.
    let (permit_back, permits) = mpsc::sync_channel::<()>(limit);
    for _ in 0..limit {
        let _ = permit_back.send(());
    }
    let (to_workers, from_reader) = mpsc::sync_channel::<(usize, Vec<T>)>(limit);
    let from_reader = Mutex::new(from_reader);
    let (to_emitter, results) = mpsc::channel::<(usize, Vec<(T, R)>)>();
    // The items go to the reader only once it runs: a reader the system refuses leaves them
    // here, for this thread to work on alone.
    let (hand_over, handed) = mpsc::sync_channel::<I>(1);
    std::thread::scope(|scope| {
        let stopped = &stopped;
        let reader = move || {
            let Ok(items) = handed.recv() else { return };
            let mut items = items.fuse();
            for index in 0.. {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                let batch: Vec<T> = items.by_ref().take(BATCH).collect();
                if batch.is_empty()
                    || permits.recv().is_err()
                    || to_workers.send((index, batch)).is_err()
                {
                    break;
                }
            }
        };
        // Room for the work's allocations while threads are started (`crate::headroom`);
        // then the reader first: with it, any one worker makes the work parallel.
        let mut refused = None;
        let headroom = crate::headroom::hold().unwrap_or_else(|e| {
            refused = Some(e);
            None
        });
        if refused.is_none() {
            refused = std::thread::Builder::new()
                .spawn_scoped(scope, reader)
                .err();
        }
        let mut workers = 0;
        while workers < threads && refused.is_none() {
            let (from_reader, to_emitter, work) = (&from_reader, to_emitter.clone(), &work);
            let worker = std::thread::Builder::new().spawn_scoped(scope, move || loop {
                let next = from_reader.lock().map(|r| r.recv());
                let Ok(Ok((index, batch))) = next else { break };
                let done = batch
                    .into_iter()
                    .map(|item| {
                        let result = work(&item);
                        (item, result)
                    })
                    .collect();
                if to_emitter.send((index, done)).is_err() {
                    break;
                }
            });
            match worker {
                Ok(_) => workers += 1,
                // The next would most likely be refused too.
                Err(e) => refused = Some(e),
            }
        }
        drop(headroom);
        drop(to_emitter);
        if let Some(e) = &refused {
            warn_refused_thread(threads, workers.max(1), e);
        }
        // Without the reader or a worker, this thread does it all (and the reader, if it
        // runs, ends when the items it waits for never come).
        if workers == 0 {
            drop(hand_over);
            one_by_one(items, &work, &mut emit);
            return;
        }
        let _ = hand_over.send(items);
        let mut early = BTreeMap::new();
        let mut due = 0;
        'results: for (index, batch) in results {
            early.insert(index, batch);
            while let Some(batch) = early.remove(&due) {
                for (item, result) in batch {
                    if !emit(item, result) {
                        // The reader stops at its next batch; the workers when their channel
                        // to here closes, as `results` is dropped on the way out.
                        stopped.store(true, Ordering::Relaxed);
                        break 'results;
                    }
                }
                let _ = permit_back.send(());
                due += 1;
            }
        }
        drop(permit_back);
    });
}

/// Every item worked on and emitted in turn on the calling thread, until `emit` says stop.
fn one_by_one<T, R>(
    items: impl Iterator<Item = T>,
    work: &impl Fn(&T) -> R,
    emit: &mut impl FnMut(T, R) -> bool,
) {
    for item in items {
        let result = work(&item);
        if !emit(item, result) {
            return;
        }
    }
}

/// Watches the library read one large file on several threads, to warn as
/// [`warn_refused_thread`] does when the system refuses one of them.
pub struct WarnOfRefusedThreads;

impl ReadObserver for WarnOfRefusedThreads {
    fn thread_refused(&mut self, asked: usize, started: usize, error: &io::Error) {
        warn_refused_thread(asked, started, error);
    }
}

/// Says on stderr that the system refused a thread and that the work goes on with `working`
/// of the `asked` threads: slower, but the same output. Said once a run, however many pools
/// come short, so a long list of directories gives one line, not one each.
pub fn warn_refused_thread(asked: usize, working: usize, error: &io::Error) {
    static SAID: Once = Once::new();
    SAID.call_once(|| {
        let program = std::env::args_os()
            .next()
            .and_then(|argv0| {
                let name = Path::new(&argv0)
                    .file_name()?
                    .to_string_lossy()
                    .into_owned();
                Some(name)
            })
            .unwrap_or_else(|| "iohash".to_owned());
        let threads = if working == 1 { "thread" } else { "threads" };
        eprintln!(
            "{program}: warning: the system refused a thread ({}); going on with {working} \
             {threads} of the {asked} asked for",
            crate::input::describe(error)
        );
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_out_in_input_order() {
        let items: Vec<u64> = (0..2000).collect();
        let mut seen = Vec::new();
        for_each_ordered(
            items.iter().copied(),
            4,
            |&i| {
                // Later items finish first.
                std::thread::sleep(std::time::Duration::from_micros(2000 - i));
                i * 2
            },
            |i, r| {
                seen.push((i, r));
                true
            },
        );
        assert_eq!(seen, items.iter().map(|&i| (i, i * 2)).collect::<Vec<_>>());
    }

    #[test]
    fn one_thread_runs_on_the_calling_thread() {
        let caller = std::thread::current().id();
        let mut seen = Vec::new();
        for_each_ordered(
            [1, 2, 3].into_iter(),
            1,
            |&i| (i, std::thread::current().id()),
            |_, r| {
                seen.push(r);
                true
            },
        );
        assert!(seen.iter().all(|&(_, id)| id == caller));
        assert_eq!(seen.len(), 3);
        assert_eq!(threads_for(None, 1), 1);
        assert_eq!(threads_for(Some(8), 3), 3);
        assert_eq!(threads_for(Some(2), 100), 2);
        assert_eq!(threads_for(Some(0), 1), 1);
        assert!(threads_for(None, 100) >= 1);
    }

    #[test]
    fn items_are_read_only_as_fast_as_they_are_emitted() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let read = AtomicUsize::new(0);
        let items = (0..10_000).inspect(|_| {
            read.fetch_add(1, Ordering::Relaxed);
        });
        let mut emitted = 0;
        let mut most_ahead = 0;
        for_each_ordered(
            items,
            2,
            |&i| i,
            |_, _| {
                emitted += 1;
                most_ahead = most_ahead.max(read.load(Ordering::Relaxed) - emitted);
                true
            },
        );
        assert_eq!(emitted, 10_000);
        assert!(
            most_ahead <= (2 * BATCHES_IN_FLIGHT_PER_THREAD + 1) * BATCH,
            "{most_ahead}"
        );
    }
}
