//! `cardtable sim --seats hard,normal,easy,random`: bots at every seat play whole matches; each
//! seat's win rate with a 95 % interval and its decision times, measured here (the engine has
//! no clock) through the arena's observer.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use anyhow::Context;
use cardtable_engine::bots::arena::{self, ArenaConfig, ArenaObserver, ArenaReport};
use cardtable_engine::bots::{self, BotGame, BotGameVisitor, BotLevel, IsmctsConfig, SearchTuning};
use cardtable_engine::{GameKind, Seat};

use crate::cli::SimArgs;

/// Times every decision per seat, and searched decisions (Hard, not forced) apart.
#[derive(Debug, Default)]
pub struct DecisionClock {
    started: Option<Instant>,
    /// Every decision's time, per seat.
    pub all: Vec<Vec<Duration>>,
    /// Decisions that searched (iterations > 0), per seat.
    pub searched: Vec<Vec<Duration>>,
}

impl ArenaObserver for DecisionClock {
    fn before_decision(&mut self, _seat: Seat, _level: BotLevel) {
        self.started = Some(Instant::now());
    }

    fn after_decision(&mut self, seat: Seat, _level: BotLevel, iterations: u32) {
        let elapsed = self.started.take().map_or(Duration::ZERO, |started| started.elapsed());
        self.all[seat.index()].push(elapsed);
        if iterations > 0 {
            self.searched[seat.index()].push(elapsed);
        }
    }
}

/// The 95 % Wilson score interval for `wins` out of `n`.
#[must_use]
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, wins as f64 / n as f64, 1.96_f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Hard level's search for `game` with `tuning` applied to the game's default.
fn hard_search(game: GameKind, tuning: SearchTuning) -> IsmctsConfig {
    struct Search(SearchTuning);
    impl BotGameVisitor for Search {
        type Output = IsmctsConfig;
        fn visit<G: BotGame>(self) -> IsmctsConfig {
            self.0.apply(G::SEARCH)
        }
    }
    bots::roster::visit(game, Search(tuning))
}

/// The search budget in words.
fn describe(search: &IsmctsConfig) -> String {
    let playouts = match search.horizon {
        Some(moves) => format!("playouts of {moves} moves"),
        None => "playouts to the round's end".to_owned(),
    };
    format!("{} iterations, exploration {}, bias {}, {playouts}", search.iterations, search.exploration, search.bias)
}

/// "median …, worst … over N" for a list of times.
fn timing(times: &mut [Duration]) -> String {
    if times.is_empty() {
        return "-".to_owned();
    }
    times.sort_unstable();
    format!("median {:.2?}, worst {:.2?} over {}", times[times.len() / 2], times[times.len() - 1], times.len())
}

/// Runs the matches and returns the table to print.
///
/// # Errors
/// Bad options, a table the game refuses, or a bot choosing an illegal action (a defect).
pub fn run(args: &SimArgs, seats: &[BotLevel]) -> anyhow::Result<String> {
    let options = args.options.as_deref().map(serde_json::from_str).transpose().context("--options is not valid JSON")?;
    let search = args.search_tuning();
    let config = ArenaConfig { game: args.game, seats: seats.to_vec(), matches: args.matches, seed: args.seed, options, search };
    let mut clock =
        DecisionClock { all: vec![Vec::new(); seats.len()], searched: vec![Vec::new(); seats.len()], ..DecisionClock::default() };
    let started = Instant::now();
    let report = arena::run(&config, &mut clock)?;
    Ok(table(args, &config, &report, &mut clock, started.elapsed()))
}

fn table(args: &SimArgs, config: &ArenaConfig, report: &ArenaReport, clock: &mut DecisionClock, elapsed: Duration) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} matches, {} rounds ({} turn-capped), seed {}, {:.1?}",
        args.game.name(),
        report.matches,
        report.rounds,
        report.turn_capped_rounds,
        args.seed,
        elapsed
    );
    if report.seats.contains(&BotLevel::Hard) {
        let _ = writeln!(out, "Hard: {}", describe(&hard_search(args.game, config.search)));
    }
    let _ = writeln!(out, "parity (a seat's share of the wins if all seats played alike): {:.1}%", 100.0 * report.parity());
    let _ = writeln!(
        out,
        "{:<5} {:<7} {:>6} {:>7} {:>15} {:>9}  decision time (all) · searched",
        "seat", "level", "wins", "rate", "95 % interval", "optional"
    );
    for (index, level) in report.seats.iter().enumerate() {
        let wins = report.wins[index];
        let (low, high) = wilson(wins, report.matches);
        let _ = writeln!(
            out,
            "{index:<5} {:<7} {wins:>6} {:>6.1}% {:>6.1}–{:<5.1}% {:>9}  {} · {}",
            level.to_string(),
            100.0 * wins as f64 / report.matches.max(1) as f64,
            100.0 * low,
            100.0 * high,
            report.optional_taken[index],
            timing(&mut clock.all[index]),
            timing(&mut clock.searched[index]),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_hold_the_rate_and_narrow_with_more_matches() {
        let (low, high) = wilson(50, 100);
        assert!(low < 0.5 && 0.5 < high);
        let (wide_low, wide_high) = wilson(5, 10);
        assert!(high - low < wide_high - wide_low);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert!((wilson(100, 100).1 - 1.0).abs() < 1e-12);
    }
}
