//! Action round-trip time over loopback QUIC: two guests take turns at a Crazy Eights table
//! hosted in the same process; each action is timed from the moment it is sent until the host's
//! update that applied it arrives, and the hand-over from one action to the next (the other
//! guest learning it is its turn and acting). Prints the median, 90th and 99th percentiles over
//! at least 10,000 actions (target: p99 round trip under 5 ms).
//! Run: `cargo bench -p cardtable-app-bench --bench net_rtt`.

#![allow(clippy::disallowed_types, reason = "the two guests' shared stopwatch: a measuring harness, not the app")]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cardtable::net::guest::{GuestEvent, GuestLink, JoinRequest, join};
use cardtable::net::identity::Identity;
use cardtable::net::limits::HostLimits;
use cardtable::net::protocol::{ClientMsg, Hello, HostMsg, JoinAs, PROTOCOL_VERSION};
use cardtable::net::remote::{RemoteTable, view_legal, view_phase};
use cardtable::net::server::{HostSettings, start_host};
use cardtable::net::table::{HostCommand, TableConfig, TableCore};
use cardtable::net::tls::Pin;
use cardtable::session::authority::Pacing;
use cardtable_engine::{AnyOptions, GameKind, GameRng, Phase, Seat, Viewer};
use tokio::sync::watch;

/// Actions to time.
const ACTIONS: usize = 10_000;

/// What the two guests share: how many actions were timed, when the last one was sent.
struct Shared {
    timed: AtomicUsize,
    last_sent: Mutex<Option<Instant>>,
}

/// What one guest measured.
#[derive(Default)]
struct Measured {
    round_trips: Vec<Duration>,
    hand_overs: Vec<Duration>,
    refused: usize,
}

/// One guest: acts whenever the round waits for its seat, timing each action's round trip and
/// the hand-over from the action before it.
async fn guest(mut link: GuestLink, seat: Seat, seed: u64, shared: Arc<Shared>, mut stop: watch::Receiver<bool>) -> Measured {
    let mut table = RemoteTable::new(link.admitted().next_action);
    let mut rng = GameRng::from_seed(seed);
    let mut pending: Option<(u64, Instant)> = None;
    let mut measured = Measured::default();
    link.send(ClientMsg::Sit { seat: Some(seat) });
    link.send(ClientMsg::Ready { ready: true });
    loop {
        let event = tokio::select! {
            event = link.next() => event,
            _ = stop.changed() => return measured,
        };
        match event {
            Some(GuestEvent::Message(message)) => {
                let restarted = matches!(message, HostMsg::Started(_));
                measured.refused += usize::from(matches!(message, HostMsg::Refused { .. }));
                if let Some(answer) = table.apply(message) {
                    link.send(answer);
                }
                if restarted {
                    pending = None;
                }
            }
            Some(GuestEvent::Reconnecting(trying)) => panic!("the connection was lost: {}", trying.reason),
            Some(GuestEvent::Reconnected(_)) => panic!("a loopback connection came back after a loss"),
            Some(GuestEvent::Ended(ending)) => panic!("the connection ended: {ending}"),
            None => panic!("the connection ended"),
        }
        let Some(latest) = table.latest(Viewer::Seat(seat)) else { continue };
        if let Some((base, sent)) = pending {
            if latest.seq <= base {
                continue;
            }
            measured.round_trips.push(sent.elapsed());
            pending = None;
            if shared.timed.fetch_add(1, Ordering::Relaxed) + 1 >= ACTIONS {
                return measured;
            }
        }
        if view_phase(latest) == Phase::Playing && latest.waiting_for.contains(seat) {
            let legal = view_legal(latest);
            let action = legal[rng.below(legal.len())];
            let base = latest.seq;
            let message = table.act(seat, action);
            let now = Instant::now();
            if let Ok(mut last) = shared.last_sent.lock()
                && let Some(previous) = last.replace(now)
            {
                measured.hand_overs.push(now - previous);
            }
            pending = Some((base, now));
            link.send(message);
        }
    }
}

fn percentile(sorted: &[Duration], share: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * share).round() as usize;
    sorted[index]
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort_unstable();
    let micros = |duration: Duration| duration.as_secs_f64() * 1e6;
    println!(
        "  {what}: median {:.0} µs, p90 {:.0} µs, p99 {:.0} µs, max {:.0} µs ({} samples)",
        micros(percentile(&times, 0.5)),
        micros(percentile(&times, 0.9)),
        micros(percentile(&times, 0.99)),
        micros(times[times.len() - 1]),
        times.len()
    );
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    runtime.block_on(async {
        let identity = Identity::generate().expect("identity");
        let options = AnyOptions::from_json(GameKind::CrazyEights, &serde_json::json!({"score_limit": 0})).expect("options");
        let seat_code = cardtable::net::protocol::SeatCode::from_number(1).expect("six digits");
        let table = TableCore::new(TableConfig { seat_code: Some(seat_code), ..TableConfig::new("Host") }, options, 2, 1).expect("table");
        // Two guests trading turns as fast as the network allows send far more than a person
        // could: the message rate limit is lifted to time the network, not the limit.
        let limits = HostLimits { message_burst: u32::MAX, messages_per_second: u32::MAX, ..HostLimits::default() };
        let settings =
            HostSettings { bind: SocketAddr::from(([127, 0, 0, 1], 0)), bot_pace: Pacing::INSTANT, limits, ..HostSettings::default() };
        let mut host = start_host(table, &identity, settings).expect("host");
        let shared = Arc::new(Shared { timed: AtomicUsize::new(0), last_sent: Mutex::new(None) });
        let (stop, stopped) = watch::channel(false);
        let mut guests = Vec::new();
        for (index, name) in ["Ana", "Bea"].into_iter().enumerate() {
            let hello = Hello {
                version: PROTOCOL_VERSION,
                name: name.to_owned(),
                join_as: JoinAs::Player,
                resume: None,
                seat_code: Some(seat_code),
            };
            let link = join(JoinRequest::new(host.addr(), Pin::Fingerprint(identity.fingerprint()), hello)).await.expect("joins");
            guests.push(tokio::spawn(guest(link, Seat(index as u8), index as u64, shared.clone(), stopped.clone())));
        }
        // Start once both are ready; start again after every match, until enough are timed.
        let matches = Arc::new(AtomicUsize::new(0));
        let counted = matches.clone();
        let driver = tokio::spawn(async move {
            while let Some(message) = host.recv().await {
                match message {
                    HostMsg::Lobby(lobby) if lobby.seats.iter().all(|seat| seat.ready) => host.command(HostCommand::Start),
                    HostMsg::MatchOver(_) => {
                        counted.fetch_add(1, Ordering::Relaxed);
                        host.command(HostCommand::Rematch);
                    }
                    _ => {}
                }
            }
        });
        let started = Instant::now();
        let mut measured = Measured::default();
        for guest in guests {
            let guest = guest.await.expect("a guest's task");
            let _ = stop.send(true);
            measured.round_trips.extend(guest.round_trips);
            measured.hand_overs.extend(guest.hand_overs);
            measured.refused += guest.refused;
        }
        let elapsed = started.elapsed();
        driver.abort();
        println!(
            "net_rtt: {} actions over loopback QUIC in {:.1} s ({} matches finished, {} refused)",
            measured.round_trips.len(),
            elapsed.as_secs_f64(),
            matches.load(Ordering::Relaxed),
            measured.refused
        );
        let p99 = {
            let mut sorted = measured.round_trips.clone();
            sorted.sort_unstable();
            percentile(&sorted, 0.99)
        };
        report("round trip", measured.round_trips);
        report("hand-over to the next action", measured.hand_overs);
        println!("  p99 round trip {} the 5 ms target", if p99 < Duration::from_millis(5) { "meets" } else { "MISSES" });
    });
}
