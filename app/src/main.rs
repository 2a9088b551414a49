//! The `cardtable` binary: logging, command line, then the window or a headless command.

use std::process::ExitCode;

use anyhow::Context;
use cardtable::cli::{Cli, Command};
use clap::Parser;

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into()))
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let result = match &cli.command {
        None => cardtable::app::run_window(&cli.window)
            .map_err(|error| anyhow::anyhow!("{error}"))
            .context("the game window could not open")
            .map(|()| None),
        Some(Command::Scenario { file }) => cardtable::commands::scenario::run(file).map(Some),
        Some(Command::Sim(args)) => match &args.seats {
            Some(seats) => cardtable::commands::arena::run(args, seats).map(Some),
            None => cardtable::commands::sim::run(args).map(Some),
        },
    };
    match result {
        Ok(output) => {
            if let Some(output) = output {
                println!("{output}");
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
