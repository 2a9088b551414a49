//! The headless subcommands.

pub mod scenario;
pub mod sim;
