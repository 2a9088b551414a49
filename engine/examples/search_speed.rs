//! Hard's search speed at Crazy Eights, four players, without building the app:
//! `cargo run --profile bench -p cardtable-engine --features tools --example search_speed -- [POSITIONS] [ITERATIONS] [THINK_MS]`
//! (defaults 60 positions, 1,000 iterations; with THINK_MS, each position is also searched
//! for that thinking time on every core, as the app's Hard does, and the iterations it got
//! are printed). The positions are Hard's own decisions with a
//! choice, from seeded matches of four Normal bots. Each is searched with the whole budget
//! (no early stop) on one thread and on every core; prints the median decision time, the
//! time per iteration (wall, and CPU from `/proc/self/stat`, which a busy machine does not
//! inflate) and the speed-up, one line per mode.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use cardtable_engine::bots::{Bot, BotGame, IsmctsBot, IsmctsConfig, ThinkClock, Threads};
use cardtable_engine::event::NoEvents;
use cardtable_engine::game::{Game, Phase, TableSetup};
use cardtable_engine::games::crazy_eights::CrazyEights;
use cardtable_engine::rng::GameRng;
use cardtable_engine::seat::Viewer;

/// This process's CPU time so far (user and system), from `/proc/self/stat` (Linux; zero
/// elsewhere), in clock ticks of 10 ms.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    let fields: Vec<&str> = stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
    let ticks: u64 = [11, 12].iter().filter_map(|&index| fields.get(index)?.parse::<u64>().ok()).sum();
    Duration::from_millis(ticks * 10)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let positions: usize = args.first().map_or(Ok(60), |text| text.parse())?;
    let iterations: u32 = args.get(1).map_or(Ok(1_000), |text| text.parse())?;
    // Positions: every decision with a choice in Normal-vs-Normal matches.
    let mut found = Vec::new();
    let mut rng = GameRng::from_seed(2026);
    let mut normal = CrazyEights::normal_bot();
    'matches: for index in 0.. {
        let mut game = CrazyEights::new_match(TableSetup::new(4, index), Default::default(), None)?;
        while game.phase() == Phase::Playing {
            let Some(seat) = game.waiting_for().iter().next() else { break };
            let legal = game.legal_actions(seat);
            let view = game.view(Viewer::Seat(seat));
            if legal.len() > 1 {
                found.push((seat, view.clone(), legal.clone()));
                if found.len() == positions {
                    break 'matches;
                }
            }
            let decision = normal.decide(seat, &view, &legal, &mut rng).ok_or("Normal answers")?;
            game.apply_with(seat, decision.action, &mut NoEvents)?;
        }
    }
    let config = IsmctsConfig::with_iterations(iterations).without_early_stop();
    let mut medians = Vec::new();
    for (name, threads) in [("one thread", Threads::One), ("every core", Threads::All)] {
        let bot = IsmctsBot::new(config).on(threads);
        let mut times: Vec<Duration> = Vec::new();
        let mut ran = 0u64;
        let cpu_before = cpu_time();
        for (position, (seat, view, legal)) in found.iter().enumerate() {
            let started = Instant::now();
            let decision = bot
                .decide_until::<CrazyEights>(*seat, view, legal, &mut GameRng::from_seed(position as u64), &|| false)
                .ok_or("Hard answers")?;
            times.push(started.elapsed());
            ran += u64::from(decision.iterations);
        }
        let cpu = cpu_time().saturating_sub(cpu_before);
        times.sort_unstable();
        let median = times[times.len() / 2];
        let total: Duration = times.iter().sum();
        println!(
            "{name}: {} threads, {} decisions, {} iterations each ({} run in all), median {:.2?}, {:.2} µs per iteration (wall), {:.2} µs CPU per iteration",
            match threads {
                Threads::One => 1,
                Threads::All => rayon::current_num_threads(),
            },
            times.len(),
            iterations,
            ran,
            median,
            total.as_secs_f64() * 1e6 / ran.max(1) as f64,
            cpu.as_secs_f64() * 1e6 / ran.max(1) as f64
        );
        medians.push(total);
    }
    println!("speed-up on every core: {:.2}×", medians[0].as_secs_f64() / medians[1].as_secs_f64());
    if let Some(think_ms) = args.get(2) {
        THINK_MS.store(think_ms.parse()?, Ordering::Relaxed);
        timed(&found)?;
    }
    Ok(())
}

/// A position to decide in: the seat, its view and its legal actions.
type Position = (cardtable_engine::seat::Seat, <CrazyEights as Game>::View, Vec<<CrazyEights as Game>::Action>);

/// The thinking time of the timed decisions, in milliseconds.
static THINK_MS: AtomicU64 = AtomicU64::new(0);

/// Milliseconds since the first call: the clock the timed decisions read.
fn now_ms() -> u64 {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    u64::try_from(EPOCH.get_or_init(Instant::now).elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// Searches every position for [`THINK_MS`] on every core, as the app's timed Hard does
/// (up to 100,000 iterations), and prints the iterations a decision got.
fn timed(found: &[Position]) -> Result<(), Box<dyn std::error::Error>> {
    let clock = ThinkClock { start: || now_ms().saturating_add(THINK_MS.load(Ordering::Relaxed)), over: |deadline| now_ms() >= deadline };
    let mut bot = IsmctsBot::new(IsmctsConfig::with_iterations(100_000).without_early_stop()).timed(Some(clock));
    let mut iterations = Vec::new();
    for (position, (seat, view, legal)) in found.iter().enumerate() {
        let decision =
            Bot::<CrazyEights>::decide(&mut bot, *seat, view, legal, &mut GameRng::from_seed(position as u64)).ok_or("Hard answers")?;
        iterations.push(decision.iterations);
    }
    iterations.sort_unstable();
    println!(
        "timed: {} ms, {} trees (one per thread of the pool), {} decisions: iterations per decision median {}, fewest {}, most {}",
        THINK_MS.load(Ordering::Relaxed),
        rayon::current_num_threads(),
        iterations.len(),
        iterations[iterations.len() / 2],
        iterations[0],
        iterations[iterations.len() - 1]
    );
    Ok(())
}
