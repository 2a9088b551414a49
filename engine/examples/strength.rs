//! Engine-only bot matches, for measuring the levels without building the app:
//! `cargo run --profile bench -p cardtable-engine --features tools --example strength -- sim --game G
//! --seats hard,normal,normal,normal --matches 2000 --seed 2026 [--iterations N] [--trees T] [--horizon H] [--exploration C]`
//! (the same flags as `cardtable sim --seats`, so `scripts/bot-strength` can run either).
//! A seat may be a ceiling (`hard-perfect`, `hard-10x`: `bots::ArenaSeat`). Every 100 matches
//! a progress line on stderr gives the wins so far. Prints the report as one JSON line: wins per seat, parity, and the searched decisions'
//! times (median, p99) and iterations. The app's `cardtable sim` is the full tool.

use std::time::{Duration, Instant};

use cardtable_engine::GameKind;
use cardtable_engine::bots::{ArenaConfig, ArenaObserver, ArenaSeat, BotLevel, SearchTuning, arena};
use cardtable_engine::seat::{Seat, SeatSet};

/// Matches between two progress lines on stderr.
const PROGRESS_EVERY: u64 = 100;

/// Times every searched decision (iterations > 0).
#[derive(Default)]
struct Clock {
    started: Option<Instant>,
    searched: Vec<Duration>,
    iterations: Vec<u32>,
    /// Wins per seat so far, for the progress lines.
    wins: Vec<u64>,
}

impl ArenaObserver for Clock {
    fn before_decision(&mut self, _seat: Seat, _level: BotLevel) {
        self.started = Some(Instant::now());
    }

    fn after_decision(&mut self, _seat: Seat, _level: BotLevel, iterations: u32) {
        if let Some(started) = self.started.take()
            && iterations > 0
        {
            self.searched.push(started.elapsed());
            self.iterations.push(iterations);
        }
    }

    /// Every [`PROGRESS_EVERY`] matches, the wins so far: matches are played in order, so a
    /// run stopped early still gives the first matches of the seeded run.
    fn match_finished(&mut self, match_index: u64, winners: SeatSet) {
        for seat in winners.iter() {
            if let Some(wins) = self.wins.get_mut(seat.index()) {
                *wins += 1;
            }
        }
        if (match_index + 1).is_multiple_of(PROGRESS_EVERY) {
            eprintln!("{}", serde_json::json!({ "matches": match_index + 1, "wins": self.wins }));
        }
    }
}

/// The value at `fraction` of a sorted list (0 for an empty one).
fn quantile<T: Copy + Default>(sorted: &[T], fraction: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    sorted[((sorted.len() - 1) as f64 * fraction).round() as usize]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).filter(|arg| arg != "sim").collect();
    let flag = |name: &str| args.iter().position(|arg| arg == name).and_then(|index| args.get(index + 1)).cloned();
    let game = GameKind::from_id(&flag("--game").ok_or("--game is required")?)?;
    let seats = flag("--seats").ok_or("--seats is required")?.split(',').map(str::parse).collect::<Result<Vec<ArenaSeat>, _>>()?;
    let matches = flag("--matches").map_or(Ok(2_000), |text| text.parse())?;
    let seed = flag("--seed").map_or(Ok(2026), |text| text.parse())?;
    let iterations = flag("--iterations").map(|text| text.parse()).transpose()?;
    // Tuning experiments: the trees a decision's budget is split between.
    let trees = flag("--trees").map(|text| text.parse()).transpose()?;
    // UCB1's exploration constant.
    let exploration = flag("--exploration").map(|text| text.parse()).transpose()?;
    // Playouts cut after this many moves and judged from the hands (0: to the round's end).
    let horizon = flag("--horizon").map(|text| text.parse()).transpose()?;
    let config = ArenaConfig {
        game,
        seats,
        matches,
        seed,
        options: None,
        search: SearchTuning { iterations, trees, horizon, exploration, ..SearchTuning::default() },
    };
    let mut clock = Clock { wins: vec![0; config.seats.len()], ..Clock::default() };
    let started = Instant::now();
    let report = arena::run(&config, &mut clock)?;
    clock.searched.sort_unstable();
    clock.iterations.sort_unstable();
    let summary = serde_json::json!({
        "game": game.id(),
        "seats": report.seats,
        "matches": report.matches,
        "wins": report.wins,
        "parity": report.parity(),
        "searched_decisions": clock.searched.len(),
        "searched_median_us": quantile(&clock.searched, 0.5).as_secs_f64() * 1e6,
        "searched_p99_us": quantile(&clock.searched, 0.99).as_secs_f64() * 1e6,
        "iterations_median": quantile(&clock.iterations, 0.5),
        "elapsed_s": started.elapsed().as_secs_f64(),
    });
    println!("{summary}");
    Ok(())
}
