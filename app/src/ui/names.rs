//! Names of things the engine knows by id (games, bot levels, suits), and the default name of
//! a seat nobody named, in the window's language.

use cardtable_engine::bots::BotLevel;
use cardtable_engine::{GameKind, Suit};

use crate::i18n::{FluentValue, Language, translate};
use crate::tr;

/// The game's name as players know it: message `game-<id>` (one per registered game).
#[must_use]
pub fn game(kind: GameKind) -> String {
    translate(crate::i18n::language(), &format!("game-{}", kind.id()), &[])
}

/// One line that says what the game is like: message `game-<id>-pitch`.
#[must_use]
pub fn pitch(kind: GameKind) -> String {
    translate(crate::i18n::language(), &format!("game-{}-pitch", kind.id()), &[])
}

/// A bot level's name.
#[must_use]
pub fn level(level: BotLevel) -> String {
    match level {
        BotLevel::Random => tr!("level-random"),
        BotLevel::Easy => tr!("level-easy"),
        BotLevel::Normal => tr!("level-normal"),
        BotLevel::Hard => tr!("level-hard"),
    }
}

/// A suit's name.
#[must_use]
pub fn suit(suit: Suit) -> String {
    match suit {
        Suit::Clubs => tr!("suit-clubs"),
        Suit::Diamonds => tr!("suit-diamonds"),
        Suit::Hearts => tr!("suit-hearts"),
        Suit::Spades => tr!("suit-spades"),
    }
}

/// A seat's name as kept in a record, in the window's language: the default name a seat gets
/// when nobody names it ("Player 1", "Игрок 1") is a placeholder, not a name, so a match
/// played in one language reads in another's; any other name is the player's own.
#[must_use]
pub fn person(kept: &str) -> String {
    person_in(crate::i18n::language(), kept)
}

/// [`person`] in `language`.
fn person_in(language: Language, kept: &str) -> String {
    match Language::ALL.iter().find_map(|&other| default_number(other, kept)) {
        Some(number) => translate(language, "setup-default-player", &[("number", FluentValue::from(number))]),
        None => kept.to_owned(),
    }
}

/// The number in `name` if it is `language`'s default name of a seat.
fn default_number(language: Language, name: &str) -> Option<u32> {
    // The message with a number no name would hold, cut round it into what precedes and follows.
    const MARK: u32 = 987_654_321;
    let template = translate(language, "setup-default-player", &[("number", FluentValue::from(MARK))]);
    let (before, after) = template.split_once(&MARK.to_string())?;
    let digits = name.strip_prefix(before)?.strip_suffix(after)?;
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 29: the default name of a seat reads in the window's language, whichever it was
    /// kept in; a name a player chose is left as it is.
    #[test]
    fn a_default_name_reads_in_the_window_language() {
        assert_eq!(default_number(Language::English, "Player 12"), Some(12));
        assert_eq!(default_number(Language::Russian, "Игрок 3"), Some(3));
        for kept in ["Player", "Player x", "Player 1 and 2", "Ana", "Игрок", ""] {
            assert_eq!(default_number(Language::English, kept), None, "{kept:?}");
            assert_eq!(default_number(Language::Russian, kept), None, "{kept:?}");
        }
        assert_eq!(person_in(Language::Russian, "Player 1"), "Игрок 1");
        assert_eq!(person_in(Language::English, "Игрок 2"), "Player 2");
        assert_eq!(person_in(Language::Russian, "Ana"), "Ana");
    }

    /// A game's name and pitch are messages named by its id: every registered game has both,
    /// in every language (a missing message would show its key).
    #[test]
    fn every_game_has_a_name_and_a_pitch_in_every_language() {
        for &kind in GameKind::ALL {
            for language in Language::ALL {
                for key in [format!("game-{}", kind.id()), format!("game-{}-pitch", kind.id())] {
                    let text = translate(language, &key, &[]);
                    assert!(text != key && !text.is_empty(), "{language:?} has no {key}");
                }
            }
        }
    }
}
