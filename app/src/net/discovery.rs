//! Finding hosts on the LAN: a host announces itself every second by UDP multicast (or
//! broadcast) on the interface its settings name; guests listen and list the hosts heard in the
//! last few seconds. The announcement is signed by the host's identity
//! ([`super::announcement`]): a guest lists only what the holder of a fingerprint said, from the
//! address it said it sends from (the datagram's sender), at the QUIC port it announced. The
//! signature checks a listener makes are budgeted by sender ([`super::announcement_checks`]), so
//! a flood of forgeries costs a guest little and hides no host already heard.
//!
//! The interface always comes from a setting, so tests bind it to loopback
//! (`IP_MULTICAST_IF=127.0.0.1` with TTL 0, or broadcast to 127.255.255.255) and nothing is
//! announced on the machine's real network.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, SocketAddrV4};
use std::sync::Arc;
use std::time::{Duration, Instant};

use socket2::{Domain, Protocol, Socket, Type};
use tokio::net::UdpSocket;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use super::announcement::Announcement;
use super::announcement::{AnnouncementSigner, MAX_DATAGRAM, SignError, open};
pub use super::announcement_checks::CheckCounts;
use super::announcement_checks::SignatureChecks;
use super::identity::{Fingerprint, Identity};

/// The multicast group Cardtable announces on (administratively scoped: stays in the LAN).
pub const DEFAULT_GROUP: Ipv4Addr = Ipv4Addr::new(239, 255, 67, 84);
/// The UDP port of announcements.
pub const DEFAULT_PORT: u16 = 47_474;
/// Most hosts a listener keeps: a flood of announcements from many identities pushes out the one
/// heard from least recently, never grows the list (a real host comes back with its next
/// announcement).
pub const MAX_HOSTS: usize = 64;
/// Most addresses kept for one host (fingerprint; only its key's holder can add one). When full,
/// a new one takes the place of the loudest (heard more often than a host announces), else of
/// the one met last.
pub const MAX_ADDRESSES: usize = 8;

/// How announcements travel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscoveryMode {
    /// To this multicast group.
    Multicast(Ipv4Addr),
    /// To this broadcast address (a subnet's, or 127.255.255.255 on loopback).
    Broadcast(Ipv4Addr),
}

/// Where and how to announce and listen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscoveryConfig {
    /// The interface's address (`0.0.0.0`: the system's choice). From the settings or the
    /// `--lan-interface` flag.
    pub interface: Ipv4Addr,
    /// Multicast or broadcast.
    pub mode: DiscoveryMode,
    /// The UDP port.
    pub port: u16,
    /// Time between announcements.
    pub interval: Duration,
    /// Multicast hops (1 keeps announcements on the local network; 0 on this machine).
    pub ttl: u32,
}

impl Default for DiscoveryConfig {
    fn default() -> DiscoveryConfig {
        DiscoveryConfig {
            interface: Ipv4Addr::UNSPECIFIED,
            mode: DiscoveryMode::Multicast(DEFAULT_GROUP),
            port: DEFAULT_PORT,
            interval: Duration::from_secs(1),
            ttl: 1,
        }
    }
}

impl DiscoveryConfig {
    /// Multicast on loopback only (tests): interface 127.0.0.1, TTL 0.
    #[must_use]
    pub fn loopback(port: u16) -> DiscoveryConfig {
        DiscoveryConfig { interface: Ipv4Addr::LOCALHOST, port, ttl: 0, interval: Duration::from_millis(200), ..DiscoveryConfig::default() }
    }
}

/// Why discovery could not start.
#[derive(Debug, thiserror::Error)]
pub enum DiscoveryError {
    /// The socket could not be set up on the interface.
    #[error("LAN discovery on {interface}: {source}")]
    Socket {
        /// The interface configured.
        interface: Ipv4Addr,
        /// What the system said.
        source: std::io::Error,
    },
    /// The device's identity cannot sign announcements.
    #[error("LAN discovery: {0}")]
    Sign(#[from] SignError),
}

fn target(config: &DiscoveryConfig) -> SocketAddr {
    let address = match config.mode {
        DiscoveryMode::Multicast(group) => group,
        DiscoveryMode::Broadcast(address) => address,
    };
    SocketAddr::V4(SocketAddrV4::new(address, config.port))
}

fn sender_socket(config: &DiscoveryConfig) -> std::io::Result<UdpSocket> {
    let socket = Socket::new(Domain::IPV4, Type::DGRAM, Some(Protocol::UDP))?;
    match config.mode {
        DiscoveryMode::Multicast(_) => {
            socket.set_multicast_if_v4(&config.interface)?;
            socket.set_multicast_ttl_v4(config.ttl)?;
            socket.set_multicast_loop_v4(true)?;
        }
        DiscoveryMode::Broadcast(_) => socket.set_broadcast(true)?,
    }
    socket.bind(&SocketAddr::V4(SocketAddrV4::new(config.interface, 0)).into())?;
    // Connected, the socket knows the address its datagrams leave from: the one signed.
    socket.connect(&target(config).into())?;
    socket.set_nonblocking(true)?;
    UdpSocket::from_std(socket.into())
}

fn listener_socket(config: &DiscoveryConfig) -> std::io::Result<UdpSocket> {
    let socket = Socket::new(Domain::IPV4, Type::DGRAM, Some(Protocol::UDP))?;
    // Several apps (or tests) on one machine may listen at once.
    socket.set_reuse_address(true)?;
    #[cfg(unix)]
    socket.set_reuse_port(true)?;
    socket.bind(&SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::UNSPECIFIED, config.port)).into())?;
    if let DiscoveryMode::Multicast(group) = config.mode {
        socket.join_multicast_v4(&group, &config.interface)?;
    }
    socket.set_nonblocking(true)?;
    UdpSocket::from_std(socket.into())
}

/// The address to show people for this device on `interface`: the interface itself, or, when
/// the system chooses, the address its route to the LAN's multicast group leaves from. (A UDP
/// socket's `connect` only picks the route; nothing is sent.)
#[must_use]
pub fn shown_address(interface: Ipv4Addr) -> IpAddr {
    if !interface.is_unspecified() {
        return IpAddr::V4(interface);
    }
    std::net::UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))
        .and_then(|socket| {
            socket.connect((DEFAULT_GROUP, DEFAULT_PORT))?;
            socket.local_addr()
        })
        .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |address| address.ip())
}

/// A host announcing itself until dropped.
#[derive(Debug)]
pub struct Announcer {
    state: watch::Sender<Announcement>,
    task: JoinHandle<()>,
}

impl Announcer {
    /// Starts announcing `announcement`, signed by `identity`, as `config` says. Must run
    /// inside a tokio runtime.
    ///
    /// # Errors
    /// The socket cannot be set up on the interface, or the identity cannot sign.
    pub fn start(config: &DiscoveryConfig, identity: &Identity, announcement: Announcement) -> Result<Announcer, DiscoveryError> {
        let signer = AnnouncementSigner::new(identity)?;
        let socket_error = |source| DiscoveryError::Socket { interface: config.interface, source };
        let socket = sender_socket(config).map_err(socket_error)?;
        let mut source = socket.local_addr().map_err(socket_error)?.ip();
        if source.is_unspecified() {
            source = shown_address(config.interface);
        }
        let (state, watcher) = watch::channel(announcement);
        let interval = config.interval;
        let task = tokio::spawn(async move {
            let mut ticker = tokio::time::interval(interval);
            let mut sequence = 0;
            loop {
                ticker.tick().await;
                // The wall clock in milliseconds, so a host started again goes on above the
                // numbers its listeners heard; one more than the last if the clock went back.
                sequence = unix_millis().max(sequence + 1);
                let sealed = signer.seal(&watcher.borrow(), source, sequence);
                let datagram = match sealed {
                    Ok(datagram) => datagram,
                    Err(error) => {
                        tracing::error!(%error, "the announcement could not be made");
                        return;
                    }
                };
                if let Err(error) = socket.send(&datagram).await {
                    tracing::debug!(%error, "announcement not sent");
                }
            }
        });
        Ok(Announcer { state, task })
    }

    /// Changes what is announced (open seats, game).
    pub fn update(&self, change: impl FnOnce(&mut Announcement)) {
        self.state.send_modify(change);
    }
}

impl Drop for Announcer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Milliseconds since the Unix epoch (0 if the clock is before it).
fn unix_millis() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| u64::try_from(since.as_millis()).unwrap_or(u64::MAX))
}

/// A host heard on the LAN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discovered {
    /// Where it was heard: each signed announcement's sender with its QUIC port, the most
    /// recently heard first (at most [`MAX_ADDRESSES`]). Only the identity's holder announces
    /// an address; a join still tries them all at once and the pin decides.
    pub addresses: Vec<SocketAddr>,
    /// What it said last (signed by its identity), from any of its addresses.
    pub announcement: Announcement,
    /// When it was last heard.
    pub heard: Instant,
}

impl Discovered {
    /// The address heard most recently (the one shown).
    #[must_use]
    pub fn address(&self) -> SocketAddr {
        *self.addresses.first().expect("a host is listed only with an address heard")
    }
}

/// Hosts heard, by fingerprint, each with the times its addresses were heard.
#[derive(Debug)]
struct Heard {
    hosts: HashMap<Fingerprint, HeardHost>,
    /// How often a host announces itself: an address heard more often than that is loud.
    interval: Duration,
}

#[derive(Debug)]
struct HeardHost {
    addresses: Vec<HeardAddress>,
    announcement: Announcement,
    heard: Instant,
}

/// One address heard for a host, and how often.
#[derive(Debug)]
struct HeardAddress {
    address: SocketAddr,
    /// What it said last.
    announcement: Announcement,
    first: Instant,
    last: Instant,
    /// Announcements heard from it since `first`.
    count: u64,
    /// The sequence number of the last one: one not above it is a replay.
    sequence: u64,
}

impl HeardAddress {
    /// Announcements heard from it beyond what a host announcing every `interval` sends (with
    /// two to spare): a real host is never loud, a forger repeating itself to stay on top is.
    fn excess(&self, interval: Duration) -> u64 {
        let age = self.last.saturating_duration_since(self.first).as_millis();
        let allowed = u64::try_from(age / interval.as_millis().max(1)).unwrap_or(u64::MAX).saturating_add(2);
        self.count.saturating_sub(allowed)
    }
}

impl Heard {
    /// No hosts heard yet, from hosts announcing every `interval`.
    fn new(interval: Duration) -> Heard {
        Heard { hosts: HashMap::new(), interval }
    }

    /// Whether announcement number `sequence` of `fingerprint` from `address` is no newer than
    /// one already heard from there (a replay): checked before its signature, which costs more.
    fn is_stale(&self, fingerprint: &Fingerprint, address: SocketAddr, sequence: u64) -> bool {
        self.hosts
            .get(fingerprint)
            .and_then(|host| host.addresses.iter().find(|known| known.address == address))
            .is_some_and(|known| known.sequence >= sequence)
    }

    /// Takes in a checked announcement, number `sequence`, from `address` at `now`, within
    /// [`MAX_HOSTS`] and [`MAX_ADDRESSES`]; returns whether it told something new (a host, an
    /// address, or a change in what an address announces). A replay is no news and changes
    /// nothing.
    fn hear(&mut self, announcement: Announcement, address: SocketAddr, sequence: u64, now: Instant) -> bool {
        let fingerprint = announcement.fingerprint;
        if self.is_stale(&fingerprint, address, sequence) {
            return false;
        }
        let news = self
            .hosts
            .get(&fingerprint)
            .is_none_or(|host| !host.addresses.iter().any(|known| known.address == address && known.announcement == announcement));
        if !self.hosts.contains_key(&fingerprint) && self.hosts.len() >= MAX_HOSTS {
            let oldest = self.hosts.iter().min_by_key(|(_, host)| host.heard).map(|(fingerprint, _)| *fingerprint);
            if let Some(oldest) = oldest {
                self.hosts.remove(&oldest);
            }
        }
        let interval = self.interval;
        let host = self.hosts.entry(fingerprint).or_insert_with(|| HeardHost {
            addresses: Vec::new(),
            announcement: announcement.clone(),
            heard: now,
        });
        host.announcement = announcement.clone();
        host.heard = now;
        let fresh = HeardAddress { address, announcement: announcement.clone(), first: now, last: now, count: 1, sequence };
        if let Some(known) = host.addresses.iter_mut().find(|known| known.address == address) {
            known.announcement = announcement;
            known.sequence = sequence;
            known.last = now;
            known.count = known.count.saturating_add(1);
        } else if host.addresses.len() < MAX_ADDRESSES {
            host.addresses.push(fresh);
        } else if let Some(evicted) = host.addresses.iter_mut().max_by_key(|known| (known.excess(interval), known.first)) {
            // The loudest makes room; among the quiet, the one met last: an address that
            // announces at a host's pace keeps its place however often others repeat theirs.
            *evicted = fresh;
        }
        news
    }

    /// Forgets the addresses and hosts not heard within `expiry` of `now` (so one heard again
    /// after that is news).
    fn forget(&mut self, now: Instant, expiry: Duration) {
        let fresh = |heard: Instant| now.saturating_duration_since(heard) <= expiry;
        self.hosts.retain(|_, host| {
            host.addresses.retain(|known| fresh(known.last));
            fresh(host.heard) && !host.addresses.is_empty()
        });
    }

    /// The hosts heard within `expiry` of `now`, by name, each with its addresses heard then.
    fn recent(&self, now: Instant, expiry: Duration) -> Vec<Discovered> {
        let fresh = |heard: Instant| now.saturating_duration_since(heard) <= expiry;
        let mut hosts: Vec<Discovered> = self
            .hosts
            .values()
            .filter(|host| fresh(host.heard))
            .filter_map(|host| {
                let mut addresses: Vec<&HeardAddress> = host.addresses.iter().filter(|known| fresh(known.last)).collect();
                addresses.sort_by(|a, b| b.last.cmp(&a.last).then(a.address.cmp(&b.address)));
                (!addresses.is_empty()).then(|| Discovered {
                    addresses: addresses.iter().map(|known| known.address).collect(),
                    announcement: host.announcement.clone(),
                    heard: host.heard,
                })
            })
            .collect();
        hosts.sort_by(|a, b| a.announcement.name.cmp(&b.announcement.name).then(a.addresses.cmp(&b.addresses)));
        hosts
    }
}

/// Listens for announcements until dropped. Its task keeps the hosts heard and publishes them
/// (a watch channel: the window reads the latest, no one waits for a change); the window hands
/// the task its waker the same way.
pub struct Listener {
    heard: watch::Receiver<Heard>,
    /// Called when a new host or a new address of one is heard (the join screen repaints).
    waker: watch::Sender<Option<crate::net::Waker>>,
    expiry: Duration,
    port: u16,
    counts: Arc<CheckCounts>,
    task: JoinHandle<()>,
}

impl Listener {
    /// Starts listening as `config` says (`port` 0: any free port, see [`Listener::port`]).
    /// Must run inside a tokio runtime.
    ///
    /// # Errors
    /// The socket cannot be bound or cannot join the group on the interface.
    pub fn start(config: &DiscoveryConfig) -> Result<Listener, DiscoveryError> {
        let error = |source| DiscoveryError::Socket { interface: config.interface, source };
        let socket = listener_socket(config).map_err(error)?;
        let port = socket.local_addr().map_err(error)?.port();
        let expiry = config.interval * 3 + Duration::from_secs(1);
        let (writer, heard) = watch::channel(Heard::new(config.interval));
        let (waker, wake) = watch::channel::<Option<crate::net::Waker>>(None);
        let counts = Arc::new(CheckCounts::default());
        let mut checks = SignatureChecks::new(config.interval, counts.clone(), Instant::now());
        let task = tokio::spawn(async move {
            // One byte more than an announcement may take, so a longer datagram is seen as such.
            let mut buffer = [0; MAX_DATAGRAM + 1];
            loop {
                let Ok((len, from)) = socket.recv_from(&mut buffer).await else { continue };
                // Unsigned, foreign, replayed or forged announcements are dropped here: the
                // cheap checks first, the signature only for a new one from its own address,
                // and only within its sender's budget.
                let Ok(unchecked) = open(&buffer[..len], from.ip()) else { continue };
                let fingerprint = unchecked.announcement().fingerprint;
                let address = SocketAddr::new(from.ip(), unchecked.announcement().port);
                let sequence = unchecked.sequence();
                if writer.borrow().is_stale(&fingerprint, address, sequence) {
                    continue;
                }
                let now = Instant::now();
                if !checks.admit((fingerprint, from), now) {
                    continue;
                }
                let verified = unchecked.verify();
                checks.checked((fingerprint, from), verified.is_ok(), now);
                let Ok(announcement) = verified else { continue };
                let mut news = false;
                writer.send_modify(|heard| {
                    heard.forget(now, expiry);
                    news = heard.hear(announcement, address, sequence, now);
                });
                // Only news wakes the screen: a host announcing again every second does not.
                let waker = wake.borrow().clone();
                if news && let Some(waker) = waker {
                    waker();
                }
            }
        });
        Ok(Listener { heard, waker, expiry, port, counts, task })
    }

    /// Calls `waker` whenever a new host, a new address of one, or a change in what one
    /// announces is heard, so a screen showing the list repaints at once.
    pub fn wake_with(&self, waker: crate::net::Waker) {
        self.waker.send_replace(Some(waker));
    }

    /// The UDP port listened on.
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// What the listener did with the announcements that passed the cheap checks: signatures
    /// checked, and announcements dropped unchecked for their sender's budget.
    #[must_use]
    pub fn checks(&self) -> &CheckCounts {
        &self.counts
    }

    /// The hosts heard recently, by name: at most [`MAX_HOSTS`], each with at most
    /// [`MAX_ADDRESSES`], so this stays cheap enough for every frame of the join screen.
    #[must_use]
    pub fn hosts(&self) -> Vec<Discovered> {
        self.heard.borrow().recent(Instant::now(), self.expiry)
    }
}

impl std::fmt::Debug for Listener {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The waker is a closure: nothing to show of it.
        f.debug_struct("Listener")
            .field("heard", &self.heard)
            .field("expiry", &self.expiry)
            .field("port", &self.port)
            .finish_non_exhaustive()
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.task.abort();
    }
}

#[cfg(test)]
mod tests {
    use cardtable_engine::GameKind;

    use super::*;

    /// The newcomers' burst of signature checks is a whole list: a guest who starts listening
    /// in a hall of hosts checks every one at once.
    #[test]
    fn newcomers_may_fill_the_list_at_once() {
        assert_eq!(usize::try_from(crate::net::announcement_checks::NEWCOMER_BURST), Ok(MAX_HOSTS));
    }

    #[test]
    fn the_list_of_heard_hosts_and_their_addresses_is_capped() {
        let mut heard = Heard::new(Duration::from_secs(1));
        let start = Instant::now();
        let real = Announcement::new(Fingerprint::of(b"real"), 4000, "Ana", GameKind::Dunno);
        let home: SocketAddr = "127.0.0.1:4000".parse().expect("address");
        heard.hear(real.clone(), home, 1, start);
        for port in 0..20_u16 {
            heard.hear(real.clone(), SocketAddr::new(home.ip(), 5000 + port), 1, start + Duration::from_millis(u64::from(port) + 1));
        }
        for other in 0..1_000_u32 {
            let announcement = Announcement::new(Fingerprint::of(&other.to_be_bytes()), 4000, "Other", GameKind::Dunno);
            heard.hear(announcement, home, 1, start + Duration::from_millis(100));
        }
        let hosts = heard.recent(start + Duration::from_millis(100), Duration::from_secs(5));
        assert_eq!(hosts.len(), MAX_HOSTS);
        assert!(hosts.iter().all(|host| host.addresses.len() <= MAX_ADDRESSES));
    }

    /// A host heard again is no news, but one heard again after it was forgotten is.
    #[test]
    fn a_host_heard_again_after_it_expired_is_news() {
        let mut heard = Heard::new(Duration::from_secs(1));
        let start = Instant::now();
        let expiry = Duration::from_secs(5);
        let host = Announcement::new(Fingerprint::of(b"host"), 4000, "Ana", GameKind::Dunno);
        let home: SocketAddr = "127.0.0.1:4000".parse().expect("address");
        assert!(heard.hear(host.clone(), home, 1, start));
        assert!(!heard.hear(host.clone(), home, 2, start + Duration::from_secs(1)));
        let later = start + Duration::from_secs(10);
        assert!(heard.recent(later, expiry).is_empty(), "an expired host is not listed");
        heard.forget(later, expiry);
        assert!(heard.hear(host, home, 3, later));
        assert_eq!(heard.recent(later, expiry).len(), 1);
    }

    /// Issue 30, item 4: a signed announcement recorded and sent again later (an older open
    /// seat count, an older name) changes nothing; only a newer one does.
    #[test]
    fn a_replayed_announcement_changes_nothing() {
        let mut heard = Heard::new(Duration::from_secs(1));
        let start = Instant::now();
        let home: SocketAddr = "127.0.0.1:4000".parse().expect("address");
        let old = Announcement { open_seats: 3, ..Announcement::new(Fingerprint::of(b"host"), 4000, "Ana", GameKind::Dunno) };
        let new = Announcement { open_seats: 0, ..old.clone() };
        assert!(heard.hear(old.clone(), home, 10, start));
        assert!(heard.hear(new.clone(), home, 11, start + Duration::from_millis(5)));
        assert!(heard.is_stale(&new.fingerprint, home, 10));
        assert!(!heard.hear(old, home, 10, start + Duration::from_millis(10)), "a replay is no news");
        let hosts = heard.recent(start + Duration::from_millis(10), Duration::from_secs(5));
        assert_eq!(hosts[0].announcement, new, "the newest announcement stands");
    }

    /// Loud addresses and a stream of new ones (only possible for the identity's holder now,
    /// but still bounded) never push out an address announcing at a host's pace.
    #[test]
    fn an_address_announcing_at_a_hosts_pace_keeps_its_place() {
        let interval = Duration::from_secs(1);
        let mut heard = Heard::new(interval);
        let start = Instant::now();
        let genuine = Announcement::new(Fingerprint::of(b"real"), 4000, "Ana", GameKind::Dunno);
        let home: SocketAddr = "127.0.0.1:4000".parse().expect("address");
        let loud = |index: u16| SocketAddr::new(home.ip(), 5000 + index);
        let mut rotating = 0_u16;
        for tick in 0..250_u32 {
            let now = start + Duration::from_millis(u64::from(tick) * 20);
            let sequence = u64::from(tick) + 1;
            if tick.is_multiple_of(50) {
                heard.hear(genuine.clone(), home, sequence, now);
            }
            for index in 0..7 {
                heard.hear(genuine.clone(), loud(index), sequence, now);
            }
            rotating += 1;
            heard.hear(genuine.clone(), loud(100 + rotating), sequence, now);
            let hosts = heard.recent(now, interval * 4);
            assert!(hosts[0].addresses.len() <= MAX_ADDRESSES, "tick {tick}: {:?}", hosts[0].addresses);
            assert!(hosts[0].addresses.contains(&home), "the host's address is kept at tick {tick}");
        }
    }
}
