//! ASC MHL directory hashes against the reference implementation: `tests/data/mhl_golden.txt`,
//! written by `tests/data/gen_mhl_golden.py` from the `.mhl` files the reference's
//! `ascmhl create` writes for the tree of `tests/data/mhl_tree.txt` (nested and empty
//! directories, an empty file, names with spaces and non-ASCII letters, a `.DS_Store`, files of
//! up to 10 MiB), with xxh64, xxh3 and xxh128. Where a Python with `ascmhl` is found
//! (`IOHASH_PYTHON`), the script also runs live and must write the committed file.

mod common;

use std::path::{Path, PathBuf};

use common::Rng;
use iohash::mhl::{hash_tree, MhlTree};
use iohash::Algorithm;

const TREE: &str = include_str!("data/mhl_tree.txt");
const GOLDEN: &str = include_str!("data/mhl_golden.txt");

/// Builds the tree of `mhl_tree.txt` under `root`.
fn build(root: &Path) {
    for line in TREE
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if let Some(path) = line.strip_prefix("d ") {
            std::fs::create_dir_all(root.join(path)).unwrap();
            continue;
        }
        let mut fields = line.splitn(4, ' ');
        let (_, size, seed, path) = (
            fields.next(),
            fields.next().unwrap(),
            fields.next().unwrap(),
            fields.next().unwrap(),
        );
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let data = Rng(seed.parse().unwrap()).bytes(size.parse().unwrap());
        std::fs::write(path, data).unwrap();
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `format path content structure` lines, as the golden file has them.
fn lines_of(format: &str, tree: &MhlTree) -> Vec<String> {
    tree.directories()
        .into_iter()
        .map(|(path, hash)| {
            let path = if path == PathBuf::new() {
                ".".to_owned()
            } else {
                path.to_str().unwrap().to_owned()
            };
            let (content, structure) = (hex(&hash.content), hex(&hash.structure));
            format!("{format}\t{path}\t{content}\t{structure}")
        })
        .collect()
}

#[test]
fn directory_hashes_are_the_references() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let golden: Vec<&str> = GOLDEN.lines().filter(|l| !l.starts_with('#')).collect();
    let mut ours = Vec::new();
    for (format, algorithm) in [
        ("xxh64", Algorithm::Xxh64),
        ("xxh3", Algorithm::Xxh3),
        ("xxh128", Algorithm::Xxh128),
    ] {
        for threads in [1, 3] {
            let tree = hash_tree(dir.path(), algorithm, threads).unwrap();
            let lines = lines_of(format, &tree);
            assert_eq!(tree.root(), tree.directories().last().unwrap().1);
            if threads == 1 {
                ours.extend(lines);
            } else {
                assert!(ours.ends_with(&lines));
            }
        }
    }
    assert_eq!(ours, golden);
}

#[test]
fn renames_change_the_structure_hash_and_edits_both() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let hash = || hash_tree(dir.path(), Algorithm::Xxh3, 0).unwrap().root();
    let before = hash();
    let path = dir.path().join("top level.txt");
    std::fs::rename(&path, dir.path().join("moved.txt")).unwrap();
    let renamed = hash();
    assert_eq!(renamed.content, before.content);
    assert_ne!(renamed.structure, before.structure);
    std::fs::write(dir.path().join("moved.txt"), b"x").unwrap();
    let edited = hash();
    assert_ne!(edited.content, before.content);
    assert_ne!(edited.structure, renamed.structure);
    // Ignored names change nothing.
    std::fs::write(dir.path().join(".DS_Store"), b"finder").unwrap();
    std::fs::create_dir(dir.path().join("ascmhl")).unwrap();
    std::fs::write(dir.path().join("ascmhl/0001.mhl"), b"<hashlist/>").unwrap();
    assert_eq!(hash(), edited);
}

#[test]
fn what_mhl_cannot_record_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.path().join("real"), dir.path().join("link")).unwrap();
        let err = hash_tree(dir.path(), Algorithm::Xxh64, 1).unwrap_err();
        assert!(err.to_string().contains("link"), "{err}");
        assert!(
            err.to_string().contains("symbolic link to a directory"),
            "{err}"
        );
        std::fs::remove_file(dir.path().join("link")).unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let err = hash_tree(dir.path(), Algorithm::Xxh64, 1).unwrap_err();
            assert!(err.to_string().contains("not a regular file"), "{err}");
        }
    }
    let err = hash_tree(dir.path().join("missing"), Algorithm::Xxh64, 1).unwrap_err();
    assert!(err.to_string().contains("missing"), "{err}");
}

#[test]
fn the_golden_file_is_what_the_reference_writes_today() {
    if let Some(python) = common::oracle_python("ascmhl") {
        assert_eq!(common::run_oracle(&python, "gen_mhl_golden.py"), GOLDEN);
    }
}
