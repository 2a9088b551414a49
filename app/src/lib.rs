//! Cardtable, the program: the window, the command line, and everything between them and the
//! engine.

#[cfg(feature = "window")]
pub mod app;
pub mod cli;
pub mod commands;
pub mod i18n;
pub mod net;
pub mod person_name;
#[cfg(test)]
mod refusal_samples;
pub mod session;
pub mod settings;
#[cfg(feature = "window")]
pub mod sound;
pub mod store;
pub mod think;
pub mod tutorial;
#[cfg(feature = "window")]
pub mod ui;
