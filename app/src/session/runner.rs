//! A live match, in every mode: one [`MatchRunner`] owns its [`Authority`] (the true state and
//! the checks every action passes, the snap clock, the bots' pace and step mode) and the
//! bots' worker, and moves the match on when its clock says: a bot's finished decision, the
//! bots' optional answers ("One!", snaps), a new decision to make. Hot-seat play
//! ([`LocalTable`](super::local::LocalTable)) and the networked table's core
//! (`net::table::TableCore`) are thin lines into it: they say which seats bots hold, and show
//! or send the state after each move it makes.
//!
//! It reads no clock (time is seconds on the owner's monotonic clock) and does no IO; a
//! searching bot decides on a worker thread of its own, which calls the runner's wake once its
//! answer waits.

use std::sync::Arc;

use cardtable_engine::bots::BotLevel;
use cardtable_engine::{ActionError, AnyAction, AnyGame, Seat};

use super::authority::{Authority, BotPlan, BotTurn, Pacing, Refused};
use super::bots::{MOST_OPTIONAL_ANSWERS, PendingDecision};
use super::host::Host;

/// Called from a bot's worker thread once its decision waits to be collected (wakes the
/// window, or the table task).
#[derive(Clone)]
pub struct Wake(Arc<dyn Fn() + Send + Sync>);

impl Wake {
    /// Wakes by calling `wake`.
    #[must_use]
    pub fn new(wake: impl Fn() + Send + Sync + 'static) -> Wake {
        Wake(Arc::new(wake))
    }

    /// Wakes the owner.
    pub fn wake(&self) {
        (self.0)();
    }
}

impl std::fmt::Debug for Wake {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Wake")
    }
}

/// How often a bot's worker is checked while it thinks, in seconds, in case its wake is lost.
pub const THINKING_POLL: f64 = 0.03;

/// Most moves [`MatchRunner::advance`] is asked for in a row before its owner shows what it
/// has: every optional answer one move can draw, and a bot's move.
pub const MOST_MOVES_AT_ONCE: usize = MOST_OPTIONAL_ANSWERS + 1;

/// What one call of [`MatchRunner::advance`] did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Advanced {
    /// This seat's bot moved (its decision or an optional answer): show or send the new state,
    /// then advance again.
    Moved(Seat),
    /// Nothing more is due now: advance again at this time (seconds), or only when something
    /// happens (`None`: a person's move, a message, step mode's go-ahead).
    Wait(Option<f64>),
}

/// A live match and its bots.
#[derive(Debug)]
pub struct MatchRunner {
    authority: Authority,
    /// A bot's decision being made.
    thinking: Option<PendingDecision>,
    /// Called by a bot's worker once its answer waits.
    wake: Option<Wake>,
}

impl MatchRunner {
    /// Runs `host`'s match (new, or rebuilt from a save), its bots paced by `pacing`, from `now`.
    #[must_use]
    pub fn new(host: Host, pacing: Pacing, now: f64) -> MatchRunner {
        MatchRunner { authority: Authority::new(host, pacing, now), thinking: None, wake: None }
    }

    /// Has bots' workers call `wake` once a decision waits to be collected.
    #[must_use]
    pub fn with_wake(self, wake: Option<Wake>) -> MatchRunner {
        MatchRunner { wake, ..self }
    }

    /// The match's checks and clocks, to read.
    #[must_use]
    pub fn authority(&self) -> &Authority {
        &self.authority
    }

    /// The match's true state.
    #[must_use]
    pub fn host(&self) -> &Host {
        self.authority.host()
    }

    /// The engine state.
    #[must_use]
    pub fn game(&self) -> &AnyGame {
        self.authority.game()
    }

    /// The state number: one more per applied action or deal.
    #[must_use]
    pub fn seq(&self) -> u64 {
        self.authority.seq()
    }

    /// How bots are paced.
    #[must_use]
    pub fn pacing(&self) -> Pacing {
        self.authority.pacing()
    }

    /// Paces bots by `pacing` from now on.
    pub fn set_pacing(&mut self, pacing: Pacing) {
        self.authority.set_pacing(pacing);
    }

    /// Checks and applies a person's (or a script's) action at `now` (see [`Authority::act`]).
    ///
    /// # Errors
    /// The first check that fails; nothing changes.
    pub fn act(&mut self, seat: Seat, action: AnyAction, now: f64) -> Result<(), Refused> {
        self.authority.act(seat, action, now)
    }

    /// Deals the next round at `now`.
    ///
    /// # Errors
    /// No round is over, or the match is decided.
    pub fn next_round(&mut self, now: f64) -> Result<(), ActionError> {
        self.authority.next_round(now)
    }

    /// Seconds until the turn may take a card while a snap window's grace runs.
    #[must_use]
    pub fn grace_left(&self, now: f64) -> Option<f64> {
        self.authority.grace_left(now)
    }

    /// In step mode, lets the waiting bot move.
    pub fn step(&mut self) {
        self.authority.step();
    }

    /// Whether a bot is deciding now.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Whether a bot's move waits for the go-ahead (step mode) and none is being made.
    #[must_use]
    pub fn bot_move_waiting(&self, level_of: impl Fn(Seat) -> Option<BotLevel>) -> bool {
        self.thinking.is_none() && self.authority.bot_move_waiting(level_of)
    }

    /// Plays on from `host` instead (a move taken back), keeping the pace; a decision being
    /// made about the state left behind answers nothing.
    pub fn restart(&mut self, host: Host, now: f64) {
        self.thinking = None;
        self.authority = Authority::new(host, self.authority.pacing(), now);
    }

    /// Moves the match on at `now` by at most one bot move; `level_of` says which seats bots
    /// hold now. In order: a decision a bot finished (dropped if the match moved on or a person
    /// took the seat back), then the bots' optional answers once their moment has come (each
    /// made in the state it changes), then a new decision when a bot is due (a searching bot's
    /// on its worker). Call again after [`Advanced::Moved`], at most [`MOST_MOVES_AT_ONCE`]
    /// times before showing the state.
    pub fn advance(&mut self, now: f64, level_of: impl Fn(Seat) -> Option<BotLevel>) -> Advanced {
        if let Some(seat) = self.collect(now, &level_of) {
            return Advanced::Moved(seat);
        }
        if let Some(seat) = self.authority.answer_optional(now, &level_of) {
            return Advanced::Moved(seat);
        }
        if self.thinking.is_none()
            && let BotPlan::Decide(turn) = self.authority.bot_plan(now, &level_of)
        {
            let wake = self.wake.clone();
            self.thinking = Some(PendingDecision::start(turn, move || {
                if let Some(wake) = wake {
                    wake.wake();
                }
            }));
            // A heuristic bot has answered already.
            if let Some(seat) = self.collect(now, &level_of) {
                return Advanced::Moved(seat);
            }
        }
        if self.thinking.is_some() {
            return Advanced::Wait(Some(now + THINKING_POLL));
        }
        Advanced::Wait(self.authority.wake_at(now, &level_of))
    }

    /// Applies a bot's finished decision, if one waits; returns its seat if it moved.
    fn collect(&mut self, now: f64, level_of: impl Fn(Seat) -> Option<BotLevel>) -> Option<Seat> {
        let thinking = self.thinking.as_mut()?;
        let answer = match thinking.poll() {
            Ok(None) => return None,
            Ok(Some(answer)) => answer,
            Err(_) => {
                tracing::error!(seat = thinking.turn.seat.0, "a bot's worker ended without answering");
                None
            }
        };
        let pending = self.thinking.take()?;
        let seat = pending.turn.seat;
        let still_bot = level_of(seat).is_some();
        self.authority.bot_acted(&pending.turn, answer, now, still_bot).then_some(seat)
    }

    /// The decision a bot should make now, handed out once, for an owner that makes it
    /// elsewhere (tests and fuzzing choose the bots' moves by a policy of their own); hand the
    /// answer back with [`MatchRunner::bot_acted`]. The app's tables use
    /// [`MatchRunner::advance`].
    pub fn bot_turn(&mut self, now: f64, level_of: impl Fn(Seat) -> Option<BotLevel>) -> Option<BotTurn> {
        match self.authority.bot_plan(now, level_of) {
            BotPlan::Decide(turn) => Some(*turn),
            BotPlan::Idle | BotPlan::At(_) | BotPlan::Step => None,
        }
    }

    /// A decision from [`MatchRunner::bot_turn`], made elsewhere (see [`Authority::bot_acted`]).
    pub fn bot_acted(&mut self, turn: &BotTurn, action: Option<AnyAction>, now: f64, still_bot: bool) -> bool {
        self.authority.bot_acted(turn, action, now, still_bot)
    }

    /// One bot's optional answer, if one is due (see [`Authority::answer_optional`]), for an
    /// owner that drives the bots itself.
    pub fn answer_optional(&mut self, now: f64, level_of: impl Fn(Seat) -> Option<BotLevel>) -> Option<Seat> {
        self.authority.answer_optional(now, level_of)
    }

    /// When the match next needs [`MatchRunner::advance`] from `now`, without advancing it.
    #[must_use]
    pub fn wake_at(&self, now: f64, level_of: impl Fn(Seat) -> Option<BotLevel>) -> Option<f64> {
        if self.thinking.is_some() { Some(now + THINKING_POLL) } else { self.authority.wake_at(now, level_of) }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use cardtable_engine::{AnyOptions, GameKind, Phase};

    use super::*;
    use crate::session::seating::Occupant;

    fn bots(count: usize, level: BotLevel) -> Vec<Occupant> {
        (0..count).map(|index| Occupant::Bot { name: format!("B{index}"), level }).collect()
    }

    /// Plays a whole match by `advance` alone, as a table's owner does, following the clock it
    /// asks for; returns how many moves it reported.
    fn play_out(runner: &mut MatchRunner, level_of: impl Fn(Seat) -> Option<BotLevel> + Copy) -> usize {
        let (mut now, mut moves) = (0.0, 0);
        let mut last = Advanced::Wait(None);
        for _ in 0..200_000 {
            match runner.host().phase() {
                Phase::MatchOver => return moves,
                Phase::RoundOver => runner.next_round(now).expect("deals"),
                Phase::Playing => {
                    last = runner.advance(now, level_of);
                    match last {
                        Advanced::Moved(seat) => {
                            assert!(level_of(seat).is_some(), "only bots are moved");
                            moves += 1;
                        }
                        Advanced::Wait(Some(at)) => {
                            // What is due now is done now: a wake at a time already come would
                            // wake the owner again and again (a bot due in a snap grace did).
                            assert!(at > now, "{}: woken for {at} s at {now} s with nothing to do", runner.game().kind());
                            now = at;
                        }
                        Advanced::Wait(None) => panic!("a table of bots never waits for input"),
                    }
                }
            }
        }
        panic!("{}: the match did not end (at {now} s, {last:?})", runner.game().kind());
    }

    /// Every game, a table of bots driven by `advance` alone: the match ends, and each move it
    /// reports is one state more.
    #[test]
    fn advance_alone_plays_a_table_of_bots_to_the_end_in_every_game() {
        for &kind in GameKind::ALL {
            let players = if kind == GameKind::Dunno { 3 } else { 4 };
            let mut options = AnyOptions::defaults(kind);
            if let AnyOptions::Youglouf(youglouf) = &mut options {
                youglouf.score_limit = 30;
            }
            let host = Host::new(options, bots(players, BotLevel::Easy), 21).expect("table");
            let mut runner = MatchRunner::new(host, Pacing { pause: Some(0.5) }, 0.0);
            let moves = play_out(&mut runner, |_| Some(BotLevel::Easy));
            let deals = runner.host().steps().iter().filter(|step| matches!(step, crate::session::host::Step::NextRound)).count();
            assert_eq!(moves + deals, runner.host().steps().len(), "{kind}: every move reported once");
            assert_eq!(runner.seq() as usize, runner.host().steps().len(), "{kind}: one state per step");
        }
    }

    /// A searching bot decides on its worker and wakes the owner; the runner waits for it, then
    /// applies its answer.
    #[test]
    fn a_searching_bot_decides_on_its_worker_and_wakes_the_owner() {
        let host = Host::new(AnyOptions::defaults(GameKind::CrazyEights), bots(3, BotLevel::Hard), 3).expect("table");
        let woken = Arc::new(AtomicUsize::new(0));
        let counter = woken.clone();
        let wake = Wake::new(move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        let mut runner = MatchRunner::new(host, Pacing::INSTANT, 0.0).with_wake(Some(wake));
        let level_of = |_| Some(BotLevel::Hard);
        let mut now = 0.0;
        let moved = loop {
            match runner.advance(now, level_of) {
                Advanced::Moved(seat) => break seat,
                Advanced::Wait(at) => {
                    assert!(runner.thinking(), "a bot is due at once, so it is thinking");
                    assert_eq!(at, Some(now + THINKING_POLL), "while it thinks, the owner looks again soon");
                    std::thread::sleep(std::time::Duration::from_millis(5));
                    now += 0.005;
                }
            }
            assert!(now < 60.0, "the bot answers");
        };
        assert_eq!(runner.host().steps().len(), 1, "seat {moved:?} moved once");
        assert_eq!(woken.load(Ordering::SeqCst), 1, "its worker woke the owner");
    }

    /// A decision made for a seat that a person took back meanwhile is dropped, and so is one
    /// made on a state taken back.
    #[test]
    fn a_decision_for_a_seat_taken_back_or_a_state_taken_back_is_dropped() {
        let host = Host::new(AnyOptions::defaults(GameKind::CrazyEights), bots(3, BotLevel::Hard), 5).expect("table");
        let mut runner = MatchRunner::new(host.clone(), Pacing::INSTANT, 0.0);
        assert!(matches!(runner.advance(0.0, |_| Some(BotLevel::Hard)), Advanced::Wait(_)));
        assert!(runner.thinking());
        runner.restart(host, 0.0);
        assert!(!runner.thinking(), "taken back: the decision answers nothing");
        let mut now = 0.0;
        assert!(matches!(runner.advance(now, |_| Some(BotLevel::Hard)), Advanced::Wait(_)));
        // A person sits in every seat now: the answer, once it comes, is not played.
        let last = loop {
            std::thread::sleep(std::time::Duration::from_millis(5));
            now += 0.005;
            let advanced = runner.advance(now, |_| None);
            if !runner.thinking() {
                break advanced;
            }
            assert!(now < 60.0, "the bot answers");
        };
        assert_eq!(last, Advanced::Wait(None), "no bot seat: nothing to do until a person moves");
        assert!(runner.host().steps().is_empty(), "nothing was played for the person");
    }
}
