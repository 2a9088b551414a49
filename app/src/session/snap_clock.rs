//! The one snap clock: when a Youglouf snap window opened and how long its grace still holds
//! the turn back from taking a card (RULES.md §5 ruling). The authority runs it on the true
//! state; a networked device runs the same clock on the views it was sent, to grey out the
//! draw until the host would accept it.
//!
//! Time is seconds on the owner's monotonic clock; the clock never reads one.

/// When the open snap window opened, if one is open.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SnapClock {
    /// The open window's name (see `AnyGame::snap_window`) and when it was first seen open.
    open: Option<(u32, f64)>,
}

impl SnapClock {
    /// Notes the window open now (`None`: none is): a window seen for the first time starts its
    /// grace at `now`; the same window keeps the time it opened.
    pub fn observe(&mut self, window: Option<u32>, now: f64) {
        self.open = match (window, self.open) {
            (None, _) => None,
            (Some(window), Some((known, since))) if window == known => Some((known, since)),
            (Some(window), _) => Some((window, now)),
        };
    }

    /// Seconds of a grace of `grace_ms` left at `now`; `None` when no window is open or its
    /// grace has run out.
    #[must_use]
    pub fn grace_left(&self, grace_ms: u32, now: f64) -> Option<f64> {
        let (_, since) = self.open?;
        let left = since + f64::from(grace_ms) / 1_000.0 - now;
        (left > 0.0).then_some(left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_keeps_the_time_it_opened_and_a_new_one_starts_afresh() {
        let mut clock = SnapClock::default();
        assert_eq!(clock.grace_left(2_000, 0.0), None, "no window, no grace");
        clock.observe(Some(7), 1.0);
        clock.observe(Some(7), 2.5);
        let left = clock.grace_left(2_000, 2.5).expect("the grace runs from the opening");
        assert!((left - 0.5).abs() < 1e-9, "{left}");
        assert_eq!(clock.grace_left(2_000, 3.0), None, "two seconds after it opened, it has run out");
        clock.observe(Some(8), 3.0);
        assert!(clock.grace_left(2_000, 4.0).is_some(), "another window starts its own grace");
        clock.observe(None, 4.0);
        assert_eq!(clock.grace_left(2_000, 4.0), None, "a closed window holds nothing back");
    }
}
