//! Writing the network's small files (device key, known hosts) so that a crash never leaves a
//! half-written one: write a temporary file beside it, flush it to disk, then rename it over.

use std::io::Write;
use std::path::Path;

/// Replaces `path` with `bytes` atomically; on Unix the file is readable by its owner only
/// (it may hold the device key or resume tokens).
///
/// # Errors
/// The directory is not writable, or the disk is full.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = std::path::PathBuf::from(temporary);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&temporary)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole() {
        let dir = std::env::temp_dir().join(format!("cardtable-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("known-hosts.json");
        write_atomically(&path, b"first").expect("write");
        write_atomically(&path, b"second").expect("replace");
        assert_eq!(std::fs::read(&path).expect("read"), b"second");
        assert!(!dir.join("known-hosts.json.tmp").exists());
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }
}
