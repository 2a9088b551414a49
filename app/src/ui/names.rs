//! Names of things the engine knows by id (games, bot levels, suits), in the window's language.

use cardtable_engine::bots::BotLevel;
use cardtable_engine::{GameKind, Suit};

use crate::tr;

/// The game's name as players know it: message `game-<id>` (one per registered game).
#[must_use]
pub fn game(kind: GameKind) -> String {
    crate::i18n::translate(crate::i18n::language(), &format!("game-{}", kind.id()), &[])
}

/// One line that says what the game is like: message `game-<id>-pitch`.
#[must_use]
pub fn pitch(kind: GameKind) -> String {
    crate::i18n::translate(crate::i18n::language(), &format!("game-{}-pitch", kind.id()), &[])
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Language, translate};

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
