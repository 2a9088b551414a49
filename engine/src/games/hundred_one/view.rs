//! What one seat may know of a One Hundred and One match.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::inference::Lacking;
use crate::seat::{BySeat, SeatSet};
use crate::view::ViewHeader;

use super::action::HundredOneAction;
use super::exit::Exit;
use super::options::HundredOneOptions;
use super::round::{Stage, ToFollow};

/// A seat's (or a spectator's) view of a One Hundred and One match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HundredOneView {
    /// What every game's view shows: viewer, phase, round, dealer, turn, totals, results.
    pub header: ViewHeader,
    /// The match's options.
    pub options: HundredOneOptions,
    /// The viewer's own cards, sorted; `None` for a spectator.
    pub hand: Option<Vec<Card>>,
    /// How many cards each seat holds.
    pub hand_sizes: BySeat<usize>,
    /// The top card of the discard pile.
    pub top: Card,
    /// What the next card must cover.
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
    /// What that seat has to do: order a suit, play or draw, or cover its 8.
    pub stage: Stage,
    /// Seats out of the round.
    pub out: SeatSet,
    /// What each seat that went out went out on (Queens earn a bonus).
    pub exits: BySeat<Option<Exit>>,
    /// The viewer's legal actions now (empty when it is not the viewer's decision).
    pub legal: Vec<HundredOneAction>,
}
