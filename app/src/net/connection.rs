//! One guest's connection at the host: let in (or refused) before its handshake by the
//! [`Gate`], then its Hello within a deadline, then its frames, each whole within a deadline
//! and no faster than its message budget, handed to the table task through a bounded queue
//! (a full queue makes the reader wait, and QUIC's flow control makes the peer wait).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::mpsc;
use tracing::Instrument;

use super::codec::{FrameError, decode_payload, encode_frame, peek_version};
use super::initial_filter::RefusalBudgets;
use super::limits::{Counted, Gate, HostLimits, HostStats, Judge, MessageBudget, Source, Ticket};
use super::link::{Link, LinkRecv, LinkSend};
use super::protocol::{ClientMsg, CloseCode, Hello, JoinRefusal, PROTOCOL_VERSION, Welcome};
use super::stream::{ReadFailure, read_message, read_payload};
use super::table::people::ConnId;

/// Frames waiting for one guest, by count (bytes are bounded by [`HostLimits::outbound_bytes`]).
const OUTBOUND_QUEUE: usize = 1024;

/// What reaches the table task from connections and bots.
pub(crate) enum Inbound {
    Hello {
        conn: ConnId,
        hello: Hello,
        line: Line,
        /// Tells the gate whether the Hello proved the device may sit.
        judge: Judge,
    },
    Message(ConnId, ClientMsg),
    /// The connection ended; `faulted`: the host closed it for breaking the protocol.
    Gone {
        conn: ConnId,
        faulted: bool,
    },
    /// A bot's worker has its answer ready.
    BotReady,
}

impl std::fmt::Debug for Inbound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Inbound")
    }
}

/// What a connection's writer does next.
#[derive(Debug)]
pub(crate) enum Outbound {
    Frame(Vec<u8>),
    Close(CloseCode, String),
}

/// The table's line to one connection's writer, with the bytes waiting in it.
#[derive(Debug, Clone)]
pub(crate) struct Line {
    queue: mpsc::Sender<Outbound>,
    waiting: Arc<AtomicUsize>,
    connection: Link,
}

/// Why a frame could not be queued.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Backlog {
    /// Too many frames or bytes wait: the guest is too slow (or does not read).
    Full,
    /// The writer has stopped.
    Closed,
}

impl Line {
    /// Queues a frame unless more than `limit` bytes (or the queue's count) would wait.
    pub(crate) fn frame(&self, frame: Vec<u8>, limit: usize) -> Result<(), Backlog> {
        let len = frame.len();
        if self.waiting.load(Ordering::Relaxed) + len > limit {
            return Err(Backlog::Full);
        }
        self.waiting.fetch_add(len, Ordering::Relaxed);
        self.queue.try_send(Outbound::Frame(frame)).map_err(|error| {
            self.waiting.fetch_sub(len, Ordering::Relaxed);
            match error {
                mpsc::error::TrySendError::Full(_) => Backlog::Full,
                mpsc::error::TrySendError::Closed(_) => Backlog::Closed,
            }
        })
    }

    /// The path the guest's packets take now, and their round trip.
    pub(crate) fn path(&self) -> (super::link::PathKind, Duration) {
        self.connection.path()
    }

    /// Asks the writer to close the connection once what is queued is written.
    pub(crate) fn close(&self, code: CloseCode, reason: String) {
        let _ = self.queue.try_send(Outbound::Close(code, reason));
    }

    /// Closes the connection now, whatever waits (a guest that does not read would keep the
    /// writer waiting for ever).
    pub(crate) fn close_now(&self, code: CloseCode, reason: &str) {
        self.connection.close(code, reason);
    }
}

/// Lets connection attempts in while the gate allows, refusing the rest before any handshake
/// work (a stateless close packet); each admitted one is served in its own task.
pub(crate) async fn accept_loop(endpoint: quinn::Endpoint, doors: Doors, refusals: Arc<RefusalBudgets>) {
    let mut next = 1_u64;
    while let Some(incoming) = endpoint.accept().await {
        let remote = incoming.remote_address();
        let Some(peer) = doors.admit(Source::Ip(remote.ip()), &mut next) else {
            tracing::debug!(%remote, "connection refused: a cap is reached");
            incoming.refuse();
            refusals.answered(remote.ip());
            continue;
        };
        let span = tracing::info_span!("guest", conn = peer.conn.0, %remote);
        let handshake = async move { incoming.await.map(Link::Lan).map_err(|error| error.to_string()) };
        tokio::spawn(peer.serve(handshake).instrument(span));
    }
}

/// What every accept loop shares: the caps, the limits, the counters and the table's inbox.
#[derive(Clone)]
pub(crate) struct Doors {
    pub(crate) gate: Arc<Gate>,
    pub(crate) limits: HostLimits,
    pub(crate) stats: Arc<HostStats>,
    pub(crate) inbox: mpsc::Sender<Inbound>,
}

impl Doors {
    /// A peer to serve, numbered from `next`, if the gate lets `source` in.
    pub(crate) fn admit(&self, source: Source, next: &mut u64) -> Option<Peer> {
        let ticket = self.gate.admit(source)?;
        let conn = ConnId(*next);
        *next += 1;
        Some(Peer { conn, ticket, limits: self.limits, stats: self.stats.clone(), inbox: self.inbox.clone() })
    }
}

/// A connection being served.
pub(crate) struct Peer {
    pub(crate) conn: ConnId,
    ticket: Ticket,
    limits: HostLimits,
    stats: Arc<HostStats>,
    inbox: mpsc::Sender<Inbound>,
}

impl Peer {
    /// Handshake, Hello, then frames to the table until the connection ends.
    pub(crate) async fn serve(mut self, handshake: impl Future<Output = Result<Link, String>>) {
        // A pending connection may be told to make room for another source's (see the gate):
        // dropping the handshake abandons it.
        let connection = tokio::select! {
            handshake = handshake => match handshake {
                Ok(connection) => connection,
                Err(error) => {
                    tracing::info!(%error, "handshake failed");
                    return;
                }
            },
            () = self.ticket.evicted() => {
                tracing::info!("made room for another source's connection during its handshake");
                return;
            }
        };
        let hello_by = tokio::time::Instant::now() + self.limits.hello_timeout;
        let (send, mut recv) = match self.before_hello(&connection, tokio::time::timeout_at(hello_by, connection.accept_bi())).await {
            Some(Ok(Ok(streams))) => streams,
            Some(Ok(Err(error))) => {
                tracing::info!(%error, "no stream opened");
                return;
            }
            Some(Err(_)) => return self.hello_late(&connection),
            None => return,
        };
        let mut buffer = Vec::new();
        let read = read_payload(&mut recv, &mut buffer, self.limits.frame_deadline);
        let Some(hello) = self.before_hello(&connection, tokio::time::timeout_at(hello_by, read)).await else { return };
        let hello = match hello {
            Ok(Ok(true)) => hello_from(&buffer),
            Ok(Ok(false)) => return,
            Ok(Err(ReadFailure::Frame(error))) => Err(HelloProblem::Frame(error)),
            Ok(Err(ReadFailure::Late(_))) | Err(_) => return self.hello_late(&connection),
            Ok(Err(ReadFailure::Connection(error))) => {
                tracing::info!(%error, "connection failed before its Hello");
                return;
            }
        };
        self.ticket.settled();
        let (queue, outbound) = mpsc::channel(OUTBOUND_QUEUE);
        let line = Line { queue, waiting: Arc::default(), connection: connection.clone() };
        tokio::spawn(write_frames(connection.clone(), send, outbound, line.waiting.clone()).in_current_span());
        let hello = match hello {
            Ok(hello) => hello,
            Err(problem) => return refuse_hello(&line, problem),
        };
        if self.inbox.send(Inbound::Hello { conn: self.conn, hello, line, judge: self.ticket.judge() }).await.is_err() {
            return;
        }
        let faulted = self.relay(&connection, &mut recv, &mut buffer).await;
        let _ = self.inbox.send(Inbound::Gone { conn: self.conn, faulted }).await;
    }

    /// Hands the peer's messages to the table while they come whole, in time and within budget;
    /// returns whether it closed the connection for breaking the protocol.
    async fn relay(&self, connection: &Link, recv: &mut LinkRecv, buffer: &mut Vec<u8>) -> bool {
        let mut budget = MessageBudget::for_messages(&self.limits, Instant::now());
        loop {
            match read_message::<ClientMsg>(recv, buffer, self.limits.frame_deadline).await {
                Ok(Some(message)) => {
                    if !budget.take(Instant::now()) {
                        // A person's device sends a message per click; one this fast is broken
                        // or hostile. Closing it frees what it holds (in the lobby its seat
                        // opens at once); a seated guest may come back to a match with its
                        // token.
                        tracing::warn!("too many messages; closing this connection");
                        self.stats.count(Counted::RateLimited);
                        connection.close(CloseCode::Protocol, "too many messages");
                        return true;
                    }
                    if self.inbox.send(Inbound::Message(self.conn, message)).await.is_err() {
                        return false;
                    }
                }
                Ok(None) => return false,
                Err(ReadFailure::Late(deadline)) => {
                    tracing::warn!(?deadline, "a frame came too slowly; closing this connection");
                    self.stats.count(Counted::FrameLate);
                    connection.close(CloseCode::Protocol, &ReadFailure::Late(deadline).to_string());
                    return true;
                }
                Err(ReadFailure::Frame(error)) => {
                    tracing::warn!(%error, "malformed frame; closing this connection");
                    connection.close(CloseCode::Protocol, &error.to_string());
                    return true;
                }
                Err(ReadFailure::Connection(error)) => {
                    tracing::info!(%error, "connection ended");
                    return false;
                }
            }
        }
    }

    /// Waits for `step` unless this connection must make room for another source's first
    /// (then closes it and gives `None`).
    async fn before_hello<T>(&self, connection: &Link, step: impl Future<Output = T>) -> Option<T> {
        tokio::select! {
            done = step => Some(done),
            () = self.ticket.evicted() => {
                tracing::info!("made room for another source's connection before its Hello");
                connection.close(CloseCode::Protocol, "no Hello yet, and another device is waiting to connect");
                None
            }
        }
    }

    fn hello_late(&self, connection: &Link) {
        self.stats.count(Counted::HelloLate);
        connection.close(CloseCode::Protocol, "no Hello in time");
    }
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

/// Turns away a Hello of another version (in words) or a malformed one.
fn refuse_hello(line: &Line, problem: HelloProblem) {
    match problem {
        HelloProblem::Version(guest) => {
            let refusal = JoinRefusal::IncompatibleVersion { host: PROTOCOL_VERSION, guest };
            tracing::info!(%refusal, "guest turned away");
            let reason = refusal.to_string();
            if let Ok(frame) = encode_frame(&Welcome { version: PROTOCOL_VERSION, answer: Err(refusal) }) {
                let _ = line.frame(frame, usize::MAX);
            }
            line.close(CloseCode::Version, reason);
        }
        HelloProblem::Frame(error) => {
            tracing::info!(%error, "malformed Hello");
            line.close(CloseCode::Protocol, error.to_string());
        }
    }
}

/// Writes a connection's frames in order; a close waits (briefly) until what was written has
/// been received, so a refusal's Welcome is read before the connection closes.
async fn write_frames(connection: Link, mut send: LinkSend, mut queue: mpsc::Receiver<Outbound>, waiting: Arc<AtomicUsize>) {
    while let Some(outbound) = queue.recv().await {
        match outbound {
            Outbound::Frame(frame) => {
                let written = send.write_all(&frame).await;
                waiting.fetch_sub(frame.len(), Ordering::Relaxed);
                if let Err(error) = written {
                    tracing::info!(%error, "cannot write to guest");
                    return;
                }
            }
            Outbound::Close(code, reason) => {
                send.finish(Duration::from_secs(2)).await;
                connection.close(code, &reason);
                return;
            }
        }
    }
}
