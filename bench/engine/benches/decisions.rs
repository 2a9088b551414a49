//! On-CPU time per random decision, per game, four seats:
//! `cargo bench -p cardtable-engine-bench --bench decisions`.
//!
//! The `playout` bench (criterion) times wall-clock, which on a shared machine counts the time
//! other processes hold the core. This one plays a fixed number of random decisions (the same
//! path as `cardtable sim`: `random_step`, then `apply_legal_with`) and divides the thread's
//! own CPU time, read from `/proc/thread-self/schedstat` (Linux), by them; it prints the
//! wall-clock figure next to it. Best of three runs.

use std::hint::black_box;
use std::time::Instant;

use cardtable_engine::sim::random_step;
use cardtable_engine::{Game, GameKind, GameRng, GameVisitor, NoEvents, Phase, TableSetup};

/// Decisions per run and game.
const DECISIONS: u64 = 3_000_000;

/// Nanoseconds this thread has spent on a CPU, if the kernel says.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

struct Run;

impl GameVisitor for Run {
    type Output = (f64, Option<f64>);

    fn visit<G: Game>(self) -> (f64, Option<f64>) {
        let range = G::seat_range(&G::Options::default());
        let players = 4.clamp(*range.start(), *range.end());
        let fresh = |seed| G::new_match(TableSetup::new(players, seed), G::Options::default(), None).expect("default table");
        let (mut game, mut policy, mut actions, mut matches) = (fresh(0), GameRng::from_seed(99), Vec::with_capacity(64), 0);
        let (cpu_start, wall_start) = (thread_cpu_ns(), Instant::now());
        for _ in 0..DECISIONS {
            let (seat, action) = random_step(&game, &mut policy, &mut actions).expect("a round in play has a decision");
            game.apply_legal_with(seat, action, &mut NoEvents);
            match game.phase() {
                Phase::Playing => {}
                Phase::RoundOver => game.start_next_round(None, &mut NoEvents).expect("deals"),
                Phase::MatchOver => {
                    matches += 1;
                    game = fresh(matches);
                }
            }
        }
        black_box(&game);
        let wall = wall_start.elapsed().as_nanos() as f64 / DECISIONS as f64;
        let cpu = cpu_start.zip(thread_cpu_ns()).map(|(start, end)| (end - start) as f64 / DECISIONS as f64);
        (wall, cpu)
    }
}

fn main() {
    // `cargo bench` passes `--bench`; any other word names the games to run.
    let only: Vec<String> = std::env::args().skip(1).filter(|word| !word.starts_with("--")).collect();
    println!("{:<16}{:>20}{:>18}", "game (4 seats)", "on-CPU ns/decision", "wall ns/decision");
    for &kind in GameKind::ALL.iter().filter(|kind| only.is_empty() || only.iter().any(|id| id == kind.id())) {
        let runs: Vec<(f64, Option<f64>)> = (0..3).map(|_| kind.visit(Run)).collect();
        let wall = runs.iter().map(|run| run.0).fold(f64::INFINITY, f64::min);
        let cpu = runs.iter().filter_map(|run| run.1).fold(f64::INFINITY, f64::min);
        println!("{:<16}{:>20.1}{:>18.1}", kind.id(), cpu, wall);
    }
}
