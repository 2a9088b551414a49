//! Headless networked play, for tests and spare machines: `cardtable host` hosts a table
//! without a window (LAN or online) and starts the match once every guest seat is taken and
//! ready; `cardtable join` joins one as a bot, plays to the end and prints the verified result
//! (it fails unless the host's record verified on this device). Both print each device's path
//! when it changes (`path: direct`, `path: via relay`), and the guest its moves' round trip
//! and the other guests' paths as the host tells them (`others: …`): the NAT lab
//! (app/tests/it/net_nat_lab.rs) reads them.

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameKind, GameRng, Phase, Seat, Viewer};

use crate::net::guest::{GuestEvent, GuestLink, JoinRequest, join};
use crate::net::identity::{Identity, JoinCode};
use crate::net::invite::Invite;
use crate::net::link::PathKind;
use crate::net::protocol::{ClientMsg, Hello, Holder, HostMsg, JoinAs, PROTOCOL_VERSION, PeerPath, Role, SeatCode};
use crate::net::remote::{RemoteTable, view_legal, view_phase};
use crate::net::server::{HostHandle, HostSettings, start_host};
use crate::net::table::{HostCommand, SeatPlan, TableConfig, TableCore};
use crate::net::tls::Pin;
use crate::store::verdict::Verdict;

/// The longest a headless match may take, lobby included: a table left waiting is ended.
const MATCH_LIMIT: Duration = Duration::from_secs(3600);

/// The bot guest's pause before each move: the host disconnects a device sending more than
/// ten messages a second on average (docs/lan.md, "Limits"), a pace no person reaches, and
/// neither may a bot at someone else's table.
const GUEST_PACE: Duration = Duration::from_millis(120);

/// One seat of a headless table: a guest's, or a bot's of a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatArg {
    /// Open for a guest.
    Guest,
    /// A bot of the host's.
    Bot(BotLevel),
}

/// Reads `guest` or `bot:LEVEL`.
///
/// # Errors
/// Anything else, in words.
pub fn parse_seat(text: &str) -> Result<SeatArg, String> {
    match text.trim() {
        "guest" => Ok(SeatArg::Guest),
        other => {
            let level = other.strip_prefix("bot:").ok_or_else(|| format!("`{other}` is neither `guest` nor `bot:LEVEL`"))?;
            parse_level(level).map(SeatArg::Bot)
        }
    }
}

/// Reads a bot level: random, easy, normal or hard.
///
/// # Errors
/// Another word.
pub fn parse_level(text: &str) -> Result<BotLevel, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "random" => Ok(BotLevel::Random),
        "easy" => Ok(BotLevel::Easy),
        "normal" => Ok(BotLevel::Normal),
        "hard" => Ok(BotLevel::Hard),
        other => Err(format!("`{other}` is not a bot level (random, easy, normal, hard)")),
    }
}

/// What `cardtable host` was asked.
#[derive(Debug, Clone)]
pub struct HostPlan {
    /// Online (iroh) rather than on the LAN.
    pub online: bool,
    /// The game.
    pub game: GameKind,
    /// Every seat, in order.
    pub seats: Vec<SeatArg>,
    /// Print the invite (online, seat code included) or the address, join code and seat code
    /// (LAN) as the first line.
    pub print_invite: bool,
    /// Relay URLs (online).
    pub relays: Vec<String>,
    /// Where to listen.
    pub bind: SocketAddr,
    /// Certificates to trust for relays besides the web's authorities (online).
    pub relay_ca: Option<PathBuf>,
}

/// Hosts a table headless until its match is over; the result in words.
///
/// # Errors
/// The identity, the network, or a table left waiting too long.
pub fn host(data_dir: Option<&Path>, plan: &HostPlan) -> anyhow::Result<String> {
    if !plan.seats.contains(&SeatArg::Guest) {
        bail!("a hosted table needs at least one `guest` seat");
    }
    let lan_dir = crate::store::paths::data_dir(data_dir).map(|dir| dir.join("lan")).context("the data folder")?;
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async {
        let mut table = TableCore::new(TableConfig::new("Host"), AnyOptions::defaults(plan.game), plan.seats.len(), seed())
            .map_err(|error| anyhow::anyhow!("the table: {error}"))?;
        // The seats are planned before the table listens: planned after, a guest quick enough
        // to sit first could lose its seat to a bot. Nobody is connected yet to be told.
        for (index, seat) in plan.seats.iter().enumerate() {
            let seat_plan = match seat {
                SeatArg::Guest => SeatPlan::Open,
                SeatArg::Bot(level) => SeatPlan::Bot { name: format!("Bot {}", index + 1), level: *level },
            };
            table.command(HostCommand::SetSeat { seat: Seat(index as u8), plan: seat_plan });
        }
        let settings = HostSettings { bind: plan.bind, ..HostSettings::default() };
        let mut handle = start(table, &lan_dir, plan, settings).await?;
        if plan.print_invite {
            let line = if plan.online {
                invite_line(&handle)?
            } else {
                format!("{} {} {}", handle.addr(), handle.join_code(), handle.seat_code().digits())
            };
            println!("{line}");
            std::io::stdout().flush()?;
        }
        let result = tokio::time::timeout(MATCH_LIMIT, host_until_over(&mut handle)).await.context("the match took too long")??;
        handle.close().await;
        Ok(result)
    })
}

/// The online table's invite.
#[cfg(feature = "online")]
fn invite_line(handle: &HostHandle) -> anyhow::Result<String> {
    Ok(handle.invite()?.to_string())
}

/// Without online play there is no invite.
#[cfg(not(feature = "online"))]
fn invite_line(_handle: &HostHandle) -> anyhow::Result<String> {
    bail!("this Cardtable was built without online play")
}

/// Starts the host on the line asked for.
async fn start(table: TableCore, lan_dir: &Path, plan: &HostPlan, settings: HostSettings) -> anyhow::Result<HostHandle> {
    if plan.online {
        #[cfg(feature = "online")]
        {
            use crate::net::online::{OnlineSettings, key::OnlineKey, start_online_host};
            let (key, renewed) = OnlineKey::load_or_create_telling(lan_dir)?;
            if let Some(renewed) = renewed {
                // Said on the terminal the headless host was started from.
                eprintln!("{renewed}");
            }
            let online = OnlineSettings { relays: plan.relays.clone(), ..online_settings(plan.relay_ca.as_deref())? };
            return Ok(start_online_host(table, &key, settings, &online).await?);
        }
        #[cfg(not(feature = "online"))]
        bail!("this Cardtable was built without online play");
    }
    let (identity, renewed) = Identity::load_or_create_telling(lan_dir)?;
    if let Some(renewed) = renewed {
        // Said on the terminal the headless host was started from.
        eprintln!("{renewed}");
    }
    Ok(start_host(table, &identity, settings)?)
}

/// This device's online settings: relays' certificates checked against the web's authorities
/// and `relay_ca`'s.
#[cfg(feature = "online")]
fn online_settings(relay_ca: Option<&Path>) -> anyhow::Result<crate::net::online::OnlineSettings> {
    let relay_tls = relay_ca.map(crate::net::online::pem::relay_trust).transpose()?;
    Ok(crate::net::online::OnlineSettings { relay_tls, ..crate::net::online::OnlineSettings::default() })
}

/// Starts the match once every seat is taken and ready; returns the result once it is over.
/// Prints the guests' paths whenever one changes.
async fn host_until_over(handle: &mut HostHandle) -> anyhow::Result<String> {
    let mut started = false;
    let mut paths = Changes::default();
    loop {
        let message = handle.recv().await.context("the table stopped")?;
        let now: Vec<(String, PathKind)> = handle.paths().into_iter().map(|device| (device.name, device.path)).collect();
        if let Some(now) = paths.note(now).filter(|now| !now.is_empty()) {
            let words: Vec<String> = now.iter().map(|(name, path)| format!("{name}: {path}")).collect();
            print_line(&format!("path: {}", words.join(", ")));
        }
        match message {
            HostMsg::Lobby(lobby) if !started && lobby.seats.iter().all(|seat| seat.ready && seat.holder != Holder::Open) => {
                handle.command(HostCommand::Start);
                started = true;
            }
            HostMsg::MatchOver(result) => return Ok(format!("match over: {result:?}")),
            _ => {}
        }
    }
}

/// A seed for the table's own draws (its share of the match seed is drawn with every
/// device's).
fn seed() -> u64 {
    let mut bytes = [0; 8];
    getrandom::fill(&mut bytes).map_or(0, |()| u64::from_le_bytes(bytes))
}

/// What `cardtable join` was asked.
#[derive(Debug, Clone)]
pub struct JoinPlan {
    /// An invite (`cardtable:join?…`) or a LAN address.
    pub target: String,
    /// The code read aloud by the host.
    pub code: JoinCode,
    /// The table's seat code (an invite's is used when none is given).
    pub seat_code: Option<SeatCode>,
    /// How the bot plays.
    pub level: BotLevel,
    /// Relay URLs of this device (online), besides the invite's.
    pub relays: Vec<String>,
    /// Where this device binds (online).
    pub bind: SocketAddr,
    /// Certificates to trust for relays besides the web's authorities (online).
    pub relay_ca: Option<PathBuf>,
}

/// Joins as a bot, plays to the end; the verified result in words.
///
/// # Errors
/// The invite or code, the network, or a record that does not verify.
pub fn join_as_bot(plan: &JoinPlan) -> anyhow::Result<String> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async {
        let hello = Hello {
            version: PROTOCOL_VERSION,
            name: format!("{:?} bot", plan.level),
            join_as: JoinAs::Player,
            resume: None,
            seat_code: plan.seat_code,
        };
        let link = connect(plan, hello).await?;
        tokio::time::timeout(MATCH_LIMIT, play(link, plan.level)).await.context("the match took too long")?
    })
}

/// Connects by invite (online) or by address and code (LAN).
async fn connect(plan: &JoinPlan, hello: Hello) -> anyhow::Result<GuestLink> {
    if plan.target.starts_with("cardtable:") {
        let invite: Invite = plan.target.parse()?;
        if invite.code() != plan.code {
            bail!("the code {} is not this invite's ({}): check the invite and the code with the host", plan.code, invite.code());
        }
        #[cfg(feature = "online")]
        {
            use crate::net::guest::join_online;
            use crate::net::online::{OnlineJoin, OnlineSettings};
            let mut request = OnlineJoin::new(invite, hello);
            request.settings = OnlineSettings { relays: plan.relays.clone(), ..online_settings(plan.relay_ca.as_deref())? };
            request.bind = plan.bind;
            return Ok(join_online(request).await?);
        }
        #[cfg(not(feature = "online"))]
        bail!("this Cardtable was built without online play");
    }
    let address: SocketAddr = plan.target.parse().with_context(|| format!("`{}` is neither an invite nor an address", plan.target))?;
    Ok(join(JoinRequest::new(address, Pin::JoinCode(plan.code), hello)).await?)
}

/// How the other guests reach the host, as the host told: `others: Bea: direct, 12 ms · …`.
fn others_line(others: &[PeerPath]) -> String {
    let devices: Vec<String> = others.iter().map(|other| format!("{}: {}, {} ms", other.name, other.path, other.rtt_ms)).collect();
    format!("others: {}", if devices.is_empty() { "none".to_owned() } else { devices.join(" · ") })
}

/// Prints one line at once (a reader such as the NAT lab follows it as it comes).
fn print_line(line: &str) {
    let mut stdout = std::io::stdout().lock();
    // A closed standard output only loses these progress lines, not the match.
    let _ = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
}

/// The last value seen of something printed when it changes.
#[derive(Debug)]
struct Changes<T>(Option<T>);

impl<T> Default for Changes<T> {
    fn default() -> Changes<T> {
        Changes(None)
    }
}

impl<T: PartialEq> Changes<T> {
    /// `now`, when it differs from the last value noted.
    fn note(&mut self, now: T) -> Option<&T> {
        if self.0.as_ref() == Some(&now) {
            return None;
        }
        self.0 = Some(now);
        self.0.as_ref()
    }
}

/// The round trips of a guest's moves: from sending a move to the next update of the table.
#[derive(Debug, Default)]
struct RoundTrips {
    /// The move waiting for its update: the update it answered, and when it was sent.
    waiting: Option<(u64, Instant)>,
    /// Every round trip so far.
    samples: Vec<Duration>,
}

impl RoundTrips {
    /// A move answering update `seq` was sent now.
    fn sent(&mut self, seq: u64) {
        self.waiting = Some((seq, Instant::now()));
    }

    /// The table's latest update is `seq`: a move waiting for a newer one has its round trip.
    fn seen(&mut self, seq: Option<u64>) {
        if let Some((sent_on, at)) = self.waiting
            && seq.is_some_and(|seq| seq != sent_on)
        {
            self.samples.push(at.elapsed());
            self.waiting = None;
        }
    }

    /// `p50 … ms, p99 … ms over N moves`, nearest rank.
    fn summary(&self) -> String {
        let mut sorted = self.samples.clone();
        sorted.sort_unstable();
        let rank = |percent: usize| sorted.get((sorted.len().saturating_sub(1) * percent).div_ceil(100)).copied().unwrap_or_default();
        let ms = |duration: Duration| duration.as_secs_f64() * 1000.0;
        format!("p50 {:.1} ms, p99 {:.1} ms over {} moves", ms(rank(50)), ms(rank(99)), sorted.len())
    }
}

/// Takes a free seat, plays it as a bot of `level` until the match is over and its
/// record checked. Prints the path to the host whenever it changes.
async fn play(mut link: GuestLink, level: BotLevel) -> anyhow::Result<String> {
    let mut table = RemoteTable::new(link.admitted().next_action);
    let mut rng = GameRng::from_seed(seed());
    let mut acted_on = None;
    let mut path = Changes::default();
    let mut round_trips = RoundTrips::default();
    let mut started = false;
    loop {
        let message = match link.next().await {
            Some(GuestEvent::Message(message)) => message,
            Some(GuestEvent::Reconnecting(trying)) => {
                print_line(&format!("reconnecting to {} (attempt {}): {}", trying.host_name, trying.attempt, trying.reason));
                continue;
            }
            Some(GuestEvent::Reconnected(back)) => {
                print_line(&format!("reconnected after {} ms ({} attempts)", back.after.as_millis(), back.attempts));
                // A move sent just before the loss may never have arrived: the table sent
                // again decides what to play.
                acted_on = None;
                round_trips.waiting = None;
                continue;
            }
            Some(GuestEvent::Ended(ending)) => bail!("{ending}"),
            None => bail!("the connection ended"),
        };
        if let Some(kind) = path.note(link.path().0) {
            print_line(&format!("path: {kind}"));
        }
        if let HostMsg::Paths(others) = &message {
            print_line(&others_line(others));
        }
        let lobby = matches!(message, HostMsg::Lobby(_));
        if let Some(answer) = table.apply(message) {
            link.send(answer);
        }
        let seat = match table.role() {
            Some(Role::Seated(seats)) => seats.first().copied(),
            _ => None,
        };
        if let Some(seat) = seat {
            round_trips.seen(table.latest(Viewer::Seat(seat)).map(|latest| latest.seq));
        }
        // Any free seat, asked again at each lobby until one is given (another guest may
        // have taken the one that looked free).
        if lobby && seat.is_none() {
            link.send(ClientMsg::Sit { seat: None });
            link.send(ClientMsg::Ready { ready: true });
        }
        let Some(seat) = seat else { continue };
        if let (Some(result), Some(checked)) = (&table.result, table.checked()) {
            let verdict = checked.verdict;
            let summary = format!("match over: {result:?}; seed {}, {} steps", checked.seed, checked.steps.len());
            let (kind, rtt) = link.path();
            print_line(&format!("path at the end: {kind}, {} ms", rtt.as_millis()));
            print_line(&format!("move round trip: {}", round_trips.summary()));
            link.leave().await;
            return match verdict {
                Verdict::Verified => Ok(format!("{summary}; verified on this device")),
                other => bail!("{summary}; the record did not verify: {other:?}"),
            };
        }
        let Some(latest) = table.latest(Viewer::Seat(seat)) else { continue };
        if !started {
            // A reader (the NAT lab) waits for this before it changes the network "mid-match".
            print_line("match started");
            started = true;
        }
        if acted_on == Some(latest.seq) {
            continue;
        }
        match view_phase(latest) {
            Phase::RoundOver => {
                if let Some(next) = table.next_round() {
                    acted_on = Some(latest.seq);
                    tokio::time::sleep(GUEST_PACE).await;
                    link.send(next);
                }
            }
            Phase::Playing if latest.waiting_for.contains(seat) => {
                let legal = view_legal(latest);
                let view = latest.view.clone();
                let seq = latest.seq;
                if let Some(action) = crate::session::bots::decide(level, seat, &view, &legal, &mut rng) {
                    acted_on = Some(seq);
                    tokio::time::sleep(GUEST_PACE).await;
                    let message = table.act(seat, action);
                    link.send(message);
                    round_trips.sent(seq);
                }
            }
            _ => {}
        }
    }
}
