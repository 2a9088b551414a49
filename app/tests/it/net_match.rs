//! Over real loopback QUIC: a host and three guests play a full match of each game with bots in
//! the other seats, every frame sent to a guest is decoded and leak-checked at the host, and
//! every device agrees on the result and the rounds.

use crate::net_support;

use std::sync::atomic::Ordering;

use cardtable::net::table::{HostCommand, TableConfig};
use cardtable_engine::{AnyOptions, Game, GameKind, GameVisitor, Seat};
use net_support::quic::{
    LeakAudit, Player, fill_with_bots, hello, host, join_pinned, lobby_ready, no_snap_grace, play_all_and_agree, runtime, settings,
};

struct MostSeats;

impl GameVisitor for MostSeats {
    type Output = usize;
    fn visit<G: Game>(self) -> usize {
        *G::seat_range(&G::Options::default()).end()
    }
}

#[test]
fn a_host_and_three_guests_play_every_game_to_the_end_and_agree_on_the_result() {
    runtime().block_on(async {
        for (index, &kind) in GameKind::ALL.iter().enumerate() {
            let seats = kind.visit(MostSeats).min(5);
            let audit = LeakAudit::default();
            let mut settings = settings();
            settings.audit = Some(audit.hook());
            let (mut handle, identity) = host(no_snap_grace(AnyOptions::defaults(kind)), seats, TableConfig::new("Host"), settings);
            fill_with_bots(&handle, 3, seats);
            let mut players = Vec::new();
            for guest in 0..3 {
                let link = join_pinned(handle.addr(), identity.fingerprint(), hello(&format!("Guest {guest}"), None)).await;
                let player = Player::new(link, Seat(guest), 100 * index as u64 + u64::from(guest));
                player.sit();
                players.push(player);
            }
            lobby_ready(&mut handle).await;
            handle.command(HostCommand::Start);
            let expected = play_all_and_agree(&mut handle, players, &kind.to_string()).await;
            let frames = audit.frames.load(Ordering::Relaxed);
            let leaks = audit.leaks.lock().expect("lock").clone();
            assert!(leaks.is_empty(), "{kind}: {leaks:?}");
            assert!(frames > 50, "{kind}: the audit saw the frames ({frames})");
            eprintln!("{kind}: {} round(s), {frames} frames checked", expected.rounds);
            handle.close().await;
        }
    });
}
