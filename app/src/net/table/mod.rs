//! The networked table's authority, without any IO: participants come, go and send messages;
//! the core answers with [`Effect`]s (frames to send, connections to close) that a transport
//! carries out. The QUIC host runs it in one task; tests drive it directly, which is how the
//! leak test checks every frame of thousands of games quickly.
//!
//! It wraps the session's [`Host`], which owns the true state: the core adds the lobby, who
//! controls each seat, the checks every action passes before the Host sees it (see
//! [`play`]), per-viewer updates, drops, resume tokens and stand-in bots.

mod admission;
mod away;
mod lobby;
pub mod people;
mod play;
mod seeding;
mod tokens;
pub mod wrong_codes;

use std::time::{Duration, Instant};

use cardtable_engine::{AnyOptions, GameRng, RoundResult, Seat, SeatSet};

use crate::net::fair::{Contribution, SeedDraw};

use self::people::{ConnId, Participant, People, Pid, Place, SeatControl};
use crate::net::protocol::{
    Admitted, ClientMsg, CloseCode, Hello, HostMsg, JoinAs, JoinRefusal, PROTOCOL_VERSION, ResumeToken, SeatCode, Welcome, check_name,
};
use crate::session::authority::Pacing;
use crate::session::host::Host;
use crate::session::runner::{MatchRunner, Wake};

pub use self::lobby::{HostCommand, SeatPlan};
pub use self::play::{MOST_MOVES_AT_ONCE, MOST_OPTIONAL_ANSWERS, ROUND_END_PAUSE};
pub use crate::session::authority::BotTurn;

/// What the core asks its transport to do, in order.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Send this first frame to a new connection.
    Welcome(ConnId, Welcome),
    /// Send this message.
    Send(ConnId, HostMsg),
    /// Close this connection with a code and a reason in words.
    Close(ConnId, CloseCode, String),
}

/// Settings of a networked table.
#[derive(Debug, Clone)]
pub struct TableConfig {
    /// The host's profile name.
    pub host_name: String,
    /// How long a dropped guest's seat waits before a bot takes it (default two minutes).
    pub grace: Duration,
    /// In the lobby, how long a seated guest's seat is kept for it after its connection is
    /// lost (not after a Leave) before it opens for anyone with the code (default 30 s:
    /// docs/online.md says why).
    pub lobby_hold: Duration,
    /// Most seated guests connected at once (devices without a seat do not count).
    pub max_guests: usize,
    /// Most guests connected without a seat (waiting in the lobby or watching). When full, a
    /// newcomer takes the place of the one heard from least recently, so idle devices never
    /// keep a player from the table.
    pub max_unseated: usize,
    /// How long a guest may wait in the lobby without a seat and without a word before it is
    /// let go (watchers, who chose to watch, and guests in line for a seat are not).
    pub waiting_idle: Duration,
    /// How long a seated guest may say nothing in the lobby while others are in line for a
    /// seat before its seat is offered to them.
    pub seat_idle: Duration,
    /// How long a seat that freed is held for the guests waiting before it goes to the one who
    /// came to the table first (so no script wins it by being fastest on the wire).
    pub seat_hold: Duration,
    /// How long a newcomer (or a guest that just asked for a seat) counts as just heard from,
    /// when the places without a seat are full and someone must make room.
    pub newcomer_grace: Duration,
    /// How many recent events a (re)joining device receives with its first update.
    pub catch_up_events: usize,
    /// How long each stage of drawing a match's seed (commitments, then shares) waits for the
    /// guests' devices; one that has not answered by then forfeits its say.
    pub seeding_time: Duration,
    /// Whether the host's share of each seed comes from the system's random source (off only
    /// in tests and fuzzing, which must play the same games again from the table's seed).
    pub random_shares: bool,
    /// The table's seat code; `None` draws one from the system's random source when the table
    /// opens (tests and the fuzzer fix it).
    pub seat_code: Option<SeatCode>,
}

impl TableConfig {
    /// Defaults for a host named `host_name`.
    #[must_use]
    pub fn new(host_name: &str) -> TableConfig {
        TableConfig {
            host_name: host_name.to_owned(),
            grace: Duration::from_secs(120),
            lobby_hold: Duration::from_secs(30),
            max_guests: 16,
            max_unseated: 8,
            waiting_idle: Duration::from_secs(60),
            seat_idle: Duration::from_secs(20),
            seat_hold: Duration::from_secs(2),
            newcomer_grace: Duration::from_secs(10),
            catch_up_events: 64,
            seeding_time: Duration::from_secs(10),
            random_shares: true,
            seat_code: None,
        }
    }
}

/// A match being played.
#[derive(Debug)]
struct Running {
    /// The live match, run as at a hot-seat table.
    runner: MatchRunner,
    /// How much of the Host's event history has been sent.
    sent: usize,
    /// Seats that asked for the next round.
    votes: SeatSet,
    /// When the next round is dealt without a vote (on the authority's clock): set when a round
    /// ends and no person at the table is there to ask for the next one.
    deal_at: Option<f64>,
    /// The rounds finished so far, for devices that come back.
    rounds: Vec<RoundResult>,
    /// How the seed was drawn, as every device was told.
    draw: SeedDraw,
    /// Each seat's share of the seed (`None`: forfeited), sent in the record at the end.
    shares: Vec<Option<Contribution>>,
    /// Whether the record was sent.
    recorded: bool,
}

/// The authority over one networked table.
#[derive(Debug)]
pub struct TableCore {
    config: TableConfig,
    options: AnyOptions,
    seats: Vec<SeatControl>,
    people: People,
    /// Every resume token this table gave, to tell a token from another table.
    issued: tokens::IssuedTokens,
    /// What a guest must give to sit without the host's "Let in".
    seat_code: SeatCode,
    /// How many wrong seat codes are still checked this minute.
    wrong_codes: wrong_codes::WrongCodes,
    running: Option<Running>,
    /// The next match's seed being drawn.
    seeding: Option<seeding::Seeding>,
    /// The lobby changed since it was last told.
    lobby_dirty: bool,
    /// During a match, a guest came back since the seats were last told.
    seats_dirty: bool,
    /// In the lobby, seats that freed are held for the guests waiting until then.
    hold_until: Option<Instant>,
    /// Seats whose guests were away when the host started: a bot plays them from the deal.
    bots_at_deal: SeatSet,
    seeds: GameRng,
    /// How bots are paced (the runner of each match starts with it).
    pacing: Pacing,
    /// Called by a searching bot's worker once its decision waits (wakes the table's task).
    wake: Option<Wake>,
    /// When the table opened: the authority's clock counts seconds from it.
    opened: Instant,
    /// The time of what is being handled.
    now: Instant,
}

impl TableCore {
    /// A table in its lobby with `seats` open seats; matches are seeded from `seed`. The host's
    /// own device is participant [`Pid::HOST`] on [`ConnId::LOCAL`].
    ///
    /// # Errors
    /// The system has no random source for the host's own token.
    pub fn new(config: TableConfig, options: AnyOptions, seats: usize, seed: u64) -> Result<TableCore, getrandom::Error> {
        let now = Instant::now();
        let mut people = People::default();
        people.add(Participant::new(config.host_name.clone(), ResumeToken::generate()?, ConnId::LOCAL, Place::Present, now).let_in());
        let seat_code = match config.seat_code {
            Some(code) => code,
            None => SeatCode::generate()?,
        };
        Ok(TableCore {
            config,
            seat_code,
            wrong_codes: wrong_codes::WrongCodes::new(now),
            options,
            seats: vec![SeatControl::Open; seats],
            people,
            issued: tokens::IssuedTokens::default(),
            running: None,
            seeding: None,
            lobby_dirty: false,
            seats_dirty: false,
            hold_until: None,
            bots_at_deal: SeatSet::EMPTY,
            seeds: GameRng::from_seed(seed),
            pacing: Pacing::INSTANT,
            wake: None,
            opened: now,
            now,
        })
    }

    /// The match's true state, while a match is on.
    #[must_use]
    pub fn host(&self) -> Option<&Host> {
        self.running.as_ref().map(|running| running.runner.host())
    }

    /// The state number of the match (0 in the lobby).
    #[must_use]
    pub fn seq(&self) -> u64 {
        self.running.as_ref().map_or(0, |running| running.runner.seq())
    }

    /// The table's seat code, for the host's screen (and the online invite).
    #[must_use]
    pub fn seat_code(&self) -> SeatCode {
        self.seat_code
    }

    /// Who controls each seat.
    #[must_use]
    pub fn seats(&self) -> &[SeatControl] {
        &self.seats
    }

    /// The game and house rules.
    #[must_use]
    pub fn options(&self) -> &AnyOptions {
        &self.options
    }

    /// Paces the bots of this match and the next ones by `pacing`.
    pub fn set_pacing(&mut self, pacing: Pacing) {
        self.pacing = pacing;
        if let Some(running) = &mut self.running {
            running.runner.set_pacing(pacing);
        }
    }

    /// Has a searching bot's worker call `wake` once its decision waits, in this match and the
    /// next ones (the transport then calls [`TableCore::advance`]).
    pub fn set_wake(&mut self, wake: Wake) {
        self.wake = Some(wake);
    }

    /// Seconds on the authority's clock at `instant`.
    fn clock_at(&self, instant: Instant) -> f64 {
        instant.saturating_duration_since(self.opened).as_secs_f64()
    }

    /// Seconds on the authority's clock now (the time of what is being handled).
    fn clock(&self) -> f64 {
        self.clock_at(self.now)
    }

    /// How many participants the table holds (the host's device included): the connected
    /// ones and those a seat still belongs to, never those who only came and went.
    #[must_use]
    pub fn participants(&self) -> usize {
        self.people.len()
    }

    /// The name of the participant on `conn`, if any.
    #[must_use]
    pub fn name_on(&self, conn: ConnId) -> Option<&str> {
        self.pid_of(conn).and_then(|pid| self.people.get(pid)).map(|person| person.name.as_str())
    }

    /// Whether the participant on `conn` may sit (it gave the seat code, or the host let it in).
    #[must_use]
    pub fn may_sit_on(&self, conn: ConnId) -> bool {
        self.pid_of(conn).and_then(|pid| self.people.get(pid)).is_some_and(|person| person.may_sit)
    }

    /// The participant on `conn`, if any.
    fn pid_of(&self, conn: ConnId) -> Option<Pid> {
        self.people.iter().find(|(_, person)| person.conn == Some(conn)).map(|(pid, _)| pid)
    }

    /// Whether `pid` holds a seat (its own or one a stand-in plays for it).
    fn owns_a_seat(&self, pid: Pid) -> bool {
        self.seats.iter().any(|control| control.owner() == Some(pid))
    }

    /// Forgets `pid` if nothing needs it any more: not the host's device, not connected, no
    /// seat (a seat keeps its owner, whose token gives it back).
    fn forget_if_unneeded(&mut self, pid: Pid) {
        let unneeded = pid != Pid::HOST && self.people.get(pid).is_some_and(|person| person.conn.is_none()) && !self.owns_a_seat(pid);
        if unneeded {
            self.people.remove(pid);
        }
    }

    /// Lets go of a connected guest without a seat, telling it why.
    fn let_go(&mut self, pid: Pid, reason: &str, out: &mut Vec<Effect>) {
        if let Some(conn) = self.people.get_mut(pid).and_then(|person| person.conn.take()) {
            out.push(Effect::Close(conn, CloseCode::Refused, reason.to_owned()));
        }
        self.forget_if_unneeded(pid);
        self.lobby_changed();
    }

    /// A device said Hello on `conn` at `now`: admit it (new, or back with its token) or refuse
    /// it.
    pub fn join(&mut self, conn: ConnId, hello: Hello, now: Instant) -> Vec<Effect> {
        let Hello { version, name: wanted, join_as, resume, seat_code } = hello;
        self.now = now;
        let mut out = Vec::new();
        let refuse = |out: &mut Vec<Effect>, refusal: JoinRefusal, code| {
            let reason = refusal.to_string();
            out.push(Effect::Welcome(conn, Welcome { version: PROTOCOL_VERSION, answer: Err(refusal) }));
            out.push(Effect::Close(conn, code, reason));
        };
        if version != PROTOCOL_VERSION {
            refuse(&mut out, JoinRefusal::IncompatibleVersion { host: PROTOCOL_VERSION, guest: version }, CloseCode::Version);
            return out;
        }
        let name = match check_name(&wanted) {
            Ok(name) => name,
            Err(refusal) => {
                refuse(&mut out, refusal, CloseCode::Refused);
                return out;
            }
        };
        // While guessing has spent the table's budget, a code is not checked: the device joins
        // as one without it (the host may let it in).
        let seat_code = seat_code.filter(|_| self.seat_code_checked());
        if seat_code.is_some_and(|code| code != self.seat_code) {
            // Each try costs a handshake, held to its source's rate (`limits::Gate`), and takes
            // from the table's budget of wrong codes (`wrong_codes`).
            tracing::info!("a guest gave a wrong seat code");
            self.wrong_seat_code();
            refuse(&mut out, JoinRefusal::WrongSeatCode, CloseCode::Refused);
            return out;
        }
        if resume.is_some_and(|token| self.issued.revoked(&token)) {
            refuse(&mut out, JoinRefusal::Removed, CloseCode::Removed);
            return out;
        }
        let returning = resume.and_then(|token| {
            self.people
                .iter()
                .find(|(_, person)| person.token == token && person.place != Place::Gone && person.conn != Some(ConnId::LOCAL))
                .map(|(pid, _)| pid)
        });
        if let Some(pid) = returning {
            if seat_code.is_some() {
                self.people[pid].may_sit = true;
            }
            if self.comeback_allowed(pid, conn, &mut out) {
                self.resume(pid, conn, &mut out);
            }
            return out;
        }
        if let Some(token) = resume
            && !self.issued.gave(&token)
        {
            // Another table with this host's identity (or this one opened again): the guest is
            // told its seat is not known here, and chooses to join as a new guest.
            tracing::info!("a guest came back with a token this table never gave");
            refuse(&mut out, JoinRefusal::UnknownSeat, CloseCode::Refused);
            return out;
        }
        let seated =
            self.people.iter().filter(|(pid, person)| *pid != Pid::HOST && person.conn.is_some() && self.owns_a_seat(*pid)).count();
        if seated >= self.config.max_guests || self.config.max_unseated == 0 {
            refuse(&mut out, JoinRefusal::Full, CloseCode::Refused);
            return out;
        }
        let unseated = self.unseated_guests();
        if unseated.len() >= self.config.max_unseated {
            // The newcomer takes the place of the quietest device without a seat (a newcomer
            // counts as just heard for a while: see `admission`).
            for &pid in &unseated[..=unseated.len() - self.config.max_unseated] {
                tracing::info!(pid = pid.0, "a device without a seat makes room for a newcomer");
                self.let_go(pid, "made room for a newcomer: devices without a seat are limited", &mut out);
            }
        }
        let Ok(token) = ResumeToken::generate() else {
            out.push(Effect::Close(conn, CloseCode::Refused, "the host has no random source".to_owned()));
            return out;
        };
        let place = if join_as == JoinAs::Spectator || self.running.is_some() { Place::Watching } else { Place::Present };
        // Nobody takes the host's or another's name: a second "Ana" plays as "Ana 2".
        let name = self.distinct_name(&name);
        tracing::info!(%name, ?place, "a guest joined");
        self.issued.issue(token);
        let mut person = Participant::new(name, token, conn, place, now);
        person.may_sit = seat_code.is_some();
        let pid = self.people.add(person);
        let admitted = Admitted { host_name: self.config.host_name.clone(), token, resumed: None, next_action: 1 };
        out.push(Effect::Welcome(conn, Welcome { version: PROTOCOL_VERSION, answer: Ok(admitted) }));
        if self.running.is_some() {
            self.catch_up(pid, &mut out);
        } else {
            self.lobby_changed();
        }
        out
    }

    /// `wanted` made distinct from the host's name, every present device's and every seat's.
    fn distinct_name(&self, wanted: &str) -> String {
        let taken: Vec<&str> = std::iter::once(self.config.host_name.as_str())
            .chain(self.people.iter().filter(|(_, person)| person.place != Place::Gone).map(|(_, person)| person.name.as_str()))
            .chain(self.seats.iter().map(SeatControl::name).filter(|name| !name.is_empty()))
            .collect();
        crate::person_name::distinct(wanted, &taken)
    }

    /// `pid` came back on `conn` with its token: it takes its seat back from any stand-in.
    fn resume(&mut self, pid: Pid, conn: ConnId, out: &mut Vec<Effect>) {
        let person = &mut self.people[pid];
        if let Some(old) = person.conn.replace(conn) {
            out.push(Effect::Close(old, CloseCode::Replaced, "this seat was taken back on another connection".to_owned()));
        }
        person.away_since = None;
        person.last_heard = self.now;
        for control in &mut self.seats {
            if let SeatControl::Person { pid: owner, standin, .. } = control
                && *owner == pid
            {
                *standin = None;
            }
        }
        let person = &self.people[pid];
        let resumed = people::seats_of(&self.seats, pid).first().copied();
        tracing::info!(name = %person.name, ?resumed, "a guest came back");
        let admitted = Admitted {
            host_name: self.config.host_name.clone(),
            token: person.token,
            resumed,
            next_action: person.last_action.map_or(1, |last| last + 1),
        };
        out.push(Effect::Welcome(conn, Welcome { version: PROTOCOL_VERSION, answer: Ok(admitted) }));
        if self.running.is_some() {
            self.catch_up(pid, out);
            // The others are told at the next tick: a device coming back again and again
            // costs them one message a tick at most.
            self.seats_dirty = true;
        } else {
            self.lobby_changed();
        }
    }

    /// Time passed: seats whose guest has been away longer than the grace period get a bot;
    /// guests waiting in the lobby without a seat and without a word for too long are let go.
    pub fn tick(&mut self, now: Instant) -> Vec<Effect> {
        self.now = now;
        let mut out = Vec::new();
        let idle: Vec<Pid> = self
            .unseated_guests()
            .into_iter()
            .filter(|pid| {
                let person = &self.people[*pid];
                person.place == Place::Present
                    && person.in_line.is_none()
                    && now.saturating_duration_since(person.last_heard) >= self.config.waiting_idle
            })
            .collect();
        for pid in idle {
            tracing::info!(pid = pid.0, "a device waited without a seat and without a word for too long");
            self.let_go(pid, "waited too long without a seat", &mut out);
        }
        self.admission_tick(now, &mut out);
        self.seeding_tick(&mut out);
        let expired: Vec<Seat> =
            Seat::all(self.seats.len()).filter(|seat| self.held_until(*seat).is_some_and(|until| until <= now)).collect();
        if !expired.is_empty() && self.running.is_some() {
            tracing::info!(?expired, "a bot takes the seat of a guest who did not come back");
            self.bots_take(&expired, &mut out);
        } else if !expired.is_empty() {
            tracing::info!(?expired, "the lobby opens the seat of a guest who did not come back");
            self.open_seats_of_away(&expired);
        }
        if self.running.as_ref().and_then(|running| running.deal_at).is_some_and(|at| at <= self.clock()) {
            self.deal(&mut out);
        }
        out
    }

    /// A message from the device on `conn`, arrived at `now`.
    pub fn receive(&mut self, conn: ConnId, message: ClientMsg, now: Instant) -> Vec<Effect> {
        self.now = now;
        let mut out = Vec::new();
        let Some(pid) = self.pid_of(conn) else { return out };
        self.people[pid].last_heard = now;
        match message {
            ClientMsg::Sit { seat } => self.sit(pid, seat, &mut out),
            ClientMsg::Watch => self.watch(pid, &mut out),
            ClientMsg::Ready { ready } => self.set_ready(pid, ready, &mut out),
            ClientMsg::Act(request) => self.act(pid, request, &mut out),
            ClientMsg::NextRound { base } => self.vote_next_round(pid, base, &mut out),
            ClientMsg::Leave => self.leave(pid, &mut out),
            ClientMsg::SeedCommit(commitment) => self.seed_commit(pid, commitment, &mut out),
            ClientMsg::SeedReveal(share) => self.seed_reveal(pid, share, &mut out),
        }
        out
    }

    /// `pid` leaves for good: its seats go to bots (during a match) or open (in the lobby).
    fn leave(&mut self, pid: Pid, out: &mut Vec<Effect>) {
        if pid == Pid::HOST {
            return;
        }
        let person = &mut self.people[pid];
        if let Some(conn) = person.conn.take() {
            out.push(Effect::Close(conn, CloseCode::Normal, "left the table".to_owned()));
        }
        person.place = Place::Gone;
        tracing::info!(name = %person.name, "a guest left");
        match &self.running {
            Some(running) => {
                let level = crate::session::seating::quick_level(running.runner.host().kind());
                for control in &mut self.seats {
                    if let SeatControl::Person { pid: owner, standin, .. } = control
                        && *owner == pid
                    {
                        *standin = Some(level);
                    }
                }
                self.broadcast_seats(out);
                self.progress(out);
            }
            None => {
                self.unseat(pid);
                self.lobby_changed();
            }
        }
        self.forget_if_unneeded(pid);
    }

    /// Sends `message` to every connected participant.
    fn broadcast(&self, message: &HostMsg, out: &mut Vec<Effect>) {
        for (_, person) in self.people.iter() {
            if let Some(conn) = person.conn {
                out.push(Effect::Send(conn, message.clone()));
            }
        }
    }

    /// Tells `pid` that its request was refused.
    fn refuse(&self, pid: Pid, id: u64, refusal: crate::net::protocol::Refusal, out: &mut Vec<Effect>) {
        if let Some(conn) = self.people[pid].conn {
            out.push(Effect::Send(conn, HostMsg::Refused { id, refusal }));
        }
    }
}
