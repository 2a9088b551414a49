//! Suits, ranks and cards, their text notation (`QS`, `TD`, `RJ`) and the decks the games use.
//!
//! A [`Card`] is one byte: `suit * 13 + rank index` for the 52 standard cards, then the red
//! and black Jokers. That keeps hands as bitmasks (see [`crate::CardSet`]) and makes every
//! card `Copy`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the four French suits, in notation order `C D H S`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    /// ♣ `C`
    Clubs,
    /// ♦ `D`
    Diamonds,
    /// ♥ `H`
    Hearts,
    /// ♠ `S`
    Spades,
}

impl Suit {
    /// All four suits in notation order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's notation letter.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The suit's symbol (♣ ♦ ♥ ♠).
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// Whether the suit is red (hearts, diamonds).
    #[must_use]
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The suit from its notation letter.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Suit> {
        match letter.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// Bitmask of the 13 standard cards of this suit (see [`Card::bit`]).
    #[must_use]
    pub const fn mask(self) -> u64 {
        0x1FFF << (self as u64 * 13)
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A card rank, from two to ace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rank {
    /// 2
    Two,
    /// 3
    Three,
    /// 4
    Four,
    /// 5
    Five,
    /// 6
    Six,
    /// 7
    Seven,
    /// 8
    Eight,
    /// 9
    Nine,
    /// 10, notation `T`
    Ten,
    /// Jack
    Jack,
    /// Queen
    Queen,
    /// King
    King,
    /// Ace
    Ace,
}

impl Rank {
    /// All thirteen ranks, two to ace.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's notation character (`2`..`9`, `T`, `J`, `Q`, `K`, `A`).
    #[must_use]
    pub const fn letter(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// The rank as players say it: `2`..`10`, `J`, `Q`, `K`, `A`.
    #[must_use]
    pub const fn label(self) -> &'static str {
        ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"][self as usize]
    }

    /// The rank from its notation character.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Rank> {
        let upper = letter.to_ascii_uppercase();
        Rank::ALL.into_iter().find(|rank| rank.letter() == upper)
    }

    /// The number printed on a pip card (2..=10), `None` for court cards and aces.
    #[must_use]
    pub const fn pips(self) -> Option<u8> {
        match self {
            Rank::Jack | Rank::Queen | Rank::King | Rank::Ace => None,
            _ => Some(self as u8 + 2),
        }
    }

    /// Bitmask of this rank's card in all four suits (see [`Card::bit`]).
    #[must_use]
    pub const fn mask(self) -> u64 {
        let one = 1u64 << (self as u64);
        one | one << 13 | one << 26 | one << 39
    }
}

/// A playing card: a standard card or one of the two Jokers. One byte, `Copy`.
///
/// Serialized as its notation string (`"QS"`), so saves and messages stay readable.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// Number of distinct cards: 52 standard plus two Jokers.
pub const CARD_KINDS: usize = 54;

/// Every card's notation by index (`2C` … `AS`, then `RJ`, `BJ`): what [`Card::notation`]
/// answers without formatting, for the encoders and logs that write cards by the thousand.
const NOTATION: [&str; CARD_KINDS] = [
    "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD",
    "JD", "QD", "KD", "AD", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH", "2S", "3S", "4S", "5S", "6S",
    "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "RJ", "BJ",
];

impl Card {
    /// The red Joker, `RJ`.
    pub const RED_JOKER: Card = Card(52);
    /// The black Joker, `BJ`.
    pub const BLACK_JOKER: Card = Card(53);

    /// The standard card of this rank and suit.
    #[must_use]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank as u8)
    }

    /// The card with this index (`0..54`), if any.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Card> {
        if (index as usize) < CARD_KINDS { Some(Card(index)) } else { None }
    }

    /// The card's notation: rank then suit (`QS`, `TD`, `8H`), `RJ`/`BJ` for the Jokers.
    #[must_use]
    pub const fn notation(self) -> &'static str {
        NOTATION[self.0 as usize]
    }

    /// The card's index, `0..54`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's bit in a 64-bit card mask.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Whether this is one of the two Jokers.
    #[must_use]
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The suit, `None` for a Joker.
    #[must_use]
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() { None } else { Some(Suit::ALL[(self.0 / 13) as usize]) }
    }

    /// The rank, `None` for a Joker.
    #[must_use]
    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() { None } else { Some(Rank::ALL[(self.0 % 13) as usize]) }
    }

    /// Whether this is the standard card of `rank` (any suit).
    #[must_use]
    pub const fn is_rank(self, rank: Rank) -> bool {
        !self.is_joker() && self.0 % 13 == rank as u8
    }

    /// The card's text as players read it: `10♥`, `Q♠`, `Joker`.
    #[must_use]
    pub fn pretty(self) -> String {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => format!("{}{}", rank.label(), suit.symbol()),
            _ if self == Card::RED_JOKER => "red Joker".to_owned(),
            _ => "black Joker".to_owned(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a card's notation could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a card: write rank then suit, like QS, TD, 8H, or RJ/BJ for Jokers")]
pub struct ParseCardError {
    /// The text that was not a card.
    pub text: String,
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let error = || ParseCardError { text: text.to_owned() };
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("RJ") {
            return Ok(Card::RED_JOKER);
        }
        if trimmed.eq_ignore_ascii_case("BJ") {
            return Ok(Card::BLACK_JOKER);
        }
        let mut chars = trimmed.chars();
        let (Some(first), Some(last)) = (chars.next(), chars.next_back()) else {
            return Err(error());
        };
        let middle = chars.as_str();
        let rank = match (first, middle) {
            (_, "") => Rank::from_letter(first),
            ('1', "0") => Some(Rank::Ten),
            _ => None,
        };
        match (rank, Suit::from_letter(last)) {
            (Some(rank), Some(suit)) => Ok(Card::new(rank, suit)),
            _ => Err(error()),
        }
    }
}

// Written from the static notation (no formatting: a view or a record writes many cards);
// read as any notation `FromStr` takes.
impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.notation())
    }
}

crate::deserialize_from_notation!(Card);

/// Parses a whitespace- or comma-separated list of cards (`"QS TD 8H"`).
///
/// # Errors
/// The first word that is not a card.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ParseCardError> {
    text.split(|c: char| c.is_whitespace() || c == ',').filter(|word| !word.is_empty()).map(str::parse).collect()
}

/// The decks the five games are played with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeckKind {
    /// 36 cards: 6 to ace in four suits (108 Fool, One Hundred and One).
    Short36,
    /// One standard 52-card pack (Youglouf).
    Standard52,
    /// 52 cards plus two Jokers (Dunno).
    WithJokers54,
    /// Two standard packs shuffled together (Crazy Eights).
    Double104,
}

impl DeckKind {
    /// The deck's cards in canonical order (suits `C D H S`, ranks ascending, Jokers last).
    #[must_use]
    pub fn cards(self) -> Vec<Card> {
        let standard = || Suit::ALL.into_iter().flat_map(|suit| Rank::ALL.map(|rank| Card::new(rank, suit)));
        match self {
            DeckKind::Short36 => standard().filter(|card| card.rank() >= Some(Rank::Six)).collect(),
            DeckKind::Standard52 => standard().collect(),
            DeckKind::WithJokers54 => standard().chain([Card::RED_JOKER, Card::BLACK_JOKER]).collect(),
            DeckKind::Double104 => standard().chain(standard()).collect(),
        }
    }

    /// Number of cards in the deck.
    #[must_use]
    pub const fn len(self) -> usize {
        match self {
            DeckKind::Short36 => 36,
            DeckKind::Standard52 => 52,
            DeckKind::WithJokers54 => 54,
            DeckKind::Double104 => 104,
        }
    }

    /// Always false: no deck is empty (here for clippy's `len_without_is_empty`).
    #[must_use]
    pub const fn is_empty(self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_card() {
        for deck in [DeckKind::WithJokers54] {
            for card in deck.cards() {
                let text = card.to_string();
                assert_eq!(text.parse::<Card>(), Ok(card), "{text}");
            }
        }
        assert_eq!("10h".parse::<Card>(), Ok(Card::new(Rank::Ten, Suit::Hearts)));
        assert_eq!("QS".parse::<Card>().map(Card::rank), Ok(Some(Rank::Queen)));
        assert!("1S".parse::<Card>().is_err());
        assert!("QX".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
        assert!("Q".parse::<Card>().is_err());
    }

    #[test]
    fn decks_have_their_sizes_and_masks_partition_cards() {
        for deck in [DeckKind::Short36, DeckKind::Standard52, DeckKind::WithJokers54, DeckKind::Double104] {
            assert_eq!(deck.cards().len(), deck.len());
        }
        assert!(DeckKind::Short36.cards().iter().all(|card| card.rank() >= Some(Rank::Six)));
        let all_suits = Suit::ALL.iter().fold(0, |mask, suit| mask | suit.mask());
        let all_ranks = Rank::ALL.iter().fold(0, |mask, rank| mask | rank.mask());
        assert_eq!(all_suits, (1 << 52) - 1);
        assert_eq!(all_ranks, all_suits);
        let queen_of_spades = Card::new(Rank::Queen, Suit::Spades);
        assert_ne!(queen_of_spades.bit() & Suit::Spades.mask(), 0);
        assert_ne!(queen_of_spades.bit() & Rank::Queen.mask(), 0);
        assert_eq!(queen_of_spades.bit() & Rank::King.mask(), 0);
    }

    #[test]
    fn cards_serialize_as_notation() {
        let json = serde_json::to_string(&vec![Card::RED_JOKER, Card::new(Rank::Ten, Suit::Diamonds)]).expect("json");
        assert_eq!(json, r#"["RJ","TD"]"#);
        assert!(serde_json::from_str::<Card>(r#""ZZ""#).is_err());
    }

    #[test]
    fn the_notation_table_names_every_card_by_its_rank_and_suit() {
        for index in 0..CARD_KINDS as u8 {
            let card = Card::from_index(index).expect("index < 54");
            let expected = match (card.rank(), card.suit()) {
                (Some(rank), Some(suit)) => format!("{}{}", rank.letter(), suit.letter()),
                _ if card == Card::RED_JOKER => "RJ".to_owned(),
                _ => "BJ".to_owned(),
            };
            assert_eq!(card.notation(), expected);
            assert_eq!(card.notation().parse::<Card>(), Ok(card));
        }
    }
}
