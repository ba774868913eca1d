//! The progress bar on stderr, and the hasher that moves it as bytes are hashed.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use iohash::DynHasher;

/// Below this many bytes in all, hashing is over before a bar would help.
const MIN_TOTAL: u64 = 64 << 20;

/// A bar for `total` bytes (`None`: not known, as for a list read as it is hashed), or `None`
/// when there is too little to hash to show one. The caller decides whether stderr is a
/// terminal.
pub fn bar(total: Option<u64>) -> Option<ProgressBar> {
    let template = match total {
        Some(total) if total < MIN_TOTAL => return None,
        Some(_) => "{bar:40} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} eta {eta}",
        None => "{spinner} {binary_bytes} {binary_bytes_per_sec}",
    };
    let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.tick();
    Some(bar)
}

/// A hasher that moves the bar by every byte it is given: what hash mode appends a file to
/// (through the library's `HasherExt` methods, as any hasher).
pub struct WithProgress<'a> {
    pub hasher: &'a mut dyn DynHasher,
    pub bar: Option<&'a ProgressBar>,
}

impl DynHasher for WithProgress<'_> {
    fn append(&mut self, data: &[u8]) {
        if let Some(bar) = self.bar {
            bar.inc(data.len() as u64);
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

    /// The hasher's copy, without the bar: a copy has no bytes of its own to show.
    fn box_clone(&self) -> Box<dyn DynHasher + Send> {
        self.hasher.box_clone()
    }
}
