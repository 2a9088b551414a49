//! Issue 30 ("the host can remove anyone"), over loopback QUIC: the host removes a seated guest
//! from its lobby; the guest is told so, its seat opens, and its token no longer gives it a
//! place at this table.

use crate::net_support;

use std::time::Duration;

use cardtable::net::guest::{Ending, GuestEvent, GuestLink, JoinError, JoinRequest, join};
use cardtable::net::protocol::{ClientMsg, Holder, HostMsg, JoinRefusal, Role};
use cardtable::net::table::{HostCommand, TableConfig};
use cardtable::net::tls::Pin;
use cardtable_engine::{AnyOptions, GameKind};
use net_support::quic::{hello, host, host_sees, join_pinned, quick_liveness, runtime, settings};

/// Reads `link`'s events until one satisfies `wanted` (within 10 s).
async fn guest_sees(link: &mut GuestLink, mut wanted: impl FnMut(&GuestEvent) -> bool) -> GuestEvent {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let event = link.next().await.expect("an event before the end");
            if wanted(&event) {
                return event;
            }
        }
    })
    .await
    .expect("seen in time")
}

#[test]
fn a_guest_the_host_removes_is_told_and_cannot_come_back_with_its_token() {
    runtime().block_on(async {
        let (mut handle, identity) = host(AnyOptions::defaults(GameKind::CrazyEights), 2, TableConfig::new("Ana"), settings());
        let mut bea = join_pinned(handle.addr(), identity.fingerprint(), hello("Bea", None)).await;
        let token = bea.admitted().token;
        bea.send(ClientMsg::Sit { seat: None });
        guest_sees(&mut bea, |event| matches!(event, GuestEvent::Message(HostMsg::Lobby(lobby)) if matches!(lobby.you, Role::Seated(_))))
            .await;
        handle.command(HostCommand::Remove { name: "Bea".to_owned() });
        let ended = guest_sees(&mut bea, |event| matches!(event, GuestEvent::Ended(_))).await;
        assert_eq!(ended, GuestEvent::Ended(Ending::Removed), "told in words: {ended:?}");
        // Her seat is open again at the host.
        host_sees(&mut handle, |message| {
            matches!(message, HostMsg::Lobby(lobby) if lobby.seats.iter().all(|seat| seat.holder != Holder::Guest) && lobby.others.is_empty())
        })
        .await;
        let mut request = JoinRequest::new(handle.addr(), Pin::Fingerprint(identity.fingerprint()), hello("Bea", Some(token)));
        request.liveness = quick_liveness();
        let error = join(request).await.expect_err("the token no longer lets her back");
        assert!(matches!(error, JoinError::Refused(JoinRefusal::Removed)), "{error:?}");
        handle.close().await;
    });
}

/// Through the window: the host's lobby shows a Remove beside the guest who sat; clicking it
/// tells the guest and opens the seat.
#[test]
fn the_hosts_lobby_removes_a_guest_with_one_click() {
    use std::net::Ipv4Addr;

    use egui_kittest::kittest::Queryable;
    use net_support::window::{host_a_new_table, loopback_window, run_until, temp_dir};

    let dir = temp_dir("net-remove", "host");
    let mut harness = loopback_window([1000.0, 800.0], dir.clone(), |_| {});
    host_a_new_table(&mut harness, "Host on the home network");
    run_until(&mut harness, "the host's lobby", |harness| harness.query_by_label_contains("Join code").is_some());
    let code = net_support::window::shown_join_code(&harness);
    let address_label = harness.get_by_label_contains("Address ").value().unwrap_or_default();
    let port: u16 = address_label.rsplit(' ').next().and_then(|port| port.parse().ok()).expect("the port shown");
    let seat_code = net_support::window::shown_seat_code(&harness);
    let runtime = runtime();
    let hello = net_support::quic::hello_with_code("Bea", None, Some(seat_code));
    let mut request = JoinRequest::new((Ipv4Addr::LOCALHOST, port).into(), Pin::JoinCode(code), hello);
    request.liveness = quick_liveness();
    let mut bea = runtime.block_on(join(request)).expect("the guest joins the window's table");
    bea.send(ClientMsg::Sit { seat: None });
    run_until(&mut harness, "Bea seated, with a Remove beside her", |harness| {
        harness.query_by_label("Bea").is_some() && harness.query_by_label("Remove").is_some()
    });
    harness.get_by_label("Remove").click();
    run_until(&mut harness, "Bea gone from the lobby", |harness| harness.query_by_label("Bea").is_none());
    let ended = runtime.block_on(guest_sees(&mut bea, |event| matches!(event, GuestEvent::Ended(_))));
    assert_eq!(ended, GuestEvent::Ended(Ending::Removed));
    assert!(harness.query_by_label("Remove").is_none(), "nobody left to remove");
    drop(harness);
    std::fs::remove_dir_all(&dir).expect("cleanup");
}
