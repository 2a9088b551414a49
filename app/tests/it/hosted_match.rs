//! The host's own device keeps a hosted match like a hot-seat one: the table's authority hands
//! the device its copy of the match after every move, so the device saves it after every move,
//! records it with its full replay once decided, and a saved hosted match resumes as a
//! hot-seat one (issue "one table authority").

use crate::net_support;

use std::time::Duration;

use cardtable::net::remote::RemoteTable;
use cardtable::net::session::{Line, NetSession};
use cardtable::net::table::{HostCommand, SeatPlan, TableConfig};
use cardtable::session::Session;
use cardtable::session::host::Host;
use cardtable::session::local::LocalTable;
use cardtable::session::replay::{MatchStart, rebuild};
use cardtable::settings::BotPace;
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameKind, GameRng, Phase, Seat, Viewer};
use net_support::quic::{host, runtime, settings};

/// Hosts a 101 table: Ana plays seat 0 at the host's device, two bots the others; the match
/// starts. Returns the handle and the host device's session.
fn hosted_table() -> (cardtable::net::server::HostHandle, NetSession) {
    let (mut handle, _identity) = host(AnyOptions::defaults(GameKind::HundredOne), 3, TableConfig::new("Ana"), settings());
    handle.command(HostCommand::SetSeat { seat: Seat(0), plan: SeatPlan::HostDevice { name: "Ana".into() } });
    for index in 1..3_u8 {
        handle.command(HostCommand::SetSeat {
            seat: Seat(index),
            plan: SeatPlan::Bot { name: format!("Bot {index}"), level: BotLevel::Random },
        });
    }
    handle.command(HostCommand::Start);
    let line = handle.take_line().expect("the host's device's line");
    (handle, NetSession::new(Line::Host(line), RemoteTable::default()))
}

/// Plays Ana's seat at random through the session until `done` says stop (at most 60 s).
async fn play_until(session: &mut NetSession, rng: &mut GameRng, mut done: impl FnMut(&NetSession) -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    let mut acted_on = None;
    while !done(session) {
        assert!(tokio::time::Instant::now() < deadline, "the match went on too long");
        session.poll(0.0);
        let seq = session.host().map(|host| host.steps().len());
        if session.phase() == Phase::RoundOver && acted_on != seq {
            acted_on = seq;
            session.next_round().expect("the host's device deals");
        } else if session.waiting_for().contains(Seat(0)) && acted_on != seq {
            let legal = session.view(Viewer::Seat(Seat(0))).map(|view| view.legal()).unwrap_or_default();
            if !legal.is_empty() {
                acted_on = seq;
                session.act(Seat(0), legal[rng.below(legal.len())]).expect("a legal action is sent");
            }
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

/// The authority's copy reaches the host's device and replays exactly from its seed and steps.
fn replays(host: &Host) {
    let start = MatchStart { options: &host.game().options(), seats: host.seats(), seed: host.seed() };
    let rebuilt = rebuild(&start, host.steps()).expect("the hosted match replays");
    assert_eq!(rebuilt.game(), host.game(), "the replay reaches the same state");
}

#[test]
fn the_host_device_holds_a_full_replay_of_the_match_it_hosts() {
    runtime().block_on(async {
        let (handle, mut session) = hosted_table();
        let mut rng = GameRng::from_seed(3);
        play_until(&mut session, &mut rng, |session| session.host().is_some_and(|host| host.phase() == Phase::MatchOver)).await;
        let hosted = session.host().expect("the host's device holds the match");
        assert!(hosted.steps().len() > 20, "every step of the match is there ({})", hosted.steps().len());
        replays(hosted);
        handle.close().await;
    });
}

#[test]
fn a_hosted_match_left_midway_resumes_as_a_hot_seat_match() {
    runtime().block_on(async {
        let (handle, mut session) = hosted_table();
        let mut rng = GameRng::from_seed(4);
        play_until(&mut session, &mut rng, |session| session.host().is_some_and(|host| host.steps().len() >= 12)).await;
        let hosted = session.host().expect("the host's device holds the match").clone();
        handle.close().await;
        replays(&hosted);
        let start = MatchStart { options: &hosted.game().options(), seats: hosted.seats(), seed: hosted.seed() };
        let resumed = LocalTable::resume(rebuild(&start, hosted.steps()).expect("replays"), BotPace::Fast);
        assert_eq!(resumed.host().expect("local").game(), hosted.game(), "the hot-seat table goes on from the same state");
        assert_eq!(resumed.occupants(), hosted.seats(), "the same people and bots sit at it");
    });
}
