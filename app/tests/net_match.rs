//! Over real loopback QUIC: a host and three guests play a full match of each game with bots in
//! the other seats, every frame sent to a guest is decoded and leak-checked at the host, and
//! every device agrees on the result and the rounds.

mod net_support;

use std::sync::atomic::Ordering;
use std::time::Duration;

use cardtable::net::protocol::HostMsg;
use cardtable::net::table::{HostCommand, TableConfig};
use cardtable_engine::{AnyOptions, Game, GameKind, GameVisitor, Seat};
use net_support::quic::{
    LeakAudit, Player, fill_with_bots, hello, host, host_sees, join_pinned, lobby_ready, no_snap_grace, runtime, settings,
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
            let games: Vec<_> =
                players.into_iter().map(|mut player| tokio::spawn(async move { player.play(Duration::from_secs(240)).await })).collect();
            let mut outcomes = Vec::new();
            for game in games {
                outcomes.push(game.await);
            }
            let HostMsg::MatchOver(expected) = host_sees(&mut handle, |message| matches!(message, HostMsg::MatchOver(_))).await else {
                unreachable!("filtered")
            };
            for outcome in outcomes {
                let outcome = outcome.expect("a guest's task");
                assert_eq!(outcome.result, expected, "{kind}: a guest disagrees on the result");
                assert_eq!(outcome.rounds.len() as u32, expected.rounds, "{kind}: a guest missed a round");
                assert_eq!(outcome.rounds.last().map(|round| &round.totals), Some(&expected.totals), "{kind}: the last round's totals");
            }
            let frames = audit.frames.load(Ordering::Relaxed);
            let leaks = audit.leaks.lock().expect("lock").clone();
            assert!(leaks.is_empty(), "{kind}: {leaks:?}");
            assert!(frames > 50, "{kind}: the audit saw the frames ({frames})");
            eprintln!("{kind}: {} round(s), {frames} frames checked", expected.rounds);
            handle.close().await;
        }
    });
}
