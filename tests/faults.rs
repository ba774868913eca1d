//! Fault injection: readers and writers that fail, are interrupted, come up short or claim
//! more than they were given, at every position, through every adapter; and files rewritten,
//! truncated and extended while each file path hashes them. The answer is the exact hash, the
//! hash of one version of the file, or an error: never another `Ok`, never a panic. (The async
//! paths' share is in `tests/tokio.rs`, the command's in `cli/tests/cli.rs`.)
#![cfg(all(unix, feature = "std"))]

mod common;

use std::fs::File;
use std::io::{self, BufReader, ErrorKind, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::{OnProgress, Rng, THREADED_READ_LEN};
use iohash::{
    prelude::*, Algorithm, Crc64, FileRead, HashingReader, HashingWriter, ReadObserver, XxHash3,
    XxHash64,
};

/// What goes wrong, and where.
#[derive(Clone, Copy, Debug)]
enum Fault {
    /// An `EIO` once `at` bytes have been read or written.
    Fail { at: usize },
    /// `Interrupted` before every call that moves data, and at most `max` bytes a call.
    InterruptedShort { max: usize },
    /// A call at `at` bytes that returns more than its buffer held.
    Overclaim { at: usize },
}

/// A reader of `data` (or a writer taking up to `data.len()` bytes) that misbehaves as told.
struct Faulty {
    data: Vec<u8>,
    pos: usize,
    fault: Fault,
    interrupted: bool,
}

impl Faulty {
    fn new(data: &[u8], fault: Fault) -> Self {
        Faulty {
            data: data.to_vec(),
            pos: 0,
            fault,
            interrupted: false,
        }
    }

    /// How many of `wanted` bytes the next call moves, or its error.
    fn next(&mut self, wanted: usize) -> io::Result<usize> {
        let left = self.data.len() - self.pos;
        match self.fault {
            Fault::Fail { at } if self.pos >= at && wanted > 0 => Err(io::Error::other("EIO")),
            Fault::Fail { at } => Ok(wanted.min(left).min(at - self.pos)),
            Fault::InterruptedShort { max } => {
                self.interrupted = !self.interrupted;
                if self.interrupted {
                    return Err(ErrorKind::Interrupted.into());
                }
                Ok(wanted.min(left).min(max))
            }
            Fault::Overclaim { at } if self.pos >= at => Ok(wanted + 1),
            Fault::Overclaim { at } => Ok(wanted.min(left).min(at - self.pos)),
        }
    }
}

impl Read for Faulty {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.next(buf.len())?;
        let filled = n.min(buf.len()).min(self.data.len() - self.pos);
        buf[..filled].copy_from_slice(&self.data[self.pos..self.pos + filled]);
        self.pos += filled;
        Ok(n)
    }
}

impl Write for Faulty {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.next(buf.len())?;
        self.pos += n.min(buf.len());
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn data() -> Vec<u8> {
    Rng(41).bytes(300)
}

#[test]
fn a_failing_reader_is_an_error_through_every_adapter_at_every_position() {
    let data = data();
    for at in 0..data.len() {
        let fault = Fault::Fail { at };
        let mut h = XxHash64::new();
        assert!(h
            .append_from_reader(&mut Faulty::new(&data, fault))
            .is_err());
        let mut h = XxHash64::new();
        let mut buffered = BufReader::with_capacity(7, Faulty::new(&data, fault));
        assert!(h.append_from_buf_reader(&mut buffered).is_err());
        let mut tee = HashingReader::new(Faulty::new(&data, fault), XxHash64::new());
        assert!(tee.read_to_end(&mut Vec::new()).is_err());
        // What the tee hashed is exactly what it handed out.
        assert_eq!(tee.hasher().current_hash(), XxHash64::hash(&data[..at]));
    }
}

#[test]
fn interrupted_and_short_calls_give_the_exact_hash_through_every_adapter() {
    let data = data();
    let expected = XxHash3::hash(&data);
    for max in 1..=9 {
        let fault = Fault::InterruptedShort { max };
        let mut h = XxHash3::new();
        h.append_from_reader(&mut Faulty::new(&data, fault))
            .unwrap();
        assert_eq!(h.current_hash(), expected, "{fault:?}");
        let mut h = XxHash3::new();
        let mut buffered = BufReader::with_capacity(5, Faulty::new(&data, fault));
        h.append_from_buf_reader(&mut buffered).unwrap();
        assert_eq!(h.current_hash(), expected, "{fault:?}");
        let mut tee = HashingReader::new(Faulty::new(&data, fault), XxHash3::new());
        let mut copy = Vec::new();
        tee.read_to_end(&mut copy).unwrap();
        assert_eq!(
            (copy.as_slice(), tee.hasher().current_hash()),
            (&data[..], expected)
        );
        let mut writer = HashingWriter::new(Faulty::new(&data, fault), XxHash3::new());
        writer.write_all(&data).unwrap();
        assert_eq!(writer.hasher().current_hash(), expected, "{fault:?}");
    }
}

#[test]
fn a_failing_writer_is_an_error_and_the_hash_covers_what_it_took() {
    let data = data();
    for at in 0..data.len() {
        let mut writer = HashingWriter::new(Faulty::new(&data, Fault::Fail { at }), Crc64::new());
        assert!(writer.write_all(&data).is_err());
        assert_eq!(writer.hasher().current_hash(), Crc64::hash(&data[..at]));
        // io::copy into it stops there too.
        let mut writer = HashingWriter::new(Faulty::new(&data, Fault::Fail { at }), Crc64::new());
        assert!(io::copy(&mut &data[..], &mut writer).is_err());
        assert_eq!(writer.hasher().current_hash(), Crc64::hash(&data[..at]));
    }
}

#[test]
fn a_reader_or_writer_claiming_more_than_its_buffer_is_an_error_not_a_panic() {
    let data = data();
    for at in [0, 1, 150, 299] {
        let fault = Fault::Overclaim { at };
        let mut tee = HashingReader::new(Faulty::new(&data, fault), XxHash3::new());
        let err = tee.read_to_end(&mut Vec::new()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidData, "{err}");
        assert_eq!(tee.hasher().current_hash(), XxHash3::hash(&data[..at]));
        let mut writer = HashingWriter::new(Faulty::new(&data, fault), XxHash3::new());
        let err = writer.write_all(&data).unwrap_err();
        assert!(err.to_string().contains("claimed"), "{err}");
    }
}

/// The versions a file goes through while [`Versions::mutate`] runs: every change is one
/// system call that moves no byte within the file (a truncation, an extension with zeros, or
/// another file renamed over the path), so a reader meets only these states. (A write in
/// place can be torn by a reader and go unseen when it began before the hash: see
/// [`a_write_in_place_after_the_hash_began_is_an_error`].)
struct Versions {
    base: Vec<u8>,
    other: Vec<u8>,
    short_len: u64,
}

impl Versions {
    fn new(len: usize) -> Self {
        let mut rng = Rng(len as u64);
        Versions {
            base: rng.bytes(len),
            other: rng.bytes(len),
            short_len: (len - 4096) as u64,
        }
    }

    /// Every state: the file, cut short, extended again with zeros; the other file.
    fn all(&self) -> Vec<Vec<u8>> {
        let short = self.base[..self.short_len as usize].to_vec();
        let mut zeros = short.clone();
        zeros.resize(self.base.len(), 0);
        vec![self.base.clone(), short, zeros, self.other.clone()]
    }

    /// Changes the file at `path` one call at a time until `stop`.
    fn mutate(&self, path: &Path, stop: &AtomicBool) {
        let staged = path.with_extension("other");
        let full = self.base.len() as u64;
        let mut turn = 0usize;
        while !stop.load(Ordering::Relaxed) {
            match turn % 4 {
                0 => File::options()
                    .write(true)
                    .open(path)
                    .unwrap()
                    .set_len(self.short_len)
                    .unwrap(),
                1 => File::options()
                    .write(true)
                    .open(path)
                    .unwrap()
                    .set_len(full)
                    .unwrap(),
                2 => {
                    std::fs::write(&staged, &self.other).unwrap();
                    std::fs::rename(&staged, path).unwrap();
                }
                _ => {
                    std::fs::write(&staged, &self.base).unwrap();
                    std::fs::rename(&staged, path).unwrap();
                }
            }
            turn += 1;
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}
/// Runs `hash` over and over for `time` while the file at `path` changes; every `Ok` must be
/// the hash of one of `versions`. Returns how many answers were `Ok` and how many errors.
fn while_changing<T: PartialEq + std::fmt::Debug>(
    what: &str,
    versions: &Versions,
    path: &Path,
    expected: &[T],
    time: Duration,
    hash: impl Fn() -> io::Result<T>,
) -> (usize, usize) {
    std::fs::write(path, &versions.base).unwrap();
    let stop = AtomicBool::new(false);
    let (mut oks, mut errors) = (0, 0);
    /// Stops the changes however the hashing ends, a failed assertion included.
    struct StopOnDrop<'a>(&'a AtomicBool);
    impl Drop for StopOnDrop<'_> {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Relaxed);
        }
    }
    std::thread::scope(|scope| {
        scope.spawn(|| versions.mutate(path, &stop));
        let _stop = StopOnDrop(&stop);
        let start = Instant::now();
        while start.elapsed() < time {
            match hash() {
                Ok(value) => {
                    assert!(
                        expected.contains(&value),
                        "{what}: a hash of no version: {value:?}"
                    );
                    oks += 1;
                }
                Err(_) => errors += 1,
            }
        }
    });
    (oks, errors)
}

#[test]
fn a_file_changed_while_hashed_gives_the_hash_of_one_version_or_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    let time = Duration::from_millis(300);

    let small = Versions::new(64 << 10);
    let xxh3: Vec<u64> = small.all().iter().map(|v| XxHash3::hash(v)).collect();
    while_changing("hash_file", &small, &path, &xxh3, time, || {
        iohash::hash_file::<XxHash3>(&path)
    });
    while_changing("hash_files", &small, &path, &xxh3, time, || {
        let mut first = None;
        iohash::hash_files(
            [&path, &path],
            0,
            &mut (),
            |path, mut job| {
                let mut hasher = XxHash3::new();
                job.read(FileRead::path(path)).append_to(&mut hasher)?;
                Ok::<_, io::Error>(hasher.current_hash())
            },
            |_, result| {
                first.get_or_insert(result);
                ControlFlow::Continue(())
            },
        )?;
        first.expect("a result for each path")
    });
    while_changing("append_open_file", &small, &path, &xxh3, time, || {
        let mut hasher = XxHash3::new();
        hasher.append_open_file(&File::open(&path)?)?;
        Ok(hasher.current_hash())
    });
    // A range: the bytes of one version from 1000 to the short length.
    let range = |v: &Vec<u8>| XxHash3::hash(&v[1000..small.short_len as usize]);
    let ranges: Vec<u64> = small.all().iter().map(range).collect();
    while_changing("a range", &small, &path, &ranges, time, || {
        let mut hasher = XxHash3::new();
        FileRead::path(&path)
            .range(1000, Some(small.short_len - 1000))
            .append_to(&mut hasher)?;
        Ok(hasher.current_hash())
    });

    // Read on several threads, hashed in order.
    let large = Versions::new(THREADED_READ_LEN + 4096);
    let xxh3: Vec<u64> = large.all().iter().map(|v| XxHash3::hash(v)).collect();
    let (oks, errors) = while_changing("on threads", &large, &path, &xxh3, time, || {
        let mut hasher = XxHash3::new();
        FileRead::path(&path).threads(3).append_to(&mut hasher)?;
        Ok(hasher.current_hash())
    });
    assert!(oks + errors > 0);
}

/// A sink that runs `change` on the first bytes it is given: the hash has begun, its snapshot
/// taken.
struct ChangeOnFirstWrite<F: FnMut()> {
    hasher: XxHash3,
    change: Option<F>,
}

impl<F: FnMut()> DynHasher for ChangeOnFirstWrite<F> {
    fn append(&mut self, data: &[u8]) {
        if let Some(mut change) = self.change.take() {
            change();
        }
        self.hasher.append(data);
    }

    fn reset(&mut self) {
        self.hasher.reset();
    }

    fn hash_len(&self) -> usize {
        self.hasher.hash_len()
    }

    fn current_hash_into(&self, out: &mut [u8]) -> usize {
        self.hasher.current_hash_into(out)
    }

    fn name(&self) -> &'static str {
        self.hasher.name()
    }

    /// The hasher's copy; the change has a file to change only once.
    fn box_clone(&self) -> Box<dyn DynHasher + Send> {
        self.hasher.box_clone()
    }
}

#[test]
fn a_write_in_place_after_the_hash_began_is_an_error() {
    use std::os::unix::fs::FileExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    // Large enough to be read on threads.
    let len = (THREADED_READ_LEN + 4096) as u64;
    let data = Rng(43).bytes(len as usize);
    /// A change to the file (of the length given), once its hash has begun.
    type Change = fn(&File, u64);
    let changes: [(&str, Change); 4] = [
        ("a byte rewritten at the end", |f, len| {
            f.write_all_at(b"x", len - 1).unwrap()
        }),
        ("a byte rewritten at the start", |f, _| {
            f.write_all_at(b"x", 0).unwrap()
        }),
        ("truncated", |f, _| f.set_len(1000).unwrap()),
        ("extended", |f, len| f.set_len(2 * len).unwrap()),
    ];
    for (what, change) in changes {
        let fresh = || {
            std::fs::write(&path, &data).unwrap();
            File::options().write(true).open(&path).unwrap()
        };
        let writer = fresh();
        let mut sink = ChangeOnFirstWrite {
            hasher: XxHash3::new(),
            change: Some(|| change(&writer, len)),
        };
        let result = sink.append_file(&path);
        assert!(result.is_err(), "{what}: {result:?}");

        let writer = fresh();
        let mut sink = ChangeOnFirstWrite {
            hasher: XxHash3::new(),
            change: Some(|| change(&writer, len)),
        };
        let result = FileRead::path(&path)
            .range(10, Some(len - 20))
            .append_to(&mut sink);
        assert!(result.is_err(), "range, {what}: {result:?}");

        // An open file read on threads, changed once the first chunk is hashed.
        let writer = fresh();
        let file = File::open(&path).unwrap();
        let mut changed = false;
        let result = FileRead::file(&file)
            .threads(2)
            .observer(&mut OnProgress(|_| {
                if !std::mem::replace(&mut changed, true) {
                    change(&writer, len);
                }
            }))
            .append_to(&mut Crc64::new());
        assert!(changed, "open file on threads, {what}: never changed");
        assert!(result.is_err(), "open file on threads, {what}: {result:?}");

        let writer = fresh();
        let mut sink = ChangeOnFirstWrite {
            hasher: XxHash3::new(),
            change: Some(|| change(&writer, len)),
        };
        let result = FileRead::path(&path).threads(2).append_to(&mut sink);
        assert!(result.is_err(), "read on threads, {what}: {result:?}");
    }
}

/// A pseudo-file reports a size of 0 (or less than it holds): every file path reads it to its
/// end, the parallel one included, so its hash is that of its bytes, not of the empty input.
#[cfg(target_os = "linux")]
#[test]
fn pseudo_files_whose_size_lies_are_read_to_their_end() {
    let version = Path::new("/proc/version");
    let Ok(bytes) = std::fs::read(version) else {
        eprintln!("skipped: no {}", version.display());
        return;
    };
    assert!(!bytes.is_empty());
    assert_eq!(
        std::fs::metadata(version).unwrap().len(),
        0,
        "a size that lies"
    );
    let crc = Crc64::hash(&bytes);
    for threads in [1, 2, 4] {
        let mut parallel = Crc64::new();
        FileRead::path(version)
            .threads(threads)
            .append_to(&mut parallel)
            .unwrap();
        assert_eq!(parallel.current_hash(), crc, "{threads} threads");
    }
    let mut counted = 0;
    let open = File::open(version).unwrap();
    let mut parallel = Crc64::new();
    FileRead::file(&open)
        .threads(2)
        .observer(&mut OnProgress(|n| counted += n))
        .append_to(&mut parallel)
        .unwrap();
    assert_eq!(parallel.current_hash(), crc);
    assert_eq!(counted, bytes.len() as u64);
    assert_eq!(
        iohash::hash_file::<XxHash3>(version).unwrap(),
        XxHash3::hash(&bytes)
    );
    let mut hasher = XxHash64::new();
    hasher.append_file(version).unwrap();
    assert_eq!(hasher.current_hash(), XxHash64::hash(&bytes));
    let mut hasher = XxHash64::new();
    FileRead::path(version)
        .threads(2)
        .append_to(&mut hasher)
        .unwrap();
    assert_eq!(hasher.current_hash(), XxHash64::hash(&bytes));
}

/// Read on several threads and hashed in order, a file gives the hash it gives read straight:
/// for every algorithm, at lengths around the chunks the threads read, from any position of
/// the handle, which is left at the end.
#[test]
fn a_file_read_on_threads_hashes_as_read_straight() {
    use std::io::{Seek, SeekFrom};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    // Threads read from 64 MiB on, in chunks of 256 KiB.
    let (mib, chunk) = (1 << 20, 256 << 10);
    let data = Rng(7).bytes(64 * mib + 3 * chunk + 1);
    for len in [
        64 * mib - 1,
        64 * mib,
        64 * mib + 1,
        64 * mib + 3 * chunk - 1,
        64 * mib + 3 * chunk + 1,
    ] {
        std::fs::write(&path, &data[..len]).unwrap();
        for algorithm in Algorithm::ALL {
            let expected = {
                let mut hasher = algorithm.hasher(0);
                hasher.append(&data[..len]);
                hasher.current_hash()
            };
            for threads in [2, 3] {
                let mut hasher = algorithm.hasher(0);
                assert_eq!(
                    FileRead::path(&path)
                        .threads(threads)
                        .append_to(&mut hasher)
                        .unwrap(),
                    len as u64
                );
                assert_eq!(
                    hasher.current_hash(),
                    expected,
                    "{algorithm} {len} {threads}"
                );
            }
        }
        // More readers than the ring has buffers.
        let mut hasher = XxHash64::new();
        FileRead::path(&path)
            .threads(40)
            .append_to(&mut hasher)
            .unwrap();
        assert_eq!(hasher.current_hash(), XxHash64::hash(&data[..len]));
        let mut file = File::open(&path).unwrap();
        file.seek(SeekFrom::Start(12345)).unwrap();
        let mut hasher = XxHash3::new();
        FileRead::file(&file)
            .threads(2)
            .append_to(&mut hasher)
            .unwrap();
        assert_eq!(hasher.current_hash(), XxHash3::hash(&data[12345..len]));
        assert_eq!(file.stream_position().unwrap(), len as u64);
        // A range on threads, by position: the handle stays where it was.
        let mut hasher = XxHash3::new();
        FileRead::file(&file)
            .range(3, None)
            .threads(2)
            .append_to(&mut hasher)
            .unwrap();
        assert_eq!(hasher.current_hash(), XxHash3::hash(&data[3..len]));
        assert_eq!(file.stream_position().unwrap(), len as u64);
    }
}

/// A thread the system refuses is no error: its share is read on the calling thread, and the
/// observer hears of it. The test runs itself again with `RUST_MIN_STACK` past any address
/// space, so that every thread is refused (as `ulimit -v` or a full process table refuses
/// them), and nothing else is short.
#[test]
fn reads_whose_threads_are_refused_are_done_on_the_calling_thread() {
    const CHILD: &str = "IOHASH_TEST_THREADS_REFUSED";
    if std::env::var_os(CHILD).is_none() {
        let name = "reads_whose_threads_are_refused_are_done_on_the_calling_thread";
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([name, "--exact", "--test-threads=1", "--nocapture"])
            .env(CHILD, "1")
            .env("RUST_MIN_STACK", (1u64 << 52).to_string())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("1 passed"),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        return;
    }
    assert!(
        std::thread::Builder::new().spawn(|| ()).is_err(),
        "threads are not refused here"
    );
    /// What the observer heard of refused threads: (asked, started) each time.
    struct Refusals(Vec<(usize, usize)>);
    impl ReadObserver for Refusals {
        fn thread_refused(&mut self, asked: usize, started: usize, _: &io::Error) {
            self.0.push((asked, started));
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    // Long enough to be read on threads.
    let data = Rng(9).bytes(THREADED_READ_LEN + 5);
    std::fs::write(&path, &data).unwrap();
    let mut refusals = Refusals(Vec::new());
    let mut crc = Crc64::new();
    FileRead::path(&path)
        .threads(3)
        .observer(&mut refusals)
        .append_to(&mut crc)
        .unwrap();
    assert_eq!(crc.current_hash(), Crc64::hash(&data));
    // Three asked, but no more than the CPUs are: on a machine of one, none to refuse.
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let readers = cpus.min(3);
    let heard: &[(usize, usize)] = if readers > 1 { &[(readers, 1)] } else { &[] };
    assert_eq!(refusals.0, heard);

    // Many files: each is hashed on the calling thread.
    let small = dir.path().join("small");
    std::fs::write(&small, b"small").unwrap();
    let paths = [&small, &path, &small];
    let mut refusals = Refusals(Vec::new());
    let mut hashes = Vec::new();
    iohash::hash_files(
        paths,
        2,
        &mut refusals,
        |path, mut job| {
            let mut crc = Crc64::new();
            job.read(FileRead::path(path)).append_to(&mut crc)?;
            Ok::<_, io::Error>(crc.current_hash())
        },
        |_, hash| {
            hashes.push(hash.unwrap());
            ControlFlow::Continue(())
        },
    )
    .unwrap();
    let small = Crc64::hash(b"small");
    assert_eq!(hashes, [small, Crc64::hash(&data), small]);
    assert_eq!(refusals.0, [(2, 1)]);
}
