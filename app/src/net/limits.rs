//! What one device on the network may make a host hold: connections and handshakes (in all
//! and per source address), the time a frame may take, the messages a peer may send, and the
//! counters that show these limits at work (tests and docs/lan.md read them).
//!
//! Every value here is written down, with why, in docs/lan.md's threat model.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How much a host lets peers make it hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostLimits {
    /// Connections in their handshake or not yet past their Hello, from everyone.
    pub pending: usize,
    /// Of those, from one source address.
    pub pending_per_address: usize,
    /// Open connections, admitted or not, from everyone.
    pub connections: usize,
    /// Of those, from one source address.
    pub connections_per_address: usize,
    /// Time a new connection has to open its stream and say Hello.
    pub hello_timeout: Duration,
    /// Time a frame has to arrive whole once its first byte came.
    pub frame_deadline: Duration,
    /// Messages a peer may send at once.
    pub message_burst: u32,
    /// Messages a peer may send per second, on average.
    pub messages_per_second: u32,
    /// Bytes of frames waiting for one slow guest before it is dropped as too slow.
    pub outbound_bytes: usize,
}

impl Default for HostLimits {
    fn default() -> HostLimits {
        HostLimits {
            pending: 16,
            pending_per_address: 4,
            connections: 40,
            connections_per_address: 8,
            hello_timeout: Duration::from_secs(5),
            frame_deadline: Duration::from_secs(5),
            message_burst: 40,
            messages_per_second: 10,
            outbound_bytes: 256 * 1024,
        }
    }
}

/// Counters of a running host: what its limits turned away.
#[derive(Debug, Default)]
pub struct HostStats {
    handshakes_refused: AtomicU64,
    connections_accepted: AtomicU64,
    connections_open: AtomicUsize,
    connections_peak: AtomicUsize,
    hello_late: AtomicU64,
    frames_late: AtomicU64,
    rate_limited: AtomicU64,
    too_slow: AtomicU64,
    participants: AtomicUsize,
}

/// The counters at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StatsSnapshot {
    /// Connection attempts refused before their handshake (a cap was reached).
    pub handshakes_refused: u64,
    /// Connection attempts let in to their handshake.
    pub connections_accepted: u64,
    /// Connections open now (in their handshake, before their Hello, or admitted).
    pub connections_open: usize,
    /// The most connections open at once.
    pub connections_peak: usize,
    /// Connections closed for not saying Hello in time.
    pub hello_late: u64,
    /// Connections closed for a frame that did not arrive whole in time.
    pub frames_late: u64,
    /// Connections closed for sending messages faster than allowed.
    pub rate_limited: u64,
    /// Guests dropped because frames for them piled up.
    pub too_slow: u64,
    /// Participants the table holds (the host's device included).
    pub participants: usize,
}

impl HostStats {
    /// The counters now.
    #[must_use]
    pub fn snapshot(&self) -> StatsSnapshot {
        StatsSnapshot {
            handshakes_refused: self.handshakes_refused.load(Ordering::Relaxed),
            connections_accepted: self.connections_accepted.load(Ordering::Relaxed),
            connections_open: self.connections_open.load(Ordering::Relaxed),
            connections_peak: self.connections_peak.load(Ordering::Relaxed),
            hello_late: self.hello_late.load(Ordering::Relaxed),
            frames_late: self.frames_late.load(Ordering::Relaxed),
            rate_limited: self.rate_limited.load(Ordering::Relaxed),
            too_slow: self.too_slow.load(Ordering::Relaxed),
            participants: self.participants.load(Ordering::Relaxed),
        }
    }

    pub(crate) fn count(&self, what: Counted) {
        let counter = match what {
            Counted::HelloLate => &self.hello_late,
            Counted::FrameLate => &self.frames_late,
            Counted::RateLimited => &self.rate_limited,
            Counted::TooSlow => &self.too_slow,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn set_participants(&self, count: usize) {
        self.participants.store(count, Ordering::Relaxed);
    }
}

/// Why a connection was closed by a limit.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Counted {
    HelloLate,
    FrameLate,
    RateLimited,
    TooSlow,
}

/// Where a connection attempt comes from, as far as the caps per source go: its IP address,
/// or, for an online peer reaching the host through a relay (whose packets all come from the
/// relay's address), its public key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Source {
    Ip(IpAddr),
    #[cfg_attr(not(feature = "online"), allow(dead_code, reason = "only the online line knows peers by key"))]
    Key([u8; 32]),
}

#[derive(Debug, Default)]
struct Counts {
    pending: usize,
    open: usize,
    pending_from: HashMap<Source, usize>,
    open_from: HashMap<Source, usize>,
}

/// Lets connection attempts in while the caps allow, before any handshake work is done.
#[derive(Debug)]
#[allow(
    clippy::disallowed_types,
    reason = "a table of counts that a ticket gives back from its Drop, synchronously: a lock held for a few additions, with no task to send to"
)]
pub(crate) struct Gate {
    limits: HostLimits,
    counts: std::sync::Mutex<Counts>,
    stats: Arc<HostStats>,
}

impl Gate {
    #[allow(
        clippy::disallowed_types,
        reason = "a table of counts that a ticket gives back from its Drop, synchronously: a lock held for a few additions, with no task to send to"
    )]
    pub(crate) fn new(limits: HostLimits, stats: Arc<HostStats>) -> Arc<Gate> {
        Arc::new(Gate { limits, counts: std::sync::Mutex::default(), stats })
    }

    /// A ticket for a new connection from `source`, or `None` (refuse it) when a cap is reached.
    pub(crate) fn admit(self: &Arc<Gate>, source: Source) -> Option<Ticket> {
        let mut counts = self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let limits = &self.limits;
        let pending_here = counts.pending_from.get(&source).copied().unwrap_or(0);
        let open_here = counts.open_from.get(&source).copied().unwrap_or(0);
        if counts.pending >= limits.pending
            || counts.open >= limits.connections
            || pending_here >= limits.pending_per_address
            || open_here >= limits.connections_per_address
        {
            self.stats.handshakes_refused.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        counts.pending += 1;
        counts.open += 1;
        *counts.pending_from.entry(source).or_default() += 1;
        *counts.open_from.entry(source).or_default() += 1;
        self.stats.connections_accepted.fetch_add(1, Ordering::Relaxed);
        self.stats.connections_open.store(counts.open, Ordering::Relaxed);
        self.stats.connections_peak.fetch_max(counts.open, Ordering::Relaxed);
        Some(Ticket { gate: self.clone(), source, pending: true })
    }

    fn release(&self, source: Source, pending: bool) {
        let mut counts = self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if pending {
            counts.pending -= 1;
            decrement(&mut counts.pending_from, source);
        }
        counts.open -= 1;
        decrement(&mut counts.open_from, source);
        self.stats.connections_open.store(counts.open, Ordering::Relaxed);
    }

    fn settle(&self, source: Source) {
        let mut counts = self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        counts.pending -= 1;
        decrement(&mut counts.pending_from, source);
    }
}

/// Removes a count, and the address with its last one, so the maps hold only open addresses.
fn decrement(map: &mut HashMap<Source, usize>, source: Source) {
    if let Some(count) = map.get_mut(&source) {
        *count -= 1;
        if *count == 0 {
            map.remove(&source);
        }
    }
}

/// A connection's place under the caps, given back when it is dropped.
#[derive(Debug)]
pub(crate) struct Ticket {
    gate: Arc<Gate>,
    source: Source,
    pending: bool,
}

impl Ticket {
    /// The connection said Hello: it no longer counts as pending.
    pub(crate) fn settled(&mut self) {
        if std::mem::take(&mut self.pending) {
            self.gate.settle(self.source);
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.gate.release(self.source, self.pending);
    }
}

/// A token bucket: `burst` messages at once, refilled at `rate` per second. (A whole crate
/// such as governor would be heavier than these lines.)
#[derive(Debug, Clone)]
pub struct MessageBudget {
    tokens: f64,
    burst: f64,
    rate: f64,
    last: Instant,
}

impl MessageBudget {
    pub(crate) fn for_messages(limits: &HostLimits, now: Instant) -> MessageBudget {
        MessageBudget::new(limits.message_burst, f64::from(limits.messages_per_second), now)
    }

    /// A budget of `burst` at once, refilled at `rate` per second.
    pub(crate) fn new(burst: u32, rate: f64, now: Instant) -> MessageBudget {
        let burst = f64::from(burst.max(1));
        MessageBudget { tokens: burst, burst, rate, last: now }
    }

    /// Takes one message's token; `false` when the peer is over its rate.
    pub(crate) fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_caps_pending_and_open_connections_per_address_and_in_all() {
        let limits = HostLimits { pending: 3, pending_per_address: 2, connections: 4, connections_per_address: 3, ..HostLimits::default() };
        let stats = Arc::new(HostStats::default());
        let gate = Gate::new(limits, stats.clone());
        let a = Source::Ip([127, 0, 0, 1].into());
        let b = Source::Key([2; 32]);
        let mut first = gate.admit(a).expect("first");
        let _second = gate.admit(a).expect("second");
        assert!(gate.admit(a).is_none(), "two pending from one address");
        first.settled();
        let _third = gate.admit(a).expect("a settled one frees its pending place");
        assert!(gate.admit(a).is_none(), "still two pending from one address");
        let mut fourth = gate.admit(b).expect("another address");
        fourth.settled();
        assert!(gate.admit(b).is_none(), "four open in all");
        drop(first);
        assert!(gate.admit(b).is_some(), "a closed connection frees its place");
        assert_eq!(stats.snapshot().handshakes_refused, 3);
        assert_eq!(stats.snapshot().connections_peak, 4);
    }

    #[test]
    fn the_budget_allows_a_burst_then_the_rate() {
        let limits = HostLimits { message_burst: 5, messages_per_second: 2, ..HostLimits::default() };
        let start = Instant::now();
        let mut budget = MessageBudget::for_messages(&limits, start);
        assert_eq!((0..10).filter(|_| budget.take(start)).count(), 5);
        assert!(budget.take(start + Duration::from_millis(500)), "one more after half a second");
        assert!(!budget.take(start + Duration::from_millis(500)));
    }
}
