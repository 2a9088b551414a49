//! Drawing a match's seed with every seated device (docs/lan.md, "Fair play"): the host
//! commits first and asks each guest device with a seat for its commitment; once all are in (or
//! the time is up) it sends every commitment and asks for the shares; once all are revealed (or
//! the time is up) the seed is the hash of the shares in seat order, and the match is dealt.
//! A device that commits or reveals nothing in time, or reveals what it did not commit to,
//! forfeits its say, and the start of the match names its seats. At the end of the match the
//! host sends everyone the whole record ([`TableCore::send_record`]).

use std::time::Instant;

use cardtable_engine::{AnyOptions, Seat, SeatSet};

use super::people::{Pid, SeatControl};
use super::{Effect, TableCore};
use crate::net::fair::{Commitment, Contribution, SeedAsk, SeedDraw, match_seed, record_parts};
use crate::net::protocol::{HostMsg, LobbyProblem, Refusal};

/// One guest device drawing the seed.
#[derive(Debug)]
struct Drawer {
    pid: Pid,
    commitment: Option<Commitment>,
    share: Option<Contribution>,
}

/// Where the drawing stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Waiting for commitments.
    Commit,
    /// Waiting for shares.
    Reveal,
}

/// A seed being drawn for the match of `options`.
#[derive(Debug)]
pub(super) struct Seeding {
    options: AnyOptions,
    host: Contribution,
    drawers: Vec<Drawer>,
    stage: Stage,
    deadline: Instant,
}

impl Seeding {
    /// The drawer `pid`, if its device was there when the drawing began.
    fn drawer(&self, pid: Pid) -> Option<&Drawer> {
        self.drawers.iter().find(|drawer| drawer.pid == pid)
    }
}

impl TableCore {
    /// The host's own share of the next seed: from the system's random source, or (tests and
    /// fuzzing, `TableConfig::random_shares` off) from the table's seeded sequence.
    fn host_share(&mut self) -> Contribution {
        if self.config.random_shares {
            match Contribution::generate() {
                Ok(share) => return share,
                // The guests' shares still keep the deal out of the host's hands.
                Err(error) => tracing::error!(%error, "no random source for the host's share of the seed"),
            }
        }
        let mut bytes = [0; 32];
        for chunk in bytes.chunks_mut(8) {
            chunk.copy_from_slice(&self.seeds.next_u64().to_le_bytes());
        }
        Contribution(bytes)
    }

    /// Starts drawing the seed of a match of `options`: with no guest device holding a seat,
    /// the host's share alone makes it and the match is dealt at once.
    pub(super) fn draw_seed(&mut self, options: AnyOptions, out: &mut Vec<Effect>) -> Result<(), LobbyProblem> {
        let host = self.host_share();
        let mut drawers: Vec<Drawer> = Vec::new();
        for control in &self.seats {
            if let Some(pid) = control.owner()
                && pid != Pid::HOST
                && self.people.get(pid).is_some_and(|person| person.conn.is_some())
                && drawers.iter().all(|drawer| drawer.pid != pid)
            {
                drawers.push(Drawer { pid, commitment: None, share: None });
            }
        }
        let ask = HostMsg::Seed(SeedAsk::Commit { host: host.commitment() });
        for drawer in &drawers {
            if let Some(conn) = self.people[drawer.pid].conn {
                out.push(Effect::Send(conn, ask.clone()));
            }
        }
        self.seeding = Some(Seeding { options, host, drawers, stage: Stage::Commit, deadline: self.now + self.config.seeding_time });
        // The lobby is over: a change not yet told is not told once the match is drawn.
        self.lobby_dirty = false;
        self.advance_draw(out)
    }

    /// A device's commitment.
    pub(super) fn seed_commit(&mut self, pid: Pid, commitment: Commitment, out: &mut Vec<Effect>) {
        let taken = self.seeding.as_mut().filter(|seeding| seeding.stage == Stage::Commit).and_then(|seeding| {
            let drawer = seeding.drawers.iter_mut().find(|drawer| drawer.pid == pid && drawer.commitment.is_none())?;
            drawer.commitment = Some(commitment);
            Some(())
        });
        match taken {
            Some(()) => self.report_draw(out),
            None => self.refuse(pid, 0, Refusal::NotDrawing, out),
        }
    }

    /// A device's share: kept if it answers the device's commitment, else its say is forfeited.
    pub(super) fn seed_reveal(&mut self, pid: Pid, share: Contribution, out: &mut Vec<Effect>) {
        let taken = self.seeding.as_mut().filter(|seeding| seeding.stage == Stage::Reveal).and_then(|seeding| {
            let drawer =
                seeding.drawers.iter_mut().find(|drawer| drawer.pid == pid && drawer.commitment.is_some() && drawer.share.is_none())?;
            if drawer.commitment == Some(share.commitment()) {
                drawer.share = Some(share);
            } else {
                tracing::warn!(pid = pid.0, "a share does not answer its commitment: its say is forfeited");
                drawer.commitment = None;
            }
            Some(())
        });
        match taken {
            Some(()) => self.report_draw(out),
            None => self.refuse(pid, 0, Refusal::NotDrawing, out),
        }
    }

    /// Moves the drawing on once its stage is complete or its time is up.
    pub(super) fn seeding_tick(&mut self, out: &mut Vec<Effect>) {
        if self.seeding.is_some() {
            self.report_draw(out);
        }
    }

    fn report_draw(&mut self, out: &mut Vec<Effect>) {
        if let Err(problem) = self.advance_draw(out) {
            self.refuse(Pid::HOST, 0, Refusal::Lobby(problem), out);
        }
    }

    /// Whether everyone still in the stage has answered, or the stage's time is up.
    fn stage_done(&self, seeding: &Seeding) -> bool {
        let timed_out = seeding.deadline <= self.now;
        let answered = |drawer: &Drawer| match seeding.stage {
            Stage::Commit => drawer.commitment.is_some(),
            Stage::Reveal => drawer.commitment.is_none() || drawer.share.is_some(),
        };
        // A device that dropped answers nothing: it is not waited for.
        let gone = |drawer: &Drawer| self.people.get(drawer.pid).is_none_or(|person| person.conn.is_none());
        timed_out || seeding.drawers.iter().all(|drawer| answered(drawer) || gone(drawer))
    }

    fn advance_draw(&mut self, out: &mut Vec<Effect>) -> Result<(), LobbyProblem> {
        let Some(seeding) = &self.seeding else { return Ok(()) };
        if !self.stage_done(seeding) {
            return Ok(());
        }
        if seeding.stage == Stage::Commit && seeding.drawers.iter().any(|drawer| drawer.commitment.is_some()) {
            let commitments = self.commitments_by_seat(seeding);
            let ask = HostMsg::Seed(SeedAsk::Reveal { commitments });
            for drawer in seeding.drawers.iter().filter(|drawer| drawer.commitment.is_some()) {
                if let Some(conn) = self.people.get(drawer.pid).and_then(|person| person.conn) {
                    out.push(Effect::Send(conn, ask.clone()));
                }
            }
            let deadline = self.now + self.config.seeding_time;
            if let Some(seeding) = &mut self.seeding {
                seeding.stage = Stage::Reveal;
                seeding.deadline = deadline;
            }
            return self.advance_draw(out);
        }
        let Some(seeding) = self.seeding.take() else { return Ok(()) };
        let mut draw = SeedDraw { commitments: self.commitments_by_seat(&seeding), forfeited: SeatSet::EMPTY };
        let mut shares = Vec::with_capacity(self.seats.len());
        for (index, control) in self.seats.iter().enumerate() {
            let seat = Seat(u8::try_from(index).expect("a table has at most eight seats"));
            let share = match guest_of(control) {
                Some(pid) => seeding.drawer(pid).and_then(|drawer| drawer.share),
                None => Some(seeding.host),
            };
            if share.is_none() {
                draw.forfeited.insert(seat);
            }
            shares.push(share);
        }
        let seed = match_seed(&shares);
        tracing::info!(forfeited = ?draw.forfeited, "the seed is drawn");
        self.deal_match(seeding.options, seed, &draw, shares, out)
    }

    /// Each seat's commitment: its device's, the host's for its own and the bots' seats.
    fn commitments_by_seat(&self, seeding: &Seeding) -> Vec<Option<Commitment>> {
        self.seats
            .iter()
            .map(|control| match guest_of(control) {
                Some(pid) => seeding.drawer(pid).and_then(|drawer| drawer.commitment),
                None => Some(seeding.host.commitment()),
            })
            .collect()
    }

    /// Sends everyone connected the record of the match, once it is over: decided, or the
    /// table closing after a finished round. Sent once per match.
    pub(super) fn send_record(&mut self, out: &mut Vec<Effect>) {
        let Some(running) = &self.running else { return };
        let host = running.runner.host();
        let over = host.game().match_result().is_some() || !running.rounds.is_empty();
        if running.recorded || !over {
            return;
        }
        let parts = record_parts(&running.shares, host.steps());
        for part in parts {
            self.broadcast(&HostMsg::Record(part), out);
        }
        if let Some(running) = &mut self.running {
            running.recorded = true;
        }
    }

    /// Sends one device the record of the match, if it is decided (a device that comes back
    /// after the end).
    pub(super) fn record_to(&self, pid: Pid, out: &mut Vec<Effect>) {
        let (Some(running), Some(conn)) = (&self.running, self.people[pid].conn) else { return };
        let host = running.runner.host();
        if host.game().match_result().is_none() {
            return;
        }
        for part in record_parts(&running.shares, host.steps()) {
            out.push(Effect::Send(conn, HostMsg::Record(part)));
        }
    }

    /// The table is closing: the devices get the record of a match with a finished round.
    pub fn closing(&mut self) -> Vec<Effect> {
        let mut out = Vec::new();
        self.send_record(&mut out);
        out
    }
}

/// The guest holding the seat `control` (its share is its device's), if a guest holds it.
fn guest_of(control: &SeatControl) -> Option<Pid> {
    control.owner().filter(|pid| *pid != Pid::HOST)
}
