//! What the next card must match in the games that follow a pile by suit or rank with one wild
//! rank (Crazy Eights' eights, 108 Fool's and One Hundred and One's Queens).

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};
use crate::refusal::Refusal;

/// What a seat's next play must match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToFollow {
    /// The suit to follow: the top card's, or the one a wild card named.
    pub suit: Suit,
    /// The rank that also matches; `None` while a wild card's named suit holds alone.
    pub rank: Option<Rank>,
}

impl ToFollow {
    /// Why `card` may not be played on this, in a game whose wild rank is `wild`.
    #[must_use]
    pub const fn refusal(self, card: Card, wild: Rank) -> Refusal {
        match self.rank {
            Some(rank) => Refusal::DoesNotFollow { card, suit: self.suit, rank, wild },
            None => Refusal::DoesNotFollowNamedSuit { card, suit: self.suit, wild },
        }
    }
}
