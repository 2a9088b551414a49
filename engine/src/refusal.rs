//! Why the rules refuse an action, as data: each [`Refusal`] names the rule broken and carries
//! what a message about it needs (cards, counts, suits). The app translates it by its
//! [`key`](Refusal::key) and [`args`](Refusal::args); `Display` is the English for logs and the
//! CLI. Where several games break the same rule they share a variant (`DoesNotFollow`).

use serde::{Deserialize, Serialize};
use strum::{EnumDiscriminants, EnumIter, IntoEnumIterator, IntoStaticStr};

use crate::card::{Card, Rank, Suit};
use crate::kind::GameKind;
use crate::seat::Seat;

/// The rule an action breaks, with the data its message needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize, EnumDiscriminants)]
#[strum_discriminants(name(RefusalRule), derive(EnumIter, IntoStaticStr, Hash, PartialOrd, Ord), strum(serialize_all = "kebab-case"))]
#[strum_discriminants(doc = "A [`Refusal`]'s rule without its data: one per translation key.")]
pub enum Refusal {
    // Any game.
    /// The action was not among the choices offered to the seat.
    #[error("it is not among the choices offered now")]
    NotOffered,
    /// The action belongs to another game than the table's.
    #[error("it is a {action_game} action, and this table plays {table_game}")]
    WrongGame {
        /// The game the action is for.
        action_game: GameKind,
        /// The game the table plays.
        table_game: GameKind,
    },

    // Following the pile: Crazy Eights, 108 Fool, One Hundred and One.
    /// The card matches neither the suit nor the rank to follow, and is not the wild rank.
    #[error("{card} does not follow: play a {} or {}, or {}", suit.symbol(), a_rank(*rank), a_rank(*wild))]
    DoesNotFollow {
        /// The card played.
        card: Card,
        /// The suit to follow.
        suit: Suit,
        /// The rank to follow.
        rank: Rank,
        /// The rank that may always be played (eights, Queens).
        wild: Rank,
    },
    /// A wild card named a suit, and the card is neither of that suit nor wild.
    #[error("{card} does not follow: {} asked for {}, play one or {}", a_rank(*wild), suit.symbol(), a_rank(*wild))]
    DoesNotFollowNamedSuit {
        /// The card played.
        card: Card,
        /// The suit the wild card named.
        suit: Suit,
        /// The wild rank.
        wild: Rank,
    },
    /// A wild card was played without naming the suit to follow.
    #[error("{} must name the suit to follow", a_rank(*wild))]
    WildNamesSuit {
        /// The wild rank (eight, Queen).
        wild: Rank,
    },
    /// A suit was named with a card that is not wild.
    #[error("only {} names a suit", a_rank(*wild))]
    OnlyWildNamesSuit {
        /// The wild rank (eight, Queen).
        wild: Rank,
    },
    /// A Queen was played (or turned up) and its suit must be named before anything else.
    #[error("name the suit for the Queen first")]
    NameSuitFirst,

    // Crazy Eights.
    /// The seat drew a playable card and must now play.
    #[error("you drew a playable card and must play a card now")]
    MustPlayAfterDrawing,
    /// Twos are pending: only a two answers them, or drawing.
    #[error("twos are pending: answer with a 2 or draw {count}")]
    TwosPending {
        /// Cards to draw.
        count: u32,
    },

    // 108 Fool.
    /// A suit was named when no Queen asks for one.
    #[error("a suit is chosen only after playing a Queen")]
    SuitOnlyAfterQueen,
    /// A second card drawn in one turn.
    #[error("one card may be drawn per turn: play a legal card or pass")]
    OneDrawPerTurn,
    /// A pass before drawing.
    #[error("draw a card before passing")]
    DrawBeforePassing,
    /// "One!" declared again.
    #[error("your \"One!\" already stands")]
    OneAlreadyDeclared,
    /// "One!" declared with more than two cards.
    #[error("\"One!\" is declared holding one or two cards")]
    OneNeedsFewCards,

    // One Hundred and One.
    /// A suit ordered by someone other than the dealer who turned up a Queen.
    #[error("only the dealer orders a suit, for a Queen turned up at the deal")]
    OrderOnlyByDealer,
    /// Drawing while holding a card that covers.
    #[error("you hold a card that covers the top card and must play it")]
    MustCover,

    // Dunno.
    /// More than two cards, or one twice, under the Jack of diamonds.
    #[error("JD takes at most two different cards under it")]
    TooManyUnderJack,
    /// A swap with oneself or a seat not at the table.
    #[error("swap with another seat at the table")]
    SwapWithAnotherSeat,
    /// A swap with a seat that holds nothing.
    #[error("{seat} holds no card; both hands of a swap must hold cards")]
    SwapWithEmptyHand {
        /// The seat named.
        seat: Seat,
    },
    /// Anything but putting cards under the Jack of diamonds just played.
    #[error("you played JD: put up to two cards under it first")]
    PutUnderJackFirst,
    /// Anything but choosing whom to swap with after a Jack.
    #[error("you played a Jack: choose the seat to swap hands with")]
    ChooseSwapFirst,
    /// Cards put under a Jack at another time.
    #[error("cards go under a Jack only right after playing JD")]
    UnderOnlyAfterJack,
    /// A swap at another time.
    #[error("hands are swapped only right after playing a Jack")]
    SwapOnlyAfterJack,
    /// One card listed twice in a play.
    #[error("{card} is listed twice")]
    ListedTwice {
        /// The card.
        card: Card,
    },
    /// Cards of different ranks in one play.
    #[error("the cards of one play share one rank (the two Jokers go together)")]
    MixedRanks,
    /// A Jack played with other cards.
    #[error("Jacks are played alone")]
    JacksAlone,
    /// A suit named by a card other than a King or a Queen, or a King or Queen naming none.
    #[error("Kings and Queens name a suit; other cards do not")]
    KingsAndQueensNameSuit,
    /// A card that answers no draw owed.
    #[error("you owe {count}: answer with offensive cards playable on {top}, a 3 of its suit or a defensive {count} of its suit, or draw")]
    OwesDraw {
        /// Cards owed.
        count: u32,
        /// The top card.
        top: Card,
    },
    /// A card that matches neither rank nor suit of the top card.
    #[error("{card} is not playable on {top}{}: match its rank or suit, or play a Queen or a Joker", carrying.map(|suit| format!(" (carrying {})", suit.symbol())).unwrap_or_default())]
    NotPlayableOnTop {
        /// The card played.
        card: Card,
        /// The top card.
        top: Card,
        /// The suit the top card carries when it was named and is not its own.
        carrying: Option<Suit>,
    },

    // Youglouf.
    /// A snap with no card landed since the last one was taken.
    #[error("no card has landed on the open deck since the last card was taken")]
    NoSnapWindow,
    /// A slot of one's own that holds no card.
    #[error("you have no card in that slot")]
    EmptySlot,
    /// A snap of the last card in the last round by someone other than the declarer.
    #[error("in the last round only the declarer may snap their last card")]
    OnlyDeclarerSnapsLast,
    /// Anything before everyone has looked at two cards.
    #[error("everyone first looks at two of their cards")]
    LookFirst,
    /// A second look.
    #[error("you have had your one look")]
    AlreadyLooked,
    /// A look at the same slot twice, or at an empty slot.
    #[error("look at two different cards of yours")]
    LookAtTwoCards,
    /// Drawing from an empty closed deck that cannot be refilled.
    #[error("the closed deck is empty and cannot be refilled")]
    ClosedDeckEmpty,
    /// Taking from an empty open deck.
    #[error("the open deck is empty")]
    OpenDeckEmpty,
    /// A card named that is not an opponent's.
    #[error("name a card of an opponent")]
    NameOpponentCard,
    /// Skipping a Queen's exchange that can be made.
    #[error("a Queen's exchange is compulsory")]
    ExchangeCompulsory,
    /// Anything but drawing at the start of a turn.
    #[error("take a card from the closed or the open deck")]
    DrawOrTake,
    /// Anything but replacing or dropping the card held.
    #[error("replace one of your cards with the taken card, or drop it")]
    ReplaceOrDrop,
    /// Anything but peeking or skipping.
    #[error("use the power (peek at one of your cards) or skip it")]
    PeekOrSkip,
    /// Anything but spying or skipping.
    #[error("use the power (spy on an opponent's card) or skip it")]
    SpyOrSkip,
    /// Anything but a Queen's exchange.
    #[error("exchange one of your cards with an opponent's")]
    MustExchange,
    /// Anything but ending the turn or declaring.
    #[error("end your turn, or declare Youglouf")]
    EndOrDeclare,
}

/// A rank with its English article, as the English messages say it (`an eight`, `a Queen`).
fn a_rank(rank: Rank) -> String {
    match rank {
        Rank::Eight => "an eight".to_owned(),
        Rank::Queen => "a Queen".to_owned(),
        Rank::Ace => "an Ace".to_owned(),
        other => format!("a {}", other.label()),
    }
}

/// A value a refusal's message shows, typed so the app can write it in the player's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefusalArg {
    /// A card.
    Card(Card),
    /// A suit.
    Suit(Suit),
    /// A rank.
    Rank(Rank),
    /// A seat at the table.
    Seat(Seat),
    /// A number of cards.
    Count(u32),
    /// A game.
    Game(GameKind),
    /// Nothing (an optional value that is absent; messages select on it).
    None,
}

impl RefusalRule {
    /// Every rule, in declaration order.
    pub fn all() -> impl Iterator<Item = RefusalRule> {
        RefusalRule::iter()
    }

    /// The translation key of the rule's message (`refusal-does-not-follow`); stable, since
    /// translations are found by it.
    #[must_use]
    pub fn key(self) -> String {
        let name: &'static str = self.into();
        format!("refusal-{name}")
    }
}

impl Refusal {
    /// The rule broken, without its data.
    #[must_use]
    pub fn rule(&self) -> RefusalRule {
        RefusalRule::from(self)
    }

    /// The translation key of this refusal's message.
    #[must_use]
    pub fn key(&self) -> String {
        self.rule().key()
    }

    /// The message's named arguments.
    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, RefusalArg)> {
        use RefusalArg as Arg;
        match *self {
            Refusal::WrongGame { action_game, table_game } => {
                vec![("action_game", Arg::Game(action_game)), ("table_game", Arg::Game(table_game))]
            }
            Refusal::DoesNotFollow { card, suit, rank, wild } => {
                vec![("card", Arg::Card(card)), ("suit", Arg::Suit(suit)), ("rank", Arg::Rank(rank)), ("wild", Arg::Rank(wild))]
            }
            Refusal::DoesNotFollowNamedSuit { card, suit, wild } => {
                vec![("card", Arg::Card(card)), ("suit", Arg::Suit(suit)), ("wild", Arg::Rank(wild))]
            }
            Refusal::WildNamesSuit { wild } | Refusal::OnlyWildNamesSuit { wild } => vec![("wild", Arg::Rank(wild))],
            Refusal::TwosPending { count } => vec![("count", Arg::Count(count))],
            Refusal::SwapWithEmptyHand { seat } => vec![("seat", Arg::Seat(seat))],
            Refusal::ListedTwice { card } => vec![("card", Arg::Card(card))],
            Refusal::OwesDraw { count, top } => vec![("count", Arg::Count(count)), ("top", Arg::Card(top))],
            Refusal::NotPlayableOnTop { card, top, carrying } => {
                vec![("card", Arg::Card(card)), ("top", Arg::Card(top)), ("carrying", carrying.map_or(Arg::None, Arg::Suit))]
            }
            Refusal::NotOffered
            | Refusal::NameSuitFirst
            | Refusal::MustPlayAfterDrawing
            | Refusal::SuitOnlyAfterQueen
            | Refusal::OneDrawPerTurn
            | Refusal::DrawBeforePassing
            | Refusal::OneAlreadyDeclared
            | Refusal::OneNeedsFewCards
            | Refusal::OrderOnlyByDealer
            | Refusal::MustCover
            | Refusal::TooManyUnderJack
            | Refusal::SwapWithAnotherSeat
            | Refusal::PutUnderJackFirst
            | Refusal::ChooseSwapFirst
            | Refusal::UnderOnlyAfterJack
            | Refusal::SwapOnlyAfterJack
            | Refusal::MixedRanks
            | Refusal::JacksAlone
            | Refusal::KingsAndQueensNameSuit
            | Refusal::NoSnapWindow
            | Refusal::EmptySlot
            | Refusal::OnlyDeclarerSnapsLast
            | Refusal::LookFirst
            | Refusal::AlreadyLooked
            | Refusal::LookAtTwoCards
            | Refusal::ClosedDeckEmpty
            | Refusal::OpenDeckEmpty
            | Refusal::NameOpponentCard
            | Refusal::ExchangeCompulsory
            | Refusal::DrawOrTake
            | Refusal::ReplaceOrDrop
            | Refusal::PeekOrSkip
            | Refusal::SpyOrSkip
            | Refusal::MustExchange
            | Refusal::EndOrDeclare => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_kebab_case_variant_names_and_all_differ() {
        assert_eq!(Refusal::NotOffered.key(), "refusal-not-offered");
        assert_eq!(
            Refusal::DoesNotFollowNamedSuit { card: Card::RED_JOKER, suit: Suit::Hearts, wild: Rank::Eight }.key(),
            "refusal-does-not-follow-named-suit"
        );
        let keys: std::collections::HashSet<String> = RefusalRule::all().map(RefusalRule::key).collect();
        assert_eq!(keys.len(), RefusalRule::all().count());
    }

    #[test]
    fn display_is_english_with_the_data() {
        let refusal = Refusal::DoesNotFollow { card: "7H".parse().expect("card"), suit: Suit::Spades, rank: Rank::Nine, wild: Rank::Eight };
        assert_eq!(refusal.to_string(), "7H does not follow: play a ♠ or a 9, or an eight");
        let carrying =
            Refusal::NotPlayableOnTop { card: "7H".parse().expect("card"), top: "QS".parse().expect("card"), carrying: Some(Suit::Clubs) };
        assert!(carrying.to_string().contains("on QS (carrying ♣)"), "{carrying}");
    }

    #[test]
    fn a_refusal_survives_json() {
        let refusal = Refusal::SwapWithEmptyHand { seat: Seat(2) };
        let json = serde_json::to_string(&refusal).expect("serialize");
        assert_eq!(serde_json::from_str::<Refusal>(&json).expect("deserialize"), refusal);
    }
}
