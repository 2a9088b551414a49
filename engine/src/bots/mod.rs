//! # Bots
//!
//! Computer players for empty seats. A bot sees exactly what a human in its seat sees: its
//! seat's `View` and the legal actions (which that seat can derive from its view). It never
//! reads the true state; a bot that did would be a cheat.
//!
//! - [`bot`]: the [`Bot`] contract, the four [`BotLevel`]s and the [`RandomBot`].
//! - [`determinize`]: [`Determinize`], a full state sampled consistently with a view — the
//!   unseen cards dealt at random into the hidden zones, with the right counts.
//! - [`ismcts`]: the Hard level, single-observer Information-Set Monte Carlo Tree Search over
//!   determinizations; it works for every game that implements [`Determinize`].
//! - [`bot_game`]: [`BotGame`], a game's Easy and Normal bots, its search budget, its sure
//!   optional answers.
//! - [`roster`]: [`make_bot`], and [`roster::visit`] to run generic code per game.
//! - [`crazy_eights`], [`fool108`], [`hundred_one`], [`dunno`], [`youglouf`]: each game's Easy
//!   and Normal bots, the heuristics its playouts share with Normal, and its [`Determinize`].
//!   Bots import the games, never the reverse: what a game's round records for them (a
//!   seat's [`crate::inference::Lacking`]) sits beside both.
//! - [`slip`]: Easy's slips that stay the same however often a question is asked.
//! - [`arena`]: bots playing whole matches against each other, deterministically from a seed;
//!   [`arena_seat`]: who sits there, the ceilings a measurement may seat included.
//!
//! Decisions come in two kinds, as at the table: [`Bot::decide`] when the round waits for
//! the seat, [`Bot::optional`] when it may act without anyone waiting ("One!", snaps) and may
//! decline.
//!
//! The engine has no clock, so budgets are in iterations; the app measures time around
//! decisions (see [`arena::ArenaObserver`]).

pub mod arena;
pub mod arena_seat;
pub mod bot;
pub mod bot_game;
pub mod crazy_eights;
pub mod determinize;
pub mod dunno;
pub mod fool108;
pub mod hundred_one;
pub mod ismcts;
pub mod roster;
pub mod search_config;
pub mod slip;
pub mod youglouf;

#[cfg(test)]
mod tests;

pub use arena::{ArenaConfig, ArenaError, ArenaObserver, ArenaReport, Offer};
pub use arena_seat::{ArenaSeat, ParseArenaSeatError};
pub use bot::{Bot, BotLevel, Decision, ParseBotLevelError, RANDOM_OPTIONAL_ONE_IN, RandomBot};
pub use bot_game::BotGame;
pub use determinize::{Determinize, DeterminizeError, rank_and_spread, split_optional, standing_rewards};
pub use ismcts::{DEFAULT_BIAS, DEFAULT_EXPLORATION, DEFAULT_TREES, IsmctsBot, IsmctsConfig, SearchTuning, StopCheck, ThinkClock, Threads};
pub use roster::{BotGameVisitor, make_bot};
