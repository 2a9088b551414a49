//! # 108 Fool (RULES.md §2)
//!
//! 2–6 players (default 4), 36 cards: 6 to ace in four suits. Five cards each, dealt in
//! blocks from the dealer's left (the dealer moves one seat clockwise per round). The first
//! player of round r is seat (r − 1) mod n: a card chosen at random from their hand is played
//! for them as the opening card, and its effect applies (an opening Queen: they still choose
//! the suit). Play then goes on from the next seat, clockwise to begin with.
//!
//! A legal card matches the top card's suit or rank; a Queen is legal on anything and its
//! player chooses the suit to follow (that suit, or another Queen). On a turn a player plays a
//! legal card, or draws one card (even holding a legal card) and then plays a legal card or
//! passes.
//!
//! Specials, on the next seat in the current direction: 6 draws 2 and misses the turn; 7 draws
//! 1 and misses the turn (no defence, no stacking); 9 reverses the direction until another 9;
//! A skips. A card that empties its player's hand ends the round at once, with no effect.
//!
//! "One!": a seat holding one or two cards may declare it at any time, also in other seats'
//! turns; it lapses when the hand grows above two. Going out without a standing declaration
//! costs `one_penalty` (10). When a draw finds the stock empty, the pile but its top is
//! shuffled into a new stock and the drawing seat gets k × `reshuffle_penalty_step` (5) for
//! the k-th reshuffle of the round; with nothing left to reshuffle the draw gets nothing.
//!
//! Scoring: the seat that went out scores 0, or −20 going out on a Queen (−40 on `QS`); every
//! other seat its card points (6=6, 7=7, 8=8, 9=0, 10=10, J=2, Q=3, K=4, A=11), except that a
//! hand of exactly one Queen scores 20 (40 for `QS`); plus penalties. Each line is a
//! [`crate::ScoreKind`] in the round result. After a round in which a total reaches
//! `score_limit` (108), every seat at or above it loses and the others win; a rematch goes to
//! the highest loser's total.
//!
//! Actions: `play 8H`, `suit H` (after a Queen), `draw`, `pass` (after drawing), `one`.
//! To act: the turn seat, plus every seat that may declare "One!" (a free action, so a UI
//! button and a bot can take it out of turn). Each seat sees its own hand, every hand's size,
//! the pile's top and what it asks for, stock and pile counts, the standing declarations and
//! penalties; spectators see no hand. The cards a seat draws reach only that seat; hands are
//! revealed when the round is scored.

mod action;
mod event;
mod game;
mod options;
mod round;
mod scoring;
mod view;

#[cfg(test)]
mod tests;

pub use action::Fool108Action;
pub use event::Fool108Event;
pub use game::Fool108;
pub use options::{Fool108Options, MAX_PENALTY, MAX_SCORE_LIMIT};
pub use round::{HAND_SIZE, ONE_HAND, Round, Stage, ToFollow};
pub use scoring::{card_points, queen_value, score_round};
pub use view::Fool108View;
