//! Screens and widgets. Drawing only: screens return what the user asked for, the app applies it.

pub mod about;
pub mod card;
pub mod card_art;
pub mod first_name;
#[cfg(test)]
mod guard;
pub mod history;
pub mod lan;
pub mod menu;
pub mod names;
pub mod notices;
pub mod profiles;
pub mod refusals;
pub mod replay;
pub mod resume;
pub mod rules;
pub mod settings;
pub mod setup;
pub mod start;
pub mod stats;
pub mod table;
pub mod tables;
pub mod theme;
pub mod time;
