//! The headless subcommands.

pub mod arena;
pub mod scenario;
pub mod sim;
