//! A networked table without sockets: the real [`TableCore`], every message to a guest encoded
//! into the frame the QUIC host would send, decoded back, leak-checked against the state it was
//! made from, and applied to that guest's [`RemoteTable`]. Guests and bots play at random.

use std::collections::BTreeMap;
use std::time::Instant;

use cardtable::net::codec::{decode_frame, encode_frame};
use cardtable::net::protocol::{ClientMsg, Hello, HostMsg, JoinAs, PROTOCOL_VERSION, Role, SeatCode, Welcome};
use cardtable::net::remote::{RemoteTable, view_legal, view_phase};
use cardtable::net::table::people::ConnId;
use cardtable::net::table::{Effect, HostCommand, SeatPlan, TableConfig, TableCore};
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameRng, Phase, Seat, Viewer};

use super::leak;

/// The seat code of the tests' tables (unless a test chose another), which their guests'
/// Hellos carry.
pub fn test_seat_code() -> SeatCode {
    SeatCode::from_number(246_810).expect("six digits")
}

/// `config` with the tests' seat code, unless it has one.
pub fn with_test_seat_code(config: TableConfig) -> TableConfig {
    TableConfig { seat_code: config.seat_code.or(Some(test_seat_code())), ..config }
}

/// One device on the in-memory table.
#[derive(Debug, Default)]
pub struct Device {
    /// What it knows, built only from decoded frames.
    pub table: RemoteTable,
    /// Its place, from the Welcome and lobby.
    pub viewer: Option<Viewer>,
    /// Whether its connection was closed by the host.
    pub closed: bool,
    /// Frames it received.
    pub frames: usize,
    /// The resume token its Welcome gave.
    pub token: Option<cardtable::net::protocol::ResumeToken>,
    /// A device that commits to its share of a seed but never reveals it.
    pub withhold_reveal: bool,
    /// Frames of a match's record it received, and how many of them came while the match was
    /// not decided.
    pub record_frames: usize,
    /// Record frames that came before the match was decided.
    pub early_record_frames: usize,
}

/// A change a dishonest host makes to a frame for one device, after the honest frame passed
/// the leak check: `(conn, message, the true match)`.
pub type Tamper = Box<dyn FnMut(ConnId, &mut HostMsg, Option<&cardtable::session::host::Host>)>;

/// An in-memory table.
pub struct Memory {
    /// The authority.
    pub core: TableCore,
    /// The guests, by connection.
    pub devices: BTreeMap<ConnId, Device>,
    /// Frames encoded, decoded and checked.
    pub frames: usize,
    /// Messages the host's own device received.
    pub local: Vec<HostMsg>,
    /// How guests and bots choose their required decisions (optional ones are random).
    pub policy: Policy,
    /// The table's clock: five seconds pass per move, so a Youglouf snap window's grace time
    /// never holds a move back here (it has its own test).
    pub clock: Instant,
    /// A dishonest host's change to what it sends, if any.
    pub tamper: Option<Tamper>,
    /// The host is closing the table: the record of an undecided match may go out.
    pub closing: bool,
    rng: GameRng,
}

impl Memory {
    /// A table in its lobby.
    pub fn new(options: AnyOptions, seats: usize, seed: u64) -> Memory {
        let config = with_test_seat_code(TableConfig { random_shares: false, ..TableConfig::new("Host") });
        let core = TableCore::new(config, options, seats, seed).expect("random source");
        Memory {
            core,
            devices: BTreeMap::new(),
            frames: 0,
            local: Vec::new(),
            policy: Policy::Bot(BotLevel::Random),
            clock: Instant::now(),
            tamper: None,
            closing: false,
            rng: GameRng::from_seed(seed ^ 0xD1CE),
        }
    }

    /// Carries out effects the way the QUIC host does (the host flushes lobby changes once per
    /// tick; here each call is a tick), checking every frame.
    pub fn deliver(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Welcome(conn, welcome) => {
                    let frame = encode_frame(&welcome).expect("a Welcome encodes");
                    let (decoded, _) = decode_frame::<Welcome>(&frame).expect("a Welcome decodes");
                    assert_eq!(decoded, welcome);
                    // Seeded shares: a table's games can be played again from its seed.
                    let shares = GameRng::from_seed(self.rng.next_u64());
                    let device = self.devices.entry(conn).or_default();
                    if let Ok(admitted) = decoded.answer {
                        device.table = RemoteTable::new(admitted.next_action).with_seeded_shares(shares);
                        device.token = Some(admitted.token);
                    }
                }
                Effect::Send(ConnId::LOCAL, message) => self.local.push(message),
                Effect::Send(conn, message) => self.receive_frame(conn, &message),
                Effect::Close(conn, _, _) => self.devices.entry(conn).or_default().closed = true,
            }
        }
    }

    fn receive_frame(&mut self, conn: ConnId, message: &HostMsg) {
        let frame = encode_frame(message).expect("every message fits a frame");
        let (decoded, used) = decode_frame::<HostMsg>(&frame).expect("a frame decodes");
        assert_eq!(used, frame.len());
        assert_eq!(&decoded, message, "a message survives its frame");
        self.frames += 1;
        let device = self.devices.entry(conn).or_default();
        device.frames += 1;
        if let HostMsg::Lobby(lobby) = &decoded {
            device.viewer = viewer_of(&lobby.you);
        }
        if let HostMsg::Started(start) = &decoded {
            device.viewer = viewer_of(&start.you);
        }
        let closing_record = self.closing && matches!(decoded, HostMsg::Record(_));
        if let Some(host) = self.core.host().filter(|_| !closing_record) {
            let viewer = device.viewer.unwrap_or(Viewer::Spectator);
            if let Err(leak) = leak::check(&decoded, viewer, host.game()) {
                panic!("frame {} to {conn:?} leaks: {leak}", self.frames);
            }
        }
        if let HostMsg::Record(_) = &decoded {
            device.record_frames += 1;
            if !self.closing && self.core.host().is_none_or(|host| host.game().match_result().is_none()) {
                device.early_record_frames += 1;
            }
        }
        let mut decoded = decoded;
        if let Some(tamper) = &mut self.tamper {
            tamper(conn, &mut decoded, self.core.host());
        }
        let device = self.devices.entry(conn).or_default();
        let answer = device.table.apply(decoded);
        let withheld = device.withhold_reveal && matches!(answer, Some(ClientMsg::SeedReveal(_)));
        if let Some(answer) = answer.filter(|_| !withheld) {
            self.send(conn, answer);
        }
    }

    /// The host closes the table, sending what it sends as it goes.
    pub fn close(&mut self) {
        self.closing = true;
        let effects = self.core.closing();
        self.deliver(effects);
    }

    /// A guest with the table's seat code says Hello on `conn`.
    pub fn join(&mut self, conn: ConnId, name: &str, join_as: JoinAs) {
        self.join_with_code(conn, name, join_as, Some(test_seat_code()));
    }

    /// A guest says Hello on `conn` with `seat_code` (none: it did not type it).
    pub fn join_with_code(&mut self, conn: ConnId, name: &str, join_as: JoinAs, seat_code: Option<SeatCode>) {
        let hello = Hello { version: PROTOCOL_VERSION, name: name.to_owned(), join_as, resume: None, seat_code };
        let mut effects = self.core.join(conn, hello, self.clock);
        effects.extend(self.core.flush());
        self.deliver(effects);
    }

    /// The device on `conn` sends `message`.
    pub fn send(&mut self, conn: ConnId, message: ClientMsg) {
        let mut effects = self.core.receive(conn, message, self.clock);
        effects.extend(self.core.flush());
        self.deliver(effects);
    }

    /// The host's device gives a command.
    pub fn command(&mut self, command: HostCommand) {
        let mut effects = self.core.command(command);
        effects.extend(self.core.flush());
        self.deliver(effects);
    }

    /// Seats `guests` guests (conns 1..) from seat `first` on (round the table), bots in the
    /// other seats, a spectator (the next conn) if asked, and starts.
    pub fn seat_and_start(&mut self, first: usize, guests: usize, bot_level: BotLevel, spectator: bool) {
        let seats = self.core.seats().len();
        let guest_seat = |index: usize| Seat(((first + index) % seats) as u8);
        for index in 0..guests {
            let conn = ConnId(index as u64 + 1);
            self.join(conn, &format!("Guest {index}"), JoinAs::Player);
            self.send(conn, ClientMsg::Sit { seat: Some(guest_seat(index)) });
        }
        for seat in Seat::all(seats) {
            if (0..guests).all(|index| guest_seat(index) != seat) {
                let plan = SeatPlan::Bot { name: format!("Bot {}", seat.0), level: bot_level };
                self.command(HostCommand::SetSeat { seat, plan });
            }
        }
        if spectator {
            self.join(ConnId(guests as u64 + 1), "Watcher", JoinAs::Spectator);
        }
        // Seat changes reset readiness: guests say it once the table is set.
        for index in 0..guests {
            self.send(ConnId(index as u64 + 1), ClientMsg::Ready { ready: true });
        }
        self.command(HostCommand::Start);
        assert!(self.core.host().is_some(), "the match starts: {:?}", self.local.last());
    }

    /// Makes one move: a bot's if the round waits for bots, else a random guest's (required
    /// decisions first; optional ones such as snaps now and then). Returns false when the match
    /// is over or nothing can move.
    pub fn step(&mut self) -> bool {
        self.clock += std::time::Duration::from_secs(5);
        let Some(host) = self.core.host() else { return false };
        match host.phase() {
            Phase::MatchOver => return false,
            Phase::RoundOver => {
                let conns: Vec<ConnId> = self.devices.keys().copied().collect();
                for conn in conns {
                    if let Some(message) = self.devices[&conn].table.next_round() {
                        self.send(conn, message);
                    }
                }
                if self.core.host().is_some_and(|host| host.phase() == Phase::RoundOver) {
                    // Nobody at the table to ask: the host deals after the standings' pause.
                    self.clock += cardtable::net::table::ROUND_END_PAUSE;
                    let effects = self.core.tick(self.clock);
                    self.deliver(effects);
                }
                return self.core.host().is_some_and(|host| host.phase() != Phase::RoundOver);
            }
            Phase::Playing => {}
        }
        // Each of the bots' optional answers is checked in the state it was made in.
        for _ in 0..cardtable::net::table::MOST_OPTIONAL_ANSWERS {
            let effects = self.core.bot_optional(self.clock);
            if effects.is_empty() {
                break;
            }
            self.deliver(effects);
        }
        if let Some(turn) = self.core.bot_turn(self.clock) {
            let mut rng = GameRng::from_seed(turn.seed);
            let policy = match self.policy {
                Policy::Bot(_) => Policy::Bot(turn.level),
                other => other,
            };
            let action = policy.choose(turn.seat, &turn.view, &turn.legal, &mut rng);
            let effects = self.core.bot_acted(&turn, action, self.clock);
            self.deliver(effects);
            return true;
        }
        if self.core.snap_grace_left().is_some() {
            // A bots' snap just opened a window: the turn waits for the next tick of the clock.
            return true;
        }
        let optional = self.rng.below(10) == 0;
        let candidates: Vec<(ConnId, Seat)> = self
            .devices
            .iter()
            .filter_map(|(conn, device)| {
                let Some(Viewer::Seat(seat)) = device.viewer else { return None };
                let latest = device.table.latest(Viewer::Seat(seat))?;
                let required = latest.waiting_for.contains(seat);
                (required || (optional && !view_legal(latest).is_empty())).then_some((*conn, seat))
            })
            .collect();
        if candidates.is_empty() {
            return false;
        }
        let (conn, seat) = candidates[self.rng.below(candidates.len())];
        let device = self.devices.get_mut(&conn).expect("candidate");
        let latest = device.table.latest(Viewer::Seat(seat)).expect("candidate");
        let legal = view_legal(latest);
        let required = latest.waiting_for.contains(seat);
        let action = if required {
            let mut rng = GameRng::from_seed(self.rng.next_u64());
            self.policy.choose(seat, &latest.view, &legal, &mut rng).unwrap_or(legal[0])
        } else {
            legal[self.rng.below(legal.len())]
        };
        let message = device.table.act(seat, action);
        self.send(conn, message);
        true
    }

    /// Plays until the match is over, `rounds` rounds were played if given, or `max_steps`
    /// moves; returns whether it got there.
    pub fn play_out(&mut self, rounds: Option<u32>, max_steps: usize) -> bool {
        let done = |table: &Memory| {
            table
                .core
                .host()
                .is_some_and(|host| host.phase() == Phase::MatchOver || rounds.is_some_and(|rounds| rounds_finished(host) >= rounds))
        };
        for _ in 0..max_steps {
            if done(self) || !self.step() {
                break;
            }
        }
        done(self)
    }
}

/// Rounds finished in the Host's match.
fn rounds_finished(host: &cardtable::session::host::Host) -> u32 {
    host.game().last_round().map_or(0, |round| round.round)
}

/// How the driver's players choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// As the app's bots of this level do.
    Bot(BotLevel),
    /// At random, but a play of cards (`play …`) nine times in ten when there is one, so
    /// random rounds end in a sensible number of moves.
    EagerRandom,
}

impl Policy {
    /// The choice for `seat` among `legal`.
    pub fn choose(
        self,
        seat: Seat,
        view: &cardtable_engine::AnyView,
        legal: &[cardtable_engine::AnyAction],
        rng: &mut GameRng,
    ) -> Option<cardtable_engine::AnyAction> {
        match self {
            Policy::Bot(level) => cardtable::session::bots::decide(level, seat, view, legal, rng),
            Policy::EagerRandom => {
                let plays: Vec<_> = legal.iter().filter(|action| action.to_string().starts_with("play")).copied().collect();
                let pool = if !plays.is_empty() && rng.below(10) != 0 { &plays[..] } else { legal };
                (!pool.is_empty()).then(|| pool[rng.below(pool.len())])
            }
        }
    }
}

/// The viewer a guest's role gives.
pub fn viewer_of(role: &Role) -> Option<Viewer> {
    match role {
        Role::Seated(seats) => seats.first().map(|seat| Viewer::Seat(*seat)),
        Role::Spectator => Some(Viewer::Spectator),
        Role::Waiting => None,
    }
}

/// Whether the latest update a device holds shows a finished round or match.
pub fn shows_phase(device: &Device, phase: Phase) -> bool {
    device.viewer.and_then(|viewer| device.table.latest(viewer)).is_some_and(|latest| view_phase(latest) == phase)
}
