//! Screens and widgets. Drawing only: screens return what the user asked for, the app applies it.

pub mod rules;
pub mod start;
pub mod theme;
