//! The 108 Fool match: rounds until a total reaches the limit, and the [`Game`] contract.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::card::{Card, DeckKind, Rank, Suit};
use crate::card_set::{CardCounts, CardSet, bits, count_cards, nth_expanded};
use crate::error::{ActionError, SetupError};
use crate::event::EventSink;
use crate::game::{Game, Phase, TableSetup};
use crate::kind::GameKind;
use crate::match_shell::Decided;
use crate::match_shell::MatchShell;
use crate::refusal::Refusal;
use crate::rng::GameRng;
use crate::score::RoundEnd;
use crate::seat::{Seat, SeatSet, Viewer};
use crate::setup::check_table;
use crate::standings::Better;
use crate::view::ViewHeader;

use super::action::Fool108Action;
use super::event::Fool108Event;
use super::options::Fool108Options;
use super::round::{HAND_SIZE, Round, Stage};
use super::scoring::score_round;
use super::view::Fool108View;

/// A 108 Fool match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fool108 {
    shell: MatchShell<Fool108Options>,
    round: Round,
}

impl Fool108 {
    /// A match in play rebuilt from its parts: the Hard bot's determinization
    /// (`bots/fool108/determinize.rs`) builds one from a view.
    pub(crate) fn in_play(options: Fool108Options, setup: TableSetup, score: crate::score::MatchScore, round: Round) -> Fool108 {
        Fool108 { shell: MatchShell { score, ..MatchShell::new(setup, options) }, round }
    }

    /// The round in play (or the last one, once it is over).
    #[must_use]
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// Validates `action` for `seat` without changing anything.
    fn check(&self, seat: Seat, action: Fool108Action) -> Result<(), ActionError> {
        if self.shell.phase != Phase::Playing {
            return Err(ActionError::NoRound);
        }
        let round = &self.round;
        if seat.index() >= self.players() {
            return Err(ActionError::NotYourTurn { seat });
        }
        if action != Fool108Action::One && seat != round.turn {
            return Err(ActionError::NotYourTurn { seat });
        }
        match (action, round.stage) {
            (Fool108Action::One, _) => self.check_one(seat),
            (Fool108Action::Suit(_), Stage::ChooseSuit) | (Fool108Action::Draw, Stage::Open) | (Fool108Action::Pass, Stage::Drawn) => {
                Ok(())
            }
            (Fool108Action::Suit(_), _) => Err(ActionError::illegal(action, Refusal::SuitOnlyAfterQueen)),
            (_, Stage::ChooseSuit) => Err(ActionError::illegal(action, Refusal::NameSuitFirst)),
            (Fool108Action::Draw, _) => Err(ActionError::illegal(action, Refusal::OneDrawPerTurn)),
            (Fool108Action::Pass, _) => Err(ActionError::illegal(action, Refusal::DrawBeforePassing)),
            (Fool108Action::Play(card), _) => self.check_play(seat, action, card),
        }
    }

    /// Whether `seat` may declare "One!": one or two cards, no standing declaration. It is a
    /// free action, so whose turn it is does not matter.
    fn check_one(&self, seat: Seat) -> Result<(), ActionError> {
        let round = &self.round;
        if round.declared.contains(seat) {
            return Err(ActionError::illegal(Fool108Action::One, Refusal::OneAlreadyDeclared));
        }
        if !round.may_declare(seat) {
            return Err(ActionError::illegal(Fool108Action::One, Refusal::OneNeedsFewCards));
        }
        Ok(())
    }

    /// Whether `seat` holds `card` and it is legal on the pile.
    fn check_play(&self, seat: Seat, action: Fool108Action, card: Card) -> Result<(), ActionError> {
        if !self.round.hands[seat].contains(card) {
            return Err(ActionError::NotInHand { seat, card });
        }
        if card.bit() & self.round.playable_mask() == 0 {
            return Err(ActionError::illegal(action, self.round.to_follow.refusal(card, Rank::Queen)));
        }
        Ok(())
    }

    /// Applies an action already known to be legal: the effect, the round's end, the cap.
    fn perform(&mut self, seat: Seat, action: Fool108Action, events: &mut impl EventSink<Fool108Event>) {
        let round = &mut self.round;
        round.turns += 1;
        let went_out = match action {
            Fool108Action::Play(card) => round.play(card, false, &mut self.shell.rng, events),
            Fool108Action::Suit(suit) => {
                round.choose_suit(suit, events);
                false
            }
            Fool108Action::Draw => {
                round.draw(&mut self.shell.rng, events);
                false
            }
            Fool108Action::Pass => {
                round.pass(events);
                false
            }
            Fool108Action::One => {
                round.declare(seat, events);
                false
            }
        };
        if went_out {
            self.end_round(RoundEnd::WentOut(seat), events);
        } else if self.round.turns >= self.shell.setup.turn_cap {
            self.end_round(RoundEnd::TurnCap, events);
        }
    }

    /// Scores the round, records it and decides whether the match goes on: after a round in
    /// which any total reaches the limit, every seat at or above it loses, the others win.
    fn end_round(&mut self, end: RoundEnd, events: &mut impl EventSink<Fool108Event>) {
        let one_penalty = i32::try_from(self.shell.options.one_penalty).unwrap_or(i32::MAX);
        let scores = score_round(&self.round, end, one_penalty);
        let (limit, players) = (self.shell.options.limit(), self.players());
        // Reaching the limit loses (RULES.md §2); everyone else wins.
        self.shell.close_round(end, scores, events, |score| {
            let losers = score.at_or_above(limit);
            (!losers.is_empty()).then(|| Decided::lost_by(losers, players))
        });
    }

    /// Deals round `rounds_finished + 1`; the dealer moves one seat clockwise per round. The
    /// state changes only if the deal succeeds.
    fn deal(&mut self, stacked: Option<&[Card]>, events: &mut impl EventSink<Fool108Event>) -> Result<(), SetupError> {
        let step = i32::try_from(self.shell.options.reshuffle_penalty_step).unwrap_or(i32::MAX);
        self.round = self
            .shell
            .open_round(events, |start, rng, events| Round::deal(start.players, start.number, start.dealer, step, stacked, rng, events))?;
        Ok(())
    }
}

impl Game for Fool108 {
    type Options = Fool108Options;
    type Action = Fool108Action;
    type Event = Fool108Event;
    type View = Fool108View;

    fn shell(&self) -> &MatchShell<Fool108Options> {
        &self.shell
    }

    const KIND: GameKind = GameKind::Fool108;
    const BETTER: Better = Better::Lower;
    const HAND_SIZE: usize = HAND_SIZE;

    fn seat_range(_options: &Fool108Options) -> RangeInclusive<usize> {
        2..=6
    }

    fn deck_kind(_options: &Fool108Options) -> DeckKind {
        DeckKind::Short36
    }

    fn start_match(
        setup: TableSetup,
        options: Fool108Options,
        stacked: Option<&[Card]>,
        events: &mut impl EventSink<Fool108Event>,
    ) -> Result<Fool108, SetupError> {
        check_table::<Fool108>(&setup, &options)?;
        options.validate()?;
        let step = i32::try_from(options.reshuffle_penalty_step).unwrap_or(i32::MAX);
        let mut shell = MatchShell::new(setup, options);
        let round = shell
            .open_round(events, |start, rng, events| Round::deal(start.players, start.number, start.dealer, step, stacked, rng, events))?;
        Ok(Fool108 { shell, round })
    }

    fn to_act(&self) -> SeatSet {
        if self.shell.phase != Phase::Playing {
            return SeatSet::EMPTY;
        }
        let mut seats = self.round.may_declare_set();
        seats.insert(self.round.turn);
        seats
    }

    fn waiting_for(&self) -> SeatSet {
        if self.shell.phase != Phase::Playing {
            return SeatSet::EMPTY;
        }
        // "One!" is optional and may come at any time: only the turn holds the round up.
        SeatSet::only(self.round.turn)
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Fool108Action>) {
        out.clear();
        if self.shell.phase != Phase::Playing || seat.index() >= self.players() {
            return;
        }
        let round = &self.round;
        if seat == round.turn {
            match round.stage {
                Stage::ChooseSuit => out.extend(Suit::ALL.map(Fool108Action::Suit)),
                Stage::Open | Stage::Drawn => {
                    out.extend(bits(round.hands[seat].mask() & round.playable_mask()).map(Fool108Action::Play));
                    out.push(if round.stage == Stage::Open { Fool108Action::Draw } else { Fool108Action::Pass });
                }
            }
        }
        if round.may_declare(seat) {
            out.push(Fool108Action::One);
        }
    }

    fn random_legal_action(&self, seat: Seat, rng: &mut GameRng, _scratch: &mut Vec<Fool108Action>) -> Option<Fool108Action> {
        if self.shell.phase != Phase::Playing || seat.index() >= self.players() {
            return None;
        }
        // The list of `legal_actions_into`, counted and indexed without being built.
        let round = &self.round;
        let one = usize::from(round.may_declare(seat));
        if seat != round.turn {
            return (one == 1).then(|| {
                rng.below(1);
                Fool108Action::One
            });
        }
        match round.stage {
            Stage::ChooseSuit => {
                let pick = rng.below(Suit::ALL.len() + one);
                Some(Suit::ALL.get(pick).map_or(Fool108Action::One, |&suit| Fool108Action::Suit(suit)))
            }
            Stage::Open | Stage::Drawn => {
                let playable = round.hands[seat].mask() & round.playable_mask();
                let plays = playable.count_ones() as usize;
                let pick = rng.below(plays + 1 + one);
                Some(match nth_expanded(playable, 0, 1, pick) {
                    Some((card, _)) => Fool108Action::Play(card),
                    None if pick == plays && round.stage == Stage::Open => Fool108Action::Draw,
                    None if pick == plays => Fool108Action::Pass,
                    None => Fool108Action::One,
                })
            }
        }
    }

    fn apply_legal_with(&mut self, seat: Seat, action: Fool108Action, events: &mut impl EventSink<Fool108Event>) {
        debug_assert_eq!(self.check(seat, action), Ok(()), "apply_legal_with is given a legal action");
        self.perform(seat, action, events);
    }

    fn apply_with(&mut self, seat: Seat, action: Fool108Action, events: &mut impl EventSink<Fool108Event>) -> Result<(), ActionError> {
        self.check(seat, action)?;
        self.perform(seat, action, events);
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> Fool108View {
        let round = &self.round;
        let legal = viewer.seat().map(|seat| self.legal_actions(seat)).unwrap_or_default();
        Fool108View {
            header: ViewHeader::new(&self.shell, viewer, round.dealer, round.turn, self.to_act()),
            options: self.shell.options.clone(),
            first_player: round.first_player,
            hand: viewer.seat().map(|seat| round.hands[seat].to_vec()),
            hand_sizes: round.hands.map(|_, hand| hand.len()),
            top: round.top(),
            to_follow: round.to_follow,
            stock: round.stock.len(),
            pile: round.pile.len(),
            pile_cards: round.pile.clone(),
            lacking: round.lacking.clone(),
            stage: round.stage,
            direction: round.direction,
            declared: round.declared,
            reshuffles: round.reshuffles,
            reshuffle_penalties: round.reshuffle_penalties.clone(),
            legal,
        }
    }

    fn start_next_round(&mut self, stacked: Option<&[Card]>, events: &mut impl EventSink<Fool108Event>) -> Result<(), ActionError> {
        if self.shell.phase != Phase::RoundOver {
            return Err(ActionError::NotBetweenRounds);
        }
        self.deal(stacked, events)?;
        Ok(())
    }

    /// A rematch lasts until the highest loser's total (109 and 117: the next match goes to
    /// 117). Before the match is decided the options are reused as they are.
    fn rematch_options(&self) -> Fool108Options {
        let mut options = self.shell.options.clone();
        if let Some(result) = &self.shell.result {
            let highest = result.losers.iter().map(|seat| result.totals[seat]).max();
            if let Some(limit) = highest.and_then(|total| u32::try_from(total).ok()) {
                options.score_limit = limit.max(options.score_limit);
            }
        }
        options
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
