//! `cardtable sim --seats hard,normal,easy,random`: bots at every seat play whole matches; each
//! seat's win rate with a 95 % interval and its decision times, measured here (the engine has
//! no clock) through the arena's observer.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use anyhow::Context;
use cardtable_engine::bots::arena::{self, ArenaConfig, ArenaObserver, ArenaReport};
use cardtable_engine::bots::{self, ArenaSeat, BotGame, BotGameVisitor, BotLevel, IsmctsConfig, SearchTuning};
use cardtable_engine::{GameKind, Seat};

use crate::commands::sim::Cores;
use crate::commands::sim_args::SimArgs;

/// Times every decision per seat, and searched decisions (Hard, not forced) apart. Each match
/// has its own clock (matches run on every core); [`DecisionClock::absorb`] joins them.
#[derive(Debug, Default)]
pub struct DecisionClock {
    started: Option<Instant>,
    /// Every decision's time, per seat.
    pub all: Vec<Vec<Duration>>,
    /// Decisions that searched (iterations > 0), per seat.
    pub searched: Vec<Vec<Duration>>,
}

impl DecisionClock {
    /// A clock for a table of `players` seats.
    #[must_use]
    pub fn new(players: usize) -> DecisionClock {
        DecisionClock { started: None, all: vec![Vec::new(); players], searched: vec![Vec::new(); players] }
    }

    /// Adds the times of `later` (a match played after those timed here).
    pub fn absorb(&mut self, later: DecisionClock) {
        for (times, more) in self.all.iter_mut().zip(later.all).chain(self.searched.iter_mut().zip(later.searched)) {
            times.extend(more);
        }
    }
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

/// Whether any of `seats` is Hard (the ceilings included), whose search the report describes.
fn searches(seats: &[ArenaSeat]) -> bool {
    seats.iter().any(|seat| seat.level == BotLevel::Hard)
}

/// The search budget in words.
fn describe(search: &IsmctsConfig) -> String {
    let playouts = match search.horizon {
        Some(moves) => format!("playouts of {moves} moves"),
        None => "playouts to the round's end".to_owned(),
    };
    format!("{} iterations, exploration {}, bias {}, {playouts}", search.iterations, search.exploration, search.bias)
}

/// Median, 99th percentile and worst of a list of times (sorted in place); `None` if empty.
fn percentiles(times: &mut [Duration]) -> Option<(Duration, Duration, Duration)> {
    if times.is_empty() {
        return None;
    }
    times.sort_unstable();
    let at = |fraction: f64| times[((times.len() - 1) as f64 * fraction).round() as usize];
    Some((at(0.5), at(0.99), times[times.len() - 1]))
}

/// "median …, p99 …, worst … over N" for a list of times.
fn timing(times: &mut [Duration]) -> String {
    match percentiles(times) {
        Some((median, p99, worst)) => format!("median {median:.2?}, p99 {p99:.2?}, worst {worst:.2?} over {}", times.len()),
        None => "-".to_owned(),
    }
}

/// A list of times as JSON: count, median, p99 and worst in milliseconds.
fn timing_json(times: &mut [Duration]) -> serde_json::Value {
    let ms = |time: Duration| time.as_secs_f64() * 1e3;
    match percentiles(times) {
        Some((median, p99, worst)) => {
            serde_json::json!({ "count": times.len(), "median_ms": ms(median), "p99_ms": ms(p99), "worst_ms": ms(worst) })
        }
        None => serde_json::json!({ "count": 0 }),
    }
}

/// Cores this machine offers (1 if it cannot tell).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// What the decision times are, when more threads play than there are cores: each decision
/// runs on its match's thread alone, but that thread had a share of a core.
fn shared_cores(threads: usize, cores: usize) -> Option<String> {
    (threads > cores).then(|| {
        format!(
            "decision times are wall clock on {threads} threads sharing {cores} cores: about {:.1}× a decision's time on a core of its own, more on a busy machine",
            threads as f64 / cores as f64
        )
    })
}

/// What a run of bot matches gave, with what it took.
#[derive(Debug)]
pub struct ArenaRun {
    /// What was played.
    pub config: ArenaConfig,
    /// The matches' results.
    pub report: ArenaReport,
    /// Every decision's time, in match order.
    pub clock: DecisionClock,
    /// Wall-clock time of the whole run.
    pub elapsed: Duration,
    /// Worker threads that played the matches.
    pub threads: usize,
}

/// Plays the matches on `cores`; the report and the decision times, in match order.
///
/// # Errors
/// Bad options, a table the game refuses, or a bot choosing an illegal action (a defect).
pub fn play(args: &SimArgs, seats: &[ArenaSeat], cores: &Cores) -> anyhow::Result<ArenaRun> {
    let options = args.options.as_deref().map(serde_json::from_str).transpose().context("--options is not valid JSON")?;
    let search = args.search_tuning();
    let config = ArenaConfig { game: args.game, seats: seats.to_vec(), matches: args.matches, seed: args.seed, options, search };
    let started = Instant::now();
    let (report, clocks) = arena::run_on(&config, cores, &|_| DecisionClock::new(seats.len()))?;
    let elapsed = started.elapsed();
    let mut clock = DecisionClock::new(seats.len());
    for later in clocks {
        clock.absorb(later);
    }
    Ok(ArenaRun { config, report, clock, elapsed, threads: cores.threads() })
}

/// Runs the matches and returns the table (or JSON) to print.
///
/// # Errors
/// Bad options, a table the game refuses, or a bot choosing an illegal action (a defect).
pub fn run(args: &SimArgs, seats: &[ArenaSeat]) -> anyhow::Result<String> {
    let cores = Cores::new(args.threads.map(usize::from))?;
    let mut run = play(args, seats, &cores)?;
    if args.json {
        return json(args, &mut run);
    }
    Ok(table(args, &mut run))
}

fn json(args: &SimArgs, run: &mut ArenaRun) -> anyhow::Result<String> {
    let ArenaRun { config, report, clock, elapsed, threads } = run;
    let seats: Vec<serde_json::Value> = report
        .seats
        .iter()
        .enumerate()
        .map(|(index, level)| {
            let (low, high) = wilson(report.wins[index], report.matches);
            serde_json::json!({
                "seat": index,
                "level": level.to_string(),
                "wins": report.wins[index],
                "rate": report.wins[index] as f64 / report.matches.max(1) as f64,
                "interval95": [low, high],
                "optional_taken": report.optional_taken[index],
                "decision_time": timing_json(&mut clock.all[index]),
                "searched_decision_time": timing_json(&mut clock.searched[index]),
            })
        })
        .collect();
    let hard = searches(&report.seats).then(|| describe(&hard_search(args.game, config.search)));
    let json = serde_json::json!({
        "config": { "game": args.game.id(), "seats": report.seats.iter().map(ToString::to_string).collect::<Vec<_>>(), "seed": args.seed, "hard": hard },
        "matches": report.matches,
        "rounds": report.rounds,
        "turn_capped_rounds": report.turn_capped_rounds,
        "parity": report.parity(),
        "seats": seats,
        "elapsed_seconds": elapsed.as_secs_f64(),
        "threads": threads,
        "cores": cores(),
    });
    serde_json::to_string_pretty(&json).context("report as JSON")
}

fn table(args: &SimArgs, run: &mut ArenaRun) -> String {
    let ArenaRun { config, report, clock, elapsed, threads } = run;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} matches, {} rounds ({} turn-capped), seed {}, {:.1?} on {threads} threads",
        args.game.name(),
        report.matches,
        report.rounds,
        report.turn_capped_rounds,
        args.seed,
        elapsed
    );
    if searches(&report.seats) {
        let _ = writeln!(out, "Hard: {}", describe(&hard_search(args.game, config.search)));
    }
    if let Some(shared) = shared_cores(*threads, cores()) {
        let _ = writeln!(out, "{shared}");
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
    fn times_on_more_threads_than_cores_say_so() {
        assert_eq!(shared_cores(2, 2), None);
        assert_eq!(shared_cores(1, 16), None);
        let shared = shared_cores(8, 2).expect("eight threads on two cores");
        assert!(shared.contains("8 threads sharing 2 cores") && shared.contains("4.0×"), "{shared}");
    }

    #[test]
    fn wilson_intervals_hold_the_rate_and_narrow_with_more_matches() {
        let (low, high) = wilson(50, 100);
        assert!(low < 0.5 && 0.5 < high);
        let (wide_low, wide_high) = wilson(5, 10);
        assert!(high - low < wide_high - wide_low);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert!((wilson(100, 100).1 - 1.0).abs() < 1e-12);
    }

    #[test]
    fn arena_reports_are_the_same_on_one_thread_and_on_several() {
        use clap::Parser;
        #[derive(Parser)]
        struct Args {
            #[command(flatten)]
            sim: SimArgs,
        }
        let words = [
            "sim",
            "--game",
            "hundred-one",
            "--seats",
            "hard,normal,easy,hard-perfect",
            "--iterations",
            "30",
            "--matches",
            "4",
            "--seed",
            "4",
        ];
        let args = Args::parse_from(words).sim;
        let seats = args.seats.clone().expect("seats");
        let alone = play(&args, &seats, &Cores::new(Some(1)).expect("one thread")).expect("plays");
        let together = play(&args, &seats, &Cores::new(Some(3)).expect("three threads")).expect("plays");
        assert_eq!(alone.report, together.report);
        assert!(alone.report.matches == 4 && alone.report.decisions.iter().all(|&decisions| decisions > 0));
        let counts = |run: &ArenaRun| run.clock.all.iter().map(Vec::len).collect::<Vec<_>>();
        assert_eq!(counts(&alone), counts(&together), "one time per decision, whatever the threads");
        assert_eq!((alone.threads, together.threads), (1, 3));
        // Played one match at a time, Hard growing its trees on every core, the seeded
        // matches are the same as on the pools, where each decision keeps to its match's thread.
        assert_eq!(arena::run(&alone.config, &mut ()).expect("plays"), alone.report);
    }

    thread_local! {
        /// The match whose decision is open on this thread, if one is.
        static OPEN_DECISION: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
    }

    /// Watches one match from the thread playing it: whether it started while a decision of
    /// another match was open on that thread (the decision waiting behind it), and whether a
    /// decision ended on another thread than it began.
    struct Watch {
        match_index: u64,
        started_inside: Option<u64>,
        /// The thread a decision began on, and the decision it interrupted there (if any).
        open: Option<(std::thread::ThreadId, Option<u64>)>,
        moved_threads: u32,
        searched: u32,
    }

    impl ArenaObserver for Watch {
        fn before_decision(&mut self, _seat: Seat, _level: BotLevel) {
            let outer = OPEN_DECISION.replace(Some(self.match_index));
            self.open = Some((std::thread::current().id(), outer));
        }

        fn after_decision(&mut self, _seat: Seat, _level: BotLevel, iterations: u32) {
            let (thread, outer) = self.open.take().expect("a decision ends after it began");
            self.moved_threads += u32::from(thread != std::thread::current().id());
            OPEN_DECISION.set(outer);
            self.searched += u32::from(iterations > 0);
        }
    }

    #[test]
    fn no_hard_decision_waits_behind_another_match_on_a_full_pool() {
        let seats: Vec<ArenaSeat> = ["hard"; 4].iter().map(|seat| seat.parse().expect("a seat")).collect();
        let search = SearchTuning { iterations: Some(150), ..SearchTuning::default() };
        let config = ArenaConfig { game: GameKind::CrazyEights, seats, matches: 12, seed: 3, options: None, search };
        let cores = Cores::new(Some(6)).expect("six threads");
        let observe = |match_index| Watch { match_index, started_inside: OPEN_DECISION.get(), open: None, moved_threads: 0, searched: 0 };
        let (report, watches) = arena::run_on(&config, &cores, &observe).expect("plays");
        assert_eq!(report.matches, 12);
        assert!(watches.iter().map(|watch| watch.searched).sum::<u32>() > 100, "Hard searched");
        let nested: Vec<(u64, u64)> =
            watches.iter().filter_map(|watch| watch.started_inside.map(|outer| (outer, watch.match_index))).collect();
        assert_eq!(nested, [], "(match deciding, match it played meanwhile)");
        assert_eq!(watches.iter().map(|watch| watch.moved_threads).sum::<u32>(), 0);
    }
}
