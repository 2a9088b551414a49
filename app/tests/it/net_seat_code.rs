//! Issue 30 ("a person who has the code always gets a seat"), over loopback QUIC and through
//! the windows: sitting needs the table's seat code or the host's "Let in"; a wrong code is
//! refused in words; silent and churning devices without the code keep no guest with it from a
//! seat (10 of 10 within 3 s, printed with `--nocapture`).

use crate::net_support;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cardtable::net::codec::encode_frame;
use cardtable::net::guest::{GuestEvent, GuestLink, JoinError, JoinRequest, join};
use cardtable::net::limits::HostLimits;
use cardtable::net::protocol::{ClientMsg, HostMsg, JoinRefusal, LobbyInfo, LobbyProblem, Refusal, Role, SeatCode};
use cardtable::net::table::{HostCommand, TableConfig};
use cardtable::net::tls::Pin;
use cardtable_engine::{AnyOptions, GameKind};
use egui_kittest::kittest::Queryable;
use net_support::attack;
use net_support::hostile::{hostile_settings, one_round};
use net_support::quic::{hello, hello_with_code, host, host_sees, quick_liveness, runtime, settings, test_seat_code};
use net_support::window::{clear, host_a_new_table, loopback_window, run_until, shown_seat_code, temp_dir, type_into};

/// Reads `link`'s lobby messages until one satisfies `wanted` (within `limit`); the last lobby
/// seen, or `None` if none did.
async fn lobby_where(link: &mut GuestLink, limit: Duration, mut wanted: impl FnMut(&LobbyInfo) -> bool) -> Option<LobbyInfo> {
    tokio::time::timeout(limit, async {
        while let Some(event) = link.next().await {
            if let GuestEvent::Message(HostMsg::Lobby(lobby)) = event
                && wanted(&lobby)
            {
                return Some(lobby);
            }
        }
        None
    })
    .await
    .ok()
    .flatten()
}

/// Reads `link` until the host refuses one of its requests (within 10 s).
async fn refusal(link: &mut GuestLink) -> Option<Refusal> {
    tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(event) = link.next().await {
            if let GuestEvent::Message(HostMsg::Refused { refusal, .. }) = event {
                return Some(refusal);
            }
        }
        None
    })
    .await
    .ok()
    .flatten()
}

async fn join_as(address: SocketAddr, pin: Pin, hello: cardtable::net::protocol::Hello) -> Result<GuestLink, JoinError> {
    let mut request = JoinRequest::new(address, pin, hello);
    request.liveness = quick_liveness();
    join(request).await
}

#[test]
fn sitting_needs_the_seat_code_or_the_hosts_let_in() {
    runtime().block_on(async {
        let (mut handle, identity) = host(AnyOptions::defaults(GameKind::CrazyEights), 2, TableConfig::new("Host"), settings());
        let (address, pin) = (handle.addr(), Pin::Fingerprint(identity.fingerprint()));
        assert_eq!(handle.seat_code(), test_seat_code());
        // A wrong code is refused in words, before any place at the table.
        let wrong = SeatCode::from_number(135_790).expect("six digits");
        let error = join_as(address, pin, hello_with_code("Cy", None, Some(wrong))).await.expect_err("a wrong code is refused");
        assert!(matches!(error, JoinError::Refused(JoinRefusal::WrongSeatCode)), "{error:?}");
        assert!(error.to_string().contains("not this table's seat code"), "{error}");
        // Without a code, Bea joins and waits: asking to sit is refused in words and shown to
        // the host, who may let her in.
        let mut bea = join_as(address, pin, hello_with_code("Bea", None, None)).await.expect("joins without the code");
        bea.send(ClientMsg::Sit { seat: None });
        assert_eq!(refusal(&mut bea).await, Some(Refusal::Lobby(LobbyProblem::NeedsSeatCode)));
        host_sees(&mut handle, |message| matches!(message, HostMsg::Lobby(lobby) if lobby.asking == ["Bea"])).await;
        let waiting = lobby_where(&mut bea, Duration::from_secs(5), |lobby| lobby.you == Role::Waiting).await.expect("a lobby");
        assert!(waiting.needs_code, "Bea is told she needs the code");
        assert!(waiting.seats.iter().all(|seat| seat.name != "Bea"));
        // With the code, Ana sits at once.
        let mut ana = join_as(address, pin, hello("Ana", None)).await.expect("joins with the code");
        ana.send(ClientMsg::Sit { seat: None });
        let seated = lobby_where(&mut ana, Duration::from_secs(5), |lobby| matches!(lobby.you, Role::Seated(_))).await;
        assert!(seated.is_some_and(|lobby| !lobby.needs_code), "Ana is seated with the code");
        // The host lets Bea in: she asked, so she sits in the other seat.
        handle.command(HostCommand::LetIn { name: "Bea".to_owned() });
        let seated = lobby_where(&mut bea, Duration::from_secs(5), |lobby| matches!(lobby.you, Role::Seated(_))).await;
        assert!(seated.is_some_and(|lobby| !lobby.needs_code && lobby.asking.is_empty()), "Bea is seated once let in");
        // Her token brings her back to her seat without a code (another connection of hers).
        let token = bea.admitted().token;
        let mut back = join_as(address, pin, hello_with_code("Bea", Some(token), None)).await.expect("back with her token");
        assert_eq!(back.admitted().token, token);
        let seated = lobby_where(&mut back, Duration::from_secs(5), |lobby| matches!(lobby.you, Role::Seated(_))).await;
        assert!(seated.is_some_and(|lobby| !lobby.needs_code), "still seated, no code asked");
        drop(bea);
        handle.close().await;
    });
}

/// The attacks of issue 30, item 1, by devices that lack the code: eight that join, ask for
/// every seat and go silent, and connect–Hello–Sit–close churn from 92 more addresses, each as
/// often as its handshake rate lets it go on (9 a second in all; the churn was one
/// every 0.5 s). A real guest with the code, each time a new device, is seated within 3 s, 10
/// of 10. (A flood at the handshake caps is item 2: `net_hostile_admission`.)
#[test]
fn a_guest_with_the_code_is_seated_within_three_seconds_among_silent_and_churning_devices_without_it() {
    runtime().block_on(async {
        let (handle, identity) = host(one_round(), 2, TableConfig::new("Host"), hostile_settings(HostLimits::default()));
        let (address, fingerprint) = (handle.addr(), identity.fingerprint());
        let stop = Arc::new(AtomicBool::new(false));
        let churned = Arc::new(AtomicUsize::new(0));
        let mut attackers = Vec::new();
        for last in 2..=9_u8 {
            attackers.push(tokio::spawn(async move {
                let endpoint = attack::endpoint_from(last);
                let mute = hello_with_code(&format!("Mute {last}"), None, None);
                let Ok((connection, mut send, _recv)) = attack::say_hello(&endpoint, address, fingerprint, &mute).await else { return };
                let asks = attack::frames(&[ClientMsg::Sit { seat: None }, ClientMsg::Sit { seat: Some(cardtable_engine::Seat(0)) }]);
                let _ = send.write_all(&asks).await;
                // Silent from now on, holding its place.
                connection.closed().await;
            }));
        }
        for last in 10..=101_u8 {
            let (stop, churned) = (stop.clone(), churned.clone());
            attackers.push(tokio::spawn(async move {
                let endpoint = attack::endpoint_from(last);
                let frames = [
                    encode_frame(&hello_with_code("Churn", None, None)).expect("a Hello"),
                    attack::frames(&[ClientMsg::Sit { seat: None }]),
                ]
                .concat();
                // Spread over the first 10 s, then each address as often as the host lets it keep
                // going (its steady rate: one handshake every 10 s): 9 Hellos a second in all.
                tokio::time::sleep(Duration::from_millis(u64::from(last) * 100)).await;
                while !stop.load(Ordering::Relaxed) {
                    if let Ok(connection) =
                        attack::connect_pinned(&endpoint, address, Pin::Fingerprint(fingerprint), Duration::from_secs(1)).await
                    {
                        churned.fetch_add(1, Ordering::Relaxed);
                        if let Ok((mut send, _)) = connection.open_bi().await {
                            let _ = send.write_all(&frames).await;
                        }
                        connection.close(0_u32.into(), b"churn");
                    }
                    tokio::time::sleep(Duration::from_secs(10)).await;
                }
            }));
        }
        // Every churning address under way.
        tokio::time::sleep(Duration::from_secs(10)).await;
        let mut times = Vec::new();
        for attempt in 0..10_u8 {
            let started = Instant::now();
            let mut request = JoinRequest::new(address, Pin::Fingerprint(fingerprint), hello(&format!("Ana {attempt}"), None));
            request.bind = Some(SocketAddr::from(([127, 0, 0, 200 + attempt], 0)));
            let seated = match join(request).await {
                Ok(mut link) => {
                    link.send(ClientMsg::Sit { seat: None });
                    let seated = lobby_where(&mut link, Duration::from_secs(10), |lobby| matches!(lobby.you, Role::Seated(_))).await;
                    link.leave().await;
                    seated.is_some()
                }
                Err(error) => {
                    eprintln!("try {attempt}: {error}");
                    false
                }
            };
            let took = started.elapsed();
            eprintln!("try {attempt}: seated {seated} after {took:?}");
            if seated {
                times.push(took);
            }
        }
        stop.store(true, Ordering::Relaxed);
        let stats = handle.stats();
        eprintln!(
            "8 silent devices and steady churn from 92 addresses without the code ({} handshakes): a guest with the code seated {} of 10 \
             times, the slowest after {:?}; {} attempts refused before their handshake",
            churned.load(Ordering::Relaxed),
            times.len(),
            times.iter().max(),
            stats.handshakes_refused,
        );
        assert_eq!(times.len(), 10, "seated every time");
        assert!(times.iter().all(|took| *took <= Duration::from_secs(3)), "each within 3 s: {times:?}");
        for attacker in attackers {
            attacker.abort();
        }
        handle.close().await;
    });
}

/// Through the host's window: its seat code shows big beside the join code; a guest who joined
/// without it and asks to sit shows "Let in", and one click seats her.
#[test]
fn the_hosts_lobby_lets_in_a_guest_without_the_code_with_one_click() {
    let dir = temp_dir("net-seat-code", "host");
    let mut harness = loopback_window([1000.0, 800.0], dir.clone(), |_| {});
    host_a_new_table(&mut harness, "Host on the home network");
    run_until(&mut harness, "the host's lobby", |harness| harness.query_by_label_contains("Seat code ").is_some());
    let seat_code = shown_seat_code(&harness);
    let code = net_support::window::shown_join_code(&harness);
    assert!(!code.to_string().contains(&seat_code.digits()), "the seat code is not the join code");
    let address_label = harness.get_by_label_contains("Address ").value().unwrap_or_default();
    let port: u16 = address_label.rsplit(' ').next().and_then(|port| port.parse().ok()).expect("the port shown");
    let runtime = runtime();
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let mut bea = runtime.block_on(join_as(address, Pin::JoinCode(code), hello_with_code("Bea", None, None))).expect("joins");
    bea.send(ClientMsg::Sit { seat: None });
    run_until(&mut harness, "Let in beside Bea", |harness| harness.query_by_label("Let in").is_some());
    harness.get_by_label("Let in").click();
    run_until(&mut harness, "Bea seated, Let in gone", |harness| {
        harness.query_by_label("Let in").is_none() && harness.query_by_label("Remove").is_some()
    });
    let seated = runtime.block_on(lobby_where(&mut bea, Duration::from_secs(5), |lobby| matches!(lobby.you, Role::Seated(_))));
    assert!(seated.is_some(), "Bea sits once let in");
    drop(harness);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Through the guest's window: a seat code that is not six digits, or not the table's, is
/// told in words on the join screen; the right one seats the guest from the lobby.
#[test]
fn the_join_screen_tells_a_wrong_seat_code_in_words_and_the_right_one_seats() {
    let runtime = runtime();
    let (handle, identity) = {
        let _runtime = runtime.enter();
        host(AnyOptions::defaults(GameKind::CrazyEights), 2, TableConfig::new("Hosta"), settings())
    };
    let dir = temp_dir("net-seat-code", "guest");
    let mut harness = loopback_window([1000.0, 800.0], dir.clone(), |_| {});
    harness.get_by_label("Join a table on the home network").click();
    harness.run();
    type_into(&mut harness, "Address and port", &handle.addr().to_string());
    type_into(&mut harness, "Join code", &identity.join_code().to_string());
    type_into(&mut harness, "Seat code", "12 34");
    // The join-by-address button is the last "Join" (other tests' tables may be listed above).
    harness.query_all_by_label("Join").last().expect("Join").click();
    run_until(&mut harness, "the format told", |harness| harness.query_by_label_contains("is not a seat code").is_some());
    clear(&mut harness, "Seat code");
    type_into(&mut harness, "Seat code", "135 790");
    // The join-by-address button is the last "Join" (other tests' tables may be listed above).
    harness.query_all_by_label("Join").last().expect("Join").click();
    run_until(&mut harness, "the wrong code told", |harness| harness.query_by_label_contains("not this table's seat code").is_some());
    clear(&mut harness, "Seat code");
    type_into(&mut harness, "Seat code", &test_seat_code().to_string());
    // The join-by-address button is the last "Join" (other tests' tables may be listed above).
    harness.query_all_by_label("Join").last().expect("Join").click();
    run_until(&mut harness, "the lobby", |harness| harness.query_all_by_label("Sit here").next().is_some());
    assert!(harness.query_by_label_contains("joined without the table's seat code").is_none(), "no need to ask the host");
    harness.get_all_by_label("Sit here").next().expect("an open seat").click();
    run_until(&mut harness, "the seat", |harness| harness.query_by_label("I'm ready").is_some());
    drop(harness);
    runtime.block_on(handle.close());
    let _ = std::fs::remove_dir_all(&dir);
}
