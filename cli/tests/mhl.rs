//! ASC MHL directory hashes against the reference implementation: `cli/tests/data/mhl_golden.txt`,
//! written by `cli/tests/data/gen_mhl_golden.py` from the `.mhl` files the reference's
//! `ascmhl create` writes for the tree of `cli/tests/data/mhl_tree.txt` (nested and empty
//! directories, an empty file, names with spaces and non-ASCII letters, a `.DS_Store`, files of
//! up to 10 MiB), with xxh64, xxh3 and xxh128. Where a Python with `ascmhl` is found
//! (`IOHASH_PYTHON`), the script also runs live and must write the committed file.
//!
//! The command is a binary: its directory hashes (`src/mhl/tree.rs`) are compiled in here
//! with what they use, the command's walker, observer and error texts.

mod common;
#[path = "../src/input.rs"]
#[allow(dead_code)]
mod input;
#[path = "../src/mhl/tree.rs"]
#[allow(dead_code)]
mod tree;
#[path = "../src/walk.rs"]
#[allow(dead_code)]
mod walk;
#[path = "../src/watch.rs"]
#[allow(dead_code)]
mod watch;

use std::path::{Path, PathBuf};

use iohash::Algorithm;
use tree::{hash_tree, MhlTree};

const GOLDEN: &str = include_str!("data/mhl_golden.txt");

/// Builds the tree of `mhl_tree.txt` under `root`.
fn build(root: &Path) {
    common::build_mhl_tree(root);
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

/// A root given through a symbolic link is read through it (macOS's `/tmp` is one); only links
/// to directories inside the tree are refused.
#[cfg(unix)]
#[test]
fn a_root_named_through_a_link_hashes_as_the_directory() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("real/sub")).unwrap();
    std::fs::write(dir.path().join("real/sub/a"), b"a").unwrap();
    std::os::unix::fs::symlink(dir.path().join("real"), dir.path().join("link")).unwrap();
    let through_link = hash_tree(dir.path().join("link"), Algorithm::Xxh64, 1).unwrap();
    let direct = hash_tree(dir.path().join("real"), Algorithm::Xxh64, 1).unwrap();
    assert_eq!(through_link.root(), direct.root());
}

#[test]
fn what_mhl_cannot_record_is_left_out_and_named() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    std::fs::write(dir.path().join("real/a"), b"a").unwrap();
    let plain = hash_tree(dir.path(), Algorithm::Xxh64, 1).unwrap();
    assert!(plain.left_out.is_empty());
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.path().join("real"), dir.path().join("link")).unwrap();
        std::os::unix::fs::symlink("nowhere", dir.path().join("dangling")).unwrap();
        std::os::unix::fs::symlink("self", dir.path().join("self")).unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()));
        let tree = hash_tree(dir.path(), Algorithm::Xxh64, 1).unwrap();
        assert_eq!(tree.root(), plain.root());
        let left_out = tree.left_out.join("\n");
        for why in [
            "link: a symbolic link to a directory",
            "dangling: a symbolic link to nothing",
            "self: a symbolic link loop",
            "fifo: not a regular file or directory",
        ] {
            assert!(left_out.contains(why), "{left_out}");
        }
    }
    let err = hash_tree(dir.path().join("missing"), Algorithm::Xxh64, 1).unwrap_err();
    assert!(err.to_string().contains("missing"), "{err}");
}

#[test]
fn the_golden_file_is_what_the_reference_writes_today() {
    let python = std::env::var("IOHASH_PYTHON").unwrap_or_else(|_| "python3".into());
    let found = std::process::Command::new(&python)
        .args(["-c", "import ascmhl"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !found {
        let required = std::env::var_os("IOHASH_REQUIRE_PYTHON_ORACLES").is_some_and(|v| v == "1");
        assert!(
            !required,
            "IOHASH_REQUIRE_PYTHON_ORACLES=1 but {python} lacks ascmhl"
        );
        eprintln!("skipped: {python} lacks ascmhl (the committed golden file was checked)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("golden.txt");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gen_mhl_golden.py");
    let status = std::process::Command::new(&python)
        .arg(script)
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success(), "{script} failed");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), GOLDEN);
}
