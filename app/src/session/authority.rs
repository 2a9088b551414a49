//! The checks and clocks of a match, in every mode. A hot-seat table and a networked table both
//! run their match through a [`MatchRunner`](super::runner::MatchRunner), whose [`Authority`]
//! owns the [`Host`] (the true state), numbers the states, checks every action in one fixed
//! order (bots' optional answers too), times the rules that have a clock (a Youglouf snap
//! window's grace, RULES.md §5 ruling, on the one [`SnapClock`]), and says when the bots are
//! due (their pace, step mode, and their optional answers, "One!" and snaps). What differs
//! between the modes stays outside: who may speak for a seat (the networked table's lobby and
//! people) and how the new state reaches the players (drawn here, or sent).
//!
//! Time is seconds on a monotonic clock that the owner chooses (the window's input time, or
//! the table task's `Instant`s since the table opened); the authority never reads a clock.

use cardtable_engine::bots::BotLevel;
use cardtable_engine::{ActionError, AnyAction, AnyGame, GameRng, Phase, Seat, Viewer};

pub use super::bots::BotTurn;
use super::bots::{MOST_OPTIONAL_ANSWERS, first_optional_answer};
use super::host::Host;
use super::snap_clock::SnapClock;
use crate::settings::BotPace;

/// Why the authority refused an action; nothing changed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refused {
    /// The seat has no decision now.
    #[error("it is not this seat's turn")]
    NotYourTurn,
    /// A snap window is open: the turn may take a card once its grace time has passed.
    #[error("wait {left_ms} ms: the others may still snap")]
    SnapGrace {
        /// Milliseconds left.
        left_ms: u64,
    },
    /// The rules do not allow it.
    #[error(transparent)]
    Illegal(#[from] ActionError),
}

/// How bots are paced so people can follow them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pacing {
    /// Seconds between two bot moves; `None`: each bot move waits for the go-ahead (step mode).
    pub pause: Option<f64>,
}

impl Pacing {
    /// No pause at all (tests, benchmarks).
    pub const INSTANT: Pacing = Pacing { pause: Some(0.0) };

    /// How long bots take to answer an optional decision after a move: half their pause, so a
    /// snap lands well inside the grace time; in step mode a fixed moment.
    #[must_use]
    pub fn reaction(self) -> f64 {
        self.pause.unwrap_or(STEP_REACTION) * 0.5
    }
}

impl From<BotPace> for Pacing {
    fn from(pace: BotPace) -> Pacing {
        Pacing { pause: pace.pause() }
    }
}

/// Bots' reaction time in step mode, where moves have no pause.
const STEP_REACTION: f64 = 0.6;

/// What the bots do next, as [`Authority::bot_plan`] sees it.
#[derive(Debug, Clone)]
pub enum BotPlan {
    /// No bot is due (a person's decision, the round is over, or a decision is being made).
    Idle,
    /// A bot is due at this time (its pause, or a snap window's grace, runs).
    At(f64),
    /// Step mode: a bot is due and waits for the go-ahead ([`Authority::step`]).
    Step,
    /// Make this decision now and hand it back.
    Decide(Box<BotTurn>),
}

/// The checks every action of one match passes, and its clocks.
#[derive(Debug, Clone)]
pub struct Authority {
    host: Host,
    /// State number: one more per applied action or deal.
    seq: u64,
    pacing: Pacing,
    /// When the last move was made, so the next bot move waits its pause.
    last_move_at: f64,
    /// When the open snap window opened.
    snap: SnapClock,
    /// Bots' optional decisions draw from this (a bot's slips are random).
    optional_rng: GameRng,
    /// When bots answer their optional decisions after the last move: people get the same
    /// moment to react as bots do.
    optional_due: Option<f64>,
    /// Step mode: the player let the next bot move go.
    step_requested: bool,
    /// The state a bot's decision is being made on, if one is.
    thinking: Option<u64>,
}

impl Authority {
    /// The authority over `host`'s match (new, or rebuilt from a save), its bots paced by
    /// `pacing`; the match began at `now`.
    #[must_use]
    pub fn new(host: Host, pacing: Pacing, now: f64) -> Authority {
        let seed = host.seed();
        let mut authority = Authority {
            host,
            seq: 0,
            pacing,
            last_move_at: f64::NEG_INFINITY,
            snap: SnapClock::default(),
            optional_rng: GameRng::from_seed(seed ^ 0x0971_0A41),
            optional_due: None,
            step_requested: false,
            thinking: None,
        };
        authority.track_snap_window(now);
        authority
    }

    /// The match's true state.
    #[must_use]
    pub fn host(&self) -> &Host {
        &self.host
    }

    /// The match's true state, to keep (a test's or a soak's table built by moves).
    #[must_use]
    pub fn into_host(self) -> Host {
        self.host
    }

    /// The engine state.
    #[must_use]
    pub fn game(&self) -> &AnyGame {
        self.host.game()
    }

    /// The state number: one more per applied action or deal.
    #[must_use]
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// How bots are paced.
    #[must_use]
    pub fn pacing(&self) -> Pacing {
        self.pacing
    }

    /// Paces bots by `pacing` from now on.
    pub fn set_pacing(&mut self, pacing: Pacing) {
        self.pacing = pacing;
    }

    /// Checks and applies `seat`'s action at `now`: the seat has a decision, no snap window's
    /// grace holds back a card it takes, and the rules allow it.
    ///
    /// # Errors
    /// The first check that fails; nothing changes.
    pub fn act(&mut self, seat: Seat, action: AnyAction, now: f64) -> Result<(), Refused> {
        self.check_and_apply(seat, action, now)?;
        self.moved(now);
        Ok(())
    }

    /// The checks every action passes, a person's, a bot's or a bot's optional answer, in
    /// order; then the Host applies it. Nothing changes when one fails.
    fn check_and_apply(&mut self, seat: Seat, action: AnyAction, now: f64) -> Result<(), Refused> {
        if !self.host.to_act().contains(seat) {
            return Err(Refused::NotYourTurn);
        }
        if let Some(left) = self.grace_left(now).filter(|_| AnyGame::waits_for_snap_grace(action)) {
            return Err(Refused::SnapGrace { left_ms: whole_ms_left(left) });
        }
        self.host.act(seat, action)?;
        Ok(())
    }

    /// Deals the next round at `now`.
    ///
    /// # Errors
    /// No round is over, or the match is decided.
    pub fn next_round(&mut self, now: f64) -> Result<(), ActionError> {
        self.host.next_round()?;
        self.moved(now);
        Ok(())
    }

    /// Seconds until the turn may take a card while a snap window's grace runs; `None` when it
    /// may now.
    #[must_use]
    pub fn grace_left(&self, now: f64) -> Option<f64> {
        self.snap.grace_left(self.host.game().snap_grace_ms(), now)
    }

    /// Records a move just made: the state number, pacing, the snap window, when bots answer
    /// optional decisions.
    fn moved(&mut self, now: f64) {
        self.seq += 1;
        self.last_move_at = now;
        self.track_snap_window(now);
        self.optional_due = Some(now + self.pacing.reaction());
    }

    /// Notes a snap window that has just opened (or closed), from the engine's own account.
    fn track_snap_window(&mut self, now: f64) {
        self.snap.observe(self.host.game().snap_window(), now);
    }

    /// When bots answer their optional decisions, if they are due to.
    #[must_use]
    pub fn optional_due(&self) -> Option<f64> {
        self.optional_due
    }

    /// Once their moment after the last move has come, lets the first bot that takes an
    /// optional decision ("One!", a snap) take it, and returns its seat. Call again until it
    /// returns `None`: an answer can open further options (a snap changes the open deck), and
    /// each answer is made in the state it changes; at most [`MOST_OPTIONAL_ANSWERS`] follow
    /// one move.
    pub fn answer_optional(&mut self, now: f64, level_of: impl Fn(Seat) -> Option<BotLevel>) -> Option<Seat> {
        if self.optional_due.is_none_or(|due| now < due) {
            return None;
        }
        let answered = first_optional_answer(&self.host, level_of, &mut self.optional_rng);
        let Some((seat, action)) = answered else {
            self.optional_due = None;
            return None;
        };
        if let Err(error) = self.check_and_apply(seat, action, now) {
            tracing::error!(%error, seat = seat.0, "a bot's optional move was refused");
            self.optional_due = None;
            return None;
        }
        // Not `moved`: the answers to one move all come at once, not a pause apart.
        self.seq += 1;
        self.track_snap_window(now);
        Some(seat)
    }

    /// Every optional answer due now, in order ([`Authority::answer_optional`] until none).
    pub fn answer_all_optional(&mut self, now: f64, level_of: impl Fn(Seat) -> Option<BotLevel>) -> usize {
        (0..MOST_OPTIONAL_ANSWERS).take_while(|_| self.answer_optional(now, &level_of).is_some()).count()
    }

    /// The bot seat the round waits for, if any, with its level. When the round waits for
    /// several seats at once (Youglouf's opening look), bots do not wait for people.
    fn bot_due(&self, level_of: impl Fn(Seat) -> Option<BotLevel>) -> Option<(Seat, BotLevel)> {
        if self.host.phase() != Phase::Playing {
            return None;
        }
        self.host.waiting_for().iter().find_map(|seat| level_of(seat).map(|level| (seat, level)))
    }

    /// What the bots do next at `now`; `level_of` says which seats bots hold now. A
    /// [`BotPlan::Decide`] is handed out once per state: hand its answer back with
    /// [`Authority::bot_acted`].
    pub fn bot_plan(&mut self, now: f64, level_of: impl Fn(Seat) -> Option<BotLevel>) -> BotPlan {
        if self.thinking == Some(self.seq) {
            return BotPlan::Idle;
        }
        let Some((seat, level)) = self.bot_due(level_of) else { return BotPlan::Idle };
        let due = match self.pacing.pause {
            Some(pause) => self.last_move_at + pause,
            None if self.step_requested => now,
            None => return BotPlan::Step,
        };
        let due = self.grace_left(now).map_or(due, |left| due.max(now + left));
        if now < due {
            return BotPlan::At(due);
        }
        self.step_requested = false;
        self.thinking = Some(self.seq);
        BotPlan::Decide(Box::new(BotTurn {
            seat,
            level,
            view: self.host.view(Viewer::Seat(seat)),
            legal: self.host.legal_actions(seat),
            seed: self.host.bot_seed(),
            base: self.seq,
        }))
    }

    /// In step mode, lets the waiting bot move.
    pub fn step(&mut self) {
        self.step_requested = true;
    }

    /// Whether a bot's move waits for the go-ahead (step mode).
    #[must_use]
    pub fn bot_move_waiting(&self, level_of: impl Fn(Seat) -> Option<BotLevel>) -> bool {
        self.pacing.pause.is_none() && self.thinking != Some(self.seq) && self.bot_due(level_of).is_some()
    }

    /// A bot's decision for `turn`, at `now`; dropped (returns `false`) if the match moved on
    /// meanwhile or `still_bot` says a person took the seat back. A bot that found nothing
    /// plays its first legal action.
    pub fn bot_acted(&mut self, turn: &BotTurn, action: Option<AnyAction>, now: f64, still_bot: bool) -> bool {
        if self.thinking == Some(turn.base) {
            self.thinking = None;
        }
        if self.seq != turn.base || !still_bot {
            return false;
        }
        let Some(action) = action.or_else(|| turn.legal.first().copied()) else {
            tracing::error!(seat = turn.seat.0, "a bot found no move");
            return false;
        };
        match self.act(turn.seat, action, now) {
            Ok(()) => true,
            Err(error) => {
                tracing::error!(%error, seat = turn.seat.0, "a bot's move was refused");
                false
            }
        }
    }

    /// When the authority next needs to be asked (a bot's pause or a snap grace ends, bots'
    /// optional answers are due), from `now`; `None`: only when something happens.
    #[must_use]
    pub fn wake_at(&self, now: f64, level_of: impl Fn(Seat) -> Option<BotLevel>) -> Option<f64> {
        let grace = self.grace_left(now).map(|left| now + left);
        // As `bot_plan` sees it: a bot due during a snap window's grace waits for its end (else
        // the owner would be woken again and again until then).
        let bot = match self.pacing.pause {
            Some(pause) if self.thinking != Some(self.seq) && self.bot_due(level_of).is_some() => {
                Some(grace.map_or(self.last_move_at + pause, |end| end.max(self.last_move_at + pause)))
            }
            _ => None,
        };
        [grace, bot, self.optional_due].into_iter().flatten().reduce(f64::min)
    }
}

/// `left` seconds as whole milliseconds, rounded up ("wait 0 ms" would read as a contradiction),
/// after rounding to the microsecond: clock readings are seconds since the table opened, and
/// their float error (1.4999999999 s gone of a 2 s grace) must not turn 500 ms into 501.
fn whole_ms_left(left: f64) -> u64 {
    let micros = (left * 1_000_000.0).round();
    let millis = (micros / 1_000.0).ceil();
    if millis >= 1.0 { millis as u64 } else { 1 }
}

#[cfg(test)]
mod tests {
    use cardtable_engine::games::youglouf::YougloufAction;
    use cardtable_engine::{AnyOptions, GameKind};

    use super::*;
    use crate::session::seating::Occupant;

    fn people(count: usize) -> Vec<Occupant> {
        (0..count).map(|index| Occupant::Human { name: format!("P{index}") }).collect()
    }

    fn bots(count: usize) -> Vec<Occupant> {
        (0..count).map(|index| Occupant::Bot { name: format!("B{index}"), level: BotLevel::Random }).collect()
    }

    /// Plays random legal moves of the seats the round waits for, ten seconds apart (so a
    /// grace has always run out by the next move), until `stop` holds for the state and the
    /// time of the last move; returns that time.
    fn play_until(authority: &mut Authority, rng: &mut GameRng, stop: impl Fn(&Authority, f64) -> bool) -> f64 {
        let mut now = 0.0;
        for _ in 0..5_000 {
            if stop(authority, now) {
                return now;
            }
            now += 10.0;
            if authority.host().phase() == Phase::RoundOver {
                authority.next_round(now).expect("deals");
                continue;
            }
            let seat = authority.host().waiting_for().first().expect("someone decides");
            let legal = authority.host().legal_actions(seat);
            authority.act(seat, legal[rng.below(legal.len())], now).expect("legal");
        }
        panic!("the situation never came");
    }

    #[test]
    fn the_time_left_of_a_grace_is_whole_milliseconds_without_float_error() {
        // Seconds since the table opened carry float error: 1.5 s gone of a 2 s grace opened at
        // 0.323456789 s leaves 0.5000000000000002 s, which must still read 500 ms.
        let opened = 0.323_456_789;
        let left = (opened + 2.0) - (opened + 1.5);
        assert!(left > 0.5, "the float error this guards against: {left}");
        assert_eq!(whole_ms_left(left), 500);
        assert_eq!(whole_ms_left(0.500_4), 501, "a part of a millisecond left rounds up");
        assert_eq!(whole_ms_left(0.000_000_1), 1, "never \"wait 0 ms\"");
    }

    /// RULES.md §5 ruling: a snap window holds the next turn back from taking a card for the
    /// grace time, in every mode: at a hot-seat table too (it was only a greyed-out button).
    #[test]
    fn a_card_taken_during_a_snap_windows_grace_is_refused_until_it_has_passed() {
        let host = Host::new(AnyOptions::defaults(GameKind::Youglouf), people(3), 11).expect("table");
        let mut authority = Authority::new(host, Pacing::INSTANT, 0.0);
        let mut rng = GameRng::from_seed(5);
        let takes = |authority: &Authority| {
            let seat = authority.host().waiting_for().first();
            let legal = seat.map(|seat| authority.host().legal_actions(seat)).unwrap_or_default();
            legal.into_iter().find(|action| AnyGame::waits_for_snap_grace(*action)).zip(seat)
        };
        // A window the last move opened (its grace runs from that move) and a turn that may take
        // a card.
        let opened =
            play_until(&mut authority, &mut rng, |authority, now| authority.grace_left(now).is_some() && takes(authority).is_some());
        let (take, seat) = takes(&authority).expect("the turn may take a card");
        let grace = f64::from(authority.game().snap_grace_ms()) / 1_000.0;
        assert!(grace > 1.0, "the default grace is two seconds");
        let before = authority.game().clone();
        let refused = authority.act(seat, take, opened + grace / 2.0);
        assert!(matches!(refused, Err(Refused::SnapGrace { left_ms }) if left_ms > 0), "{refused:?}");
        assert_eq!(authority.game(), &before, "a refusal changes nothing");

        assert!(authority.grace_left(opened + grace / 2.0).is_some());
        authority.act(seat, take, opened + grace + 0.01).expect("after the grace the card may be taken");
    }

    #[test]
    fn the_grace_does_not_hold_back_an_action_that_takes_no_card() {
        assert!(AnyGame::waits_for_snap_grace(AnyAction::Youglouf(YougloufAction::Draw)));
        assert!(AnyGame::waits_for_snap_grace(AnyAction::Youglouf(YougloufAction::Take)));
        assert!(!AnyGame::waits_for_snap_grace(AnyAction::Youglouf(YougloufAction::Skip)));
    }

    #[test]
    fn bots_wait_their_pause_and_in_step_mode_the_go_ahead() {
        let host = Host::new(AnyOptions::defaults(GameKind::CrazyEights), bots(3), 2).expect("table");
        let mut authority = Authority::new(host, Pacing { pause: Some(1.0) }, 0.0);
        let level_of = |_| Some(BotLevel::Random);
        let turn = match authority.bot_plan(0.0, level_of) {
            BotPlan::Decide(turn) => turn,
            other => panic!("no move yet, so no pause: {other:?}"),
        };
        assert!(matches!(authority.bot_plan(0.0, level_of), BotPlan::Idle), "a decision is handed out once");
        assert!(authority.bot_acted(&turn, turn.decide(), 0.0, true));
        assert!(matches!(authority.bot_plan(0.5, level_of), BotPlan::At(at) if (at - 1.0).abs() < 1e-9), "the next waits its pause");
        assert_eq!(authority.optional_due(), Some(0.5), "bots may answer optional decisions half a pause after a move");
        assert_eq!(authority.answer_all_optional(0.5, level_of), 0, "Crazy Eights has none");
        assert_eq!(authority.wake_at(0.6, level_of), Some(1.0), "the next wake is the next bot's move");
        authority.set_pacing(Pacing { pause: None });
        assert!(matches!(authority.bot_plan(5.0, level_of), BotPlan::Step));
        assert!(authority.bot_move_waiting(level_of));
        authority.step();
        assert!(matches!(authority.bot_plan(5.0, level_of), BotPlan::Decide(_)), "the go-ahead lets one bot move");
    }

    #[test]
    fn a_stale_bot_decision_is_dropped() {
        let host = Host::new(AnyOptions::defaults(GameKind::CrazyEights), bots(3), 2).expect("table");
        let mut authority = Authority::new(host, Pacing::INSTANT, 0.0);
        let level_of = |_| Some(BotLevel::Random);
        let BotPlan::Decide(turn) = authority.bot_plan(0.0, level_of) else { panic!("a bot is due") };
        let seq = authority.seq();
        assert!(!authority.bot_acted(&turn, turn.decide(), 0.0, false), "a person took the seat back");
        assert_eq!(authority.seq(), seq, "nothing changed");
        let BotPlan::Decide(again) = authority.bot_plan(0.0, level_of) else { panic!("the bot is due again") };
        assert!(authority.bot_acted(&again, again.decide(), 0.0, true));
        assert!(!authority.bot_acted(&turn, turn.decide(), 0.0, true), "the older decision is stale now");
    }
}
