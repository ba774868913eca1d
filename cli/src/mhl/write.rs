//! Writing a generation's files whole or not at all. Each history's new manifest
//! (`NNNN_*.mhl`) and chain file (`ascmhl_chain.xml`) are written to temporary files in its
//! `ascmhl` folder and synced; only when every one is complete are they renamed into place,
//! the manifests first (new names, which can be taken back), then the chain files (which
//! replace the old ones). A write that fails (a full disk, `ulimit -f`) leaves each history as
//! it was, with no temporary file behind: the reference leaves a cut manifest, and every later
//! `create`, `diff` and `info` fails on it until it is deleted by hand.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::chain;
use super::Failure;
use crate::input::describe;

/// A history's new files, made in memory.
pub struct NewFiles {
    /// The history's `ascmhl` folder (made if it is not there).
    pub folder: PathBuf,
    /// The new manifest's file name.
    pub manifest_name: String,
    pub manifest: String,
    /// The whole chain file, the new generation included.
    pub chain: String,
}

/// Where one history's files are on their way into place.
struct Staged {
    manifest: PathBuf,
    manifest_temp: PathBuf,
    chain: PathBuf,
    chain_temp: PathBuf,
    /// Whether the new manifest has been renamed into place (and is to be taken back if the
    /// generation fails).
    manifest_placed: bool,
}

/// Writes the new files of every history, in the order given (nested histories before the
/// ones they are in). On an error, nothing is changed and no temporary file is left, except
/// in one case no full disk makes: a chain file that cannot be renamed into place after
/// another history's was. Then the histories before it have their new generation, and it
/// and those after it are as they were.
pub fn write_all(generations: &[NewFiles]) -> Result<(), Failure> {
    let mut made_folders = Vec::new();
    let mut staged = Vec::with_capacity(generations.len());
    let ready = stage(generations, &mut made_folders, &mut staged)
        .and_then(|()| place_manifests(&mut staged));
    if let Err(failure) = ready {
        take_back(&mut staged);
        for folder in made_folders.iter().rev() {
            let _ = fs::remove_dir(folder);
        }
        return Err(failure);
    }
    for i in 0..staged.len() {
        if let Err(e) = fs::rename(&staged[i].chain_temp, &staged[i].chain) {
            take_back(&mut staged[i..]);
            return Err(failed(&staged[i].chain, &e));
        }
    }
    // The renames last as long as the folder's entries do.
    for new in generations {
        sync_folder(&new.folder);
    }
    Ok(())
}

/// Writes and syncs every temporary file.
fn stage(
    generations: &[NewFiles],
    made_folders: &mut Vec<PathBuf>,
    staged: &mut Vec<Staged>,
) -> Result<(), Failure> {
    for new in generations {
        if !new.folder.is_dir() {
            fs::create_dir(&new.folder).map_err(|e| failed(&new.folder, &e))?;
            made_folders.push(new.folder.clone());
        }
        let manifest = new.folder.join(&new.manifest_name);
        let chain = new.folder.join(chain::FILE_NAME);
        let files = Staged {
            manifest_temp: temporary(&manifest),
            chain_temp: temporary(&chain),
            manifest,
            chain,
            manifest_placed: false,
        };
        staged.push(files);
        let files = &staged[staged.len() - 1];
        write_synced(&files.manifest_temp, new.manifest.as_bytes())
            .map_err(|e| failed(&files.manifest, &e))?;
        write_synced(&files.chain_temp, new.chain.as_bytes())
            .map_err(|e| failed(&files.chain, &e))?;
    }
    Ok(())
}

/// Renames every new manifest into place.
fn place_manifests(staged: &mut [Staged]) -> Result<(), Failure> {
    for files in staged {
        fs::rename(&files.manifest_temp, &files.manifest)
            .map_err(|e| failed(&files.manifest, &e))?;
        files.manifest_placed = true;
    }
    Ok(())
}

/// Removes what `staged` put down: temporary files, and manifests already in place.
fn take_back(staged: &mut [Staged]) {
    for files in staged {
        let _ = fs::remove_file(&files.manifest_temp);
        let _ = fs::remove_file(&files.chain_temp);
        if files.manifest_placed {
            let _ = fs::remove_file(&files.manifest);
            files.manifest_placed = false;
        }
    }
}

/// `ascmhl/.NAME.PID.tmp` for `ascmhl/NAME`: hidden, not ending in `.mhl` (so neither iohash
/// nor the reference takes it for a generation, should a crash leave it), and this process's
/// alone.
fn temporary(path: &Path) -> PathBuf {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes `bytes` to a new file at `path` and waits until they are on the disk.
fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = File::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// Syncs a folder's entries, where the system can (a failure changes nothing written).
fn sync_folder(folder: &Path) {
    #[cfg(unix)]
    if let Ok(folder) = File::open(folder) {
        let _ = folder.sync_all();
    }
    #[cfg(not(unix))]
    let _ = folder;
}

fn failed(path: &Path, e: &io::Error) -> Failure {
    Failure::Io(format!(
        "{}: {} (the history is left as it was)",
        path.display(),
        describe(e)
    ))
}
