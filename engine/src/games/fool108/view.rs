//! What one seat may know of a 108 Fool match.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::inference::Lacking;
use crate::seat::{BySeat, Direction, Seat, SeatSet};
use crate::view::ViewHeader;

use super::action::Fool108Action;
use super::options::Fool108Options;
use super::round::{Stage, ToFollow};

/// A seat's (or a spectator's) view of a 108 Fool match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fool108View {
    /// What every game's view shows: viewer, phase, round, dealer, turn, totals, results.
    pub header: ViewHeader,
    /// The match's options.
    pub options: Fool108Options,
    /// The seat whose random card opened the round.
    pub first_player: Seat,
    /// The viewer's own cards, sorted; `None` for a spectator.
    pub hand: Option<Vec<Card>>,
    /// How many cards each seat holds.
    pub hand_sizes: BySeat<usize>,
    /// The top card of the discard pile.
    pub top: Card,
    /// What the next play must match (during [`Stage::ChooseSuit`], the Queen's own suit).
    pub to_follow: ToFollow,
    /// Cards in the stock.
    pub stock: usize,
    /// Cards in the discard pile.
    pub pile: usize,
    /// The discard pile's cards, bottom first: every seat saw each of them played (or turned
    /// up), so a bot may place them exactly.
    pub pile_cards: Vec<Card>,
    /// What each seat showed its hand lacks by drawing instead of playing, as every seat saw.
    pub lacking: BySeat<Lacking>,
    /// Where the turn seat is within its turn.
    pub stage: Stage,
    /// Direction of play.
    pub direction: Direction,
    /// Seats with a standing "One!".
    pub declared: SeatSet,
    /// Reshuffles so far this round.
    pub reshuffles: u32,
    /// Reshuffle penalties each seat has collected this round.
    pub reshuffle_penalties: BySeat<i32>,
    /// The viewer's legal actions now.
    pub legal: Vec<Fool108Action>,
}
