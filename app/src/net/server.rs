//! The QUIC host: an endpoint with the device certificate and transport limits (see
//! [`super::tls`]), the [`super::connection`] tasks that let guests in and read them, and one
//! task that owns the [`TableCore`] and carries out its effects. The match's runner moves the
//! bots (a searching bot on its own worker thread, which wakes the task), paced so people can
//! follow them.
//!
//! Every queue is bounded: guests' messages wait in [`INBOX`] (a full inbox makes readers
//! wait), frames for a guest in its line (a guest that lets too much pile up is dropped), the
//! host's own device's requests and messages in their own queues, served before guests'.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot, watch};
use tracing::Instrument;

use super::codec::{FrameError, encode_frame};
use super::connection::{Backlog, Doors, Inbound, Line, accept_loop};
use super::identity::{Fingerprint, Identity, JoinCode};
use super::initial_filter::{FilteredSocket, RefusalBudgets};
use super::limits::{Counted, Gate, HostStats, StatsSnapshot, Verdict};
use super::link::DevicePath;
use super::peer_paths::PathsTold;
use super::protocol::{ClientMsg, CloseCode, HostMsg, JoinRefusal, PeerPath, SeatCode, Welcome};
use super::table::people::ConnId;
use super::table::{Effect, HostCommand, TableCore};
use super::tls::server_config;
use crate::session::host::Host;
use crate::session::runner::Wake;

/// The UDP port a host listens on when it is free (else any free port; the host's screen shows
/// which).
pub const DEFAULT_PORT: u16 = 47_475;

/// Guests' messages (and bots' decisions) waiting for the table task.
pub const INBOX: usize = 256;

/// The host's own device's requests waiting for the table task, and the table's messages
/// waiting for that device's window.
const LOCAL_QUEUE: usize = 1024;

/// Connection attempts quinn itself holds before the application sees them; beyond it, it
/// refuses them.
const MAX_INCOMING: usize = 64;

/// Bytes quinn buffers for one connection attempt not yet let in, and for all of them.
const INCOMING_BUFFER: u64 = 64 * 1024;
const INCOMING_BUFFER_TOTAL: u64 = 1024 * 1024;

/// How often the table task measures its guests' paths for the host's screen.
const PATHS_EVERY: Duration = Duration::from_secs(1);

pub use super::host_settings::{FrameAudit, HostError, HostSettings};

/// What the host's own device asks of the table task.
enum Local {
    Message(ClientMsg),
    Command(HostCommand),
    Shutdown(oneshot::Sender<()>),
}

/// Sends a request of the host's own device; a full queue (the table task stuck) drops it.
fn ask(requests: &mpsc::Sender<Local>, request: Local) {
    if let Err(mpsc::error::TrySendError::Full(_)) = requests.try_send(request) {
        tracing::warn!("the table is not keeping up with this device's requests; one was dropped");
    }
}

/// A running host: its address and identity, and the host's own device's line to the table.
#[derive(Debug)]
pub struct HostHandle {
    addr: SocketAddr,
    fingerprint: Fingerprint,
    requests: mpsc::Sender<Local>,
    local: Option<mpsc::Receiver<HostMsg>>,
    state: MatchState,
    paths: watch::Receiver<Vec<DevicePath>>,
    listener: Listener,
    stats: Arc<HostStats>,
    /// The runtime the host runs on: a handle dropped off it (the window's thread) still
    /// closes an online endpoint there.
    runtime: tokio::runtime::Handle,
}

/// Where a host listens: its quinn endpoint on the LAN, or its iroh endpoint online.
pub(crate) type Listener = super::link::Endpoint;

impl Listener {
    /// Connections still open (the LAN endpoint counts them; online, the gate does).
    #[cfg_attr(not(feature = "online"), expect(unused_variables, reason = "only the online line counts them by the gate"))]
    fn open_connections(&self, stats: &HostStats) -> usize {
        match self {
            Listener::Lan(endpoint) => endpoint.open_connections(),
            #[cfg(feature = "online")]
            Listener::Online(_) => stats.snapshot().connections_open,
        }
    }

    /// Closes every connection with `HostLeft` and stops listening.
    async fn close(&self) {
        match self {
            Listener::Lan(endpoint) => {
                endpoint.close(quinn::VarInt::from_u32(CloseCode::HostLeft as u32), b"the host closed the table");
                let _ = tokio::time::timeout(Duration::from_secs(2), endpoint.wait_idle()).await;
            }
            #[cfg(feature = "online")]
            Listener::Online(endpoint) => {
                let _ = tokio::time::timeout(Duration::from_secs(2), endpoint.close()).await;
            }
        }
    }

    /// Closes at once (a dropped handle): LAN guests are told the host left; the online
    /// endpoint is closed from a task on `runtime`, as its close waits.
    #[cfg_attr(not(feature = "online"), expect(unused_variables, reason = "only the online endpoint closes from a task"))]
    fn close_now(&self, runtime: &tokio::runtime::Handle) {
        match self {
            Listener::Lan(endpoint) => endpoint.close(quinn::VarInt::from_u32(CloseCode::HostLeft as u32), b"the host closed the table"),
            #[cfg(feature = "online")]
            Listener::Online(endpoint) => {
                let endpoint = endpoint.clone();
                runtime.spawn(async move { endpoint.close().await });
            }
        }
    }
}

/// The host's own device's line to its table, for the device's table screen: it sends like a
/// guest and receives what the table tells the host's device.
#[derive(Debug)]
pub struct LocalLine {
    requests: mpsc::Sender<Local>,
    from_table: mpsc::Receiver<HostMsg>,
    state: MatchState,
    paths: watch::Receiver<Vec<DevicePath>>,
}

/// The match at a hosted table as its authority holds it, for the host's own device to keep
/// (saved after every move, recorded with its full replay): a copy after every change, `None`
/// in the lobby. Nothing of it is ever sent to a guest.
pub type MatchState = watch::Receiver<Option<Arc<Host>>>;

impl LocalLine {
    /// Sends a request as the host's device.
    pub fn send(&self, message: ClientMsg) {
        ask(&self.requests, Local::Message(message));
    }

    /// The next message, if one is waiting; `Err` once the table has stopped.
    ///
    /// # Errors
    /// The table task ended.
    pub fn try_recv(&mut self) -> Result<Option<HostMsg>, mpsc::error::TryRecvError> {
        match self.from_table.try_recv() {
            Ok(message) => Ok(Some(message)),
            Err(mpsc::error::TryRecvError::Empty) => Ok(None),
            Err(error) => Err(error),
        }
    }

    /// Carries out a command of the host's own device (bots' pace, step mode).
    pub fn command(&self, command: HostCommand) {
        ask(&self.requests, Local::Command(command));
    }

    /// How each guest's device is connected, as last measured (about once a second).
    #[must_use]
    pub fn paths(&self) -> Vec<DevicePath> {
        self.paths.borrow().clone()
    }

    /// The match as the table's authority holds it, when it changed since the last call.
    pub fn match_changed(&mut self) -> Option<Option<Arc<Host>>> {
        self.state.has_changed().unwrap_or(false).then(|| self.state.borrow_and_update().clone())
    }
}

impl std::fmt::Debug for Local {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Local")
    }
}

impl HostHandle {
    /// Where guests connect.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The host's identity.
    #[must_use]
    pub fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    /// The code shown to guests.
    #[must_use]
    pub fn join_code(&self) -> JoinCode {
        self.fingerprint.join_code()
    }

    /// The table's seat code, shown big on the host's screen: sitting needs it (or Let in). On
    /// the LAN it changes after too many wrong codes (`table::wrong_codes`).
    #[must_use]
    pub fn seat_code(&self) -> SeatCode {
        self.stats.seat_code()
    }

    /// Configures the table (lobby), starts a match, and so on.
    pub fn command(&self, command: HostCommand) {
        ask(&self.requests, Local::Command(command));
    }

    /// The host's own device acts at the table (its seats), like a guest.
    pub fn send(&self, message: ClientMsg) {
        ask(&self.requests, Local::Message(message));
    }

    /// The match as the table's authority holds it now (`None` in the lobby).
    #[must_use]
    pub fn hosted(&self) -> Option<Arc<Host>> {
        self.state.borrow().clone()
    }

    /// Where the host listens.
    #[cfg(feature = "online")]
    pub(crate) fn listener(&self) -> &Listener {
        &self.listener
    }

    /// How each guest's device is connected, as last measured (about once a second).
    #[must_use]
    pub fn paths(&self) -> Vec<DevicePath> {
        self.paths.borrow().clone()
    }

    /// What the host's limits have turned away so far, and how many participants it holds.
    #[must_use]
    pub fn stats(&self) -> StatsSnapshot {
        self.stats.snapshot()
    }

    /// The next message for the host's own device, if one is waiting (until the line is
    /// taken).
    pub fn try_recv(&mut self) -> Option<HostMsg> {
        self.local.as_mut()?.try_recv().ok()
    }

    /// Waits for the next message for the host's own device (`None` once the line is taken).
    pub async fn recv(&mut self) -> Option<HostMsg> {
        self.local.as_mut()?.recv().await
    }

    /// Hands the host's own device's line to its table screen.
    pub fn take_line(&mut self) -> Option<LocalLine> {
        Some(LocalLine {
            requests: self.requests.clone(),
            from_table: self.local.take()?,
            state: self.state.clone(),
            paths: self.paths.clone(),
        })
    }

    /// Closes the table: every guest is told the host left, then the endpoint shuts down.
    pub async fn close(self) {
        let (done, wait) = oneshot::channel();
        if self.requests.send(Local::Shutdown(done)).await.is_ok() {
            let _ = wait.await;
        }
        // Each connection closes itself once its last frames (the match's record) are written;
        // a guest that does not read is not waited for long.
        let _ = tokio::time::timeout(Duration::from_secs(1), async {
            while self.listener.open_connections(&self.stats) > 0 {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await;
        self.listener.close().await;
    }
}

impl Drop for HostHandle {
    // A host dropped without `close` still tells its guests; its tasks then wind down.
    fn drop(&mut self) {
        self.listener.close_now(&self.runtime);
    }
}

/// Starts hosting `table` on `settings.bind` with `identity`. Must run inside a tokio runtime.
///
/// # Errors
/// TLS setup failed, or the address cannot be bound.
pub fn start_host(table: TableCore, identity: &Identity, settings: HostSettings) -> Result<HostHandle, HostError> {
    let mut config = server_config(identity, settings.liveness)?;
    config.max_incoming(MAX_INCOMING).incoming_buffer_size(INCOMING_BUFFER).incoming_buffer_size_total(INCOMING_BUFFER_TOTAL);
    let bind_error = |source| HostError::Bind { bind: settings.bind, source };
    // quinn's own socket, behind a filter that drops the Initials of sources that spent their
    // refusals before quinn decrypts them.
    let refusals = RefusalBudgets::new(settings.limits.answered_refusals_per_second_per_address);
    let runtime: Arc<dyn quinn::Runtime> = Arc::new(quinn::TokioRuntime);
    let socket = runtime.wrap_udp_socket(std::net::UdpSocket::bind(settings.bind).map_err(bind_error)?).map_err(bind_error)?;
    let socket = Arc::new(FilteredSocket::new(socket, refusals.clone()));
    let endpoint =
        quinn::Endpoint::new_with_abstract_socket(quinn::EndpointConfig::default(), Some(config), socket, runtime).map_err(bind_error)?;
    let addr = endpoint.local_addr().map_err(bind_error)?;
    tracing::info!(%addr, code = %identity.join_code(), "hosting a table");
    let listener = Listener::Lan(endpoint.clone());
    Ok(launch(table, settings, (listener, identity.fingerprint(), addr), |doors| {
        refusals.count_into(doors.stats.clone());
        tokio::spawn(accept_loop(endpoint, doors, refusals).instrument(tracing::info_span!("accept", %addr)));
    }))
}

/// Starts the table task behind `listener` (which is `host`, reached at `addr`) and lets
/// `accept` start its accept loop with the table's doors. Must run inside a tokio runtime.
pub(crate) fn launch(
    table: TableCore,
    settings: HostSettings,
    (listener, host, addr): (Listener, Fingerprint, SocketAddr),
    accept: impl FnOnce(Doors),
) -> HostHandle {
    let (inbox, inbound) = mpsc::channel(INBOX);
    let (requests, requested) = mpsc::channel(LOCAL_QUEUE);
    let (local_tx, local) = mpsc::channel(LOCAL_QUEUE);
    let (state_tx, state) = watch::channel(None);
    let (paths_tx, paths) = watch::channel(Vec::new());
    let stats = Arc::new(HostStats::default());
    let gate = Gate::new(settings.limits, stats.clone());
    accept(Doors { gate, limits: settings.limits, stats: stats.clone(), inbox: inbox.clone() });
    let queues = Queues { inbound, requested, inbox: inbox.downgrade() };
    stats.set_seat_code(table.seat_code());
    let lines = Lines { local: local_tx, state: state_tx, paths: paths_tx };
    let table = run_table(table, queues, lines, stats.clone(), settings);
    tokio::spawn(table.instrument(tracing::info_span!("table", %addr)));
    let runtime = tokio::runtime::Handle::current();
    HostHandle { addr, fingerprint: host, requests, local: Some(local), state, paths, listener, stats, runtime }
}

/// What the table task reads: guests' messages and bots' decisions, and the host's own
/// device's requests (served first).
struct Queues {
    inbound: mpsc::Receiver<Inbound>,
    requested: mpsc::Receiver<Local>,
    inbox: mpsc::WeakSender<Inbound>,
}

/// The table task's lines out to the host's own device: its messages, and the match state it
/// keeps.
struct Lines {
    local: mpsc::Sender<HostMsg>,
    state: watch::Sender<Option<Arc<Host>>>,
    paths: watch::Sender<Vec<DevicePath>>,
}

/// The table task: owns the core, carries out its effects, and wakes it when its clock says (a
/// bot's pause or a snap window's grace ends, bots' optional answers are due; the ticker for
/// the grace of dropped guests and the lobby's broadcasts). The host's own device and the clock
/// are served before guests' messages, so a flood of those never holds up the host's screen,
/// the grace periods or the lobby's broadcasts.
async fn run_table(mut core: TableCore, queues: Queues, lines: Lines, stats: Arc<HostStats>, settings: HostSettings) {
    let Queues { mut inbound, mut requested, inbox } = queues;
    let Lines { local, state, paths } = lines;
    let mut paths_measured = Instant::now();
    let mut router = Router {
        connections: HashMap::new(),
        local,
        audit: settings.audit.clone(),
        waker: settings.waker.clone(),
        outbound_bytes: settings.limits.outbound_bytes,
        stats: stats.clone(),
        paths_told: PathsTold::default(),
    };
    let mut ticker = tokio::time::interval(settings.tick);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut published = None;
    let mut device_gone = false;
    core.set_pacing(settings.bot_pace);
    core.set_wake(Wake::new(move || {
        if let Some(inbox) = inbox.upgrade() {
            let _ = inbox.try_send(Inbound::BotReady);
        }
    }));
    // The host's own device sees the lobby from the start.
    let mut effects = core.command(HostCommand::BackToLobby);
    effects.extend(core.flush());
    router.carry_out(effects, &mut core);
    loop {
        let wake = core.wake_at();
        let effects = tokio::select! {
            biased;
            request = requested.recv(), if !device_gone => match request {
                None => {
                    device_gone = true;
                    Vec::new()
                }
                Some(Local::Message(message)) => core.receive(ConnId::LOCAL, message, Instant::now()),
                Some(Local::Command(command)) => core.command(command),
                Some(Local::Shutdown(done)) => {
                    // A match with a finished round leaves every device its record.
                    let effects = core.closing();
                    router.carry_out(effects, &mut core);
                    router.close_all();
                    let _ = done.send(());
                    break;
                }
            },
            _ = ticker.tick() => {
                let mut effects = Vec::new();
                if paths_measured.elapsed() >= PATHS_EVERY {
                    paths_measured = Instant::now();
                    let measured = router.measure(&core);
                    // Each guest hears of the others' paths when what it reads would change.
                    let news = router.paths_told.news_for_guests(&measured);
                    effects = news.into_iter().map(|(conn, others)| Effect::Send(conn, HostMsg::Paths(others))).collect();
                    paths.send_replace(device_paths(measured));
                }
                effects.extend(core.tick(Instant::now()));
                // Lobby changes since the last tick go out as one broadcast.
                effects.extend(core.flush());
                effects
            }
            () = sleep_until(wake), if wake.is_some() => Vec::new(),
            message = inbound.recv() => match message {
                None => break,
                Some(Inbound::Hello { conn, hello, line, judge }) => {
                    router.connections.insert(conn, line);
                    let resume = hello.resume;
                    let effects = core.join(conn, hello, Instant::now());
                    if judge.verdict(verdict_on(&core, conn, resume, &effects)) {
                        // One source spent its wrong codes: on the LAN the seat code changes.
                        core.seat_code_guessed();
                    }
                    effects
                }
                Some(Inbound::Message(conn, message)) => core.receive(conn, message, Instant::now()),
                Some(Inbound::Gone { conn, faulted }) => {
                    router.connections.remove(&conn);
                    if faulted { core.faulted(conn, Instant::now()) } else { core.disconnected(conn, Instant::now()) }
                }
                // Collected below, as after every wake.
                Some(Inbound::BotReady) => Vec::new(),
            },
        };
        router.carry_out(effects, &mut core);
        // The match's runner moves the bots on: a worker's answer (its wake-up may have been
        // lost to a full inbox: the clock comes), "One!" and snaps a moment after each move, a
        // new decision once one is due.
        for _ in 0..crate::net::table::MOST_MOVES_AT_ONCE {
            let (moved, effects) = core.advance(Instant::now());
            router.carry_out(effects, &mut core);
            if !moved {
                break;
            }
        }
        stats.set_participants(core.participants());
        stats.set_seat_code(core.seat_code());
        let mark = core.host().map(|host| (host.seed(), host.steps().len()));
        if mark != published {
            published = mark;
            state.send_replace(core.host().cloned().map(Arc::new));
            // The window was woken for the messages above before this copy was there: wake
            // it again, or the host's device would keep (and record) the match a move late
            // until something else woke it.
            if let Some(waker) = &router.waker {
                waker();
            }
        }
    }
}

/// What a Hello on `conn` proved: its device may sit (the table's seat code, or the host let
/// it in before, or a token that brought it back to its place), or it gave a wrong code, or
/// nothing. The gate keeps its places for arriving devices for the first, and counts each
/// source's wrong codes (`limits::Gate::judged`).
fn verdict_on(core: &TableCore, conn: ConnId, resume: Option<super::protocol::ResumeToken>, effects: &[Effect]) -> Verdict {
    let mut verdict = Verdict::Unproven;
    for effect in effects {
        match effect {
            Effect::Welcome(to, Welcome { answer: Ok(admitted), .. }) if *to == conn && Some(admitted.token) == resume => {
                verdict = Verdict::Proved;
            }
            Effect::Welcome(to, Welcome { answer: Err(JoinRefusal::WrongSeatCode), .. }) if *to == conn => return Verdict::WrongCode,
            _ => {}
        }
    }
    if core.may_sit_on(conn) { Verdict::Proved } else { verdict }
}

/// Sleeps until `wake`; never wakes without one (its `select!` branch is off then).
async fn sleep_until(wake: Option<Instant>) {
    match wake {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

/// Carries the core's effects to the connections and the host's own device.
struct Router {
    connections: HashMap<ConnId, Line>,
    local: mpsc::Sender<HostMsg>,
    audit: Option<FrameAudit>,
    waker: Option<super::Waker>,
    outbound_bytes: usize,
    stats: Arc<HostStats>,
    /// What each guest was last told of the others' paths.
    paths_told: PathsTold,
}

impl Router {
    fn carry_out(&mut self, effects: Vec<Effect>, core: &mut TableCore) {
        let mut dropped = Vec::new();
        let mut woken = false;
        for effect in effects {
            match effect {
                Effect::Send(ConnId::LOCAL, message) => {
                    if let Err(mpsc::error::TrySendError::Full(_)) = self.local.try_send(message) {
                        tracing::warn!("this device's window is not reading the table's messages; one was dropped");
                    }
                    woken = true;
                }
                Effect::Welcome(conn, welcome) => self.send_frame(conn, encode_frame(&welcome), core, &mut dropped),
                Effect::Send(conn, message) => self.send_frame(conn, encode_frame(&message), core, &mut dropped),
                Effect::Close(conn, code, reason) => {
                    if let Some(line) = self.connections.remove(&conn) {
                        line.close(code, reason);
                    }
                }
            }
        }
        if let (true, Some(waker)) = (woken, &self.waker) {
            waker();
        }
        // A guest that cannot keep up is dropped like one whose connection failed.
        for conn in dropped {
            let effects = core.disconnected(conn, Instant::now());
            self.carry_out(effects, core);
        }
    }

    fn send_frame(&mut self, conn: ConnId, frame: Result<Vec<u8>, FrameError>, core: &TableCore, dropped: &mut Vec<ConnId>) {
        let Some(line) = self.connections.get(&conn) else { return };
        let frame = match frame {
            Ok(frame) => frame,
            Err(error) => {
                tracing::error!(%error, conn = conn.0, "a message for a guest could not be encoded");
                return;
            }
        };
        if let Some(audit) = &self.audit {
            audit(conn, &frame, core.host());
        }
        if line.frame(frame, self.outbound_bytes) == Err(Backlog::Full) {
            tracing::warn!(conn = conn.0, "guest too slow; dropping it");
            self.stats.count(Counted::TooSlow);
            line.close_now(CloseCode::TooSlow, "too many frames waiting");
            self.connections.remove(&conn);
            dropped.push(conn);
        }
    }

    /// How each connected guest's device is connected now, by connection, in its player's
    /// name order.
    fn measure(&self, core: &TableCore) -> Vec<(ConnId, PeerPath)> {
        let mut measured: Vec<(ConnId, PeerPath)> = self
            .connections
            .iter()
            .filter_map(|(conn, line)| {
                let (path, rtt) = line.path();
                let rtt_ms = u32::try_from(rtt.as_millis()).unwrap_or(u32::MAX);
                core.name_on(*conn).map(|name| (*conn, PeerPath { name: name.to_owned(), path, rtt_ms }))
            })
            .collect();
        measured.sort_by(|(a_conn, a), (b_conn, b)| a.name.cmp(&b.name).then(a_conn.0.cmp(&b_conn.0)));
        measured
    }

    fn close_all(&mut self) {
        for (_, line) in self.connections.drain() {
            line.close(CloseCode::HostLeft, "the host closed the table".to_owned());
        }
    }
}

/// The paths as the host's own screen shows them.
fn device_paths(measured: Vec<(ConnId, PeerPath)>) -> Vec<DevicePath> {
    measured.into_iter().map(|(_, path)| DevicePath::from(path)).collect()
}
