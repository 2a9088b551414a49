//! Crazy Eights actions and their notation: `play QS`, `play 8H S` (an eight names a suit),
//! `draw`.

use std::fmt;
use std::str::FromStr;

use crate::card::{Card, Rank, Suit};
use crate::error::ParseActionError;

/// A Crazy Eights decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CrazyEightsAction {
    /// Play a card that is not an eight.
    Play(Card),
    /// Play an eight and nominate the suit to follow.
    PlayEight(Card, Suit),
    /// Draw: until a playable card comes (then it must be played), or the pending 2s in the
    /// `stack` house rule, which ends the turn.
    Draw,
}

impl CrazyEightsAction {
    /// The card played, if any.
    #[must_use]
    pub const fn card(self) -> Option<Card> {
        match self {
            CrazyEightsAction::Play(card) | CrazyEightsAction::PlayEight(card, _) => Some(card),
            CrazyEightsAction::Draw => None,
        }
    }
}

impl fmt::Display for CrazyEightsAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrazyEightsAction::Play(card) => write!(f, "play {card}"),
            CrazyEightsAction::PlayEight(card, suit) => write!(f, "play {card} {suit}"),
            CrazyEightsAction::Draw => f.write_str("draw"),
        }
    }
}

impl FromStr for CrazyEightsAction {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<CrazyEightsAction, ParseActionError> {
        let error = || ParseActionError {
            text: text.to_owned(),
            game: "Crazy Eights".to_owned(),
            expected: "`play QS`, `play 8H S` (an eight names the suit to follow) or `draw`".to_owned(),
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [verb] if verb.eq_ignore_ascii_case("draw") => Ok(CrazyEightsAction::Draw),
            [verb, card] if verb.eq_ignore_ascii_case("play") => {
                let card: Card = card.parse().map_err(|_| error())?;
                if card.is_rank(Rank::Eight) { Err(error()) } else { Ok(CrazyEightsAction::Play(card)) }
            }
            [verb, card, suit] if verb.eq_ignore_ascii_case("play") => {
                let card: Card = card.parse().map_err(|_| error())?;
                let mut letters = suit.chars();
                let (Some(suit), None) = (letters.next().and_then(Suit::from_letter), letters.next()) else {
                    return Err(error());
                };
                if card.is_rank(Rank::Eight) { Ok(CrazyEightsAction::PlayEight(card, suit)) } else { Err(error()) }
            }
            _ => Err(error()),
        }
    }
}

crate::serde_as_notation!(CrazyEightsAction);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_refuses_nonsense() {
        for text in ["play QS", "play 8H S", "draw"] {
            let action: CrazyEightsAction = text.parse().expect(text);
            assert_eq!(action.to_string(), text);
        }
        for bad in ["play 8H", "play QS S", "play 8H X", "jump", "play", "play ZZ"] {
            assert!(bad.parse::<CrazyEightsAction>().is_err(), "{bad}");
        }
    }
}
