//! Hard's thinking time: the app's clock behind the engine's [`ThinkClock`] (the engine has
//! none). One thinking time holds for the process: the settings' choice, or `--think-ms`,
//! which wins over it. Each Hard decision takes its own deadline, which its search threads
//! read, so decisions timed at once (`sim --think-ms` on several threads) keep their time.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

use cardtable_engine::bots::{SearchTuning, ThinkClock};

use crate::settings::ThinkTime;

/// Iterations each tree of a timed decision (one tree per core) runs at most: keeps a long
/// think's tree to about 6 MB a core, twice that for a weighty decision's doubled budget.
pub const ITERATION_CAP: u32 = 100_000;

/// No `--think-ms` given.
const UNSET: u32 = u32::MAX;

/// The settings' thinking time, in milliseconds (0: the game's iteration budget).
static SETTING_MS: AtomicU32 = AtomicU32::new(0);
/// `--think-ms`, or [`UNSET`].
static OVERRIDE_MS: AtomicU32 = AtomicU32::new(UNSET);

/// The instant the deadlines count from.
fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn now_ms() -> u64 {
    u64::try_from(epoch().elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// Applies the settings' thinking time.
pub fn set_think_time(think: ThinkTime) {
    SETTING_MS.store(think.millis(), Ordering::Relaxed);
}

/// Applies `--think-ms` (none: the settings decide); 0 means the game's iteration budget.
pub fn override_think_ms(millis: Option<u32>) {
    OVERRIDE_MS.store(millis.map_or(UNSET, |millis| millis.min(UNSET - 1)), Ordering::Relaxed);
}

/// The thinking time in force, in milliseconds (0: the game's iteration budget).
#[must_use]
pub fn think_ms() -> u32 {
    match OVERRIDE_MS.load(Ordering::Relaxed) {
        UNSET => SETTING_MS.load(Ordering::Relaxed),
        millis => millis,
    }
}

/// The Hard level's search for the thinking time in force: the game's own budget, or up to
/// [`ITERATION_CAP`] iterations a tree, ended by the clock.
#[must_use]
pub fn search_tuning() -> SearchTuning {
    match think_ms() {
        0 => SearchTuning::default(),
        _ => SearchTuning { iterations: Some(ITERATION_CAP), clock: Some(CLOCK), ..SearchTuning::default() },
    }
}

/// The clock handed to the engine.
const CLOCK: ThinkClock = ThinkClock { start: start_decision, over: time_is_up };

/// A decision begins: its deadline, in milliseconds since [`epoch`].
fn start_decision() -> u64 {
    now_ms().saturating_add(u64::from(think_ms()))
}

fn time_is_up(deadline: u64) -> bool {
    now_ms() >= deadline
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command line wins over the settings; 0 keeps the iteration budget; a timed search
    /// is capped and its clock runs out after the thinking time. One test, since the
    /// thinking time is the process's.
    #[test]
    fn the_thinking_time_follows_settings_and_command_line() {
        set_think_time(ThinkTime::Fast);
        assert_eq!(search_tuning(), SearchTuning::default(), "fast: the game's own budget");
        set_think_time(ThinkTime::Long);
        assert_eq!(think_ms(), ThinkTime::Long.millis());
        override_think_ms(Some(30));
        assert_eq!(think_ms(), 30, "--think-ms wins");
        let tuning = search_tuning();
        assert_eq!(tuning.iterations, Some(ITERATION_CAP));
        let clock = tuning.clock.expect("a timed search has a clock");
        let first = (clock.start)();
        assert!(!(clock.over)(first), "the time has just started");
        std::thread::sleep(std::time::Duration::from_millis(40));
        let second = (clock.start)();
        assert!((clock.over)(first), "30 ms are up after 40");
        assert!(!(clock.over)(second), "a decision started since keeps its own time");
        override_think_ms(Some(0));
        assert_eq!(search_tuning(), SearchTuning::default(), "--think-ms 0: the iteration budget");
        override_think_ms(None);
        assert_eq!(think_ms(), ThinkTime::Long.millis());
    }
}
