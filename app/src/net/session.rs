//! A networked match as the table screen sees it: a [`Session`] built only from what the host
//! sent this device. A guest's session holds its own seat's view and events; the host's own
//! device talks to its table the same way (through its local line), so both look alike to the
//! UI and neither ever holds the true state.

use std::sync::Arc;

use super::guest::{Ending, GuestEvent, GuestLink, Reconnecting};
use super::protocol::{ClientMsg, HostMsg, MatchStart, Refusal, Role, occupants};
use super::remote::{RemoteTable, view_legal, view_phase};
use super::server::LocalLine;
use super::table::HostCommand;
use crate::session::authority::Pacing;
use crate::session::host::Host;
use crate::session::seating::Occupant;
use crate::session::snap_clock::SnapClock;
use crate::session::{Session, SessionError};
use crate::settings::BotPace;
use cardtable_engine::{
    ActionError, Addressed, AnyAction, AnyEvent, AnyOptions, AnyView, GameKind, MatchResult, Phase, RoundResult, Seat, SeatSet, Viewer,
};

/// How the device reaches the table.
#[derive(Debug)]
pub enum Line {
    /// A guest's connection.
    Guest(GuestLink),
    /// The host's own device's line to its table task.
    Host(LocalLine),
}

impl Line {
    /// Sends a request to the table.
    pub fn send(&self, message: ClientMsg) {
        match self {
            Line::Guest(link) => link.send(message),
            Line::Host(line) => line.send(message),
        }
    }

    /// The next event, if one is waiting.
    pub fn try_next(&mut self) -> Option<GuestEvent> {
        match self {
            Line::Guest(link) => link.try_next(),
            Line::Host(line) => match line.try_recv() {
                Ok(message) => message.map(GuestEvent::Message),
                Err(_) => Some(GuestEvent::Ended(Ending::HostLeft)),
            },
        }
    }
}

/// What the rest of the app may want to know about a networked match while the table screen
/// owns its session: how it ended, and the rounds and result to record.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LinkStatus {
    /// Why the connection ended, once it has.
    pub ending: Option<Ending>,
    /// The connection was lost and this device is dialling the host again (the latest try).
    pub reconnecting: Option<Reconnecting>,
    /// The rounds of the current match finished so far.
    pub rounds: Vec<RoundResult>,
    /// The match result, once decided.
    pub result: Option<MatchResult>,
    /// The host's last refusal of this device's request.
    pub refusal: Option<Refusal>,
    /// The current match as announced (game, seats, this device's place).
    pub start: Option<MatchStart>,
    /// When this device learnt the current match began.
    pub started: Option<jiff::Timestamp>,
    /// How many matches began on this link (a rematch adds one), so each is recorded once.
    pub matches: u32,
    /// The host's record of the current match, checked on this device, once it came.
    pub checked: Option<super::verify::Checked>,
    /// How the devices are connected (a guest: its line to the host; the host: each guest's),
    /// measured about once a second.
    pub paths: Vec<super::link::DevicePath>,
}

/// Seconds between two looks at the connections' paths.
const PATHS_EVERY: f64 = 1.0;

/// The app's view of a session's [`LinkStatus`], always the latest (the session publishes it
/// on a watch channel: one writer, readers that only look).
pub type SharedStatus = tokio::sync::watch::Receiver<LinkStatus>;

/// The table screen's session of a networked match.
#[derive(Debug)]
pub struct NetSession {
    line: Line,
    table: RemoteTable,
    occupants: Vec<Occupant>,
    /// When the open snap window opened, as this device saw it (the one snap clock, on the
    /// views it was sent).
    snap: SnapClock,
    now: f64,
    status: tokio::sync::watch::Sender<LinkStatus>,
    /// How the host's bots are paced (the host's device's setting).
    pace: BotPace,
    /// On the host's own device: the match as the table's authority holds it, to keep.
    hosted: Option<Arc<Host>>,
    /// When the paths were last looked at (seconds on the window's clock).
    paths_at: f64,
    /// When the seats as last told arrived (seconds on the window's clock; `None` until the
    /// first poll): an away seat's hold counts down from then.
    seats_told_at: Option<f64>,
}

impl NetSession {
    /// A session on `line`, going on from what `table` already knows (the lobby, a first
    /// update).
    #[must_use]
    pub fn new(line: Line, table: RemoteTable) -> NetSession {
        let mut session = NetSession {
            line,
            table: RemoteTable::default(),
            occupants: Vec::new(),
            snap: SnapClock::default(),
            now: 0.0,
            status: tokio::sync::watch::Sender::new(LinkStatus::default()),
            pace: BotPace::default(),
            hosted: None,
            paths_at: f64::NEG_INFINITY,
            seats_told_at: None,
        };
        session.occupants = occupants(&table.seats);
        session.table = table;
        // The match began before this session took over from the lobby.
        session.publish(session.table.start.clone());
        session
    }

    /// How the match stands for the rest of the app.
    #[must_use]
    pub fn status(&self) -> SharedStatus {
        self.status.subscribe()
    }

    /// Whether this is the host's own device.
    #[must_use]
    pub fn is_host(&self) -> bool {
        matches!(self.line, Line::Host(_))
    }

    fn take(&mut self, message: HostMsg) {
        if matches!(message, HostMsg::Paths(_)) {
            // Only the connections strip reads these: the table itself did not change.
            let _ = self.table.apply(message);
            self.publish_paths();
            return;
        }
        let started = if let HostMsg::Started(start) = &message { Some(start.clone()) } else { None };
        let seats_before = self.table.seats.clone();
        if let Some(answer) = self.table.apply(message) {
            self.line.send(answer);
        }
        if self.table.seats != seats_before {
            self.seats_told_at = Some(self.now);
        }
        self.occupants = occupants(&self.table.seats);
        self.track_snap_window();
        self.publish(started);
    }

    /// Tells the rest of the app how each device is connected: on a guest, its own line to
    /// the host, then the other guests' as the host told them; on the host, each guest's.
    fn publish_paths(&self) {
        let paths = match &self.line {
            Line::Guest(link) => {
                let (path, rtt) = link.path();
                let own = super::link::DevicePath { name: link.admitted().host_name.clone(), path, rtt };
                std::iter::once(own).chain(self.table.peer_paths.iter().cloned().map(super::link::DevicePath::from)).collect()
            }
            Line::Host(line) => line.paths(),
        };
        self.status.send_if_modified(|status| {
            let changed = status.paths != paths;
            status.paths = paths;
            changed
        });
    }

    /// Tells the rest of the app how the match stands; `started` is a match that began.
    fn publish(&self, started: Option<MatchStart>) {
        self.status.send_modify(|status| self.update_status(status, started));
    }

    /// `status` brought up to date with the remote table; `started` is a match that began.
    fn update_status(&self, status: &mut LinkStatus, started: Option<MatchStart>) {
        status.rounds.clone_from(&self.table.rounds);
        status.result.clone_from(&self.table.result);
        status.refusal.clone_from(&self.table.refusal);
        if let Some(start) = started {
            let same_match = status.start.as_ref().is_some_and(|known| known.draw == start.draw);
            if !same_match {
                status.started = Some(jiff::Timestamp::now());
                status.matches += 1;
                status.checked = None;
            }
            status.start = Some(start);
        }
        if status.checked.is_none() {
            status.checked = self.table.checked().cloned();
        }
    }

    fn ended(&self) -> Option<Ending> {
        self.status.borrow().ending.clone()
    }

    /// The latest update this device holds, for any of its viewers.
    fn any_latest(&self) -> Option<&super::protocol::Update> {
        self.table.viewers.iter().max_by_key(|latest| latest.seq)
    }

    fn options(&self) -> Option<&AnyOptions> {
        self.table.start.as_ref().map(|start| &start.options).or_else(|| self.table.lobby.as_ref().map(|lobby| &lobby.options))
    }

    /// Notes a snap window that has just opened (or closed), as this device's view shows it.
    fn track_snap_window(&mut self) {
        let open = self.any_latest().and_then(|latest| latest.view.snap_window());
        self.snap.observe(open, self.now);
    }
}

impl Session for NetSession {
    fn kind(&self) -> GameKind {
        // A session begins once the lobby has named the game; before that any game will do.
        self.options().map_or(GameKind::ALL[0], AnyOptions::kind)
    }

    fn occupants(&self) -> &[Occupant] {
        &self.occupants
    }

    fn away(&self) -> SeatSet {
        self.table.away()
    }

    fn bot_due(&self, seat: Seat) -> Option<f64> {
        let held = self.table.seats.get(seat.index())?.bot_in?;
        Some(self.seats_told_at? + f64::from(held))
    }

    fn hands_seats_to_bots(&self) -> bool {
        self.is_host()
    }

    fn bot_now(&mut self, seat: Seat) -> Result<(), SessionError> {
        let Line::Host(line) = &self.line else { return Err(SessionError::NotTheHost) };
        line.command(HostCommand::BotNow(seat));
        Ok(())
    }

    fn local_seats(&self) -> SeatSet {
        match self.table.role() {
            Some(Role::Seated(seats)) => seats.iter().copied().collect(),
            _ => SeatSet::EMPTY,
        }
    }

    fn view(&self, viewer: Viewer) -> Option<AnyView> {
        self.table.latest(viewer).map(|latest| latest.view.clone())
    }

    fn history(&self) -> &[Addressed<AnyEvent>] {
        self.table.history()
    }

    fn phase(&self) -> Phase {
        self.any_latest().map_or(Phase::Playing, view_phase)
    }

    fn waiting_for(&self) -> SeatSet {
        self.any_latest().map_or(SeatSet::EMPTY, |latest| latest.waiting_for)
    }

    fn act(&mut self, seat: Seat, action: AnyAction) -> Result<(), SessionError> {
        if let Some(ending) = self.ended() {
            return Err(SessionError::Disconnected(ending.to_string()));
        }
        if let Some(trying) = &self.status.borrow().reconnecting {
            return Err(SessionError::Disconnected(trying.reason.clone()));
        }
        if !self.local_seats().contains(seat) {
            return Err(SessionError::NotLocal(seat));
        }
        let legal = self.table.latest(Viewer::Seat(seat)).map(view_legal).unwrap_or_default();
        if !legal.contains(&action) {
            return Err(ActionError::illegal(action, cardtable_engine::Refusal::NotOffered).into());
        }
        let message = self.table.act(seat, action);
        self.line.send(message);
        Ok(())
    }

    fn deals(&self) -> bool {
        self.is_host()
    }

    fn next_round(&mut self) -> Result<(), SessionError> {
        if !self.is_host() {
            return Err(SessionError::NotTheDealer);
        }
        let message = ClientMsg::NextRound { base: self.table.seq() };
        self.line.send(message);
        Ok(())
    }

    fn poll(&mut self, now: f64) -> Option<f64> {
        self.now = now;
        // Seats told before this session's first poll count from it.
        self.seats_told_at.get_or_insert(now);
        while let Some(event) = self.line.try_next() {
            match event {
                GuestEvent::Message(message) => self.take(message),
                GuestEvent::Reconnecting(trying) => self.status.send_modify(|status| status.reconnecting = Some(trying)),
                GuestEvent::Reconnected(_) => self.status.send_modify(|status| status.reconnecting = None),
                GuestEvent::Ended(ending) => {
                    self.status.send_modify(|status| {
                        status.reconnecting = None;
                        status.ending = Some(ending);
                    });
                    break;
                }
            }
        }
        if let Line::Host(line) = &mut self.line
            && let Some(hosted) = line.match_changed()
        {
            self.hosted = hosted;
        }
        if now >= self.paths_at + PATHS_EVERY || now < self.paths_at {
            self.paths_at = now;
            self.publish_paths();
        }
        // Messages wake the window when they arrive; a snap window's grace and the next look
        // at the paths need a timer.
        let paths_due = self.paths_at + PATHS_EVERY - now;
        Some(self.grace_left(now).map_or(paths_due, |grace| grace.min(paths_due)))
    }

    fn set_pace(&mut self, pace: BotPace) {
        // The host paces its bots; a guest's setting does not reach them.
        if let Line::Host(line) = &self.line {
            line.command(HostCommand::Pace(Pacing::from(pace)));
        }
        self.pace = pace;
    }

    fn bot_move_waiting(&self) -> bool {
        // On the host's device in step mode: the round waits for a bot and no person.
        let waiting = self.waiting_for();
        self.is_host()
            && self.pace == BotPace::Step
            && self.phase() == Phase::Playing
            && waiting.iter().any(|seat| self.occupants.get(seat.index()).is_some_and(|occupant| !occupant.is_human()))
    }

    fn step(&mut self) {
        if let Line::Host(line) = &self.line {
            line.command(HostCommand::Step);
        }
    }

    fn grace_left(&self, now: f64) -> Option<f64> {
        self.snap.grace_left(self.options()?.snap_grace_ms(), now)
    }

    fn rematch(&self) -> Option<(AnyOptions, Vec<Occupant>)> {
        // Only the host starts another match (the app asks its table to).
        self.is_host().then(|| (self.options().cloned(), self.occupants.clone())).and_then(|(options, seats)| Some((options?, seats)))
    }

    fn host(&self) -> Option<&Host> {
        self.hosted.as_deref()
    }
}
