//! The [`Bot`] contract and the four levels players choose from.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::rng::GameRng;
use crate::seat::Seat;

/// How strong a bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotLevel {
    /// A uniformly random legal action: the baseline every level must beat.
    Random,
    /// Legal moves with simple preferences and the slips of a beginner.
    Easy,
    /// A per-game heuristic a decent club player would recognise.
    Normal,
    /// Information-Set Monte Carlo Tree Search over determinizations.
    Hard,
}

impl BotLevel {
    /// Every level, weakest first.
    pub const ALL: [BotLevel; 4] = [BotLevel::Random, BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];

    /// The id used in the CLI and in files (`hard`).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Easy => "easy",
            BotLevel::Normal => "normal",
            BotLevel::Hard => "hard",
        }
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A bot level that is not one of the four ids.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot level `{text}`: expected random, easy, normal or hard")]
pub struct ParseBotLevelError {
    /// What was given.
    pub text: String,
}

impl FromStr for BotLevel {
    type Err = ParseBotLevelError;

    fn from_str(text: &str) -> Result<BotLevel, ParseBotLevelError> {
        BotLevel::ALL
            .into_iter()
            .find(|level| level.id().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| ParseBotLevelError { text: text.to_owned() })
    }
}

/// A bot's choice, with the search effort it cost (0 for bots that do not search), so the
/// caller can report effort next to the time it measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision<A> {
    /// The action chosen: always one of the legal actions the bot was given.
    pub action: A,
    /// Search iterations spent on it.
    pub iterations: u32,
}

/// A computer player for one seat of game `G`.
///
/// It decides from what its seat may know — the seat's view and its legal actions — and draws
/// any randomness from the `rng` it is handed (the bot's own, never the match's: reading the
/// match's RNG would reveal the deck order).
///
/// Two kinds of decision reach it, as they reach a person at the table:
/// - [`Bot::decide`]: the round waits for the seat (its turn, its opening look). It must answer.
/// - [`Bot::optional`]: the seat *may* act although nobody waits for it (108 Fool's "One!",
///   a Youglouf snap). It may decline. A table offers these after every action, so an answer
///   should depend on the situation, not on how often it was asked.
pub trait Bot<G: Game>: Send {
    /// The level this bot plays at.
    fn level(&self) -> BotLevel;

    /// Chooses one of `legal` for `seat`, whose view is `view`: the seat's actions apart from
    /// its optional ones. `None` only when `legal` is empty (the seat has no decision).
    fn decide(&mut self, seat: Seat, view: &G::View, legal: &[G::Action], rng: &mut GameRng) -> Option<Decision<G::Action>>;

    /// Takes one of the `optional` actions `seat` may take now (never empty), or declines
    /// with `None`. The default declines.
    fn optional(&mut self, seat: Seat, view: &G::View, optional: &[G::Action], rng: &mut GameRng) -> Option<G::Action> {
        let _ = (seat, view, optional, rng);
        None
    }
}

/// Offers of an optional action that the Random level takes, one in this many: uniform play
/// would snap blindly at every chance (about 200 wrong snaps a Youglouf round) and never let
/// a round end.
pub const RANDOM_OPTIONAL_ONE_IN: usize = 4;

/// Plays a uniformly random legal action: works for every game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn level(&self) -> BotLevel {
        BotLevel::Random
    }

    fn decide(&mut self, _seat: Seat, _view: &G::View, legal: &[G::Action], rng: &mut GameRng) -> Option<Decision<G::Action>> {
        if legal.is_empty() {
            return None;
        }
        Some(Decision { action: legal[rng.below(legal.len())], iterations: 0 })
    }

    fn optional(&mut self, _seat: Seat, _view: &G::View, optional: &[G::Action], rng: &mut GameRng) -> Option<G::Action> {
        if optional.is_empty() || rng.below(RANDOM_OPTIONAL_ONE_IN) != 0 {
            return None;
        }
        Some(optional[rng.below(optional.len())])
    }
}
