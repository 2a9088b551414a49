//! One Dunno game (a deal): the state of the table, the turn phases, and what each action does
//! to it. Legality lives in `legal.rs`; this file assumes the action was checked.

use serde::{Deserialize, Serialize};

use crate::card::{Card, DeckKind, Rank, Suit};
use crate::card_set::CardSet;
use crate::deal::Stock;
use crate::error::SetupError;
use crate::event::{Audience, EventSink};
use crate::rng::GameRng;
use crate::seat::{BySeat, Direction, Seat, SeatSet};

use super::action::CardRun;
use super::event::DunnoEvent;
use super::knowledge::Knowledge;
use super::matching::{Answer, Top, offensive_value};

/// Cards dealt to each seat.
pub const HAND_SIZE: usize = 5;
/// The seat that takes the first turn of every game (RULES.md §4 ruling).
pub const FIRST_SEAT: Seat = Seat(0);
/// The Jack of diamonds, which may put up to two cards under itself.
pub const JACK_OF_DIAMONDS: Card = Card::new(Rank::Jack, Suit::Diamonds);

/// The situation of the seat whose turn it is: each one has its own set of decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnPhase {
    /// Nothing is owed: play a playable group of one rank, or draw one card.
    Free,
    /// The seat owes `draw` cards: answer (stack, pass on with a 3, defend), or draw them all.
    Owes {
        /// The draw value, at least 1.
        draw: u32,
    },
    /// The seat played `JD` and still holds cards: it may put up to two of them under the Jack.
    JackUnder,
    /// The seat played a Jack; it and another seat hold cards: it must pick a seat to swap with.
    JackSwap,
}

/// The state of a game in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The game's dealer.
    pub dealer: Seat,
    /// Each seat's hand.
    pub hands: BySeat<CardSet>,
    /// The face-down stock.
    pub stock: Stock,
    /// The face-up pile, top card last.
    pub pile: Vec<Card>,
    /// The top card and the suit it carries.
    pub top: Top,
    /// Whose turn it is.
    pub turn: Seat,
    /// Direction of play.
    pub direction: Direction,
    /// The turn seat's situation.
    pub phase: TurnPhase,
    /// What each seat knows of the others' hands after swaps.
    pub knowledge: Knowledge,
    /// Actions taken this game (for the turn cap).
    pub turns: u32,
}

impl Round {
    /// Shuffles (or stacks), deals five each in blocks from the dealer's left and turns the
    /// starter, which has no effect (RULES.md §4 ruling). Seat 0 starts, clockwise.
    ///
    /// # Errors
    /// A stacked deck that is not part of the 54-card deck.
    pub fn deal(
        players: usize,
        dealer: Seat,
        stacked: Option<&[Card]>,
        rng: &mut GameRng,
        events: &mut impl EventSink<DunnoEvent>,
    ) -> Result<Round, SetupError> {
        let mut stock = Stock::prepare(DeckKind::WithJokers54, stacked, rng)?;
        let hands = stock.deal_blocks(players, dealer, HAND_SIZE);
        if events.wants_events() {
            for (seat, hand) in hands.seats() {
                events.emit(Audience::Only(seat), DunnoEvent::HandDealt { seat, cards: hand.to_vec() });
            }
        }
        let starter = stock.draw().expect("54 cards cover six hands of five and a starter");
        events.emit(Audience::All, DunnoEvent::StarterTurned { card: starter });
        let mut pile = Vec::with_capacity(DeckKind::WithJokers54.len());
        pile.push(starter);
        Ok(Round {
            dealer,
            hands,
            stock,
            pile,
            top: Top::plain(starter),
            turn: FIRST_SEAT,
            direction: Direction::Clockwise,
            phase: TurnPhase::Free,
            knowledge: Knowledge::none(players),
            turns: 0,
        })
    }

    /// Number of seats.
    #[must_use]
    pub fn players(&self) -> usize {
        self.hands.len()
    }

    /// The draw value the turn seat owes (0 when nothing is owed).
    #[must_use]
    pub const fn owed(&self) -> u32 {
        match self.phase {
            TurnPhase::Owes { draw } => draw,
            TurnPhase::Free | TurnPhase::JackUnder | TurnPhase::JackSwap => 0,
        }
    }

    /// The seats `seat` may swap hands with after a Jack: none if `seat` has no card left,
    /// otherwise every other seat holding at least one card.
    #[must_use]
    pub fn swap_partners(&self, seat: Seat) -> SeatSet {
        if self.hands[seat].is_empty() {
            return SeatSet::EMPTY;
        }
        self.hands.seats().filter(|&(other, hand)| other != seat && !hand.is_empty()).map(|(other, _)| other).collect()
    }

    /// The turn seat plays `cards` (checked), naming `suit` with Kings and Queens. Returns the
    /// winner if the next turn starts with an empty hand and nothing owed.
    pub fn play(&mut self, cards: CardRun, suit: Option<Suit>, events: &mut impl EventSink<DunnoEvent>) -> Option<Seat> {
        let seat = self.turn;
        let owed = self.owed();
        let answer = if owed > 0 { self.top.answer(cards.first(), owed) } else { None };
        // A defence clears what is owed; stacking and passing on keep it. Then every offensive
        // card of the play adds its value, so a defending 2 followed by `2C` leaves 1 owed.
        let mut draw = if answer == Some(Answer::Defend) { 0 } else { owed };
        let mut reversals = 0;
        let mut skip = false;
        for &card in cards.cards() {
            self.hands[seat].remove(card);
            self.knowledge.forget(seat, card);
            self.pile.push(card);
            draw += offensive_value(card);
            reversals += usize::from(card.is_rank(Rank::Queen));
            skip |= card.is_rank(Rank::Ace);
        }
        events.emit(Audience::All, DunnoEvent::Played { seat, cards });
        if let Some(answer) = answer {
            events.emit(Audience::All, DunnoEvent::Answered { seat, answer });
        }
        let last = cards.last();
        self.top = match suit {
            Some(suit) => {
                events.emit(Audience::All, DunnoEvent::SuitChosen { seat, suit });
                Top { card: last, suit: Some(suit) }
            }
            None => Top::plain(last),
        };
        for _ in 0..reversals {
            self.direction = self.direction.reversed();
            events.emit(Audience::All, DunnoEvent::Reversed { direction: self.direction });
        }
        if last.is_rank(Rank::Jack) {
            if last == JACK_OF_DIAMONDS && !self.hands[seat].is_empty() {
                self.phase = TurnPhase::JackUnder;
                return None;
            }
            return self.after_jack(events);
        }
        self.end_turn(skip, draw, events)
    }

    /// The turn seat draws one card, or everything it owes; the turn ends.
    pub fn draw(&mut self, rng: &mut GameRng, events: &mut impl EventSink<DunnoEvent>) -> Option<Seat> {
        let seat = self.turn;
        for _ in 0..self.owed().max(1) {
            if self.draw_one(seat, rng, events).is_none() {
                break;
            }
        }
        self.end_turn(false, 0, events)
    }

    /// The turn seat puts `cards` (checked: at most two of its own) under its `JD`.
    pub fn put_under(&mut self, cards: CardSet, events: &mut impl EventSink<DunnoEvent>) -> Option<Seat> {
        let seat = self.turn;
        let jack = self.pile.pop().expect("JD is on top while its player puts cards under it");
        for card in cards.iter() {
            self.hands[seat].remove(card);
            self.knowledge.forget(seat, card);
            self.pile.push(card);
        }
        self.pile.push(jack);
        events.emit(Audience::All, DunnoEvent::PutUnder { seat, cards });
        self.after_jack(events)
    }

    /// The turn seat swaps hands with `with` (checked: another seat holding cards); the turn ends.
    pub fn swap(&mut self, with: Seat, events: &mut impl EventSink<DunnoEvent>) -> Option<Seat> {
        let seat = self.turn;
        let (mine, theirs) = (self.hands[seat], self.hands[with]);
        self.hands[seat] = theirs;
        self.hands[with] = mine;
        self.knowledge.swapped(seat, mine, with, theirs);
        events.emit(Audience::All, DunnoEvent::Swapped { seat, with });
        if events.wants_events() {
            events.emit(Audience::Only(seat), DunnoEvent::HandReceived { seat, cards: theirs.to_vec() });
            events.emit(Audience::Only(with), DunnoEvent::HandReceived { seat: with, cards: mine.to_vec() });
        }
        self.end_turn(false, 0, events)
    }

    /// After a Jack (and `JD`'s cards under it): a swap if anyone can swap, else the turn ends.
    fn after_jack(&mut self, events: &mut impl EventSink<DunnoEvent>) -> Option<Seat> {
        if self.swap_partners(self.turn).is_empty() {
            self.end_turn(false, 0, events)
        } else {
            self.phase = TurnPhase::JackSwap;
            None
        }
    }

    /// Passes the turn on (skipping one seat after Aces) with `owed` cards to answer. A seat
    /// whose turn starts with no cards and nothing owed wins: it is returned.
    fn end_turn(&mut self, skip: bool, owed: u32, events: &mut impl EventSink<DunnoEvent>) -> Option<Seat> {
        let players = self.players();
        let mut next = self.direction.step(self.turn, players);
        if skip {
            events.emit(Audience::All, DunnoEvent::Skipped { seat: next });
            next = self.direction.step(next, players);
        }
        self.turn = next;
        if owed == 0 {
            self.phase = TurnPhase::Free;
            return self.hands[next].is_empty().then_some(next);
        }
        events.emit(Audience::All, DunnoEvent::DrawOwed { seat: next, cards: owed });
        self.phase = TurnPhase::Owes { draw: owed };
        None
    }

    /// Draws one card for `seat`, reshuffling the pile but its top into the stock if needed.
    fn draw_one(&mut self, seat: Seat, rng: &mut GameRng, events: &mut impl EventSink<DunnoEvent>) -> Option<Card> {
        if self.stock.is_empty() {
            let moved = self.stock.reshuffle_from(&mut self.pile, rng);
            if moved > 0 {
                events.emit(Audience::All, DunnoEvent::Reshuffled { cards: moved });
            }
        }
        let card = self.stock.draw()?;
        self.hands[seat].insert(card);
        events.emit(Audience::Only(seat), DunnoEvent::Drew { seat, card });
        events.emit(Audience::AllBut(seat), DunnoEvent::DrewFaceDown { seat });
        Some(card)
    }
}
