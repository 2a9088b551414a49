//! `cardtable sim`: random legal matches, timed, summarised.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use anyhow::Context;
use cardtable_engine::sim::{SimConfig, SimReport};

use crate::cli::SimArgs;

/// Runs the simulation and returns the summary to print.
///
/// # Errors
/// Options that are not JSON or not the game's, or a table the game refuses.
pub fn run(args: &SimArgs) -> anyhow::Result<String> {
    let options = args.options.as_deref().map(serde_json::from_str).transpose().context("--options is not valid JSON")?;
    let config = SimConfig { game: args.game, players: args.players, matches: args.matches, rounds: args.rounds, seed: args.seed, options };
    let started = Instant::now();
    let report = cardtable_engine::sim::run(&config)?;
    let elapsed = started.elapsed();
    if args.json {
        let json = serde_json::json!({ "config": { "game": args.game.id(), "players": args.players, "seed": args.seed },
            "report": report, "elapsed_seconds": elapsed.as_secs_f64() });
        return serde_json::to_string_pretty(&json).context("report as JSON");
    }
    Ok(summary(args, &report, elapsed))
}

/// The report as an aligned table a person can read.
#[must_use]
pub fn summary(args: &SimArgs, report: &SimReport, elapsed: Duration) -> String {
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
    line("elapsed", format!("{:.3} s (one core)", elapsed.as_secs_f64()));
    line("rounds per second", format!("{:.0}", report.rounds as f64 / seconds));
    line("ns per decision", format!("{:.1}", elapsed.as_nanos() as f64 / report.decisions.max(1) as f64));
    out
}
