//! Atomic, durable writes: the bytes go to a temporary file in the same folder, which is
//! synced, then renamed over the target, and the folder is synced so the rename itself
//! survives a power cut. A reader sees the old file or the new one, never half of either.
//! Optionally the previous version is kept as a backup (`name.bak.json`) for damage recovery.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::StoreError;
use super::file_kind;

/// Prefix of temporary files; leftovers of a crash are removed when the store opens.
pub const TEMP_PREFIX: &str = ".tmp-";

/// The backup path of `path`: `profiles.json` → `profiles.bak.json`.
#[must_use]
pub fn backup_path(path: &Path) -> PathBuf {
    sibling(path, "bak")
}

/// `path` with `tag` before its extension: (`profiles.json`, `v1`) → `profiles.v1.json`.
#[must_use]
pub fn sibling(path: &Path, tag: &str) -> PathBuf {
    let stem = path.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match path.extension() {
        Some(extension) => format!("{stem}.{tag}.{}", extension.to_string_lossy()),
        None => format!("{stem}.{tag}"),
    };
    path.with_file_name(name)
}

fn parent(path: &Path) -> &Path {
    path.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Writes `bytes` to `path` atomically and durably; with `keep_backup`, the file it replaces
/// becomes `path`'s backup first.
///
/// # Errors
/// Any step failed; `path` then still holds its previous content.
pub fn write(path: &Path, bytes: &[u8], keep_backup: bool) -> Result<(), StoreError> {
    write_with(path, keep_backup, |file| file.write_all(bytes).map_err(|error| StoreError::io("write", path, error)))
}

/// Refuses to write over anything at `path` but a regular file: renaming onto a pipe, a link
/// or a device would replace it (as root, `/dev/full` became a 36 MB file).
///
/// # Errors
/// Something other than a regular file is there, or the system cannot say what is.
pub fn refuse_other_kinds(path: &Path) -> Result<(), StoreError> {
    match file_kind::not_a_file(path) {
        Ok(None) => Ok(()),
        Ok(Some(kind)) => Err(StoreError::NotAFile { path: path.to_owned(), kind }),
        Err(error) => Err(StoreError::io("look at", path, error)),
    }
}

/// As [`write`], with the content streamed by `fill` into the temporary file. Only a regular
/// file (or nothing) at `path` is written over; anything else is refused, before and again
/// after filling, and a refused or failed write leaves no temporary file behind.
///
/// # Errors
/// `fill` or any step failed, or `path` is not a regular file; `path` then still holds its
/// previous content.
pub fn write_with<T>(path: &Path, keep_backup: bool, fill: impl FnOnce(&mut File) -> Result<T, StoreError>) -> Result<T, StoreError> {
    refuse_other_kinds(path)?;
    let dir = parent(path);
    let mut temp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .tempfile_in(dir)
        .map_err(|error| StoreError::io("create a temporary file in", dir, error))?;
    let outcome = fill(temp.as_file_mut())?;
    temp.as_file().sync_all().map_err(|error| StoreError::io("sync", temp.path(), error))?;
    // Filling a long export takes a while: look again just before the rename.
    refuse_other_kinds(path)?;
    if keep_backup && path.exists() {
        keep_as_backup(path)?;
    }
    temp.persist(path).map_err(|error| StoreError::io("rename a temporary file onto", path, error.error))?;
    sync_dir(dir)?;
    Ok(outcome)
}

/// Makes the current `path` its backup without ever leaving `path` missing: a hard link (or,
/// where links are not supported, a copy) under a temporary name, renamed onto the backup.
fn keep_as_backup(path: &Path) -> Result<(), StoreError> {
    let backup = backup_path(path);
    let staging =
        parent(path).join(format!("{TEMP_PREFIX}bak-{}", path.file_name().map(|name| name.to_string_lossy()).unwrap_or_default()));
    remove_if_present(&staging)?;
    if fs::hard_link(path, &staging).is_err() {
        fs::copy(path, &staging).map_err(|error| StoreError::io("copy", path, error))?;
        File::open(&staging).and_then(|file| file.sync_all()).map_err(|error| StoreError::io("sync", &staging, error))?;
    }
    fs::rename(&staging, &backup).map_err(|error| StoreError::io("rename", &staging, error))
}

/// Removes `path`; a file already gone is fine.
///
/// # Errors
/// The file exists and could not be removed.
pub fn remove_if_present(path: &Path) -> Result<(), StoreError> {
    match fs::remove_file(path) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(StoreError::io("remove", path, error)),
        _ => Ok(()),
    }
}

/// Removes `path` durably (the folder is synced afterwards).
///
/// # Errors
/// The file could not be removed or the folder not synced.
pub fn remove(path: &Path) -> Result<(), StoreError> {
    remove_if_present(path)?;
    sync_dir(parent(path))
}

/// Moves `from` to `to` durably.
///
/// # Errors
/// The rename or the folder sync failed.
pub fn rename(from: &Path, to: &Path) -> Result<(), StoreError> {
    fs::rename(from, to).map_err(|error| StoreError::io("move", from, error))?;
    sync_dir(parent(to))
}

/// Syncs a folder so renames and removals in it are durable.
///
/// # Errors
/// The folder could not be opened or synced.
pub fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    {
        file_kind::open_folder(dir).and_then(|folder| folder.sync_all()).map_err(|error| StoreError::io("sync the folder", dir, error))
    }
    // Windows cannot open a folder as a file without extra flags; NTFS journals renames.
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// Removes temporary files a crash left in `dir` (only files named with [`TEMP_PREFIX`]).
pub fn remove_leftovers(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with(TEMP_PREFIX)
            && let Err(error) = fs::remove_file(entry.path())
        {
            tracing::warn!(path = %entry.path().display(), %error, "a leftover temporary file could not be removed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_replaces_the_file_and_keeps_the_previous_one_as_backup() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("profiles.json");
        write(&path, b"one", true).expect("first write");
        assert!(!backup_path(&path).exists(), "nothing to back up the first time");
        write(&path, b"two", true).expect("second write");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        assert_eq!(fs::read(backup_path(&path)).expect("read backup"), b"one");
        write(&path, b"three", false).expect("third write");
        assert_eq!(fs::read(backup_path(&path)).expect("read backup"), b"one", "no backup asked: the old one stays");
        let names: Vec<String> =
            fs::read_dir(dir.path()).expect("list").map(|entry| entry.expect("entry").file_name().to_string_lossy().into_owned()).collect();
        assert!(names.iter().all(|name| !name.starts_with(TEMP_PREFIX)), "no temporary file is left: {names:?}");
    }

    #[test]
    fn sibling_names_keep_the_extension_last() {
        assert_eq!(sibling(Path::new("/d/profiles.json"), "v1"), PathBuf::from("/d/profiles.v1.json"));
        assert_eq!(backup_path(Path::new("lock")), PathBuf::from("lock.bak"));
    }

    #[test]
    fn leftovers_are_removed_and_other_files_kept() {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(dir.path().join(".tmp-abc"), b"half").expect("write");
        fs::write(dir.path().join("keep.json"), b"{}").expect("write");
        remove_leftovers(dir.path());
        assert!(!dir.path().join(".tmp-abc").exists());
        assert!(dir.path().join("keep.json").exists());
    }
}
