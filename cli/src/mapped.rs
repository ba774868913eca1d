//! Large regular files hashed through a memory map: no copy out of the page cache, where
//! reading copies every byte once (BENCHMARKS.md has both, beside `xxhsum`).
//!
//! A file truncated while it is mapped makes the next access to the missing pages raise
//! `SIGBUS`, which would kill the process without a word. The command (not the library: a
//! library must not take over a process's signals) installs a `SIGBUS` handler that writes
//! which file it was, as every other error is written, and exits with status 1. Since that
//! ends the process, only a file hashed alone is mapped: with several, a truncated one must not
//! stop the others, and they are read. Other changes are caught as with reads, by the library's
//! `FileSnapshot`.
#![allow(unsafe_code)]

use std::cell::Cell;
use std::fs::File;
use std::io;
use std::sync::Once;

use iohash::DynHasher;

/// Files at least this long are mapped; smaller ones are read, where a map's set-up costs more
/// than the copy it saves.
pub const MIN_MAP_LEN: u64 = 16 << 20;

/// Bytes appended at a time: how often the progress bar moves.
const CHUNK: usize = 1 << 20;

/// How far ahead of the hash the read-ahead thread may touch.
const AHEAD: usize = 8 << 20;

thread_local! {
    /// The message for a `SIGBUS` on this thread: set while this thread hashes a mapped file.
    static ON_SIGBUS: Cell<Option<&'static [u8]>> = const { Cell::new(None) };
}

/// Appends the file to `sink` through a memory map, `Ok(None)` where it should be read
/// instead (not a regular file, too small, or the map failed).
pub fn append_mapped(
    sink: &mut (impl DynHasher + ?Sized),
    file: &File,
    program: &str,
    name: &[u8],
) -> io::Result<Option<u64>> {
    let before = iohash::FileSnapshot::of(file)?;
    if !before.is_file() || before.len() < MIN_MAP_LEN {
        return Ok(None);
    }
    // SAFETY: the map is only read, through the slice below, while `file` is open. If another
    // process truncates the file meanwhile, reading the pages past the new end raises SIGBUS,
    // which `on_sigbus` turns into a message naming the file and an exit; a change in place
    // can give a hash of a mix of both versions, which the size and time check after the hash
    // reports as an error, as the read path does.
    let Ok(map) = (unsafe { memmap2::MmapOptions::new().map(file) }) else {
        return Ok(None);
    };
    let message = format!(
        "{program}: {}: file changed while it was being hashed (truncated)\n",
        String::from_utf8_lossy(name)
    );
    install_sigbus_handler();
    // Leaked once per mapped file: the handler may read it at any moment until it is cleared.
    let message: &'static [u8] = Box::leak(message.into_bytes().into_boxed_slice());
    ON_SIGBUS.with(|slot| slot.set(Some(message)));
    hash_with_read_ahead(&map, sink, message);
    ON_SIGBUS.with(|slot| slot.set(None));
    before.check(file)?;
    Ok(Some(map.len() as u64))
}

/// Appends `map` to `sink` in chunks while a second thread touches the chunks ahead, so that
/// two cores pull the file from memory at once: one core alone cannot keep enough cache-line
/// fills in flight to reach the memory bandwidth (BENCHMARKS.md).
fn hash_with_read_ahead(map: &[u8], sink: &mut (impl DynHasher + ?Sized), message: &'static [u8]) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let hashed = AtomicUsize::new(0);
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            // This thread touches the map too: a truncation may fault here first.
            ON_SIGBUS.with(|slot| slot.set(Some(message)));
            let mut at = CHUNK;
            while at < map.len() && !done.load(Ordering::Relaxed) {
                if at > hashed.load(Ordering::Relaxed) + AHEAD {
                    std::thread::yield_now();
                    continue;
                }
                let end = (at + CHUNK).min(map.len());
                let mut sum = 0u8;
                for line in map[at..end].iter().step_by(64) {
                    sum = sum.wrapping_add(*line);
                }
                std::hint::black_box(sum);
                at = end;
            }
        });
        for chunk in map.chunks(CHUNK) {
            sink.append(chunk);
            hashed.fetch_add(chunk.len(), Ordering::Relaxed);
        }
        done.store(true, Ordering::Relaxed);
    })
}

fn install_sigbus_handler() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // SAFETY: `action` is zeroed (no flags, empty mask) and then given a handler of the
        // signature `sa_sigaction` expects with `SA_SIGINFO` unset; `sigaction` only reads it.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_sigbus as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut());
        }
    });
}

/// Writes which file was truncated and exits; only async-signal-safe calls (`write`, `_exit`).
/// A `SIGBUS` with no mapped file being hashed on this thread is another fault: the default
/// action is restored and the signal raised again.
extern "C" fn on_sigbus(signal: libc::c_int) {
    let message = ON_SIGBUS.with(Cell::get);
    // SAFETY: `write` and `_exit` are async-signal-safe; `message` is a leaked, never-freed
    // slice; `signal` and `raise` restore the default action for a fault that is not ours.
    unsafe {
        match message {
            Some(message) => {
                libc::write(2, message.as_ptr().cast(), message.len());
                libc::_exit(1);
            }
            None => {
                libc::signal(signal, libc::SIG_DFL);
                libc::raise(signal);
            }
        }
    }
}
