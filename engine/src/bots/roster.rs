//! [`BotGame`]: what a game supplies so all four levels can sit at its table, and
//! [`make_bot`], which seats a bot of any level.
//!
//! Random works for every game and Hard is generic (it needs only [`Determinize`]); Easy and
//! Normal are each game's own heuristics.

use super::bot::{Bot, BotLevel, RandomBot};
use super::determinize::Determinize;
use super::ismcts::{IsmctsBot, IsmctsConfig};

/// A game with bots at every level.
pub trait BotGame: Determinize {
    /// The Easy bot: legal moves, simple preferences, human slips.
    fn easy_bot() -> Box<dyn Bot<Self>>;

    /// The Normal bot: the game's club-player heuristic.
    fn normal_bot() -> Box<dyn Bot<Self>>;
}

/// A bot of `level` for game `G`; `hard` is the Hard level's search budget.
#[must_use]
pub fn make_bot<G: BotGame>(level: BotLevel, hard: IsmctsConfig) -> Box<dyn Bot<G>> {
    match level {
        BotLevel::Random => Box::new(RandomBot),
        BotLevel::Easy => G::easy_bot(),
        BotLevel::Normal => G::normal_bot(),
        BotLevel::Hard => Box::new(IsmctsBot::new(hard)),
    }
}
