//! The QUIC host: an endpoint with the device certificate, one task per guest connection (in a
//! tracing span), and one task that owns the [`TableCore`] and carries out its effects. Bots
//! decide on blocking worker threads, paced so people can follow them.
//!
//! A connection's first frame must be a Hello within [`HELLO_TIMEOUT`]; a frame over the cap
//! or one that does not decode closes that connection with the reason, and the table plays on.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot, watch};
use tracing::Instrument;

use super::codec::{FrameError, decode_payload, encode_frame, peek_version};
use super::identity::{Fingerprint, Identity, JoinCode};
use super::protocol::{ClientMsg, CloseCode, Hello, HostMsg, JoinRefusal, PROTOCOL_VERSION, Welcome};
use super::stream::{ReadFailure, read_message, read_payload};
use super::table::people::ConnId;
use super::table::{Effect, HostCommand, TableCore};
use super::tls::{Liveness, TlsError, server_config};
use crate::session::authority::Pacing;
use crate::session::bots::PendingDecision;
use crate::session::host::Host;

/// The UDP port a host listens on when it is free (else any free port; the host's screen shows
/// which).
pub const DEFAULT_PORT: u16 = 47_475;

/// How long a new connection may take to say Hello.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// Frames waiting for one slow guest before it is dropped.
const OUTBOUND_QUEUE: usize = 1024;

/// A look at every frame sent to a guest, with the state it was made from (the leak tests use
/// it; the app does not).
pub type FrameAudit = Arc<dyn Fn(ConnId, &[u8], Option<&Host>) + Send + Sync>;

/// How a host runs.
#[derive(Clone)]
pub struct HostSettings {
    /// Where to listen (`0.0.0.0:0`: every interface, any free port).
    pub bind: SocketAddr,
    /// Keep-alives and the idle timeout after which a silent guest counts as dropped.
    pub liveness: Liveness,
    /// How bots are paced so people can follow them (the host may change it during play).
    pub bot_pace: Pacing,
    /// How often the grace periods are checked.
    pub tick: Duration,
    /// Optional look at every frame sent (tests).
    pub audit: Option<FrameAudit>,
    /// Called when a message for the host's own device is waiting (wakes the window).
    pub waker: Option<super::Waker>,
}

impl Default for HostSettings {
    fn default() -> HostSettings {
        HostSettings {
            bind: SocketAddr::from(([0, 0, 0, 0], 0)),
            liveness: Liveness::default(),
            bot_pace: Pacing::from(crate::settings::BotPace::Normal),
            tick: Duration::from_millis(250),
            audit: None,
            waker: None,
        }
    }
}

impl std::fmt::Debug for HostSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostSettings")
            .field("bind", &self.bind)
            .field("liveness", &self.liveness)
            .field("bot_pace", &self.bot_pace)
            .finish_non_exhaustive()
    }
}

/// Why a host could not start.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// TLS could not be configured.
    #[error(transparent)]
    Tls(#[from] TlsError),
    /// The address could not be bound.
    #[error("cannot listen on {bind}: {source}")]
    Bind {
        /// The address.
        bind: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}

/// What reaches the table task.
enum Inbound {
    Hello {
        conn: ConnId,
        hello: Hello,
        outbound: mpsc::Sender<Outbound>,
    },
    Message(ConnId, ClientMsg),
    Gone(ConnId),
    Command(HostCommand),
    /// A bot's worker has its answer ready.
    BotReady,
    Shutdown(oneshot::Sender<()>),
}

/// What a connection's writer does next.
#[derive(Debug)]
enum Outbound {
    Frame(Vec<u8>),
    Close(CloseCode, String),
}

/// A running host: its address and identity, and the host's own device's line to the table.
#[derive(Debug)]
pub struct HostHandle {
    addr: SocketAddr,
    fingerprint: Fingerprint,
    inbox: mpsc::UnboundedSender<Inbound>,
    local: Option<mpsc::UnboundedReceiver<HostMsg>>,
    state: MatchState,
    endpoint: quinn::Endpoint,
}

/// The match at a hosted table as its authority holds it, for the host's own device to keep
/// (saved after every move, recorded with its full replay): a copy after every change, `None`
/// in the lobby. Nothing of it is ever sent to a guest.
pub type MatchState = watch::Receiver<Option<Arc<Host>>>;

/// The host's own device's line to its table, for the device's table screen: it sends like a
/// guest and receives what the table tells the host's device.
#[derive(Debug)]
pub struct LocalLine {
    inbox: mpsc::UnboundedSender<Inbound>,
    from_table: mpsc::UnboundedReceiver<HostMsg>,
    state: MatchState,
}

impl LocalLine {
    /// Sends a request as the host's device.
    pub fn send(&self, message: ClientMsg) {
        let _ = self.inbox.send(Inbound::Message(ConnId::LOCAL, message));
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
        let _ = self.inbox.send(Inbound::Command(command));
    }

    /// The match as the table's authority holds it, when it changed since the last call.
    pub fn match_changed(&mut self) -> Option<Option<Arc<Host>>> {
        self.state.has_changed().unwrap_or(false).then(|| self.state.borrow_and_update().clone())
    }
}

impl std::fmt::Debug for Inbound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Inbound")
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

    /// Configures the table (lobby), starts a match, and so on.
    pub fn command(&self, command: HostCommand) {
        let _ = self.inbox.send(Inbound::Command(command));
    }

    /// The host's own device acts at the table (its seats), like a guest.
    pub fn send(&self, message: ClientMsg) {
        let _ = self.inbox.send(Inbound::Message(ConnId::LOCAL, message));
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
        Some(LocalLine { inbox: self.inbox.clone(), from_table: self.local.take()?, state: self.state.clone() })
    }

    /// Closes the table: every guest is told the host left, then the endpoint shuts down.
    pub async fn close(self) {
        let (done, wait) = oneshot::channel();
        if self.inbox.send(Inbound::Shutdown(done)).is_ok() {
            let _ = wait.await;
        }
        self.endpoint.close(quinn::VarInt::from_u32(CloseCode::HostLeft as u32), b"the host closed the table");
        let _ = tokio::time::timeout(Duration::from_secs(2), self.endpoint.wait_idle()).await;
    }
}

impl Drop for HostHandle {
    // A host dropped without `close` still tells its guests; its tasks then wind down.
    fn drop(&mut self) {
        self.endpoint.close(quinn::VarInt::from_u32(CloseCode::HostLeft as u32), b"the host closed the table");
    }
}

/// Starts hosting `table` on `settings.bind` with `identity`. Must run inside a tokio runtime.
///
/// # Errors
/// TLS setup failed, or the address cannot be bound.
pub fn start_host(table: TableCore, identity: &Identity, settings: HostSettings) -> Result<HostHandle, HostError> {
    let config = server_config(identity, settings.liveness)?;
    let endpoint = quinn::Endpoint::server(config, settings.bind).map_err(|source| HostError::Bind { bind: settings.bind, source })?;
    let addr = endpoint.local_addr().map_err(|source| HostError::Bind { bind: settings.bind, source })?;
    let (inbox, inbound) = mpsc::unbounded_channel();
    let (local_tx, local) = mpsc::unbounded_channel();
    let (state_tx, state) = watch::channel(None);
    tracing::info!(%addr, code = %identity.join_code(), "hosting a table");
    tokio::spawn(accept_loop(endpoint.clone(), inbox.clone()).instrument(tracing::info_span!("accept", %addr)));
    let lines = Lines { inbox: inbox.downgrade(), local: local_tx, state: state_tx };
    tokio::spawn(run_table(table, inbound, lines, settings).instrument(tracing::info_span!("table", %addr)));
    Ok(HostHandle { addr, fingerprint: identity.fingerprint(), inbox, local: Some(local), state, endpoint })
}

async fn accept_loop(endpoint: quinn::Endpoint, inbox: mpsc::UnboundedSender<Inbound>) {
    let mut next = 1_u64;
    while let Some(incoming) = endpoint.accept().await {
        let conn = ConnId(next);
        next += 1;
        let span = tracing::info_span!("guest", conn = conn.0, remote = %incoming.remote_address());
        tokio::spawn(serve_connection(incoming, conn, inbox.clone()).instrument(span));
    }
}

/// One guest's connection: handshake, Hello, then frames to the table until it ends.
async fn serve_connection(incoming: quinn::Incoming, conn: ConnId, inbox: mpsc::UnboundedSender<Inbound>) {
    let connection = match incoming.await {
        Ok(connection) => connection,
        Err(error) => {
            tracing::info!(%error, "handshake failed");
            return;
        }
    };
    let (send, mut recv) = match tokio::time::timeout(HELLO_TIMEOUT, connection.accept_bi()).await {
        Ok(Ok(streams)) => streams,
        Ok(Err(error)) => {
            tracing::info!(%error, "no stream opened");
            return;
        }
        Err(_) => {
            close(&connection, CloseCode::Protocol, "no Hello in time");
            return;
        }
    };
    let mut buffer = Vec::new();
    let hello = match tokio::time::timeout(HELLO_TIMEOUT, read_payload(&mut recv, &mut buffer)).await {
        Ok(Ok(true)) => hello_from(&buffer),
        Ok(Ok(false)) => return,
        Ok(Err(ReadFailure::Frame(error))) => Err(HelloProblem::Frame(error)),
        Ok(Err(ReadFailure::Connection(error))) => {
            tracing::info!(%error, "connection failed before its Hello");
            return;
        }
        Err(_) => {
            close(&connection, CloseCode::Protocol, "no Hello in time");
            return;
        }
    };
    let (outbound, queue) = mpsc::channel(OUTBOUND_QUEUE);
    tokio::spawn(write_frames(connection.clone(), send, queue).in_current_span());
    match hello {
        Ok(hello) => {
            let _ = inbox.send(Inbound::Hello { conn, hello, outbound });
        }
        Err(HelloProblem::Version(guest)) => {
            let refusal = JoinRefusal::IncompatibleVersion { host: PROTOCOL_VERSION, guest };
            tracing::info!(%refusal, "guest turned away");
            let reason = refusal.to_string();
            if let Ok(frame) = encode_frame(&Welcome { version: PROTOCOL_VERSION, answer: Err(refusal) }) {
                let _ = outbound.send(Outbound::Frame(frame)).await;
            }
            let _ = outbound.send(Outbound::Close(CloseCode::Version, reason)).await;
            return;
        }
        Err(HelloProblem::Frame(error)) => {
            tracing::info!(%error, "malformed Hello");
            let _ = outbound.send(Outbound::Close(CloseCode::Protocol, error.to_string())).await;
            return;
        }
    }
    loop {
        match read_message::<ClientMsg>(&mut recv, &mut buffer).await {
            Ok(Some(message)) => {
                if inbox.send(Inbound::Message(conn, message)).is_err() {
                    break;
                }
            }
            Ok(None) => break,
            Err(ReadFailure::Frame(error)) => {
                tracing::warn!(%error, "malformed frame; closing this connection");
                close(&connection, CloseCode::Protocol, &error.to_string());
                break;
            }
            Err(ReadFailure::Connection(error)) => {
                tracing::info!(%error, "connection ended");
                break;
            }
        }
    }
    let _ = inbox.send(Inbound::Gone(conn));
}

enum HelloProblem {
    Version(u32),
    Frame(FrameError),
}

/// Reads a Hello: the version first, so another version is answered in words.
fn hello_from(payload: &[u8]) -> Result<Hello, HelloProblem> {
    let version = peek_version(payload).map_err(HelloProblem::Frame)?;
    if version != PROTOCOL_VERSION {
        return Err(HelloProblem::Version(version));
    }
    decode_payload(payload).map_err(HelloProblem::Frame)
}

fn close(connection: &quinn::Connection, code: CloseCode, reason: &str) {
    connection.close(quinn::VarInt::from_u32(code as u32), reason.as_bytes());
}

/// Writes a connection's frames in order; a close waits (briefly) until what was written has
/// been received, so a refusal's Welcome is read before the connection closes.
async fn write_frames(connection: quinn::Connection, mut send: quinn::SendStream, mut queue: mpsc::Receiver<Outbound>) {
    while let Some(outbound) = queue.recv().await {
        match outbound {
            Outbound::Frame(frame) => {
                if let Err(error) = send.write_all(&frame).await {
                    tracing::info!(%error, "cannot write to guest");
                    return;
                }
            }
            Outbound::Close(code, reason) => {
                let _ = send.finish();
                let _ = tokio::time::timeout(Duration::from_secs(2), send.stopped()).await;
                close(&connection, code, &reason);
                return;
            }
        }
    }
}

/// The table task: owns the core, carries out its effects, and wakes it when its clock says
/// (a bot's pause or a snap window's grace ends, bots' optional answers are due, the grace of a
/// dropped guest runs out).
async fn run_table(mut core: TableCore, mut inbound: mpsc::UnboundedReceiver<Inbound>, lines: Lines, settings: HostSettings) {
    let Lines { inbox, local, state } = lines;
    let mut router = Router { connections: HashMap::new(), local, audit: settings.audit.clone(), waker: settings.waker.clone() };
    let mut published = None;
    let mut ticker = tokio::time::interval(settings.tick);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut thinking: Option<PendingDecision> = None;
    core.set_pacing(settings.bot_pace);
    // The host's own device sees the lobby from the start.
    router.carry_out(core.command(HostCommand::BackToLobby), &mut core);
    loop {
        let wake = core.wake_at();
        let effects = tokio::select! {
            message = inbound.recv() => match message {
                None => break,
                Some(Inbound::Hello { conn, hello, outbound }) => {
                    router.connections.insert(conn, outbound);
                    core.join(conn, hello)
                }
                Some(Inbound::Message(conn, message)) => core.receive(conn, message, Instant::now()),
                Some(Inbound::Gone(conn)) => {
                    router.connections.remove(&conn);
                    core.disconnected(conn, Instant::now())
                }
                Some(Inbound::Command(command)) => core.command(command),
                Some(Inbound::BotReady) => collect_decision(&mut thinking, &mut core),
                Some(Inbound::Shutdown(done)) => {
                    router.close_all();
                    let _ = done.send(());
                    break;
                }
            },
            _ = ticker.tick() => core.tick(Instant::now()),
            () = sleep_until(wake), if wake.is_some() => Vec::new(),
        };
        router.carry_out(effects, &mut core);
        // Bots answer "One!" and snaps a moment after each move, as people would; one answer
        // per call, so each frame is made in the state it shows.
        for _ in 0..crate::net::table::MOST_OPTIONAL_ANSWERS {
            let answers = core.bot_optional(Instant::now());
            if answers.is_empty() {
                break;
            }
            router.carry_out(answers, &mut core);
        }
        if thinking.is_none()
            && let Some(turn) = core.bot_turn(Instant::now())
        {
            let inbox = inbox.clone();
            thinking = Some(PendingDecision::start(Box::new(turn), move || {
                if let Some(inbox) = inbox.upgrade() {
                    let _ = inbox.send(Inbound::BotReady);
                }
            }));
            let effects = collect_decision(&mut thinking, &mut core);
            router.carry_out(effects, &mut core);
        }
        let mark = core.host().map(|host| (host.seed(), host.steps().len()));
        if mark != published {
            published = mark;
            state.send_replace(core.host().cloned().map(Arc::new));
        }
    }
}

/// The table task's lines out: to itself (bots' workers), to the host's own device, and the
/// match state for the host's device to keep.
struct Lines {
    inbox: mpsc::WeakUnboundedSender<Inbound>,
    local: mpsc::UnboundedSender<HostMsg>,
    state: watch::Sender<Option<Arc<Host>>>,
}

/// Sleeps until `wake`; never wakes without one (its `select!` branch is off then).
async fn sleep_until(wake: Option<Instant>) {
    match wake {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

/// Hands a bot's decision to the core once it is made.
fn collect_decision(thinking: &mut Option<PendingDecision>, core: &mut TableCore) -> Vec<Effect> {
    let Some(pending) = thinking else { return Vec::new() };
    let answer = match pending.poll() {
        Ok(None) => return Vec::new(),
        Ok(Some(answer)) => answer,
        Err(_) => {
            tracing::error!(seat = pending.turn.seat.0, "a bot's worker ended without answering");
            None
        }
    };
    let Some(pending) = thinking.take() else { return Vec::new() };
    core.bot_acted(&pending.turn, answer, Instant::now())
}

/// Carries the core's effects to the connections and the host's own device.
struct Router {
    connections: HashMap<ConnId, mpsc::Sender<Outbound>>,
    local: mpsc::UnboundedSender<HostMsg>,
    audit: Option<FrameAudit>,
    waker: Option<super::Waker>,
}

impl Router {
    fn carry_out(&mut self, effects: Vec<Effect>, core: &mut TableCore) {
        let mut dropped = Vec::new();
        let mut woken = false;
        for effect in effects {
            match effect {
                Effect::Send(ConnId::LOCAL, message) => {
                    let _ = self.local.send(message);
                    woken = true;
                }
                Effect::Welcome(conn, welcome) => self.send_frame(conn, encode_frame(&welcome), core, &mut dropped),
                Effect::Send(conn, message) => self.send_frame(conn, encode_frame(&message), core, &mut dropped),
                Effect::Close(conn, code, reason) => {
                    if let Some(queue) = self.connections.remove(&conn) {
                        let _ = queue.try_send(Outbound::Close(code, reason));
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
        let Some(queue) = self.connections.get(&conn) else { return };
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
        if let Err(mpsc::error::TrySendError::Full(_)) = queue.try_send(Outbound::Frame(frame)) {
            tracing::warn!(conn = conn.0, "guest too slow; dropping it");
            let _ = queue.try_send(Outbound::Close(CloseCode::TooSlow, "too many frames waiting".to_owned()));
            self.connections.remove(&conn);
            dropped.push(conn);
        }
    }

    fn close_all(&mut self) {
        for (_, queue) in self.connections.drain() {
            let _ = queue.try_send(Outbound::Close(CloseCode::HostLeft, "the host closed the table".to_owned()));
        }
    }
}
