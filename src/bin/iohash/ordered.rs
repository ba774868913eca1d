//! Work on many items in parallel, results handed back in input order as soon as each is next.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Runs `work` on every item on `threads` threads (`None`: one per CPU) and calls `emit` with the
/// results in input order, each as soon as all before it are out. Memory is one result per item
/// that finished early (a hash, not a buffer), plus whatever `work` holds while it runs: with a
/// file hasher, threads × one read buffer, however large the files.
///
/// One item, or one thread, runs on the calling thread: no thread is spawned and the CPUs are
/// not counted, so hashing a single small file costs what the hash costs.
pub fn for_each_ordered<T, R>(
    items: &[T],
    threads: Option<usize>,
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(&T, R),
) where
    T: Sync,
    R: Send,
{
    let threads = match (items.len(), threads) {
        (0 | 1, _) | (_, Some(1)) => 1,
        (n, Some(threads)) => threads.min(n),
        (n, None) => std::thread::available_parallelism().map_or(1, |cpus| cpus.get().min(n)),
    };
    if threads == 1 {
        for item in items {
            emit(item, work(item));
        }
        return;
    }
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, work) = (&next, &work);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(index) else { break };
                if sender.send((index, work(item))).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut early = BTreeMap::new();
        let mut due = 0;
        for (index, result) in receiver {
            early.insert(index, result);
            while let Some(result) = early.remove(&due) {
                emit(&items[due], result);
                due += 1;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_out_in_input_order() {
        let items: Vec<u64> = (0..200).collect();
        let mut seen = Vec::new();
        for_each_ordered(
            &items,
            Some(4),
            |&i| {
                // Later items finish first.
                std::thread::sleep(std::time::Duration::from_micros(200 - i));
                i * 2
            },
            |&i, r| seen.push((i, r)),
        );
        assert_eq!(seen, items.iter().map(|&i| (i, i * 2)).collect::<Vec<_>>());
    }

    #[test]
    fn one_item_or_one_thread_runs_on_the_calling_thread() {
        let caller = std::thread::current().id();
        for (items, threads) in [(vec![1], None), (vec![1, 2, 3], Some(1))] {
            let mut seen = Vec::new();
            for_each_ordered(
                &items,
                threads,
                |&i| (i, std::thread::current().id()),
                |_, r| seen.push(r),
            );
            assert!(seen.iter().all(|&(_, id)| id == caller), "{items:?}");
            assert_eq!(seen.len(), items.len());
        }
    }
}
