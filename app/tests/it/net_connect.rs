//! Connecting over loopback QUIC: the pin is checked before any game data (a wrong fingerprint
//! or join code is refused with "host identity changed: expected …, got …"), another protocol
//! version and a foreign ALPN are refused in words, and oversized, garbage or truncated frames
//! close only the connection that sent them while the table goes on.

use crate::net_support;

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::time::Duration;

use cardtable::net::codec::{MAX_FRAME, encode_frame};
use cardtable::net::guest::{Ending, GuestEvent, JoinError, JoinRequest, join};
use cardtable::net::identity::{Fingerprint, Identity};
use cardtable::net::protocol::{ALPN, CloseCode, HostMsg, PROTOCOL_VERSION};
use cardtable::net::table::TableConfig;
use cardtable::net::tls::{Pin, client_config};
use cardtable_engine::{AnyOptions, GameKind};
use net_support::quic::{LeakAudit, hello, host, host_sees, join_pinned, quick_liveness, runtime, settings};

fn table() -> AnyOptions {
    AnyOptions::defaults(GameKind::CrazyEights)
}

#[test]
fn a_wrong_fingerprint_is_refused_before_any_game_data() {
    runtime().block_on(async {
        let audit = LeakAudit::default();
        let mut settings = settings();
        settings.audit = Some(audit.hook());
        let (handle, identity) = host(table(), 3, TableConfig::new("Host"), settings);
        let trusted = Identity::generate().expect("another identity").fingerprint();
        let request = JoinRequest::new(handle.addr(), Pin::Fingerprint(trusted), hello("Ana", None));
        let error = join(request).await.expect_err("refused");
        let JoinError::IdentityChanged { expected, got, presented } = &error else { panic!("{error}") };
        assert_eq!(*expected, trusted.join_code());
        assert_eq!(*got, identity.join_code());
        assert_eq!(*presented, identity.fingerprint());
        assert_eq!(error.to_string(), format!("host identity changed: expected {}, got {}", trusted.join_code(), identity.join_code()));
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(audit.frames.load(Ordering::Relaxed), 0, "not one frame reached the refused guest");
        // The right pin, by fingerprint or by the join code read off the host's screen, works.
        let link = join_pinned(handle.addr(), identity.fingerprint(), hello("Ana", None)).await;
        assert_eq!(link.host(), identity.fingerprint());
        let by_code = join(JoinRequest::new(handle.addr(), Pin::JoinCode(identity.join_code()), hello("Bea", None))).await.expect("joins");
        assert_eq!(by_code.host(), identity.fingerprint(), "the full fingerprint is learnt for next time");
        let wrong_code = JoinRequest::new(handle.addr(), Pin::JoinCode(trusted.join_code()), hello("Cyd", None));
        assert!(matches!(join(wrong_code).await, Err(JoinError::IdentityChanged { .. })));
        handle.close().await;
    });
}

#[test]
fn another_protocol_version_is_refused_in_words() {
    runtime().block_on(async {
        let (mut handle, identity) = host(table(), 3, TableConfig::new("Host"), settings());
        let mut newer = hello("Ana", None);
        newer.version = PROTOCOL_VERSION + 1;
        let error = join(JoinRequest::new(handle.addr(), Pin::Fingerprint(identity.fingerprint()), newer)).await.expect_err("refused");
        assert!(
            matches!(error, JoinError::IncompatibleVersion { host: PROTOCOL_VERSION, guest } if guest == PROTOCOL_VERSION + 1),
            "{error}"
        );
        assert!(error.to_string().starts_with("incompatible version"), "{error}");
        // A client that does not speak Cardtable's ALPN is turned away at the handshake.
        let mut foreign = JoinRequest::new(handle.addr(), Pin::Fingerprint(identity.fingerprint()), hello("Bob", None));
        foreign.alpn = b"h3".to_vec();
        assert!(matches!(join(foreign).await, Err(JoinError::NotCardtable { .. })));
        // The table still admits a proper guest.
        let _link = join_pinned(handle.addr(), identity.fingerprint(), hello("Cyd", None)).await;
        host_sees(&mut handle, |message| matches!(message, HostMsg::Lobby(lobby) if lobby.others == ["Cyd"])).await;
        handle.close().await;
    });
}

/// A raw QUIC connection to the host with the right pin and ALPN, to send whatever bytes.
async fn raw_stream(address: SocketAddr, host: Fingerprint) -> (quinn::Endpoint, quinn::Connection, quinn::SendStream, quinn::RecvStream) {
    let endpoint = quinn::Endpoint::client(SocketAddr::from(([127, 0, 0, 1], 0))).expect("endpoint");
    let (config, _) = client_config(Pin::Fingerprint(host), quick_liveness(), ALPN).expect("config");
    let connection = endpoint.connect_with(config, address, "cardtable.local").expect("connect").await.expect("handshake");
    let (send, recv) = connection.open_bi().await.expect("stream");
    (endpoint, connection, send, recv)
}

/// The code and reason the host closed `connection` with.
async fn closed_with(connection: &quinn::Connection) -> (Option<CloseCode>, String) {
    let error = tokio::time::timeout(Duration::from_secs(5), connection.closed()).await.expect("the host closes it");
    match error {
        quinn::ConnectionError::ApplicationClosed(close) => {
            (CloseCode::from_u64(close.error_code.into_inner()), String::from_utf8_lossy(&close.reason).into_owned())
        }
        other => (None, other.to_string()),
    }
}

#[test]
fn oversized_garbage_and_truncated_frames_close_only_their_connection() {
    runtime().block_on(async {
        let (mut handle, identity) = host(table(), 3, TableConfig::new("Host"), settings());
        let address = handle.addr();
        let fingerprint = identity.fingerprint();
        // A friend at the table all along.
        let mut friend = join_pinned(address, fingerprint, hello("Ana", None)).await;

        // A first frame announcing 1 MiB: refused from its length prefix alone.
        let (_endpoint, connection, mut send, _recv) = raw_stream(address, fingerprint).await;
        send.write_all(&u32::try_from(16 * MAX_FRAME).expect("fits").to_be_bytes()).await.expect("write");
        let (code, reason) = closed_with(&connection).await;
        assert_eq!(code, Some(CloseCode::Protocol));
        assert!(reason.contains("larger than"), "{reason}");

        // A Hello-sized frame of garbage.
        let (_endpoint, connection, mut send, _recv) = raw_stream(address, fingerprint).await;
        let mut garbage = 6_u32.to_be_bytes().to_vec();
        garbage.extend([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]);
        send.write_all(&garbage).await.expect("write");
        assert_eq!(closed_with(&connection).await.0, Some(CloseCode::Protocol));

        // A proper Hello, then garbage after it: this guest is dropped, with the reason.
        let (_endpoint, connection, mut send, _recv) = raw_stream(address, fingerprint).await;
        send.write_all(&encode_frame(&hello("Mallory", None)).expect("encodes")).await.expect("write");
        host_sees(&mut handle, |message| matches!(message, HostMsg::Lobby(lobby) if lobby.others.contains(&"Mallory".to_owned()))).await;
        send.write_all(&[0, 0, 0, 3, 250, 251, 252]).await.expect("write");
        let (code, reason) = closed_with(&connection).await;
        assert_eq!(code, Some(CloseCode::Protocol));
        assert!(reason.contains("no valid message"), "{reason}");
        host_sees(&mut handle, |message| matches!(message, HostMsg::Lobby(lobby) if lobby.others == ["Ana"])).await;

        // A Hello cut short by the end of its stream.
        let (_endpoint, connection, mut send, _recv) = raw_stream(address, fingerprint).await;
        let frame = encode_frame(&hello("Trudy", None)).expect("encodes");
        send.write_all(&frame[..frame.len() - 2]).await.expect("write");
        send.finish().expect("finish");
        assert_eq!(closed_with(&connection).await.0, Some(CloseCode::Protocol));

        // The friend never noticed: still connected, and the table still admits people.
        assert!(friend.try_next().is_none_or(|event| matches!(event, GuestEvent::Message(_))));
        let _late = join_pinned(address, fingerprint, hello("Bea", None)).await;
        host_sees(&mut handle, |message| matches!(message, HostMsg::Lobby(lobby) if lobby.others == ["Ana", "Bea"])).await;
        handle.close().await;
        let ended = loop {
            match tokio::time::timeout(Duration::from_secs(5), friend.next()).await.expect("told in time") {
                Some(GuestEvent::Ended(ending)) => break ending,
                Some(GuestEvent::Message(_) | GuestEvent::Reconnecting(_) | GuestEvent::Reconnected(_)) => {}
                None => panic!("no ending told"),
            }
        };
        assert_eq!(ended, Ending::HostLeft);
    });
}
