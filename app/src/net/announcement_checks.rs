//! Which LAN announcements a listener spends a signature check on. A check costs a listener
//! far more than the datagram cost its sender, and anyone may send a host's certificate over
//! words it did not sign: unbounded, about 9,600 of those a second took a guest's join screen
//! half a core in a release build (docs/lan.md). So checks are budgeted, by who sent the
//! announcement: the fingerprint it names and the address and port it came from (a *key*).
//!
//! - A key whose signature held lately is **proven**: it has a budget of its own, twice a
//!   host's pace, so a flood from elsewhere never hides a host already listed.
//! - Every other key is a **newcomer**, and newcomers share one small budget (a whole list's
//!   worth at once, then a few each interval): a flood of new keys costs at most that.
//! - A newcomer whose signature failed is **refused** for a while: a forger repeating itself
//!   costs nothing more. A proven key whose signature fails is a newcomer again (someone sends
//!   from its address who cannot sign).
//! - All checks together never pass a last cap, however many keys were proven.
//!
//! Every map here is bounded, so a flood of keys cannot grow the listener either.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::identity::Fingerprint;
use super::limits::MessageBudget;

/// Who sent an announcement: the fingerprint it names, and the address and port it came from.
pub(crate) type SenderKey = (Fingerprint, SocketAddr);

/// Checks newcomers may have at once: a whole list of hosts heard when a guest starts listening
/// (discovery's `MAX_HOSTS`; its tests hold the two equal).
pub const NEWCOMER_BURST: u32 = 64;
/// Checks newcomers share each announcement interval, after their burst.
pub const NEWCOMERS_PER_INTERVAL: f64 = 8.0;
/// Checks one proven key may have at once, then [`PROVEN_PER_INTERVAL`]: a host announces once
/// an interval, so it never waits.
pub const PROVEN_BURST: u32 = 3;
/// Checks one proven key may have each interval (twice a host's pace).
pub const PROVEN_PER_INTERVAL: f64 = 2.0;
/// Checks everyone together may have at once, then [`ALL_PER_INTERVAL`].
const ALL_BURST: u32 = 256;
/// Checks everyone together may have each interval: a full list of hosts, twice over.
const ALL_PER_INTERVAL: f64 = 2.0 * NEWCOMER_BURST as f64;
/// How long a key stays proven without a signature that holds.
const PROVEN_MEMORY: Duration = Duration::from_secs(60);
/// How long a newcomer whose signature failed is not checked again.
const REFUSED_MEMORY: Duration = Duration::from_secs(60);
/// Proven keys remembered (beyond it, the one proven longest ago is forgotten): a full list,
/// each host heard on two addresses.
const PROVEN_KEPT: usize = 2 * NEWCOMER_BURST as usize;
/// Refused keys remembered (beyond it, the one refused longest ago is forgotten, and is a
/// newcomer again: the newcomers' budget still bounds it).
const REFUSED_KEPT: usize = 1_024;

/// What a listener did with the announcements that passed the cheap checks (tests and
/// docs/lan.md read them).
#[derive(Debug, Default)]
pub struct CheckCounts {
    checked: AtomicU64,
    skipped: AtomicU64,
}

impl CheckCounts {
    /// Signatures checked.
    #[must_use]
    pub fn checked(&self) -> u64 {
        self.checked.load(Ordering::Relaxed)
    }

    /// Announcements dropped unchecked: their sender was refused, or over its budget.
    #[must_use]
    pub fn skipped(&self) -> u64 {
        self.skipped.load(Ordering::Relaxed)
    }
}

#[derive(Debug)]
struct Proven {
    budget: MessageBudget,
    held: Instant,
}

/// The budgets of signature checks, by sender.
#[derive(Debug)]
pub(crate) struct SignatureChecks {
    proven: HashMap<SenderKey, Proven>,
    refused: HashMap<SenderKey, Instant>,
    newcomers: MessageBudget,
    all: MessageBudget,
    interval: Duration,
    counts: Arc<CheckCounts>,
}

/// A per-interval rate as a per-second one.
fn per_second(per_interval: f64, interval: Duration) -> f64 {
    per_interval / interval.as_secs_f64().max(0.001)
}

impl SignatureChecks {
    /// Budgets for hosts announcing every `interval`, counting into `counts`.
    pub(crate) fn new(interval: Duration, counts: Arc<CheckCounts>, now: Instant) -> SignatureChecks {
        SignatureChecks {
            proven: HashMap::new(),
            refused: HashMap::new(),
            newcomers: MessageBudget::new(NEWCOMER_BURST, per_second(NEWCOMERS_PER_INTERVAL, interval), now),
            all: MessageBudget::new(ALL_BURST, per_second(ALL_PER_INTERVAL, interval), now),
            interval,
            counts,
        }
    }

    /// Whether an announcement from `key` may have its signature checked at `now` (the check
    /// is counted); if so, [`SignatureChecks::checked`] must follow with what it found.
    pub(crate) fn admit(&mut self, key: SenderKey, now: Instant) -> bool {
        let admitted = self.may_check(key, now);
        let counter = if admitted { &self.counts.checked } else { &self.counts.skipped };
        counter.fetch_add(1, Ordering::Relaxed);
        admitted
    }

    fn may_check(&mut self, key: SenderKey, now: Instant) -> bool {
        if let Some(proven) = self.proven.get_mut(&key)
            && now.saturating_duration_since(proven.held) <= PROVEN_MEMORY
        {
            // The key's own budget first: a key over it does not spend the shared one.
            return proven.budget.left(now) >= 1.0 && self.all.take(now) && proven.budget.take(now);
        }
        if self.refused.get(&key).is_some_and(|refused| now.saturating_duration_since(*refused) <= REFUSED_MEMORY) {
            return false;
        }
        self.newcomers.left(now) >= 1.0 && self.all.take(now) && self.newcomers.take(now)
    }

    /// What the check of an announcement from `key` found at `now`: whether its signature held.
    pub(crate) fn checked(&mut self, key: SenderKey, held: bool, now: Instant) {
        if held {
            self.refused.remove(&key);
            if let Some(proven) = self.proven.get_mut(&key) {
                proven.held = now;
                return;
            }
            if self.proven.len() >= PROVEN_KEPT {
                forget_oldest(&mut self.proven, |proven| proven.held);
            }
            let budget = MessageBudget::new(PROVEN_BURST, per_second(PROVEN_PER_INTERVAL, self.interval), now);
            self.proven.insert(key, Proven { budget, held: now });
        } else if self.proven.remove(&key).is_none() {
            if self.refused.len() >= REFUSED_KEPT && !self.refused.contains_key(&key) {
                forget_oldest(&mut self.refused, |refused| *refused);
            }
            self.refused.insert(key, now);
        }
    }
}

/// Removes the entry of `map` whose `when` is earliest.
fn forget_oldest<V>(map: &mut HashMap<SenderKey, V>, when: impl Fn(&V) -> Instant) {
    if let Some(oldest) = map.iter().min_by_key(|(_, value)| when(value)).map(|(key, _)| *key) {
        map.remove(&oldest);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INTERVAL: Duration = Duration::from_secs(1);

    fn key(fingerprint: u32, port: u16) -> SenderKey {
        (Fingerprint::of(&fingerprint.to_be_bytes()), SocketAddr::from(([127, 0, 0, 1], port)))
    }

    fn checks(now: Instant) -> (SignatureChecks, Arc<CheckCounts>) {
        let counts = Arc::new(CheckCounts::default());
        (SignatureChecks::new(INTERVAL, counts.clone(), now), counts)
    }

    /// Budgets where one host's signature held at `now`, and that host's key.
    fn with_proven_host(now: Instant) -> (SignatureChecks, Arc<CheckCounts>, SenderKey) {
        let (mut checks, counts) = checks(now);
        let host = key(7, 4000);
        assert!(checks.admit(host, now));
        checks.checked(host, true, now);
        (checks, counts, host)
    }

    /// A forger repeating one forged announcement costs one check a minute.
    #[test]
    fn a_sender_whose_signature_failed_is_not_checked_again_for_a_while() {
        let start = Instant::now();
        let (mut checks, counts) = checks(start);
        let forger = key(1, 5000);
        assert!(checks.admit(forger, start));
        checks.checked(forger, false, start);
        for tick in 1..=600_u64 {
            assert!(!checks.admit(forger, start + Duration::from_millis(tick * 100)), "checked again at tick {tick}");
        }
        assert!(checks.admit(forger, start + REFUSED_MEMORY + Duration::from_secs(1)), "checked again a minute on");
        assert_eq!((counts.checked(), counts.skipped()), (2, 600));
    }

    /// A key never seen before in every datagram (a new port each time) spends only the
    /// newcomers' budget, and a host proven before the flood is checked every interval.
    #[test]
    fn a_flood_of_new_senders_costs_the_newcomers_budget_and_hides_no_proven_host() {
        let start = Instant::now();
        let (mut checks, counts, host) = with_proven_host(start);
        let seconds = 30_u64;
        let mut port = 0_u16;
        for millisecond in 1..=seconds * 1_000 {
            let now = start + Duration::from_millis(millisecond);
            for _ in 0..3 {
                port = port.wrapping_add(1);
                let forger = key(1, port);
                if checks.admit(forger, now) {
                    checks.checked(forger, false, now);
                }
            }
            if millisecond % 1_000 == 0 {
                assert!(checks.admit(host, now), "the host is checked at second {}", millisecond / 1_000);
                checks.checked(host, true, now);
            }
        }
        let newcomers = f64::from(NEWCOMER_BURST) + NEWCOMERS_PER_INTERVAL * seconds as f64;
        let bound = 1 + newcomers.ceil() as u64 + seconds;
        assert!(counts.checked() <= bound, "{} checks, bound {bound}", counts.checked());
        assert!(counts.checked() >= seconds, "{} checks", counts.checked());
        assert!(checks.refused.len() <= REFUSED_KEPT);
    }

    /// A host's own budget is twice its pace: someone who proved a key cannot spend checks
    /// faster than that through it.
    #[test]
    fn a_proven_sender_is_held_to_twice_a_hosts_pace() {
        let start = Instant::now();
        let (mut checks, counts, host) = with_proven_host(start);
        for millisecond in 1..=10_000_u64 {
            let now = start + Duration::from_millis(millisecond);
            if checks.admit(host, now) {
                checks.checked(host, true, now);
            }
        }
        let bound = 1 + u64::from(PROVEN_BURST) + (PROVEN_PER_INTERVAL * 10.0) as u64;
        assert!(counts.checked() <= bound, "{} checks, bound {bound}", counts.checked());
        assert!(counts.checked() >= bound - 2, "{} checks, bound {bound}", counts.checked());
    }

    /// A proven key whose signature fails (someone else sends from its address) is a newcomer
    /// again, not refused: the host's next announcement is checked from the shared budget.
    #[test]
    fn a_proven_sender_whose_signature_fails_is_a_newcomer_again() {
        let start = Instant::now();
        let (mut checks, _, host) = with_proven_host(start);
        assert!(checks.admit(host, start));
        checks.checked(host, false, start);
        assert!(!checks.proven.contains_key(&host) && !checks.refused.contains_key(&host));
        assert!(checks.admit(host, start + INTERVAL));
    }

    /// Many senders proven and refused: each map stays within its bound.
    #[test]
    fn the_senders_remembered_are_bounded() {
        let start = Instant::now();
        let (mut checks, _) = checks(start);
        for index in 0..10_000_u16 {
            let now = start + Duration::from_secs(u64::from(index));
            checks.checked(key(u32::from(index), 1), true, now);
            checks.checked(key(u32::from(index), 2), false, now);
        }
        assert_eq!(checks.proven.len(), PROVEN_KEPT);
        assert_eq!(checks.refused.len(), REFUSED_KEPT);
        assert!(checks.proven.contains_key(&key(9_999, 1)), "the latest is kept");
    }
}
