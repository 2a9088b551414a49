//! The One Hundred and One match: rounds until a total passes 101, and the [`Game`] contract.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::card::{Card, DeckKind, Rank, Suit};
use crate::card_set::{CardCounts, CardSet, bits, count_cards, expanded_len, nth_expanded};
use crate::error::{ActionError, SetupError};
use crate::event::EventSink;
use crate::game::{Game, Phase, TableSetup};
use crate::kind::GameKind;
use crate::match_shell::Decided;
use crate::match_shell::MatchShell;
use crate::refusal::Refusal;
use crate::rng::GameRng;
use crate::score::{RoundEnd, ScoreKind, SeatScore};
use crate::seat::{Seat, SeatSet, Viewer};
use crate::setup::check_table;
use crate::standings::Better;
use crate::view::ViewHeader;

use super::action::HundredOneAction;
use super::event::HundredOneEvent;
use super::options::HundredOneOptions;
use super::round::{HAND_SIZE, Round, Stage, card_points};
use super::view::HundredOneView;

/// The total that resets to 0 when hit exactly, and that loses the match when passed.
pub const LIMIT: i32 = 101;

/// A One Hundred and One match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HundredOne {
    shell: MatchShell<HundredOneOptions>,
    round: Round,
}

impl HundredOne {
    /// A match in play rebuilt from its parts: the Hard bot's determinization
    /// (`bots/hundred_one/determinize.rs`) builds one from a view.
    pub(crate) fn in_play(options: HundredOneOptions, setup: TableSetup, score: crate::score::MatchScore, round: Round) -> HundredOne {
        HundredOne { shell: MatchShell { score, ..MatchShell::new(setup, options) }, round }
    }

    /// The round in play (or the last one, once it is over).
    #[must_use]
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// Validates `action` for `seat` without changing anything.
    fn check(&self, seat: Seat, action: HundredOneAction) -> Result<(), ActionError> {
        if self.shell.phase != Phase::Playing {
            return Err(ActionError::NoRound);
        }
        if seat != self.round.turn {
            return Err(ActionError::NotYourTurn { seat });
        }
        let round = &self.round;
        let card = match (round.stage, action) {
            (Stage::OrderSuit, HundredOneAction::Order(_)) => return Ok(()),
            (Stage::OrderSuit, _) => return Err(ActionError::illegal(action, Refusal::NameSuitFirst)),
            (_, HundredOneAction::Order(_)) => {
                return Err(ActionError::illegal(action, Refusal::OrderOnlyByDealer));
            }
            (_, HundredOneAction::Draw) if round.can_play(seat) => {
                return Err(ActionError::illegal(action, Refusal::MustCover));
            }
            (_, HundredOneAction::Draw) => return Ok(()),
            (_, HundredOneAction::Play(card)) if card.is_rank(Rank::Queen) => {
                return Err(ActionError::illegal(action, Refusal::WildNamesSuit { wild: Rank::Queen }));
            }
            (_, HundredOneAction::PlayQueen(card, _)) if !card.is_rank(Rank::Queen) => {
                return Err(ActionError::illegal(action, Refusal::OnlyWildNamesSuit { wild: Rank::Queen }));
            }
            (_, HundredOneAction::Play(card) | HundredOneAction::PlayQueen(card, _)) => card,
        };
        if !round.hands[seat].contains(card) {
            return Err(ActionError::NotInHand { seat, card });
        }
        if card.bit() & round.playable_mask() == 0 {
            return Err(ActionError::illegal(action, round.to_follow.refusal(card, Rank::Queen)));
        }
        Ok(())
    }

    /// Applies the turn seat's action, already known to be legal: the effect, the round's
    /// end, the cap.
    fn perform(&mut self, action: HundredOneAction, events: &mut impl EventSink<HundredOneEvent>) {
        self.round.turns += 1;
        let rng = &mut self.shell.rng;
        let last_holder = match action {
            HundredOneAction::Play(card) => self.round.play(card, None, rng, events),
            HundredOneAction::PlayQueen(card, suit) => self.round.play(card, Some(suit), rng, events),
            HundredOneAction::Order(suit) => self.round.order(suit, rng, events),
            HundredOneAction::Draw => self.round.draw(rng, events),
        };
        if let Some(seat) = last_holder {
            self.end_round(RoundEnd::LastHolder(seat), events);
        } else if self.round.turns >= self.shell.setup.turn_cap {
            self.end_round(RoundEnd::TurnCap, events);
        }
    }

    /// Scores the round, records it and decides whether the match goes on.
    fn end_round(&mut self, end: RoundEnd, events: &mut impl EventSink<HundredOneEvent>) {
        let round = &self.round;
        let totals = &self.shell.score.totals;
        let scores = round.hands.map(|seat, hand| {
            let mut score = SeatScore { cards: hand.to_vec(), ..SeatScore::default() };
            if end != RoundEnd::TurnCap {
                score.add(ScoreKind::CardPoints, hand.iter().map(card_points).sum());
                if let Some(exit) = round.exits[seat] {
                    score.add(ScoreKind::QueenExit, exit.bonus());
                }
                if totals[seat] + score.total() == LIMIT {
                    score.add(ScoreKind::ResetToZero, -LIMIT);
                }
            }
            score
        });
        // Passing 101 loses; the lowest total among the rest wins (RULES.md §3).
        self.shell.close_round(end, scores, events, |score| {
            let losers: SeatSet = score.totals.seats().filter(|(_, total)| **total > LIMIT).map(|(seat, _)| seat).collect();
            if losers.is_empty() {
                return None;
            }
            let best = score.totals.seats().filter(|(seat, _)| !losers.contains(*seat)).map(|(_, total)| *total).min();
            let winners =
                score.totals.seats().filter(|(seat, total)| !losers.contains(*seat) && Some(**total) == best).map(|(seat, _)| seat);
            Some(Decided { winners: winners.collect(), losers })
        });
    }
}

impl Game for HundredOne {
    type Options = HundredOneOptions;
    type Action = HundredOneAction;
    type Event = HundredOneEvent;
    type View = HundredOneView;

    fn shell(&self) -> &MatchShell<HundredOneOptions> {
        &self.shell
    }

    const KIND: GameKind = GameKind::HundredOne;
    const BETTER: Better = Better::Lower;
    const HAND_SIZE: usize = HAND_SIZE;

    fn seat_range(_options: &HundredOneOptions) -> RangeInclusive<usize> {
        2..=6
    }

    fn deck_kind(_options: &HundredOneOptions) -> DeckKind {
        DeckKind::Short36
    }

    fn start_match(
        setup: TableSetup,
        options: HundredOneOptions,
        stacked: Option<&[Card]>,
        events: &mut impl EventSink<HundredOneEvent>,
    ) -> Result<HundredOne, SetupError> {
        check_table::<HundredOne>(&setup, &options)?;
        let mut shell = MatchShell::new(setup, options);
        let round = shell.open_round(events, |start, rng, events| Round::deal(start.players, start.dealer, stacked, rng, events))?;
        Ok(HundredOne { shell, round })
    }

    fn to_act(&self) -> SeatSet {
        if self.shell.phase == Phase::Playing { SeatSet::only(self.round.turn) } else { SeatSet::EMPTY }
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<HundredOneAction>) {
        out.clear();
        if self.shell.phase != Phase::Playing || seat != self.round.turn {
            return;
        }
        if self.round.stage == Stage::OrderSuit {
            out.extend(Suit::ALL.map(HundredOneAction::Order));
            return;
        }
        let playable = self.round.hands[seat].mask() & self.round.playable_mask();
        if playable == 0 {
            out.push(HundredOneAction::Draw);
            return;
        }
        for card in bits(playable) {
            if card.is_rank(Rank::Queen) {
                out.extend(Suit::ALL.map(|suit| HundredOneAction::PlayQueen(card, suit)));
            } else {
                out.push(HundredOneAction::Play(card));
            }
        }
    }

    fn random_legal_action(&self, seat: Seat, rng: &mut GameRng, _scratch: &mut Vec<HundredOneAction>) -> Option<HundredOneAction> {
        if self.shell.phase != Phase::Playing || seat != self.round.turn {
            return None;
        }
        // The list of `legal_actions_into`, counted and indexed without being built.
        if self.round.stage == Stage::OrderSuit {
            return Some(HundredOneAction::Order(Suit::ALL[rng.below(Suit::ALL.len())]));
        }
        let playable = self.round.hands[seat].mask() & self.round.playable_mask();
        if playable == 0 {
            rng.below(1);
            return Some(HundredOneAction::Draw);
        }
        let queens = Rank::Queen.mask();
        let pick = rng.below(expanded_len(playable, queens, Suit::ALL.len()));
        let (card, suit) = nth_expanded(playable, queens, Suit::ALL.len(), pick).expect("the pick is below the count of plays");
        Some(if card.bit() & queens != 0 { HundredOneAction::PlayQueen(card, Suit::ALL[suit]) } else { HundredOneAction::Play(card) })
    }

    fn apply_legal_with(&mut self, seat: Seat, action: HundredOneAction, events: &mut impl EventSink<HundredOneEvent>) {
        debug_assert_eq!(self.check(seat, action), Ok(()), "apply_legal_with is given a legal action");
        self.perform(action, events);
    }

    fn apply_with(
        &mut self,
        seat: Seat,
        action: HundredOneAction,
        events: &mut impl EventSink<HundredOneEvent>,
    ) -> Result<(), ActionError> {
        self.check(seat, action)?;
        self.perform(action, events);
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> HundredOneView {
        let round = &self.round;
        let legal = viewer.seat().map(|seat| self.legal_actions(seat)).unwrap_or_default();
        HundredOneView {
            header: ViewHeader::new(&self.shell, viewer, round.dealer, round.turn, self.to_act()),
            options: self.shell.options.clone(),
            hand: viewer.seat().map(|seat| round.hands[seat].to_vec()),
            hand_sizes: round.hands.map(|_, hand| hand.len()),
            top: round.top(),
            to_follow: round.to_follow,
            stock: round.stock.len(),
            pile: round.pile.len(),
            pile_cards: round.pile.clone(),
            lacking: round.lacking.clone(),
            stage: round.stage,
            out: round.out,
            exits: round.exits.clone(),
            legal,
        }
    }

    fn start_next_round(&mut self, stacked: Option<&[Card]>, events: &mut impl EventSink<HundredOneEvent>) -> Result<(), ActionError> {
        if self.shell.phase != Phase::RoundOver {
            return Err(ActionError::NotBetweenRounds);
        }
        self.round = self.shell.open_round(events, |start, rng, events| Round::deal(start.players, start.dealer, stacked, rng, events))?;
        Ok(())
    }

    fn card_counts(&self) -> CardCounts {
        let round = &self.round;
        let in_hands = round.hands.iter().flat_map(CardSet::iter);
        let all: Vec<Card> = in_hands.chain(round.stock.cards().iter().copied()).chain(round.pile.iter().copied()).collect();
        count_cards(&all)
    }

    fn known_counts(&self, viewer: Viewer) -> CardCounts {
        let round = &self.round;
        let mut known: Vec<Card> = round.pile.clone();
        if self.shell.phase == Phase::Playing {
            if let Some(seat) = viewer.seat() {
                known.extend(round.hands[seat].iter());
            }
        } else {
            known.extend(round.hands.iter().flat_map(CardSet::iter));
        }
        count_cards(&known)
    }

    fn revealed_hand(&self, seat: Seat) -> Vec<Card> {
        self.round.hands[seat].to_vec()
    }
}

/// Test hooks: set up positions (a short hand, an empty stock, prior totals) without playing
/// a whole match to reach them.
#[cfg(test)]
impl HundredOne {
    /// The round, to rearrange it.
    pub(super) fn round_mut(&mut self) -> &mut Round {
        &mut self.round
    }

    /// The match score, to set prior totals.
    pub(super) fn score_mut(&mut self) -> &mut crate::score::MatchScore {
        &mut self.shell.score
    }
}
