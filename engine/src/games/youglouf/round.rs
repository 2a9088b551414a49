//! One Youglouf match (our round): the deal, the cards in front of each seat, the two decks,
//! and every card movement together with what it teaches whom.

use serde::{Deserialize, Serialize};

use crate::card::{Card, DeckKind, Rank};
use crate::deal::Stock;
use crate::error::SetupError;
use crate::event::{Audience, EventSink};
use crate::rng::GameRng;
use crate::seat::{BySeat, Seat, SeatSet};

use super::event::{Power, Source, YougloufEvent};
use super::knowledge::Knowledge;

/// Cards dealt face down to each seat.
pub const HAND_SIZE: usize = 4;

/// Room reserved per seat at the deal, so penalty cards rarely reallocate.
const SLOT_CAPACITY: usize = 12;

/// What the round is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Before the first turn: seats not yet in `looked` take their one look at two cards.
    Looking,
    /// The turn player takes a card; the snap window on the open deck's top stays open.
    Draw,
    /// The turn player holds the taken card and must replace one of their cards or drop it.
    Holding {
        /// The card in hand.
        card: Card,
        /// Where it came from (who has seen it).
        source: Source,
    },
    /// The turn player dropped a closed-deck 9, 10, J or Q and uses (or skips) its power.
    Power(Power),
    /// The turn player ends the turn, declaring "Youglouf" or not.
    Finishing,
}

/// The state of a Youglouf match (our round) in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The dealer, who takes the first turn.
    pub dealer: Seat,
    /// Each seat's face-down cards by slot; `None` is a gap left by a snapped card. Slots
    /// never move, so "my slot 2" stays the same card until it is replaced or exchanged.
    pub hands: BySeat<Vec<Option<Card>>>,
    /// The closed deck.
    pub stock: Stock,
    /// The open deck, top card last.
    pub open_deck: Vec<Card>,
    /// Who knows which face-down card.
    pub knowledge: Knowledge,
    /// Seats that have had their one look.
    pub looked: SeatSet,
    /// Whose turn it is (during `Looking`, the dealer, who will start).
    pub turn: Seat,
    /// What the round waits for.
    pub stage: Stage,
    /// The seat that declared "Youglouf", once someone has.
    pub declarer: Option<Seat>,
    /// Actions taken this round (for the turn cap).
    pub actions: u32,
}

/// Whether a card dropped straight from the closed deck gives a power, and which.
#[must_use]
pub fn power_of(card: Card) -> Option<Power> {
    match card.rank() {
        Some(Rank::Nine | Rank::Ten) => Some(Power::Peek),
        Some(Rank::Jack) => Some(Power::Spy),
        Some(Rank::Queen) => Some(Power::Exchange),
        _ => None,
    }
}

/// A card's value when a match is scored (RULES.md §5, "Card values").
#[must_use]
pub fn card_value(card: Card) -> i32 {
    match card.rank() {
        Some(Rank::Ace) => 1,
        Some(Rank::Jack) => 11,
        Some(Rank::Queen) => 12,
        Some(Rank::King) if card.suit().is_some_and(crate::card::Suit::is_red) => 0,
        Some(Rank::King) => 13,
        Some(rank) => i32::from(rank.pips().expect("2 to 10 have pips")),
        None => 0,
    }
}

impl Round {
    /// Shuffles (or stacks) the pack and deals four face-down cards to each seat, in blocks
    /// from the dealer's left: a block fills slots 0 to 3. The open deck starts empty.
    ///
    /// # Errors
    /// A stacked deck that is not part of one 52-card pack.
    pub fn deal(
        players: usize,
        dealer: Seat,
        stacked: Option<&[Card]>,
        rng: &mut GameRng,
        events: &mut impl EventSink<YougloufEvent>,
    ) -> Result<Round, SetupError> {
        let mut stock = Stock::prepare(DeckKind::Standard52, stacked, rng)?;
        let mut hands = BySeat::from_fn(players, |_| Vec::with_capacity(SLOT_CAPACITY));
        for offset in 1..=players {
            let seat = dealer.clockwise(offset, players);
            for _ in 0..HAND_SIZE {
                hands[seat].push(Some(stock.draw().expect("52 cards cover six hands of four")));
            }
        }
        events.emit(Audience::All, YougloufEvent::Dealt { cards: HAND_SIZE as u8 });
        Ok(Round {
            dealer,
            hands,
            stock,
            open_deck: Vec::with_capacity(DeckKind::Standard52.len()),
            knowledge: Knowledge::new(players),
            looked: SeatSet::EMPTY,
            turn: dealer,
            stage: Stage::Looking,
            declarer: None,
            actions: 0,
        })
    }

    /// Number of seats.
    #[must_use]
    pub fn players(&self) -> usize {
        self.hands.len()
    }

    /// The card in `seat`'s `slot`, if the slot exists and holds one.
    #[must_use]
    pub fn card_at(&self, seat: Seat, slot: usize) -> Option<Card> {
        self.hands[seat].get(slot).copied().flatten()
    }

    /// How many face-down cards `seat` has.
    #[must_use]
    pub fn cards_held(&self, seat: Seat) -> usize {
        self.hands[seat].iter().filter(|slot| slot.is_some()).count()
    }

    /// Whether some opponent of `seat` has a face-down card.
    #[must_use]
    pub fn opponents_hold_cards(&self, seat: Seat) -> bool {
        self.hands.seats().any(|(owner, hand)| owner != seat && hand.iter().any(Option::is_some))
    }

    /// The open deck's top card.
    #[must_use]
    pub fn top(&self) -> Option<Card> {
        self.open_deck.last().copied()
    }

    /// Whether a card on the open deck can be snapped on now: one has landed and the next
    /// turn has not taken a card yet.
    #[must_use]
    pub fn snap_window_open(&self) -> bool {
        matches!(self.stage, Stage::Draw | Stage::Power(_) | Stage::Finishing) && !self.open_deck.is_empty()
    }

    /// Whether `seat` may snap now: the window is open, it has a face-down card, and in the
    /// last round a seat other than the declarer may not snap its last card.
    #[must_use]
    pub fn may_snap(&self, seat: Seat) -> bool {
        if !self.snap_window_open() {
            return false;
        }
        let held = self.cards_held(seat);
        let last_card_banned = self.declarer.is_some_and(|declarer| declarer != seat) && held == 1;
        held > 0 && !last_card_banned
    }

    /// Whether the closed deck can give a card (itself or after a reshuffle).
    #[must_use]
    pub fn can_draw(&self) -> bool {
        !self.stock.is_empty() || self.open_deck.len() > 1
    }

    /// The top of the closed deck, reshuffling the open deck but its top when it is empty.
    fn draw_from_stock(&mut self, rng: &mut GameRng, events: &mut impl EventSink<YougloufEvent>) -> Option<Card> {
        if self.stock.is_empty() {
            let moved = self.stock.reshuffle_from(&mut self.open_deck, rng);
            if moved > 0 {
                events.emit(Audience::All, YougloufEvent::Reshuffled { cards: moved });
            }
        }
        self.stock.draw()
    }

    /// `seat` looks at two of its cards, once, before the first turn.
    pub fn look(&mut self, seat: Seat, slots: [u8; 2], events: &mut impl EventSink<YougloufEvent>) {
        for slot in slots {
            self.knowledge.learn(seat, seat, usize::from(slot));
        }
        self.looked.insert(seat);
        if events.wants_events() {
            let cards = slots.map(|slot| self.card_at(seat, usize::from(slot)).expect("a checked look names two cards"));
            events.emit(Audience::Only(seat), YougloufEvent::Looked { seat, slots, cards });
            events.emit(Audience::AllBut(seat), YougloufEvent::LookedFaceDown { seat, slots });
        }
    }

    /// The turn player takes the top of the closed deck.
    pub fn draw(&mut self, rng: &mut GameRng, events: &mut impl EventSink<YougloufEvent>) {
        let seat = self.turn;
        let card = self.draw_from_stock(rng, events).expect("a checked draw has a card to take");
        events.emit(Audience::Only(seat), YougloufEvent::Drew { seat, card });
        events.emit(Audience::AllBut(seat), YougloufEvent::DrewFaceDown { seat });
        self.stage = Stage::Holding { card, source: Source::Closed };
    }

    /// The turn player takes the top of the open deck.
    pub fn take(&mut self, events: &mut impl EventSink<YougloufEvent>) {
        let seat = self.turn;
        let card = self.open_deck.pop().expect("a checked take has a card to take");
        events.emit(Audience::All, YougloufEvent::Took { seat, card });
        self.stage = Stage::Holding { card, source: Source::Open };
    }

    /// The turn player puts the held card in `slot`; the old card goes face up.
    pub fn replace(&mut self, slot: usize, card: Card, source: Source, events: &mut impl EventSink<YougloufEvent>) {
        let seat = self.turn;
        let discarded = self.hands[seat][slot].replace(card).expect("a checked replace names a card");
        self.knowledge.forget(seat, slot);
        match source {
            Source::Open => self.knowledge.learn_public(seat, slot),
            Source::Closed => self.knowledge.learn(seat, seat, slot),
        }
        self.open_deck.push(discarded);
        events.emit(Audience::All, YougloufEvent::Replaced { seat, slot: slot as u8, discarded });
    }

    /// The turn player drops the held card; returns the power it gives, if any.
    pub fn drop_held(&mut self, card: Card, source: Source, events: &mut impl EventSink<YougloufEvent>) -> Option<Power> {
        let seat = self.turn;
        self.open_deck.push(card);
        events.emit(Audience::All, YougloufEvent::Dropped { seat, card });
        let power = if source == Source::Closed { power_of(card) } else { None };
        if let Some(power) = power {
            events.emit(Audience::All, YougloufEvent::PowerGranted { seat, power });
        }
        power
    }

    /// 9/10 power: the turn player looks at their own `slot`.
    pub fn peek(&mut self, slot: usize, events: &mut impl EventSink<YougloufEvent>) {
        let seat = self.turn;
        self.knowledge.learn(seat, seat, slot);
        let card = self.card_at(seat, slot).expect("a checked peek names a card");
        events.emit(Audience::Only(seat), YougloufEvent::Peeked { seat, slot: slot as u8, card });
        events.emit(Audience::AllBut(seat), YougloufEvent::PeekedFaceDown { seat, slot: slot as u8 });
    }

    /// Jack power: the turn player looks at `owner`'s `slot`.
    pub fn spy(&mut self, owner: Seat, slot: usize, events: &mut impl EventSink<YougloufEvent>) {
        let seat = self.turn;
        self.knowledge.learn(seat, owner, slot);
        let card = self.card_at(owner, slot).expect("a checked spy names a card");
        events.emit(Audience::Only(seat), YougloufEvent::Spied { seat, owner, slot: slot as u8, card });
        events.emit(Audience::AllBut(seat), YougloufEvent::SpiedFaceDown { seat, owner, slot: slot as u8 });
    }

    /// Queen power: the turn player's `slot` and `owner`'s `their_slot` change places unseen.
    pub fn exchange(&mut self, slot: usize, owner: Seat, their_slot: usize, events: &mut impl EventSink<YougloufEvent>) {
        let seat = self.turn;
        let mine = self.hands[seat][slot];
        self.hands[seat][slot] = self.hands[owner][their_slot];
        self.hands[owner][their_slot] = mine;
        self.knowledge.exchange((seat, slot), (owner, their_slot));
        events.emit(Audience::All, YougloufEvent::Exchanged { seat, slot: slot as u8, owner, their_slot: their_slot as u8 });
    }

    /// `seat` snaps its `slot` onto the open deck. A card of the top's rank stays there; a
    /// wrong one is shown to all, goes back, and brings a penalty card. Returns whether the
    /// snap was right.
    pub fn snap(&mut self, seat: Seat, slot: usize, rng: &mut GameRng, events: &mut impl EventSink<YougloufEvent>) -> bool {
        let card = self.card_at(seat, slot).expect("a checked snap names a card");
        let top = self.top().expect("a snap window has a top card");
        if card.rank() == top.rank() {
            self.hands[seat][slot] = None;
            self.knowledge.forget(seat, slot);
            self.open_deck.push(card);
            events.emit(Audience::All, YougloufEvent::Snapped { seat, slot: slot as u8, card });
            return true;
        }
        self.knowledge.learn_public(seat, slot);
        events.emit(Audience::All, YougloufEvent::WrongSnap { seat, slot: slot as u8, card });
        self.give_penalty(seat, rng, events);
        false
    }

    /// A penalty card from the closed deck, face down and unseen, into `seat`'s first gap or a
    /// new slot at the end; none if both decks are out of cards.
    fn give_penalty(&mut self, seat: Seat, rng: &mut GameRng, events: &mut impl EventSink<YougloufEvent>) {
        let Some(card) = self.draw_from_stock(rng, events) else {
            events.emit(Audience::All, YougloufEvent::NoPenaltyCard { seat });
            return;
        };
        let hand = &mut self.hands[seat];
        let slot = if let Some(gap) = hand.iter().position(Option::is_none) {
            hand[gap] = Some(card);
            gap
        } else {
            hand.push(Some(card));
            hand.len() - 1
        };
        self.knowledge.forget(seat, slot);
        events.emit(Audience::All, YougloufEvent::Penalty { seat, slot: slot as u8 });
    }

    /// Every face-down card of `seat`, in slot order.
    pub fn cards_of(&self, seat: Seat) -> impl Iterator<Item = Card> + '_ {
        self.hands[seat].iter().flatten().copied()
    }

    /// The card the turn player holds, if any.
    #[must_use]
    pub const fn held(&self) -> Option<(Card, Source)> {
        match self.stage {
            Stage::Holding { card, source } => Some((card, source)),
            _ => None,
        }
    }
}
