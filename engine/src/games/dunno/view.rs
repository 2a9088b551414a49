//! What one seat may know of a Dunno match.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::seat::{BySeat, Direction};
use crate::view::ViewHeader;

use super::action::DunnoAction;
use super::options::DunnoOptions;
use super::round::TurnPhase;

/// A seat's (or a spectator's) view of a Dunno match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DunnoView {
    /// What every game's view shows: viewer, phase, round, dealer, turn, totals, results.
    pub header: ViewHeader,
    /// The match's options.
    pub options: DunnoOptions,
    /// The viewer's own cards, sorted; `None` for a spectator.
    pub hand: Option<Vec<Card>>,
    /// How many cards each seat holds.
    pub hand_sizes: BySeat<usize>,
    /// Per seat, the cards the viewer knows it holds: the viewer gave them away in a Jack swap
    /// and they have not been played since (empty for the viewer's own seat and spectators).
    pub known_in_hands: BySeat<Vec<Card>>,
    /// The top card of the pile.
    pub top: Card,
    /// The suit the top card carries (chosen with a King or Queen); `None` on a Joker.
    pub top_suit: Option<Suit>,
    /// The draw value: what the turn seat must draw unless it answers.
    pub draw_value: u32,
    /// The turn seat's situation.
    pub turn_phase: TurnPhase,
    /// Cards in the stock.
    pub stock: usize,
    /// Cards in the pile.
    pub pile: usize,
    /// Direction of play.
    pub direction: Direction,
    /// The viewer's legal actions now (empty when it is not the viewer's decision).
    pub legal: Vec<DunnoAction>,
}
