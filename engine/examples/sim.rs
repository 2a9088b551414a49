//! Engine-only random playouts, for working on a game without building the app:
//! `cargo run --release -p cardtable-engine --features tools --example sim -- GAME PLAYERS ROUNDS [SEED]`.
//! Prints the report as JSON plus the elapsed time. The app's `cardtable sim` is the full tool.

use std::time::Instant;

use cardtable_engine::GameKind;
use cardtable_engine::sim::{SimConfig, run};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, players, rounds, rest @ ..] = args.as_slice() else {
        return Err("usage: sim GAME PLAYERS ROUNDS [SEED]".into());
    };
    let seed = rest.first().map_or(Ok(7), |seed| seed.parse())?;
    let config = SimConfig {
        game: GameKind::from_id(game)?,
        players: players.parse()?,
        matches: 0,
        rounds: Some(rounds.parse()?),
        seed,
        options: None,
    };
    let started = Instant::now();
    let report = run(&config)?;
    let elapsed = started.elapsed();
    println!("{}", serde_json::to_string_pretty(&report)?);
    println!("elapsed {elapsed:.2?}; {:.1} ns per decision", elapsed.as_nanos() as f64 / report.decisions.max(1) as f64);
    Ok(())
}
