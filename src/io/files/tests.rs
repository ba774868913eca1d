//! hash_files: order, bounded reading ahead, stopping, refused threads.

use super::*;
use crate::{NonCryptographicHasher, XxHash3};
use std::path::PathBuf;

/// Results come back in input order however the threads finish, and `items` is read only as
/// far ahead as the results are handed back.
#[test]
fn results_come_back_in_input_order_and_items_are_read_as_needed() {
    use std::sync::atomic::AtomicUsize;
    for threads in [1, 2, 4] {
        let read = AtomicUsize::new(0);
        let items = (0..2000u64).inspect(|_| {
            read.fetch_add(1, Ordering::Relaxed);
        });
        let (mut seen, mut most_ahead) = (Vec::new(), 0);
        hash_files(
            items,
            threads,
            &mut (),
            |&i, _| {
                // Later items finish first.
                std::thread::sleep(Duration::from_micros((2000 - i) / 4));
                i * 2
            },
            |i, r| {
                seen.push((i, r));
                most_ahead = most_ahead.max(read.load(Ordering::Relaxed) - seen.len());
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        assert_eq!(seen, (0..2000).map(|i| (i, i * 2)).collect::<Vec<_>>());
        let bound = (threads * BATCHES_IN_FLIGHT_PER_THREAD + 1) * BATCH;
        assert!(most_ahead <= bound, "{threads} threads: {most_ahead}");
    }
}

/// One item alone runs on the calling thread with every thread asked for; many on workers,
/// one thread each.
#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no threads")]
fn one_file_alone_gets_the_threads_and_many_get_one_each() {
    let caller = std::thread::current().id();
    let mut seen = Vec::new();
    let record = |_: &u32, job: FileJob<'_>| (job.threads, std::thread::current().id());
    hash_files([1], 3, &mut (), record, |_, r| {
        seen.push(r);
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(seen, [(3, caller)]);
    seen.clear();
    hash_files([1, 2, 3], 2, &mut (), record, |_, r| {
        seen.push(r);
        ControlFlow::Continue(())
    })
    .unwrap();
    assert!(seen
        .iter()
        .all(|&(threads, id)| threads == 1 && id != caller));
    seen.clear();
    hash_files([1, 2, 3], 1, &mut (), record, |_, r| {
        seen.push(r);
        ControlFlow::Continue(())
    })
    .unwrap();
    assert!(seen
        .iter()
        .all(|&(threads, id)| threads == 1 && id == caller));
}

/// `done` returning `Break` ends the run, and a failing check ends it with its error.
#[test]
fn break_and_a_failing_check_stop_the_run() {
    for threads in [1, 2] {
        let mut handed = 0;
        hash_files(
            0..1000,
            threads,
            &mut (),
            |&i, _| i,
            |_, _| {
                handed += 1;
                match handed {
                    10 => ControlFlow::Break(()),
                    _ => ControlFlow::Continue(()),
                }
            },
        )
        .unwrap();
        assert_eq!(handed, 10);
        let mut checks = 0;
        let mut check = || {
            checks += 1;
            match checks {
                3 => Err(io::Error::other("stop")),
                _ => Ok(()),
            }
        };
        let mut handed = 0;
        let err = hash_files(
            0..1000,
            threads,
            &mut check,
            |&i, _| i,
            |_, _| {
                handed += 1;
                ControlFlow::Continue(())
            },
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "stop");
        assert!(handed < 1000, "{threads} threads");
    }
}

/// Files read through the job: each file's hash and error in order, and progress that adds up
/// to every byte.
#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
fn files_are_hashed_in_order_with_their_errors_and_progress() {
    struct Bytes(u64);
    impl ReadObserver for Bytes {
        fn progress(&mut self, bytes: u64) {
            self.0 += bytes;
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut total = 0;
    for i in 0..40usize {
        let path = dir.path().join(format!("{i}"));
        if i % 7 != 3 {
            std::fs::write(&path, vec![i as u8; i * 1000]).unwrap();
            total += i as u64 * 1000;
        }
        paths.push(path);
    }
    for threads in [0, 1, 3] {
        let mut bytes = Bytes(0);
        let mut results = Vec::new();
        hash_files(
            &paths,
            threads,
            &mut bytes,
            |path, mut job| {
                let mut hasher = XxHash3::new();
                job.read(FileRead::path(path)).append_to(&mut hasher)?;
                Ok::<_, io::Error>(hasher.current_hash())
            },
            |path, result| {
                results.push((path.clone(), result));
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        assert_eq!(bytes.0, total, "{threads} threads");
        for (i, (path, result)) in results.iter().enumerate() {
            assert_eq!(path, &paths[i]);
            match i % 7 {
                3 => assert_eq!(result.as_ref().unwrap_err().kind(), io::ErrorKind::NotFound),
                _ => assert_eq!(
                    *result.as_ref().unwrap(),
                    XxHash3::hash(&vec![i as u8; i * 1000])
                ),
            }
        }
    }
}

/// Threads the system refuses leave the work to the calling thread: every result, once told.
#[test]
fn refused_threads_are_told_once_and_change_nothing() {
    #[derive(Default)]
    struct Refusals(Vec<(usize, usize)>);
    impl ReadObserver for Refusals {
        fn thread_refused(&mut self, asked: usize, started: usize, _: &io::Error) {
            self.0.push((asked, started));
        }
    }
    threads::tests::REFUSE.set(true);
    let mut refusals = Refusals::default();
    let mut seen = Vec::new();
    let run = hash_files(
        0..100,
        4,
        &mut refusals,
        |&i, _| i + 1,
        |_, r| {
            seen.push(r);
            ControlFlow::Continue(())
        },
    );
    threads::tests::REFUSE.set(false);
    run.unwrap();
    assert_eq!(seen, (1..101).collect::<Vec<_>>());
    assert_eq!(refusals.0, [(4, 1)]);
}
