//! One 108 Fool round: the deal and the automatic first card, what is playable, drawing with
//! replenishment, and the effect of each card.

use serde::{Deserialize, Serialize};

use crate::card::{Card, DeckKind, Rank, Suit};
use crate::card_set::CardSet;
use crate::deal::Stock;
use crate::error::SetupError;
use crate::event::{Audience, EventSink};
use crate::inference::Lacking;
use crate::rng::GameRng;
use crate::seat::{BySeat, Direction, Seat, SeatSet};

use super::event::Fool108Event;

/// Cards dealt to each seat.
pub const HAND_SIZE: usize = 5;

/// Most cards a hand may hold and still declare "One!".
pub const ONE_HAND: usize = 2;

/// Bitmask of the four Queens: legal on anything.
const QUEENS: u64 = Rank::Queen.mask();

pub use crate::follow::ToFollow;

/// Where the turn seat is within its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The turn starts: play a legal card, or draw one.
    Open,
    /// The seat drew: play a legal card, or pass.
    Drawn,
    /// The seat's Queen is on the pile: choose the suit to follow. While in this stage
    /// `to_follow` holds the Queen's own suit.
    ChooseSuit,
}

/// The state of a round in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// Round number, from 1.
    pub number: u32,
    /// The round's dealer: hands are dealt from their left.
    pub dealer: Seat,
    /// The seat whose random card opened the round: seat (number − 1) mod n.
    pub first_player: Seat,
    /// Each seat's hand.
    pub hands: BySeat<CardSet>,
    /// The face-down stock.
    pub stock: Stock,
    /// The discard pile, top card last (all face up).
    pub pile: Vec<Card>,
    /// What the next play must match.
    pub to_follow: ToFollow,
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
    /// Round points per reshuffle step (option `reshuffle_penalty_step`).
    pub reshuffle_step: i32,
    /// Actions taken this round (for the turn cap).
    pub turns: u32,
    /// What each seat showed its hand lacks by drawing or passing instead of playing (public).
    pub lacking: BySeat<Lacking>,
}

impl Round {
    /// Shuffles (or stacks), deals five each in blocks from the dealer's left, then plays a
    /// random card from the first player's hand for them, with its effect (RULES.md §2).
    ///
    /// # Errors
    /// A stacked deck that is not part of the 36-card deck.
    pub fn deal(
        players: usize,
        number: u32,
        dealer: Seat,
        reshuffle_step: i32,
        stacked: Option<&[Card]>,
        rng: &mut GameRng,
        events: &mut impl EventSink<Fool108Event>,
    ) -> Result<Round, SetupError> {
        let mut stock = Stock::prepare(DeckKind::Short36, stacked, rng)?;
        let hands = stock.deal_blocks(players, dealer, HAND_SIZE);
        let first_player = Seat(((number - 1) as usize % players) as u8);
        events.emit(Audience::All, Fool108Event::RoundStarted { round: number, dealer, first_player });
        if events.wants_events() {
            for (seat, hand) in hands.seats() {
                events.emit(Audience::Only(seat), Fool108Event::HandDealt { seat, cards: hand.to_vec() });
            }
        }
        let mut round = Round {
            number,
            dealer,
            first_player,
            hands,
            stock,
            pile: Vec::with_capacity(DeckKind::Short36.len()),
            to_follow: ToFollow { suit: Suit::Clubs, rank: None },
            turn: first_player,
            stage: Stage::Open,
            direction: Direction::Clockwise,
            declared: SeatSet::EMPTY,
            reshuffles: 0,
            reshuffle_penalties: BySeat::filled(players, 0),
            reshuffle_step,
            turns: 0,
            lacking: BySeat::filled(players, Lacking::NONE),
        };
        let hand = round.hands[first_player];
        let pick = rng.below(hand.len());
        let opening = hand.iter().nth(pick).expect("the pick is below the hand's size");
        let went_out = round.play(opening, true, rng, events);
        debug_assert!(!went_out, "a five-card hand cannot empty on its first card");
        Ok(round)
    }

    /// Number of seats.
    #[must_use]
    pub fn players(&self) -> usize {
        self.hands.len()
    }

    /// The top card of the discard pile.
    #[must_use]
    pub fn top(&self) -> Card {
        *self.pile.last().expect("the opening card is played at the deal and the pile keeps its top")
    }

    /// Bitmask of the cards that may be played on the pile now.
    #[must_use]
    pub fn playable_mask(&self) -> u64 {
        self.to_follow.suit.mask() | self.to_follow.rank.map_or(0, Rank::mask) | QUEENS
    }

    /// Whether `seat` may declare "One!" now: one or two cards and no standing declaration.
    #[must_use]
    pub fn may_declare(&self, seat: Seat) -> bool {
        (1..=ONE_HAND).contains(&self.hands[seat].len()) && !self.declared.contains(seat)
    }

    /// Seats that may declare "One!" now.
    #[must_use]
    pub fn may_declare_set(&self) -> SeatSet {
        Seat::all(self.players()).filter(|&seat| self.may_declare(seat)).collect()
    }

    /// The seat one step from `from` in the current direction.
    #[must_use]
    pub fn next_seat(&self, from: Seat) -> Seat {
        self.direction.step(from, self.players())
    }

    /// Passes the turn on, skipping `skipped` seats first; the new turn starts open.
    fn advance(&mut self, skipped: usize, events: &mut impl EventSink<Fool108Event>) {
        let mut seat = self.next_seat(self.turn);
        for _ in 0..skipped {
            events.emit(Audience::All, Fool108Event::Skipped { seat });
            seat = self.next_seat(seat);
        }
        self.turn = seat;
        self.stage = Stage::Open;
    }

    /// Draws one card for `seat`; an empty stock is replenished from the pile first, and the
    /// k-th replenishment of the round costs `seat` k × step. `None` when nothing is left.
    fn draw_one(&mut self, seat: Seat, rng: &mut GameRng, events: &mut impl EventSink<Fool108Event>) -> Option<Card> {
        if self.stock.is_empty() {
            let moved = self.stock.reshuffle_from(&mut self.pile, rng);
            if moved > 0 {
                self.reshuffles += 1;
                let number = i32::try_from(self.reshuffles).unwrap_or(i32::MAX);
                let penalty = number.saturating_mul(self.reshuffle_step);
                self.reshuffle_penalties[seat] = self.reshuffle_penalties[seat].saturating_add(penalty);
                events.emit(Audience::All, Fool108Event::Reshuffled { seat, cards: moved, number: self.reshuffles, penalty });
            }
        }
        let Some(card) = self.stock.draw() else {
            events.emit(Audience::All, Fool108Event::NothingToDraw { seat });
            return None;
        };
        self.hands[seat].insert(card);
        self.lacking[seat].took(1);
        events.emit(Audience::Only(seat), Fool108Event::Drew { seat, card });
        events.emit(Audience::AllBut(seat), Fool108Event::DrewFaceDown { seat });
        if self.hands[seat].len() > ONE_HAND && self.declared.contains(seat) {
            self.declared.remove(seat);
            events.emit(Audience::All, Fool108Event::OneLapsed { seat });
        }
        Some(card)
    }

    /// A 6 or 7: the next seat draws `count` cards (fewer if nothing is left) and misses its
    /// turn. No defence, no stacking.
    fn force_draw(&mut self, count: u32, rng: &mut GameRng, events: &mut impl EventSink<Fool108Event>) {
        let victim = self.next_seat(self.turn);
        events.emit(Audience::All, Fool108Event::MustDraw { seat: victim, cards: count });
        for _ in 0..count {
            if self.draw_one(victim, rng, events).is_none() {
                break;
            }
        }
        self.advance(1, events);
    }

    /// Puts `card` on the pile from the turn seat's hand and applies its effect. Returns true
    /// if the hand is now empty: the round ends at once and no effect applies.
    pub fn play(&mut self, card: Card, automatic: bool, rng: &mut GameRng, events: &mut impl EventSink<Fool108Event>) -> bool {
        let seat = self.turn;
        let held = self.hands[seat].remove(card);
        debug_assert!(held, "only a held card is played");
        self.lacking[seat].played(card);
        self.pile.push(card);
        events.emit(Audience::All, Fool108Event::Played { seat, card, automatic });
        if self.hands[seat].is_empty() {
            return true;
        }
        let suit = card.suit().expect("the 36-card deck has no Jokers");
        let rank = card.rank().expect("the 36-card deck has no Jokers");
        self.to_follow = ToFollow { suit, rank: Some(rank) };
        match rank {
            Rank::Queen => {
                self.to_follow.rank = None;
                self.stage = Stage::ChooseSuit;
            }
            Rank::Six => self.force_draw(2, rng, events),
            Rank::Seven => self.force_draw(1, rng, events),
            Rank::Nine => {
                self.direction = self.direction.reversed();
                events.emit(Audience::All, Fool108Event::Reversed { direction: self.direction });
                self.advance(0, events);
            }
            Rank::Ace => self.advance(1, events),
            _ => self.advance(0, events),
        }
        false
    }

    /// The turn seat, whose Queen is on top, names the suit to follow; the turn passes on.
    pub fn choose_suit(&mut self, suit: Suit, events: &mut impl EventSink<Fool108Event>) {
        self.to_follow = ToFollow { suit, rank: None };
        events.emit(Audience::All, Fool108Event::SuitChosen { seat: self.turn, suit });
        self.advance(0, events);
    }

    /// The turn seat draws one card by choice; it may then play a legal card or pass.
    pub fn draw(&mut self, rng: &mut GameRng, events: &mut impl EventSink<Fool108Event>) {
        // A sensible player draws only with nothing to play: the table takes its hand to lack
        // what would have played; the card drawn is unknown.
        let (seat, playable) = (self.turn, self.playable_mask());
        let drew = self.draw_one(seat, rng, events).is_some();
        self.lacking[seat].showed_none_of(playable);
        if drew {
            self.lacking[seat].took(1);
        }
        self.stage = Stage::Drawn;
    }

    /// The turn seat, having drawn, ends its turn without playing.
    pub fn pass(&mut self, events: &mut impl EventSink<Fool108Event>) {
        // Passing after the draw: the card drawn did not play either.
        let (seat, playable) = (self.turn, self.playable_mask());
        self.lacking[seat].showed_none_of(playable);
        events.emit(Audience::All, Fool108Event::Passed { seat: self.turn });
        self.advance(0, events);
    }

    /// `seat` declares "One!".
    pub fn declare(&mut self, seat: Seat, events: &mut impl EventSink<Fool108Event>) {
        self.declared.insert(seat);
        events.emit(Audience::All, Fool108Event::DeclaredOne { seat });
    }
}
