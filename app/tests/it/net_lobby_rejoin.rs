//! Issue 28: a guest that sat down in the lobby and drops (a network change, a laptop asleep, a
//! crash) gets its seat back. The host keeps the seat, shown away with how long it is kept
//! (`TableConfig::lobby_hold`), and the guest's device, dialling back with its token, takes it
//! again, still ready; after the hold the seat opens for anyone with the code; a Leave frees it
//! at once; the host may start without the away guest (a bot plays its seat until it is back).
//! On the LAN through a relay that goes silent and comes back, and online with a restart.

use std::time::Duration;

use cardtable::net::guest::{GuestEvent, Reconnected};
use cardtable::net::protocol::{ClientMsg, Holder, Role, SeatInfo};
use cardtable::net::remote::RemoteTable;
use cardtable::net::table::{HostCommand, TableConfig};
use cardtable_engine::{Seat, Viewer};

use egui_kittest::kittest::Queryable;

use crate::net_rejoin::{Dealt, REJOIN_FOR, arrive, both_end_verified};
use crate::net_support::quic::{Player, hello, join_pinned, lobby_ready, runtime, settings};
use crate::net_support::window::run_until;

/// Seat 0 as the lobby shows it.
fn first_seat(table: &RemoteTable) -> Option<&SeatInfo> {
    table.lobby.as_ref().and_then(|lobby| lobby.seats.first())
}

/// Ana's seat is shown away in the lobby, still hers, with how long it is kept.
fn ana_away_in_the_lobby(table: &RemoteTable) -> bool {
    first_seat(table).is_some_and(|seat| seat.holder == Holder::Guest && seat.name == "Ana" && !seat.connected && seat.bot_in.is_some())
}

/// Ana is in seat 0 again, connected and ready.
fn ana_back_and_ready(table: &RemoteTable) -> bool {
    first_seat(table).is_some_and(|seat| seat.holder == Holder::Guest && seat.name == "Ana" && seat.connected && seat.ready)
}

/// Takes in `player`'s events until its device is back at the table by itself (noted in its
/// `rejoined`); returns what the host said on the new connection.
async fn back_by_itself(player: &mut Player) -> Reconnected {
    loop {
        match tokio::time::timeout(Duration::from_secs(20), player.link.next()).await.expect("back in time") {
            Some(GuestEvent::Message(message)) => {
                if let Some(answer) = player.table.apply(message) {
                    player.link.send(answer);
                }
            }
            Some(GuestEvent::Reconnecting(_)) => {}
            Some(GuestEvent::Reconnected(back)) => {
                player.rejoined.push(back.clone());
                return back;
            }
            Some(GuestEvent::Ended(ending)) => panic!("the connection ended: {ending}"),
            None => panic!("no word"),
        }
    }
}

#[test]
fn a_lobby_guest_whose_network_goes_and_comes_back_takes_its_seat_back_still_ready() {
    runtime().block_on(async {
        let Dealt { mut handle, relay, mut ana, mut bea, .. } = arrive(TableConfig::new("Host"), None, REJOIN_FOR).await;
        ana.sit();
        bea.sit();
        lobby_ready(&mut handle).await;
        // Ana's network goes: the lobby shows her seat away, kept for her the lobby's hold.
        relay.cut(true);
        bea.watch_until(Duration::from_secs(10), ana_away_in_the_lobby).await.expect("Bea is told Ana is away");
        let kept = first_seat(&bea.table).and_then(|seat| seat.bot_in).expect("kept for a time");
        assert!((25..=30).contains(&kept), "kept {kept} s of the lobby's 30");
        tokio::time::sleep(Duration::from_secs(2)).await;
        // It comes back: nobody touches her app.
        relay.cut(false);
        let back = back_by_itself(&mut ana).await;
        assert_eq!(back.admitted.resumed, Some(Seat(0)), "her own seat");
        bea.watch_until(Duration::from_secs(10), ana_back_and_ready).await.expect("Bea sees Ana back, still ready");
        ana.watch_until(Duration::from_secs(10), ana_back_and_ready).await.expect("Ana sees herself back, still ready");
        assert_eq!(ana.table.role(), Some(&Role::Seated(vec![Seat(0)])));
        // Everyone is ready as before: the host starts, and the match ends verified.
        lobby_ready(&mut handle).await;
        handle.command(HostCommand::Start);
        both_end_verified(handle, ana, bea, &[]).await;
    });
}

#[test]
fn a_lobby_guest_away_past_the_hold_finds_its_seat_taken_and_comes_back_as_a_newcomer() {
    runtime().block_on(async {
        let config = TableConfig { lobby_hold: Duration::from_secs(2), ..TableConfig::new("Host") };
        let Dealt { mut handle, identity, relay, mut ana, mut bea } = arrive(config, None, REJOIN_FOR).await;
        ana.sit();
        bea.sit();
        lobby_ready(&mut handle).await;
        relay.cut(true);
        bea.watch_until(Duration::from_secs(10), ana_away_in_the_lobby).await.expect("Bea is told Ana is away");
        // The hold runs out: the seat is open for anyone with the code, and Cid takes it.
        let open = |table: &RemoteTable| first_seat(table).is_some_and(|seat| seat.holder == Holder::Open);
        bea.watch_until(Duration::from_secs(10), open).await.expect("Ana's seat opens after the hold");
        let cid = Player::new(join_pinned(handle.addr(), identity.fingerprint(), hello("Cid", None)).await, Seat(0), 3);
        cid.sit();
        let cid_seated = |table: &RemoteTable| first_seat(table).is_some_and(|seat| seat.name == "Cid");
        bea.watch_until(Duration::from_secs(10), cid_seated).await.expect("Cid sits in the open seat");
        // Ana's network comes back: she is at the table again, without a seat.
        relay.cut(false);
        let back = back_by_itself(&mut ana).await;
        assert_eq!(back.admitted.resumed, None, "no seat kept any more");
        ana.watch_until(Duration::from_secs(10), |table| table.role() == Some(&Role::Waiting) && cid_seated(table))
            .await
            .expect("Ana waits in the lobby; Cid has the seat");
        handle.close().await;
    });
}

#[test]
fn a_lobby_guest_that_leaves_frees_its_seat_at_once() {
    runtime().block_on(async {
        let Dealt { mut handle, relay: _relay, mut bea, ana, .. } = arrive(TableConfig::new("Host"), None, REJOIN_FOR).await;
        ana.sit();
        bea.sit();
        lobby_ready(&mut handle).await;
        bea.watch_until(Duration::from_secs(10), ana_back_and_ready).await.expect("Bea sees Ana seated");
        ana.link.send(ClientMsg::Leave);
        // The first lobby without Ana connected in seat 0 shows it open: never away, never kept.
        let changed = |table: &RemoteTable| !ana_back_and_ready(table);
        bea.watch_until(Duration::from_secs(10), changed).await.expect("Bea is told Ana left");
        let seat = first_seat(&bea.table).expect("seat 0");
        assert_eq!((seat.holder, seat.bot_in), (Holder::Open, None), "{seat:?}");
        handle.close().await;
    });
}

#[test]
fn the_host_starts_without_an_away_guest_a_bot_plays_its_seat_until_it_is_back() {
    runtime().block_on(async {
        let Dealt { handle, relay, mut ana, mut bea, .. } = arrive(TableConfig::new("Host"), None, REJOIN_FOR).await;
        // Ana sits but has not said she is ready when her network goes.
        ana.link.send(ClientMsg::Sit { seat: Some(Seat(0)) });
        bea.sit();
        let seated = |table: &RemoteTable| {
            first_seat(table).is_some_and(|seat| seat.name == "Ana")
                && table.lobby.as_ref().is_some_and(|lobby| lobby.seats.get(1).is_some_and(|seat| seat.ready))
        };
        bea.watch_until(Duration::from_secs(10), seated).await.expect("both seated, Bea ready");
        relay.cut(true);
        bea.watch_until(Duration::from_secs(10), ana_away_in_the_lobby).await.expect("Bea is told Ana is away");
        // The host does not wait: Start deals, and a bot plays Ana's seat.
        handle.command(HostCommand::Start);
        let dealt_with_a_bot = |table: &RemoteTable| {
            table.latest(Viewer::Seat(Seat(1))).is_some() && table.seats.first().is_some_and(|seat| matches!(seat.holder, Holder::Bot(_)))
        };
        bea.watch_until(Duration::from_secs(10), dealt_with_a_bot).await.expect("dealt, a bot in Ana's seat");
        // Ana's network comes back: she takes her seat from the bot and plays to the end.
        relay.cut(false);
        let back = back_by_itself(&mut ana).await;
        assert_eq!(back.admitted.resumed, Some(Seat(0)), "her own seat, from the bot");
        both_end_verified(handle, ana, bea, &[]).await;
    });
}

#[cfg(feature = "online")]
#[test]
fn an_online_lobby_guest_that_restarts_takes_its_seat_back_with_its_token() {
    use crate::net_support::online::{host_online, join_invite, relay};
    use cardtable_engine::{AnyOptions, GameKind};
    runtime().block_on(async {
        let relay = relay().await;
        let options = AnyOptions::from_json(GameKind::CrazyEights, &serde_json::json!({"score_limit": 0})).expect("one round");
        let mut handle = host_online(options, 2, settings(), &relay).await;
        let invite = handle.invite().expect("invite");
        let ana_link = join_invite(&invite, hello("Ana", None), &relay).await;
        let token = ana_link.admitted().token;
        let ana = Player::new(ana_link, Seat(0), 1);
        let mut bea = Player::new(join_invite(&invite, hello("Bea", None), &relay).await, Seat(1), 2);
        ana.sit();
        bea.sit();
        lobby_ready(&mut handle).await;
        // Ana's app goes away with its endpoint (a crash): her seat is kept, shown away.
        drop(ana);
        bea.watch_until(Duration::from_secs(10), ana_away_in_the_lobby).await.expect("Bea is told Ana is away");
        // She starts again, with the token her app kept: her seat, still ready.
        let link = join_invite(&invite, hello("Ana", Some(token)), &relay).await;
        assert_eq!(link.admitted().resumed, Some(Seat(0)), "her own seat");
        let mut ana = Player::new(link, Seat(0), 3);
        bea.watch_until(Duration::from_secs(10), ana_back_and_ready).await.expect("Bea sees Ana back, still ready");
        ana.watch_until(Duration::from_secs(10), ana_back_and_ready).await.expect("Ana sees herself back, still ready");
        handle.close().await;
    });
}

#[test]
fn the_lobby_window_shows_an_away_seat_with_how_long_it_is_kept_and_no_sit_button() {
    let runtime = runtime();
    let Dealt { mut handle, identity, relay, ana, bea } = {
        let _runtime = runtime.enter();
        runtime.block_on(arrive(TableConfig::new("Host"), None, REJOIN_FOR))
    };
    ana.sit();
    bea.sit();
    runtime.block_on(lobby_ready(&mut handle));
    let dir = crate::net_support::window::temp_dir("net-lobby-rejoin", "window");
    let mut harness = crate::net_support::window::loopback_window([1000.0, 800.0], dir.clone(), |_| {});
    crate::net_rejoin::window_joins_the_lobby(&mut harness, &handle.addr().to_string(), &identity.join_code().to_string());
    run_until(&mut harness, "both seats taken", |harness| harness.query_all_by_label("ready").count() == 2);
    // Ana's network goes: her seat reads away, with the time it is still kept, and is not
    // offered to the window.
    relay.cut(true);
    run_until(&mut harness, "Ana's seat away", |harness| {
        harness
            .query_by_label_contains("away: back in 0:")
            .is_some_and(|label| label.value().unwrap_or_default().ends_with("or the seat opens for others"))
    });
    assert!(harness.query_by_label("Sit here").is_none(), "a kept seat is not offered");
    // It comes back: the seat reads ready again.
    relay.cut(false);
    run_until(&mut harness, "Ana back", |harness| {
        harness.query_by_label_contains("away").is_none() && harness.query_all_by_label("ready").count() == 2
    });
    drop(harness);
    drop((ana, bea));
    runtime.block_on(handle.close());
    std::fs::remove_dir_all(&dir).expect("cleanup");
}
