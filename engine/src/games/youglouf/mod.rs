//! # Youglouf (RULES.md §5)
//!
//! 3–6 players (default 4; the `allow_two_players` option allows 2), one 52-card pack.
//! Terminology: a Youglouf *match* is our round, a Youglouf *game* is our match.
//!
//! Deal: four face-down cards to each seat, in slots 0..3, in blocks from the dealer's left;
//! the rest is the closed deck; the open deck starts empty. Before the first turn every seat
//! looks once at two of its cards of its choice (all seats at once).
//!
//! The dealer takes the first turn, then clockwise. A turn: take the top of the closed deck
//! (only the taker sees it) or of the open deck; then replace one of your cards with it (the
//! old card goes face up onto the open deck) or drop it onto the open deck. A closed-deck
//! card dropped directly gives a power: 9/10 may look at one own card, J may look at one
//! opponent's card, Q must exchange one own card with an opponent's, unseen by both (it
//! lapses only when no exchange is possible). Then the player ends the turn, or declares
//! "Youglouf": every other seat has one more turn, and the match is scored as soon as the
//! last of them ends.
//!
//! Snapping: from the moment a card lands on the open deck until the next turn takes a card,
//! any seat may put one of its own face-down cards on it. Right rank: it stays (no power).
//! Wrong rank: it is shown to all, goes back face down to its slot, and its owner gets a
//! penalty card face down, unseen, in its first empty slot or a new one. Several snaps may
//! follow in a row. After a declaration nobody but the declarer may snap their last card.
//! An empty closed deck is refilled from the open deck but its top.
//!
//! Scoring: A = 1, 2–10 face value, J = 11, Q = 12, black K = 13, red K = 0. The declarer
//! scores −10 if strictly lowest, its sum if tied for lowest, else its sum + 10; everyone
//! else its sum. The game ends when a total reaches the limit (default 100); lowest total
//! wins. The dealer rotates clockwise each match.
//!
//! Actions: `look 0 1`, `draw`, `take`, `replace 2`, `drop`, `peek 3`, `spy 2:1`,
//! `exchange 0 2:1`, `skip`, `end`, `youglouf`, `snap 3` (slots from 0; `2:1` = seat 2's
//! slot 1). To act: during the look, every seat that has not looked; then the turn player,
//! plus, while a snap window is open, every seat that may snap.
//!
//! What each seat sees: every slot on the table as empty, face down, or known, and known
//! exactly when it has seen that card and can still place it (`knowledge.rs` states how
//! each move changes that); the open deck; the closed deck's size; the card the turn player
//! holds if it has seen it. Spectators know what was shown to all.

mod action;
mod event;
mod game;
mod knowledge;
mod options;
mod round;
mod rules;
mod view;

#[cfg(test)]
mod tests;

pub use action::YougloufAction;
pub use event::{Power, Source, YougloufEvent};
pub use game::{Youglouf, score_called};
pub use knowledge::{Knowledge, MAX_PLAYERS};
pub use options::YougloufOptions;
pub use round::{HAND_SIZE, Round, Stage, card_value, power_of};
pub use view::{SlotView, StepView, YougloufView};
