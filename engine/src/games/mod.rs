//! The five games, one folder each. Each folder's `mod.rs` opens with the game's rules.

pub mod crazy_eights;
pub mod dunno;
pub mod fool108;
pub mod hundred_one;
pub mod youglouf;
