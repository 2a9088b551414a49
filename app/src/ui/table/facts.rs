//! What every game's table shows, drawn the same way for all: whose turn, the seats, the
//! viewer's hand and offers. Each game's table (`games/`) makes them from its view; the hand
//! and the seats draw them.

use cardtable_engine::{Card, Direction, Phase, Seat, SeatSet, ViewHeader};

use super::offers::{Offer, OfferKind};

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
    /// Who plays after the turn, in the direction of play (marked on the table).
    pub next: Option<Seat>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatFacts>,
    /// The viewer's hand in the order keyboard positions count; `None` for a spectator (and
    /// in Youglouf, whose cards lie face down in slots).
    pub hand: Option<Vec<Card>>,
    /// The viewer's legal actions as offers.
    pub offers: Vec<Offer>,
    /// Why a card in hand cannot be played now, in a sentence.
    pub why_not: String,
    /// The buttons the hand's action row always holds, in order, each enabled only while it
    /// is offered: a button that comes and goes would move the others under the pointer.
    pub standing: Vec<OfferKind>,
}

impl TableFacts {
    /// The facts of a view with this `header`: its turn while a round is in play (the next
    /// seat is marked by [`TableFacts::with_next`]).
    #[must_use]
    pub fn of(header: &ViewHeader, seats: Vec<SeatFacts>, hand: Option<Vec<Card>>, offers: Vec<Offer>, why_not: String) -> TableFacts {
        let turn = (header.phase == Phase::Playing).then_some(header.turn);
        TableFacts { turn, next: None, seats, hand, offers, why_not, standing: vec![OfferKind::Draw] }
    }

    /// The buttons the hand's action row always holds (a draw alone unless a game says more).
    #[must_use]
    pub fn with_standing(mut self, standing: Vec<OfferKind>) -> TableFacts {
        self.standing = standing;
        self
    }

    /// Marks the seat that plays after the turn's, going `direction` and passing over the seats
    /// `out` of the round.
    #[must_use]
    pub fn with_next(mut self, direction: Direction, out: SeatSet) -> TableFacts {
        let players = self.seats.len();
        self.next = self.turn.and_then(|turn| {
            std::iter::successors(Some(turn), |&seat| Some(direction.step(seat, players)))
                .skip(1)
                .take(players.saturating_sub(1))
                .find(|&seat| !out.contains(seat))
        });
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(turn: Option<Seat>, players: usize) -> TableFacts {
        TableFacts { turn, seats: vec![SeatFacts::default(); players], ..TableFacts::default() }
    }

    #[test]
    fn the_next_seat_follows_the_direction_and_passes_over_seats_out_of_the_round() {
        assert_eq!(facts(Some(Seat(3)), 4).with_next(Direction::Clockwise, SeatSet::EMPTY).next, Some(Seat(0)));
        assert_eq!(facts(Some(Seat(0)), 4).with_next(Direction::Counterclockwise, SeatSet::EMPTY).next, Some(Seat(3)));
        let out: SeatSet = [Seat(1), Seat(2)].into_iter().collect();
        assert_eq!(facts(Some(Seat(0)), 4).with_next(Direction::Clockwise, out).next, Some(Seat(3)));
        let all_out: SeatSet = [Seat(1), Seat(2), Seat(3)].into_iter().collect();
        assert_eq!(facts(Some(Seat(0)), 4).with_next(Direction::Clockwise, all_out).next, None, "nobody else plays");
        assert_eq!(facts(None, 4).with_next(Direction::Clockwise, SeatSet::EMPTY).next, None, "no round in play");
    }
}
