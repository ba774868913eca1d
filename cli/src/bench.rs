//! `--bench`: each algorithm's speed on this machine, in the spirit of `xxhsum -b`.

use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use iohash::{Algorithm, DynHasher};

/// xxhsum's default sample: 100 KiB.
const SAMPLE_LEN: usize = 100 * 1024;
/// How long each algorithm is timed, best of three rounds.
const ROUND: Duration = Duration::from_millis(300);

/// Prints one line per algorithm; stops quietly if standard output is closed.
pub fn run() {
    let mut out = io::stdout().lock();
    let sample: Vec<u8> = (0..SAMPLE_LEN)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    for (id, &algorithm) in Algorithm::ALL.iter().enumerate() {
        let mut best = f64::MAX;
        for _ in 0..3 {
            let start = Instant::now();
            let mut iterations = 0u64;
            while start.elapsed() < ROUND {
                for _ in 0..16 {
                    let mut hasher = algorithm.hasher(0);
                    hasher.append(black_box(&sample));
                    black_box(hasher.current_hash());
                }
                iterations += 16;
            }
            best = best.min(start.elapsed().as_secs_f64() / iterations as f64);
        }
        let line = writeln!(
            out,
            "{:2}#{:<10} : {:10} -> {:9.0} it/s ({:9.1} MB/s)",
            id + 1,
            algorithm.tag(),
            SAMPLE_LEN,
            1.0 / best,
            SAMPLE_LEN as f64 / best / 1e6,
        );
        if line.is_err() {
            return;
        }
    }
}
