//! Who gets a seat, and who keeps a place, when devices compete for them (issue 30, item 1):
//! the host's rule, as docs/lan.md tells it to players.
//!
//! - **A line, not a race.** A guest who asks for a seat while none is free is told so and put
//!   in line. A seat that frees in the lobby while others wait is **held** for
//!   [`TableConfig::seat_hold`](super::TableConfig::seat_hold); every guest who asked by then
//!   (before it freed, or during the hold) is a candidate, and the seat goes to the one who
//!   came to the table first. Being fastest on the wire wins nothing: a person who clicks a
//!   second after a script still gets the seat if they were there first.
//! - **A silent seat is offered back.** In the lobby, a seated guest that has said nothing
//!   (no Ready, no seat change) for [`TableConfig::seat_idle`](super::TableConfig::seat_idle)
//!   while someone is in line gives its seat up; it stays at the table, waiting.
//! - **Newcomers are not let go at once.** When the places without a seat are full, a
//!   newcomer takes the place of the one heard from least recently, where a guest counts as
//!   heard [`TableConfig::newcomer_grace`](super::TableConfig::newcomer_grace) after it
//!   arrived or asked for a seat: chatty devices that never sit go before a person still
//!   finding the Sit button.
//! - **Sitting needs the seat code.** A guest sits only once it gave the table's seat code
//!   (in its Hello) or the host let it in; one without it that asks to sit is shown to the host
//!   with "Let in". Devices without the code never hold a seat, stand in line, or hold a freed
//!   seat back.
//! - **Comebacks are budgeted.** A comeback with one's token takes from the participant's own
//!   budget (kept across connections), and the seats it changes are told at the next tick.

use std::time::Instant;

use super::people::{InLine, Pid, Place, SeatControl};
use super::{Effect, TableCore};
use crate::net::protocol::{CloseCode, LobbyProblem, Refusal};

impl TableCore {
    /// When `pid` counts as last heard, for choosing who makes room for a newcomer: a
    /// newcomer, or a guest that just asked for a seat, counts as heard a while later.
    fn counts_as_heard(&self, pid: Pid) -> Instant {
        let person = &self.people[pid];
        let grace = self.config.newcomer_grace;
        let arrived = person.arrived + grace;
        let asked = person.in_line.map_or(person.last_heard, |line| line.since + grace);
        person.last_heard.max(arrived).max(asked)
    }

    /// Guests connected without a seat, the first to make room for a newcomer first.
    pub(super) fn unseated_guests(&self) -> Vec<Pid> {
        let mut unseated: Vec<(Instant, Pid)> = self
            .people
            .iter()
            .filter(|(pid, person)| *pid != Pid::HOST && person.conn.is_some() && !self.owns_a_seat(*pid))
            .map(|(pid, _)| (self.counts_as_heard(pid), pid))
            .collect();
        unseated.sort();
        unseated.into_iter().map(|(_, pid)| pid).collect()
    }

    /// Guests in line for a seat (connected, without one), the first to come to the table first.
    fn line(&self) -> Vec<Pid> {
        let mut line: Vec<(Instant, Pid)> = self
            .people
            .iter()
            .filter(|(pid, person)| {
                *pid != Pid::HOST
                    && person.in_line.is_some()
                    && person.conn.is_some()
                    && person.place != Place::Gone
                    && !self.owns_a_seat(*pid)
            })
            .map(|(pid, person)| (person.arrived, pid))
            .collect();
        line.sort();
        line.into_iter().map(|(_, pid)| pid).collect()
    }

    /// Whether a seat is held for the guests waiting, or `pid` would jump the line by taking
    /// an open seat now.
    pub(super) fn must_wait_in_line(&self, pid: Pid) -> bool {
        pid != Pid::HOST && (self.hold_until.is_some() || self.line().iter().any(|other| *other != pid))
    }

    /// Puts `pid` in line for the next seat (keeping its place if it already asked); tells it
    /// every seat is taken when none is open.
    pub(super) fn join_line(&mut self, pid: Pid, out: &mut Vec<Effect>) {
        let now = self.now;
        let any_open = self.seats.contains(&SeatControl::Open);
        let line = self.people[pid].in_line.get_or_insert(InLine { since: now, told: false });
        let tell = !any_open && !line.told;
        line.told |= tell;
        if tell {
            self.refuse(pid, 0, Refusal::Lobby(LobbyProblem::NoFreeSeat), out);
        }
        if any_open {
            self.hold_seats();
        }
    }

    /// A guest's seat just opened in the lobby: if others wait without a seat, it is held for
    /// them for a moment, then given by the line's rule.
    pub(super) fn seat_opened(&mut self, by: Pid) {
        // Only guests who may sit (they gave the seat code, or the host let them in) are waited
        // for: devices without the code cannot hold a freed seat back from anyone.
        let others_wait = self.people.iter().any(|(pid, person)| {
            pid != Pid::HOST
                && pid != by
                && person.may_sit
                && person.conn.is_some()
                && person.place == Place::Present
                && !self.owns_a_seat(pid)
        });
        if others_wait {
            self.hold_seats();
        }
    }

    fn hold_seats(&mut self) {
        if self.hold_until.is_none() {
            self.hold_until = Some(self.now + self.config.seat_hold);
            tracing::info!(hold = ?self.config.seat_hold, "a seat is held for the guests waiting");
        }
    }

    /// The lobby's clock for seats: silent seats are offered back while someone is in line; a
    /// held seat goes to the line once its hold is over.
    pub(super) fn admission_tick(&mut self, now: Instant, out: &mut Vec<Effect>) {
        if self.in_lobby().is_err() {
            return;
        }
        let waiting = self.line().len();
        if waiting > 0 {
            // Only as many seats as the line lacks: the open ones are its already.
            let open = self.seats.iter().filter(|control| **control == SeatControl::Open).count();
            self.offer_silent_seats(now, waiting.saturating_sub(open));
            if self.seats.contains(&SeatControl::Open) {
                self.hold_seats();
            }
        }
        if self.hold_until.is_some_and(|until| until <= now) {
            self.hold_until = None;
            self.seat_the_line(out);
        }
    }

    /// Unseats up to `wanted` guests silent for longer than the seat's idle time, the longest
    /// silent first.
    fn offer_silent_seats(&mut self, now: Instant, wanted: usize) {
        let mut silent: Vec<(Instant, Pid)> = self
            .seats
            .iter()
            .filter_map(SeatControl::person)
            .filter(|pid| *pid != Pid::HOST)
            .filter_map(|pid| self.people.get(pid).filter(|person| person.conn.is_some()).map(|person| (person.last_heard, pid)))
            .filter(|(heard, _)| now.saturating_duration_since(*heard) >= self.config.seat_idle)
            .collect();
        silent.sort();
        silent.dedup_by_key(|(_, pid)| *pid);
        for (_, pid) in silent.into_iter().take(wanted) {
            tracing::info!(pid = pid.0, "a silent guest's seat is offered to the guests in line");
            self.unseat(pid);
            self.lobby_changed();
        }
    }

    /// Gives every open seat to the line, first come first seated; tells those still waiting.
    fn seat_the_line(&mut self, out: &mut Vec<Effect>) {
        let mut line = self.line().into_iter();
        while let Some(open) = self.seats.iter().position(|control| *control == SeatControl::Open) {
            let Some(pid) = line.next() else { break };
            let person = &mut self.people[pid];
            person.in_line = None;
            person.place = Place::Present;
            person.ready = false;
            self.seats[open] = SeatControl::Person { pid, name: person.name.clone(), standin: None };
            tracing::info!(name = %self.people[pid].name, "the first in line takes the seat");
            self.lobby_changed();
        }
        for pid in line.collect::<Vec<_>>() {
            self.join_line(pid, out);
        }
    }

    /// Whether `pid` may come back with its token now (its comeback budget); if not, `conn` is
    /// closed with the reason.
    pub(super) fn comeback_allowed(&mut self, pid: Pid, conn: super::people::ConnId, out: &mut Vec<Effect>) -> bool {
        let now = self.now;
        if self.people[pid].comebacks.take(now) {
            return true;
        }
        tracing::warn!(pid = pid.0, "too many comebacks; this one is refused");
        out.push(Effect::Close(conn, CloseCode::Refused, "too many reconnections: wait a few seconds, then join again".to_owned()));
        false
    }
}
