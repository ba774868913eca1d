//! How many threads, and joining them: one rule for every parallel path of the library.

use std::io;
use std::thread::{Scope, ScopedJoinHandle};

/// The number of threads to run `jobs` independent jobs on: `requested` (0: one per CPU, as
/// `std::thread::available_parallelism` counts them), never more than there are jobs, at
/// least one. The CPUs are only counted when there are two jobs or more and none was asked for.
pub(crate) fn thread_count(requested: usize, jobs: u64) -> usize {
    let jobs = usize::try_from(jobs).unwrap_or(usize::MAX);
    match (jobs, requested) {
        (0 | 1, _) | (_, 1) => 1,
        (jobs, 0) => std::thread::available_parallelism().map_or(1, |cpus| cpus.get().min(jobs)),
        (jobs, requested) => requested.min(jobs),
    }
}

/// Starts `work` on a thread of `scope`; a thread the system refuses (too many, no memory for
/// its stack) is an error, where `Scope::spawn` would panic.
pub(crate) fn spawn<'scope, T, F>(
    scope: &'scope Scope<'scope, '_>,
    work: F,
) -> io::Result<ScopedJoinHandle<'scope, T>>
where
    T: Send + 'scope,
    F: FnOnce() -> T + Send + 'scope,
{
    #[cfg(test)]
    if tests::REFUSE.get() {
        return Err(io::Error::from(io::ErrorKind::WouldBlock));
    }
    std::thread::Builder::new().spawn_scoped(scope, work)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        /// Set by a test on its own thread: every thread it asks for is refused, as under a
        /// low `ulimit -u`, which a test run as root cannot set for itself.
        pub(crate) static REFUSE: Cell<bool> = const { Cell::new(false) };
    }

    #[test]
    fn never_more_threads_than_jobs_and_at_least_one() {
        assert_eq!(thread_count(8, 3), 3);
        assert_eq!(thread_count(2, 100), 2);
        assert_eq!(thread_count(0, 1), 1);
        assert!(thread_count(0, 100) >= 1);
    }
}
