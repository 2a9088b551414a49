//! What one seat may know of a One Hundred and One match.

use serde::{Deserialize, Serialize};

use crate::bots::inference::Lacking;
use crate::card::Card;
use crate::game::Phase;
use crate::score::{MatchResult, RoundResult};
use crate::seat::{BySeat, Seat, SeatSet, Viewer};

use super::action::HundredOneAction;
use super::options::HundredOneOptions;
use super::exit::Exit;
use super::round::{Stage, ToFollow};

/// A seat's (or a spectator's) view of a One Hundred and One match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HundredOneView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The match's options.
    pub options: HundredOneOptions,
    /// Round on, over, or match decided.
    pub phase: Phase,
    /// The current (or last) round number, from 1.
    pub round: u32,
    /// The round's dealer.
    pub dealer: Seat,
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
    /// Whose decision it is.
    pub turn: Seat,
    /// What that seat has to do: order a suit, play or draw, or cover its 8.
    pub stage: Stage,
    /// Seats out of the round.
    pub out: SeatSet,
    /// What each seat that went out went out on (Queens earn a bonus).
    pub exits: BySeat<Option<Exit>>,
    /// Seats with a decision now.
    pub to_act: SeatSet,
    /// The viewer's legal actions now (empty when it is not the viewer's decision).
    pub legal: Vec<HundredOneAction>,
    /// Match totals.
    pub totals: BySeat<i32>,
    /// The round just finished, hands revealed, until the next deal.
    pub last_round: Option<RoundResult>,
    /// The match result once decided.
    pub result: Option<MatchResult>,
}
