//! Issue 30, items 2 and 3, over loopback QUIC from many source addresses (127.0.0.2 to 127.0.0.101,
//! all loopback on Linux): attackers holding every pending handshake place keep no real guest
//! out, and connect–Hello–close churn is held to the host's handshake rates. The churn's cost
//! to a host of its own process is printed with `--nocapture` (docs/lan.md keeps the figures).

use crate::net_support;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cardtable::net::codec::encode_frame;
use cardtable::net::guest::{GuestEvent, JoinRequest, join};
use cardtable::net::identity::JoinCode;
use cardtable::net::limits::HostLimits;
use cardtable::net::protocol::{ClientMsg, HostMsg, Role};
use cardtable::net::remote::RemoteTable;
use cardtable::net::table::{HostCommand, TableConfig};
use cardtable::net::tls::Pin;
use cardtable_engine::{Seat, Viewer};
use net_support::attack;
use net_support::hostile::{hostile_settings, lifted_handshake_rates, one_round};
use net_support::quic::{Player, hello, hello_with_code, host, join_pinned, lobby_ready, runtime};

/// Attacker addresses: 127.0.0.2 to 127.0.0.101.
const ATTACKERS: std::ops::RangeInclusive<u8> = 2..=101;

/// From every attacker address, keeps connections open without a Hello (a new one as soon as
/// one is closed or refused) until `stop`.
fn hold_pending_places(address: SocketAddr, pin: Pin, stop: &Arc<AtomicBool>) -> Vec<tokio::task::JoinHandle<()>> {
    ATTACKERS
        .map(|last| {
            let stop = stop.clone();
            tokio::spawn(async move {
                let endpoint = attack::endpoint_from(last);
                while !stop.load(Ordering::Relaxed) {
                    match attack::connect_pinned(&endpoint, address, pin, Duration::from_secs(3)).await {
                        Ok(connection) => {
                            let _ = tokio::time::timeout(Duration::from_secs(10), connection.closed()).await;
                        }
                        Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                    }
                }
            })
        })
        .collect()
}

/// Whether `link` is told it is seated within `limit`.
async fn seated_within(link: &mut cardtable::net::guest::GuestLink, limit: Duration) -> bool {
    tokio::time::timeout(limit, async {
        while let Some(event) = link.next().await {
            if let GuestEvent::Message(HostMsg::Lobby(lobby)) = event
                && matches!(lobby.you, Role::Seated(_))
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
fn a_real_guest_gets_in_while_a_hundred_addresses_hold_every_pending_place() {
    runtime().block_on(async {
        let (handle, identity) = host(one_round(), 2, TableConfig::new("Host"), hostile_settings(HostLimits::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let attackers = hold_pending_places(handle.addr(), Pin::Fingerprint(identity.fingerprint()), &stop);
        // Let them fill every pending place.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let mut seated = 0;
        for attempt in 0..10_u8 {
            let started = Instant::now();
            // Ten real guests, each a device of its own (127.0.0.200 to 127.0.0.209).
            let mut request =
                JoinRequest::new(handle.addr(), Pin::Fingerprint(identity.fingerprint()), hello(&format!("Ana {attempt}"), None));
            request.bind = Some(SocketAddr::from(([127, 0, 0, 200 + attempt], 0)));
            let mut link = match join(request).await {
                Ok(link) => link,
                Err(error) => {
                    eprintln!("try {attempt}: {error} ({:?})", handle.stats());
                    continue;
                }
            };
            link.send(ClientMsg::Sit { seat: None });
            let sat = seated_within(&mut link, Duration::from_secs(10)).await;
            eprintln!("try {attempt}: seated {sat} after {:?}", started.elapsed());
            seated += usize::from(sat);
            link.leave().await;
        }
        stop.store(true, Ordering::Relaxed);
        let stats = handle.stats();
        eprintln!(
            "100 addresses holding pending places: a real guest seated {seated} of 10 times; {} pending connections made room, \
             {} attempts refused before their handshake ({} by a rate)",
            stats.pending_evicted, stats.handshakes_refused, stats.handshakes_throttled
        );
        assert_eq!(seated, 10);
        for attacker in attackers {
            attacker.abort();
        }
        handle.close().await;
    });
}

/// Issue 30, item 2's remainder: 100 addresses churn connect–Hello–close from the table's
/// first moment, each as often as it stays "quiet" (one attempt a second, its own refill), so
/// each looks like a device arriving: 100 attempts a second, more than the host's handshake
/// rates. A real guest with the seat code arrives 2 s in, a new table each time; it is seated
/// within 3 s, 10 of 10.
#[test]
fn a_guest_with_the_code_is_seated_while_a_hundred_addresses_flood_from_the_first_second() {
    runtime().block_on(async {
        let mut times = Vec::new();
        let mut refused = 0;
        for attempt in 0..10_u8 {
            let (handle, identity) = host(one_round(), 2, TableConfig::new("Host"), hostile_settings(HostLimits::default()));
            let pin = Pin::Fingerprint(identity.fingerprint());
            let stop = Arc::new(AtomicBool::new(false));
            let churners = churn(handle.addr(), pin, Duration::from_secs(1), &stop, &Churned::default());
            tokio::time::sleep(Duration::from_secs(2)).await;
            let started = Instant::now();
            let mut request = JoinRequest::new(handle.addr(), pin, hello(&format!("Ana {attempt}"), None));
            request.bind = Some(SocketAddr::from(([127, 0, 0, 200 + attempt], 0)));
            let seated = match join(request).await {
                Ok(mut link) => {
                    link.send(ClientMsg::Sit { seat: None });
                    let seated = seated_within(&mut link, Duration::from_secs(10)).await;
                    link.leave().await;
                    seated
                }
                Err(error) => {
                    eprintln!("try {attempt}: {error}");
                    false
                }
            };
            let took = started.elapsed();
            stop.store(true, Ordering::Relaxed);
            refused += handle.stats().handshakes_refused;
            eprintln!("try {attempt}: seated {seated} after {took:?}");
            if seated {
                times.push(took);
            }
            for churner in churners {
                churner.abort();
            }
            handle.close().await;
        }
        eprintln!(
            "100 addresses flooding from the table's first second, a guest with the code 2 s in: seated {} of 10, the slowest after \
             {:?}; {refused} attempts refused before their handshake in all",
            times.len(),
            times.iter().max(),
        );
        assert_eq!(times.len(), 10, "seated every time");
        assert!(times.iter().all(|took| *took <= Duration::from_secs(3)), "each within 3 s: {times:?}");
    });
}

/// How many attempts the churners made, and how many handshakes completed.
#[derive(Clone, Default)]
struct Churned {
    handshakes: Arc<AtomicUsize>,
    attempts: Arc<AtomicUsize>,
}

/// From every attacker address, connect–Hello–close until `stop`, pausing `pause` after each
/// attempt: devices without the table's seat code.
fn churn(address: SocketAddr, pin: Pin, pause: Duration, stop: &Arc<AtomicBool>, counts: &Churned) -> Vec<tokio::task::JoinHandle<()>> {
    ATTACKERS
        .map(|last| {
            let (stop, counts) = (stop.clone(), counts.clone());
            tokio::spawn(async move {
                let endpoint = attack::endpoint_from(last);
                let frame = encode_frame(&hello_with_code("Churn", None, None)).expect("a Hello");
                while !stop.load(Ordering::Relaxed) {
                    counts.attempts.fetch_add(1, Ordering::Relaxed);
                    match attack::connect_pinned(&endpoint, address, pin, Duration::from_secs(1)).await {
                        Ok(connection) => {
                            counts.handshakes.fetch_add(1, Ordering::Relaxed);
                            if let Ok((mut send, _)) = connection.open_bi().await {
                                let _ = send.write_all(&frame).await;
                            }
                            connection.close(0_u32.into(), b"churn");
                        }
                        Err(_) => tokio::task::yield_now().await,
                    }
                    tokio::time::sleep(pause).await;
                }
            })
        })
        .collect()
}

/// A host in a process of its own (`cardtable host --lan`), so its CPU time is its own.
struct OwnHost {
    child: std::process::Child,
    address: SocketAddr,
    code: JoinCode,
    _data: tempfile::TempDir,
}

impl OwnHost {
    /// Starts this build's `cardtable`, or the one `CARDTABLE_CHURN_HOST` names (to measure
    /// another build, such as a release build or the code before the handshake rates).
    fn start() -> OwnHost {
        let data = tempfile::tempdir().expect("temp dir");
        let program = std::env::var_os("CARDTABLE_CHURN_HOST").unwrap_or_else(|| env!("CARGO_BIN_EXE_cardtable").into());
        let mut child = Command::new(program)
            .arg("--data-dir")
            .arg(data.path())
            .args(["host", "--lan", "--game", "dunno", "--seats", "guest,guest", "--print-invite", "--bind", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the host starts");
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().expect("stdout")).read_line(&mut line).expect("the first line");
        let mut words = line.split_whitespace();
        let (Some(address), Some(code)) = (words.next(), words.next()) else { panic!("ADDRESS CODE SEAT_CODE: {line}") };
        OwnHost { child, address: address.parse().expect("an address"), code: code.parse().expect("a code"), _data: data }
    }

    /// The host process's CPU time so far (Linux: utime and stime in /proc/PID/stat).
    fn cpu(&self) -> Duration {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).expect("/proc/PID/stat");
        let fields: Vec<&str> = stat.rsplit_once(')').expect("comm").1.split_whitespace().collect();
        let ticks: u64 = fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
        // The kernel counts in USER_HZ, 100 a second on Linux.
        Duration::from_millis(ticks * 10)
    }
}

impl Drop for OwnHost {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn connect_hello_close_churn_from_a_hundred_addresses_is_held_to_the_handshake_rates() {
    let host = OwnHost::start();
    let limits = HostLimits::default();
    let churn_for = Duration::from_secs(5);
    runtime().block_on(async {
        let idle_before = host.cpu();
        tokio::time::sleep(Duration::from_secs(1)).await;
        let idle = host.cpu().saturating_sub(idle_before);
        let counts = Churned::default();
        let stop = Arc::new(AtomicBool::new(false));
        let before = host.cpu();
        let started = Instant::now();
        let churners = churn(host.address, Pin::JoinCode(host.code), Duration::ZERO, &stop, &counts);
        tokio::time::sleep(churn_for).await;
        stop.store(true, Ordering::Relaxed);
        for churner in churners {
            let _ = churner.await;
        }
        let elapsed = started.elapsed();
        let used = host.cpu().saturating_sub(before);
        let done = counts.handshakes.load(Ordering::Relaxed);
        let tried = counts.attempts.load(Ordering::Relaxed);
        eprintln!(
            "connect–Hello–close churn from 100 addresses for {elapsed:.1?}: {tried} attempts ({:.0} a second), {done} handshakes \
             completed ({:.0} a second); the host process used {used:?} of CPU, {:.1} % of a core (idle: {:.1} %)",
            tried as f64 / elapsed.as_secs_f64(),
            done as f64 / elapsed.as_secs_f64(),
            100.0 * used.as_secs_f64() / elapsed.as_secs_f64(),
            100.0 * idle.as_secs_f64(),
        );
        // At most the bursts, then everyone's rate and the places kept for fresh addresses.
        let rate = f64::from(limits.handshakes_per_second + limits.fresh_handshakes_per_second);
        let most = f64::from(limits.handshake_burst + 2 * limits.fresh_handshakes_per_second) + rate * elapsed.as_secs_f64();
        assert!((done as f64) <= most, "{done} handshakes in {elapsed:?}, at most {most:.0} allowed");
    });
}

/// Issue 30, item 3, over QUIC: a seated guest coming back with its own token again and again
/// (on a new connection each time, as fast as the host answers) costs the other guest at most
/// a message per tick, and only its comeback budget is let back.
#[test]
fn a_seated_guest_reconnecting_in_a_loop_costs_the_other_guest_a_message_a_tick() {
    runtime().block_on(async {
        let settings = hostile_settings(lifted_handshake_rates());
        let tick = settings.tick;
        let (mut handle, identity) = host(one_round(), 2, TableConfig::new("Host"), settings);
        let fingerprint = identity.fingerprint();
        let mut ana = Player::new(join_pinned(handle.addr(), fingerprint, hello("Ana", None)).await, Seat(0), 1);
        let mut bea = Player::new(join_pinned(handle.addr(), fingerprint, hello("Bea", None)).await, Seat(1), 2);
        let token = ana.link.admitted().token;
        ana.sit();
        bea.sit();
        lobby_ready(&mut handle).await;
        handle.command(HostCommand::Start);
        let dealt = |seat: Seat| move |table: &RemoteTable| table.latest(Viewer::Seat(seat)).is_some();
        let (ana_dealt, bea_dealt) =
            tokio::join!(ana.play_until(Duration::from_secs(20), dealt(Seat(0))), bea.play_until(Duration::from_secs(20), dealt(Seat(1))));
        assert!(ana_dealt.is_ok() && bea_dealt.is_ok(), "both are dealt in");
        // Ana's device comes back again and again for two seconds; Bea only reads.
        let address = handle.addr();
        let comebacks = tokio::spawn(async move {
            let endpoint = attack::endpoint();
            let stop = Instant::now() + Duration::from_secs(2);
            let mut tries = 0;
            while Instant::now() < stop {
                if let Ok((connection, _send, _recv)) = attack::say_hello(&endpoint, address, fingerprint, &hello("Ana", Some(token))).await
                {
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(1)).await;
                    connection.close(0_u32.into(), b"again");
                }
            }
            tries
        });
        let mut frames = 0;
        let window = Instant::now() + Duration::from_secs(2);
        while let Ok(Some(event)) = tokio::time::timeout_at(window.into(), bea.link.next()).await {
            frames += usize::from(matches!(event, GuestEvent::Message(_)));
        }
        let tries = comebacks.await.expect("the comebacks");
        let ticks = Duration::from_secs(2).as_millis() / tick.as_millis();
        eprintln!("{tries} comebacks with one token in 2 s: the other guest received {frames} frames (ticks: {ticks})");
        assert!(tries >= 20, "the attack ran ({tries} comebacks)");
        assert!(frames as u128 <= ticks + 2, "{frames} frames to the other guest in 2 s");
        drop(ana);
        handle.close().await;
    });
}

/// `count` first datagrams of QUIC clients opening connections (Initials, each of its own
/// connection), caught on a socket of the test's own: real ones, to send as a flood that
/// waits for nothing.
async fn initials(code: JoinCode, count: usize) -> Vec<Vec<u8>> {
    let catcher = tokio::net::UdpSocket::bind((std::net::Ipv4Addr::LOCALHOST, 0)).await.expect("a loopback socket");
    let target = catcher.local_addr().expect("its address");
    let endpoint = attack::endpoint();
    let mut caught = Vec::with_capacity(count);
    let mut buffer = [0; 2048];
    while caught.len() < count {
        let (config, _) = cardtable::net::tls::client_config(Pin::JoinCode(code), Default::default(), cardtable::net::protocol::ALPN)
            .expect("client TLS");
        let connecting = endpoint.connect_with(config, target, cardtable::net::tls::SERVER_NAME).expect("connects");
        let (len, _) = catcher.recv_from(&mut buffer).await.expect("the client's first datagram");
        drop(connecting);
        caught.push(buffer[..len].to_vec());
    }
    caught
}

/// Sources that keep opening connections as fast as they can send (real clients' Initials,
/// sent round from 100 addresses, never waiting for an answer) are answered a few refusals a
/// second each (32 at once, then 8 a second); the rest of their attempts are dropped before
/// quinn reads them. The host
/// is `cardtable host --lan` in its own process (`CARDTABLE_CHURN_HOST` names another build to
/// measure, such as a release build); its CPU is printed (docs/lan.md).
#[test]
fn a_flood_of_connection_attempts_that_waits_for_nothing_is_answered_a_few_times_a_second() {
    let host = OwnHost::start();
    let limits = HostLimits::default();
    let flood_for = Duration::from_secs(5);
    runtime().block_on(async {
        // Connections of their own (their own keys), sent round: the host forgets one it refused.
        let initials = Arc::new(initials(host.code, 10_000).await);
        let before = host.cpu();
        let started = Instant::now();
        let (sent, answered) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let flooders: Vec<_> = (0..4_u8)
            .map(|thread| {
                let (initials, sent, answered, address) = (initials.clone(), sent.clone(), answered.clone(), host.address);
                let flooding = move || {
                    let sockets: Vec<std::net::UdpSocket> = ATTACKERS
                        .filter(|last| last % 4 == thread)
                        .map(|last| {
                            let socket =
                                std::net::UdpSocket::bind((std::net::Ipv4Addr::new(127, 0, 0, last), 0)).expect("a loopback socket");
                            socket.set_nonblocking(true).expect("non-blocking");
                            socket
                        })
                        .collect();
                    let mut buffer = [0; 2048];
                    let mut next = usize::from(thread);
                    while started.elapsed() < flood_for {
                        for socket in &sockets {
                            let initial = &initials[next % initials.len()];
                            next += 4;
                            if socket.send_to(initial, address).is_ok() {
                                sent.fetch_add(1, Ordering::Relaxed);
                            }
                            while socket.recv_from(&mut buffer).is_ok() {
                                answered.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        // About 10,000 attempts a second in all: more than the host could answer.
                        std::thread::sleep(Duration::from_millis(10));
                    }
                };
                std::thread::Builder::new().name(format!("flooder {thread}")).spawn(flooding).expect("a flooder thread")
            })
            .collect();
        for flooder in flooders {
            flooder.join().expect("a flooder");
        }
        let elapsed = started.elapsed();
        let used = host.cpu().saturating_sub(before);
        let (sent, answered) = (sent.load(Ordering::Relaxed), answered.load(Ordering::Relaxed));
        eprintln!(
            "a flood of {sent} Initials from 100 addresses in {elapsed:.1?} ({:.0} a second): {answered} answered; the host process \
             used {used:?} of CPU, {:.1} % of a core ({:.1} µs an attempt)",
            sent as f64 / elapsed.as_secs_f64(),
            100.0 * used.as_secs_f64() / elapsed.as_secs_f64(),
            used.as_secs_f64() * 1e6 / sent.max(1) as f64,
        );
        // Each address: its burst, then its rate, of answers (a refusal, or a server's first
        // flight for the few let in, which may take a few datagrams).
        let per_address = f64::from(limits.answered_refusals_per_second_per_address) * (4.0 + elapsed.as_secs_f64());
        let most = 100.0 * (per_address + f64::from(limits.handshake_burst_per_address) * 4.0);
        assert!(2 * answered < sent, "the flood was mostly not answered: {sent} sent, {answered} answered");
        assert!((answered as f64) <= most, "{answered} answers, at most {most:.0}");
    });
}
