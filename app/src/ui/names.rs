//! Names of things the engine knows by id (games, bot levels, suits), in the window's language.

use cardtable_engine::bots::BotLevel;
use cardtable_engine::{GameKind, Suit};

use crate::tr;

/// The game's name as players know it.
#[must_use]
pub fn game(kind: GameKind) -> String {
    match kind {
        GameKind::CrazyEights => tr!("game-crazy-eights"),
        GameKind::Fool108 => tr!("game-fool108"),
        GameKind::HundredOne => tr!("game-hundred-one"),
        GameKind::Dunno => tr!("game-dunno"),
        GameKind::Youglouf => tr!("game-youglouf"),
    }
}

/// One line that says what the game is like.
#[must_use]
pub fn pitch(kind: GameKind) -> String {
    match kind {
        GameKind::CrazyEights => tr!("game-crazy-eights-pitch"),
        GameKind::Fool108 => tr!("game-fool108-pitch"),
        GameKind::HundredOne => tr!("game-hundred-one-pitch"),
        GameKind::Dunno => tr!("game-dunno-pitch"),
        GameKind::Youglouf => tr!("game-youglouf-pitch"),
    }
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
