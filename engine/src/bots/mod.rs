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
//! - [`roster`]: [`BotGame`], a game's Easy and Normal heuristics, and [`make_bot`].
//! - [`crazy_eights`]: Crazy Eights' Easy and Normal bots.
//! - [`arena`]: bots playing whole matches against each other, deterministically from a seed.
//!
//! The engine has no clock, so budgets are in iterations; the app measures time around
//! decisions (see [`arena::ArenaObserver`]).

pub mod arena;
pub mod bot;
pub mod crazy_eights;
pub mod determinize;
pub mod ismcts;
pub mod roster;

#[cfg(test)]
mod tests;

pub use arena::{ArenaConfig, ArenaError, ArenaObserver, ArenaReport};
pub use bot::{Bot, BotLevel, Decision, ParseBotLevelError, RandomBot};
pub use determinize::{Determinize, DeterminizeError, standing_rewards};
pub use ismcts::{IsmctsBot, IsmctsConfig};
pub use roster::{BotGame, make_bot};
