//! 108 Fool actions and their notation: `play 8H`, `suit H` (after a Queen), `draw`, `pass`
//! (only after drawing) and `one` (declare "One!", at any time with one or two cards).

use std::fmt;
use std::str::FromStr;

use crate::card::{Card, Suit};
use crate::error::ParseActionError;

/// A 108 Fool decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fool108Action {
    /// Play a legal card (a Queen is then followed by [`Fool108Action::Suit`]).
    Play(Card),
    /// Choose the suit to follow after playing a Queen (also after a Queen played
    /// automatically as the first card of a round).
    Suit(Suit),
    /// Draw one card, once per turn, even when holding a legal card.
    Draw,
    /// End the turn without playing, after drawing.
    Pass,
    /// Declare "One!" while holding one or two cards: a free action, also out of turn.
    One,
}

impl Fool108Action {
    /// The card played, if any.
    #[must_use]
    pub const fn card(self) -> Option<Card> {
        match self {
            Fool108Action::Play(card) => Some(card),
            _ => None,
        }
    }
}

impl fmt::Display for Fool108Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fool108Action::Play(card) => write!(f, "play {card}"),
            Fool108Action::Suit(suit) => write!(f, "suit {suit}"),
            Fool108Action::Draw => f.write_str("draw"),
            Fool108Action::Pass => f.write_str("pass"),
            Fool108Action::One => f.write_str("one"),
        }
    }
}

impl FromStr for Fool108Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Fool108Action, ParseActionError> {
        let error = || ParseActionError {
            text: text.to_owned(),
            game: "108 Fool".to_owned(),
            expected: "`play 8H`, `suit H` (after a Queen), `draw`, `pass` or `one`".to_owned(),
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [verb] if verb.eq_ignore_ascii_case("draw") => Ok(Fool108Action::Draw),
            [verb] if verb.eq_ignore_ascii_case("pass") => Ok(Fool108Action::Pass),
            [verb] if verb.eq_ignore_ascii_case("one") || verb.eq_ignore_ascii_case("one!") => Ok(Fool108Action::One),
            [verb, card] if verb.eq_ignore_ascii_case("play") => card.parse().map(Fool108Action::Play).map_err(|_| error()),
            [verb, suit] if verb.eq_ignore_ascii_case("suit") => {
                let mut letters = suit.chars();
                match (letters.next().and_then(Suit::from_letter), letters.next()) {
                    (Some(suit), None) => Ok(Fool108Action::Suit(suit)),
                    _ => Err(error()),
                }
            }
            _ => Err(error()),
        }
    }
}

crate::serde_as_notation!(Fool108Action);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_refuses_nonsense() {
        for text in ["play QS", "play TD", "suit H", "draw", "pass", "one"] {
            let action: Fool108Action = text.parse().expect(text);
            assert_eq!(action.to_string(), text);
            let json = serde_json::to_string(&action).expect("json");
            assert_eq!(serde_json::from_str::<Fool108Action>(&json).expect("back"), action);
        }
        assert_eq!("One!".parse::<Fool108Action>(), Ok(Fool108Action::One));
        for bad in ["play", "play ZZ", "suit", "suit X", "suit HH", "play QS S", "jump", ""] {
            assert!(bad.parse::<Fool108Action>().is_err(), "{bad}");
        }
    }
}
