//! What one seat may know of a Crazy Eights match.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::inference::Lacking;
use crate::seat::{BySeat, Direction};
use crate::view::ViewHeader;

use super::action::CrazyEightsAction;
use super::options::CrazyEightsOptions;
use super::round::ToFollow;

/// A seat's (or a spectator's) view of a Crazy Eights match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CrazyEightsView {
    /// What every game's view shows: viewer, phase, round, dealer, turn, totals, results.
    pub header: ViewHeader,
    /// The match's options.
    pub options: CrazyEightsOptions,
    /// The viewer's own cards, sorted; `None` for a spectator.
    pub hand: Option<Vec<Card>>,
    /// How many cards each seat holds.
    pub hand_sizes: BySeat<usize>,
    /// The top card of the discard pile.
    pub top: Card,
    /// What the next play must match.
    pub to_follow: ToFollow,
    /// Cards in the stock.
    pub stock: usize,
    /// Cards in the discard pile.
    pub pile: usize,
    /// The discard pile's cards, bottom first: every seat saw each of them played (or turned
    /// as the starter), so a bot may place them exactly.
    pub pile_cards: Vec<Card>,
    /// Direction of play.
    pub direction: Direction,
    /// The turn seat drew a playable card and must play.
    pub must_play: bool,
    /// Cards owed to pending twos (`stack` house rule).
    pub pending_draw: u32,
    /// Seats that passed in a row since the last play (public: the round blocks when every
    /// seat has).
    pub passes: u8,
    /// What each seat showed its hand lacks by drawing instead of playing: every seat saw the
    /// draws and what they were made on.
    pub lacking: BySeat<Lacking>,
    /// The viewer's legal actions now (empty when it is not the viewer's decision).
    pub legal: Vec<CrazyEightsAction>,
}
