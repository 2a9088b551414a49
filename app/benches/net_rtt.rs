//! Action round-trip time over loopback QUIC: two guests take turns at a Crazy Eights table
//! hosted in the same process; each action is timed from the moment it is sent until the host's
//! update that applied it arrives. Prints the median, 90th and 99th percentiles over at least
//! 10,000 actions (target: p99 under 5 ms). Run: `cargo bench -p cardtable --bench net_rtt`.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use cardtable::net::guest::{GuestEvent, GuestLink, JoinRequest, join};
use cardtable::net::identity::Identity;
use cardtable::net::protocol::{ClientMsg, Hello, HostMsg, JoinAs, PROTOCOL_VERSION};
use cardtable::net::remote::{RemoteTable, view_legal, view_phase};
use cardtable::net::server::{HostSettings, start_host};
use cardtable::net::table::{HostCommand, TableConfig, TableCore};
use cardtable::net::tls::Pin;
use cardtable_engine::{AnyOptions, GameKind, GameRng, Phase, Seat, Viewer};

/// Actions to time.
const ACTIONS: usize = 10_000;

/// One guest: acts whenever the round waits for its seat and times each action.
async fn guest(mut link: GuestLink, seat: Seat, seed: u64, wanted: usize) -> Vec<Duration> {
    let mut table = RemoteTable::new(link.admitted().next_action);
    let mut rng = GameRng::from_seed(seed);
    let mut pending: Option<(u64, Instant)> = None;
    let mut times = Vec::with_capacity(wanted);
    link.send(ClientMsg::Sit { seat: Some(seat) });
    link.send(ClientMsg::Ready { ready: true });
    while times.len() < wanted {
        match link.next().await {
            Some(GuestEvent::Message(message)) => {
                let restarted = matches!(message, HostMsg::Started(_));
                table.apply(message);
                if restarted {
                    pending = None;
                }
            }
            Some(GuestEvent::Ended(ending)) => panic!("the connection ended: {ending}"),
            None => panic!("the connection ended"),
        }
        let Some(latest) = table.latest(Viewer::Seat(seat)) else { continue };
        if let Some((base, sent)) = pending {
            if latest.seq <= base {
                continue;
            }
            times.push(sent.elapsed());
            pending = None;
        }
        if view_phase(latest) == Phase::Playing && latest.waiting_for.contains(seat) {
            let legal = view_legal(latest);
            let action = legal[rng.below(legal.len())];
            let base = latest.seq;
            let message = table.act(seat, action);
            pending = Some((base, Instant::now()));
            link.send(message);
        }
    }
    times
}

fn percentile(sorted: &[Duration], share: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * share).round() as usize;
    sorted[index]
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    runtime.block_on(async {
        let identity = Identity::generate().expect("identity");
        let options = AnyOptions::from_json(GameKind::CrazyEights, &serde_json::json!({"score_limit": 0})).expect("options");
        let table = TableCore::new(TableConfig::new("Host"), options, 2, 1).expect("table");
        let settings = HostSettings { bind: SocketAddr::from(([127, 0, 0, 1], 0)), bot_pace: Duration::ZERO, ..HostSettings::default() };
        let mut host = start_host(table, &identity, settings).expect("host");
        let mut guests = Vec::new();
        for (index, name) in ["Ana", "Bea"].into_iter().enumerate() {
            let hello = Hello { version: PROTOCOL_VERSION, name: name.to_owned(), join_as: JoinAs::Player, resume: None };
            let link = join(JoinRequest::new(host.addr(), Pin::Fingerprint(identity.fingerprint()), hello)).await.expect("joins");
            guests.push(tokio::spawn(guest(link, Seat(index as u8), index as u64, ACTIONS / 2)));
        }
        // Start once both are ready; start again after every match, until the guests are done.
        let driver = tokio::spawn(async move {
            while let Some(message) = host.recv().await {
                match message {
                    HostMsg::Lobby(lobby) if lobby.seats.iter().all(|seat| seat.ready) => host.command(HostCommand::Start),
                    HostMsg::MatchOver(_) => host.command(HostCommand::Rematch),
                    _ => {}
                }
            }
        });
        let started = Instant::now();
        let mut times = Vec::new();
        for guest in guests {
            times.extend(guest.await.expect("a guest's task"));
        }
        let elapsed = started.elapsed();
        driver.abort();
        times.sort_unstable();
        let micros = |duration: Duration| duration.as_secs_f64() * 1e6;
        println!("net_rtt: {} actions over loopback QUIC in {:.1} s", times.len(), elapsed.as_secs_f64());
        println!(
            "  round trip: median {:.0} µs, p90 {:.0} µs, p99 {:.0} µs, max {:.0} µs (target: p99 under 5 ms)",
            micros(percentile(&times, 0.5)),
            micros(percentile(&times, 0.9)),
            micros(percentile(&times, 0.99)),
            micros(times[times.len() - 1]),
        );
        let p99 = percentile(&times, 0.99);
        println!("  p99 {} the 5 ms target", if p99 < Duration::from_millis(5) { "meets" } else { "MISSES" });
    });
}
