//! Screens and widgets. Drawing only: screens return what the user asked for, the app applies it.

pub mod card;
pub mod lan;
pub mod menu;
pub mod names;
pub mod rules;
pub mod settings;
pub mod setup;
pub mod start;
pub mod table;
pub mod theme;
