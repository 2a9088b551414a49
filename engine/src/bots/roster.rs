//! [`make_bot`], which seats a bot of any level at a [`BotGame`]'s table, and [`visit`], which
//! runs generic code for the game a [`GameKind`] names.
//!
//! Random works for every game and Hard is generic (it needs only [`super::Determinize`] and
//! a budget); Easy and Normal are each game's own heuristics.

use crate::games;
use crate::kind::GameKind;
use crate::registry::Listed;

use super::bot::{Bot, BotLevel, RandomBot};
use super::bot_game::BotGame;
use super::ismcts::{IsmctsBot, SearchTuning, Threads};

/// A bot of `level` for game `G`; `tuning` changes the Hard level's default search
/// ([`BotGame::SEARCH`]).
#[must_use]
pub fn make_bot<G: BotGame>(level: BotLevel, tuning: SearchTuning) -> Box<dyn Bot<G>> {
    make_bot_on(level, tuning, Threads::All)
}

/// [`make_bot`] whose Hard level searches on `threads`: [`Threads::One`] where matches already
/// fill the cores side by side (the arena on a pool), so a decision never queues behind them.
#[must_use]
pub fn make_bot_on<G: BotGame>(level: BotLevel, tuning: SearchTuning, threads: Threads) -> Box<dyn Bot<G>> {
    match level {
        BotLevel::Random => Box::new(RandomBot),
        BotLevel::Easy => G::easy_bot(),
        BotLevel::Normal => G::normal_bot(),
        BotLevel::Hard => Box::new(IsmctsBot::new(tuning.apply(G::SEARCH)).timed(tuning.clock).on(threads)),
    }
}

/// Generic code to run for one [`BotGame`], chosen at run time by [`visit`]: the roster the
/// app seats its bots from. `G` is also [`Listed`], so the visit can take the game's own view
/// and actions out of the `Any*` enums.
pub trait BotGameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs for game type `G`.
    fn visit<G: BotGame + Listed>(self) -> Self::Output;
}

/// Writes [`visit`] from the one list of games (`with_games!`).
macro_rules! bot_roster {
    ($( $variant:ident => $ty:path, id $id:literal, name $name:literal, pitch $pitch:literal; )*) => {
        /// Runs `visitor` with `kind`'s game type. Every registered game has bots at every
        /// level: a game in the list whose type is not a [`BotGame`] does not compile.
        pub fn visit<V: BotGameVisitor>(kind: GameKind, visitor: V) -> V::Output {
            match kind {
                $(GameKind::$variant => visitor.visit::<$ty>(),)*
            }
        }
    };
}

with_games!(bot_roster);
