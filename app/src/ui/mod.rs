//! Screens and widgets. Drawing only: screens return what the user asked for, the app applies it.

pub mod about;
pub mod card;
pub mod card_art;
#[cfg(test)]
mod guard;
pub mod history;
pub mod lan;
pub mod menu;
pub mod names;
pub mod notices;
// Draws a stored avatar colour with `Color32::from_rgb` (profiles.rs:47) while it is being
// reworked (issue 27); `theme::avatar_colour` is its replacement, and this allowance goes then.
#[allow(clippy::disallowed_methods, reason = "profiles.rs makes an avatar's colour until it switches to theme::avatar_colour")]
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
