//! Who is at a networked table: the participants (the host's own device and each guest, with
//! their connection and resume token) and who controls each seat.

use std::time::Instant;

use cardtable_engine::Seat;
use cardtable_engine::bots::BotLevel;

use crate::net::protocol::{Holder, ResumeToken, SeatInfo};

/// A connection, numbered by the transport. [`ConnId::LOCAL`] is the host's own device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConnId(pub u64);

impl ConnId {
    /// The host's own device: always connected, the only one that may configure the table.
    pub const LOCAL: ConnId = ConnId(0);
}

/// A participant, numbered in order of arrival; the number stays when its connection changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pid(pub usize);

impl Pid {
    /// The host's own device.
    pub const HOST: Pid = Pid(0);
}

/// Where a participant is; whether it holds seats is told by the seats' [`SeatControl`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// At the table: in the lobby, or seated.
    Present,
    /// Watching (asked to, or arrived during a match).
    Watching,
    /// Left for good.
    Gone,
}

/// A device at the table.
#[derive(Debug, Clone)]
pub struct Participant {
    /// Profile name.
    pub name: String,
    /// The secret that lets it come back.
    pub token: ResumeToken,
    /// Its live connection, if any.
    pub conn: Option<ConnId>,
    /// Since when it has been disconnected.
    pub away_since: Option<Instant>,
    /// Where it is.
    pub place: Place,
    /// The id of its last accepted action (ids only rise).
    pub last_action: Option<u64>,
    /// In the lobby: ready to start.
    pub ready: bool,
}

impl Participant {
    /// A newly arrived participant on `conn`.
    #[must_use]
    pub fn new(name: String, token: ResumeToken, conn: ConnId, place: Place) -> Participant {
        Participant { name, token, conn: Some(conn), away_since: None, place, last_action: None, ready: false }
    }
}

/// Who plays a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatControl {
    /// Nobody yet (lobby only).
    Open,
    /// A person: a guest, or someone at the host's device (hot-seat) named here.
    Person {
        /// The participant deciding for the seat.
        pid: Pid,
        /// The name at the table.
        name: String,
        /// A bot playing for them after their grace period ran out; they may take it back.
        standin: Option<BotLevel>,
    },
    /// A bot from the start.
    Bot {
        /// The name at the table.
        name: String,
        /// How well it plays.
        level: BotLevel,
    },
}

impl SeatControl {
    /// The participant deciding for this seat now (not while a stand-in plays).
    #[must_use]
    pub fn person(&self) -> Option<Pid> {
        match self {
            SeatControl::Person { pid, standin: None, .. } => Some(*pid),
            _ => None,
        }
    }

    /// The participant the seat belongs to, stand-in or not.
    #[must_use]
    pub fn owner(&self) -> Option<Pid> {
        match self {
            SeatControl::Person { pid, .. } => Some(*pid),
            _ => None,
        }
    }

    /// The level of the bot deciding now, if a bot decides.
    #[must_use]
    pub fn bot_level(&self) -> Option<BotLevel> {
        match self {
            SeatControl::Person { standin, .. } => *standin,
            SeatControl::Bot { level, .. } => Some(*level),
            SeatControl::Open => None,
        }
    }

    /// The name at the table.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            SeatControl::Open => "",
            SeatControl::Person { name, .. } | SeatControl::Bot { name, .. } => name,
        }
    }

    /// How everyone sees this seat.
    #[must_use]
    pub fn info(&self, people: &[Participant]) -> SeatInfo {
        let name = self.name().to_owned();
        match self {
            SeatControl::Open => SeatInfo { name, holder: Holder::Open, connected: false, ready: false },
            SeatControl::Bot { level, .. } => SeatInfo { name, holder: Holder::Bot(*level), connected: true, ready: true },
            SeatControl::Person { pid, standin, .. } => {
                let person = &people[pid.0];
                let holder = match standin {
                    Some(level) => Holder::Bot(*level),
                    None if *pid == Pid::HOST => Holder::HostDevice,
                    None => Holder::Guest,
                };
                SeatInfo { name, holder, connected: person.conn.is_some(), ready: *pid == Pid::HOST || person.ready }
            }
        }
    }
}

/// The seats `pid` decides for now.
pub fn seats_of(seats: &[SeatControl], pid: Pid) -> Vec<Seat> {
    seats.iter().enumerate().filter(|(_, control)| control.person() == Some(pid)).map(|(index, _)| seat_at(index)).collect()
}

/// The seat at `index` (tables have at most eight seats).
#[must_use]
pub fn seat_at(index: usize) -> Seat {
    Seat(u8::try_from(index).expect("a table has at most eight seats"))
}
