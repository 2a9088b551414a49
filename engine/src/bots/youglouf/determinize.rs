//! Youglouf determinization for the Hard bot (RULES.md §5). Every card the seat can name
//! stays where it is: its known slots (its own and others'), the open deck, the card it holds.
//! The cards it has not seen are dealt at random into the face-down slots it cannot name, the
//! card the turn player holds unseen, and the closed deck. The seat's knowledge is its
//! view's; what the others know is not the seat's to know, so each opponent that has had its
//! look is given a random half of its own cards as known (a person remembers about that
//! many) — it steers only how simulated opponents play. The state gets a fresh RNG.

use crate::bots::determinize::{budget_percent, check_hidden, check_view, open_deal, shuffled_unseen};
use crate::bots::{Determinize, DeterminizeError};
use crate::card::{Card, DeckKind};
use crate::deal::Stock;
use crate::game::{Game, TableSetup};
use crate::games::youglouf::{Knowledge, Round, SlotView, Stage, StepView, Youglouf, YougloufAction, YougloufView};
use crate::rng::GameRng;
use crate::score::MatchScore;
use crate::seat::{BySeat, Seat, Viewer};

use super::{Memory, NORMAL, choose};

/// After this many actions in a simulated round, a simulated player declares at its first
/// chance: a playout must end to say anything.
const PLAYOUT_PATIENCE: u32 = 240;

impl Determinize for Youglouf {
    /// Weighty: a Queen's exchange, the call that ends the round.
    fn budget_percent(legal: &[YougloufAction]) -> u32 {
        budget_percent(legal, |action| matches!(action, YougloufAction::Exchange(..) | YougloufAction::Youglouf))
    }

    fn determinize_open(&self, rng: &mut GameRng) -> Youglouf {
        let (options, setup, score, round) = open_deal(self, self.round(), |round| &mut round.stock, rng);
        Youglouf::in_play(options, setup, score, round)
    }

    fn determinize(view: &YougloufView, seat: Seat, rng: &mut GameRng) -> Result<Youglouf, DeterminizeError> {
        check_view(view.header.viewer, view.header.phase, seat)?;
        let known_slots = view.slots.iter().flatten().filter_map(|slot| match slot {
            SlotView::Known(card) => Some(*card),
            SlotView::Empty | SlotView::FaceDown => None,
        });
        let held_seen = match view.step {
            StepView::Holding { card, .. } => card,
            _ => None,
        };
        let seen = known_slots.chain(view.open_deck.iter().copied()).chain(held_seen);
        let mut unseen = shuffled_unseen(DeckKind::Standard52, seen, rng)?;
        let face_down = view.slots.iter().flatten().filter(|slot| **slot == SlotView::FaceDown).count();
        let held_unseen = usize::from(matches!(view.step, StepView::Holding { card: None, .. }));
        check_hidden(&unseen, face_down + held_unseen + view.closed_deck)?;
        let players = view.slots.len();
        let mut knowledge = Knowledge::new(players);
        let hands = BySeat::from_fn(players, |owner| {
            let mut hand: Vec<Option<Card>> = Vec::with_capacity(view.slots[owner].len() + 8);
            for (slot, seen) in view.slots[owner].iter().enumerate() {
                hand.push(match *seen {
                    SlotView::Empty => None,
                    SlotView::Known(card) => {
                        knowledge.learn(seat, owner, slot);
                        Some(card)
                    }
                    SlotView::FaceDown => {
                        if owner != seat && view.looked.contains(owner) && rng.below(2) == 0 {
                            knowledge.learn(owner, owner, slot);
                        }
                        Some(unseen.pop().expect("the face-down slots were counted against the unseen cards"))
                    }
                });
            }
            hand
        });
        let stage = match view.step {
            StepView::Looking => Stage::Looking,
            StepView::Draw => Stage::Draw,
            StepView::Holding { source, card } => Stage::Holding {
                card: card.or_else(|| unseen.pop()).expect("an unseen held card was counted against the unseen cards"),
                source,
            },
            StepView::Power(power) => Stage::Power(power),
            StepView::Finishing => Stage::Finishing,
        };
        let mut open_deck = Vec::with_capacity(DeckKind::Standard52.len());
        open_deck.extend_from_slice(&view.open_deck);
        let round = Round {
            dealer: view.header.dealer,
            hands,
            stock: Stock::from_top_first(&unseen),
            open_deck,
            knowledge,
            looked: view.looked,
            turn: view.header.turn,
            stage,
            declarer: view.declarer,
            // The count of actions this round is not in the view; the turn cap is a safety
            // net, so a search may count from zero.
            actions: 0,
        };
        let score = MatchScore { totals: view.header.totals.clone(), rounds_finished: view.header.round.saturating_sub(1) };
        let setup = TableSetup { dealer: view.header.dealer, ..TableSetup::new(players, rng.fork_seed()) };
        Ok(Youglouf::in_play(view.options.clone(), setup, score, round))
    }

    fn is_optional(action: &YougloufAction) -> bool {
        matches!(action, YougloufAction::Snap(_))
    }

    /// A simulated seat snaps a card it knows (in this simulated state) has the top's rank.
    fn optional_step(&self) -> Option<(Seat, YougloufAction)> {
        let round = self.round();
        let rank = round.top()?.rank();
        Seat::all(round.players()).filter(|&seat| round.may_snap(seat)).find_map(|seat| {
            let known = round.knowledge.mask(Viewer::Seat(seat), seat);
            round.hands[seat].iter().enumerate().find_map(|(slot, card)| {
                let matches = card.is_some_and(|card| card.rank() == rank) && known & (1 << slot) != 0;
                matches.then_some((seat, YougloufAction::Snap(slot as u8)))
            })
        })
    }

    /// Simulated players all follow the heuristic: what they know already varies.
    const WHIMS_ONE_IN: usize = 0;

    /// Normal's heuristic for the deciding seat, with only what it knows in this simulated
    /// state; past [`PLAYOUT_PATIENCE`] actions it declares at once.
    fn heuristic_step(&self, actions: &mut Vec<YougloufAction>) -> Option<(Seat, YougloufAction)> {
        let round = self.round();
        let seat = match round.stage {
            Stage::Looking => Seat::all(round.players()).find(|&seat| !round.looked.contains(seat))?,
            _ => round.turn,
        };
        self.legal_actions_into(seat, actions);
        if round.stage == Stage::Finishing && round.actions > PLAYOUT_PATIENCE {
            return Some((seat, YougloufAction::Youglouf));
        }
        choose(&StateMemory { round, seat }, actions, NORMAL).map(|action| (seat, action))
    }
}

/// A simulated state as one seat remembers it: the cards its knowledge names.
struct StateMemory<'a> {
    round: &'a Round,
    seat: Seat,
}

impl Memory for StateMemory<'_> {
    fn seat(&self) -> Seat {
        self.seat
    }

    fn players(&self) -> usize {
        self.round.players()
    }

    fn slot_count(&self, owner: Seat) -> usize {
        self.round.hands[owner].len()
    }

    fn slot(&self, owner: Seat, slot: usize) -> SlotView {
        match self.round.hands[owner][slot] {
            None => SlotView::Empty,
            Some(card) if self.round.knowledge.knows(Viewer::Seat(self.seat), owner, slot) => SlotView::Known(card),
            Some(_) => SlotView::FaceDown,
        }
    }

    fn top(&self) -> Option<Card> {
        self.round.top()
    }

    fn held(&self) -> Option<Card> {
        self.round.held().filter(|_| self.round.turn == self.seat).map(|(card, _)| card)
    }
}
