//! Issue 30, item 2, over loopback QUIC from many source addresses (127.0.0.2 to 127.0.0.101,
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
use cardtable::net::table::TableConfig;
use cardtable::net::tls::Pin;
use net_support::attack;
use net_support::hostile::{hostile_settings, one_round};
use net_support::quic::{hello, host, runtime};

/// Attacker addresses: 127.0.0.2 to 127.0.0.101.
const ATTACKERS: std::ops::RangeInclusive<u8> = 2..=101;

/// From every attacker address, keeps connections open without a Hello (a new one as soon as
/// one is closed or refused) until `stop`.
fn hold_pending_places(address: SocketAddr, pin: Pin, stop: &Arc<AtomicBool>) -> Vec<tokio::task::JoinHandle<()>> {
    ATTACKERS
        .map(|last| {
            let stop = stop.clone();
            let pin = pin.clone();
            tokio::spawn(async move {
                let endpoint = attack::endpoint_from(last);
                while !stop.load(Ordering::Relaxed) {
                    match attack::connect_pinned(&endpoint, address, pin.clone(), Duration::from_secs(3)).await {
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
            let sat = tokio::time::timeout(Duration::from_secs(10), async {
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
            .unwrap_or(false);
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
        let (address, code) = line.trim().split_once(' ').expect("ADDRESS CODE");
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
    let churn = Duration::from_secs(5);
    runtime().block_on(async {
        let idle_before = host.cpu();
        tokio::time::sleep(Duration::from_secs(1)).await;
        let idle = host.cpu().saturating_sub(idle_before);
        let handshakes = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let before = host.cpu();
        let started = Instant::now();
        let churners: Vec<_> = ATTACKERS
            .map(|last| {
                let (handshakes, stop, address, code) = (handshakes.clone(), stop.clone(), host.address, host.code);
                tokio::spawn(async move {
                    let endpoint = attack::endpoint_from(last);
                    let frame = encode_frame(&hello("Churn", None)).expect("a Hello");
                    while !stop.load(Ordering::Relaxed) {
                        match attack::connect_pinned(&endpoint, address, Pin::JoinCode(code), Duration::from_secs(1)).await {
                            Ok(connection) => {
                                handshakes.fetch_add(1, Ordering::Relaxed);
                                if let Ok((mut send, _)) = connection.open_bi().await {
                                    let _ = send.write_all(&frame).await;
                                }
                                connection.close(0_u32.into(), b"churn");
                            }
                            Err(_) => tokio::task::yield_now().await,
                        }
                    }
                })
            })
            .collect();
        tokio::time::sleep(churn).await;
        stop.store(true, Ordering::Relaxed);
        for churner in churners {
            let _ = churner.await;
        }
        let elapsed = started.elapsed();
        let used = host.cpu().saturating_sub(before);
        let done = handshakes.load(Ordering::Relaxed);
        eprintln!(
            "connect–Hello–close churn from 100 addresses for {elapsed:.1?}: {done} handshakes completed ({:.0} a second); \
             the host process used {used:?} of CPU, {:.1} % of a core (idle: {:.1} %)",
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
