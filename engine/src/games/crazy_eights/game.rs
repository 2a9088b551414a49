//! The Crazy Eights match: rounds to a score limit, and the [`Game`] contract.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::card::{Card, DeckKind, Rank, Suit};
use crate::card_set::{CardCounts, count_cards, expanded_len, nth_expanded};
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

use super::action::CrazyEightsAction;
use super::event::CrazyEightsEvent;
use super::options::CrazyEightsOptions;
use super::round::{EIGHTS, HAND_SIZE, Round, card_points};
use super::view::CrazyEightsView;

/// A Crazy Eights match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CrazyEights {
    shell: MatchShell<CrazyEightsOptions>,
    round: Round,
}

impl CrazyEights {
    /// The round in play (or the last one, once it is over).
    #[must_use]
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The round, for tests that set up situations a deal cannot reach directly.
    #[cfg(test)]
    pub(super) fn round_mut(&mut self) -> &mut Round {
        &mut self.round
    }

    /// A match in play rebuilt from its parts: the Hard bot's determinization
    /// (`bots/crazy_eights/determinize.rs`) builds one from a view.
    pub(crate) fn in_play(options: CrazyEightsOptions, setup: TableSetup, score: crate::score::MatchScore, round: Round) -> CrazyEights {
        CrazyEights { shell: MatchShell { score, ..MatchShell::new(setup, options) }, round }
    }

    /// Validates `action` for `seat` without changing anything.
    fn check(&self, seat: Seat, action: CrazyEightsAction) -> Result<(), ActionError> {
        if self.shell.phase != Phase::Playing {
            return Err(ActionError::NoRound);
        }
        if seat != self.round.turn {
            return Err(ActionError::NotYourTurn { seat });
        }
        let card = match action {
            CrazyEightsAction::Draw if self.round.must_play => {
                return Err(ActionError::illegal(action, Refusal::MustPlayAfterDrawing));
            }
            CrazyEightsAction::Draw => return Ok(()),
            CrazyEightsAction::Play(card) if card.is_rank(Rank::Eight) => {
                return Err(ActionError::illegal(action, Refusal::WildNamesSuit { wild: Rank::Eight }));
            }
            CrazyEightsAction::PlayEight(card, _) if !card.is_rank(Rank::Eight) => {
                return Err(ActionError::illegal(action, Refusal::OnlyWildNamesSuit { wild: Rank::Eight }));
            }
            CrazyEightsAction::Play(card) | CrazyEightsAction::PlayEight(card, _) => card,
        };
        if !self.round.hands[seat].contains(card) {
            return Err(ActionError::NotInHand { seat, card });
        }
        if card.bit() & self.round.playable_mask() == 0 {
            let refusal = if self.round.pending_draw > 0 {
                Refusal::TwosPending { count: self.round.pending_draw }
            } else {
                self.round.to_follow.refusal(card, Rank::Eight)
            };
            return Err(ActionError::illegal(action, refusal));
        }
        Ok(())
    }

    /// Applies an action already known to be legal: the effect, the round's end, the cap.
    fn perform(&mut self, seat: Seat, action: CrazyEightsAction, events: &mut impl EventSink<CrazyEightsEvent>) {
        self.round.turns += 1;
        let draw_two = self.shell.options.draw_two;
        let round_over = match action {
            CrazyEightsAction::Play(card) => {
                self.round.play(card, None, draw_two, &mut self.shell.rng, events).then_some(RoundEnd::WentOut(seat))
            }
            CrazyEightsAction::PlayEight(card, suit) => {
                self.round.play(card, Some(suit), draw_two, &mut self.shell.rng, events).then_some(RoundEnd::WentOut(seat))
            }
            CrazyEightsAction::Draw => {
                let passed = self.round.draw(&mut self.shell.rng, events);
                (passed && usize::from(self.round.passes) >= self.players()).then_some(RoundEnd::Blocked)
            }
        };
        let capped = self.round.turns >= self.shell.setup.turn_cap;
        match (round_over, capped) {
            (Some(end), _) => self.end_round(end, events),
            (None, true) => self.end_round(RoundEnd::TurnCap, events),
            (None, false) => {}
        }
    }

    /// Scores the round, records it and decides whether the match goes on.
    fn end_round(&mut self, end: RoundEnd, events: &mut impl EventSink<CrazyEightsEvent>) {
        let scores = self.round.hands.map(|_, hand| {
            let mut score = SeatScore { cards: hand.to_vec(), ..SeatScore::default() };
            if end != RoundEnd::TurnCap {
                score.add(ScoreKind::CardPoints, hand.iter().map(card_points).sum());
            }
            score
        });
        let (limit, players) = (self.shell.options.score_limit, self.players());
        self.shell.close_round(end, scores, events, |score| Decided::lowest_at_limit(score, limit, players));
    }

    fn deal(&mut self, stacked: Option<&[Card]>, events: &mut impl EventSink<CrazyEightsEvent>) -> Result<(), SetupError> {
        crate::deal::check_stacked(DeckKind::Double104, stacked)?;
        self.round = self.shell.open_round(events, |start, rng, events| Round::deal(start.players, start.dealer, stacked, rng, events))?;
        Ok(())
    }
}

impl Game for CrazyEights {
    type Options = CrazyEightsOptions;
    type Action = CrazyEightsAction;
    type Event = CrazyEightsEvent;
    type View = CrazyEightsView;

    fn shell(&self) -> &MatchShell<CrazyEightsOptions> {
        &self.shell
    }

    const KIND: GameKind = GameKind::CrazyEights;
    const BETTER: Better = Better::Lower;
    const HAND_SIZE: usize = HAND_SIZE;

    fn seat_range(_options: &CrazyEightsOptions) -> RangeInclusive<usize> {
        2..=8
    }

    fn deck_kind(_options: &CrazyEightsOptions) -> DeckKind {
        DeckKind::Double104
    }

    fn start_match(
        setup: TableSetup,
        options: CrazyEightsOptions,
        stacked: Option<&[Card]>,
        events: &mut impl EventSink<CrazyEightsEvent>,
    ) -> Result<CrazyEights, SetupError> {
        check_table::<CrazyEights>(&setup, &options)?;
        let mut shell = MatchShell::new(setup, options);
        let round = shell.open_round(events, |start, rng, events| Round::deal(start.players, start.dealer, stacked, rng, events))?;
        Ok(CrazyEights { shell, round })
    }

    fn to_act(&self) -> SeatSet {
        if self.shell.phase == Phase::Playing { SeatSet::only(self.round.turn) } else { SeatSet::EMPTY }
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<CrazyEightsAction>) {
        out.clear();
        if self.shell.phase != Phase::Playing || seat != self.round.turn {
            return;
        }
        let playable = self.round.hands[seat].mask() & self.round.playable_mask();
        for card in crate::card_set::bits(playable) {
            if card.is_rank(Rank::Eight) {
                out.extend(Suit::ALL.map(|suit| CrazyEightsAction::PlayEight(card, suit)));
            } else {
                out.push(CrazyEightsAction::Play(card));
            }
        }
        if !self.round.must_play {
            out.push(CrazyEightsAction::Draw);
        }
    }

    fn random_legal_action(&self, seat: Seat, rng: &mut GameRng, _scratch: &mut Vec<CrazyEightsAction>) -> Option<CrazyEightsAction> {
        if self.shell.phase != Phase::Playing || seat != self.round.turn {
            return None;
        }
        // The list of `legal_actions_into`, counted and indexed without being built.
        let playable = self.round.hands[seat].mask() & self.round.playable_mask();
        let plays = expanded_len(playable, EIGHTS, Suit::ALL.len());
        let count = plays + usize::from(!self.round.must_play);
        if count == 0 {
            return None;
        }
        let pick = rng.below(count);
        Some(match nth_expanded(playable, EIGHTS, Suit::ALL.len(), pick) {
            Some((card, suit)) if card.bit() & EIGHTS != 0 => CrazyEightsAction::PlayEight(card, Suit::ALL[suit]),
            Some((card, _)) => CrazyEightsAction::Play(card),
            None => CrazyEightsAction::Draw,
        })
    }

    fn apply_legal_with(&mut self, seat: Seat, action: CrazyEightsAction, events: &mut impl EventSink<CrazyEightsEvent>) {
        debug_assert_eq!(self.check(seat, action), Ok(()), "apply_legal_with is given a legal action");
        self.perform(seat, action, events);
    }

    fn apply_with(
        &mut self,
        seat: Seat,
        action: CrazyEightsAction,
        events: &mut impl EventSink<CrazyEightsEvent>,
    ) -> Result<(), ActionError> {
        self.check(seat, action)?;
        self.perform(seat, action, events);
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> CrazyEightsView {
        let round = &self.round;
        let legal = viewer.seat().map(|seat| self.legal_actions(seat)).unwrap_or_default();
        CrazyEightsView {
            header: ViewHeader::new(&self.shell, viewer, round.dealer, round.turn, self.to_act()),
            options: self.shell.options.clone(),
            hand: viewer.seat().map(|seat| round.hands[seat].to_vec()),
            hand_sizes: round.hands.map(|_, hand| hand.len()),
            top: round.top(),
            to_follow: round.to_follow,
            stock: round.stock.len(),
            pile: round.pile.len(),
            pile_cards: round.pile.clone(),
            direction: round.direction,
            must_play: round.must_play,
            pending_draw: round.pending_draw,
            passes: round.passes,
            lacking: round.lacking.clone(),
            legal,
        }
    }

    fn start_next_round(&mut self, stacked: Option<&[Card]>, events: &mut impl EventSink<CrazyEightsEvent>) -> Result<(), ActionError> {
        if self.shell.phase != Phase::RoundOver {
            return Err(ActionError::NotBetweenRounds);
        }
        self.deal(stacked, events)?;
        Ok(())
    }

    fn card_counts(&self) -> CardCounts {
        let round = &self.round;
        let in_hands = round.hands.iter().flat_map(crate::card_set::CardSet::iter);
        let all: Vec<Card> = in_hands.chain(round.stock.cards().iter().copied()).chain(round.pile.iter().copied()).collect();
        count_cards(&all)
    }

    fn known_counts(&self, viewer: Viewer) -> CardCounts {
        let round = &self.round;
        let mut known: Vec<Card> = round.pile.clone();
        known.extend(round.returned_starters.iter());
        if self.shell.phase == Phase::Playing {
            if let Some(seat) = viewer.seat() {
                known.extend(round.hands[seat].iter());
            }
        } else {
            known.extend(round.hands.iter().flat_map(crate::card_set::CardSet::iter));
        }
        count_cards(&known)
    }

    fn revealed_hand(&self, seat: Seat) -> Vec<Card> {
        self.round.hands[seat].to_vec()
    }
}
