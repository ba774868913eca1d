//! `-b`: each algorithm's speed on this machine, in the spirit of `xxhsum -b`, and numbered as
//! xxhsum numbers its benchmarks (`-b#`): 1 XXH32, 3 XXH64, 5 XXH3-64, 11 XXH3-128, each
//! number plus one the same on an unaligned input; iohash's CRCs from 30.

use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use iohash::{Algorithm, DynHasher, NonCryptographicHasher};

/// xxhsum's default sample: 100 KiB (`-B#` sets another).
const SAMPLE_LEN: usize = 100 * 1024;
/// How long each round of an algorithm is timed; the best round counts.
const ROUND: Duration = Duration::from_millis(300);

/// Every benchmark: its number, the algorithm, and whether the input is one byte off
/// alignment.
fn benchmarks() -> Vec<(u32, Algorithm, bool)> {
    let mut all = vec![
        (1, Algorithm::Xxh32, false),
        (2, Algorithm::Xxh32, true),
        (3, Algorithm::Xxh64, false),
        (4, Algorithm::Xxh64, true),
        (5, Algorithm::Xxh3, false),
        (6, Algorithm::Xxh3, true),
        (11, Algorithm::Xxh128, false),
        (12, Algorithm::Xxh128, true),
    ];
    let crcs = Algorithm::ALL.iter().filter(|a| !a.takes_seed());
    all.extend(
        (30..)
            .zip(crcs)
            .map(|(id, &algorithm)| (id, algorithm, false)),
    );
    all
}

/// Which benchmarks to run, and how.
pub struct Choice {
    /// The benchmarks' numbers; none, or only 0: the aligned ones of every algorithm.
    pub ids: Vec<u32>,
    /// Every benchmark, unaligned ones too.
    pub all: bool,
    /// Rounds per benchmark, the best counts; 0: one short round (xxhsum's `-i0`).
    pub rounds: u32,
    /// The made-up sample's length (xxhsum's `-B#`), when no file is given.
    pub sample_len: Option<usize>,
}

/// Times the chosen benchmarks on each sample (the files given, or 100 KiB made up); prints a
/// line each.
pub fn run(choice: &Choice, samples: &[(String, Vec<u8>)]) -> Result<(), String> {
    let aligned_only = choice.ids.iter().all(|&id| id == 0);
    if let Some(&unknown) = choice
        .ids
        .iter()
        .find(|&&id| id != 0 && !benchmarks().iter().any(|b| b.0 == id))
    {
        let ids: Vec<String> = benchmarks().iter().map(|b| b.0.to_string()).collect();
        return Err(format!(
            "-b{unknown}: no such benchmark (iohash has {}, and 0 for the aligned ones)",
            ids.join(", ")
        ));
    }
    let chosen: Vec<_> = benchmarks()
        .into_iter()
        .filter(|&(n, _, unaligned)| {
            choice.all || (aligned_only && !unaligned) || choice.ids.contains(&n)
        })
        .collect();
    let (rounds, round) = match choice.rounds {
        0 => (1, ROUND / 30),
        rounds => (rounds, ROUND),
    };
    let sample_len = choice.sample_len.unwrap_or(SAMPLE_LEN);
    let made_up;
    // Files are named before their lines; the made-up sample is not.
    let named = !samples.is_empty();
    let samples = if samples.is_empty() {
        let mut sample = Vec::new();
        sample
            .try_reserve_exact(sample_len.saturating_add(1))
            .map_err(|_| format!("-B{sample_len}: no memory for a sample of {sample_len} bytes"))?;
        sample.extend((0..sample_len).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8));
        made_up = [(String::new(), sample)];
        &made_up[..]
    } else {
        samples
    };
    let mut out = io::stdout().lock();
    for (name, sample) in samples {
        // One byte more, so that the unaligned benchmarks can start one byte in.
        let mut padded = Vec::new();
        padded
            .try_reserve_exact(sample.len() + 1)
            .map_err(|_| format!("no memory for a copy of the {} bytes sampled", sample.len()))?;
        padded.push(0);
        padded.extend_from_slice(sample);
        if named {
            writeln!(out, "{name}:").map_err(|e| stdout_failed(&e))?;
        }
        for &(n, algorithm, unaligned) in &chosen {
            let input = if unaligned {
                &padded[1..]
            } else {
                sample.as_slice()
            };
            let seconds = best_time(algorithm, input, rounds, round);
            let tag = if unaligned {
                format!("{} unaligned", algorithm.tag())
            } else {
                algorithm.tag().to_owned()
            };
            writeln!(
                out,
                "{n:2}#{tag:<20} : {:10} -> {:9.0} it/s ({:9.1} MB/s)",
                input.len(),
                1.0 / seconds,
                // xxhsum's "MB" is 2^20 bytes.
                input.len() as f64 / seconds / f64::from(1 << 20),
            )
            .and_then(|()| out.flush())
            .map_err(|e| stdout_failed(&e))?;
        }
    }
    Ok(())
}

/// The error of a line that could not be written: the run ends there.
fn stdout_failed(e: &io::Error) -> String {
    format!("standard output: {}", crate::input::describe(e))
}

/// The best time, in seconds, of one hash of `input` over `rounds` rounds of `round` each.
fn best_time(algorithm: Algorithm, input: &[u8], rounds: u32, round: Duration) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..rounds {
        let start = Instant::now();
        let mut iterations = 0u64;
        while start.elapsed() < round {
            for _ in 0..16 {
                let mut hasher = algorithm.hasher(0);
                hasher.append(black_box(input));
                black_box(hasher.current_hash());
            }
            iterations += 16;
        }
        best = best.min(start.elapsed().as_secs_f64() / iterations as f64);
    }
    best
}
