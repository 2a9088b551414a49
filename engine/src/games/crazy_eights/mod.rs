//! # Crazy Eights (RULES.md §1)
//!
//! 2–8 players, two 52-card packs (104 cards). Five cards each, dealt from the dealer's
//! left; the top stock card starts the pile (an eight goes back into the stock at a random
//! place and a new starter is turned; the starter's effect never applies). The seat left of
//! the dealer starts, clockwise.
//!
//! A turn: play one legal card, or draw. Legal: same rank or suit as the top card, or any
//! eight; after an eight, the nominated suit or another eight. Drawing goes on one card at a
//! time until a legal card comes; then the player must play a legal card. With nothing to
//! draw (stock and reshuffle empty) the player passes. Every seat passing in one full cycle
//! blocks the round: everyone scores their hand, nobody wins it.
//!
//! Specials: 8 nominates a suit; Q skips the next player; A reverses; 2 makes the next player
//! draw two (`draw_two` house rule: `literal`, `skip`, `stack`).
//!
//! The first to empty their hand wins the round at once (no effect applies). Others score
//! their hands: 8 = 50, K/Q/J = 10, A = 1, 2–10 face value. Rounds go on until a total reaches
//! the limit (default 100; 0 = one round); the lowest total wins, ties share.
//!
//! Actions: `play QS`, `play 8H S`, `draw`. To act: the turn seat only.
//! Each seat sees its own hand, every hand's size, the top card and suit to follow, stock and
//! pile counts; spectators see no hand. The cards a seat draws reach only that seat.

mod action;
mod event;
mod game;
mod options;
mod round;
mod view;

#[cfg(test)]
mod tests;

pub use action::CrazyEightsAction;
pub use event::CrazyEightsEvent;
pub use game::CrazyEights;
pub use options::{CrazyEightsOptions, DrawTwo};
pub use round::{HAND_SIZE, Round, ToFollow, card_points};
pub use view::CrazyEightsView;
