//! What sits at a path the store or an export touches, and opening it only when it is a
//! regular file, without ever waiting: a pipe opened for reading waits for a writer, a device
//! may never end, and a symbolic link or a device renamed over would be replaced by a regular
//! file. The kind is checked before opening (links are not followed), the open cannot block
//! (`O_NONBLOCK`), and the kind is checked again on the handle, so a pipe swapped in between the
//! two answers at once rather than hanging.

use std::fs::{self, File, FileType, OpenOptions};
use std::io::{self, ErrorKind};
use std::path::Path;

/// What stands at a path instead of a regular file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NotAFile {
    /// A folder.
    #[error("it is a folder, not a regular file")]
    Folder,
    /// A symbolic link (never followed: it may lead anywhere).
    #[error("it is a symbolic link, not a regular file (links are not followed)")]
    Link,
    /// A named pipe (opening it for reading waits for a writer).
    #[error("it is a pipe, not a regular file")]
    Pipe,
    /// A socket.
    #[error("it is a socket, not a regular file")]
    Socket,
    /// A character or block device.
    #[error("it is a device, not a regular file")]
    Device,
}

impl NotAFile {
    /// What `file_type` is, when it is not a regular file.
    #[must_use]
    pub fn of(file_type: FileType) -> Option<NotAFile> {
        #[cfg(unix)]
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_file() {
            return None;
        }
        if file_type.is_dir() {
            return Some(NotAFile::Folder);
        }
        if file_type.is_symlink() {
            return Some(NotAFile::Link);
        }
        #[cfg(unix)]
        {
            if file_type.is_fifo() {
                return Some(NotAFile::Pipe);
            }
            if file_type.is_socket() {
                return Some(NotAFile::Socket);
            }
        }
        Some(NotAFile::Device)
    }

    /// As an IO error, to travel where the system's errors do.
    #[must_use]
    pub fn into_io(self) -> io::Error {
        io::Error::new(ErrorKind::InvalidInput, self)
    }
}

/// What stands at `path` when it is not a regular file; `Ok(None)` for a regular file or
/// nothing at all. A symbolic link is reported as one, not followed.
///
/// # Errors
/// The system cannot describe the path (other than its not existing).
pub fn not_a_file(path: &Path) -> io::Result<Option<NotAFile>> {
    match fs::symlink_metadata(path) {
        Ok(metadata) => Ok(NotAFile::of(metadata.file_type())),
        Err(error) if error.kind() == ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
    }
}

/// Options that never wait on a pipe or device and never follow a final symbolic link.
fn never_waiting(options: &mut OpenOptions) -> &mut OpenOptions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    options
}

/// Checks the handle is a regular file (the path may have changed since it was looked at).
fn regular(file: File) -> io::Result<File> {
    match NotAFile::of(file.metadata()?.file_type()) {
        None => Ok(file),
        Some(kind) => Err(kind.into_io()),
    }
}

/// Opens `path` for reading if it is a regular file; a folder, link, pipe, socket or device is
/// refused in words (an [`ErrorKind::InvalidInput`] error whose message says which), at once.
///
/// # Errors
/// Nothing there ([`ErrorKind::NotFound`]), not a regular file, or the system refused.
pub fn open_to_read(path: &Path) -> io::Result<File> {
    if let Some(kind) = not_a_file(path)? {
        return Err(kind.into_io());
    }
    regular(never_waiting(OpenOptions::new().read(true)).open(path)?)
}

/// Opens (creating it if missing, never truncating) `path` for writing if it is a regular file,
/// as [`open_to_read`] does for reading.
///
/// # Errors
/// Not a regular file, or the system refused.
pub fn open_to_write(path: &Path) -> io::Result<File> {
    if let Some(kind) = not_a_file(path)? {
        return Err(kind.into_io());
    }
    regular(never_waiting(OpenOptions::new().create(true).truncate(false).write(true)).open(path)?)
}

/// Opens the folder `dir` to sync it, never waiting should something else stand there.
///
/// # Errors
/// Not a folder, or the system refused.
pub fn open_folder(dir: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_DIRECTORY);
    }
    options.open(dir)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn mkfifo(path: &Path) {
        let status = std::process::Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
        assert!(status.success());
    }

    /// A pipe, a folder and a link are refused at once, for reading and writing, and left as they are.
    #[test]
    fn only_regular_files_open_and_nothing_waits() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("file.json");
        fs::write(&file, b"{}").expect("written");
        let pipe = dir.path().join("pipe.json");
        mkfifo(&pipe);
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&file, &link).expect("linked");
        let folder = dir.path().join("folder.json");
        fs::create_dir(&folder).expect("made");
        assert!(open_to_read(&file).is_ok());
        assert!(open_to_write(&file).is_ok());
        for (path, kind) in [(&pipe, NotAFile::Pipe), (&link, NotAFile::Link), (&folder, NotAFile::Folder)] {
            assert_eq!(not_a_file(path).expect("described"), Some(kind));
            for opened in [open_to_read(path), open_to_write(path)] {
                let error = opened.expect_err("refused");
                assert_eq!(error.kind(), ErrorKind::InvalidInput);
                assert_eq!(error.to_string(), kind.to_string());
            }
        }
        assert_eq!(not_a_file(Path::new("/dev/null")).expect("described"), Some(NotAFile::Device));
        assert_eq!(open_to_read(&dir.path().join("missing")).expect_err("none").kind(), ErrorKind::NotFound);
        assert!(fs::symlink_metadata(&link).expect("there").file_type().is_symlink(), "the link is left as it is");
    }
}
