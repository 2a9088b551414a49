//! What one seat may know of a 108 Fool match.

use serde::{Deserialize, Serialize};

use crate::bots::inference::Lacking;
use crate::card::Card;
use crate::game::Phase;
use crate::score::{MatchResult, RoundResult};
use crate::seat::{BySeat, Direction, Seat, SeatSet, Viewer};

use super::action::Fool108Action;
use super::options::Fool108Options;
use super::round::{Stage, ToFollow};

/// A seat's (or a spectator's) view of a 108 Fool match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fool108View {
    /// Who is looking.
    pub viewer: Viewer,
    /// The match's options.
    pub options: Fool108Options,
    /// Round on, over, or match decided.
    pub phase: Phase,
    /// The current (or last) round number, from 1.
    pub round: u32,
    /// The round's dealer.
    pub dealer: Seat,
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
    /// Whose turn it is.
    pub turn: Seat,
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
    /// Seats with a decision now (the turn seat, and any seat that may declare "One!").
    pub to_act: SeatSet,
    /// The viewer's legal actions now.
    pub legal: Vec<Fool108Action>,
    /// Match totals.
    pub totals: BySeat<i32>,
    /// The round just finished, hands revealed, until the next deal.
    pub last_round: Option<RoundResult>,
    /// The match result once decided.
    pub result: Option<MatchResult>,
}
