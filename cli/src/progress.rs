//! The progress bar on stderr (`crate::watch` moves it as the library hashes).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

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
