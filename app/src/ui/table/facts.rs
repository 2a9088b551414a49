//! What every game's table shows, drawn the same way for all: whose turn, the seats, the
//! viewer's hand and offers. Each game's table (`games/`) makes them from its view; the hand
//! and the seats draw them.

use cardtable_engine::{Card, Seat};

use super::offers::Offer;

/// A seat as the table shows it around the centre.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatFacts {
    /// Cards it holds (face down to everyone else).
    pub cards: usize,
    /// Its match total.
    pub total: i32,
    /// Short public notes: "One!", "out", "called Youglouf".
    pub notes: Vec<String>,
    /// Cards the viewer knows this seat holds (Dunno: cards it gave away in a Jack's swap).
    pub known: Vec<Card>,
    /// The seat's cards laid out in slots, as the viewer knows them (Youglouf), instead of a
    /// fanned hand.
    pub slots: Option<Vec<SlotLook>>,
}

/// A Youglouf slot as the viewer knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotLook {
    /// A gap left by a snapped card.
    Empty,
    /// A face-down card the viewer cannot name.
    Down,
    /// A card the viewer has seen.
    Known(Card),
}

/// What every game's table shows, drawn the same way for all.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TableFacts {
    /// Whose turn it is (`None` when no round is in play).
    pub turn: Option<Seat>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatFacts>,
    /// The viewer's hand in the order keyboard positions count; `None` for a spectator (and
    /// in Youglouf, whose cards lie face down in slots).
    pub hand: Option<Vec<Card>>,
    /// The viewer's legal actions as offers.
    pub offers: Vec<Offer>,
    /// Why a card in hand cannot be played now, in a sentence.
    pub why_not: String,
}
