//! What a person's name at a table may be, so that what others read is what it is: composed
//! (NFC), trimmed, one space between words, no control, format, bidi or separator characters
//! (a right-to-left override would let "\u{202E}tsoH" read as "Host"), at least one visible
//! character, few enough characters to fit a seat, and no character buried under accents.
//! Two names are the same name when they read the same whatever their case or width.

use std::borrow::Cow;

use icu_normalizer::ComposingNormalizerBorrowed;
use unicode_general_category::{GeneralCategory, get_general_category};
use unicode_segmentation::UnicodeSegmentation;

/// Most characters (as a reader counts them: grapheme clusters) in a name.
pub const MOST_CHARACTERS: usize = 24;

/// Most accents (combining marks) on one character: enough for any language's letters
/// (Vietnamese stacks two), not for a tower that covers the names around it.
const MOST_MARKS: usize = 4;

/// Most bytes looked at: a longer name is refused before any work is done on it.
const MOST_BYTES: usize = 1024;

/// Letters that draw nothing (Hangul fillers, the braille blank): they do not make a name
/// visible.
const BLANK_LETTERS: [char; 5] = ['\u{115F}', '\u{1160}', '\u{3164}', '\u{FFA0}', '\u{2800}'];

/// Why a name cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NameProblem {
    /// Nothing visible is left once trimmed.
    #[error("it has no visible character")]
    NothingVisible,
    /// More than [`MOST_CHARACTERS`].
    #[error("it is longer than {MOST_CHARACTERS} characters")]
    TooLong,
    /// A control, format, bidi-override or separator character.
    #[error("it holds invisible or control characters")]
    Hidden,
    /// A character under more than [`MOST_MARKS`] accents.
    #[error("a character in it carries too many accents")]
    StackedMarks,
}

/// The name as it will be shown, or why it cannot be.
///
/// # Errors
/// See [`NameProblem`].
pub fn normalise(raw: &str) -> Result<String, NameProblem> {
    if raw.len() > MOST_BYTES {
        return Err(NameProblem::TooLong);
    }
    let composed = ComposingNormalizerBorrowed::new_nfc().normalize(raw);
    if composed.chars().any(hidden) {
        return Err(NameProblem::Hidden);
    }
    let name = composed.split_whitespace().collect::<Vec<_>>().join(" ");
    if !name.chars().any(visible) {
        return Err(NameProblem::NothingVisible);
    }
    if name.graphemes(true).count() > MOST_CHARACTERS {
        return Err(NameProblem::TooLong);
    }
    if name.graphemes(true).any(|grapheme| grapheme.chars().filter(|&c| mark(c)).count() > MOST_MARKS) {
        return Err(NameProblem::StackedMarks);
    }
    Ok(name)
}

/// What two names are compared by: compatibility-composed (a full-width "Ａｎａ" is "Ana") and
/// lower-cased.
#[must_use]
pub fn key(name: &str) -> String {
    let compatible: Cow<'_, str> = ComposingNormalizerBorrowed::new_nfkc().normalize(name);
    compatible.to_lowercase()
}

/// `wanted` made distinct from every name in `taken` (compared by [`key`]): itself if free,
/// else itself numbered ("Ana 2", "Ana 3"…), shortened if the number would not fit.
#[must_use]
pub fn distinct(wanted: &str, taken: &[&str]) -> String {
    let taken: Vec<String> = taken.iter().map(|name| key(name)).collect();
    let is_free = |candidate: &str| !taken.contains(&key(candidate));
    if is_free(wanted) {
        return wanted.to_owned();
    }
    (2..)
        .map(|number| {
            let suffix = format!(" {number}");
            let room = MOST_CHARACTERS.saturating_sub(suffix.len());
            let base: String = wanted.graphemes(true).take(room).collect();
            format!("{}{suffix}", base.trim_end())
        })
        .find(|candidate| is_free(candidate))
        .expect("some number is free: there are finitely many names")
}

/// Characters a name may not hold at all: they are invisible or change how the text around
/// them reads.
fn hidden(c: char) -> bool {
    matches!(
        get_general_category(c),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
            | GeneralCategory::Unassigned
    )
}

/// Combining marks: accents and the like, drawn on the character before them.
fn mark(c: char) -> bool {
    matches!(get_general_category(c), GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark | GeneralCategory::SpacingMark)
}

/// Characters that put ink on the screen.
fn visible(c: char) -> bool {
    !c.is_whitespace() && !mark(c) && !hidden(c) && !BLANK_LETTERS.contains(&c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 30, item 5: the names the attack used are refused, ordinary names of every script
    /// pass, composed and trimmed.
    #[test]
    fn names_that_hide_or_mislead_are_refused() {
        assert_eq!(normalise("  Ana   Maria "), Ok("Ana Maria".to_owned()));
        assert_eq!(normalise("Мария"), Ok("Мария".to_owned()));
        assert_eq!(normalise("Nguyễn"), Ok("Nguyễn".to_owned()));
        assert_eq!(normalise("e\u{301}lise"), Ok("\u{e9}lise".to_owned()), "composed");
        assert_eq!(normalise("\u{202E}tsoH"), Err(NameProblem::Hidden), "a right-to-left override");
        assert_eq!(normalise("\u{200B}\u{200B}"), Err(NameProblem::Hidden), "zero-width spaces only");
        assert_eq!(normalise("\u{E0041}\u{E0042}"), Err(NameProblem::Hidden), "invisible tags");
        assert_eq!(normalise("Ana\u{2028}Host"), Err(NameProblem::Hidden), "a line separator");
        assert_eq!(normalise("a\u{7}b"), Err(NameProblem::Hidden), "a control character");
        assert_eq!(normalise(&format!("Z{}", "\u{301}".repeat(23))), Err(NameProblem::StackedMarks), "23 stacked accents");
        assert_eq!(normalise("   "), Err(NameProblem::NothingVisible));
        assert_eq!(normalise("\u{3164}\u{3164}"), Err(NameProblem::NothingVisible), "Hangul fillers draw nothing");
        assert_eq!(normalise(&"x".repeat(MOST_CHARACTERS + 1)), Err(NameProblem::TooLong));
        assert_eq!(normalise(&"é".repeat(MOST_CHARACTERS)).map(|name| name.chars().count()), Ok(MOST_CHARACTERS));
        assert_eq!(normalise(&"x".repeat(100_000)), Err(NameProblem::TooLong));
    }

    #[test]
    fn names_are_the_same_whatever_their_case_or_width() {
        assert_eq!(key(" ANA ".trim()), key("ana"));
        assert_eq!(key("Ａｎａ"), key("Ana"));
        assert_ne!(key("Ana"), key("Anna"));
    }

    /// Nobody takes another's name at a table: the newcomer is numbered, within the length.
    #[test]
    fn a_taken_name_is_numbered() {
        let taken = ["Ana", "ana 2", "Bo"];
        assert_eq!(distinct("Cy", &taken), "Cy");
        assert_eq!(distinct("ANA", &taken), "ANA 3");
        let long = "x".repeat(MOST_CHARACTERS);
        let numbered = distinct(&long, &[long.as_str()]);
        assert_eq!(numbered.chars().count(), MOST_CHARACTERS);
        assert!(numbered.ends_with(" 2"));
    }
}
