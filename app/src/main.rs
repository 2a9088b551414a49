//! The `cardtable` binary: logging, command line, then the window or a headless command.

// A release build on Windows is a windowed program: no console window opens behind the game.
// (Its headless commands then print nothing; dist/README.md says so.)
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

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
        None => cli.window.scenario.as_deref().map(cardtable::commands::scenario::load).transpose().and_then(|scenario| {
            cardtable::app::run_window(&cli.window, cli.data_dir.as_deref(), scenario)
                .map_err(|error| anyhow::anyhow!("{error}"))
                .context("the game window could not open")
                .map(|()| None)
        }),
        Some(Command::Scenario { file }) => cardtable::commands::scenario::run(file).map(Some),
        Some(Command::Sim(args)) => match &args.seats {
            Some(seats) => cardtable::commands::arena::run(args, seats).map(Some),
            None => cardtable::commands::sim::run(args).map(Some),
        },
        Some(Command::Export { format, out }) => cardtable::commands::export::run(cli.data_dir.as_deref(), *format, out.as_deref()),
        Some(Command::Host(args)) => {
            let plan = cardtable::commands::net_play::HostPlan {
                online: args.online,
                game: args.game,
                seats: args.seats.clone(),
                print_invite: args.print_invite,
                relays: args.line.relays.clone(),
                bind: args.line.bind,
                relay_ca: args.line.relay_ca.clone(),
            };
            cardtable::commands::net_play::host(cli.data_dir.as_deref(), &plan).map(Some)
        }
        Some(Command::Join(args)) => {
            let plan = cardtable::commands::net_play::JoinPlan {
                target: args.target.clone(),
                code: args.code,
                seat_code: args.seat_code,
                level: args.bot,
                relays: args.line.relays.clone(),
                bind: args.line.bind,
                relay_ca: args.line.relay_ca.clone(),
            };
            cardtable::commands::net_play::join_as_bot(&plan).map(Some)
        }
        Some(Command::Relay(args)) => cardtable::commands::relay::run(args).map(|()| None),
        Some(Command::StoreSoak { seed }) => cardtable::commands::store_soak::run(cli.data_dir.as_deref(), *seed).map(|()| None),
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
