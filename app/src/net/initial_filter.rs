//! Drops the first packets of new connections (QUIC Initials) from a source address that has
//! had its share of refusals, before quinn reads them. A refused attempt still costs the host
//! quinn's work on its Initial (decrypting it, then sealing a close: 8–9 µs in a release build),
//! so devices retrying as fast as they are refused took a fifth of a core (docs/lan.md); a
//! dropped one costs 3.5 µs. A source is answered a refusal a few times a second; beyond that
//! its new attempts are dropped unread (a lookup here), and the gate, which sees none of them,
//! keeps it over its own handshake rate for as long as it keeps trying. Packets of connections
//! already open are short-header packets and always pass.

use std::collections::HashMap;
use std::fmt;
use std::io::{self, IoSliceMut};
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};
use std::time::Instant;

use quinn::udp::{RecvMeta, Transmit};
use quinn::{AsyncUdpSocket, UdpPoller};

use super::host_stats::HostStats;
use super::limits::MessageBudget;

/// Sources whose refusals are remembered; beyond it, the one refused longest ago is forgotten
/// (a full budget again, as for a newcomer).
const SOURCES_REMEMBERED: usize = 4096;

/// How many refusals a source may be answered at once, as a multiple of its rate a second.
const BURST_SECONDS: u32 = 4;

/// Each source's budget of answered refusals.
#[allow(
    clippy::disallowed_types,
    reason = "read by the socket's receive path, which quinn calls synchronously: a lock held for one lookup, no task to send to"
)]
pub(crate) struct RefusalBudgets {
    per_second: u32,
    sources: std::sync::Mutex<HashMap<IpAddr, (MessageBudget, Instant)>>,
    stats: OnceLock<Arc<HostStats>>,
}

impl fmt::Debug for RefusalBudgets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RefusalBudgets").field("per_second", &self.per_second).finish_non_exhaustive()
    }
}

impl RefusalBudgets {
    /// Budgets of `per_second` answered refusals a second for each source.
    #[allow(
        clippy::disallowed_types,
        reason = "read by the socket's receive path, which quinn calls synchronously: a lock held for one lookup, no task to send to"
    )]
    pub(crate) fn new(per_second: u32) -> Arc<RefusalBudgets> {
        Arc::new(RefusalBudgets { per_second, sources: std::sync::Mutex::new(HashMap::new()), stats: OnceLock::new() })
    }

    /// Counts the Initials dropped into `stats` (the host's counters, made after its socket).
    pub(crate) fn count_into(&self, stats: Arc<HostStats>) {
        let _ = self.stats.set(stats);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, (MessageBudget, Instant)>> {
        self.sources.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A refusal was sent to `source`: it spends one of its budget.
    pub(crate) fn answered(&self, source: IpAddr) {
        self.answered_at(source, Instant::now());
    }

    fn answered_at(&self, source: IpAddr, now: Instant) {
        let mut sources = self.lock();
        if !sources.contains_key(&source)
            && sources.len() >= SOURCES_REMEMBERED
            && let Some(oldest) = sources.iter().min_by_key(|(_, (_, at))| *at).map(|(source, _)| *source)
        {
            sources.remove(&oldest);
        }
        let burst = self.per_second.saturating_mul(BURST_SECONDS);
        let entry = sources.entry(source).or_insert_with(|| (MessageBudget::new(burst, f64::from(self.per_second), now), now));
        entry.0.take(now);
        entry.1 = now;
    }

    /// Whether `source` has no refusal left to be answered at `now`.
    fn spent_at(&self, source: IpAddr, now: Instant) -> bool {
        self.lock().get_mut(&source).is_some_and(|(budget, _)| budget.left(now) < 1.0)
    }

    fn dropped(&self) {
        if let Some(stats) = self.stats.get() {
            stats.initials_dropped.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Whether `packet` is a QUIC version 1 Initial (a long header of type Initial): what a
/// client sends to open a connection. Its type bits are not under header protection.
fn is_initial(packet: &[u8]) -> bool {
    packet.len() >= 5 && packet[0] & 0xF0 == 0xC0 && packet[1..5] == [0, 0, 0, 1]
}

/// The host's UDP socket, dropping Initials from sources that spent their refusals.
#[derive(Debug)]
pub(crate) struct FilteredSocket {
    inner: Arc<dyn AsyncUdpSocket>,
    budgets: Arc<RefusalBudgets>,
}

impl FilteredSocket {
    /// `inner`, filtered by `budgets`.
    pub(crate) fn new(inner: Arc<dyn AsyncUdpSocket>, budgets: Arc<RefusalBudgets>) -> FilteredSocket {
        FilteredSocket { inner, budgets }
    }
}

impl AsyncUdpSocket for FilteredSocket {
    fn create_io_poller(self: Arc<Self>) -> Pin<Box<dyn UdpPoller>> {
        self.inner.clone().create_io_poller()
    }

    fn try_send(&self, transmit: &Transmit) -> io::Result<()> {
        self.inner.try_send(transmit)
    }

    fn poll_recv(&self, cx: &mut Context, bufs: &mut [IoSliceMut<'_>], meta: &mut [RecvMeta]) -> Poll<io::Result<usize>> {
        let received = match self.inner.poll_recv(cx, bufs, meta) {
            Poll::Ready(Ok(received)) => received,
            other => return other,
        };
        for (meta, buf) in meta.iter_mut().zip(bufs.iter()).take(received) {
            // Datagrams coalesced into one buffer all come from the same source. The clock is
            // read only for an Initial: the packets of open connections pay one byte's test.
            if is_initial(&buf[..meta.len]) && self.budgets.spent_at(meta.addr.ip(), Instant::now()) {
                // An empty buffer is nothing to quinn.
                meta.len = 0;
                self.budgets.dropped();
            }
        }
        Poll::Ready(Ok(received))
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }

    fn max_transmit_segments(&self) -> usize {
        self.inner.max_transmit_segments()
    }

    fn max_receive_segments(&self) -> usize {
        self.inner.max_receive_segments()
    }

    fn may_fragment(&self) -> bool {
        self.inner.may_fragment()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn only_a_v1_initial_is_an_initial() {
        assert!(is_initial(&[0xC3, 0, 0, 0, 1, 8]));
        assert!(!is_initial(&[0xE3, 0, 0, 0, 1, 8]), "a Handshake packet");
        assert!(!is_initial(&[0x43, 1, 2, 3, 4, 5]), "a short-header packet");
        assert!(!is_initial(&[0xC3, 0, 0, 0, 2, 8]), "another version");
        assert!(!is_initial(&[0xC3, 0, 0]), "too short");
    }

    #[test]
    fn a_source_is_answered_its_burst_then_its_rate_and_others_are_not_touched() {
        let budgets = RefusalBudgets::new(2);
        let start = Instant::now();
        let (busy, quiet) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        for _ in 0..2 * BURST_SECONDS {
            assert!(!budgets.spent_at(busy, start));
            budgets.answered_at(busy, start);
        }
        assert!(budgets.spent_at(busy, start), "the burst is spent");
        assert!(!budgets.spent_at(quiet, start), "another source is not");
        assert!(!budgets.spent_at(busy, start + Duration::from_millis(500)), "one refusal a half second comes back");
        for index in 0..SOURCES_REMEMBERED + 10 {
            budgets.answered_at(IpAddr::from(u32::try_from(index).expect("small").to_be_bytes()), start);
        }
        assert_eq!(budgets.lock().len(), SOURCES_REMEMBERED);
    }
}
