//! The engine's ways, each forced by size and thread count, against the one-shot hash.

use super::ring::MIN_PARALLEL_READ_LEN;
use super::*;
use crate::io::os::{Offsets, READ_BUFFER_OFFSET};
use crate::{NonCryptographicHasher, XxHash3, LARGE_READ_LEN};

/// The ring's chunk, as a test sees it: what makes a file take a ring and a short chunk.
const CHUNK: usize = 256 << 10;

/// A file of `len` bytes painted with `i % 251`, in a directory that lives as long as it.
fn painted(len: usize) -> (tempfile::TempDir, std::path::PathBuf, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    let data: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
    std::fs::write(&path, &data).unwrap();
    (dir, path, data)
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
fn every_read_goes_into_a_buffer_at_the_page_offset() {
    let len = MIN_PARALLEL_READ_LEN as usize + CHUNK / 2;
    let (_dir, path, _) = painted(len);
    for threads in [1, 2, 3] {
        let mut offsets = Offsets::default();
        let read = FileRead::path(&path)
            .threads(threads)
            .append_to(&mut offsets)
            .unwrap();
        assert_eq!(read, len as u64);
        assert!(
            offsets.0.iter().all(|&at| at == READ_BUFFER_OFFSET),
            "{threads}"
        );
    }
    let (_dir, path, _) = painted(3 * LARGE_READ_LEN + 5);
    let mut offsets = Offsets::default();
    FileRead::path(&path).append_to(&mut offsets).unwrap();
    assert_eq!(offsets.0, [READ_BUFFER_OFFSET; 4]);
}

/// Whole files and ranges, short and long, on one thread and several: the one-shot's hash of
/// the same bytes, and progress that adds up to them.
#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
fn every_way_gives_the_hash_of_the_bytes_and_their_count() {
    let len = MIN_PARALLEL_READ_LEN as usize + 3 * CHUNK + 17;
    let (_dir, path, data) = painted(len);
    let big = MIN_PARALLEL_READ_LEN + CHUNK as u64 + 1;
    let ranges = [
        None,
        Some((0, None)),
        Some((5, Some(1000))),
        Some((7, Some(big))),
        Some((len as u64 - big, None)),
        Some((len as u64, None)),
        Some((len as u64, Some(0))),
    ];
    for range in ranges {
        for threads in [0, 1, 2, 3] {
            let mut progress = 0;
            let mut observer = Progress(&mut progress);
            let mut read = FileRead::path(&path)
                .threads(threads)
                .observer(&mut observer);
            let (start, end) = match range {
                None => (0, len),
                Some((offset, length)) => {
                    read = read.range(offset, length);
                    let end = length.map_or(len, |l| (offset + l) as usize);
                    (offset as usize, end)
                }
            };
            let mut hasher = XxHash3::new();
            let got = read.append_to(&mut hasher).unwrap();
            let why = format!("{range:?} on {threads} threads");
            assert_eq!(got, (end - start) as u64, "{why}");
            assert_eq!(progress, got, "{why}");
            assert_eq!(
                hasher.current_hash(),
                XxHash3::hash(&data[start..end]),
                "{why}"
            );
        }
    }
}

struct Progress<'a>(&'a mut u64);

impl ReadObserver for Progress<'_> {
    fn progress(&mut self, bytes: u64) {
        *self.0 += bytes;
    }
}

/// An open file is read from its position and left at its end; a range leaves the position
/// where it was.
#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
fn a_whole_read_moves_the_position_and_a_range_does_not() {
    let len = MIN_PARALLEL_READ_LEN as usize + CHUNK;
    let (_dir, path, data) = painted(len);
    for threads in [1, 2] {
        let mut file = File::open(&path).unwrap();
        file.seek(SeekFrom::Start(100)).unwrap();
        let mut hasher = XxHash3::new();
        FileRead::file(&file)
            .range(3, Some(MIN_PARALLEL_READ_LEN))
            .threads(threads)
            .append_to(&mut hasher)
            .unwrap();
        let range = &data[3..3 + MIN_PARALLEL_READ_LEN as usize];
        assert_eq!(hasher.current_hash(), XxHash3::hash(range));
        assert_eq!(file.stream_position().unwrap(), 100);
        let mut hasher = XxHash3::new();
        FileRead::file(&file)
            .threads(threads)
            .append_to(&mut hasher)
            .unwrap();
        assert_eq!(hasher.current_hash(), XxHash3::hash(&data[100..]));
        assert_eq!(file.stream_position().unwrap(), len as u64);
    }
}

/// Ranges are checked against the file once, with words that name its length.
#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
fn ranges_past_the_end_and_of_other_files_are_clear_errors() {
    let (_dir, path, _) = painted(100_000);
    let err = |offset, length| {
        FileRead::path(&path)
            .range(offset, length)
            .append_to(&mut XxHash3::new())
            .unwrap_err()
    };
    let e = err(100_001, None);
    assert_eq!(e.kind(), ErrorKind::UnexpectedEof);
    assert_eq!(
        e.to_string(),
        "the file is 100000 bytes long, and the range starts at byte 100001"
    );
    let e = err(99_000, Some(1001));
    assert_eq!(e.kind(), ErrorKind::UnexpectedEof);
    assert_eq!(
        e.to_string(),
        "the file is 100000 bytes long, and the range ends at byte 100001"
    );
    let e = err(u64::MAX, Some(1));
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    #[cfg(unix)]
    {
        let e = FileRead::path("/dev/null")
            .range(0, None)
            .append_to(&mut XxHash3::new())
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert_eq!(e.to_string(), "a byte range needs a regular file");
    }
}

/// A check that fails stops the hash at once, on one thread or several, with its error; one
/// that passes is asked at least once a chunk and changes nothing.
#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
fn a_failing_check_stops_the_hash_and_a_passing_one_changes_nothing() {
    let (_dir, path, data) = painted(MIN_PARALLEL_READ_LEN as usize + CHUNK / 2);
    let chunks = data.len().div_ceil(CHUNK);
    for threads in [1, 2, 3] {
        let (mut hasher, mut calls) = (XxHash3::new(), 0);
        let mut check = || {
            calls += 1;
            Ok(())
        };
        FileRead::path(&path)
            .threads(threads)
            .observer(&mut check)
            .append_to(&mut hasher)
            .unwrap();
        assert_eq!(hasher.current_hash(), XxHash3::hash(&data), "{threads}");
        assert!(calls >= chunks, "{threads} threads: {calls} checks");

        let mut calls = 0;
        let mut check = || {
            calls += 1;
            match calls {
                5 => Err(io::Error::other("stop")),
                _ => Ok(()),
            }
        };
        let err = FileRead::path(&path)
            .threads(threads)
            .observer(&mut check)
            .append_to(&mut XxHash3::new())
            .unwrap_err();
        assert_eq!(err.to_string(), "stop", "{threads} threads");
        assert_eq!(calls, 5, "{threads} threads");
    }
}

/// Refused threads leave their chunks to the calling thread: the same hash, and the observer
/// hears once how many threads were asked for and how many read.
#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
fn a_refused_thread_is_reported_and_changes_nothing() {
    #[derive(Default)]
    struct Refusals(Vec<(usize, usize, ErrorKind)>);
    impl ReadObserver for Refusals {
        fn thread_refused(&mut self, asked: usize, started: usize, error: &io::Error) {
            self.0.push((asked, started, error.kind()));
        }
    }
    let (_dir, path, data) = painted(MIN_PARALLEL_READ_LEN as usize + CHUNK / 2);
    // Three asked, but never more than the CPUs: a machine of one hears of no refusal.
    let readers = super::readers(3, data.len() as u64);
    let refused = match readers {
        1 => vec![],
        n => vec![(n, 1, ErrorKind::WouldBlock)],
    };
    for (refuse, threads, heard) in [(true, 3, refused), (true, 1, vec![]), (false, 3, vec![])] {
        threads::tests::REFUSE.set(refuse);
        let (mut hasher, mut refusals) = (XxHash3::new(), Refusals::default());
        let read = FileRead::path(&path)
            .threads(threads)
            .observer(&mut refusals)
            .append_to(&mut hasher);
        threads::tests::REFUSE.set(false);
        assert_eq!(read.unwrap(), data.len() as u64);
        assert_eq!(hasher.current_hash(), XxHash3::hash(&data));
        assert_eq!(refusals.0, heard, "refused: {refuse}, {threads} threads");
    }
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
fn missing_files_and_directories_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let err = |path: &Path| FileRead::path(path).append_to(&mut XxHash3::new());
    assert_eq!(
        err(&dir.path().join("missing")).unwrap_err().kind(),
        ErrorKind::NotFound
    );
    assert_eq!(
        err(&dir.path().join("missing/dir/file"))
            .unwrap_err()
            .kind(),
        ErrorKind::NotFound
    );
    let e = err(dir.path()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IsADirectory);
    assert_eq!(e.to_string(), "Is a directory");
}

/// An open-ended range reads on past the size a pseudo-file reports (0 for `/proc`), as a whole
/// read does; one with a length stops at the size.
#[cfg(target_os = "linux")]
#[test]
fn an_open_ended_range_reads_a_pseudo_file_to_its_end() {
    let path = Path::new("/proc/version");
    let contents = std::fs::read(path).unwrap();
    assert!(contents.len() > 10 && std::fs::metadata(path).unwrap().len() == 0);
    let mut whole = XxHash3::new();
    let read = FileRead::path(path).range(0, None).append_to(&mut whole);
    assert_eq!(read.unwrap(), contents.len() as u64);
    assert_eq!(whole.current_hash(), XxHash3::hash(&contents));
    let mut tail = XxHash3::new();
    FileRead::path(path)
        .range(0, Some(0))
        .append_to(&mut tail)
        .unwrap();
    assert_eq!(tail.current_hash(), XxHash3::hash(b""));
}

/// However many threads are asked for, the ring starts no more than the CPUs, nor than it has
/// buffers for: the observer hears of the refusal with the count the ring asked for.
#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
fn a_huge_thread_count_starts_no_more_readers_than_buffers() {
    #[derive(Default)]
    struct Asked(Option<usize>);
    impl ReadObserver for Asked {
        fn thread_refused(&mut self, asked: usize, _: usize, _: &io::Error) {
            self.0 = Some(asked);
        }
    }
    let (_dir, path, data) = painted(MIN_PARALLEL_READ_LEN as usize + 40 * CHUNK);
    threads::tests::REFUSE.set(true);
    let (mut hasher, mut asked) = (XxHash3::new(), Asked::default());
    let read = FileRead::path(&path)
        .threads(100_000)
        .observer(&mut asked)
        .append_to(&mut hasher);
    threads::tests::REFUSE.set(false);
    assert_eq!(read.unwrap(), data.len() as u64);
    assert_eq!(hasher.current_hash(), XxHash3::hash(&data));
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let readers = cpus.min(super::ring::MAX_READERS);
    assert_eq!(asked.0, (readers > 1).then_some(readers));
}

#[test]
fn one_file_never_gets_more_readers_than_cpus() {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let big = 4 << 30;
    for asked in [0, 2, 64, 100_000, usize::MAX] {
        let readers = super::readers(asked, big);
        assert!(
            readers <= cpus,
            "{asked} asked: {readers} readers on {cpus} CPUs"
        );
        assert!(readers >= 1);
    }
    assert_eq!(super::readers(1, big), 1);
    assert_eq!(
        super::readers(100_000, 1 << 20),
        1,
        "below the ring's threshold"
    );
}
