//! Prints the XXH3-64 of each file named on the command line, as `xxhsum -H3` does.
//!
//! `cargo run --release --example hash_file -- README.md`

use std::process::ExitCode;

use iohash::{NonCryptographicHasher, XxHash3};

fn main() -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for path in std::env::args_os().skip(1) {
        let mut hasher = XxHash3::new();
        match std::fs::File::open(&path).and_then(|mut f| hasher.append_from_reader(&mut f)) {
            Ok(_) => println!(
                "XXH3_{:016x}  {}",
                hasher.current_hash(),
                path.to_string_lossy()
            ),
            Err(e) => {
                eprintln!("hash_file: {}: {e}", path.to_string_lossy());
                status = ExitCode::FAILURE;
            }
        }
    }
    status
}
