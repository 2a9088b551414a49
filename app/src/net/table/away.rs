//! Devices that drop: a seat stays its guest's while its device is away, for a hold (during a
//! match, [`TableConfig::grace`](super::TableConfig::grace), then a bot plays it; in the lobby,
//! [`TableConfig::lobby_hold`](super::TableConfig::lobby_hold), then it opens), shown to
//! everyone with the time left; the guest's token gives it back (see `TableCore::resume`).

use std::time::Instant;

use cardtable_engine::Seat;

use super::people::{ConnId, Pid, SeatControl};
use super::{Effect, TableCore};
use crate::net::protocol::SeatInfo;

impl TableCore {
    /// The connection `conn` ended (closed, timed out, or malformed).
    pub fn disconnected(&mut self, conn: ConnId, now: Instant) -> Vec<Effect> {
        self.now = now;
        let mut out = Vec::new();
        let Some(pid) = self.pid_of(conn) else { return out };
        if pid == Pid::HOST {
            return out;
        }
        let person = &mut self.people[pid];
        person.conn = None;
        person.away_since = Some(now);
        tracing::info!(name = %person.name, "a guest dropped");
        if self.seeding.is_some() {
            // The drawing does not wait for a device that dropped; it forfeits its say.
            out.extend(self.tick(now));
        } else if self.running.is_some() {
            // Told at once (a drop follows a connection, and comebacks are budgeted).
            self.broadcast_seats(&mut out);
            out.extend(self.tick(now));
        } else {
            // A seat stays its guest's for the lobby's hold (see `tick`): its device dials
            // back with its token by itself. The lobby shows the seat away.
            self.lobby_changed();
        }
        // Someone with a seat stays (its token gives the seat back); anyone else is forgotten.
        self.forget_if_unneeded(pid);
        out
    }

    /// The host closed `conn` for breaking the protocol (too many messages, a malformed or late
    /// frame): as [`TableCore::disconnected`], except that in the lobby its seat opens at once.
    /// A device that misbehaves is not waited for; during a match its seat is held as after any
    /// drop (its person may be at a broken device, and the match needs the seat played).
    pub fn faulted(&mut self, conn: ConnId, now: Instant) -> Vec<Effect> {
        self.now = now;
        if self.in_lobby().is_ok()
            && let Some(pid) = self.pid_of(conn).filter(|pid| *pid != Pid::HOST)
        {
            self.unseat(pid);
        }
        self.disconnected(conn, now)
    }

    /// Until when the seat is held for its guest, whose device is away: during a match, before
    /// a bot plays it; in the lobby, before it opens. (While a seed is drawn, neither.)
    pub(super) fn held_until(&self, seat: Seat) -> Option<Instant> {
        let hold = match (&self.running, &self.seeding) {
            (Some(_), _) => self.config.grace,
            (None, None) => self.config.lobby_hold,
            (None, Some(_)) => return None,
        };
        let SeatControl::Person { pid, standin: None, .. } = self.seats.get(seat.index())? else { return None };
        let since = self.people.get(*pid)?.away_since?;
        Some(since + hold)
    }

    /// In the lobby: `seats`, held for away guests whose hold ran out, open for anyone with the
    /// code (held a moment for the guests in line, as any freed seat), and the table forgets
    /// those guests (coming back later, they are newcomers).
    pub(super) fn open_seats_of_away(&mut self, seats: &[Seat]) {
        let owners: Vec<Pid> = seats.iter().filter_map(|seat| self.seats.get(seat.index()).and_then(SeatControl::owner)).collect();
        for pid in owners {
            if self.people.get(pid).is_some_and(|person| person.conn.is_none()) {
                self.unseat(pid);
                self.forget_if_unneeded(pid);
            }
        }
        self.lobby_changed();
    }

    /// Every seat as everyone sees it now; an away guest's says how long it is still held.
    pub(super) fn seat_infos(&self) -> Vec<SeatInfo> {
        Seat::all(self.seats.len())
            .map(|seat| {
                let mut info = self.seats[seat.index()].info(&self.people);
                info.bot_in = self.held_until(seat).map(|until| {
                    // Rounded up: a seat shown "0:00" would already be the bot's.
                    let left = until.saturating_duration_since(self.now);
                    u32::try_from(left.as_millis().div_ceil(1000)).unwrap_or(u32::MAX)
                });
                info
            })
            .collect()
    }

    /// Bots play `seats` (seats of away guests) from now on, as when a seat's hold runs out:
    /// the guest who comes back takes its seat back. Seats not held for an away guest are left
    /// as they are.
    pub(super) fn bots_take(&mut self, seats: &[Seat], out: &mut Vec<Effect>) {
        let Some(running) = &self.running else { return };
        let level = crate::session::seating::quick_level(running.runner.host().kind());
        let held: Vec<Seat> = seats.iter().copied().filter(|seat| self.held_until(*seat).is_some()).collect();
        for seat in &held {
            if let SeatControl::Person { standin, .. } = &mut self.seats[seat.index()] {
                *standin = Some(level);
            }
        }
        if !held.is_empty() {
            self.broadcast_seats(out);
            self.progress(out);
        }
    }
}
