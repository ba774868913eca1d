//! Async hashing on tokio (feature `tokio`): every hasher is an [`AsyncWrite`](::tokio::io::AsyncWrite), the
//! [`AsyncHasherExt`] methods append from an [`AsyncRead`] or [`AsyncBufRead`], and
//! [`hash_file_async`] hashes a file on the blocking pool, cancellably.
//!
//! Why files do not go through `tokio::fs::File`: it makes one `spawn_blocking` round trip per
//! 8 KiB read and copies every byte once more. Measured on a 64 MiB file in the page cache,
//! `tokio::io::copy` from it took 150-170 ms, against ~12 ms for one `spawn_blocking` that
//! hashes the whole file with std reads; `hash_file_async` is the latter, with a
//! [`CancellationToken`] checked between reads. See BENCHMARKS.md for this machine's figures.

use std::fs::File;
use std::future::Future;
use std::io::{self, ErrorKind, Read};
use std::path::Path;

use ::tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncReadExt};
use tokio_util::sync::CancellationToken;

use crate::{NonCryptographicHasher, LARGE_READ_LEN};

/// Async counterparts of [`append_from_reader`](NonCryptographicHasher::append_from_reader) and
/// [`append_from_buf_reader`](NonCryptographicHasher::append_from_buf_reader), for every hasher.
pub trait AsyncHasherExt: NonCryptographicHasher + Send {
    /// Appends everything `reader` yields until end of file, reading 64 KiB at a time (where
    /// `tokio::io::copy` would read 8 KiB); returns the number of bytes.
    ///
    /// **Cancel safety:** if the future is dropped before it completes, the hasher holds
    /// exactly the bytes of the reads that completed: nothing half-appended, but not the whole
    /// input either; [`reset`](NonCryptographicHasher::reset) it before reuse. Errors are
    /// handled as in the sync method (`Interrupted` retried, the hash covers what was read).
    ///
    /// ```
    /// use iohash::tokio::AsyncHasherExt;
    /// use iohash::{NonCryptographicHasher, XxHash3};
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> std::io::Result<()> {
    /// let (mut client, mut server) = tokio::io::duplex(1024);
    /// tokio::spawn(async move {
    ///     use tokio::io::AsyncWriteExt;
    ///     client.write_all(b"over the wire").await.unwrap();
    /// });
    /// let mut hasher = XxHash3::new();
    /// hasher.append_from_async_reader(&mut server).await?;
    /// assert_eq!(hasher.current_hash(), XxHash3::hash(b"over the wire"));
    /// # Ok(())
    /// # }
    /// ```
    fn append_from_async_reader<'a, R>(
        &'a mut self,
        reader: &'a mut R,
    ) -> impl Future<Output = io::Result<u64>> + Send + 'a
    where
        R: AsyncRead + Unpin + Send + ?Sized,
    {
        async move {
            let mut buf = vec![0u8; LARGE_READ_LEN];
            let mut len = 0u64;
            loop {
                let n = match reader.read(&mut buf).await {
                    Ok(0) => return Ok(len),
                    Ok(n) => n,
                    Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                };
                self.append(&buf[..n]);
                len += n as u64;
            }
        }
    }

    /// Appends everything an [`AsyncBufRead`] yields, straight from its buffer (the
    /// `tokio::io::copy_buf` path: no buffer of our own, no copy).
    ///
    /// **Cancel safety:** as [`append_from_async_reader`](Self::append_from_async_reader): if
    /// dropped midway, the hasher holds exactly the chunks consumed so far.
    ///
    /// ```
    /// use iohash::tokio::AsyncHasherExt;
    /// use iohash::{NonCryptographicHasher, XxHash64};
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> std::io::Result<()> {
    /// let mut reader = tokio::io::BufReader::new(&b"buffered bytes"[..]);
    /// let mut hasher = XxHash64::new();
    /// hasher.append_from_async_buf_reader(&mut reader).await?;
    /// assert_eq!(hasher.current_hash(), XxHash64::hash(b"buffered bytes"));
    /// # Ok(())
    /// # }
    /// ```
    fn append_from_async_buf_reader<'a, R>(
        &'a mut self,
        reader: &'a mut R,
    ) -> impl Future<Output = io::Result<u64>> + Send + 'a
    where
        R: AsyncBufRead + Unpin + Send + ?Sized,
    {
        async move {
            let mut len = 0u64;
            loop {
                let chunk = match reader.fill_buf().await {
                    Ok([]) => return Ok(len),
                    Ok(chunk) => chunk,
                    Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                };
                self.append(chunk);
                let n = chunk.len();
                reader.consume(n);
                len += n as u64;
            }
        }
    }
}

impl<H: NonCryptographicHasher + Send> AsyncHasherExt for H {}

/// The error a cancelled hash returns: kind [`ErrorKind::Interrupted`].
fn cancelled() -> io::Error {
    io::Error::new(ErrorKind::Interrupted, "hashing cancelled")
}

/// A reader that fails with [`cancelled`]'s marker once the token is cancelled. The marker is
/// not `Interrupted` itself, which `io::copy` would retry forever.
struct Cancellable<R> {
    inner: R,
    token: CancellationToken,
}

#[derive(Debug)]
struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("hashing cancelled")
    }
}

impl std::error::Error for Cancelled {}

impl<R: Read> Read for Cancellable<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.token.is_cancelled() {
            return Err(io::Error::other(Cancelled));
        }
        self.inner.read(buf)
    }
}

/// Turns the cancellation marker into the documented `Interrupted` error.
fn map_cancelled(e: io::Error) -> io::Error {
    if e.get_ref().is_some_and(|inner| inner.is::<Cancelled>()) {
        cancelled()
    } else {
        e
    }
}

/// Runs `work` on tokio's blocking pool under a child of `cancel` that is cancelled if the
/// returned future is dropped, so abandoning the future stops the work within one read.
async fn run_blocking<T, F>(cancel: &CancellationToken, work: F) -> io::Result<T>
where
    T: Send + 'static,
    F: FnOnce(CancellationToken) -> io::Result<T> + Send + 'static,
{
    if cancel.is_cancelled() {
        return Err(cancelled());
    }
    let token = cancel.child_token();
    let stop_on_drop = token.clone().drop_guard();
    let result = ::tokio::task::spawn_blocking(move || work(token)).await;
    stop_on_drop.disarm();
    match result {
        Ok(result) => result.map_err(map_cancelled),
        Err(join_error) if join_error.is_panic() => {
            std::panic::resume_unwind(join_error.into_panic())
        }
        Err(join_error) => Err(io::Error::other(join_error)),
    }
}

/// Hashes the file at `path` with a new `H`, on tokio's blocking pool: one `spawn_blocking`
/// for the whole file, 64 KiB reads, and `cancel` checked before each read.
///
/// The file is read as [`hash_file`](crate::hash_file) reads it: a file that changes while it
/// is hashed is an error, a directory is an error, a FIFO is streamed.
///
/// # Cancellation
/// A token cancelled before the call returns at once, without opening the file. Cancelling
/// during the hash stops it within one read and returns an error of kind
/// [`ErrorKind::Interrupted`]. Dropping the future stops the blocking work the same way. No
/// hasher is visible to the caller until the hash is complete, so none is left half-updated.
///
/// ```
/// use iohash::tokio::hash_file_async;
/// use iohash::XxHash3;
/// use tokio_util::sync::CancellationToken;
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// # std::fs::write(&path, b"async file")?;
/// let cancel = CancellationToken::new();
/// assert_eq!(hash_file_async::<XxHash3>(&path, &cancel).await?, XxHash3::hash(b"async file"));
///
/// cancel.cancel();
/// let err = hash_file_async::<XxHash3>(&path, &cancel).await.unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::Interrupted);
/// # Ok(())
/// # }
/// ```
pub async fn hash_file_async<H>(
    path: impl AsRef<Path>,
    cancel: &CancellationToken,
) -> io::Result<H::Output>
where
    H: NonCryptographicHasher + Default + Send + 'static,
    H::Output: Send + 'static,
{
    let path = path.as_ref().to_owned();
    run_blocking(cancel, move |token| {
        hash_open_file_blocking::<H>(File::open(path)?, token)
    })
    .await
}

/// [`hash_file_async`] for a file that is already open.
pub async fn hash_open_file_async<H>(
    file: File,
    cancel: &CancellationToken,
) -> io::Result<H::Output>
where
    H: NonCryptographicHasher + Default + Send + 'static,
    H::Output: Send + 'static,
{
    run_blocking(cancel, move |token| {
        hash_open_file_blocking::<H>(file, token)
    })
    .await
}

/// Hashes everything a blocking reader yields, on tokio's blocking pool, cancellably; as
/// [`hash_file_async`] but for any [`Read`] (a socket in blocking mode, a decompressor...).
pub async fn hash_reader_async<H, R>(reader: R, cancel: &CancellationToken) -> io::Result<H::Output>
where
    H: NonCryptographicHasher + Default + Send + 'static,
    H::Output: Send + 'static,
    R: Read + Send + 'static,
{
    run_blocking(cancel, move |token| {
        let mut hasher = H::default();
        crate::io::append_from_reader(
            &mut hasher,
            &mut Cancellable {
                inner: reader,
                token,
            },
        )?;
        Ok(hasher.current_hash())
    })
    .await
}

fn hash_open_file_blocking<H: NonCryptographicHasher + Default>(
    file: File,
    token: CancellationToken,
) -> io::Result<H::Output> {
    let mut hasher = H::default();
    let mut reader = Cancellable {
        inner: &file,
        token,
    };
    crate::file::append_file_through(&mut hasher, &file, &mut reader)?;
    Ok(hasher.current_hash())
}
