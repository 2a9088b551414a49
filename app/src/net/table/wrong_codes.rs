//! A budget of wrong seat codes (issue 30): how many a table checks in a minute, and what it
//! does once guessing spends them. On the LAN the seat code is read off the host's screen, so
//! the code changes there (guests already seated keep their tokens; the host's lobby shows the
//! new code at once). Online the code travels in invites already sent, so it never changes by
//! itself: there wrong codes are only rate-limited. Either way, while the budget is spent a
//! code is not checked at all: the device joins as one without the code, and the host may let
//! it in. A source's own budget is kept by the gate (`limits::HostLimits::wrong_codes_per_minute_per_address`).

use std::time::{Duration, Instant};

use super::TableCore;
use crate::net::limits::MessageBudget;
use crate::net::seat_code::SeatCode;

/// Wrong seat codes the table checks in a minute, from everyone.
pub const WRONG_CODES_PER_MINUTE: u32 = 20;

/// The least time between two changes of the code: guessing that goes on keeps the budget
/// spent, and a code that changed every few seconds would keep every person from reading it.
pub const CODE_KEPT_AT_LEAST: Duration = Duration::from_secs(60);

/// The table's budget of wrong codes, and whether spending it changes the code.
#[derive(Debug)]
pub(super) struct WrongCodes {
    budget: MessageBudget,
    /// Whether the code changes when the budget is spent (the LAN), or only the checks stop
    /// for a while (online).
    changes_code: bool,
    /// Times the code changed.
    changed: u32,
    /// When it last changed.
    changed_at: Option<Instant>,
}

impl WrongCodes {
    pub(super) fn new(now: Instant) -> WrongCodes {
        WrongCodes {
            budget: MessageBudget::new(WRONG_CODES_PER_MINUTE, f64::from(WRONG_CODES_PER_MINUTE) / 60.0, now),
            changes_code: true,
            changed: 0,
            changed_at: None,
        }
    }
}

impl TableCore {
    /// Whether a seat code given now is checked: not while guessing has spent the budget.
    pub(super) fn seat_code_checked(&mut self) -> bool {
        let now = self.now;
        self.wrong_codes.budget.left(now) >= 1.0
    }

    /// A Hello gave a wrong seat code: it takes from the budget; the one that spends it
    /// changes the code on the LAN.
    pub(super) fn wrong_seat_code(&mut self) {
        let now = self.now;
        self.wrong_codes.budget.take(now);
        if self.wrong_codes.budget.left(now) < 1.0 {
            tracing::warn!("wrong seat codes spent this minute's budget");
            self.seat_code_guessed();
        }
    }

    /// Guessing was seen (the table's budget spent, or one source's, as the gate tells): on the
    /// LAN the seat code changes (at most once in [`CODE_KEPT_AT_LEAST`]), so the guesses so
    /// far count for nothing; online it stays.
    pub fn seat_code_guessed(&mut self) {
        let now = self.now;
        let recently = self.wrong_codes.changed_at.is_some_and(|at| now.saturating_duration_since(at) < CODE_KEPT_AT_LEAST);
        if !self.wrong_codes.changes_code || recently {
            return;
        }
        match SeatCode::generate() {
            Ok(code) => {
                self.seat_code = code;
                self.wrong_codes.changed += 1;
                self.wrong_codes.changed_at = Some(now);
                tracing::warn!(changed = self.wrong_codes.changed, "the seat code changed after too many wrong codes");
                self.lobby_changed();
            }
            Err(error) => tracing::error!(%error, "no random source: the seat code stays"),
        }
    }

    /// The seat code travels in invites already sent (an online table): it never changes by
    /// itself, wrong codes are only rate-limited.
    pub fn keep_seat_code(&mut self) {
        self.wrong_codes.changes_code = false;
    }

    /// Times the seat code changed after too many wrong codes.
    #[must_use]
    pub fn seat_code_changes(&self) -> u32 {
        self.wrong_codes.changed
    }
}
