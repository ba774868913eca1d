//! The async paths (feature `tokio`): each equals the one-shot hash; cancellation before and
//! during a hash, and dropping the future, stop the blocking work.
#![cfg(feature = "tokio")]

use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use iohash::tokio::{
    append_file_async, hash_file_async, hash_open_file_async, hash_reader_async, AsyncHasherExt,
    Cancelled,
};
use iohash::{NonCryptographicHasher, XxHash3, XxHash64};
use tokio::io::AsyncWriteExt;
use tokio_util::sync::CancellationToken;

const SIZES: [usize; 6] = [0, 1, 8191, 8192, 8193, (1 << 20) + 1];

fn payload(len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 9) as u8)
        .collect()
}

#[tokio::test]
async fn every_async_path_gives_the_one_shot_hash() {
    let dir = tempfile::tempdir().unwrap();
    let token = CancellationToken::new();
    for len in SIZES {
        let data = payload(len);
        let expected = XxHash3::hash(&data);

        // A duplex pipe, written by another task in odd pieces.
        let (mut client, mut server) = tokio::io::duplex(4096);
        let sent = data.clone();
        let writer = tokio::spawn(async move {
            for piece in sent.chunks(3001) {
                client.write_all(piece).await.unwrap();
            }
        });
        let mut hasher = XxHash3::new();
        assert_eq!(
            hasher.append_from_async_reader(&mut server).await.unwrap(),
            len as u64
        );
        writer.await.unwrap();
        assert_eq!(hasher.current_hash(), expected, "duplex, len {len}");

        let mut hasher = XxHash3::new();
        hasher
            .append_from_async_reader(&mut &data[..])
            .await
            .unwrap();
        assert_eq!(hasher.current_hash(), expected, "slice, len {len}");

        let mut reader = tokio::io::BufReader::with_capacity(1000, &data[..]);
        let mut hasher = XxHash3::new();
        hasher
            .append_from_async_buf_reader(&mut reader)
            .await
            .unwrap();
        assert_eq!(hasher.current_hash(), expected, "BufReader, len {len}");

        let path = dir.path().join(format!("f{len}"));
        std::fs::write(&path, &data).unwrap();
        let mut file = tokio::fs::File::open(&path).await.unwrap();
        let mut hasher = XxHash3::new();
        hasher.append_from_async_reader(&mut file).await.unwrap();
        assert_eq!(hasher.current_hash(), expected, "tokio file, len {len}");
        assert_eq!(
            hash_file_async::<XxHash3>(&path, &token).await.unwrap(),
            expected
        );
        let std_file = std::fs::File::open(&path).unwrap();
        assert_eq!(
            hash_open_file_async::<XxHash3>(std_file, &token)
                .await
                .unwrap(),
            expected
        );

        // AsyncWrite: tokio::io::copy into the hasher.
        let mut hasher = XxHash64::new();
        tokio::io::copy(&mut &data[..], &mut hasher).await.unwrap();
        assert_eq!(hasher.current_hash(), XxHash64::hash(&data));
    }
}

#[tokio::test]
async fn a_token_cancelled_before_the_call_reads_nothing() {
    let token = CancellationToken::new();
    token.cancel();
    // The path does not exist: had it been opened, the error would be NotFound.
    let err = hash_file_async::<XxHash3>("/no/such/file", &token)
        .await
        .unwrap_err();
    assert_cancelled(&err);
    let reads = Arc::new(AtomicU64::new(0));
    let reader = Endless {
        reads: reads.clone(),
    };
    let err = hash_reader_async::<XxHash3, _>(reader, &token)
        .await
        .unwrap_err();
    assert_cancelled(&err);
    assert_eq!(reads.load(Ordering::SeqCst), 0);
}

/// An endless stream of zeros that counts its reads.
struct Endless {
    reads: Arc<AtomicU64>,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reads.fetch_add(1, Ordering::SeqCst);
        buf.fill(0);
        Ok(buf.len())
    }
}

/// Waits a little, then asserts no read happened meanwhile: the blocking thread has stopped.
async fn assert_reads_stopped(reads: &AtomicU64) {
    tokio::time::sleep(Duration::from_millis(50)).await;
    let settled = reads.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        reads.load(Ordering::SeqCst),
        settled,
        "the blocking work goes on"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_midway_returns_promptly_and_stops_the_reads() {
    let reads = Arc::new(AtomicU64::new(0));
    let token = CancellationToken::new();
    let hashing = tokio::spawn({
        let (reads, token) = (reads.clone(), token.clone());
        async move { hash_reader_async::<XxHash3, _>(Endless { reads }, &token).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(reads.load(Ordering::SeqCst) > 0, "hashing had not started");
    let start = Instant::now();
    token.cancel();
    let err = hashing.await.unwrap().unwrap_err();
    // One 64 KiB read takes microseconds; a second is generous on a loaded machine.
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "took {:?}",
        start.elapsed()
    );
    assert_cancelled(&err);
    assert_reads_stopped(&reads).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_a_large_file_returns_well_before_a_full_hash() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sparse");
    std::fs::File::create(&path)
        .unwrap()
        .set_len(64 << 30)
        .unwrap();
    let token = CancellationToken::new();
    let hashing = tokio::spawn({
        let (path, token) = (path.clone(), token.clone());
        async move { hash_file_async::<XxHash3>(&path, &token).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let start = Instant::now();
    token.cancel();
    let err = hashing.await.unwrap().unwrap_err();
    // 64 GiB take tens of seconds to hash here.
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "took {:?}",
        start.elapsed()
    );
    assert_cancelled(&err);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dropping_the_future_stops_the_blocking_work() {
    let reads = Arc::new(AtomicU64::new(0));
    let token = CancellationToken::new();
    let future = hash_reader_async::<XxHash3, _>(
        Endless {
            reads: reads.clone(),
        },
        &token,
    );
    assert!(tokio::time::timeout(Duration::from_millis(100), future)
        .await
        .is_err());
    assert!(reads.load(Ordering::SeqCst) > 0);
    assert!(
        !token.is_cancelled(),
        "only the call's own work stops, not the caller's token"
    );
    assert_reads_stopped(&reads).await;
}

/// A cancelled hash is an error holding [`Cancelled`], of a kind no std loop retries.
fn assert_cancelled(err: &io::Error) {
    assert!(
        err.get_ref().is_some_and(|e| e.is::<Cancelled>()),
        "{err:?}"
    );
    assert_ne!(err.kind(), io::ErrorKind::Interrupted);
    assert_eq!(err.to_string(), "hashing cancelled");
}

#[tokio::test]
async fn any_hasher_hashes_a_file_on_the_blocking_pool() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    let data = vec![3u8; 300_000];
    std::fs::write(&path, &data).unwrap();
    let cancel = CancellationToken::new();
    let boxed: Box<dyn iohash::DynHasher + Send> = Box::new(XxHash64::with_seed(4));
    let hasher = append_file_async(boxed, &path, &cancel).await.unwrap();
    let mut out = [0; 8];
    hasher.current_hash_into(&mut out);
    assert_eq!(out, XxHash64::hash_with_seed(&data, 4).to_be_bytes());
    cancel.cancel();
    let err = append_file_async(iohash::Algorithm::Xxh3.hasher(0), &path, &cancel)
        .await
        .unwrap_err();
    assert_cancelled(&err);
}

/// A FIFO with no writer would hold a blocking-pool thread in `open` (and the runtime's
/// shutdown with it) for as long as no writer comes: the file functions refuse it at once.
#[cfg(unix)]
#[test]
fn a_fifo_without_a_writer_is_refused_at_once_and_the_runtime_shuts_down() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let start = Instant::now();
    let err = runtime
        .block_on(async {
            tokio::time::timeout(
                Duration::from_secs(5),
                hash_file_async::<XxHash3>(&fifo, &CancellationToken::new()),
            )
            .await
        })
        .expect("refused, not left waiting for a writer")
        .unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    assert!(err.to_string().contains("not a regular file"), "{err}");
    let open = std::fs::OpenOptions::new()
        .read(true)
        .write(true) // opens at once: this end is a writer too
        .open(&fifo)
        .unwrap();
    let err = runtime
        .block_on(hash_open_file_async::<XxHash3>(
            open,
            &CancellationToken::new(),
        ))
        .unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    runtime.shutdown_timeout(Duration::from_secs(5));
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

/// An async reader of `data` that fails with an error once `at` bytes are read, and comes up
/// short (at most 7 bytes a read) until then.
struct FailingAsync {
    data: Vec<u8>,
    pos: usize,
    at: usize,
}

/// The same, read on the blocking pool (`hash_reader_async`).
impl Read for FailingAsync {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pos >= self.at {
            return Err(io::Error::other("EIO"));
        }
        let n = buf.len().min(7).min(self.at - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

impl tokio::io::AsyncRead for FailingAsync {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<io::Result<()>> {
        if self.pos >= self.at {
            return std::task::Poll::Ready(Err(io::Error::other("EIO")));
        }
        let n = buf.remaining().min(7).min(self.at - self.pos);
        let pos = self.pos;
        buf.put_slice(&self.data[pos..pos + n]);
        self.pos += n;
        std::task::Poll::Ready(Ok(()))
    }
}

#[tokio::test]
async fn a_failing_async_reader_is_an_error_at_every_position() {
    let data = payload(200);
    for at in 0..data.len() {
        let reader = || FailingAsync {
            data: data.clone(),
            pos: 0,
            at,
        };
        let mut hasher = XxHash3::new();
        assert!(hasher
            .append_from_async_reader(&mut reader())
            .await
            .is_err());
        let mut buffered = tokio::io::BufReader::with_capacity(5, reader());
        let mut hasher = XxHash3::new();
        assert!(hasher
            .append_from_async_buf_reader(&mut buffered)
            .await
            .is_err());
        let token = CancellationToken::new();
        assert!(hash_reader_async::<XxHash3, _>(reader(), &token)
            .await
            .is_err());
    }
}

#[tokio::test]
async fn a_file_cut_extended_or_replaced_while_hashed_async_is_one_version_or_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    let base = payload(1 << 20);
    let other: Vec<u8> = base.iter().map(|b| b ^ 0x5A).collect();
    let short = &base[..base.len() - 4096];
    let mut zeros = short.to_vec();
    zeros.resize(base.len(), 0);
    let versions = [&base[..], short, &zeros, &other].map(XxHash3::hash);
    std::fs::write(&path, &base).unwrap();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mutator = {
        let (path, stop, base, other) = (path.clone(), stop.clone(), base.clone(), other.clone());
        std::thread::spawn(move || {
            let staged = path.with_extension("new");
            let mut turn = 0;
            while !stop.load(Ordering::Relaxed) {
                let open = || std::fs::File::options().write(true).open(&path).unwrap();
                match turn % 4 {
                    0 => open().set_len(base.len() as u64 - 4096).unwrap(),
                    1 => open().set_len(base.len() as u64).unwrap(),
                    2 => {
                        std::fs::write(&staged, &other).unwrap();
                        std::fs::rename(&staged, &path).unwrap();
                    }
                    _ => {
                        std::fs::write(&staged, &base).unwrap();
                        std::fs::rename(&staged, &path).unwrap();
                    }
                }
                turn += 1;
                std::thread::sleep(Duration::from_micros(300));
            }
        })
    };
    let token = CancellationToken::new();
    let start = Instant::now();
    let mut outcome = Ok(());
    while start.elapsed() < Duration::from_millis(300) {
        if let Ok(hash) = hash_file_async::<XxHash3>(&path, &token).await {
            if !versions.contains(&hash) {
                outcome = Err(hash);
                break;
            }
        }
    }
    stop.store(true, Ordering::Relaxed);
    mutator.join().unwrap();
    assert_eq!(outcome, Ok(()), "a hash of no version");
}
