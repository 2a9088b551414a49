//! Hostile peers on loopback: raw QUIC connections that pass the guest's pinning (they trust
//! the host) and then do what the protocol does not: open every stream they may, push bytes
//! the host never asked for, trickle a frame, say Hello and nothing more, flood messages.
//! Everything talks to 127.0.0.1 only.

use std::net::SocketAddr;
use std::time::Duration;

use cardtable::net::codec::encode_frame;
use cardtable::net::identity::Fingerprint;
use cardtable::net::protocol::{ALPN, ClientMsg, Hello};
use cardtable::net::tls::{Liveness, Pin, SERVER_NAME, client_config};

/// A client endpoint on loopback for many hostile connections.
pub fn endpoint() -> quinn::Endpoint {
    endpoint_from(1)
}

/// A client endpoint on loopback address 127.0.0.`last` (Linux routes all of 127/8 to
/// loopback): one of many source addresses.
pub fn endpoint_from(last: u8) -> quinn::Endpoint {
    quinn::Endpoint::client(SocketAddr::from(([127, 0, 0, last], 0))).expect("a loopback socket")
}

/// Connects to the host at `address`, trusting `host` (so the handshake completes).
///
/// # Errors
/// The host refused or ignored the connection (a cap), or it timed out.
pub async fn connect(endpoint: &quinn::Endpoint, address: SocketAddr, host: Fingerprint) -> Result<quinn::Connection, String> {
    connect_within(endpoint, address, host, Duration::from_secs(3)).await
}

/// [`connect`], waiting up to `wait` for the handshake: for tests that measure what a
/// connection makes the host hold, not how fast the host lets it in.
pub async fn connect_within(
    endpoint: &quinn::Endpoint,
    address: SocketAddr,
    host: Fingerprint,
    wait: Duration,
) -> Result<quinn::Connection, String> {
    connect_pinned(endpoint, address, Pin::Fingerprint(host), wait).await
}

/// [`connect_within`], pinning `pin` (a join code, as a device that read it off the host).
///
/// # Errors
/// The host refused or ignored the connection (a cap), or it timed out.
pub async fn connect_pinned(
    endpoint: &quinn::Endpoint,
    address: SocketAddr,
    pin: Pin,
    wait: Duration,
) -> Result<quinn::Connection, String> {
    // The usual liveness (five seconds): a loaded test machine must not drop an attacker early.
    let (config, _) = client_config(pin, Liveness::default(), ALPN).expect("client TLS");
    let connecting = endpoint.connect_with(config, address, SERVER_NAME).map_err(|error| error.to_string())?;
    match tokio::time::timeout(wait, connecting).await {
        Ok(Ok(connection)) => Ok(connection),
        Ok(Err(error)) => Err(error.to_string()),
        Err(_) => Err("no answer in time".to_owned()),
    }
}

/// Connects and says Hello as `name`; returns the connection and its stream (the Welcome is
/// left unread: a hostile peer reads nothing).
pub async fn say_hello(
    endpoint: &quinn::Endpoint,
    address: SocketAddr,
    host: Fingerprint,
    hello: &Hello,
) -> Result<(quinn::Connection, quinn::SendStream, quinn::RecvStream), String> {
    let connection = connect(endpoint, address, host).await?;
    let (mut send, recv) = connection.open_bi().await.map_err(|error| error.to_string())?;
    send.write_all(&encode_frame(hello).expect("a Hello encodes")).await.map_err(|error| error.to_string())?;
    Ok((connection, send, recv))
}

/// The frames of `messages`, back to back (one write, as a flood arrives).
pub fn frames(messages: &[ClientMsg]) -> Vec<u8> {
    messages.iter().flat_map(|message| encode_frame(message).expect("a message encodes")).collect()
}

/// What a pushing peer holds open (dropping it would end the streams) and how much it pushed.
pub struct Pushed {
    /// Bytes the host's transport took.
    pub bytes: usize,
    /// Streams opened (bidirectional and unidirectional).
    pub streams: usize,
    /// Datagrams the host's transport took.
    pub datagrams: usize,
    /// The streams, kept open.
    pub kept: Vec<quinn::SendStream>,
}

/// Bytes pushed into each stream: a frame of the largest size announced, then all of it but
/// its last bytes, so a host that reads the stream waits for the rest.
const PER_STREAM: usize = 65_000;

/// Pushes as much as the host's transport takes: up to `streams` streams of each kind, each
/// with an unfinished 64 KiB frame, then datagrams; a write the host does not take within a
/// moment ends that part of the push.
pub async fn push_everything(connection: &quinn::Connection, streams: usize, datagram_bytes: usize) -> Pushed {
    let moment = Duration::from_millis(300);
    let chunk = vec![0x5A_u8; 8 * 1024];
    let mut pushed = Pushed { bytes: 0, streams: 0, datagrams: 0, kept: Vec::new() };
    for unidirectional in [false, true] {
        for _ in 0..streams {
            let opened = if unidirectional {
                tokio::time::timeout(moment, connection.open_uni()).await.ok().and_then(Result::ok)
            } else {
                tokio::time::timeout(moment, connection.open_bi()).await.ok().and_then(Result::ok).map(|(send, _)| send)
            };
            let Some(mut send) = opened else { break };
            pushed.streams += 1;
            let prefix = u32::try_from(cardtable::net::codec::MAX_FRAME).expect("fits").to_be_bytes();
            if !matches!(tokio::time::timeout(moment, send.write_all(&prefix)).await, Ok(Ok(()))) {
                break;
            }
            let mut left = PER_STREAM;
            while left > 0 {
                let part = &chunk[..left.min(chunk.len())];
                match tokio::time::timeout(moment, send.write_all(part)).await {
                    Ok(Ok(())) => {
                        left -= part.len();
                        pushed.bytes += part.len();
                    }
                    _ => break,
                }
            }
            pushed.kept.push(send);
        }
    }
    if let Some(size) = connection.max_datagram_size() {
        let datagram = vec![0xA5_u8; size.min(1200)];
        let mut sent = 0;
        while sent < datagram_bytes {
            if connection.send_datagram(datagram.clone().into()).is_err() {
                break;
            }
            sent += datagram.len();
            pushed.datagrams += 1;
            tokio::task::yield_now().await;
        }
        pushed.bytes += sent;
    }
    pushed
}

/// This process's resident memory in bytes (Linux: /proc/self/statm), which holds the host,
/// its guests and the attackers alike: a bound on it bounds the host.
pub fn resident_bytes() -> usize {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: usize = statm.split_whitespace().nth(1).and_then(|field| field.parse().ok()).expect("resident pages");
    pages * 4096
}
