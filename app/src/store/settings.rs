//! Settings persistence, generic over the settings type (the app's `Settings`): stored as
//! `settings.json` in the same versioned, atomic, backed-up way as everything else.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::document::Document;

/// The settings file's name in the data folder.
pub const SETTINGS_FILE: &str = "settings.json";

/// The settings file's content: any serde type.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SettingsFile<T>(pub T);

impl<T: Serialize + DeserializeOwned> Document for SettingsFile<T> {
    const KIND: &'static str = "settings";
    const SCHEMA: u32 = 1;
}
