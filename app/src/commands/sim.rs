//! `cardtable sim`: random legal matches, timed, summarised.

use std::fmt::Write as _;
use std::ops::Range;
use std::time::{Duration, Instant};

use anyhow::Context;
use cardtable_engine::sim::{JobRunner, SimConfig, SimReport};
use rayon::iter::{IntoParallelIterator, ParallelIterator};

use crate::commands::sim_args::SimArgs;

/// Runs the engine's independent matches on every core (or on `--threads`).
///
/// rayon rather than `std::thread::scope` with a work counter: its work-stealing pool spreads
/// matches of very different lengths evenly, and `collect` on an indexed parallel iterator
/// keeps results in match order, which is what makes a report independent of the core count.
/// The engine itself stays free of threads: it only sees [`JobRunner`].
#[derive(Debug)]
pub struct Cores {
    pool: rayon::ThreadPool,
}

impl Cores {
    /// A pool of `threads` workers; `None`: one per core.
    ///
    /// # Errors
    /// The operating system refused to start the threads.
    pub fn new(threads: Option<usize>) -> anyhow::Result<Cores> {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads.unwrap_or(0)).build().context("starting the worker threads")?;
        Ok(Cores { pool })
    }

    /// Number of worker threads.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }
}

impl JobRunner for Cores {
    fn run_jobs<T: Send>(&self, jobs: Range<u64>, job: &(dyn Fn(u64) -> T + Sync)) -> Vec<T> {
        // usize ranges are indexed in rayon (u64 ones are not on 32-bit targets): order kept.
        let indices = usize::try_from(jobs.start).expect("match indices fit in usize")
            ..usize::try_from(jobs.end).expect("match indices fit in usize");
        self.pool.install(|| indices.into_par_iter().map(|index| job(index as u64)).collect())
    }

    /// Matches fill the pool: a Hard decision's trees stay on its match's thread, or they
    /// would queue behind other matches and the waiting thread would play whole matches
    /// before finishing the decision (worst decision times of 12 to 47 s at 16 threads).
    fn side_by_side(&self) -> bool {
        true
    }
}

/// Runs the simulation on `cores` and returns the report and how long it took.
///
/// # Errors
/// Options that are not JSON or not the game's, or a table the game refuses.
pub fn simulate(args: &SimArgs, cores: &Cores) -> anyhow::Result<(SimReport, Duration)> {
    let options = args.options.as_deref().map(serde_json::from_str).transpose().context("--options is not valid JSON")?;
    let config = SimConfig { game: args.game, players: args.players, matches: args.matches, rounds: args.rounds, seed: args.seed, options };
    let started = Instant::now();
    let report = cardtable_engine::sim::run_on(&config, cores)?;
    Ok((report, started.elapsed()))
}

/// Runs the simulation and returns the summary to print.
///
/// # Errors
/// Options that are not JSON or not the game's, or a table the game refuses.
pub fn run(args: &SimArgs) -> anyhow::Result<String> {
    let cores = Cores::new(args.threads.map(usize::from))?;
    let (report, elapsed) = simulate(args, &cores)?;
    if args.json {
        let json = serde_json::json!({ "config": { "game": args.game.id(), "players": args.players, "seed": args.seed },
            "report": report, "elapsed_seconds": elapsed.as_secs_f64(), "threads": cores.threads() });
        return serde_json::to_string_pretty(&json).context("report as JSON");
    }
    Ok(summary(args, &report, elapsed, cores.threads()))
}

/// The report as an aligned table a person can read.
#[must_use]
pub fn summary(args: &SimArgs, report: &SimReport, elapsed: Duration, threads: usize) -> String {
    let seconds = elapsed.as_secs_f64().max(f64::EPSILON);
    let percent = |part: u64| 100.0 * part as f64 / report.rounds.max(1) as f64;
    let lengths = &report.round_lengths;
    let mut out = String::new();
    let mut line = |label: &str, value: String| {
        let _ = writeln!(out, "{label:<24}{value}");
    };
    line("game", format!("{} ({} players, seed {})", args.game.name(), args.players, args.seed));
    line("matches", format!("{} ({} finished)", report.matches, report.matches_finished));
    line("rounds", report.rounds.to_string());
    line("turns (decisions)", report.decisions.to_string());
    line(
        "turns per round",
        format!(
            "min {} · median {} · p90 {} · p99 {} · max {} · mean {:.1}",
            lengths.min, lengths.median, lengths.p90, lengths.p99, lengths.max, lengths.mean
        ),
    );
    line("turn-capped rounds", format!("{} ({:.2} %)", report.turn_capped_rounds, percent(report.turn_capped_rounds)));
    line("blocked rounds", format!("{} ({:.2} %)", report.blocked_rounds, percent(report.blocked_rounds)));
    let wins: Vec<String> = report.wins.iter().enumerate().map(|(seat, wins)| format!("seat {seat}: {wins}")).collect();
    line("match wins", wins.join(" · "));
    line("panics", report.panics.to_string());
    line("conservation failures", report.conservation_failures.to_string());
    if let Some(seed) = report.first_failing_seed {
        line("first failing match seed", seed.to_string());
    }
    line("elapsed", format!("{:.3} s ({threads} threads)", elapsed.as_secs_f64()));
    line("rounds per second", format!("{:.0}", report.rounds as f64 / seconds));
    // Wall-clock time over all threads: the figure of one core is this times the threads.
    line("ns per decision", format!("{:.1}", elapsed.as_nanos() as f64 / report.decisions.max(1) as f64));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Args {
        #[command(flatten)]
        sim: SimArgs,
    }

    fn args(words: &[&str]) -> SimArgs {
        Args::parse_from(std::iter::once("sim").chain(words.iter().copied())).sim
    }

    #[test]
    fn reports_are_the_same_on_one_thread_and_on_several() {
        for game in ["crazy-eights", "youglouf", "dunno"] {
            for budget in [["--matches", "40"], ["--rounds", "77"]] {
                let args = args(&["--game", game, "--seed", "5", budget[0], budget[1]]);
                let (alone, _) = simulate(&args, &Cores::new(Some(1)).expect("one thread")).expect("runs");
                let (together, _) = simulate(&args, &Cores::new(Some(3)).expect("three threads")).expect("runs");
                assert_eq!(alone, together, "{game} {budget:?}");
                assert!(alone.decisions > 0);
            }
        }
        // And the engine's own runner (one match after another) agrees with both.
        let args = args(&["--game", "fool108", "--seed", "9", "--matches", "30"]);
        let config = SimConfig { game: args.game, players: args.players, matches: 30, rounds: None, seed: 9, options: None };
        let (parallel, _) = simulate(&args, &Cores::new(Some(2)).expect("two threads")).expect("runs");
        assert_eq!(cardtable_engine::sim::run(&config).expect("runs"), parallel);
    }
}
