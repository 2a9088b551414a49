//! Who sits where: humans by name, bots.

use cardtable_engine::Seat;
use cardtable_engine::bots::BotLevel;
use serde::{Deserialize, Serialize};

/// Who occupies a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Occupant {
    /// A person at this device, by name.
    Human {
        /// The name shown at the table and in the log.
        name: String,
    },
    /// A computer player.
    Bot {
        /// The name shown at the table and in the log.
        name: String,
        /// How well it plays.
        level: BotLevel,
    },
}

impl Occupant {
    /// The name shown for this seat.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Occupant::Human { name } | Occupant::Bot { name, .. } => name,
        }
    }

    /// Whether a person plays this seat.
    #[must_use]
    pub fn is_human(&self) -> bool {
        matches!(self, Occupant::Human { .. })
    }

    /// The bot's level, if a bot sits here.
    #[must_use]
    pub fn bot_level(&self) -> Option<BotLevel> {
        match self {
            Occupant::Human { .. } => None,
            Occupant::Bot { level, .. } => Some(*level),
        }
    }
}

/// Names for bot seats, one per seat index, so a table reads like a table.
const BOT_NAMES: [&str; 8] = ["Ada", "Boris", "Clara", "Dmitri", "Elena", "Felix", "Greta", "Hugo"];

/// The seating of a quick game: one human in seat 0 and bots of `level` elsewhere.
#[must_use]
pub fn quick_seating(human: &str, players: usize, level: BotLevel) -> Vec<Occupant> {
    Seat::all(players)
        .map(|seat| match seat.index() {
            0 => Occupant::Human { name: human.to_owned() },
            index => Occupant::Bot { name: BOT_NAMES[(index - 1) % BOT_NAMES.len()].to_owned(), level },
        })
        .collect()
}

/// The level quick play seats: Normal where the game has it.
#[must_use]
pub fn quick_level(kind: cardtable_engine::GameKind) -> BotLevel {
    let levels = levels(kind);
    if levels.contains(&BotLevel::Normal) { BotLevel::Normal } else { levels[0] }
}

/// The levels a game's bots offer: every game has all four.
#[must_use]
pub fn levels(_kind: cardtable_engine::GameKind) -> &'static [BotLevel] {
    &BotLevel::ALL
}
