//! What every game's match holds besides its round: options, table, RNG, running score, phase
//! and results, and the table setup and phase every game shares. One struct, so the [`crate::Game`] accessors are written once (as provided
//! methods reading through [`crate::Game::shell`]); and what every game does around a round,
//! written once: dealing the next one ([`MatchShell::open_round`]: dealer rotation, number,
//! announcement) and scoring the last ([`MatchShell::close_round`]: totals, the match end).
//! Each game keeps only its own rules: how it deals, how it scores, when its match ends.

use serde::{Deserialize, Serialize};

use crate::error::SetupError;
use crate::event::{Addressed, Audience, EventSink};
use crate::rng::GameRng;
use crate::score::{MatchResult, MatchScore, RoundEnd, RoundResult, SeatScore};
use crate::seat::{BySeat, Seat, SeatSet};

/// Turns after which a round is stopped as a draw (an engine safety net, not a rule).
pub const DEFAULT_TURN_CAP: u32 = 2_000;

/// What every table has, whatever the game: seats, first dealer, seed, turn cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSetup {
    /// Number of seats.
    pub players: usize,
    /// Dealer of the first round (RULES.md: seat 0 unless set).
    pub dealer: Seat,
    /// Seed of the match's RNG: the same seed, options and actions replay the same match.
    pub seed: u64,
    /// Actions after which a round ends as a draw with no scores applied.
    pub turn_cap: u32,
}

impl TableSetup {
    /// A table of `players` seats, dealer seat 0, the default turn cap.
    #[must_use]
    pub const fn new(players: usize, seed: u64) -> TableSetup {
        TableSetup { players, dealer: Seat(0), seed, turn_cap: DEFAULT_TURN_CAP }
    }
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// A round is being played: someone has a decision.
    Playing,
    /// The round is scored; the next one starts with [`crate::Game::start_next_round`].
    RoundOver,
    /// The match is decided.
    MatchOver,
}

/// The match around the current round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchShell<O> {
    /// House rules and limits.
    pub options: O,
    /// Seats, first dealer, seed, turn cap.
    pub setup: TableSetup,
    /// The match's one source of randomness.
    pub rng: GameRng,
    /// Running totals and rounds finished.
    pub score: MatchScore,
    /// Round on, round over, or match decided.
    pub phase: Phase,
    /// The last finished round, from its end until the next deal.
    pub last_round: Option<RoundResult>,
    /// The match result once decided.
    pub result: Option<MatchResult>,
}

impl<O> MatchShell<O> {
    /// A match about to deal its first round, its RNG seeded from the setup.
    #[must_use]
    pub fn new(setup: TableSetup, options: O) -> MatchShell<O> {
        MatchShell {
            options,
            setup,
            rng: GameRng::from_seed(setup.seed),
            score: MatchScore::new(setup.players),
            phase: Phase::Playing,
            last_round: None,
            result: None,
        }
    }

    /// Number of seats.
    #[must_use]
    pub fn players(&self) -> usize {
        self.setup.players
    }

    /// The dealer of the round about to be dealt: the first dealer, then one seat clockwise
    /// per round finished (RULES.md, common terms: the dealer rotates every round).
    #[must_use]
    pub fn next_dealer(&self) -> Seat {
        self.setup.dealer.clockwise(self.score.rounds_finished as usize, self.players())
    }

    /// The number of the round about to be dealt, from 1.
    #[must_use]
    pub fn next_round_number(&self) -> u32 {
        self.score.rounds_finished + 1
    }

    /// Records that a new round was dealt: it is being played and the last result is cleared.
    pub fn round_dealt(&mut self) {
        self.last_round = None;
        self.phase = Phase::Playing;
    }

    /// Deals the next round: its dealer (one seat on from the last) and number, announced with
    /// the game's [`ShellEvents::round_started`], then `deal` deals it. It deals on a copy of
    /// the RNG and into a buffer, so a stacked deck it refuses changes nothing and announces
    /// nothing; once dealt, the round is being played.
    ///
    /// # Errors
    /// Whatever `deal` returns (a stacked deck that cannot be dealt).
    pub fn open_round<R, E: ShellEvents>(
        &mut self,
        events: &mut impl EventSink<E>,
        deal: impl FnOnce(RoundStart, &mut GameRng, &mut Option<Vec<Addressed<E>>>) -> Result<R, SetupError>,
    ) -> Result<R, SetupError> {
        let start = RoundStart { number: self.next_round_number(), dealer: self.next_dealer(), players: self.players() };
        let mut rng = self.rng.clone();
        // Held back until the deal succeeds; not kept at all when the caller keeps none.
        let mut dealt = events.wants_events().then(Vec::new);
        let round = deal(start, &mut rng, &mut dealt)?;
        if let Some(event) = E::round_started(start.number, start.dealer) {
            events.emit(Audience::All, event);
        }
        for addressed in dealt.into_iter().flatten() {
            events.emit(addressed.audience, addressed.event);
        }
        self.rng = rng;
        self.round_dealt();
        Ok(round)
    }

    /// Scores a finished round: the seats' `scores` go into the totals and are announced with
    /// [`ShellEvents::round_ended`]; then `decided` (the game's rule) says whether the match is
    /// over, and if so the result is announced with [`ShellEvents::match_ended`].
    pub fn close_round<E: ShellEvents>(
        &mut self,
        end: RoundEnd,
        scores: BySeat<SeatScore>,
        events: &mut impl EventSink<E>,
        decided: impl FnOnce(&MatchScore) -> Option<Decided>,
    ) {
        let result = self.score.record(end, scores);
        events.emit(Audience::All, E::round_ended(result.clone()));
        self.last_round = Some(result);
        match decided(&self.score) {
            None => self.phase = Phase::RoundOver,
            Some(Decided { winners, losers }) => {
                let result = self.score.result(winners, losers);
                events.emit(Audience::All, E::match_ended(result.clone()));
                self.result = Some(result);
                self.phase = Phase::MatchOver;
            }
        }
    }
}

/// The round about to be dealt, as [`MatchShell::open_round`] hands it to a game's deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundStart {
    /// Its number, from 1.
    pub number: u32,
    /// Its dealer.
    pub dealer: Seat,
    /// Seats at the table.
    pub players: usize,
}

/// A decided match: who won and who lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decided {
    /// The winners.
    pub winners: SeatSet,
    /// The losers.
    pub losers: SeatSet,
}

impl Decided {
    /// `winners` win and every other seat of a table of `players` loses.
    #[must_use]
    pub const fn won_by(winners: SeatSet, players: usize) -> Decided {
        Decided { winners, losers: SeatSet::all(players).without(winners) }
    }

    /// `losers` lose and every other seat of a table of `players` wins.
    #[must_use]
    pub const fn lost_by(losers: SeatSet, players: usize) -> Decided {
        Decided { winners: SeatSet::all(players).without(losers), losers }
    }

    /// In a game played to a score limit where the lowest total wins: once a seat reaches
    /// `limit` (at once when it is 0), the lowest totals win and the rest lose.
    #[must_use]
    pub fn lowest_at_limit(score: &MatchScore, limit: u32, players: usize) -> Option<Decided> {
        let reached = limit == 0 || !score.at_or_above(i32::try_from(limit).unwrap_or(i32::MAX)).is_empty();
        reached.then(|| Decided::won_by(score.lowest(), players))
    }
}

/// The events a match's shell emits around each round, in a game's own event type.
pub trait ShellEvents: Sized {
    /// A round was dealt; `None` when the game announces its deal itself (with more to say).
    fn round_started(round: u32, dealer: Seat) -> Option<Self>;
    /// A round was scored.
    fn round_ended(result: RoundResult) -> Self;
    /// The match was decided.
    fn match_ended(result: MatchResult) -> Self;
}

/// Implements [`ShellEvents`] for a game's event enum with the usual variants:
/// `RoundStarted { round, dealer }`, `RoundEnded(RoundResult)` and `MatchEnded(MatchResult)`.
macro_rules! shell_events {
    ($event:ident) => {
        impl $crate::match_shell::ShellEvents for $event {
            fn round_started(round: u32, dealer: $crate::seat::Seat) -> Option<$event> {
                Some($event::RoundStarted { round, dealer })
            }

            fn round_ended(result: $crate::score::RoundResult) -> $event {
                $event::RoundEnded(result)
            }

            fn match_ended(result: $crate::score::MatchResult) -> $event {
                $event::MatchEnded(result)
            }
        }
    };
}
pub(crate) use shell_events;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::ScoreKind;

    /// A game's shell events, as a test sees them.
    #[derive(Debug, Clone, PartialEq)]
    enum Said {
        Started(u32, Seat),
        Ended(u32),
        Decided(SeatSet),
        Dealt,
    }

    impl ShellEvents for Said {
        fn round_started(round: u32, dealer: Seat) -> Option<Said> {
            Some(Said::Started(round, dealer))
        }

        fn round_ended(result: RoundResult) -> Said {
            Said::Ended(result.round)
        }

        fn match_ended(result: MatchResult) -> Said {
            Said::Decided(result.winners)
        }
    }

    fn said(events: &[Addressed<Said>]) -> Vec<Said> {
        events.iter().map(|addressed| addressed.event.clone()).collect()
    }

    fn points(players: usize, seat: Seat, points: i32) -> BySeat<SeatScore> {
        let mut scores = BySeat::filled(players, SeatScore::default());
        scores[seat].add(ScoreKind::CardPoints, points);
        scores
    }

    #[test]
    fn a_round_opens_with_the_next_dealer_and_number_and_a_refused_deal_changes_nothing() {
        let mut shell = MatchShell::new(TableSetup::new(3, 5), ());
        shell.score.rounds_finished = 1;
        shell.phase = Phase::RoundOver;
        let before = shell.clone();
        let mut events = Vec::new();
        let refused: Result<(), SetupError> = shell.open_round(&mut events, |_, rng, dealt| {
            rng.next_u64();
            dealt.emit(Audience::All, Said::Dealt);
            Err(SetupError::NotInDeck { card: crate::card::Card::RED_JOKER })
        });
        assert!(refused.is_err());
        assert_eq!(shell, before, "the RNG and phase are as they were");
        assert!(events.is_empty(), "nothing is announced: {events:?}");
        let start = shell
            .open_round(&mut events, |start, _, dealt| {
                dealt.emit(Audience::All, Said::Dealt);
                Ok(start)
            })
            .expect("dealt");
        assert_eq!((start.number, start.dealer, start.players), (2, Seat(1), 3));
        assert_eq!(said(&events), [Said::Started(2, Seat(1)), Said::Dealt]);
        assert_eq!(shell.phase, Phase::Playing);
    }

    #[test]
    fn a_round_closes_into_the_totals_and_the_games_rule_decides_the_match() {
        let mut shell = MatchShell::new(TableSetup::new(2, 5), ());
        let mut events = Vec::new();
        shell.close_round(RoundEnd::Blocked, points(2, Seat(0), 30), &mut events, |_| None);
        assert_eq!((shell.phase, shell.score.totals.as_slice()), (Phase::RoundOver, &[30, 0][..]));
        assert!(shell.result.is_none());
        shell.close_round(RoundEnd::Blocked, points(2, Seat(0), 80), &mut events, |score| Decided::lowest_at_limit(score, 100, 2));
        assert_eq!(shell.phase, Phase::MatchOver);
        let result = shell.result.as_ref().expect("decided");
        assert_eq!((result.winners, result.losers), (SeatSet::only(Seat(1)), SeatSet::only(Seat(0))));
        assert_eq!(said(&events), [Said::Ended(1), Said::Ended(2), Said::Decided(SeatSet::only(Seat(1)))]);
        assert_eq!(shell.last_round.as_ref().map(|round| round.round), Some(2));
    }

    #[test]
    fn decided_splits_the_table() {
        let two = SeatSet::only(Seat(2));
        assert_eq!(Decided::won_by(two, 4).losers, SeatSet::all(4).without(two));
        assert_eq!(Decided::lost_by(two, 4).winners, SeatSet::all(4).without(two));
        let score = MatchScore::new(3);
        assert_eq!(Decided::lowest_at_limit(&score, 0, 3).map(|decided| decided.winners), Some(SeatSet::all(3)));
        assert_eq!(Decided::lowest_at_limit(&score, 50, 3), None);
    }
}
