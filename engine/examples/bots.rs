//! Engine-only bot matches, for tuning bots without building the app:
//! `cargo run --release -p cardtable-engine --example bots -- GAME LEVELS MATCHES [SEED] [ITERATIONS] [EXPLORATION]`,
//! e.g. `... -- crazy-eights hard,normal,normal,normal 100`. Prints each seat's win rate with
//! a 95 % Wilson interval and decision times (median and worst), measured here around each
//! decision through the arena's observer. The app's `cardtable sim --seats` is the full tool.

use std::time::{Duration, Instant};

use cardtable_engine::bots::arena::{self, ArenaConfig, ArenaObserver};
use cardtable_engine::bots::{BotLevel, IsmctsConfig};
use cardtable_engine::{GameKind, Seat};

/// Times every decision, per seat; counts searched decisions apart from forced ones.
struct Clock {
    started: Option<Instant>,
    times: Vec<Vec<Duration>>,
    searched: Vec<Vec<Duration>>,
}

impl ArenaObserver for Clock {
    fn before_decision(&mut self, _seat: Seat, _level: BotLevel) {
        self.started = Some(Instant::now());
    }

    fn after_decision(&mut self, seat: Seat, _level: BotLevel, iterations: u32) {
        let elapsed = self.started.take().map_or(Duration::ZERO, |started| started.elapsed());
        self.times[seat.index()].push(elapsed);
        if iterations > 0 {
            self.searched[seat.index()].push(elapsed);
        }
    }
}

/// Wilson score interval at 95 % for `wins` out of `n`.
fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, wins as f64 / n as f64, 1.96_f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn summary(times: &mut [Duration]) -> String {
    if times.is_empty() {
        return "-".to_owned();
    }
    times.sort_unstable();
    let median = times[times.len() / 2];
    let worst = times[times.len() - 1];
    format!("median {median:.2?}, worst {worst:.2?} over {}", times.len())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, levels, matches, rest @ ..] = args.as_slice() else {
        return Err("usage: bots GAME LEVELS(comma-separated) MATCHES [SEED] [ITERATIONS] [EXPLORATION]".into());
    };
    let seats = levels.split(',').map(str::parse).collect::<Result<Vec<BotLevel>, _>>()?;
    let seed = rest.first().map_or(Ok(7), |seed| seed.parse())?;
    let mut hard = IsmctsConfig::default();
    if let Some(iterations) = rest.get(1) {
        hard.iterations = iterations.parse()?;
    }
    if let Some(exploration) = rest.get(2) {
        hard.exploration = exploration.parse()?;
    }
    let config = ArenaConfig { game: GameKind::from_id(game)?, seats: seats.clone(), matches: matches.parse()?, seed, options: None, hard };
    let mut clock = Clock { started: None, times: vec![Vec::new(); seats.len()], searched: vec![Vec::new(); seats.len()] };
    let started = Instant::now();
    let report = arena::run(&config, &mut clock)?;
    let elapsed = started.elapsed();
    println!(
        "{game}: {} matches, {} rounds ({} turn-capped), seed {seed}, hard {} iterations (c = {}), {elapsed:.1?}",
        report.matches, report.rounds, report.turn_capped_rounds, hard.iterations, hard.exploration
    );
    for (index, level) in seats.iter().enumerate() {
        let wins = report.wins[index];
        let (low, high) = wilson(wins, report.matches);
        println!(
            "seat {index} {level:>6}: won {wins:>5} ({:5.1} %, 95 % {:5.1}–{:5.1} %); decisions: {}; searched: {}",
            100.0 * wins as f64 / report.matches.max(1) as f64,
            100.0 * low,
            100.0 * high,
            summary(&mut clock.times[index]),
            summary(&mut clock.searched[index]),
        );
    }
    Ok(())
}
