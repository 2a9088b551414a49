//! The counters of a running host: what its limits turned away (tests and docs/lan.md read
//! them), and the table's seat code now, which every handle of a host shares.

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};

use super::seat_code::SeatCode;

/// Counters of a running host: what its limits turned away.
#[derive(Debug, Default)]
pub struct HostStats {
    pub(super) handshakes_refused: AtomicU64,
    pub(super) connections_accepted: AtomicU64,
    pub(super) connections_open: AtomicUsize,
    pub(super) connections_peak: AtomicUsize,
    pub(super) hello_late: AtomicU64,
    pub(super) frames_late: AtomicU64,
    pub(super) rate_limited: AtomicU64,
    pub(super) too_slow: AtomicU64,
    pub(super) participants: AtomicUsize,
    pub(super) handshakes_throttled: AtomicU64,
    pub(super) pending_evicted: AtomicU64,
    pub(super) initials_dropped: AtomicU64,
    /// The table's seat code now (it changes on the LAN after too many wrong codes), for the
    /// host's screen: kept here because every handle of a host shares these counters.
    pub(super) seat_code: AtomicU32,
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
    /// Of the attempts refused before their handshake, those refused by a handshake rate
    /// (per source address or in all).
    pub handshakes_throttled: u64,
    /// Pending connections closed to make room for a connection from another source.
    pub pending_evicted: u64,
    /// New connections' first packets dropped unread: their source had spent its refusals.
    pub initials_dropped: u64,
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
            handshakes_throttled: self.handshakes_throttled.load(Ordering::Relaxed),
            pending_evicted: self.pending_evicted.load(Ordering::Relaxed),
            initials_dropped: self.initials_dropped.load(Ordering::Relaxed),
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

    pub(crate) fn set_seat_code(&self, code: SeatCode) {
        self.seat_code.store(u32::from(code), Ordering::Relaxed);
    }

    /// The table's seat code now.
    pub(crate) fn seat_code(&self) -> SeatCode {
        SeatCode::from_number(self.seat_code.load(Ordering::Relaxed)).expect("invariant: only seat codes are stored")
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
