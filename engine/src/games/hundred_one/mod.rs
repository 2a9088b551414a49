//! # One Hundred and One (RULES.md §3)
//!
//! 2–6 players, 36 cards (6 to A). Four cards each, dealt in blocks from the dealer's left;
//! the dealer gets one extra card, dealt last and turned face up: it is the dealer's first
//! play and its effect applies (a Queen: the dealer orders a suit; an 8: the dealer covers it).
//! Play goes clockwise; the dealer rotates one seat clockwise every round.
//!
//! Covering: a card of the top card's suit or rank, or any Queen. A Queen's player orders a
//! suit; the next card must be of that suit or another Queen. Playing is mandatory when able;
//! a seat with no legal card draws one, plays it if it is legal, and otherwise passes.
//!
//! Effects land on the next seat still in the round: A skips it; 7 makes it draw 1, 6 draw 2,
//! `KS` draw 5, each also skipping it. An 8 must be covered at once by its own player, with a
//! legal card or by drawing one at a time until one comes (an 8 on an 8 must be covered
//! again); nobody else is affected. If nothing can be drawn the obligation lapses.
//!
//! A seat whose hand is empty (owing no 8 cover) is out; the round ends when one seat still
//! holds cards, after the last card's effect. That seat scores its cards (6, 7, 8, 10 face
//! value, 9 = 0, J = 2, Q = 3, K = 4, A = 11); a seat that went out scores 0, −20 on a Queen,
//! −40 on `QS`. After each round a total of exactly 101 resets to 0 (a `reset_to_zero` line
//! of −101); a total over 101 ends the match: those seats lose, the lowest total wins.
//!
//! Actions: `play 7H`, `play QH S` (a Queen orders spades), `order S` (the dealer, for a Queen
//! turned up at the deal), `draw` (only with no legal card: on a turn one card, covering an
//! 8 until a legal card comes). To act: the turn seat only. Stacked deck: the hands in blocks
//! from the dealer's left, then the dealer's face-up card, then the stock.
//! Each seat sees its own hand, every hand's size, the top card and what to follow, stock and
//! pile counts, who is out and on what; spectators see no hand. Drawn cards reach only their
//! seat.

mod action;
mod event;
mod exit;
mod game;
mod options;
mod round;
mod view;

#[cfg(test)]
mod tests;

pub use action::HundredOneAction;
pub use event::HundredOneEvent;
pub use exit::Exit;
pub use game::{HundredOne, LIMIT};
pub use options::HundredOneOptions;
pub use round::{HAND_SIZE, Round, Stage, ToFollow, card_points};
pub use view::HundredOneView;
