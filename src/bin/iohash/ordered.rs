//! Work on many items in parallel, results handed back in input order as soon as each is next.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Runs `work` on every item on `threads` threads and calls `emit` with the results in input
/// order, each as soon as all before it are out. Memory is one result per item that finished
/// early (a hash, not a buffer), plus whatever `work` holds while it runs: with a file hasher,
/// threads × one read buffer, however large the files.
pub fn for_each_ordered<T, R>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(&T, R),
) where
    T: Sync,
    R: Send,
{
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(items.len()) {
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
            4,
            |&i| {
                // Later items finish first.
                std::thread::sleep(std::time::Duration::from_micros(200 - i));
                i * 2
            },
            |&i, r| seen.push((i, r)),
        );
        assert_eq!(seen, items.iter().map(|&i| (i, i * 2)).collect::<Vec<_>>());
    }
}
