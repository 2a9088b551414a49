//! Youglouf actions and their notation. Slots are numbered from 0 in the order they lie in
//! front of their owner; another seat's slot is written `seat:slot` (`2:1` = seat 2's slot 1).
//!
//! `look 0 1` · `draw` · `take` · `replace 2` · `drop` · `peek 3` · `spy 2:1` ·
//! `exchange 0 2:1` · `skip` · `end` · `youglouf` · `snap 3`

use std::fmt;
use std::str::FromStr;

use crate::error::ParseActionError;
use crate::seat::Seat;

/// A Youglouf decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum YougloufAction {
    /// The one-time look at two of one's own cards before the first turn (lower slot first).
    Look(u8, u8),
    /// Take the top card of the closed deck (only the taker sees it).
    Draw,
    /// Take the top card of the open deck (everyone sees it).
    Take,
    /// Put the taken card in this own slot; the card that was there goes face up.
    Replace(u8),
    /// Drop the taken card face up onto the open deck.
    Drop,
    /// Power of a 9 or 10: look at one of one's own cards.
    Peek(u8),
    /// Power of a Jack: look at one card of an opponent (seat, slot).
    Spy(Seat, u8),
    /// Power of a Queen: exchange one's own slot with an opponent's (seat, slot), unseen.
    Exchange(u8, Seat, u8),
    /// Decline an optional power (9, 10, J), or let a Queen lapse when no exchange is possible.
    Skip,
    /// End one's turn without declaring.
    End,
    /// End one's turn declaring "Youglouf": everyone else has one more turn.
    Youglouf,
    /// Put this own face-down card on the open deck, claiming it has the top card's rank.
    Snap(u8),
}

/// Writes `seat:slot`.
struct Target(Seat, u8);

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.0.0, self.1)
    }
}

impl fmt::Display for YougloufAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            YougloufAction::Look(first, second) => write!(f, "look {first} {second}"),
            YougloufAction::Draw => f.write_str("draw"),
            YougloufAction::Take => f.write_str("take"),
            YougloufAction::Replace(slot) => write!(f, "replace {slot}"),
            YougloufAction::Drop => f.write_str("drop"),
            YougloufAction::Peek(slot) => write!(f, "peek {slot}"),
            YougloufAction::Spy(seat, slot) => write!(f, "spy {}", Target(seat, slot)),
            YougloufAction::Exchange(own, seat, slot) => write!(f, "exchange {own} {}", Target(seat, slot)),
            YougloufAction::Skip => f.write_str("skip"),
            YougloufAction::End => f.write_str("end"),
            YougloufAction::Youglouf => f.write_str("youglouf"),
            YougloufAction::Snap(slot) => write!(f, "snap {slot}"),
        }
    }
}

fn slot(word: &str) -> Option<u8> {
    word.parse().ok()
}

fn target(word: &str) -> Option<(Seat, u8)> {
    let (seat, index) = word.split_once(':')?;
    Some((Seat(seat.parse().ok()?), slot(index)?))
}

impl FromStr for YougloufAction {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<YougloufAction, ParseActionError> {
        let error = || ParseActionError {
            text: text.to_owned(),
            game: "Youglouf".to_owned(),
            expected: "`look 0 1`, `draw`, `take`, `replace 2`, `drop`, `peek 3`, `spy 2:1`, `exchange 0 2:1`, `skip`, `end`, \
                       `youglouf` or `snap 3` (slots from 0; `2:1` is seat 2's slot 1)"
                .to_owned(),
        };
        let words: Vec<String> = text.split_whitespace().map(str::to_ascii_lowercase).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let action = match words.as_slice() {
            ["look", first, second] => {
                let (first, second) = (slot(first).ok_or_else(error)?, slot(second).ok_or_else(error)?);
                // One look at two different cards; the pair is kept in ascending order.
                match first.cmp(&second) {
                    std::cmp::Ordering::Less => YougloufAction::Look(first, second),
                    std::cmp::Ordering::Greater => YougloufAction::Look(second, first),
                    std::cmp::Ordering::Equal => return Err(error()),
                }
            }
            ["draw"] => YougloufAction::Draw,
            ["take"] => YougloufAction::Take,
            ["replace", index] => YougloufAction::Replace(slot(index).ok_or_else(error)?),
            ["drop"] => YougloufAction::Drop,
            ["peek", index] => YougloufAction::Peek(slot(index).ok_or_else(error)?),
            ["spy", theirs] => {
                let (seat, index) = target(theirs).ok_or_else(error)?;
                YougloufAction::Spy(seat, index)
            }
            ["exchange", own, theirs] => {
                let (seat, index) = target(theirs).ok_or_else(error)?;
                YougloufAction::Exchange(slot(own).ok_or_else(error)?, seat, index)
            }
            ["skip"] => YougloufAction::Skip,
            ["end"] => YougloufAction::End,
            ["youglouf"] => YougloufAction::Youglouf,
            ["snap", index] => YougloufAction::Snap(slot(index).ok_or_else(error)?),
            _ => return Err(error()),
        };
        Ok(action)
    }
}

crate::serde_as_notation!(YougloufAction);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_refuses_nonsense() {
        for text in
            ["look 0 1", "draw", "take", "replace 2", "drop", "peek 3", "spy 2:1", "exchange 0 2:1", "skip", "end", "youglouf", "snap 3"]
        {
            let action: YougloufAction = text.parse().expect(text);
            assert_eq!(action.to_string(), text);
            let json = serde_json::to_string(&action).expect("json");
            assert_eq!(serde_json::from_str::<YougloufAction>(&json).expect("back"), action);
        }
        assert_eq!("LOOK 3 1".parse(), Ok(YougloufAction::Look(1, 3)));
        for bad in ["look 1 1", "look 1", "replace", "replace x", "spy 2", "spy 2:", "exchange 0 2", "snap -1", "jump", "", "peek 300"] {
            assert!(bad.parse::<YougloufAction>().is_err(), "{bad}");
        }
    }
}
