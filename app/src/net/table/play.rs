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
//! 5. the seat has a decision now ([`Refusal::NotYourTurn`]);
//! 6. a Youglouf snap window's grace time has passed before the turn takes a card
//!    ([`Refusal::SnapGrace`]; RULES.md §5 ruling: the network gives snaps a short grace);
//! 7. the rules allow it ([`Refusal::Illegal`], the engine's reason).
//!
//! After each change every connected device gets one [`Update`] per seat it plays (spectators
//! and devices without a seat: the spectator's), made from the Host's per-viewer view and the
//! new events that viewer may see. Nothing else about the state leaves the core.
//!
//! Bots decide when the round waits for bots only ([`TableCore::bot_turn`], made off the
//! core's task) and answer their optional decisions, "One!" and snaps, after every move
//! ([`TableCore::bot_optional`]), as at a hot-seat table.

use std::time::{Duration, Instant};

use cardtable_engine::games::youglouf::YougloufAction;
use cardtable_engine::{AnyAction, AnyOptions, AnyView, Phase, Seat, SeatSet, Viewer};

use super::people::{Pid, SeatControl, seats_of};
use super::{BotTurn, Effect, Running, TableCore};
use crate::net::protocol::{ActionRequest, HostMsg, MatchStart, Refusal, Update};
pub use crate::session::bots::MOST_OPTIONAL_ANSWERS;
use crate::session::bots::first_optional_answer;

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
        let grace_left = self.snap_grace_left();
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
        if request.base != running.seq {
            return Err(Refusal::Stale { base: request.base, current: running.seq });
        }
        if !running.host.to_act().contains(request.seat) {
            return Err(Refusal::NotYourTurn);
        }
        if let Some(left) = grace_left.filter(|_| takes_a_card(request.action)) {
            return Err(Refusal::SnapGrace { left_ms: u64::try_from(left.as_millis()).unwrap_or(u64::MAX) });
        }
        running.host.act(request.seat, request.action).map_err(Refusal::Illegal)?;
        person.last_action = Some(request.id);
        running.seq += 1;
        Ok(running.host.phase() != Phase::Playing)
    }

    /// A seat's player is ready for the next round; the host's own device deals it at once.
    pub(super) fn vote_next_round(&mut self, pid: Pid, base: u64, out: &mut Vec<Effect>) {
        let mine: SeatSet = seats_of(&self.seats, pid).into_iter().collect();
        let host = pid == Pid::HOST;
        let refusal = match &mut self.running {
            None => Some(Refusal::NoMatch),
            Some(_) if mine.is_empty() && !host => Some(Refusal::NotSeated),
            Some(running) if running.host.phase() != Phase::RoundOver => Some(Refusal::NotYourTurn),
            Some(running) if base != running.seq => Some(Refusal::Stale { base, current: running.seq }),
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
    /// absent players do not hold the table up).
    pub(super) fn progress(&mut self, out: &mut Vec<Effect>) {
        let required: SeatSet = Seat::all(self.seats.len())
            .filter(|seat| self.seats[seat.index()].person().is_some_and(|pid| self.people[pid].conn.is_some()))
            .collect();
        if self.running.as_ref().is_some_and(|running| required.is_subset_of(running.votes)) {
            self.deal(out);
        }
    }

    /// Deals the next round, if a round is over.
    fn deal(&mut self, out: &mut Vec<Effect>) {
        let Some(running) = &mut self.running else { return };
        if running.host.phase() != Phase::RoundOver {
            return;
        }
        if let Err(error) = running.host.next_round() {
            tracing::error!(%error, "the next round could not be dealt");
            return;
        }
        running.seq += 1;
        running.votes = SeatSet::EMPTY;
        self.broadcast_state(false, out);
    }

    /// The decision a bot should make now, if the round waits for bots only (and no snap
    /// window's grace time is running).
    pub fn bot_turn(&mut self, now: Instant) -> Option<BotTurn> {
        self.now = now;
        if self.snap_grace_left().is_some() {
            return None;
        }
        let running = self.running.as_mut()?;
        if running.host.phase() != Phase::Playing {
            return None;
        }
        let waiting = running.host.waiting_for();
        if waiting.iter().any(|seat| self.seats[seat.index()].bot_level().is_none()) {
            return None;
        }
        let seat = waiting.first()?;
        let level = self.seats[seat.index()].bot_level()?;
        Some(BotTurn {
            seat,
            level,
            view: running.host.view(Viewer::Seat(seat)),
            legal: running.host.legal_actions(seat),
            seed: running.host.bot_seed(),
            base: running.seq,
        })
    }

    /// A bot's decision for `turn`; dropped if the table moved on meanwhile or a person took the
    /// seat back. A bot that found nothing plays its first legal action.
    pub fn bot_acted(&mut self, turn: &BotTurn, action: Option<AnyAction>, now: Instant) -> Vec<Effect> {
        self.now = now;
        let mut out = Vec::new();
        let Some(running) = &mut self.running else { return out };
        if running.seq != turn.base || self.seats[turn.seat.index()].bot_level().is_none() {
            return out;
        }
        let Some(action) = action.or_else(|| turn.legal.first().copied()) else { return out };
        if let Err(error) = running.host.act(turn.seat, action) {
            tracing::error!(%error, seat = turn.seat.0, "a bot's action was refused");
            return out;
        }
        running.seq += 1;
        let ended = running.host.phase() != Phase::Playing;
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
        self.track_snap_window();
        let Some(running) = &self.running else { return };
        let history = running.host.history();
        let new = &history[running.sent.min(history.len())..];
        for (pid, person) in self.people.iter() {
            let Some(conn) = person.conn else { continue };
            for viewer in self.viewers_of(pid) {
                let events =
                    new.iter().filter(|addressed| addressed.audience.includes(viewer)).map(|addressed| addressed.event.clone()).collect();
                out.push(Effect::Send(conn, HostMsg::Update(Box::new(update(running, viewer, events)))));
            }
        }
        let sent = history.len();
        let finished = if ended { running.host.game().last_round().cloned() } else { None };
        let result = running.host.game().match_result().cloned().filter(|_| ended);
        if let Some(round) = finished {
            self.broadcast(&HostMsg::RoundOver(round.clone()), out);
            if let Some(running) = &mut self.running {
                running.rounds.push(round);
            }
        }
        if let Some(result) = result {
            self.broadcast(&HostMsg::MatchOver(result), out);
        }
        if let Some(running) = &mut self.running {
            running.sent = sent;
        }
    }

    /// Tells everyone who holds each seat now (drops, returns, stand-ins).
    pub(super) fn broadcast_seats(&self, out: &mut Vec<Effect>) {
        let seats = self.seats.iter().map(|control| control.info(&self.people)).collect();
        self.broadcast(&HostMsg::Seats(seats), out);
    }

    /// Brings a device that (re)joined during a match up to date: the match, the rounds
    /// finished so far, and its view with the latest events.
    pub(super) fn catch_up(&self, pid: Pid, out: &mut Vec<Effect>) {
        let (Some(running), Some(conn)) = (&self.running, self.people[pid].conn) else { return };
        let seats = self.seats.iter().map(|control| control.info(&self.people)).collect();
        let start = MatchStart { options: self.options.clone(), seats, you: self.role_of(pid) };
        out.push(Effect::Send(conn, HostMsg::Started(start)));
        for round in &running.rounds {
            out.push(Effect::Send(conn, HostMsg::RoundOver(round.clone())));
        }
        if let Some(result) = running.host.game().match_result() {
            out.push(Effect::Send(conn, HostMsg::MatchOver(result.clone())));
        }
        for viewer in self.viewers_of(pid) {
            let visible: Vec<_> = running.host.events_for(viewer).cloned().collect();
            let recent = visible[visible.len().saturating_sub(self.config.catch_up_events)..].to_vec();
            out.push(Effect::Send(conn, HostMsg::Update(Box::new(update(running, viewer, recent)))));
        }
    }

    /// Lets the first bot that takes an optional decision ("One!", a snap) take it, and sends
    /// the state after it. An answer can open further options (a snap changes the open deck)
    /// and others may follow, so the transport calls again until nothing comes back (at most
    /// [`MOST_OPTIONAL_ANSWERS`] times): each frame then shows the state of its one move, as
    /// for people's moves. The transport calls this a short reaction time after each move.
    pub fn bot_optional(&mut self, now: Instant) -> Vec<Effect> {
        self.now = now;
        let mut out = Vec::new();
        if let Some(running) = &mut self.running {
            let seats = &self.seats;
            let answer = first_optional_answer(&running.host, |seat| seats[seat.index()].bot_level(), &mut self.optional_rng);
            if let Some((seat, action)) = answer {
                match running.host.act(seat, action) {
                    Ok(()) => {
                        running.seq += 1;
                        let ended = running.host.phase() != Phase::Playing;
                        self.broadcast_state(ended, &mut out);
                    }
                    Err(error) => tracing::error!(%error, seat = seat.0, "a bot's optional move was refused"),
                }
            }
        }
        self.progress(&mut out);
        out
    }

    /// Notes a Youglouf snap window that has just opened (or closed).
    fn track_snap_window(&mut self) {
        let view = self.running.as_ref().map(|running| running.host.view(Viewer::Spectator));
        let Some(AnyView::Youglouf(view)) = view else {
            self.snap_window = None;
            return;
        };
        self.snap_window = match (view.snap_open, self.snap_window) {
            (false, _) => None,
            (true, Some((size, since))) if size == view.open_deck.len() => Some((size, since)),
            (true, _) => Some((view.open_deck.len(), self.now)),
        };
    }

    /// How long the turn must still wait before taking a card while a snap window is open.
    #[must_use]
    pub fn snap_grace_left(&self) -> Option<Duration> {
        let (_, since) = self.snap_window?;
        let AnyOptions::Youglouf(options) = &self.options else { return None };
        let end = since + Duration::from_millis(u64::from(options.snap_grace_ms));
        (self.now < end).then(|| end - self.now)
    }

    /// Whether a person (not a bot) decides for `seat` now.
    #[must_use]
    pub fn person_at(&self, seat: Seat) -> bool {
        self.seats.get(seat.index()).is_some_and(|control| matches!(control, SeatControl::Person { standin: None, .. }))
    }
}

/// Whether the action takes a card, which a snap window's grace time holds back.
fn takes_a_card(action: AnyAction) -> bool {
    matches!(action, AnyAction::Youglouf(YougloufAction::Draw | YougloufAction::Take))
}

fn update(running: &Running, viewer: Viewer, events: Vec<cardtable_engine::AnyEvent>) -> Update {
    Update { seq: running.seq, viewer, view: running.host.view(viewer), events, waiting_for: running.host.waiting_for() }
}
