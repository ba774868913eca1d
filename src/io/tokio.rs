//! Async hashing on tokio (feature `tokio`): every hasher is an [`AsyncWrite`](::tokio::io::AsyncWrite), the
//! [`AsyncHasherExt`] methods append from an [`AsyncRead`] or [`AsyncBufRead`], and
//! [`hash_file_async`] hashes a file on the blocking pool, cancellably.
//!
//! Why files do not go through `tokio::fs::File`: it makes one `spawn_blocking` round trip per
//! read and copies every byte once more. [`hash_file_async`] is one `spawn_blocking` that
//! hashes the whole file with std reads, with a [`CancellationToken`] checked between reads;
//! BENCHMARKS.md (`async_file`) has the two side by side.
//!
//! A cancelled hash is an [`io::Error`] of kind [`ErrorKind::Other`] whose inner error is
//! [`Cancelled`], never [`ErrorKind::Interrupted`], which `read_exact`, `write_all` and
//! `io::copy` retry: a cancel inside such a loop would otherwise be retried forever.
//!
//! The file functions take regular files only. A FIFO, socket or character device can block a
//! read (or, for a FIFO, the open) for as long as its other end pleases, and a blocked read on
//! the blocking pool can neither be cancelled nor let the runtime shut down; so they are
//! refused with an error of kind [`ErrorKind::InvalidInput`], opened without waiting for a
//! FIFO's writer. Read those through tokio's own non-blocking types
//! (`tokio::net::unix::pipe::Receiver`, `TcpStream`, ...) and
//! [`append_from_async_reader`](AsyncHasherExt::append_from_async_reader), which a cancel or a
//! drop stops at any await.

use std::fs::File;
use std::future::Future;
use std::io::{self, ErrorKind, Read};
use std::path::Path;

use ::tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncReadExt};
use tokio_util::sync::CancellationToken;

use super::copy::LARGE_READ_LEN;
use super::os::ReadBuffer;
use super::read::{self, FileRead};
use crate::{DynHasher, NonCryptographicHasher};

/// Async counterparts of [`append_from_reader`](crate::HasherExt::append_from_reader) and
/// [`append_from_buf_reader`](crate::HasherExt::append_from_buf_reader), for every hasher,
/// `dyn DynHasher + Send` included.
pub trait AsyncHasherExt: DynHasher + Send {
    /// Appends everything `reader` yields until end of file, reading 64 KiB at a time (where
    /// `tokio::io::copy` would read 8 KiB); returns the number of bytes.
    ///
    /// **Cancel safety:** if the future is dropped before it completes, the hasher holds
    /// exactly the bytes of the reads that completed: nothing half-appended, but not the whole
    /// input either; [`reset`](DynHasher::reset) it before reuse. Errors are
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
            let mut buf = ReadBuffer::new(LARGE_READ_LEN)?;
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

impl<H: DynHasher + Send + ?Sized> AsyncHasherExt for H {}

/// The inner error of the [`io::Error`] a cancelled hash returns (its kind is
/// [`ErrorKind::Other`]).
///
/// ```
/// use iohash::tokio::Cancelled;
///
/// let err = std::io::Error::other(Cancelled);
/// assert!(err.get_ref().is_some_and(|e| e.is::<Cancelled>()));
/// assert_eq!(err.to_string(), "hashing cancelled");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("hashing cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// The error a cancelled hash returns.
fn cancelled() -> io::Error {
    io::Error::other(Cancelled)
}

/// An observer of a blocking read that stops it, with [`Cancelled`], once `token` is cancelled.
fn cancel_check(token: &CancellationToken) -> impl FnMut() -> io::Result<()> + '_ {
    move || match token.is_cancelled() {
        true => Err(cancelled()),
        false => Ok(()),
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
        Ok(result) => result,
        Err(join_error) if join_error.is_panic() => {
            std::panic::resume_unwind(join_error.into_panic())
        }
        Err(join_error) => Err(io::Error::other(join_error)),
    }
}

/// Hashes the file at `path` with a new `H`, on tokio's blocking pool: one `spawn_blocking`
/// for the whole file, 64 KiB reads, and `cancel` checked before each read.
///
/// The file is checked as [`hash_file`](crate::hash_file) checks it: a file that changes while it
/// is hashed is an error, a directory is an error; a FIFO, socket or device is refused (see
/// the [module docs](self)), without waiting for a FIFO's writer.
///
/// # Cancellation
/// A token cancelled before the call returns at once, without opening the file. Cancelling
/// during the hash stops it within one read and returns an error whose inner error is
/// [`Cancelled`]. Dropping the future stops the blocking work the same way. No hasher is
/// visible to the caller until the hash is complete, so none is left half-updated.
///
/// `H: 'static` because the hash runs on tokio's blocking pool (`spawn_blocking` takes only
/// `'static` work); every hasher of this crate is.
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
/// assert!(err.get_ref().is_some_and(|e| e.is::<iohash::tokio::Cancelled>()));
/// # Ok(())
/// # }
/// ```
pub async fn hash_file_async<H>(
    path: impl AsRef<Path>,
    cancel: &CancellationToken,
) -> io::Result<H::Output>
where
    H: NonCryptographicHasher + Default + Send + 'static,
{
    let hasher = append_file_async(H::default(), path, cancel).await?;
    Ok(hasher.current_hash())
}

/// Appends the file at `path` to `hasher` on tokio's blocking pool, as [`hash_file_async`]
/// does, and hands the hasher back: for any hasher, an [`AnyHasher`](crate::AnyHasher) or a
/// `Box<dyn DynHasher + Send>` among them.
///
/// ```
/// use iohash::tokio::append_file_async;
/// use iohash::{Algorithm, NonCryptographicHasher};
/// use tokio_util::sync::CancellationToken;
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// # std::fs::write(&path, b"async file")?;
/// let hasher = append_file_async(Algorithm::Xxh128.hasher(0), &path, &CancellationToken::new()).await?;
/// assert_eq!(hasher.current_hash(), iohash::XxHash128::hash(b"async file"));
/// # Ok(())
/// # }
/// ```
pub async fn append_file_async<H>(
    mut hasher: H,
    path: impl AsRef<Path>,
    cancel: &CancellationToken,
) -> io::Result<H>
where
    H: DynHasher + Send + 'static,
{
    let path = path.as_ref().to_owned();
    run_blocking(cancel, move |token| {
        append_open_file_blocking(&mut hasher, open_without_waiting(&path)?, token)?;
        Ok(hasher)
    })
    .await
}

/// [`hash_file_async`] for a file that is already open (a FIFO, socket or device is refused
/// here too).
pub async fn hash_open_file_async<H>(
    file: File,
    cancel: &CancellationToken,
) -> io::Result<H::Output>
where
    H: NonCryptographicHasher + Default + Send + 'static,
{
    run_blocking(cancel, move |token| {
        let mut hasher = H::default();
        append_open_file_blocking(&mut hasher, file, token)?;
        Ok(hasher.current_hash())
    })
    .await
}

/// Hashes everything a blocking reader yields, on tokio's blocking pool, cancellably; as
/// [`hash_file_async`] but for any [`Read`] (a decompressor, a reader over memory...).
///
/// The token is checked between reads: a read that blocks (a socket in blocking mode, a pipe)
/// holds its blocking-pool thread, and the runtime's shutdown, until it returns, which no
/// cancel can shorten. Give such sources to
/// [`append_from_async_reader`](AsyncHasherExt::append_from_async_reader) as tokio's own types.
pub async fn hash_reader_async<H, R>(reader: R, cancel: &CancellationToken) -> io::Result<H::Output>
where
    H: NonCryptographicHasher + Default + Send + 'static,
    R: Read + Send + 'static,
{
    run_blocking(cancel, move |token| {
        let mut hasher = H::default();
        let mut check = cancel_check(&token);
        read::plain::read(&mut hasher, &mut { reader }, false, &mut check)?;
        Ok(hasher.current_hash())
    })
    .await
}

/// Opens `path` for reading without blocking: on Unix with `O_NONBLOCK`, so that a FIFO with
/// no writer opens at once (and is then refused) rather than holding a blocking-pool thread.
/// A regular file's reads ignore the flag.
fn open_without_waiting(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    options.open(path)
}

/// Refuses what a blocking read could hold forever: anything but a regular file or a directory
/// (which the read path refuses with its own error).
fn refuse_unless_regular(file: &File) -> io::Result<()> {
    let metadata = file.metadata()?;
    if metadata.is_file() || metadata.is_dir() {
        return Ok(());
    }
    Err(io::Error::new(
        ErrorKind::InvalidInput,
        "not a regular file: async file hashing reads regular files only; read a FIFO, socket \
         or device through tokio's own type and append_from_async_reader",
    ))
}

fn append_open_file_blocking<H: DynHasher + ?Sized>(
    hasher: &mut H,
    file: File,
    token: CancellationToken,
) -> io::Result<u64> {
    refuse_unless_regular(&file)?;
    FileRead::file(&file)
        .observer(&mut cancel_check(&token))
        .append_to(hasher)
}

/// tokio's `AsyncWrite` for a hasher: every write is ready at once and takes all it is given;
/// flush and shutdown have nothing to do.
macro_rules! impl_async_write {
    ($hasher:ty) => {
        /// Writing is appending, as for `io::Write`: every write is ready at once and takes all
        /// it is given; flush and shutdown have nothing to do.
        impl ::tokio::io::AsyncWrite for $hasher {
            fn poll_write(
                self: core::pin::Pin<&mut Self>,
                _: &mut core::task::Context<'_>,
                buf: &[u8],
            ) -> core::task::Poll<std::io::Result<usize>> {
                $crate::DynHasher::append(self.get_mut(), buf);
                core::task::Poll::Ready(Ok(buf.len()))
            }

            fn poll_write_vectored(
                self: core::pin::Pin<&mut Self>,
                _: &mut core::task::Context<'_>,
                bufs: &[std::io::IoSlice<'_>],
            ) -> core::task::Poll<std::io::Result<usize>> {
                let this = self.get_mut();
                let mut written = 0;
                for buf in bufs {
                    $crate::DynHasher::append(this, buf);
                    written += buf.len();
                }
                core::task::Poll::Ready(Ok(written))
            }

            fn is_write_vectored(&self) -> bool {
                true
            }

            fn poll_flush(
                self: core::pin::Pin<&mut Self>,
                _: &mut core::task::Context<'_>,
            ) -> core::task::Poll<std::io::Result<()>> {
                core::task::Poll::Ready(Ok(()))
            }

            fn poll_shutdown(
                self: core::pin::Pin<&mut Self>,
                _: &mut core::task::Context<'_>,
            ) -> core::task::Poll<std::io::Result<()>> {
                core::task::Poll::Ready(Ok(()))
            }
        }
    };
}

// Listed here, in the layer they belong to, as `io::Write`'s are in `io`.
impl_async_write!(crate::XxHash3);
impl_async_write!(crate::XxHash128);
impl_async_write!(crate::XxHash64);
impl_async_write!(crate::XxHash32);
impl_async_write!(crate::Crc32);
impl_async_write!(crate::Crc64);
impl_async_write!(crate::Crc);
impl_async_write!(crate::cloud::S3Composite);
impl_async_write!(crate::AnyHasher);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::os::{Offsets, READ_BUFFER_OFFSET};

    #[tokio::test]
    async fn async_reads_go_into_buffers_at_the_page_offset() {
        let data = vec![3u8; 2 * LARGE_READ_LEN + 1];
        let mut offsets = Offsets::default();
        let read = offsets
            .append_from_async_reader(&mut &data[..])
            .await
            .unwrap();
        assert_eq!(read, data.len() as u64);
        assert!(offsets.0.len() >= 3);
        assert!(offsets.0.iter().all(|&at| at == READ_BUFFER_OFFSET));
    }
}
