//! What the command's test files share: the splitmix64 bytes of the golden files' inputs and
//! the ASC MHL test tree.

use std::fs;
use std::path::Path;

/// `len` bytes of splitmix64 words from `seed`, little-endian: the files of
/// `tests/data/cloud_golden.txt` and `cli/tests/data/mhl_tree.txt` (as `tests/data/splitmix.py`
/// and `Rng::bytes` in the library's `src/testing.rs` make them).
pub fn splitmix_bytes(mut state: u64, len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out.extend_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    out.truncate(len);
    out
}

/// The tree of `cli/tests/data/mhl_tree.txt` at `root`, whose ASC MHL hashes the reference
/// recorded (`cli/tests/data/mhl_golden.txt`, `cli/tests/data/ascmhl/`).
pub fn build_mhl_tree(root: &Path) {
    let spec = include_str!("../data/mhl_tree.txt");
    for line in spec
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if let Some(path) = line.strip_prefix("d ") {
            fs::create_dir_all(root.join(path)).unwrap();
            continue;
        }
        let f: Vec<&str> = line.splitn(4, ' ').collect();
        let path = root.join(f[3]);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(
            path,
            splitmix_bytes(f[2].parse().unwrap(), f[1].parse().unwrap()),
        )
        .unwrap();
    }
}
