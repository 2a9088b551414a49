//! The Youglouf game (our match): matches (our rounds) to a score limit, and the [`Game`]
//! contract.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::card::{Card, DeckKind};
use crate::card_set::{CardCounts, count_cards};
use crate::error::{ActionError, SetupError};
use crate::event::{Audience, EventSink};
use crate::game::{Game, Phase, TableSetup};
use crate::kind::GameKind;
use crate::match_shell::Decided;
use crate::match_shell::MatchShell;
use crate::score::{RoundEnd, ScoreKind, SeatScore};
use crate::seat::{BySeat, Seat, SeatSet, Viewer};
use crate::setup::check_table;
use crate::standings::Better;
use crate::view::ViewHeader;

use super::action::YougloufAction;
use super::event::YougloufEvent;
use super::knowledge::MAX_PLAYERS;
use super::options::YougloufOptions;
use super::round::{HAND_SIZE, Round, Stage, card_value};
use super::rules::{check, legal_actions_into};
use super::view::{SlotView, YougloufView, sees_held, slot_views, step_view};

/// A Youglouf game (our match).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Youglouf {
    shell: MatchShell<YougloufOptions>,
    round: Round,
}

/// Each seat's score for a called match (RULES.md §5, "Scoring a match"): its card sum; the
/// declarer scores −10 if strictly lowest, its sum if tied for lowest, else its sum + 10.
/// The declarer's difference from its sum is a `DeclarerAdjustment` line.
#[must_use]
pub fn score_called(round: &Round, declarer: Seat) -> BySeat<SeatScore> {
    let sums = round.hands.map(|seat, _| round.cards_of(seat).map(card_value).sum::<i32>());
    let mine = sums[declarer];
    let others_lowest = sums.seats().filter(|(seat, _)| *seat != declarer).map(|(_, sum)| *sum).min().unwrap_or(i32::MAX);
    round.hands.map(|seat, _| {
        let mut score = SeatScore { cards: round.cards_of(seat).collect(), ..SeatScore::default() };
        score.add(ScoreKind::CardPoints, sums[seat]);
        if seat == declarer {
            let adjustment = match mine.cmp(&others_lowest) {
                std::cmp::Ordering::Less => -10 - mine,
                std::cmp::Ordering::Equal => 0,
                std::cmp::Ordering::Greater => 10,
            };
            score.add(ScoreKind::DeclarerAdjustment, adjustment);
        }
        score
    })
}

impl Youglouf {
    /// Every seat's slots with every card face up: the post-match reveal of a replay (house
    /// rule 2), never part of a seat's view during play.
    #[must_use]
    pub fn revealed_slots(&self) -> BySeat<Vec<SlotView>> {
        slot_views(&self.round, Viewer::Spectator, true)
    }

    /// A match in play rebuilt from its parts: the Hard bot's determinization
    /// (`bots/youglouf/determinize.rs`) builds one from a view.
    pub(crate) fn in_play(options: YougloufOptions, setup: TableSetup, score: crate::score::MatchScore, round: Round) -> Youglouf {
        Youglouf { shell: MatchShell { score, ..MatchShell::new(setup, options) }, round }
    }

    /// The round in play (or the last one, once it is over).
    #[must_use]
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The round, to set up rare situations in tests.
    #[cfg(test)]
    pub(crate) fn round_mut(&mut self) -> &mut Round {
        &mut self.round
    }

    /// After a turn's card is placed and any power used: in the last round the turn ends
    /// here (the match is scored after the last one); otherwise the player may declare.
    fn finish_turn(&mut self, events: &mut impl EventSink<YougloufEvent>) -> Option<RoundEnd> {
        if self.round.declarer.is_some() {
            self.next_turn(events)
        } else {
            self.round.stage = Stage::Finishing;
            None
        }
    }

    /// Passes the turn clockwise; after a declaration, the turn coming back to the declarer
    /// means everyone has had their last turn.
    fn next_turn(&mut self, events: &mut impl EventSink<YougloufEvent>) -> Option<RoundEnd> {
        let next = self.round.turn.clockwise(1, self.players());
        // No card is held between turns, also when the round ends here.
        self.round.stage = Stage::Draw;
        if let Some(declarer) = self.round.declarer.filter(|&declarer| declarer == next) {
            return Some(RoundEnd::Called(declarer));
        }
        self.round.turn = next;
        events.emit(Audience::All, YougloufEvent::TurnStarted { seat: next });
        None
    }

    /// Applies a checked action; returns how the round ended, if it did.
    fn play(&mut self, seat: Seat, action: YougloufAction, events: &mut impl EventSink<YougloufEvent>) -> Option<RoundEnd> {
        let round = &mut self.round;
        match action {
            YougloufAction::Look(first, second) => {
                round.look(seat, [first, second], events);
                if round.looked.len() == round.players() {
                    round.stage = Stage::Draw;
                    events.emit(Audience::All, YougloufEvent::TurnStarted { seat: round.turn });
                }
                None
            }
            YougloufAction::Draw => {
                round.draw(&mut self.shell.rng, events);
                None
            }
            YougloufAction::Take => {
                round.take(events);
                None
            }
            YougloufAction::Replace(slot) => {
                let (card, source) = round.held().expect("a checked replace happens while holding");
                round.replace(usize::from(slot), card, source, events);
                self.finish_turn(events)
            }
            YougloufAction::Drop => {
                let (card, source) = round.held().expect("a checked drop happens while holding");
                match round.drop_held(card, source, events) {
                    Some(power) => {
                        round.stage = Stage::Power(power);
                        None
                    }
                    None => self.finish_turn(events),
                }
            }
            YougloufAction::Peek(slot) => {
                round.peek(usize::from(slot), events);
                self.finish_turn(events)
            }
            YougloufAction::Spy(owner, slot) => {
                round.spy(owner, usize::from(slot), events);
                self.finish_turn(events)
            }
            YougloufAction::Exchange(mine, owner, slot) => {
                round.exchange(usize::from(mine), owner, usize::from(slot), events);
                self.finish_turn(events)
            }
            YougloufAction::Skip => {
                events.emit(Audience::All, YougloufEvent::PowerSkipped { seat });
                self.finish_turn(events)
            }
            YougloufAction::End => self.next_turn(events),
            YougloufAction::Youglouf => {
                round.declarer = Some(seat);
                events.emit(Audience::All, YougloufEvent::Declared { seat });
                self.next_turn(events)
            }
            YougloufAction::Snap(slot) => {
                round.snap(seat, usize::from(slot), &mut self.shell.rng, events);
                None
            }
        }
    }

    /// Applies an action already known to be legal: the effect, the round's end, the cap.
    fn perform(&mut self, seat: Seat, action: YougloufAction, events: &mut impl EventSink<YougloufEvent>) {
        self.round.actions += 1;
        let ended = self.play(seat, action, events);
        match (ended, self.round.actions >= self.shell.setup.turn_cap) {
            (Some(end), _) => self.end_round(end, events),
            (None, true) => self.end_round(RoundEnd::TurnCap, events),
            (None, false) => {}
        }
    }

    /// Scores the round, records it and decides whether the game goes on.
    fn end_round(&mut self, end: RoundEnd, events: &mut impl EventSink<YougloufEvent>) {
        let scores = match end {
            RoundEnd::Called(declarer) => score_called(&self.round, declarer),
            _ => self.round.hands.map(|seat, _| SeatScore { cards: self.round.cards_of(seat).collect(), ..SeatScore::default() }),
        };
        let (limit, players) = (self.shell.options.score_limit, self.players());
        self.shell.close_round(end, scores, events, |score| Decided::lowest_at_limit(score, limit, players));
    }

    fn deal(&mut self, stacked: Option<&[Card]>, events: &mut impl EventSink<YougloufEvent>) -> Result<(), SetupError> {
        self.round = self.shell.open_round(events, |start, rng, events| Round::deal(start.players, start.dealer, stacked, rng, events))?;
        Ok(())
    }
}

impl Game for Youglouf {
    type Options = YougloufOptions;
    type Action = YougloufAction;
    type Event = YougloufEvent;
    type View = YougloufView;

    fn shell(&self) -> &MatchShell<YougloufOptions> {
        &self.shell
    }

    const KIND: GameKind = GameKind::Youglouf;
    const BETTER: Better = Better::Lower;
    const HAND_SIZE: usize = HAND_SIZE;

    fn seat_range(options: &YougloufOptions) -> RangeInclusive<usize> {
        if options.allow_two_players { 2..=MAX_PLAYERS } else { 3..=MAX_PLAYERS }
    }

    fn deck_kind(_options: &YougloufOptions) -> DeckKind {
        DeckKind::Standard52
    }

    fn start_match(
        setup: TableSetup,
        options: YougloufOptions,
        stacked: Option<&[Card]>,
        events: &mut impl EventSink<YougloufEvent>,
    ) -> Result<Youglouf, SetupError> {
        check_table::<Youglouf>(&setup, &options)?;
        let mut shell = MatchShell::new(setup, options);
        let round = shell.open_round(events, |start, rng, events| Round::deal(start.players, start.dealer, stacked, rng, events))?;
        Ok(Youglouf { shell, round })
    }

    fn snap_window(&self) -> Option<u32> {
        let open = self.shell.phase == Phase::Playing && self.round.snap_window_open();
        // The open deck only grows while a window stays open (a discard, a snap), and each
        // growth opens a new window: its size names the window.
        open.then(|| u32::try_from(self.round.open_deck.len()).expect("an open deck holds at most 52 cards"))
    }

    fn snap_grace_ms(options: &YougloufOptions) -> u32 {
        options.snap_grace_ms
    }

    fn view_snap_window(view: &YougloufView) -> Option<u32> {
        view.snap_open.then(|| u32::try_from(view.open_deck.len()).expect("an open deck holds at most 52 cards"))
    }

    fn waits_for_snap_grace(action: &YougloufAction) -> bool {
        matches!(action, YougloufAction::Draw | YougloufAction::Take)
    }

    fn to_act(&self) -> SeatSet {
        if self.shell.phase != Phase::Playing {
            return SeatSet::EMPTY;
        }
        let round = &self.round;
        match round.stage {
            Stage::Looking => Seat::all(self.players()).filter(|seat| !round.looked.contains(*seat)).collect(),
            _ => {
                let mut seats: SeatSet = Seat::all(self.players()).filter(|seat| round.may_snap(*seat)).collect();
                seats.insert(round.turn);
                seats
            }
        }
    }

    fn waiting_for(&self) -> SeatSet {
        if self.shell.phase != Phase::Playing {
            return SeatSet::EMPTY;
        }
        let round = &self.round;
        match round.stage {
            Stage::Looking => Seat::all(self.players()).filter(|seat| !round.looked.contains(*seat)).collect(),
            // Snaps are optional: the window closes when the turn takes a card.
            _ => SeatSet::only(round.turn),
        }
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<YougloufAction>) {
        out.clear();
        if self.shell.phase == Phase::Playing && seat.index() < self.players() {
            legal_actions_into(&self.round, seat, out);
        }
    }

    fn apply_legal_with(&mut self, seat: Seat, action: YougloufAction, events: &mut impl EventSink<YougloufEvent>) {
        debug_assert!(self.shell.phase == Phase::Playing, "apply_legal_with is given a legal action: a round is in play");
        debug_assert_eq!(check(&self.round, seat, action), Ok(()), "apply_legal_with is given a legal action");
        self.perform(seat, action, events);
    }

    fn apply_with(&mut self, seat: Seat, action: YougloufAction, events: &mut impl EventSink<YougloufEvent>) -> Result<(), ActionError> {
        if self.shell.phase != Phase::Playing {
            return Err(ActionError::NoRound);
        }
        check(&self.round, seat, action)?;
        self.perform(seat, action, events);
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> YougloufView {
        let round = &self.round;
        let playing = self.shell.phase == Phase::Playing;
        YougloufView {
            header: ViewHeader::new(&self.shell, viewer, round.dealer, round.turn, self.to_act()),
            options: self.shell.options.clone(),
            step: step_view(round, viewer),
            slots: slot_views(round, viewer, !playing),
            looked: round.looked,
            open_deck: round.open_deck.clone(),
            closed_deck: round.stock.len(),
            snap_open: playing && round.snap_window_open(),
            declarer: round.declarer,
            legal: viewer.seat().map(|seat| self.legal_actions(seat)).unwrap_or_default(),
        }
    }

    fn start_next_round(&mut self, stacked: Option<&[Card]>, events: &mut impl EventSink<YougloufEvent>) -> Result<(), ActionError> {
        if self.shell.phase != Phase::RoundOver {
            return Err(ActionError::NotBetweenRounds);
        }
        self.deal(stacked, events)?;
        Ok(())
    }

    fn card_counts(&self) -> CardCounts {
        let round = &self.round;
        let held = round.held().map(|(card, _)| card);
        let on_table = Seat::all(self.players()).flat_map(|seat| round.cards_of(seat));
        let all: Vec<Card> =
            on_table.chain(held).chain(round.stock.cards().iter().copied()).chain(round.open_deck.iter().copied()).collect();
        count_cards(&all)
    }

    fn known_counts(&self, viewer: Viewer) -> CardCounts {
        let round = &self.round;
        let revealed = self.shell.phase != Phase::Playing;
        let mut known: Vec<Card> = round.open_deck.clone();
        if let Some((card, _)) = round.held().filter(|&(_, source)| sees_held(round, viewer, source)) {
            known.push(card);
        }
        for (owner, hand) in round.hands.seats() {
            let slots = hand.iter().enumerate().filter(|&(slot, _)| revealed || round.knowledge.knows(viewer, owner, slot));
            known.extend(slots.filter_map(|(_, card)| *card));
        }
        count_cards(&known)
    }

    fn revealed_hand(&self, seat: Seat) -> Vec<Card> {
        // Empty slots are skipped.
        self.revealed_slots()[seat].iter().filter_map(|slot| if let SlotView::Known(card) = slot { Some(*card) } else { None }).collect()
    }
}
