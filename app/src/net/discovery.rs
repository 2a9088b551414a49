//! Finding hosts on the LAN: a host announces itself every second by UDP multicast (or
//! broadcast) on the interface its settings name; guests listen and list the hosts heard in the
//! last few seconds. The announcement says who the host is (fingerprint), not where: the
//! address is the datagram's sender, the port the announced QUIC port.
//!
//! The interface always comes from a setting, so tests bind it to loopback
//! (`IP_MULTICAST_IF=127.0.0.1` with TTL 0, or broadcast to 127.255.255.255) and nothing is
//! announced on the machine's real network.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, SocketAddrV4};
use std::time::{Duration, Instant};

use cardtable_engine::GameKind;
use serde::{Deserialize, Serialize};
use socket2::{Domain, Protocol, Socket, Type};
use tokio::net::UdpSocket;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::codec::decode_payload;
use super::identity::Fingerprint;
use super::protocol::PROTOCOL_VERSION;

/// The multicast group Cardtable announces on (administratively scoped: stays in the LAN).
pub const DEFAULT_GROUP: Ipv4Addr = Ipv4Addr::new(239, 255, 67, 84);
/// The UDP port of announcements.
pub const DEFAULT_PORT: u16 = 47_474;
/// Largest announcement read.
const MAX_DATAGRAM: usize = 512;
/// Marks a Cardtable announcement.
const MAGIC: [u8; 4] = *b"CTBL";
/// Most hosts a listener keeps: a flood of forged announcements pushes out the one heard from
/// least recently, never grows the list (a real host comes back with its next announcement).
pub const MAX_HOSTS: usize = 64;
/// Most addresses kept for one host (fingerprint). When full, a new one takes the place of the
/// loudest (heard more often than a host announces), else of the one met last.
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

/// What a host says about itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    /// [`MAGIC`]: tells Cardtable datagrams from others on the port.
    pub magic: [u8; 4],
    /// The host's protocol version (a guest lists other versions as incompatible).
    pub version: u32,
    /// The host's identity.
    pub fingerprint: Fingerprint,
    /// The host's QUIC port.
    pub port: u16,
    /// The host's profile name.
    pub name: String,
    /// The game chosen.
    pub game: GameKind,
    /// Seats still open.
    pub open_seats: u8,
    /// Whether a match is being played (guests may still watch or come back).
    pub playing: bool,
}

impl Announcement {
    /// An announcement of this version.
    #[must_use]
    pub fn new(fingerprint: Fingerprint, port: u16, name: &str, game: GameKind) -> Announcement {
        Announcement {
            magic: MAGIC,
            version: PROTOCOL_VERSION,
            fingerprint,
            port,
            name: name.to_owned(),
            game,
            open_seats: 0,
            playing: false,
        }
    }
}

/// Why discovery could not start.
#[derive(Debug, thiserror::Error)]
#[error("LAN discovery on {interface}: {source}")]
pub struct DiscoveryError {
    /// The interface configured.
    pub interface: Ipv4Addr,
    /// What the system said.
    pub source: std::io::Error,
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
    /// Starts announcing `announcement` as `config` says. Must run inside a tokio runtime.
    ///
    /// # Errors
    /// The socket cannot be set up on the interface.
    pub fn start(config: &DiscoveryConfig, announcement: Announcement) -> Result<Announcer, DiscoveryError> {
        let socket = sender_socket(config).map_err(|source| DiscoveryError { interface: config.interface, source })?;
        let (state, watcher) = watch::channel(announcement);
        let target = target(config);
        let interval = config.interval;
        let task = tokio::spawn(async move {
            let mut ticker = tokio::time::interval(interval);
            loop {
                ticker.tick().await;
                let datagram = match postcard::to_allocvec(&*watcher.borrow()) {
                    Ok(datagram) => datagram,
                    Err(error) => {
                        tracing::error!(%error, "the announcement could not be encoded");
                        return;
                    }
                };
                if let Err(error) = socket.send_to(&datagram, target).await {
                    tracing::debug!(%error, %target, "announcement not sent");
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

/// A host heard on the LAN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discovered {
    /// Where it was heard: each announcement's sender with its QUIC port, the most recently
    /// heard first (at most [`MAX_ADDRESSES`]). Anyone may announce any fingerprint, so a join
    /// tries them all at once and the pin decides which is the host.
    pub addresses: Vec<SocketAddr>,
    /// What it said last, from any of its addresses.
    pub announcement: Announcement,
    /// When it was last heard.
    pub heard: Instant,
    /// What each address said last, in the order of `addresses`.
    said: Vec<Announcement>,
}

/// A table's name as the join list may show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShownName {
    /// Announced from the address where this device reached the host before (its certificate
    /// proved the fingerprint there).
    Proven(String),
    /// Announced by someone: anyone can announce any name for any fingerprint.
    Unproven(String),
}

impl Discovered {
    /// The address heard most recently (the one shown).
    #[must_use]
    pub fn address(&self) -> SocketAddr {
        *self.addresses.first().expect("a host is listed only with an address heard")
    }

    /// What `address` said last, if it was heard for this host.
    #[must_use]
    pub fn said_at(&self, address: SocketAddr) -> Option<&Announcement> {
        self.addresses.iter().position(|heard| *heard == address).and_then(|index| self.said.get(index))
    }

    /// The name to show: the one announced from `proven` (the address where this device
    /// reached the host before) when it is heard, else the one heard last, unproven. A forger
    /// announcing the host's fingerprint under another name renames nothing proven.
    #[must_use]
    pub fn shown_name(&self, proven: Option<SocketAddr>) -> ShownName {
        match proven.and_then(|address| self.said_at(address)) {
            Some(said) => ShownName::Proven(said.name.clone()),
            None => ShownName::Unproven(self.announcement.name.clone()),
        }
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

    /// Takes in an announcement from `address` at `now`, within [`MAX_HOSTS`] and
    /// [`MAX_ADDRESSES`]; returns whether it told something new (a host, an address, or a
    /// change in what an address announces).
    fn hear(&mut self, announcement: Announcement, address: SocketAddr, now: Instant) -> bool {
        let fingerprint = announcement.fingerprint;
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
        let fresh = HeardAddress { address, announcement: announcement.clone(), first: now, last: now, count: 1 };
        if let Some(known) = host.addresses.iter_mut().find(|known| known.address == address) {
            known.announcement = announcement;
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
                    said: addresses.iter().map(|known| known.announcement.clone()).collect(),
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
    task: JoinHandle<()>,
}

impl Listener {
    /// Starts listening as `config` says (`port` 0: any free port, see [`Listener::port`]).
    /// Must run inside a tokio runtime.
    ///
    /// # Errors
    /// The socket cannot be bound or cannot join the group on the interface.
    pub fn start(config: &DiscoveryConfig) -> Result<Listener, DiscoveryError> {
        let error = |source| DiscoveryError { interface: config.interface, source };
        let socket = listener_socket(config).map_err(error)?;
        let port = socket.local_addr().map_err(error)?.port();
        let expiry = config.interval * 3 + Duration::from_secs(1);
        let (writer, heard) = watch::channel(Heard::new(config.interval));
        let (waker, wake) = watch::channel::<Option<crate::net::Waker>>(None);
        let task = tokio::spawn(async move {
            let mut buffer = [0; MAX_DATAGRAM];
            loop {
                let Ok((len, from)) = socket.recv_from(&mut buffer).await else { continue };
                let Some(announcement) = read_announcement(&buffer[..len]) else { continue };
                let address = SocketAddr::new(from.ip(), announcement.port);
                let mut news = false;
                writer.send_modify(|heard| {
                    let now = Instant::now();
                    heard.forget(now, expiry);
                    news = heard.hear(announcement, address, now);
                });
                // Only news wakes the screen: a host announcing again every second does not.
                let waker = wake.borrow().clone();
                if news && let Some(waker) = waker {
                    waker();
                }
            }
        });
        Ok(Listener { heard, waker, expiry, port, task })
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

/// A Cardtable announcement, or `None` for anything else on the port.
fn read_announcement(datagram: &[u8]) -> Option<Announcement> {
    decode_payload::<Announcement>(datagram).ok().filter(|announcement| announcement.magic == MAGIC)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_of_heard_hosts_and_their_addresses_is_capped() {
        let mut heard = Heard::new(Duration::from_secs(1));
        let start = Instant::now();
        let real = Announcement::new(Fingerprint::of(b"real"), 4000, "Ana", GameKind::Dunno);
        let home: SocketAddr = "127.0.0.1:4000".parse().expect("address");
        heard.hear(real.clone(), home, start);
        for port in 0..20_u16 {
            heard.hear(real.clone(), SocketAddr::new(home.ip(), 5000 + port), start + Duration::from_millis(u64::from(port) + 1));
        }
        for forged in 0..1_000_u32 {
            let announcement = Announcement::new(Fingerprint::of(&forged.to_be_bytes()), 4000, "Forged", GameKind::Dunno);
            heard.hear(announcement, home, start + Duration::from_millis(100));
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
        assert!(heard.hear(host.clone(), home, start));
        assert!(!heard.hear(host.clone(), home, start + Duration::from_secs(1)));
        let later = start + Duration::from_secs(10);
        assert!(heard.recent(later, expiry).is_empty(), "an expired host is not listed");
        heard.forget(later, expiry);
        assert!(heard.hear(host, home, later));
        assert_eq!(heard.recent(later, expiry).len(), 1);
    }

    /// Issue 30, item 4: loud forgers and a stream of new forged addresses never push out an
    /// address that announces at a host's pace, nor rename it where it was proven.
    #[test]
    fn an_address_announcing_at_a_hosts_pace_keeps_its_place_and_its_name() {
        let interval = Duration::from_secs(1);
        let mut heard = Heard::new(interval);
        let start = Instant::now();
        let genuine = Announcement::new(Fingerprint::of(b"real"), 4000, "Ana", GameKind::Dunno);
        let forged = Announcement { name: "Forged".to_owned(), ..genuine.clone() };
        let home: SocketAddr = "127.0.0.1:4000".parse().expect("address");
        let forger = |index: u16| SocketAddr::new(home.ip(), 5000 + index);
        let mut rotating = 0_u16;
        for tick in 0..250_u32 {
            let now = start + Duration::from_millis(u64::from(tick) * 20);
            if tick.is_multiple_of(50) {
                heard.hear(genuine.clone(), home, now);
            }
            // Seven forgers repeat themselves every 20 ms; another comes from a new port each time.
            for index in 0..7 {
                heard.hear(forged.clone(), forger(index), now);
            }
            rotating += 1;
            heard.hear(forged.clone(), forger(100 + rotating), now);
            let hosts = heard.recent(now, interval * 4);
            assert!(hosts[0].addresses.len() <= MAX_ADDRESSES, "tick {tick}: {:?}", hosts[0].addresses);
            assert!(hosts[0].addresses.contains(&home), "the host's address is kept at tick {tick}");
            assert_eq!(hosts[0].shown_name(Some(home)), ShownName::Proven("Ana".to_owned()));
            assert_eq!(hosts[0].shown_name(None), ShownName::Unproven("Forged".to_owned()));
        }
    }

    #[test]
    fn foreign_or_damaged_datagrams_are_ignored() {
        let announcement = Announcement::new(Fingerprint::of(b"host"), 4000, "Ana", GameKind::Dunno);
        let bytes = postcard::to_allocvec(&announcement).expect("encodes");
        assert_eq!(read_announcement(&bytes), Some(announcement.clone()));
        assert_eq!(read_announcement(b"M-SEARCH * HTTP/1.1"), None);
        assert_eq!(read_announcement(&bytes[..bytes.len() - 1]), None);
        let mut foreign = announcement;
        foreign.magic = *b"XXXX";
        assert_eq!(read_announcement(&postcard::to_allocvec(&foreign).expect("encodes")), None);
    }
}
