//! [`BotGame`]: what a game supplies so all four bot levels can sit at its table. The search
//! ([`super::ismcts`]) and the roster ([`super::roster`]) both build on it.

use crate::seat::Seat;

use super::bot::Bot;
use super::determinize::Determinize;
use super::search_config::IsmctsConfig;

/// A game with bots at every level.
pub trait BotGame: Determinize {
    /// The Hard level's default search budget: chosen per game so a decision stays well under
    /// 200 ms on one core of the reference machine (measured in docs/bots.md).
    const SEARCH: IsmctsConfig;

    /// The Easy bot: legal moves, simple preferences, human slips.
    fn easy_bot() -> Box<dyn Bot<Self>>;

    /// The Normal bot: the game's club-player heuristic.
    fn normal_bot() -> Box<dyn Bot<Self>>;

    /// The optional action a sensible player in `seat` surely takes now, seeing `view`
    /// ("One!" at once, a snap of a card it knows matches), among `optional`; `None` to
    /// decline. Normal and Hard answer optional offers with it. The default declines.
    fn sure_optional(view: &Self::View, seat: Seat, optional: &[Self::Action]) -> Option<Self::Action> {
        let _ = (view, seat, optional);
        None
    }
}
