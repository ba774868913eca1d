//! The progress bar on stderr, and the writer that moves it as bytes are hashed.

use std::io::{self, Write};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Below this many bytes in all, hashing is over before a bar would help.
const MIN_TOTAL: u64 = 64 << 20;

/// A bar for `total` bytes, or `None` when there is too little to hash to show one.
/// The caller decides whether stderr is a terminal.
pub fn bar(total: u64) -> Option<ProgressBar> {
    if total < MIN_TOTAL {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{bar:40} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} eta {eta}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.tick();
    Some(bar)
}

/// Moves the bar by every byte written, and takes them all: the inner writer of an
/// [`iohash::HashingWriter`], which hashes them.
pub struct BarWriter<'a>(pub Option<&'a ProgressBar>);

impl Write for BarWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        advance(self.0, buf.len() as u64);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Moves the bar, if there is one, by `bytes`.
pub fn advance(bar: Option<&ProgressBar>, bytes: u64) {
    if let Some(bar) = bar {
        bar.inc(bytes);
    }
}
