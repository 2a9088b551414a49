//! Profiles: the people who play on this device, each with a name, an avatar (a colour or an
//! emoji) and the date it was made, and the profiles used last. Records keep the name a
//! player had when the match was played, so renaming or deleting a profile rewrites no history.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::document::Document;

/// A profile's identity; it never changes and is never reused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ProfileId(pub u32);

/// How a profile is pictured.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Avatar {
    /// A disc of this colour, red, green, blue.
    Colour([u8; 3]),
    /// An emoji (or any short text).
    Emoji(String),
}

/// One player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    /// Identity.
    pub id: ProfileId,
    /// The name shown at the table.
    pub name: String,
    /// The picture.
    pub avatar: Avatar,
    /// When it was made.
    pub created: jiff::Timestamp,
}

/// Longest name, in characters: it must fit a seat at the table.
pub const MAX_NAME: usize = 24;
/// How many recently used profiles are remembered.
pub const RECENT: usize = 8;

/// Why a profile edit was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    /// The name is empty or only spaces.
    #[error("a profile needs a name")]
    EmptyName,
    /// The name is longer than [`MAX_NAME`].
    #[error("a name has at most {MAX_NAME} characters")]
    NameTooLong,
    /// Another profile has this name (ignoring case).
    #[error("there is already a profile called {0}")]
    Taken(String),
    /// No profile has this id.
    #[error("no such profile")]
    Unknown,
}

/// One change to the profiles, as the profiles screen asks for it (the app applies it after
/// drawing: [`super::Store::edit_profile`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProfileEdit {
    /// A new profile.
    Create {
        /// Its name, as typed.
        name: String,
        /// Its picture.
        avatar: Avatar,
    },
    /// A new name for a profile.
    Rename {
        /// Which profile.
        id: ProfileId,
        /// The name, as typed.
        name: String,
    },
    /// Deleting a profile (already confirmed).
    Delete(ProfileId),
}

impl ProfileEdit {
    /// Applies the edit to `book`; a profile made now is dated `now`.
    ///
    /// # Errors
    /// The book refused it, as [`ProfileBook::create`], [`ProfileBook::rename`] and
    /// [`ProfileBook::delete`] say; `book` is then unchanged.
    pub fn apply(&self, book: &mut ProfileBook, now: jiff::Timestamp) -> Result<(), ProfileError> {
        match self {
            ProfileEdit::Create { name, avatar } => book.create(name, avatar.clone(), now).map(|_id| ()),
            ProfileEdit::Rename { id, name } => book.rename(*id, name),
            ProfileEdit::Delete(id) => book.delete(*id).map(|_deleted| ()),
        }
    }
}

/// Every profile, and which were used last.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProfileBook {
    profiles: Vec<Profile>,
    /// Most recent first.
    recent: Vec<ProfileId>,
    /// The next id to hand out (ids are never reused, so history never points at a stranger).
    next_id: u32,
}

impl Document for ProfileBook {
    const KIND: &'static str = "profiles";
    /// Format 1 pictured profiles only by a `"#rrggbb"` colour and had no recent list.
    const SCHEMA: u32 = 2;

    fn migrate(from: u32, mut data: Value) -> Result<Value, String> {
        if from != 1 {
            return Err(format!("no migration from profiles format {from}"));
        }
        let book = data.as_object_mut().ok_or("profiles: not an object")?;
        let profiles = book.get_mut("profiles").and_then(Value::as_array_mut).ok_or("profiles: no list of profiles")?;
        let mut highest = 0;
        for profile in profiles.iter_mut() {
            let profile = profile.as_object_mut().ok_or("profiles: a profile is not an object")?;
            let colour = profile
                .remove("colour")
                .and_then(|colour| colour.as_str().map(str::to_owned))
                .ok_or("profiles: a profile has no colour")?;
            let rgb = parse_hex_colour(&colour).ok_or_else(|| format!("profiles: {colour:?} is not a #rrggbb colour"))?;
            profile.insert("avatar".into(), serde_json::json!({ "colour": rgb }));
            highest = highest.max(profile.get("id").and_then(Value::as_u64).ok_or("profiles: a profile has no id")?);
        }
        book.insert("recent".into(), Value::Array(Vec::new()));
        book.insert("next_id".into(), Value::from(highest + 1));
        Ok(data)
    }

    /// Ids are never reused and names never shared, so the history never points at a
    /// stranger: a book that breaks that was not written by Cardtable.
    fn check(&self) -> Result<(), String> {
        for (index, profile) in self.profiles.iter().enumerate() {
            if profile.id.0 >= self.next_id {
                return Err(format!("profile {} has id {}, not below the next id {}", profile.name, profile.id.0, self.next_id));
            }
            let later = &self.profiles[index + 1..];
            if later.iter().any(|other| other.id == profile.id) {
                return Err(format!("id {} is used twice", profile.id.0));
            }
            if later.iter().any(|other| other.name.to_lowercase() == profile.name.to_lowercase()) {
                return Err(format!("the name {} is used twice", profile.name));
            }
            let name = profile.name.trim();
            if name.is_empty() || name != profile.name || name.chars().count() > MAX_NAME {
                return Err(format!("{:?} is not a profile name", profile.name));
            }
        }
        Ok(())
    }
}

/// `#rrggbb` as red, green, blue.
fn parse_hex_colour(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let channel = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

impl ProfileBook {
    /// Every profile, oldest first.
    #[must_use]
    pub fn all(&self) -> &[Profile] {
        &self.profiles
    }

    /// The profile with this id, if it still exists.
    #[must_use]
    pub fn get(&self, id: ProfileId) -> Option<&Profile> {
        self.profiles.iter().find(|profile| profile.id == id)
    }

    /// The profile with this name (ignoring case and surrounding spaces).
    #[must_use]
    pub fn by_name(&self, name: &str) -> Option<&Profile> {
        let name = name.trim();
        let name = name.to_lowercase();
        self.profiles.iter().find(|profile| profile.name.to_lowercase() == name)
    }

    /// The profiles used last, most recent first (deleted ones left out).
    pub fn recent(&self) -> impl Iterator<Item = &Profile> {
        self.recent.iter().filter_map(|id| self.get(*id))
    }

    fn check_name(&self, name: &str, except: Option<ProfileId>) -> Result<String, ProfileError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(ProfileError::EmptyName);
        }
        if name.chars().count() > MAX_NAME {
            return Err(ProfileError::NameTooLong);
        }
        match self.by_name(name) {
            Some(other) if Some(other.id) != except => Err(ProfileError::Taken(other.name.clone())),
            _ => Ok(name.to_owned()),
        }
    }

    /// Adds a profile.
    ///
    /// # Errors
    /// The name is empty, too long or taken.
    pub fn create(&mut self, name: &str, avatar: Avatar, now: jiff::Timestamp) -> Result<ProfileId, ProfileError> {
        let name = self.check_name(name, None)?;
        let id = ProfileId(self.next_id.max(1));
        self.next_id = id.0 + 1;
        self.profiles.push(Profile { id, name, avatar, created: now });
        Ok(id)
    }

    /// Renames a profile; its past matches keep the name they were played under.
    ///
    /// # Errors
    /// No such profile, or the name is empty, too long or taken.
    pub fn rename(&mut self, id: ProfileId, name: &str) -> Result<(), ProfileError> {
        let name = self.check_name(name, Some(id))?;
        let profile = self.profiles.iter_mut().find(|profile| profile.id == id).ok_or(ProfileError::Unknown)?;
        profile.name = name;
        Ok(())
    }

    /// Changes a profile's avatar.
    ///
    /// # Errors
    /// No such profile.
    pub fn set_avatar(&mut self, id: ProfileId, avatar: Avatar) -> Result<(), ProfileError> {
        let profile = self.profiles.iter_mut().find(|profile| profile.id == id).ok_or(ProfileError::Unknown)?;
        profile.avatar = avatar;
        Ok(())
    }

    /// Deletes a profile. Its matches stay in the history under the name they were played with.
    ///
    /// # Errors
    /// No such profile.
    pub fn delete(&mut self, id: ProfileId) -> Result<Profile, ProfileError> {
        let at = self.profiles.iter().position(|profile| profile.id == id).ok_or(ProfileError::Unknown)?;
        self.recent.retain(|recent| *recent != id);
        Ok(self.profiles.remove(at))
    }

    /// Notes that these profiles just played: they move to the front of the recent list.
    pub fn note_used(&mut self, ids: &[ProfileId]) {
        for id in ids.iter().rev() {
            self.recent.retain(|recent| recent != id);
            self.recent.insert(0, *id);
        }
        self.recent.truncate(RECENT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> jiff::Timestamp {
        jiff::Timestamp::from_second(seconds).expect("in range")
    }

    #[test]
    fn names_are_checked_and_ids_never_reused() {
        let mut book = ProfileBook::default();
        let ana = book.create("  Ana ", Avatar::Emoji("🦊".into()), at(0)).expect("created");
        assert_eq!(book.get(ana).expect("there").name, "Ana", "trimmed");
        assert_eq!(book.create("ana", Avatar::Colour([1, 2, 3]), at(1)), Err(ProfileError::Taken("Ana".into())));
        assert_eq!(book.create("   ", Avatar::Colour([1, 2, 3]), at(1)), Err(ProfileError::EmptyName));
        assert_eq!(book.create(&"x".repeat(MAX_NAME + 1), Avatar::Colour([1, 2, 3]), at(1)), Err(ProfileError::NameTooLong));
        let boris = book.create("Boris", Avatar::Colour([1, 2, 3]), at(2)).expect("created");
        book.delete(ana).expect("deleted");
        let clara = book.create("Ana", Avatar::Colour([1, 2, 3]), at(3)).expect("the name is free again");
        assert!(clara.0 > boris.0 && clara != ana, "a new id, not the deleted one's");
        assert_eq!(book.rename(boris, "ANA"), Err(ProfileError::Taken("Ana".into())));
        book.rename(boris, "Bo").expect("renamed");
        assert_eq!(book.rename(ana, "Zed"), Err(ProfileError::Unknown));
    }

    #[test]
    fn recent_profiles_are_most_recent_first_and_forget_deleted_ones() {
        let mut book = ProfileBook::default();
        let ids: Vec<ProfileId> =
            ["A", "B", "C"].iter().map(|name| book.create(name, Avatar::Colour([0; 3]), at(0)).expect("created")).collect();
        book.note_used(&[ids[0], ids[1]]);
        book.note_used(&[ids[2]]);
        let names: Vec<&str> = book.recent().map(|profile| profile.name.as_str()).collect();
        assert_eq!(names, ["C", "A", "B"]);
        book.delete(ids[0]).expect("deleted");
        let names: Vec<&str> = book.recent().map(|profile| profile.name.as_str()).collect();
        assert_eq!(names, ["C", "B"]);
    }

    #[test]
    fn format_1_colours_become_avatars() {
        let old = serde_json::json!({ "profiles": [{ "id": 4, "name": "Ana", "colour": "#e0533d", "created": "2025-03-01T10:00:00Z" }] });
        let new = ProfileBook::migrate(1, old).expect("migrates");
        let book: ProfileBook = serde_json::from_value(new).expect("fits format 2");
        assert_eq!(book.all()[0].avatar, Avatar::Colour([0xe0, 0x53, 0x3d]));
        assert_eq!(book.next_id, 5);
        let bad = serde_json::json!({ "profiles": [{ "id": 4, "name": "Ana", "colour": "red" }] });
        assert!(ProfileBook::migrate(1, bad).is_err());
    }
}
