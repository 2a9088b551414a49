//! # Dunno (RULES.md §4)
//!
//! 2–6 players (default 3), 54 cards: the 52 and two Jokers (`RJ`, `BJ`). Five cards each,
//! dealt in blocks from the dealer's left; the next card is turned as the starter, with no
//! effect (a Joker starter is suitless: anything may be played on it). Seat 0 starts every
//! game; play goes clockwise.
//!
//! **Matching.** A card is playable on the top card if they share rank or suit, or either is
//! suitless. Jokers are always suitless; Queens are suitless in hand. On the pile a Queen or
//! a King carries the suit its player chose instead of its own.
//!
//! **A play** is one or more cards of one rank (the two Jokers count as one rank; Jacks only
//! alone), in the order the player chooses: the first must be playable, the last becomes the
//! top card, and every card has its effect.
//!
//! **Draw value D**, what the seat to move owes. D = 0: play, or draw one card, which ends the
//! turn. D > 0: the first card of a play must answer it: (a) an offensive card playable on the
//! top (it stacks), (b) a 3 of the top card's suit, never on a Joker (D passes on unchanged),
//! (c) a defensive card (2 but `2C`, 4, 5, 6, 8, 9, 10) of the top card's suit whose rank
//! equals D (D becomes 0). Otherwise the seat draws D cards and its turn ends. Offensive
//! values add up: `2C` +1, 7 +2, K +3 (names a suit), Joker +5.
//!
//! **Specials.** A: the next seat misses one turn (several Aces still skip one). Q: names a
//! suit, and each Queen played reverses the direction. J: alone; its player must swap hands
//! with a seat of their choice, both holding cards (no swap if the Jack was their last card or
//! nobody else has cards). `JD`: first, up to two more cards go under the Jack with no effect.
//!
//! **Winning.** A seat whose turn starts with no cards and D = 0 wins the game; with D > 0 it
//! draws D (its turn) and plays on. The match goes to the first seat with `wins_to_match`
//! wins (default 1: one deal is the match).
//!
//! **Turn phases** ([`TurnPhase`]): `free` (D = 0), `owes` (D > 0), `jack_under` (after `JD`),
//! `jack_swap` (after a Jack). Actions: `play 7H 7S 7C`, `play KH KS suit D`, `draw`,
//! `under 9C 5H` / `under none`, `swap 2`. To act: the turn seat only.
//!
//! **What a seat sees:** its own hand, every hand's size, the top card and the suit it carries,
//! D, the direction, stock and pile counts, and the cards it gave away in a swap that are still
//! in their new holder's hand. The cards a seat draws or receives in a swap reach only that seat.

mod action;
mod event;
mod game;
mod knowledge;
mod legal;
mod matching;
mod options;
mod round;
mod view;

#[cfg(test)]
mod tests;

pub use action::{CardRun, DunnoAction, MAX_RUN};
pub use event::DunnoEvent;
pub use game::Dunno;
pub use knowledge::Knowledge;
pub use legal::MAX_UNDER_JACK;
pub use matching::{Answer, DEFENSIVE, JOKERS, OFFENSIVE, TWO_OF_CLUBS, Top, group_mask, names_suit, offensive_value};
pub use options::DunnoOptions;
pub use round::{FIRST_SEAT, HAND_SIZE, JACK_OF_DIAMONDS, Round, TurnPhase};
pub use view::DunnoView;
