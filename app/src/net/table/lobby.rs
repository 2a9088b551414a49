//! The lobby: the host chooses the game, house rules and seats (its own device's players, bots),
//! guests sit down by profile name or watch, say they are ready, and the host starts the match.

use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, Phase, Seat, SeatSet};

use super::people::{Pid, Place, SeatControl, seats_of};
use super::{Effect, Running, TableCore};
use crate::net::fair::{Contribution, SeedDraw};
use crate::net::protocol::{CloseCode, HostMsg, JoinRefusal, LobbyInfo, LobbyProblem, MatchStart, Refusal, Role};
use crate::session::authority::Pacing;
use crate::session::host::Host;
use crate::session::runner::MatchRunner;
use crate::session::seating::Occupant;

/// What the host's own device may change.
#[derive(Debug, Clone, PartialEq)]
pub enum HostCommand {
    /// Choose the game and house rules and the number of seats (lobby only).
    Configure {
        /// The game and its house rules.
        options: AnyOptions,
        /// Seats at the table.
        seats: usize,
    },
    /// Give a seat to someone at the host's device, to a bot, or open it (lobby only).
    SetSeat {
        /// The seat.
        seat: Seat,
        /// Who gets it.
        plan: SeatPlan,
    },
    /// Start the match.
    Start,
    /// After a match: another with the same seats.
    Rematch,
    /// After a match: back to the lobby.
    BackToLobby,
    /// Remove the guest called so from the table (lobby only): it is told, its seat opens, and
    /// its token no longer lets it back.
    Remove {
        /// The guest's name at the table (names are distinct there).
        name: String,
    },
    /// Let the guest called so sit without the table's seat code (lobby only); if it asked to
    /// sit, it sits (or joins the line for a seat).
    LetIn {
        /// The guest's name at the table.
        name: String,
    },
    /// Pace the bots so (step mode: each bot move waits for [`HostCommand::Step`]).
    Pace(Pacing),
    /// In step mode, let the waiting bot move.
    Step,
    /// During a match: a bot plays this away guest's seat now, without waiting out its hold
    /// (the guest takes it back when it returns, as after the hold).
    BotNow(Seat),
}

/// Who the host puts in a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatPlan {
    /// Nobody: a guest may sit there.
    Open,
    /// A person playing at the host's device (hot-seat).
    HostDevice {
        /// Their name.
        name: String,
    },
    /// A bot.
    Bot {
        /// Its name.
        name: String,
        /// How well it plays.
        level: BotLevel,
    },
}

impl TableCore {
    /// Carries out a command of the host's own device; problems are told to it as refusals.
    pub fn command(&mut self, command: HostCommand) -> Vec<Effect> {
        let mut out = Vec::new();
        let result = match command {
            HostCommand::Configure { options, seats } => self.configure(options, seats),
            HostCommand::SetSeat { seat, plan } => self.set_seat(seat, plan),
            HostCommand::Start => self.start_match(&mut out),
            HostCommand::Rematch => self.rematch(&mut out),
            HostCommand::BackToLobby => self.back_to_lobby(),
            HostCommand::Remove { name } => self.remove(&name, &mut out),
            HostCommand::LetIn { name } => self.let_in(&name, &mut out),
            HostCommand::Pace(pacing) => {
                self.set_pacing(pacing);
                return out;
            }
            HostCommand::Step => {
                self.step();
                return out;
            }
            HostCommand::BotNow(seat) => {
                self.bots_take(&[seat], &mut out);
                return out;
            }
        };
        match result {
            Ok(()) if self.running.is_none() && self.seeding.is_none() => self.lobby_changed(),
            Ok(()) => {}
            Err(problem) => self.refuse(Pid::HOST, 0, Refusal::Lobby(problem), &mut out),
        }
        out
    }

    pub(super) fn in_lobby(&self) -> Result<(), LobbyProblem> {
        if self.running.is_some() || self.seeding.is_some() { Err(LobbyProblem::MatchRunning) } else { Ok(()) }
    }

    fn configure(&mut self, options: AnyOptions, seats: usize) -> Result<(), LobbyProblem> {
        self.in_lobby()?;
        if !(1..=cardtable_engine::seat::MAX_SEATS).contains(&seats) {
            return Err(LobbyProblem::Setup(format!("a table has 1 to {} seats", cardtable_engine::seat::MAX_SEATS)));
        }
        self.options = options;
        let dropped: Vec<Pid> = self.seats.iter().skip(seats).filter_map(SeatControl::owner).collect();
        self.seats.resize(seats, SeatControl::Open);
        // An away guest whose seat went is no longer waited for.
        dropped.into_iter().for_each(|pid| self.forget_if_unneeded(pid));
        self.unready_all();
        Ok(())
    }

    fn set_seat(&mut self, seat: Seat, plan: SeatPlan) -> Result<(), LobbyProblem> {
        self.in_lobby()?;
        let control = self.seats.get_mut(seat.index()).ok_or(LobbyProblem::SeatNotFree { seat })?;
        // "Open for a guest" on a seat a guest already holds changes nothing (the host's lobby
        // shows the two as one choice; removing a guest is `remove`). The table's first plan
        // arrives a moment after it opens: a guest quick enough to sit before it was unseated,
        // and waited without a seat until let go (seen under load in net_window, the NAT lab).
        if plan == SeatPlan::Open && control.person().is_some_and(|pid| pid != Pid::HOST) {
            return Ok(());
        }
        let before = control.owner();
        *control = match plan {
            SeatPlan::Open => SeatControl::Open,
            SeatPlan::HostDevice { name } => SeatControl::Person { pid: Pid::HOST, name, standin: None },
            SeatPlan::Bot { name, level } => SeatControl::Bot { name, level },
        };
        // An away guest whose seat the host gave away is no longer waited for.
        if let Some(pid) = before {
            self.forget_if_unneeded(pid);
        }
        self.unready_all();
        Ok(())
    }

    /// Removes the guest called `name`: closes its connection saying so, opens its seats and
    /// forgets it; its token is refused from now on. Nobody by that name (it left meanwhile):
    /// nothing to do.
    fn remove(&mut self, name: &str, out: &mut Vec<Effect>) -> Result<(), LobbyProblem> {
        self.in_lobby()?;
        let found = self.people.iter().find(|(pid, person)| *pid != Pid::HOST && person.place != Place::Gone && person.name == name);
        let Some((pid, token)) = found.map(|(pid, person)| (pid, person.token)) else { return Ok(()) };
        tracing::info!(%name, "the host removed a guest");
        self.issued.revoke(token);
        self.unseat(pid);
        if let Some(conn) = self.people[pid].conn.take() {
            out.push(Effect::Close(conn, CloseCode::Removed, JoinRefusal::Removed.to_string()));
        }
        self.forget_if_unneeded(pid);
        Ok(())
    }

    /// Lets the guest called `name` sit without the seat code; if it asked to, it sits now
    /// (or joins the line). Nobody by that name (it left meanwhile): nothing to do.
    fn let_in(&mut self, name: &str, out: &mut Vec<Effect>) -> Result<(), LobbyProblem> {
        self.in_lobby()?;
        let found = self.people.iter().find(|(pid, person)| *pid != Pid::HOST && person.place != Place::Gone && person.name == name);
        let Some(pid) = found.map(|(pid, _)| pid) else { return Ok(()) };
        tracing::info!(%name, "the host let a guest in");
        let person = &mut self.people[pid];
        person.may_sit = true;
        if std::mem::take(&mut person.asking) && person.conn.is_some() {
            self.sit(pid, None, out);
        }
        Ok(())
    }

    fn unready_all(&mut self) {
        for (_, person) in self.people.iter_mut() {
            person.ready = false;
        }
    }

    /// A guest sits in `seat`, or the first open one.
    pub(super) fn sit(&mut self, pid: Pid, seat: Option<Seat>, out: &mut Vec<Effect>) {
        if !self.people[pid].may_sit {
            // Without the seat code, the host decides: its lobby shows "Let in" (told once).
            if self.in_lobby().is_ok() && !std::mem::replace(&mut self.people[pid].asking, true) {
                self.lobby_changed();
            }
            self.refuse(pid, 0, Refusal::Lobby(LobbyProblem::NeedsSeatCode), out);
            return;
        }
        let seated = pid != Pid::HOST && self.owns_a_seat(pid);
        if self.in_lobby().is_ok() && !seated && self.must_wait_in_line(pid) {
            // A seat is held, or others asked first: the line decides (see `admission`).
            self.join_line(pid, out);
            return;
        }
        let chosen = match (self.in_lobby(), seat) {
            (Err(problem), _) => Err(problem),
            (Ok(()), Some(seat)) if self.seats.get(seat.index()) == Some(&SeatControl::Open) => Ok(seat),
            (Ok(()), Some(seat)) => Err(LobbyProblem::SeatNotFree { seat }),
            (Ok(()), None) => self
                .seats
                .iter()
                .position(|control| *control == SeatControl::Open)
                .map(super::people::seat_at)
                .ok_or(LobbyProblem::NoFreeSeat),
        };
        match chosen {
            Ok(seat) => {
                if pid != Pid::HOST {
                    self.unseat(pid);
                }
                let person = &mut self.people[pid];
                person.place = Place::Present;
                person.ready = false;
                person.in_line = None;
                self.seats[seat.index()] = SeatControl::Person { pid, name: person.name.clone(), standin: None };
                self.lobby_changed();
            }
            Err(LobbyProblem::NoFreeSeat | LobbyProblem::SeatNotFree { .. })
                if pid != Pid::HOST && !seated && !self.seats.contains(&SeatControl::Open) =>
            {
                self.join_line(pid, out);
            }
            Err(problem) => self.refuse(pid, 0, Refusal::Lobby(problem), out),
        }
    }

    /// A guest gives up its seat to watch.
    pub(super) fn watch(&mut self, pid: Pid, out: &mut Vec<Effect>) {
        if let Err(problem) = self.in_lobby() {
            self.refuse(pid, 0, Refusal::Lobby(problem), out);
            return;
        }
        self.unseat(pid);
        self.people[pid].place = Place::Watching;
        self.people[pid].in_line = None;
        self.lobby_changed();
    }

    /// A guest says it is ready (or not).
    pub(super) fn set_ready(&mut self, pid: Pid, ready: bool, out: &mut Vec<Effect>) {
        if let Err(problem) = self.in_lobby() {
            self.refuse(pid, 0, Refusal::Lobby(problem), out);
            return;
        }
        self.people[pid].ready = ready;
        self.lobby_changed();
    }

    /// Opens the seats of `pid` (lobby); if others wait, the seats are held for them.
    pub(super) fn unseat(&mut self, pid: Pid) {
        let mut opened = false;
        for control in &mut self.seats {
            if control.owner() == Some(pid) {
                *control = SeatControl::Open;
                opened = true;
            }
        }
        self.people[pid].ready = false;
        if opened && pid != Pid::HOST {
            self.seat_opened(pid);
        }
    }

    /// Where `pid` is, as it is told.
    pub(super) fn role_of(&self, pid: Pid) -> Role {
        let seats = seats_of(&self.seats, pid);
        match self.people[pid].place {
            _ if !seats.is_empty() => Role::Seated(seats),
            Place::Present => Role::Waiting,
            Place::Watching | Place::Gone => Role::Spectator,
        }
    }

    /// Notes that the lobby changed: every connected device is told at the next
    /// [`TableCore::flush`], so many changes within one tick cost one broadcast.
    pub(super) fn lobby_changed(&mut self) {
        self.lobby_dirty = true;
    }

    /// Sends what waits to be told: the lobby, if it changed since the last flush and no match
    /// is on; during a match, the seats, if a guest came back. The transport calls it
    /// once per tick.
    pub fn flush(&mut self) -> Vec<Effect> {
        let mut out = Vec::new();
        if std::mem::take(&mut self.lobby_dirty) && self.running.is_none() && self.seeding.is_none() {
            self.broadcast_lobby(&mut out);
        }
        if std::mem::take(&mut self.seats_dirty) && self.running.is_some() {
            self.broadcast_seats(&mut out);
        }
        out
    }

    /// Tells every connected device how the lobby stands.
    fn broadcast_lobby(&self, out: &mut Vec<Effect>) {
        let seats: Vec<_> = self.seat_infos();
        let others: Vec<String> = self
            .people
            .iter()
            .filter(|(pid, person)| *pid != Pid::HOST && person.conn.is_some() && !self.seats.iter().any(|c| c.owner() == Some(*pid)))
            .map(|(_, person)| person.name.clone())
            .collect();
        let asking: Vec<String> = self
            .people
            .iter()
            .filter(|(_, person)| person.asking && !person.may_sit && person.conn.is_some() && person.place != Place::Gone)
            .map(|(_, person)| person.name.clone())
            .collect();
        for (pid, person) in self.people.iter() {
            if let Some(conn) = person.conn {
                let info = LobbyInfo {
                    host_name: self.config.host_name.clone(),
                    options: self.options.clone(),
                    seats: seats.clone(),
                    others: others.clone(),
                    asking: asking.clone(),
                    needs_code: !person.may_sit,
                    you: self.role_of(pid),
                };
                out.push(Effect::Send(conn, HostMsg::Lobby(info)));
            }
        }
    }

    fn start_match(&mut self, out: &mut Vec<Effect>) -> Result<(), LobbyProblem> {
        self.in_lobby()?;
        let open = self.seats.iter().filter(|control| **control == SeatControl::Open).count();
        if open > 0 {
            return Err(LobbyProblem::OpenSeats { count: open });
        }
        // An away guest does not hold the start up: a bot plays its seat until it is back.
        let not_ready: Vec<&str> = self
            .seats
            .iter()
            .filter_map(SeatControl::owner)
            .filter(|pid| *pid != Pid::HOST && !self.people[*pid].ready && !self.is_away(*pid))
            .map(|pid| self.people[pid].name.as_str())
            .collect();
        if !not_ready.is_empty() {
            return Err(LobbyProblem::NotReady { names: not_ready.join(", ") });
        }
        // A bot plays each away guest's seat from the deal (see `deal_match`; noted first, as
        // with every guest away the seed is drawn and dealt at once): the host chose not to
        // wait, so the match does not wait either. The guest takes its seat back when its
        // device returns, as after a hold in a match.
        self.bots_at_deal = Seat::all(self.seats.len())
            .filter(|seat| self.seats[seat.index()].person().is_some_and(|pid| pid != Pid::HOST && self.is_away(pid)))
            .collect();
        let begun = self.begin(self.options.clone(), out);
        if begun.is_err() {
            self.bots_at_deal = SeatSet::EMPTY;
        }
        begun
    }

    /// Whether `pid`'s device is away (its connection lost, its seat held).
    fn is_away(&self, pid: Pid) -> bool {
        self.people.get(pid).is_some_and(|person| person.conn.is_none())
    }

    /// The seats as the match's occupants.
    fn occupants(&self) -> Vec<Occupant> {
        self.seats
            .iter()
            .map(|control| match control {
                SeatControl::Bot { name, level } => Occupant::Bot { name: name.clone(), level: *level },
                other => Occupant::Human { name: other.name().to_owned() },
            })
            .collect()
    }

    /// Begins a new match of `options` with the seats as they are: checks the table can play
    /// it, then draws its seed with the guests (the match is dealt once it is drawn).
    fn begin(&mut self, options: AnyOptions, out: &mut Vec<Effect>) -> Result<(), LobbyProblem> {
        if self.seeding.is_some() {
            return Err(LobbyProblem::MatchRunning);
        }
        Host::new(options.clone(), self.occupants(), 0).map_err(|error| LobbyProblem::Setup(error.to_string()))?;
        self.draw_seed(options, out)
    }

    /// Deals the match of `options` from the drawn `seed` and tells everyone.
    pub(super) fn deal_match(
        &mut self,
        options: AnyOptions,
        seed: u64,
        draw: &SeedDraw,
        shares: Vec<Option<Contribution>>,
        out: &mut Vec<Effect>,
    ) -> Result<(), LobbyProblem> {
        let host = Host::new(options.clone(), self.occupants(), seed).map_err(|error| LobbyProblem::Setup(error.to_string()))?;
        tracing::info!(game = %host.kind(), seats = self.seats.len(), "a match begins");
        self.options = options;
        let runner = MatchRunner::new(host, self.pacing, self.clock()).with_wake(self.wake.clone());
        self.running = Some(Running {
            runner,
            sent: 0,
            votes: SeatSet::EMPTY,
            deal_at: None,
            rounds: Vec::new(),
            draw: draw.clone(),
            shares,
            recorded: false,
        });
        // The lobby is over: a change not yet told is not told after the match has started.
        self.lobby_dirty = false;
        let seats: Vec<_> = self.seat_infos();
        for (pid, person) in self.people.iter() {
            if let Some(conn) = person.conn {
                let start = MatchStart { options: self.options.clone(), seats: seats.clone(), you: self.role_of(pid), draw: draw.clone() };
                out.push(Effect::Send(conn, HostMsg::Started(start)));
            }
        }
        self.broadcast_state(false, out);
        // Told as stand-ins after the start, which names who sits where (every device replays
        // the match from it): the seat is the guest's, played for it.
        let bots_at_deal: Vec<Seat> = std::mem::replace(&mut self.bots_at_deal, SeatSet::EMPTY).iter().collect();
        if !bots_at_deal.is_empty() {
            tracing::info!(seats = ?bots_at_deal, "a bot plays the seats of guests away at the start");
            self.bots_take(&bots_at_deal, out);
        }
        Ok(())
    }

    fn rematch(&mut self, out: &mut Vec<Effect>) -> Result<(), LobbyProblem> {
        let options = match &self.running {
            Some(running) if running.runner.host().phase() == Phase::MatchOver => running.runner.game().rematch_options(),
            Some(_) => return Err(LobbyProblem::MatchRunning),
            None => self.options.clone(),
        };
        self.begin(options, out)
    }

    fn back_to_lobby(&mut self) -> Result<(), LobbyProblem> {
        match &self.running {
            Some(running) if running.runner.host().phase() != Phase::MatchOver => return Err(LobbyProblem::MatchRunning),
            _ => {}
        }
        self.running = None;
        self.seeding = None;
        self.hold_until = None;
        self.bots_at_deal = SeatSet::EMPTY;
        // Guests who are gone or away lose their seats (and the table forgets them); stand-ins
        // step down.
        let mut freed = Vec::new();
        for control in &mut self.seats {
            if let SeatControl::Person { pid, standin, .. } = control {
                *standin = None;
                let pid = *pid;
                if self.people.get(pid).is_none_or(|person| person.conn.is_none()) {
                    *control = SeatControl::Open;
                    freed.push(pid);
                }
            }
        }
        for pid in freed {
            self.forget_if_unneeded(pid);
        }
        self.unready_all();
        Ok(())
    }
}
