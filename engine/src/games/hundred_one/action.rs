//! One Hundred and One actions and their notation: `play 7H`, `play QH S` (a Queen orders a
//! suit), `order S` (the dealer orders a suit for a Queen turned up at the deal), `draw`.

use std::fmt;
use std::str::FromStr;

use crate::card::{Card, Rank, Suit};
use crate::error::ParseActionError;

/// A One Hundred and One decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HundredOneAction {
    /// Play a card that is not a Queen.
    Play(Card),
    /// Play a Queen and order the suit to follow.
    PlayQueen(Card, Suit),
    /// The dealer orders the suit to follow a Queen turned up as the dealer's first play.
    Order(Suit),
    /// Draw because no card in hand is legal: one card on a turn (play it if legal, else
    /// pass), or, when covering one's own 8, one at a time until a legal card comes.
    Draw,
}

impl HundredOneAction {
    /// The card played, if any.
    #[must_use]
    pub const fn card(self) -> Option<Card> {
        match self {
            HundredOneAction::Play(card) | HundredOneAction::PlayQueen(card, _) => Some(card),
            HundredOneAction::Order(_) | HundredOneAction::Draw => None,
        }
    }
}

impl fmt::Display for HundredOneAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HundredOneAction::Play(card) => write!(f, "play {card}"),
            HundredOneAction::PlayQueen(card, suit) => write!(f, "play {card} {suit}"),
            HundredOneAction::Order(suit) => write!(f, "order {suit}"),
            HundredOneAction::Draw => f.write_str("draw"),
        }
    }
}

/// Reads a one-letter suit (`C`, `D`, `H`, `S`).
fn parse_suit(word: &str) -> Option<Suit> {
    let mut letters = word.chars();
    match (letters.next(), letters.next()) {
        (Some(letter), None) => Suit::from_letter(letter),
        _ => None,
    }
}

impl FromStr for HundredOneAction {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<HundredOneAction, ParseActionError> {
        let error = || ParseActionError {
            text: text.to_owned(),
            game: "One Hundred and One".to_owned(),
            expected: "`play 7H`, `play QH S` (a Queen orders a suit), `order S` or `draw`".to_owned(),
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [verb] if verb.eq_ignore_ascii_case("draw") => Ok(HundredOneAction::Draw),
            [verb, suit] if verb.eq_ignore_ascii_case("order") => parse_suit(suit).map(HundredOneAction::Order).ok_or_else(error),
            [verb, card] if verb.eq_ignore_ascii_case("play") => {
                let card: Card = card.parse().map_err(|_| error())?;
                if card.is_rank(Rank::Queen) || card.is_joker() { Err(error()) } else { Ok(HundredOneAction::Play(card)) }
            }
            [verb, card, suit] if verb.eq_ignore_ascii_case("play") => {
                let card: Card = card.parse().map_err(|_| error())?;
                let suit = parse_suit(suit).ok_or_else(error)?;
                if card.is_rank(Rank::Queen) { Ok(HundredOneAction::PlayQueen(card, suit)) } else { Err(error()) }
            }
            _ => Err(error()),
        }
    }
}

crate::serde_as_notation!(HundredOneAction);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_refuses_nonsense() {
        for text in ["play 7H", "play QS H", "order D", "draw"] {
            let action: HundredOneAction = text.parse().expect(text);
            assert_eq!(action.to_string(), text);
            let json = serde_json::to_string(&action).expect("serializes");
            assert_eq!(serde_json::from_str::<HundredOneAction>(&json).expect("deserializes"), action);
        }
        for bad in ["play QS", "play 7H S", "play QS X", "order", "order X", "order SS", "play RJ", "jump", "play", "draw 2"] {
            assert!(bad.parse::<HundredOneAction>().is_err(), "{bad}");
        }
    }
}
