//! Where the data lives: the `--data-dir` flag when given, else the platform's config folder
//! for Cardtable from `directories::ProjectDirs` (which honours `XDG_CONFIG_HOME` and `HOME` on
//! Linux: `~/.config/cardtable`), so tests and second setups never touch a real profile.

use std::path::{Path, PathBuf};

use super::error::StoreError;

/// The data folder: `flag` if given, else the platform's config folder for Cardtable.
///
/// # Errors
/// No flag and no home folder to put the data in.
pub fn data_dir(flag: Option<&Path>) -> Result<PathBuf, StoreError> {
    if let Some(dir) = flag {
        return Ok(dir.to_owned());
    }
    directories::ProjectDirs::from("org", "Cardtable", "Cardtable").map(|dirs| dirs.config_dir().to_owned()).ok_or(StoreError::NoDataDir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_wins_over_the_platform_folder() {
        assert_eq!(data_dir(Some(Path::new("/tmp/elsewhere"))).expect("a flag always works"), PathBuf::from("/tmp/elsewhere"));
    }
}
