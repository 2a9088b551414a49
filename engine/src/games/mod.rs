//! The five games, one folder each. Each folder's `mod.rs` opens with the game's rules.

pub mod crazy_eights;
pub mod youglouf;
