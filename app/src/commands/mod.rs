//! The headless subcommands.

pub mod arena;
pub mod export;
pub mod net_play;
pub mod relay;
pub mod scenario;
pub mod sim;
pub mod sim_args;
pub mod store_soak;
