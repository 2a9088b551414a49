//! Who is at a networked table: the participants (the host's own device and each guest, with
//! their connection and resume token) and who controls each seat.

use std::collections::BTreeMap;
use std::time::Instant;

use cardtable_engine::Seat;
use cardtable_engine::bots::BotLevel;

use crate::net::limits::MessageBudget;
use crate::net::protocol::{Holder, ResumeToken, SeatInfo};

/// Comebacks with one's token a participant may make at once, then [`COMEBACKS_PER_SECOND`]:
/// a person's device reconnects after a drop, a few times in a bad minute, never many times a
/// second (issue 30: 1,535 a second made the host send another guest 1,835 frames a second).
pub const COMEBACK_BURST: u32 = 4;

/// Comebacks a participant may make per second, on average, after its burst.
pub const COMEBACKS_PER_SECOND: f64 = 0.5;

/// A connection, numbered by the transport. [`ConnId::LOCAL`] is the host's own device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConnId(pub u64);

impl ConnId {
    /// The host's own device: always connected, the only one that may configure the table.
    pub const LOCAL: ConnId = ConnId(0);
}

/// A participant, numbered in order of arrival; the number stays when its connection changes
/// and is never given to another.
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
    /// When it last said something (arrived, or sent a message).
    pub last_heard: Instant,
    /// When it arrived at the table (this participant, not this connection).
    pub arrived: Instant,
    /// In the lobby without a seat: when it asked for one (it is in line for the next seat
    /// that frees), and whether it was told that every seat is taken.
    pub in_line: Option<InLine>,
    /// Its comebacks with its token: they take from this budget, kept across connections, so
    /// reconnecting never buys a fresh one.
    pub comebacks: MessageBudget,
    /// It gave the table's seat code, or the host let it in: it may sit.
    pub may_sit: bool,
    /// It asked to sit without the seat code: the host's lobby offers "Let in".
    pub asking: bool,
}

/// A participant's place in the line for a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InLine {
    /// When it asked.
    pub since: Instant,
    /// Whether it was told that every seat is taken (once per wait).
    pub told: bool,
}

impl Participant {
    /// A newly arrived participant on `conn`.
    #[must_use]
    pub fn new(name: String, token: ResumeToken, conn: ConnId, place: Place, now: Instant) -> Participant {
        Participant {
            name,
            token,
            conn: Some(conn),
            away_since: None,
            place,
            last_action: None,
            ready: false,
            last_heard: now,
            arrived: now,
            in_line: None,
            comebacks: MessageBudget::new(COMEBACK_BURST, COMEBACKS_PER_SECOND, now),
            may_sit: false,
            asking: false,
        }
    }

    /// This participant as one who may sit (the host's own device).
    #[must_use]
    pub fn let_in(mut self) -> Participant {
        self.may_sit = true;
        self
    }
}

/// The participants a table holds: those connected and those a seat still belongs to (whose
/// resume token gives it back). Anyone else is removed, so the table's cost follows who is
/// there, not who ever came.
#[derive(Debug, Clone, Default)]
pub struct People {
    by_pid: BTreeMap<Pid, Participant>,
    next: usize,
}

impl People {
    /// Adds a participant under a new number.
    pub fn add(&mut self, person: Participant) -> Pid {
        let pid = Pid(self.next);
        self.next += 1;
        self.by_pid.insert(pid, person);
        pid
    }

    /// The participant `pid`, if still held.
    #[must_use]
    pub fn get(&self, pid: Pid) -> Option<&Participant> {
        self.by_pid.get(&pid)
    }

    /// The participant `pid`, if still held, to change.
    pub fn get_mut(&mut self, pid: Pid) -> Option<&mut Participant> {
        self.by_pid.get_mut(&pid)
    }

    /// Forgets `pid`.
    pub fn remove(&mut self, pid: Pid) {
        self.by_pid.remove(&pid);
    }

    /// Every participant held, by number.
    pub fn iter(&self) -> impl Iterator<Item = (Pid, &Participant)> {
        self.by_pid.iter().map(|(pid, person)| (*pid, person))
    }

    /// Every participant held, to change.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Pid, &mut Participant)> {
        self.by_pid.iter_mut().map(|(pid, person)| (*pid, person))
    }

    /// How many are held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.by_pid.len()
    }

    /// Whether none is held (never: the host's device stays).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.by_pid.is_empty()
    }
}

impl std::ops::Index<Pid> for People {
    type Output = Participant;

    fn index(&self, pid: Pid) -> &Participant {
        self.by_pid.get(&pid).expect("a participant the table refers to is held (only those with no seat are removed)")
    }
}

impl std::ops::IndexMut<Pid> for People {
    fn index_mut(&mut self, pid: Pid) -> &mut Participant {
        self.by_pid.get_mut(&pid).expect("a participant the table refers to is held (only those with no seat are removed)")
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
    pub fn info(&self, people: &People) -> SeatInfo {
        let name = self.name().to_owned();
        match self {
            SeatControl::Open => SeatInfo { name, holder: Holder::Open, connected: false, ready: false, bot_in: None },
            SeatControl::Bot { level, .. } => SeatInfo { name, holder: Holder::Bot(*level), connected: true, ready: true, bot_in: None },
            SeatControl::Person { pid, standin, .. } => {
                let connected = people.get(*pid).is_some_and(|person| person.conn.is_some());
                let ready = *pid == Pid::HOST || people.get(*pid).is_some_and(|person| person.ready);
                let holder = match standin {
                    Some(level) => Holder::Bot(*level),
                    None if *pid == Pid::HOST => Holder::HostDevice,
                    None => Holder::Guest,
                };
                SeatInfo { name, holder, connected, ready, bot_in: None }
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
