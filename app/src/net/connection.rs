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
use super::limits::{Counted, Gate, HostLimits, HostStats, MessageBudget, Ticket};
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
    },
    Message(ConnId, ClientMsg),
    Gone(ConnId),
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
    connection: quinn::Connection,
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

    /// Asks the writer to close the connection once what is queued is written.
    pub(crate) fn close(&self, code: CloseCode, reason: String) {
        let _ = self.queue.try_send(Outbound::Close(code, reason));
    }

    /// Closes the connection now, whatever waits (a guest that does not read would keep the
    /// writer waiting for ever).
    pub(crate) fn close_now(&self, code: CloseCode, reason: &str) {
        close(&self.connection, code, reason);
    }
}

/// Lets connection attempts in while the gate allows, refusing the rest before any handshake
/// work (a stateless close packet); each admitted one is served in its own task.
pub(crate) async fn accept_loop(
    endpoint: quinn::Endpoint,
    gate: Arc<Gate>,
    limits: HostLimits,
    stats: Arc<HostStats>,
    inbox: mpsc::Sender<Inbound>,
) {
    let mut next = 1_u64;
    while let Some(incoming) = endpoint.accept().await {
        let remote = incoming.remote_address();
        let Some(ticket) = gate.admit(remote.ip()) else {
            tracing::debug!(%remote, "connection refused: a cap is reached");
            incoming.refuse();
            continue;
        };
        let conn = ConnId(next);
        next += 1;
        let span = tracing::info_span!("guest", conn = conn.0, %remote);
        let peer = Peer { conn, ticket, limits, stats: stats.clone(), inbox: inbox.clone() };
        tokio::spawn(peer.serve(incoming).instrument(span));
    }
}

/// A connection being served.
struct Peer {
    conn: ConnId,
    ticket: Ticket,
    limits: HostLimits,
    stats: Arc<HostStats>,
    inbox: mpsc::Sender<Inbound>,
}

impl Peer {
    /// Handshake, Hello, then frames to the table until the connection ends.
    async fn serve(mut self, incoming: quinn::Incoming) {
        let connection = match incoming.await {
            Ok(connection) => connection,
            Err(error) => {
                tracing::info!(%error, "handshake failed");
                return;
            }
        };
        let hello_by = tokio::time::Instant::now() + self.limits.hello_timeout;
        let (send, mut recv) = match tokio::time::timeout_at(hello_by, connection.accept_bi()).await {
            Ok(Ok(streams)) => streams,
            Ok(Err(error)) => {
                tracing::info!(%error, "no stream opened");
                return;
            }
            Err(_) => return self.hello_late(&connection),
        };
        let mut buffer = Vec::new();
        let read = read_payload(&mut recv, &mut buffer, self.limits.frame_deadline);
        let hello = match tokio::time::timeout_at(hello_by, read).await {
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
        if self.inbox.send(Inbound::Hello { conn: self.conn, hello, line }).await.is_err() {
            return;
        }
        self.relay(&connection, &mut recv, &mut buffer).await;
        let _ = self.inbox.send(Inbound::Gone(self.conn)).await;
    }

    /// Hands the peer's messages to the table while they come whole, in time and within budget.
    async fn relay(&self, connection: &quinn::Connection, recv: &mut quinn::RecvStream, buffer: &mut Vec<u8>) {
        let mut budget = MessageBudget::new(&self.limits, Instant::now());
        loop {
            match read_message::<ClientMsg>(recv, buffer, self.limits.frame_deadline).await {
                Ok(Some(message)) => {
                    if !budget.take(Instant::now()) {
                        // A person's device sends a message per click; one this fast is broken
                        // or hostile. Closing it frees what it holds; a seated guest may come
                        // back with its token.
                        tracing::warn!("too many messages; closing this connection");
                        self.stats.count(Counted::RateLimited);
                        close(connection, CloseCode::Protocol, "too many messages");
                        return;
                    }
                    if self.inbox.send(Inbound::Message(self.conn, message)).await.is_err() {
                        return;
                    }
                }
                Ok(None) => return,
                Err(ReadFailure::Late(deadline)) => {
                    tracing::warn!(?deadline, "a frame came too slowly; closing this connection");
                    self.stats.count(Counted::FrameLate);
                    close(connection, CloseCode::Protocol, &ReadFailure::Late(deadline).to_string());
                    return;
                }
                Err(ReadFailure::Frame(error)) => {
                    tracing::warn!(%error, "malformed frame; closing this connection");
                    close(connection, CloseCode::Protocol, &error.to_string());
                    return;
                }
                Err(ReadFailure::Connection(error)) => {
                    tracing::info!(%error, "connection ended");
                    return;
                }
            }
        }
    }

    fn hello_late(&self, connection: &quinn::Connection) {
        self.stats.count(Counted::HelloLate);
        close(connection, CloseCode::Protocol, "no Hello in time");
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

pub(crate) fn close(connection: &quinn::Connection, code: CloseCode, reason: &str) {
    connection.close(quinn::VarInt::from_u32(code as u32), reason.as_bytes());
}

/// Writes a connection's frames in order; a close waits (briefly) until what was written has
/// been received, so a refusal's Welcome is read before the connection closes.
async fn write_frames(
    connection: quinn::Connection,
    mut send: quinn::SendStream,
    mut queue: mpsc::Receiver<Outbound>,
    waiting: Arc<AtomicUsize>,
) {
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
                let _ = send.finish();
                let _ = tokio::time::timeout(Duration::from_secs(2), send.stopped()).await;
                close(&connection, code, &reason);
                return;
            }
        }
    }
}
