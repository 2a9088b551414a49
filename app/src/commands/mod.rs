//! The headless subcommands.

pub mod arena;
pub mod export;
pub mod scenario;
pub mod sim;
pub mod store_soak;
