//! One Crazy Eights round: the deal, what is playable, and the effects of each card.

use serde::{Deserialize, Serialize};

use crate::card::{Card, DeckKind, Rank, Suit};
use crate::card_set::CardSet;
use crate::deal::Stock;
use crate::error::SetupError;
use crate::event::{Audience, EventSink};
use crate::inference::Lacking;
use crate::rng::GameRng;
use crate::seat::{BySeat, Direction, Seat};

use super::event::CrazyEightsEvent;
use super::options::DrawTwo;

/// Cards dealt to each seat.
pub const HAND_SIZE: usize = 5;

pub use crate::follow::ToFollow;

/// The state of a round in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The round's dealer.
    pub dealer: Seat,
    /// Each seat's hand.
    pub hands: BySeat<CardSet>,
    /// The face-down stock.
    pub stock: Stock,
    /// The discard pile, top card last.
    pub pile: Vec<Card>,
    /// What the next play must match.
    pub to_follow: ToFollow,
    /// Whose turn it is.
    pub turn: Seat,
    /// Direction of play.
    pub direction: Direction,
    /// The seat drew a playable card and must now play (RULES.md §1, Drawing).
    pub must_play: bool,
    /// Cards owed by the seat to play under the `stack` house rule.
    pub pending_draw: u32,
    /// Seats that passed in a row since the last play.
    pub passes: u8,
    /// Actions taken this round (for the turn cap).
    pub turns: u32,
    /// Eights turned as starter and put back: everyone saw them (so every seat may know them).
    pub returned_starters: CardSet,
    /// What each seat showed its hand lacks by drawing instead of playing (public).
    pub lacking: BySeat<Lacking>,
}

/// Bitmask of the eights of every suit.
pub const EIGHTS: u64 = Rank::Eight.mask();
/// Bitmask of the twos of every suit.
const TWOS: u64 = Rank::Two.mask();

impl Round {
    /// Shuffles (or stacks), deals five each in blocks from the dealer's left, and turns the
    /// starter; an eight turned as starter goes back at a random place (RULES.md §1 ruling).
    ///
    /// # Errors
    /// A stacked deck that is not part of the double pack.
    pub fn deal(
        players: usize,
        dealer: Seat,
        stacked: Option<&[Card]>,
        rng: &mut GameRng,
        events: &mut impl EventSink<CrazyEightsEvent>,
    ) -> Result<Round, SetupError> {
        let mut stock = Stock::prepare(DeckKind::Double104, stacked, rng)?;
        let hands = stock.deal_blocks(players, dealer, HAND_SIZE);
        if events.wants_events() {
            for (seat, hand) in hands.seats() {
                events.emit(Audience::Only(seat), CrazyEightsEvent::HandDealt { seat, cards: hand.to_vec() });
            }
        }
        let mut returned_starters = CardSet::EMPTY;
        let starter = loop {
            let card = stock.draw().expect("the double pack has more than the largest deal");
            if !card.is_rank(Rank::Eight) {
                break card;
            }
            stock.insert_random(card, rng);
            // The same eight can come back to the top and be turned again: it is still one
            // card seen, and the pack has at most two of it.
            if returned_starters.count(card) < 2 {
                returned_starters.insert(card);
            }
            events.emit(Audience::All, CrazyEightsEvent::StarterReturned { card });
        };
        events.emit(Audience::All, CrazyEightsEvent::StarterTurned { card: starter });
        let mut pile = Vec::with_capacity(DeckKind::Double104.len());
        pile.push(starter);
        Ok(Round {
            dealer,
            hands,
            stock,
            pile,
            to_follow: ToFollow { suit: starter.suit().expect("a standard card"), rank: starter.rank() },
            turn: dealer.clockwise(1, players),
            direction: Direction::Clockwise,
            must_play: false,
            pending_draw: 0,
            passes: 0,
            turns: 0,
            returned_starters,
            lacking: BySeat::filled(players, Lacking::NONE),
        })
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        self.hands.len()
    }

    /// The top card of the discard pile.
    pub fn top(&self) -> Card {
        *self.pile.last().expect("the pile always keeps its top card")
    }

    /// Bitmask of the cards that may be played on the pile now (by anyone holding them).
    pub fn playable_mask(&self) -> u64 {
        if self.pending_draw > 0 {
            return TWOS;
        }
        let rank = self.to_follow.rank.map_or(0, Rank::mask);
        self.to_follow.suit.mask() | rank | EIGHTS
    }

    /// The seat `steps` places on in the current direction.
    pub fn next_seat(&self, from: Seat) -> Seat {
        self.direction.step(from, self.players())
    }

    /// Passes the turn to the next seat, skipping `skipped` seats first.
    pub fn advance(&mut self, skipped: usize, events: &mut impl EventSink<CrazyEightsEvent>) {
        let mut seat = self.next_seat(self.turn);
        for _ in 0..skipped {
            events.emit(Audience::All, CrazyEightsEvent::Skipped { seat });
            seat = self.next_seat(seat);
        }
        self.turn = seat;
    }

    /// Draws one card for `seat`, reshuffling the pile into the stock if needed.
    pub fn draw_one(&mut self, seat: Seat, rng: &mut GameRng, events: &mut impl EventSink<CrazyEightsEvent>) -> Option<Card> {
        if self.stock.is_empty() {
            let moved = self.stock.reshuffle_from(&mut self.pile, rng);
            if moved > 0 {
                events.emit(Audience::All, CrazyEightsEvent::Reshuffled { cards: moved });
            }
        }
        let card = self.stock.draw()?;
        self.hands[seat].insert(card);
        self.lacking[seat].took(1);
        events.emit(Audience::Only(seat), CrazyEightsEvent::Drew { seat, card });
        events.emit(Audience::AllBut(seat), CrazyEightsEvent::DrewFaceDown { seat });
        Some(card)
    }

    /// Draws up to `count` cards for `seat` (fewer if stock and pile run dry).
    pub fn draw_many(&mut self, seat: Seat, count: u32, rng: &mut GameRng, events: &mut impl EventSink<CrazyEightsEvent>) {
        for _ in 0..count {
            if self.draw_one(seat, rng, events).is_none() {
                break;
            }
        }
    }

    /// Puts `card` on the pile from the turn seat's hand and applies its effect. Returns true
    /// if the seat's hand is now empty (the round ends at once, no effect applies).
    pub fn play(
        &mut self,
        card: Card,
        nominated: Option<Suit>,
        draw_two: DrawTwo,
        rng: &mut GameRng,
        events: &mut impl EventSink<CrazyEightsEvent>,
    ) -> bool {
        let seat = self.turn;
        self.hands[seat].remove(card);
        self.lacking[seat].played(card);
        self.pile.push(card);
        events.emit(Audience::All, CrazyEightsEvent::Played { seat, card });
        self.must_play = false;
        self.passes = 0;
        let suit = card.suit().expect("Crazy Eights has no Jokers");
        let rank = card.rank().expect("Crazy Eights has no Jokers");
        self.to_follow = ToFollow { suit, rank: Some(rank) };
        if let Some(nominated) = nominated {
            self.to_follow = ToFollow { suit: nominated, rank: None };
            events.emit(Audience::All, CrazyEightsEvent::Nominated { seat, suit: nominated });
        }
        if self.hands[seat].is_empty() {
            return true;
        }
        match rank {
            Rank::Queen => self.advance(1, events),
            Rank::Ace => {
                self.direction = self.direction.reversed();
                events.emit(Audience::All, CrazyEightsEvent::Reversed { direction: self.direction });
                self.advance(0, events);
            }
            Rank::Two => self.play_two(draw_two, rng, events),
            _ => self.advance(0, events),
        }
        false
    }

    /// A 2's effect under the chosen house rule.
    fn play_two(&mut self, draw_two: DrawTwo, rng: &mut GameRng, events: &mut impl EventSink<CrazyEightsEvent>) {
        let next = self.next_seat(self.turn);
        match draw_two {
            DrawTwo::Literal => {
                self.draw_many(next, 2, rng, events);
                self.turn = next;
            }
            DrawTwo::Skip => {
                self.draw_many(next, 2, rng, events);
                self.advance(1, events);
            }
            DrawTwo::Stack => {
                self.pending_draw += 2;
                self.turn = next;
                events.emit(Audience::All, CrazyEightsEvent::DrawPending { seat: next, cards: self.pending_draw });
            }
        }
    }

    /// The turn seat draws. Returns true if it passed (no playable card could be had).
    pub fn draw(&mut self, rng: &mut GameRng, events: &mut impl EventSink<CrazyEightsEvent>) -> bool {
        let seat = self.turn;
        if self.pending_draw > 0 {
            let owed = std::mem::take(&mut self.pending_draw);
            self.draw_many(seat, owed, rng, events);
            self.advance(0, events);
            return false;
        }
        // A sensible player draws only with nothing to play: the table takes the seat's hand
        // to lack what would have played; the cards drawn and kept did not play either, and
        // only a card that plays, drawn last, may be one of them.
        let playable = self.playable_mask();
        while let Some(card) = self.draw_one(seat, rng, events) {
            if card.bit() & playable != 0 {
                self.must_play = true;
                self.lacking[seat].showed_none_of(playable);
                self.lacking[seat].took(1);
                return false;
            }
        }
        self.lacking[seat].showed_none_of(playable);
        events.emit(Audience::All, CrazyEightsEvent::Passed { seat });
        self.passes += 1;
        self.advance(0, events);
        true
    }
}

/// Penalty value of a card left in hand (RULES.md §1, Round end).
#[must_use]
pub fn card_points(card: Card) -> i32 {
    match card.rank() {
        Some(Rank::Eight) => 50,
        Some(Rank::Jack | Rank::Queen | Rank::King) => 10,
        Some(Rank::Ace) => 1,
        Some(rank) => i32::from(rank.pips().expect("2 to 10 have pips")),
        None => 0,
    }
}
