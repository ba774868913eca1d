//! What a read of a file, or of many, asks of its caller and tells it, on the calling thread.

use std::io;

/// Watches a [`FileRead`](crate::FileRead) or [`hash_files`](crate::hash_files) from the
/// calling thread: it hears how many bytes were hashed, it can stop the read, and it hears of
/// threads the system refused.
///
/// A library should not print, so a refused thread is no error and no line on stderr: the file
/// is read by the threads that started and the calling one, to the same hash, more slowly. A
/// command or a binding that wants to warn its user does so from
/// [`thread_refused`](ReadObserver::thread_refused).
///
/// Any `FnMut() -> io::Result<()>` is an observer whose closure is [`check`](ReadObserver::check)
/// and which ignores the rest.
///
/// ```
/// use iohash::{FileRead, NonCryptographicHasher, ReadObserver, XxHash3};
/// use std::io;
///
/// /// Counts bytes and checks, and keeps what the system said when it refused a thread.
/// #[derive(Default)]
/// struct Watch {
///     bytes: u64,
///     checks: u64,
///     refused: Option<(usize, usize, io::ErrorKind)>,
/// }
///
/// impl ReadObserver for Watch {
///     fn check(&mut self) -> io::Result<()> {
///         self.checks += 1;
///         Ok(())
///     }
///
///     fn progress(&mut self, bytes: u64) {
///         self.bytes += bytes;
///     }
///
///     fn thread_refused(&mut self, asked: usize, started: usize, error: &io::Error) {
///         self.refused = Some((asked, started, error.kind()));
///     }
/// }
///
/// # fn main() -> io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// std::fs::write(&path, vec![5u8; 1 << 20])?;
/// let mut watch = Watch::default();
/// let mut hasher = XxHash3::new();
/// FileRead::path(&path).observer(&mut watch).append_to(&mut hasher)?;
/// assert_eq!(hasher.current_hash(), XxHash3::hash(&vec![5u8; 1 << 20]));
/// assert_eq!(watch.bytes, 1 << 20);
/// assert!(watch.checks > 0);
/// if let Some((asked, started, kind)) = watch.refused {
///     eprintln!("read on {started} threads of {asked}: {kind}");
/// }
/// # Ok(())
/// # }
/// ```
pub trait ReadObserver {
    /// Runs on the calling thread before each read and each chunk hashed, and again when a
    /// signal interrupts a read; an error stops the reading, the other threads' too, and is
    /// returned. It runs often: one that costs more than a few nanoseconds should look at the
    /// clock first. By default, never an error.
    ///
    /// # Errors
    /// Whatever should stop the read: a cancel button pressed, a signal caught.
    fn check(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// `bytes` more were hashed: called on the calling thread after each chunk, in order for
    /// one file, as they finish for many. A progress bar adds them up. By default, nothing.
    fn progress(&mut self, bytes: u64) {
        let _ = bytes;
    }

    /// The system refused a thread (too many threads, no memory for its stack): the read goes
    /// on with `started` threads of the `asked`, both counting the calling thread, which
    /// always reads too. `error` is the first refusal. Called at most once a read (once a
    /// [`hash_files`](crate::hash_files) run), before it ends. By default, nothing.
    fn thread_refused(&mut self, asked: usize, started: usize, error: &io::Error) {
        let _ = (asked, started, error);
    }
}

impl<F: FnMut() -> io::Result<()>> ReadObserver for F {
    fn check(&mut self) -> io::Result<()> {
        self()
    }
}

/// `()` watches nothing: it never stops a read and ignores the rest.
impl ReadObserver for () {}
