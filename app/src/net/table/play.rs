//! The match at a networked table. Every action passes these checks, in this order, before the
//! Host applies it, and a refused one changes nothing:
//!
//! 1. a match is on ([`Refusal::NoMatch`]);
//! 2. the sender holds a seat ([`Refusal::NotSeated`]) and it is the seat named
//!    ([`Refusal::NotYourSeat`]);
//! 3. the action's id is new for the sender ([`Refusal::Duplicate`]): a replayed frame is caught
//!    even when it would still be legal;
//! 4. it was decided on the current state ([`Refusal::Stale`]): of two Youglouf snaps on one
//!    card, the first to reach the host counts and the second is stale;
//! 5. then the match's [`Authority`](crate::session::authority::Authority) checks, as it does at
//!    a hot-seat table: the seat has a decision now ([`Refusal::NotYourTurn`]); a Youglouf snap
//!    window's grace time has passed before the turn takes a card ([`Refusal::SnapGrace`];
//!    RULES.md §5 ruling); the rules allow it ([`Refusal::Illegal`], the engine's reason).
//!
//! After each change every connected device gets one [`Update`] per seat it plays (spectators
//! and devices without a seat: the spectator's), made from the Host's per-viewer view and the
//! new events that viewer may see. Nothing else about the state leaves the core.
//!
//! The match's [`MatchRunner`](crate::session::runner::MatchRunner) moves the bots, as at a
//! hot-seat table ([`TableCore::advance`]): a decision when the round waits for a bot and its
//! pause has passed (a searching bot's on its worker, which wakes the transport), and their
//! optional decisions, "One!" and snaps, a moment after every move, each sent as the state of
//! its one move. Tests and fuzzing choose the bots' moves by their own policies through the
//! same runner ([`TableCore::bot_turn`], [`TableCore::bot_acted`], [`TableCore::bot_optional`]).

use std::time::{Duration, Instant};

use cardtable_engine::{Addressed, AnyAction, AnyEvent, Phase, Seat, SeatSet, Viewer};

use super::people::{Pid, SeatControl, seats_of};
use super::{BotTurn, Effect, Running, TableCore};
use crate::net::protocol::{ActionRequest, HostMsg, MatchStart, Refusal, Update};
pub use crate::session::bots::MOST_OPTIONAL_ANSWERS;
use crate::session::runner::Advanced;
pub use crate::session::runner::MOST_MOVES_AT_ONCE;

/// How long the standings of a round stay up when nobody at the table is there to ask for the
/// next round (a table of bots, watched).
pub const ROUND_END_PAUSE: Duration = Duration::from_secs(4);

impl TableCore {
    /// Checks and applies a seat's action (see the module's list of checks).
    pub(super) fn act(&mut self, pid: Pid, request: ActionRequest, out: &mut Vec<Effect>) {
        match self.check_and_apply(pid, request) {
            Ok(ended) => {
                self.broadcast_state(ended, out);
                self.progress(out);
            }
            Err(refusal) => {
                tracing::debug!(seat = request.seat.0, %refusal, "action refused");
                self.refuse(pid, request.id, refusal, out);
            }
        }
    }

    /// Applies the action if it passes every check; returns whether it ended the round.
    fn check_and_apply(&mut self, pid: Pid, request: ActionRequest) -> Result<bool, Refusal> {
        let now = self.clock();
        let running = self.running.as_mut().ok_or(Refusal::NoMatch)?;
        let mine = seats_of(&self.seats, pid);
        if mine.is_empty() {
            return Err(Refusal::NotSeated);
        }
        if !mine.contains(&request.seat) {
            return Err(Refusal::NotYourSeat { seat: request.seat });
        }
        let person = &mut self.people[pid];
        if person.last_action.is_some_and(|last| request.id <= last) {
            return Err(Refusal::Duplicate { id: request.id });
        }
        let current = running.runner.seq();
        if request.base != current {
            return Err(Refusal::Stale { base: request.base, current });
        }
        running.runner.act(request.seat, request.action, now)?;
        person.last_action = Some(request.id);
        Ok(running.runner.host().phase() != Phase::Playing)
    }

    /// A seat's player is ready for the next round; the host's own device deals it at once.
    pub(super) fn vote_next_round(&mut self, pid: Pid, base: u64, out: &mut Vec<Effect>) {
        let mine: SeatSet = seats_of(&self.seats, pid).into_iter().collect();
        let host = pid == Pid::HOST;
        let refusal = match &mut self.running {
            None => Some(Refusal::NoMatch),
            Some(_) if mine.is_empty() && !host => Some(Refusal::NotSeated),
            Some(running) if running.runner.host().phase() != Phase::RoundOver => Some(Refusal::NotYourTurn),
            Some(running) if base != running.runner.seq() => Some(Refusal::Stale { base, current: running.runner.seq() }),
            Some(running) => {
                mine.iter().for_each(|seat| running.votes.insert(seat));
                None
            }
        };
        match refusal {
            Some(refusal) => self.refuse(pid, 0, refusal, out),
            None if host => self.deal(out),
            None => self.progress(out),
        }
    }

    /// Deals the next round once every connected person at the table asked for it (bots and
    /// absent players do not hold the table up). With
    /// nobody at the table to ask, the next round is dealt after [`ROUND_END_PAUSE`], on a tick:
    /// watchers see the standings, and every frame of the ended round goes out before the next
    /// deal.
    pub(super) fn progress(&mut self, out: &mut Vec<Effect>) {
        let required: SeatSet = Seat::all(self.seats.len())
            .filter(|seat| self.seats[seat.index()].person().is_some_and(|pid| self.people[pid].conn.is_some()))
            .collect();
        let clock = self.clock();
        let Some(running) = &mut self.running else { return };
        if running.runner.host().phase() != Phase::RoundOver {
            return;
        }
        if required.is_empty() {
            running.deal_at.get_or_insert(clock + ROUND_END_PAUSE.as_secs_f64());
        } else if required.is_subset_of(running.votes) {
            self.deal(out);
        }
    }

    /// Deals the next round, if a round is over.
    pub(super) fn deal(&mut self, out: &mut Vec<Effect>) {
        let now = self.clock();
        let Some(running) = &mut self.running else { return };
        if running.runner.host().phase() != Phase::RoundOver {
            return;
        }
        if let Err(error) = running.runner.next_round(now) {
            tracing::error!(%error, "the next round could not be dealt");
            return;
        }
        running.votes = SeatSet::EMPTY;
        running.deal_at = None;
        self.broadcast_state(false, out);
    }

    /// Moves the match's bots on at `now` by at most one move (see
    /// [`MatchRunner::advance`](crate::session::runner::MatchRunner::advance)); returns whether a
    /// bot moved, and the effects: the state after that one move, so each frame shows the state
    /// it was made in. The transport carries them out and calls again while a bot moved (at
    /// most [`MOST_MOVES_AT_ONCE`] times), after whatever it handled and at
    /// [`TableCore::wake_at`].
    pub fn advance(&mut self, now: Instant) -> (bool, Vec<Effect>) {
        self.now = now;
        let clock = self.clock();
        let mut out = Vec::new();
        let seats = &self.seats;
        let moved = match &mut self.running {
            Some(running) => matches!(running.runner.advance(clock, |seat| seats[seat.index()].bot_level()), Advanced::Moved(_)),
            None => false,
        };
        if moved {
            let ended = self.running.as_ref().is_some_and(|running| running.runner.host().phase() != Phase::Playing);
            self.broadcast_state(ended, &mut out);
        }
        self.progress(&mut out);
        (moved, out)
    }

    /// The decision a bot should make now, if the round waits for a bot, its pause has passed
    /// and no snap window's grace time is running, for a driver that chooses the bots' moves
    /// itself (tests, fuzzing). It is handed out once; give its answer to
    /// [`TableCore::bot_acted`].
    pub fn bot_turn(&mut self, now: Instant) -> Option<BotTurn> {
        self.now = now;
        let clock = self.clock();
        let seats = &self.seats;
        self.running.as_mut()?.runner.bot_turn(clock, |seat| seats[seat.index()].bot_level())
    }

    /// When the core next needs [`TableCore::advance`]: a bot's pause or a snap window's grace
    /// ends, bots' optional answers are due, or a bot's worker is looked at again. (The drawing of a
    /// seed runs out of time on the transport's regular [`TableCore::tick`].)
    #[must_use]
    pub fn wake_at(&self) -> Option<Instant> {
        let running = self.running.as_ref()?;
        let clock = self.clock_at(Instant::now());
        let bots = running.runner.wake_at(clock, |seat| self.seats[seat.index()].bot_level());
        let at = [bots, running.deal_at].into_iter().flatten().reduce(f64::min)?;
        Some(self.opened + Duration::from_secs_f64(at.max(0.0)))
    }

    /// In step mode, lets the waiting bot move.
    pub(super) fn step(&mut self) {
        if let Some(running) = &mut self.running {
            running.runner.step();
        }
    }

    /// A bot's decision for `turn`; dropped if the table moved on meanwhile or a person took the
    /// seat back. A bot that found nothing plays its first legal action.
    pub fn bot_acted(&mut self, turn: &BotTurn, action: Option<AnyAction>, now: Instant) -> Vec<Effect> {
        self.now = now;
        let clock = self.clock();
        let mut out = Vec::new();
        let still_bot = self.seats[turn.seat.index()].bot_level().is_some();
        let Some(running) = &mut self.running else { return out };
        if !running.runner.bot_acted(turn, action, clock, still_bot) {
            return out;
        }
        let ended = running.runner.host().phase() != Phase::Playing;
        self.broadcast_state(ended, &mut out);
        self.progress(&mut out);
        out
    }

    /// The viewers `pid` sees the match as: its seats, or the spectator.
    fn viewers_of(&self, pid: Pid) -> Vec<Viewer> {
        let seats = seats_of(&self.seats, pid);
        if seats.is_empty() { vec![Viewer::Spectator] } else { seats.into_iter().map(Viewer::Seat).collect() }
    }

    /// Sends every connected device its update(s) with the events since the last broadcast, and
    /// the round's (and match's) result when `ended`.
    pub(super) fn broadcast_state(&mut self, ended: bool, out: &mut Vec<Effect>) {
        let Some(running) = &self.running else { return };
        let history = running.runner.host().history();
        let new = &history[running.sent.min(history.len())..];
        for (pid, person) in self.people.iter() {
            let Some(conn) = person.conn else { continue };
            for viewer in self.viewers_of(pid) {
                let events = new.iter().filter(|addressed| addressed.audience.includes(viewer)).cloned().collect();
                out.push(Effect::Send(conn, HostMsg::Update(Box::new(update(running, viewer, events)))));
            }
        }
        let sent = history.len();
        let finished = if ended { running.runner.game().last_round().cloned() } else { None };
        let result = running.runner.game().match_result().cloned().filter(|_| ended);
        if let Some(round) = finished {
            self.broadcast(&HostMsg::RoundOver(round.clone()), out);
            if let Some(running) = &mut self.running {
                running.rounds.push(round);
            }
        }
        let decided = result.is_some();
        if let Some(result) = result {
            self.broadcast(&HostMsg::MatchOver(result), out);
        }
        if let Some(running) = &mut self.running {
            running.sent = sent;
        }
        if decided {
            // Only now may anyone hold the seed and every hand.
            self.send_record(out);
        }
    }

    /// Tells everyone who holds each seat now (drops, returns, stand-ins).
    pub(super) fn broadcast_seats(&self, out: &mut Vec<Effect>) {
        let seats = self.seat_infos();
        self.broadcast(&HostMsg::Seats(seats), out);
    }

    /// Brings a device that (re)joined during a match up to date: the match, the rounds
    /// finished so far, and its view with the latest events.
    pub(super) fn catch_up(&self, pid: Pid, out: &mut Vec<Effect>) {
        let (Some(running), Some(conn)) = (&self.running, self.people[pid].conn) else { return };
        let seats = self.seat_infos();
        let start = MatchStart { options: self.options.clone(), seats, you: self.role_of(pid), draw: running.draw.clone() };
        out.push(Effect::Send(conn, HostMsg::Started(start)));
        for round in &running.rounds {
            out.push(Effect::Send(conn, HostMsg::RoundOver(round.clone())));
        }
        if let Some(result) = running.runner.game().match_result() {
            out.push(Effect::Send(conn, HostMsg::MatchOver(result.clone())));
        }
        for viewer in self.viewers_of(pid) {
            let visible: Vec<_> = running.runner.host().events_for(viewer).cloned().collect();
            let recent = visible[visible.len().saturating_sub(self.config.catch_up_events)..].to_vec();
            out.push(Effect::Send(conn, HostMsg::Update(Box::new(update(running, viewer, recent)))));
        }
        self.record_to(pid, out);
    }

    /// Once bots' moment to react to the last move has come, lets the first bot that takes an
    /// optional decision ("One!", a snap) take it, and sends the state after it. An answer can
    /// open further options (a snap changes the open deck) and others may follow, so the
    /// transport calls again until nothing comes back (at most [`MOST_OPTIONAL_ANSWERS`]
    /// times): each frame then shows the state of its one move, as for people's moves.
    pub fn bot_optional(&mut self, now: Instant) -> Vec<Effect> {
        self.now = now;
        let clock = self.clock();
        let mut out = Vec::new();
        let seats = &self.seats;
        if let Some(running) = &mut self.running
            && running.runner.answer_optional(clock, |seat| seats[seat.index()].bot_level()).is_some()
        {
            let ended = running.runner.host().phase() != Phase::Playing;
            self.broadcast_state(ended, &mut out);
        }
        self.progress(&mut out);
        out
    }

    /// How long the turn must still wait before taking a card while a snap window is open.
    #[must_use]
    pub fn snap_grace_left(&self) -> Option<Duration> {
        let running = self.running.as_ref()?;
        running.runner.grace_left(self.clock()).map(Duration::from_secs_f64)
    }

    /// Whether a person (not a bot) decides for `seat` now.
    #[must_use]
    pub fn person_at(&self, seat: Seat) -> bool {
        self.seats.get(seat.index()).is_some_and(|control| matches!(control, SeatControl::Person { standin: None, .. }))
    }
}

fn update(running: &Running, viewer: Viewer, events: Vec<Addressed<AnyEvent>>) -> Update {
    let host = running.runner.host();
    Update { seq: running.runner.seq(), viewer, view: host.view(viewer), events, waiting_for: host.waiting_for() }
}
