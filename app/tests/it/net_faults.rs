//! Faults over loopback QUIC (issue 10, "Faults"): a guest killed without a word is shown as
//! disconnected to everyone within seconds and, after restarting its app, takes back the same
//! seat and hand with the token it stored; after the grace period a bot plays a seat; a host
//! that leaves tells its guests, who keep the finished rounds; datagram loss and reordering
//! injected by a relay on loopback do not stop games from finishing consistently.

use crate::net_support;

use std::time::{Duration, Instant};

use cardtable::net::guest::Ending;
use cardtable::net::known_hosts::KnownHosts;
use cardtable::net::protocol::{Holder, HostMsg};
use cardtable::net::relay::{Faults, Relay};
use cardtable::net::remote::RemoteTable;
use cardtable::net::table::{HostCommand, TableConfig};
use cardtable_engine::{AnyOptions, GameKind, Seat, Viewer};
use net_support::quic::{
    Player, fill_with_bots, hello, host, host_sees, join_pinned, lobby_ready, play_all_and_agree, runtime, settings,
    sit_start_and_see_the_deal,
};

fn single_round(kind: GameKind) -> AnyOptions {
    let json = match kind {
        GameKind::CrazyEights => serde_json::json!({"score_limit": 0}),
        // Random players act at once; the snap grace time has its own test.
        GameKind::Youglouf => serde_json::json!({"snap_grace_ms": 0}),
        _ => serde_json::json!({}),
    };
    AnyOptions::from_json(kind, &json).expect("options")
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtable-net-faults-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn seat_state(table: &RemoteTable, seat: Seat) -> Option<(Holder, bool)> {
    table.seats.get(seat.index()).map(|info| (info.holder, info.connected))
}

#[test]
fn a_killed_guest_shows_as_disconnected_within_seconds_and_takes_back_its_seat_and_hand_after_a_restart() {
    runtime().block_on(async {
        let (mut handle, identity) = host(single_round(GameKind::CrazyEights), 2, TableConfig::new("Host"), settings());
        let relay = Relay::start(handle.addr(), Faults::none()).await.expect("relay");
        // Ana plays through the relay (so she can be cut off); Bea directly.
        let ana_link = join_pinned(relay.addr(), identity.fingerprint(), hello("Ana", None)).await;
        let ana_token = ana_link.admitted().token;
        let dir = temp_dir("restart");
        let mut known = KnownHosts::load(&dir).expect("empty");
        known.trust(identity.fingerprint(), "Host", Some(handle.addr()));
        known.set_resume(&identity.fingerprint(), Some(ana_token));
        known.save().expect("Ana's app stores the token");
        let mut ana = Player::new(ana_link, Seat(0), 1);
        let mut bea = Player::new(join_pinned(handle.addr(), identity.fingerprint(), hello("Bea", None)).await, Seat(1), 2);
        sit_start_and_see_the_deal(&mut handle, &mut ana, &mut bea).await;
        let has_view = |seat| move |table: &RemoteTable| table.latest(Viewer::Seat(seat)).is_some();
        let before = ana.table.latest(Viewer::Seat(Seat(0))).cloned().expect("a view");

        // Ana's app dies: no packet leaves it again.
        relay.cut(true);
        drop(ana);
        let killed = Instant::now();
        let away = |table: &RemoteTable| seat_state(table, Seat(0)) == Some((Holder::Guest, false));
        bea.watch_until(Duration::from_secs(10), away).await.expect("Bea is told");
        let noticed = killed.elapsed();
        assert!(noticed < Duration::from_secs(4), "shown as disconnected after {noticed:?}");
        eprintln!("a killed guest was shown as disconnected after {noticed:?}");

        // Ana restarts her app: the token comes from her stored known hosts.
        let known = KnownHosts::load(&dir).expect("read back");
        let token = known.get(&identity.fingerprint()).and_then(|host| host.resume).expect("stored token");
        let link = join_pinned(handle.addr(), identity.fingerprint(), hello("Ana", Some(token))).await;
        assert_eq!(link.admitted().resumed, Some(Seat(0)), "the same seat");
        let mut ana = Player::new(link, Seat(0), 3);
        ana.watch_until(Duration::from_secs(10), has_view(Seat(0))).await.expect("caught up");
        let after = ana.table.latest(Viewer::Seat(Seat(0))).cloned().expect("a view");
        assert_eq!(after.view, before.view, "the same hand and table");
        assert_eq!(after.seq, before.seq);
        bea.watch_until(Duration::from_secs(10), |table| seat_state(table, Seat(0)) == Some((Holder::Guest, true)))
            .await
            .expect("Bea sees her back");

        // And the round plays on to its end, both agreeing.
        let (ana_outcome, bea_outcome) = tokio::join!(ana.play(Duration::from_secs(60)), bea.play(Duration::from_secs(60)));
        assert_eq!(ana_outcome.result, bea_outcome.result);
        handle.close().await;
        std::fs::remove_dir_all(&dir).expect("cleanup");
    });
}

#[test]
fn after_the_grace_period_a_bot_plays_the_seat_of_a_guest_who_did_not_return() {
    runtime().block_on(async {
        let mut config = TableConfig::new("Host");
        config.grace = Duration::from_millis(500);
        let (mut handle, identity) = host(single_round(GameKind::CrazyEights), 3, config, settings());
        fill_with_bots(&handle, 2, 3);
        let ana = Player::new(join_pinned(handle.addr(), identity.fingerprint(), hello("Ana", None)).await, Seat(0), 1);
        let mut bea = Player::new(join_pinned(handle.addr(), identity.fingerprint(), hello("Bea", None)).await, Seat(1), 2);
        ana.sit();
        bea.sit();
        lobby_ready(&mut handle).await;
        handle.command(HostCommand::Start);
        drop(ana);
        let bot_seated = |table: &RemoteTable| matches!(seat_state(table, Seat(0)), Some((Holder::Bot(_), false)));
        bea.watch_until(Duration::from_secs(10), bot_seated).await.expect("a bot takes Ana's seat");
        let outcome = bea.play(Duration::from_secs(120)).await;
        let HostMsg::MatchOver(result) = host_sees(&mut handle, |message| matches!(message, HostMsg::MatchOver(_))).await else {
            unreachable!()
        };
        assert_eq!(outcome.result, result, "the round finished with the bot in Ana's seat");
        handle.close().await;
    });
}

#[test]
fn when_the_host_leaves_guests_are_told_and_keep_the_finished_rounds() {
    runtime().block_on(async {
        let (mut handle, identity) = host(AnyOptions::defaults(GameKind::CrazyEights), 3, TableConfig::new("Host"), settings());
        fill_with_bots(&handle, 2, 3);
        let mut ana = Player::new(join_pinned(handle.addr(), identity.fingerprint(), hello("Ana", None)).await, Seat(0), 1);
        let mut bea = Player::new(join_pinned(handle.addr(), identity.fingerprint(), hello("Bea", None)).await, Seat(1), 2);
        ana.sit();
        bea.sit();
        lobby_ready(&mut handle).await;
        handle.command(HostCommand::Start);
        let a_round = |table: &RemoteTable| !table.rounds.is_empty();
        let (ana_played, bea_played) =
            tokio::join!(ana.play_until(Duration::from_secs(120), a_round), bea.play_until(Duration::from_secs(120), a_round));
        ana_played.expect("a round");
        bea_played.expect("a round");
        if ana.table.result.is_some() {
            // The first round decided the match; then there is nothing more to check here.
            handle.close().await;
            return;
        }
        handle.close().await;
        let forever = |_: &RemoteTable| false;
        let ending = ana.watch_until(Duration::from_secs(10), forever).await.expect_err("the host left");
        assert_eq!(ending, Ending::HostLeft);
        assert_eq!(ending.to_string(), "the host closed the table");
        assert!(!ana.table.rounds.is_empty(), "the finished rounds are kept for Ana's history");
        assert_eq!(bea.watch_until(Duration::from_secs(10), forever).await, Err(Ending::HostLeft));
        assert_eq!(bea.table.rounds, ana.table.rounds);
    });
}

#[test]
fn loss_and_reordering_on_a_relay_do_not_stop_games_finishing_consistently() {
    runtime().block_on(async {
        for (index, kind) in [GameKind::CrazyEights, GameKind::Youglouf].into_iter().enumerate() {
            let mut settings = settings();
            settings.liveness.idle_timeout = Duration::from_secs(5);
            let (mut handle, identity) = host(single_round(kind), 4, TableConfig::new("Host"), settings);
            fill_with_bots(&handle, 3, 4);
            let joining = Instant::now();
            let mut relays = Vec::new();
            let mut players = Vec::new();
            for guest in 0..3_u8 {
                let faults =
                    Faults { loss: 0.05, reorder: 0.1, hold: Duration::from_millis(30), seed: 31 * index as u64 + u64::from(guest) };
                let relay = Relay::start(handle.addr(), faults).await.expect("relay");
                let link = join_pinned(relay.addr(), identity.fingerprint(), hello(&format!("Guest {guest}"), None)).await;
                let player = Player::new(link, Seat(guest), u64::from(guest) + 10);
                player.sit();
                players.push(player);
                relays.push(relay);
            }
            lobby_ready(&mut handle).await;
            eprintln!("{kind}: joined through lossy relays in {:?}", joining.elapsed());
            let started = Instant::now();
            handle.command(HostCommand::Start);
            play_all_and_agree(&mut handle, players, &format!("{kind} behind lossy relays")).await;
            let count = |pick: fn(&cardtable::net::relay::RelayCounts) -> &std::sync::atomic::AtomicUsize| {
                relays.iter().map(|relay| pick(relay.counts()).load(std::sync::atomic::Ordering::Relaxed)).sum::<usize>()
            };
            let (passed, dropped, reordered) = (count(|c| &c.passed), count(|c| &c.dropped), count(|c| &c.reordered));
            assert!(dropped > 0 && reordered > 0, "{kind}: the relays did their damage ({dropped} lost, {reordered} reordered)");
            eprintln!(
                "{kind} behind lossy relays: a match in {:?}; {passed} datagrams passed, {dropped} lost, {reordered} reordered",
                started.elapsed()
            );
            handle.close().await;
        }
    });
}
