//! Issue 30, a budget of wrong seat codes: on the LAN the seat code changes once guessing spends
//! the budget (five wrong codes from one source, or twenty from everyone, in a minute), guests
//! already seated keep their places and the host's screen has the new code at once; online the
//! code never changes by itself, wrong codes are only rate-limited. While the budget is spent
//! no code is checked: a device joins as one without it (the host may let it in).

use crate::net_support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use cardtable::net::guest::{GuestEvent, JoinError, JoinRequest, join};
use cardtable::net::protocol::{ClientMsg, HostMsg, JoinAs, JoinRefusal, LobbyProblem, Refusal, Role, SeatCode};
use cardtable::net::table::TableConfig;
use cardtable::net::table::people::ConnId;
use cardtable::net::table::wrong_codes::WRONG_CODES_PER_MINUTE;
use cardtable::net::tls::Pin;
use cardtable_engine::{AnyOptions, GameKind};
use net_support::memory::{Memory, test_seat_code};
use net_support::quic::{hello, hello_with_code, host, quick_liveness, runtime, settings};

/// A code that is not the tests' seat code: the `index`th guess.
fn guess(index: u32) -> SeatCode {
    SeatCode::from_number(100_000 + index).expect("six digits")
}

/// A two-seat Crazy Eights table in memory with Ana seated (she gave the code).
fn table_with_ana() -> Memory {
    let mut table = Memory::new(AnyOptions::defaults(GameKind::CrazyEights), 2, 30);
    table.join(ConnId(1), "Ana", JoinAs::Player);
    table.send(ConnId(1), ClientMsg::Sit { seat: None });
    assert_eq!(table.core.seats()[0].name(), "Ana");
    table
}

/// Devices on `conns` each give the wrong code `guess(conn)`; how many were refused and closed.
fn guesses(table: &mut Memory, conns: std::ops::Range<u64>) -> usize {
    conns
        .filter(|conn| {
            let conn = ConnId(*conn);
            let code = guess(u32::try_from(conn.0).expect("small"));
            table.join_with_code(conn, &format!("Guess {}", conn.0), JoinAs::Player, Some(code));
            table.devices[&conn].closed
        })
        .count()
}

/// Whether the device on `conn` is told it needs the seat code when it asks to sit.
fn needs_the_code(table: &mut Memory, conn: ConnId) -> bool {
    table.send(conn, ClientMsg::Sit { seat: None });
    table.devices[&conn].table.refusal == Some(Refusal::Lobby(LobbyProblem::NeedsSeatCode))
}

/// Whether `link` is told, within 5 s, that it is seated and `other` holds a seat.
async fn seated_beside(link: &mut cardtable::net::guest::GuestLink, other: &str) -> bool {
    tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(event) = link.next().await {
            if let GuestEvent::Message(HostMsg::Lobby(lobby)) = event
                && matches!(lobby.you, Role::Seated(_))
                && lobby.seats.iter().any(|seat| seat.name == other)
            {
                return true;
            }
        }
        false
    })
    .await
    .unwrap_or(false)
}

#[test]
fn on_the_lan_the_seat_code_changes_once_wrong_codes_spend_the_budget() {
    let mut table = table_with_ana();
    let budget = u64::from(WRONG_CODES_PER_MINUTE);
    assert_eq!(guesses(&mut table, 100..99 + budget), 19, "each wrong code refused");
    assert_eq!(table.core.seat_code(), test_seat_code(), "the code stays within the budget");
    assert_eq!(guesses(&mut table, 99 + budget..100 + budget), 1);
    let new_code = table.core.seat_code();
    assert_ne!(new_code, test_seat_code(), "the twentieth changes it");
    assert_eq!(table.core.seat_code_changes(), 1);
    assert_eq!(table.core.seats()[0].name(), "Ana", "a seated guest keeps her seat");
    // The budget is spent: a code, wrong or the old one, is not checked; the device waits for
    // the host's Let in, and the code changes no more within the minute.
    assert_eq!(guesses(&mut table, 200..210), 0, "no answer about the code");
    table.join_with_code(ConnId(300), "Old", JoinAs::Player, Some(test_seat_code()));
    assert!(needs_the_code(&mut table, ConnId(300)), "the old code seats nobody");
    assert_eq!(table.core.seat_code(), new_code);
    // A minute on, the budget is back: the new code seats, the old one is wrong.
    table.clock += Duration::from_secs(61);
    table.join_with_code(ConnId(400), "Bea", JoinAs::Player, Some(new_code));
    table.send(ConnId(400), ClientMsg::Sit { seat: None });
    assert_eq!(table.core.seats()[1].name(), "Bea");
    table.join_with_code(ConnId(401), "Cy", JoinAs::Player, Some(test_seat_code()));
    assert!(table.devices[&ConnId(401)].closed, "the old code is wrong now");
}

#[test]
fn online_the_seat_code_never_changes_and_wrong_codes_are_only_rate_limited() {
    let mut table = table_with_ana();
    table.core.keep_seat_code();
    let budget = u64::from(WRONG_CODES_PER_MINUTE);
    assert_eq!(guesses(&mut table, 100..100 + budget), 20, "the budget's wrong codes refused");
    assert_eq!(guesses(&mut table, 200..230), 0, "beyond it, not checked");
    assert_eq!(table.core.seat_code(), test_seat_code(), "the invite's code stays");
    assert_eq!(table.core.seat_code_changes(), 0);
    // Not checked means not even the right one seats while the budget is spent...
    table.join_with_code(ConnId(300), "Bea", JoinAs::Player, Some(test_seat_code()));
    assert!(needs_the_code(&mut table, ConnId(300)));
    // ...and a friend with the invite sits once it refills (one code every 3 s).
    table.clock += Duration::from_secs(4);
    table.join_with_code(ConnId(301), "Cy", JoinAs::Player, Some(test_seat_code()));
    table.send(ConnId(301), ClientMsg::Sit { seat: None });
    assert_eq!(table.core.seats()[1].name(), "Cy");
}

/// Over QUIC: one source's fifth wrong code changes the LAN code shown by the host's handle;
/// that source is then refused before its handshake; the seated guest comes back with her
/// token to her seat (on another connection); a new guest with the new code sits.
#[test]
fn five_wrong_codes_from_one_address_change_the_code_and_stop_that_address() {
    runtime().block_on(async {
        let (handle, identity) = host(AnyOptions::defaults(GameKind::CrazyEights), 2, TableConfig::new("Host"), settings());
        let (address, pin) = (handle.addr(), Pin::Fingerprint(identity.fingerprint()));
        let join_from = |last: u8, hello| {
            let mut request = JoinRequest::new(address, pin, hello);
            request.liveness = quick_liveness();
            request.bind = Some(SocketAddr::from(([127, 0, 0, last], 0)));
            join(request)
        };
        let mut ana = join_from(30, hello("Ana", None)).await.expect("Ana joins");
        ana.send(ClientMsg::Sit { seat: None });
        assert!(seated_beside(&mut ana, "Ana").await, "Ana seated");
        let token = ana.admitted().token;
        for index in 0..5 {
            let error = join_from(2, hello_with_code("Guess", None, Some(guess(index)))).await.expect_err("a wrong code");
            assert!(matches!(error, JoinError::Refused(JoinRefusal::WrongSeatCode)), "{error:?}");
        }
        let changed_by = Instant::now() + Duration::from_secs(5);
        while handle.seat_code() == test_seat_code() && Instant::now() < changed_by {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let new_code = handle.seat_code();
        assert_ne!(new_code, test_seat_code(), "the host's screen has a new code");
        let error = join_from(2, hello_with_code("Guess", None, Some(new_code))).await.expect_err("that address is stopped");
        assert!(!matches!(error, JoinError::Refused(_)), "refused before its handshake, no answer about the code: {error:?}");
        // Another connection of hers (a lobby guest's dropped seat is another change's).
        let mut back = join_from(30, hello_with_code("Ana", Some(token), None)).await.expect("Ana comes back with her token");
        assert_eq!(back.admitted().token, token);
        let mut bea = join_from(31, hello_with_code("Bea", None, Some(new_code))).await.expect("Bea joins with the new code");
        bea.send(ClientMsg::Sit { seat: None });
        assert!(seated_beside(&mut bea, "Ana").await, "Bea seated beside Ana");
        assert!(seated_beside(&mut back, "Bea").await, "Ana back in her seat");
        drop(ana);
        handle.close().await;
    });
}
