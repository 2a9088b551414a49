//! A One Hundred and One round: the deal with the dealer's face-up card, what may cover the
//! top card, the effects of each card, going out, and when the round ends.

use serde::{Deserialize, Serialize};

use crate::card::{Card, DeckKind, Rank, Suit};
use crate::card_set::CardSet;
use crate::deal::Stock;
use crate::error::SetupError;
use crate::event::{Audience, EventSink};
use crate::inference::Lacking;
use crate::rng::GameRng;
use crate::seat::{BySeat, Seat, SeatSet};

use super::event::HundredOneEvent;
use super::exit::Exit;

/// Cards dealt to each seat (the dealer gets one more, turned face up).
pub const HAND_SIZE: usize = 4;

/// Bitmask of the four Queens: a Queen covers anything.
const QUEENS: u64 = Rank::Queen.mask();
/// The king of spades: the next seat draws five and misses its turn.
const KING_OF_SPADES: Card = Card::new(Rank::King, Suit::Spades);

pub use crate::follow::ToFollow;

/// What the seat whose turn it is has to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The dealer's face-up card is a Queen: the dealer orders the suit.
    OrderSuit,
    /// A turn: play a legal card (mandatory when able), or draw one.
    Turn,
    /// The seat played an 8 and must cover it at once, drawing until able if need be.
    CoverEight,
}

/// What a card laid on the pile does to the next seat still in the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Effect {
    /// Cards the next seat draws.
    draws: u32,
    /// Whether the next seat misses its turn.
    skips: bool,
}

impl Effect {
    const NONE: Effect = Effect { draws: 0, skips: false };

    /// A: miss a turn; 7: draw 1; 6: draw 2; `KS`: draw 5 (each drawing card also skips).
    fn of(card: Card) -> Effect {
        match card.rank() {
            _ if card == KING_OF_SPADES => Effect { draws: 5, skips: true },
            Some(Rank::Ace) => Effect { draws: 0, skips: true },
            Some(Rank::Seven) => Effect { draws: 1, skips: true },
            Some(Rank::Six) => Effect { draws: 2, skips: true },
            _ => Effect::NONE,
        }
    }
}

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
    /// What the next card must cover.
    pub to_follow: ToFollow,
    /// Whose decision it is.
    pub turn: Seat,
    /// What that seat has to do.
    pub stage: Stage,
    /// Seats out of the round (their hand emptied).
    pub out: SeatSet,
    /// What each seat that went out went out on.
    pub exits: BySeat<Option<Exit>>,
    /// Actions taken this round (for the turn cap).
    pub turns: u32,
    /// What each seat showed its hand lacks by drawing (public: a draw means no card covered).
    pub lacking: BySeat<Lacking>,
}

impl Round {
    /// Shuffles (or stacks), deals four each in blocks from the dealer's left, then turns the
    /// dealer's extra card face up as the dealer's first play, with its effect (RULES.md §3
    /// ruling). A stacked deck lists the hands, then that card, then the stock.
    ///
    /// # Errors
    /// A stacked deck that is not part of the 36-card deck.
    pub fn deal(
        players: usize,
        dealer: Seat,
        stacked: Option<&[Card]>,
        rng: &mut GameRng,
        events: &mut impl EventSink<HundredOneEvent>,
    ) -> Result<Round, SetupError> {
        let mut stock = Stock::prepare(DeckKind::Short36, stacked, rng)?;
        let hands = stock.deal_blocks(players, dealer, HAND_SIZE);
        if events.wants_events() {
            for (seat, hand) in hands.seats() {
                events.emit(Audience::Only(seat), HundredOneEvent::HandDealt { seat, cards: hand.to_vec() });
            }
        }
        let turned = stock.draw().expect("36 cards cover six hands of four and the dealer's extra card");
        events.emit(Audience::All, HundredOneEvent::TurnedUp { seat: dealer, card: turned });
        let mut pile = Vec::with_capacity(DeckKind::Short36.len());
        pile.push(turned);
        let mut round = Round {
            dealer,
            hands,
            stock,
            pile,
            to_follow: ToFollow { suit: turned.suit().expect("the short deck has no Jokers"), rank: None },
            turn: dealer,
            stage: Stage::OrderSuit,
            out: SeatSet::EMPTY,
            exits: BySeat::filled(players, None),
            turns: 0,
            lacking: BySeat::filled(players, Lacking::NONE),
        };
        if !turned.is_rank(Rank::Queen) {
            let ended = round.resolve(dealer, turned, None, rng, events);
            debug_assert!(ended.is_none(), "every seat holds four cards after the deal");
        }
        Ok(round)
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        self.hands.len()
    }

    /// The top card of the discard pile.
    pub fn top(&self) -> Card {
        *self.pile.last().expect("the pile always keeps its top card")
    }

    /// Bitmask of the cards that cover the top card now: its suit (or the ordered one), its
    /// rank (unless a Queen's suit was ordered), and any Queen.
    pub fn playable_mask(&self) -> u64 {
        let rank = self.to_follow.rank.map_or(0, Rank::mask);
        self.to_follow.suit.mask() | rank | QUEENS
    }

    /// Whether `seat` holds a card that covers the top card.
    pub fn can_play(&self, seat: Seat) -> bool {
        self.hands[seat].mask() & self.playable_mask() != 0
    }

    /// The next seat after `from`, clockwise, that is still in the round (`from` itself when it
    /// is the only one).
    pub fn next_in_round(&self, from: Seat) -> Seat {
        let players = self.players();
        (1..=players).map(|steps| from.clockwise(steps, players)).find(|seat| !self.out.contains(*seat)).unwrap_or(from)
    }

    /// The only seat still holding cards, once the round is down to one.
    pub fn last_holder(&self) -> Option<Seat> {
        if self.players() - self.out.len() > 1 {
            return None;
        }
        Seat::all(self.players()).find(|seat| !self.out.contains(*seat))
    }

    /// Draws one card for `seat`, reshuffling the pile into the stock if needed.
    pub fn draw_one(&mut self, seat: Seat, rng: &mut GameRng, events: &mut impl EventSink<HundredOneEvent>) -> Option<Card> {
        if self.stock.is_empty() {
            let moved = self.stock.reshuffle_from(&mut self.pile, rng);
            if moved > 0 {
                events.emit(Audience::All, HundredOneEvent::Reshuffled { cards: moved });
            }
        }
        let card = self.stock.draw()?;
        self.hands[seat].insert(card);
        self.lacking[seat].took(1);
        events.emit(Audience::Only(seat), HundredOneEvent::Drew { seat, card });
        events.emit(Audience::AllBut(seat), HundredOneEvent::DrewFaceDown { seat });
        Some(card)
    }

    /// Draws up to `count` cards for `seat` (fewer if stock and pile run dry).
    fn draw_many(&mut self, seat: Seat, count: u32, rng: &mut GameRng, events: &mut impl EventSink<HundredOneEvent>) {
        for _ in 0..count {
            if self.draw_one(seat, rng, events).is_none() {
                break;
            }
        }
    }

    /// The turn seat plays `card` (a Queen with the suit it orders). Returns the last holder
    /// if the round is over.
    pub fn play(
        &mut self,
        card: Card,
        ordered: Option<Suit>,
        rng: &mut GameRng,
        events: &mut impl EventSink<HundredOneEvent>,
    ) -> Option<Seat> {
        let seat = self.turn;
        self.hands[seat].remove(card);
        self.lacking[seat].played(card);
        self.pile.push(card);
        events.emit(Audience::All, HundredOneEvent::Played { seat, card });
        self.resolve(seat, card, ordered, rng, events)
    }

    /// The dealer orders the suit for the Queen turned up at the deal; play goes on to the
    /// dealer's left.
    pub fn order(&mut self, suit: Suit, rng: &mut GameRng, events: &mut impl EventSink<HundredOneEvent>) -> Option<Seat> {
        let seat = self.turn;
        self.to_follow = ToFollow { suit, rank: None };
        events.emit(Audience::All, HundredOneEvent::Ordered { seat, suit });
        self.stage = Stage::Turn;
        self.pass_turn(seat, Effect::NONE, rng, events)
    }

    /// `card`, just laid by `seat`, takes effect: what to follow, the 8's cover, going out,
    /// and the next seat's penalty. Returns the last holder if the round is over.
    fn resolve(
        &mut self,
        seat: Seat,
        card: Card,
        ordered: Option<Suit>,
        rng: &mut GameRng,
        events: &mut impl EventSink<HundredOneEvent>,
    ) -> Option<Seat> {
        let suit = card.suit().expect("the short deck has no Jokers");
        self.to_follow = ToFollow { suit, rank: card.rank() };
        if let Some(ordered) = ordered {
            self.to_follow = ToFollow { suit: ordered, rank: None };
            events.emit(Audience::All, HundredOneEvent::Ordered { seat, suit: ordered });
        }
        self.turn = seat;
        if card.is_rank(Rank::Eight) {
            // The 8's player covers it at once, even with an empty hand.
            self.stage = Stage::CoverEight;
            return None;
        }
        self.stage = Stage::Turn;
        if self.hands[seat].is_empty() {
            self.go_out(seat, Exit::on(card), events);
        }
        self.pass_turn(seat, Effect::of(card), rng, events)
    }

    /// Marks `seat` out of the round.
    fn go_out(&mut self, seat: Seat, exit: Exit, events: &mut impl EventSink<HundredOneEvent>) {
        self.out.insert(seat);
        self.exits[seat] = Some(exit);
        events.emit(Audience::All, HundredOneEvent::WentOut { seat, exit });
    }

    /// Applies `effect` to the next seat still in the round and gives the turn on. The effect
    /// lands even when the round is ending (RULES.md §3). Returns the last holder if the round
    /// is over.
    fn pass_turn(&mut self, from: Seat, effect: Effect, rng: &mut GameRng, events: &mut impl EventSink<HundredOneEvent>) -> Option<Seat> {
        let mut next = self.next_in_round(from);
        if effect.skips {
            self.draw_many(next, effect.draws, rng, events);
            events.emit(Audience::All, HundredOneEvent::Skipped { seat: next });
            next = self.next_in_round(next);
        }
        self.turn = next;
        self.last_holder()
    }

    /// The turn seat, holding no legal card, draws. On a turn: one card, kept for a play if
    /// legal, else the seat passes. Covering an 8: one at a time until a legal card comes; if
    /// nothing can be drawn the obligation lapses (RULES.md §3 ruling) and a seat with an
    /// empty hand is out. Returns the last holder if the round is over.
    pub fn draw(&mut self, rng: &mut GameRng, events: &mut impl EventSink<HundredOneEvent>) -> Option<Seat> {
        let seat = self.turn;
        let legal = self.playable_mask();
        // Nobody may draw holding a card that covers: the seat lacks them all, and the cards
        // it draws and keeps did not cover either; only a covering card drawn last may be one.
        if self.stage == Stage::CoverEight {
            while let Some(card) = self.draw_one(seat, rng, events) {
                if card.bit() & legal != 0 {
                    self.lacking[seat].showed_none_of(legal);
                    self.lacking[seat].took(1);
                    return None;
                }
            }
            self.lacking[seat].showed_none_of(legal);
            events.emit(Audience::All, HundredOneEvent::CoverLapsed { seat });
            self.stage = Stage::Turn;
            if self.hands[seat].is_empty() {
                self.go_out(seat, Exit::Plain, events);
            }
        } else {
            let covers = self.draw_one(seat, rng, events).is_some_and(|card| card.bit() & legal != 0);
            self.lacking[seat].showed_none_of(legal);
            if covers {
                self.lacking[seat].took(1);
                return None;
            }
            events.emit(Audience::All, HundredOneEvent::Passed { seat });
        }
        self.pass_turn(seat, Effect::NONE, rng, events)
    }
}

/// Penalty value of a card left in hand (RULES.md §3, Scoring): 6, 7, 8, 10 face value;
/// 9 = 0; J = 2; Q = 3; K = 4; A = 11.
#[must_use]
pub fn card_points(card: Card) -> i32 {
    match card.rank() {
        Some(Rank::Nine) | None => 0,
        Some(Rank::Jack) => 2,
        Some(Rank::Queen) => 3,
        Some(Rank::King) => 4,
        Some(Rank::Ace) => 11,
        Some(rank) => i32::from(rank.pips().expect("6 to 10 have pips")),
    }
}
