//! The Dunno match: games (deals) until a seat has won `wins_to_match`, and the [`Game`] contract.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::card::{Card, DeckKind};
use crate::card_set::{CardCounts, CardSet, bits, count_cards};
use crate::error::{ActionError, SetupError};
use crate::event::EventSink;
use crate::game::{Game, Phase, TableSetup};
use crate::kind::GameKind;
use crate::match_shell::Decided;
use crate::match_shell::MatchShell;
use crate::rng::GameRng;
use crate::score::{RoundEnd, ScoreKind, SeatScore};
use crate::seat::{Seat, SeatSet, Viewer};
use crate::setup::check_table;
use crate::standings::Better;
use crate::view::ViewHeader;

use super::action::DunnoAction;
use super::event::DunnoEvent;
use super::options::DunnoOptions;
use super::round::{HAND_SIZE, Round};
use super::view::DunnoView;

/// A Dunno match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dunno {
    shell: MatchShell<DunnoOptions>,
    round: Round,
}

impl Dunno {
    /// A match in play rebuilt from its parts: the Hard bot's determinization
    /// (`bots/dunno/determinize.rs`) builds one from a view.
    pub(crate) fn in_play(options: DunnoOptions, setup: TableSetup, score: crate::score::MatchScore, round: Round) -> Dunno {
        Dunno { shell: MatchShell { score, ..MatchShell::new(setup, options) }, round }
    }

    /// The game in play (or the last one, once it is over).
    #[must_use]
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// Validates `action` for `seat` without changing anything.
    fn check(&self, seat: Seat, action: DunnoAction) -> Result<(), ActionError> {
        if self.shell.phase != Phase::Playing {
            return Err(ActionError::NoRound);
        }
        if seat != self.round.turn {
            return Err(ActionError::NotYourTurn { seat });
        }
        self.round.check(action)
    }

    /// Applies the turn seat's action, already known to be legal: the effect, the game's
    /// end, the cap.
    fn perform(&mut self, action: DunnoAction, events: &mut impl EventSink<DunnoEvent>) {
        self.round.turns += 1;
        let winner = match action {
            DunnoAction::Play { cards, suit } => self.round.play(cards, suit, events),
            DunnoAction::Draw => self.round.draw(&mut self.shell.rng, events),
            DunnoAction::Under(cards) => self.round.put_under(cards, events),
            DunnoAction::Swap(with) => self.round.swap(with, events),
        };
        if let Some(winner) = winner {
            self.end_round(RoundEnd::WentOut(winner), events);
        } else if self.round.turns >= self.shell.setup.turn_cap {
            self.end_round(RoundEnd::TurnCap, events);
        }
    }

    /// Records the game (a win counts 1 toward the match) and decides whether the match goes on.
    fn end_round(&mut self, end: RoundEnd, events: &mut impl EventSink<DunnoEvent>) {
        let scores = self.round.hands.map(|seat, hand| {
            let mut score = SeatScore { cards: hand.to_vec(), ..SeatScore::default() };
            if end == RoundEnd::WentOut(seat) {
                score.add(ScoreKind::GameWon, 1);
            }
            score
        });
        let (needed, players) = (i32::try_from(self.shell.options.wins_to_match).unwrap_or(i32::MAX), self.players());
        // The first to win the games needed wins the match (RULES.md §4).
        self.shell.close_round(end, scores, events, |score| {
            let winners = score.at_or_above(needed);
            (!winners.is_empty()).then(|| Decided::won_by(winners, players))
        });
    }

    fn deal(&mut self, stacked: Option<&[Card]>, events: &mut impl EventSink<DunnoEvent>) -> Result<(), SetupError> {
        self.round = self.shell.open_round(events, |start, rng, events| Round::deal(start.players, start.dealer, stacked, rng, events))?;
        Ok(())
    }
}

impl Game for Dunno {
    type Options = DunnoOptions;
    type Action = DunnoAction;
    type Event = DunnoEvent;
    type View = DunnoView;

    fn shell(&self) -> &MatchShell<DunnoOptions> {
        &self.shell
    }

    const KIND: GameKind = GameKind::Dunno;
    const BETTER: Better = Better::Higher;
    const HAND_SIZE: usize = HAND_SIZE;

    fn seat_range(_options: &DunnoOptions) -> RangeInclusive<usize> {
        2..=6
    }

    /// RULES.md §4: 2–6 players, default 3.
    fn default_players(_options: &DunnoOptions) -> usize {
        3
    }

    fn deck_kind(_options: &DunnoOptions) -> DeckKind {
        DeckKind::WithJokers54
    }

    fn start_match(
        setup: TableSetup,
        options: DunnoOptions,
        stacked: Option<&[Card]>,
        events: &mut impl EventSink<DunnoEvent>,
    ) -> Result<Dunno, SetupError> {
        check_table::<Dunno>(&setup, &options)?;
        options.validate()?;
        let mut shell = MatchShell::new(setup, options);
        let round = shell.open_round(events, |start, rng, events| Round::deal(start.players, start.dealer, stacked, rng, events))?;
        Ok(Dunno { shell, round })
    }

    fn to_act(&self) -> SeatSet {
        if self.shell.phase == Phase::Playing { SeatSet::only(self.round.turn) } else { SeatSet::EMPTY }
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<DunnoAction>) {
        out.clear();
        if self.shell.phase == Phase::Playing && seat == self.round.turn {
            self.round.legal_actions_into(out);
        }
    }

    fn random_legal_action(&self, seat: Seat, rng: &mut GameRng, scratch: &mut Vec<DunnoAction>) -> Option<DunnoAction> {
        if self.shell.phase != Phase::Playing || seat != self.round.turn {
            return None;
        }
        // Plays and the draw are counted and indexed without the list (runs of a rank in every
        // order make it long); the Jack's short lists are built.
        if let Some(action) = self.round.pick_play_or_draw(|count| rng.below(count)) {
            return Some(action);
        }
        self.round.legal_actions_into(scratch);
        (!scratch.is_empty()).then(|| scratch[rng.below(scratch.len())])
    }

    fn apply_legal_with(&mut self, seat: Seat, action: DunnoAction, events: &mut impl EventSink<DunnoEvent>) {
        debug_assert_eq!(self.check(seat, action), Ok(()), "apply_legal_with is given a legal action");
        self.perform(action, events);
    }

    fn apply_with(&mut self, seat: Seat, action: DunnoAction, events: &mut impl EventSink<DunnoEvent>) -> Result<(), ActionError> {
        self.check(seat, action)?;
        self.perform(action, events);
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> DunnoView {
        let round = &self.round;
        let legal = viewer.seat().map(|seat| self.legal_actions(seat)).unwrap_or_default();
        let known_in_hands = round.hands.map(|holder, _| match viewer.seat() {
            Some(seat) if self.shell.phase == Phase::Playing => round.knowledge.of(seat, holder).to_vec(),
            _ => Vec::new(),
        });
        DunnoView {
            header: ViewHeader::new(&self.shell, viewer, round.dealer, round.turn, self.to_act()),
            options: self.shell.options.clone(),
            hand: viewer.seat().map(|seat| round.hands[seat].to_vec()),
            hand_sizes: round.hands.map(|_, hand| hand.len()),
            known_in_hands,
            top: round.top.card,
            top_suit: round.top.suit,
            draw_value: round.owed(),
            turn_phase: round.phase,
            stock: round.stock.len(),
            pile: round.pile.len(),
            direction: round.direction,
            legal,
        }
    }

    fn start_next_round(&mut self, stacked: Option<&[Card]>, events: &mut impl EventSink<DunnoEvent>) -> Result<(), ActionError> {
        if self.shell.phase != Phase::RoundOver {
            return Err(ActionError::NotBetweenRounds);
        }
        self.deal(stacked, events)?;
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
        match viewer.seat() {
            _ if self.shell.phase != Phase::Playing => known.extend(round.hands.iter().flat_map(CardSet::iter)),
            Some(seat) => {
                known.extend(round.hands[seat].iter());
                known.extend(bits(round.knowledge.all_known_by(seat)));
            }
            None => {}
        }
        count_cards(&known)
    }

    fn revealed_hand(&self, seat: Seat) -> Vec<Card> {
        self.round.hands[seat].to_vec()
    }
}
