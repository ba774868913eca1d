//! One large file's CRC as ranges hashed on several threads at once and combined: CRCs split
//! (see [`iohash::SplittableHasher`]); the xxHash family does not.

use std::fs::File;
use std::io;
use std::path::Path;

use indicatif::ProgressBar;
use iohash::{Algorithm, Crc32, Crc64, HashingWriter, NonCryptographicHasher, SplittableHasher};

use crate::progress::BarWriter;

/// Files at least this long are split, as long as each range is at least
/// [`iohash::MIN_PART_LEN`]: below, one thread reads the file as fast.
pub const MIN_SPLIT_LEN: u64 = 16 << 20;

/// The CRC of the regular file at `path` (open as `file`), hashed as up to `threads` ranges
/// (`-j`; `None`: one per CPU); `None` where it is not worth it or not possible (not a CRC, one
/// thread, a small file). The CPU count is only asked for a CRC of a large file.
pub fn crc_in_ranges(
    algorithm: Algorithm,
    path: &Path,
    file: &File,
    threads: Option<usize>,
    bar: Option<&ProgressBar>,
) -> Option<io::Result<u128>> {
    if !matches!(algorithm, Algorithm::Crc32(_) | Algorithm::Crc64(_)) || threads == Some(1) {
        return None;
    }
    let before = match file.metadata() {
        Ok(before) if before.is_file() && before.len() >= MIN_SPLIT_LEN => before,
        Ok(_) => return None,
        Err(e) => return Some(Err(e)),
    };
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |cpus| cpus.get()));
    let parts = (before.len() / iohash::MIN_PART_LEN).min(threads as u64);
    if parts < 2 {
        return None;
    }
    let hashed = match algorithm {
        Algorithm::Crc32(variant) => in_ranges(path, before.len(), parts, bar, || {
            Crc32::with_variant(variant)
        })
        .map(|crc| u128::from(crc.current_hash())),
        Algorithm::Crc64(variant) => in_ranges(path, before.len(), parts, bar, || {
            Crc64::with_variant(variant)
        })
        .map(|crc| u128::from(crc.current_hash())),
        _ => return None,
    };
    Some(hashed.and_then(|hash| crate::input::check_unchanged(file, &before).map(|()| hash)))
}

/// `parts` ranges of `len` bytes in all, one thread each, combined in order.
fn in_ranges<H: SplittableHasher + Send>(
    path: &Path,
    len: u64,
    parts: u64,
    bar: Option<&ProgressBar>,
    new_hasher: impl Fn() -> H + Sync,
) -> io::Result<H> {
    let part_len = len.div_ceil(parts);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..parts)
            .map(|i| {
                let offset = i * part_len;
                let new_hasher = &new_hasher;
                scope.spawn(move || {
                    let mut hasher = new_hasher();
                    let mut sink = HashingWriter::new(BarWriter(bar), &mut hasher);
                    iohash::append_file_range(&mut sink, path, offset, part_len.min(len - offset))?;
                    Ok::<H, io::Error>(hasher)
                })
            })
            .collect();
        let mut combined: Option<H> = None;
        for worker in workers {
            let part = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
            match &mut combined {
                Some(hasher) => hasher.combine(&part),
                None => combined = Some(part),
            }
        }
        Ok(combined.expect("two ranges or more"))
    })
}
