//! What one device on the network may make a host hold: connections and handshakes (in all
//! and per source address), the time a frame may take, the messages a peer may send, and the
//! counters that show these limits at work (tests and docs/lan.md read them).
//!
//! Every value here is written down, with why, in docs/lan.md's threat model.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

pub(crate) use super::host_stats::Counted;
pub use super::host_stats::{HostStats, StatsSnapshot};

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
    /// Handshakes one source address may begin at once, then [`Self::handshakes_per_minute_per_address`].
    pub handshake_burst_per_address: u32,
    /// Handshakes one source address may begin per minute, on average.
    pub handshakes_per_minute_per_address: u32,
    /// Handshakes everyone together may begin at once, then [`Self::handshakes_per_second`].
    pub handshake_burst: u32,
    /// Handshakes everyone together may begin per second, on average.
    pub handshakes_per_second: u32,
    /// Beyond that, handshakes per second kept for quiet sources (a person arriving: a source
    /// that has used at most half its own burst lately), so a flood from addresses already
    /// busy cannot use up every place.
    pub fresh_handshakes_per_second: u32,
    /// When every pending place is taken, a connection from a quiet source with none pending
    /// takes the place of the oldest pending one that has waited at least this long.
    pub pending_min_age: Duration,
    /// Wrong seat codes one source may give in a minute (all at once, or spread); beyond it
    /// its attempts are refused before their handshake until the budget refills.
    pub wrong_codes_per_minute_per_address: u32,
    /// Refusals one source address is answered per second on the LAN (four seconds' worth at
    /// once); beyond it, its new connections' first packets are dropped before quinn reads
    /// them (`initial_filter`).
    pub answered_refusals_per_second_per_address: u32,
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
            handshake_burst_per_address: 8,
            handshakes_per_minute_per_address: 60,
            handshake_burst: 32,
            handshakes_per_second: 40,
            fresh_handshakes_per_second: 4,
            pending_min_age: Duration::from_millis(100),
            wrong_codes_per_minute_per_address: 5,
            answered_refusals_per_second_per_address: 8,
        }
    }
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

/// Sources whose handshake rate the gate remembers; beyond it, the one heard least recently is
/// forgotten (and counts as quiet again).
const SOURCES_REMEMBERED: usize = 4096;

/// A connection in its handshake or before its Hello.
#[derive(Debug)]
struct Pending {
    id: u64,
    source: Source,
    since: Instant,
    evicted: Arc<tokio::sync::Notify>,
}

/// One source's handshake budget, when it was last heard, when a pending connection of its
/// was last cut short to make room, and when it last said Hello without proving it may sit.
#[derive(Debug)]
struct SourceRate {
    budget: MessageBudget,
    heard: Instant,
    cut_short: Option<Instant>,
    unproven: Option<Instant>,
    wrong_codes: MessageBudget,
}

/// How long a source whose Hello did not prove it may sit (no seat code, or a wrong one) does
/// not count as quiet. A device arriving needs one handshake; a flood from many new addresses
/// spends each address's claim to be "arriving" on its first handshake, so the places kept for
/// quiet sources go to the guest who brings the code (issue 30, item 2's remainder: every new
/// attacker address counted as quiet, and a guest with the code was seated 6 of 10).
const UNPROVEN_MEMORY: Duration = Duration::from_secs(60);

/// How long a source whose pending connection was cut short may not cut another's short. A
/// device holding places open without a Hello is cut short once and then only waits its turn,
/// so many such devices cannot take turns pushing out a person whose handshake runs slowly
/// (a loaded machine, a debug build): after one round they have no right left to push anyone.
const CUT_SHORT_MEMORY: Duration = Duration::from_secs(60);

#[derive(Debug)]
struct Counts {
    open: usize,
    open_from: HashMap<Source, usize>,
    pending: Vec<Pending>,
    next_id: u64,
    sources: HashMap<Source, SourceRate>,
    all: MessageBudget,
    fresh: MessageBudget,
}

/// Lets connection attempts in while the caps and the handshake rates allow, before any
/// handshake work is done.
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

/// Why the gate turned an attempt away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Turned {
    Cap,
    Rate,
}

impl Gate {
    #[allow(
        clippy::disallowed_types,
        reason = "a table of counts that a ticket gives back from its Drop, synchronously: a lock held for a few additions, with no task to send to"
    )]
    pub(crate) fn new(limits: HostLimits, stats: Arc<HostStats>) -> Arc<Gate> {
        let now = Instant::now();
        let counts = Counts {
            open: 0,
            open_from: HashMap::new(),
            pending: Vec::new(),
            next_id: 0,
            sources: HashMap::new(),
            all: MessageBudget::new(limits.handshake_burst, f64::from(limits.handshakes_per_second), now),
            fresh: MessageBudget::new(
                limits.fresh_handshakes_per_second.saturating_mul(2),
                f64::from(limits.fresh_handshakes_per_second),
                now,
            ),
        };
        Arc::new(Gate { limits, counts: std::sync::Mutex::new(counts), stats })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A ticket for a new connection from `source`, or `None` (refuse it) when a cap or a
    /// handshake rate is reached.
    pub(crate) fn admit(self: &Arc<Gate>, source: Source) -> Option<Ticket> {
        self.admit_at(source, Instant::now())
    }

    /// [`Gate::admit`] at `now`.
    fn admit_at(self: &Arc<Gate>, source: Source, now: Instant) -> Option<Ticket> {
        let mut counts = self.lock();
        match self.check(&mut counts, source, now) {
            Ok(()) => {}
            Err(turned) => {
                self.stats.handshakes_refused.fetch_add(1, Ordering::Relaxed);
                if turned == Turned::Rate {
                    self.stats.handshakes_throttled.fetch_add(1, Ordering::Relaxed);
                }
                return None;
            }
        }
        let id = counts.next_id;
        counts.next_id += 1;
        let evicted = Arc::new(tokio::sync::Notify::new());
        counts.pending.push(Pending { id, source, since: now, evicted: evicted.clone() });
        counts.open += 1;
        *counts.open_from.entry(source).or_default() += 1;
        self.stats.connections_accepted.fetch_add(1, Ordering::Relaxed);
        self.stats.connections_open.store(counts.open, Ordering::Relaxed);
        self.stats.connections_peak.fetch_max(counts.open, Ordering::Relaxed);
        Some(Ticket { gate: self.clone(), source, id, evicted })
    }

    /// Checks the source's own rate (every attempt counts, refused or not), then the caps,
    /// making room among the pending connections for a quiet source with none pending, then
    /// everyone's rate.
    fn check(&self, counts: &mut Counts, source: Source, now: Instant) -> Result<(), Turned> {
        let limits = &self.limits;
        let quiet = self.take_own_rate(counts, source, now)?;
        let pending_here = counts.pending.iter().filter(|pending| pending.source == source).count();
        let open_here = counts.open_from.get(&source).copied().unwrap_or(0);
        if counts.open >= limits.connections || pending_here >= limits.pending_per_address || open_here >= limits.connections_per_address {
            return Err(Turned::Cap);
        }
        let full = counts.pending.len() >= limits.pending;
        let oldest =
            counts.pending.iter().enumerate().min_by_key(|(_, pending)| pending.since).map(|(index, pending)| (index, pending.since));
        let room = match oldest {
            _ if !full => None,
            // A device arriving (quiet, nothing pending) may take the place of the oldest
            // pending connection, once that has had its moment: a person's handshake and Hello
            // take milliseconds, so only a connection held open without a Hello is cut short.
            Some((index, since))
                if quiet
                    && pending_here == 0
                    && !Self::was_cut_short(counts, source, now)
                    && now.saturating_duration_since(since) >= limits.pending_min_age =>
            {
                Some(index)
            }
            _ => return Err(Turned::Cap),
        };
        if !(counts.all.take(now) || (quiet && counts.fresh.take(now))) {
            return Err(Turned::Rate);
        }
        if let Some(index) = room {
            let evicted = counts.pending.swap_remove(index);
            if let Some(rate) = counts.sources.get_mut(&evicted.source) {
                rate.cut_short = Some(now);
            }
            tracing::info!(source = ?evicted.source, "a pending connection makes room for another source's");
            evicted.evicted.notify_one();
            self.stats.pending_evicted.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Whether a pending connection of `source`'s was cut short lately.
    fn was_cut_short(counts: &Counts, source: Source, now: Instant) -> bool {
        counts.sources.get(&source).and_then(|rate| rate.cut_short).is_some_and(|at| now.saturating_duration_since(at) < CUT_SHORT_MEMORY)
    }

    /// Takes one attempt from `source`'s own budget; whether the source was quiet (it had at
    /// least half its burst left), or `Err` when the budget is spent.
    fn take_own_rate(&self, counts: &mut Counts, source: Source, now: Instant) -> Result<bool, Turned> {
        let limits = &self.limits;
        if !counts.sources.contains_key(&source) && counts.sources.len() >= SOURCES_REMEMBERED {
            // Forget the source heard least recently (a full budget again, as for a newcomer).
            if let Some(quietest) = counts.sources.iter().min_by_key(|(_, rate)| rate.heard).map(|(source, _)| *source) {
                counts.sources.remove(&quietest);
            }
        }
        let per_second = f64::from(limits.handshakes_per_minute_per_address) / 60.0;
        let rate = counts.sources.entry(source).or_insert_with(|| SourceRate {
            budget: MessageBudget::new(limits.handshake_burst_per_address, per_second, now),
            heard: now,
            cut_short: None,
            unproven: None,
            wrong_codes: MessageBudget::new(
                limits.wrong_codes_per_minute_per_address,
                f64::from(limits.wrong_codes_per_minute_per_address) / 60.0,
                now,
            ),
        });
        rate.heard = now;
        let proven = rate.unproven.is_none_or(|at| now.saturating_duration_since(at) >= UNPROVEN_MEMORY);
        let quiet = proven && rate.budget.left(now) * 2.0 >= f64::from(limits.handshake_burst_per_address.min(1 << 20));
        let guessing = rate.wrong_codes.left(now) < 1.0;
        if rate.budget.take(now) && !guessing { Ok(quiet) } else { Err(Turned::Rate) }
    }

    /// The table judged a Hello from `source` (see [`Verdict`]). A source that proved nothing
    /// loses its quiet standing for [`UNPROVEN_MEMORY`]; one that proved itself gets it back.
    /// Whether the source has now spent its budget of wrong codes.
    pub(crate) fn judged(&self, source: Source, verdict: Verdict) -> bool {
        self.judged_at(source, verdict, Instant::now())
    }

    fn judged_at(&self, source: Source, verdict: Verdict, now: Instant) -> bool {
        let mut counts = self.lock();
        let Some(rate) = counts.sources.get_mut(&source) else { return false };
        rate.unproven = (verdict != Verdict::Proved).then_some(now);
        if verdict == Verdict::WrongCode {
            rate.wrong_codes.take(now);
            return rate.wrong_codes.left(now) < 1.0;
        }
        false
    }

    fn release(&self, id: u64, source: Source) {
        let mut counts = self.lock();
        counts.pending.retain(|pending| pending.id != id);
        counts.open -= 1;
        decrement(&mut counts.open_from, source);
        self.stats.connections_open.store(counts.open, Ordering::Relaxed);
    }

    fn settle(&self, id: u64) {
        self.lock().pending.retain(|pending| pending.id != id);
    }
}

/// Removes a count, and the address with its last one, so the map holds only open addresses.
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
    id: u64,
    evicted: Arc<tokio::sync::Notify>,
}

impl Ticket {
    /// The connection said Hello: it no longer counts as pending.
    pub(crate) fn settled(&mut self) {
        self.gate.settle(self.id);
    }

    /// What lets the table tell the gate whether this connection's Hello proved anything.
    pub(crate) fn judge(&self) -> Judge {
        Judge { gate: self.gate.clone(), source: self.source }
    }

    /// Resolves when this pending connection must make room for another source's.
    pub(crate) async fn evicted(&self) {
        self.evicted.notified().await;
    }
}

/// What a Hello proved, as the table judged it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The device may sit: the right seat code, the host's Let in, or a token that brought it
    /// back to its place.
    Proved,
    /// Nothing: no seat code (or one not checked while guessing spent the table's budget).
    Unproven,
    /// A wrong seat code.
    WrongCode,
}

/// The table's word to the gate on one connection's Hello (see [`Gate::judged`]).
#[derive(Debug)]
pub(crate) struct Judge {
    gate: Arc<Gate>,
    source: Source,
}

impl Judge {
    /// What the Hello proved; whether the source has now spent its budget of wrong codes.
    pub(crate) fn verdict(self, verdict: Verdict) -> bool {
        self.gate.judged(self.source, verdict)
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.gate.release(self.id, self.source);
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

    /// The tokens left at `now`.
    pub(crate) fn left(&mut self, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        self.tokens
    }

    /// Takes one message's token; `false` when the peer is over its rate.
    pub(crate) fn take(&mut self, now: Instant) -> bool {
        self.left(now);
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

    fn ip(last: u8) -> Source {
        Source::Ip([127, 0, 0, last].into())
    }

    #[test]
    fn handshakes_are_limited_per_address_and_in_all_with_places_kept_for_fresh_sources() {
        let limits = HostLimits {
            pending: 1000,
            pending_per_address: 1000,
            connections: 1000,
            connections_per_address: 1000,
            handshake_burst_per_address: 3,
            handshakes_per_minute_per_address: 60,
            handshake_burst: 6,
            handshakes_per_second: 1,
            fresh_handshakes_per_second: 2,
            ..HostLimits::default()
        };
        let stats = Arc::new(HostStats::default());
        let gate = Gate::new(limits, stats.clone());
        let start = Instant::now();
        let mut held = Vec::new();
        // One address: its burst, then one a second.
        held.extend((0..10).filter_map(|_| gate.admit_at(ip(2), start)));
        assert_eq!(held.len(), 3);
        held.extend(gate.admit_at(ip(6), start));
        // Everyone's burst is spent by one more address...
        held.extend((0..3).filter_map(|_| gate.admit_at(ip(3), start)));
        assert_eq!(held.len(), 6, "everyone's burst of six");
        assert!(gate.admit_at(ip(3), start).is_none(), "a busy address waits for everyone's rate");
        // ...but a quiet address still gets in, from the places kept for arrivals.
        assert!(gate.admit_at(ip(200), start).is_some(), "a person arriving gets in");
        assert_eq!(stats.snapshot().handshakes_throttled, 7 + 1 + 1);
        held.extend(gate.admit_at(ip(2), start + Duration::from_secs(1)));
        assert_eq!(held.len(), 7, "one a second from the address, and from everyone's rate");
    }

    #[test]
    fn a_source_with_nothing_pending_takes_the_place_of_the_oldest_pending_connection() {
        let limits = HostLimits { pending: 4, pending_per_address: 1, pending_min_age: Duration::from_secs(1), ..HostLimits::default() };
        let stats = Arc::new(HostStats::default());
        let gate = Gate::new(limits, stats.clone());
        let start = Instant::now();
        let attackers: Vec<Ticket> = (2..=5).map(|last| gate.admit_at(ip(last), start).expect("a pending place")).collect();
        assert!(gate.admit_at(ip(6), start + Duration::from_millis(500)).is_none(), "nobody pending has had its moment yet");
        let guest = gate.admit_at(ip(7), start + Duration::from_secs(2)).expect("the guest takes the oldest pending place");
        assert_eq!(stats.snapshot().pending_evicted, 1);
        assert_eq!(gate.lock().pending.len(), 4);
        assert!(gate.lock().pending.iter().any(|pending| pending.id == guest.id), "the newest is not the one evicted");
        assert!(
            gate.admit_at(ip(2), start + Duration::from_secs(2)).is_none(),
            "the source cut short may not cut another short in turn (the guest would be next)"
        );
        drop(attackers);
        assert!(gate.admit_at(ip(2), start + Duration::from_secs(3)).is_some(), "it may try again once there is room");
    }

    #[test]
    fn a_source_whose_hello_proved_nothing_is_not_quiet_for_a_while() {
        let limits = HostLimits { handshake_burst: 1, handshakes_per_second: 1, fresh_handshakes_per_second: 1, ..HostLimits::default() };
        let gate = Gate::new(limits, Arc::new(HostStats::default()));
        let start = Instant::now();
        let held: Vec<Ticket> = [2, 3].into_iter().filter_map(|last| gate.admit_at(ip(last), start)).collect();
        assert_eq!(held.len(), 2, "everyone's one, then one kept for quiet sources");
        gate.judged_at(ip(2), Verdict::Unproven, start);
        gate.judged_at(ip(3), Verdict::Proved, start);
        let later = start + Duration::from_secs(1);
        // Everyone's budget has one again: the unproven source takes it, and only the one that
        // proved itself still counts as quiet for the places kept for arrivals.
        assert!(gate.admit_at(ip(2), later).is_some());
        assert!(gate.admit_at(ip(2), later).is_none(), "not quiet: no place kept for arrivals");
        assert!(gate.admit_at(ip(3), later).is_some(), "quiet: a place kept for arrivals");
        let forgotten = start + UNPROVEN_MEMORY + Duration::from_secs(10);
        assert!(gate.admit_at(ip(2), forgotten).is_some());
        assert!(gate.admit_at(ip(2), forgotten).is_some(), "quiet again after a while");
    }

    #[test]
    fn a_source_that_spent_its_wrong_codes_is_refused_until_the_budget_refills() {
        let limits = HostLimits { wrong_codes_per_minute_per_address: 2, ..HostLimits::default() };
        let gate = Gate::new(limits, Arc::new(HostStats::default()));
        let start = Instant::now();
        let _first = gate.admit_at(ip(2), start).expect("let in");
        assert!(!gate.judged_at(ip(2), Verdict::WrongCode, start), "one of two");
        assert!(gate.judged_at(ip(2), Verdict::WrongCode, start), "two of two: spent");
        assert!(gate.admit_at(ip(2), start).is_none(), "refused before its handshake");
        assert!(gate.admit_at(ip(3), start).is_some(), "another source is not");
        assert!(gate.admit_at(ip(2), start + Duration::from_secs(31)).is_some(), "one wrong code a half-minute refills");
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
