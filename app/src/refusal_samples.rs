//! One refusal of every rule, with data: the refusals' translations are checked against it,
//! and the protocol's golden test pins each one's encoding (tests only).

use cardtable_engine::{Card, GameKind, Rank, Refusal, Seat, Suit};

/// A card from its notation.
pub fn card(text: &str) -> Card {
    text.parse().expect("card")
}

/// One refusal of every rule, with data (the protocol's golden test pins each one's encoding).
pub fn one_of_each() -> Vec<Refusal> {
    let (seven, queen) = (card("7H"), card("QS"));
    vec![
        Refusal::NotOffered,
        Refusal::WrongGame { action_game: GameKind::Dunno, table_game: GameKind::Youglouf },
        Refusal::DoesNotFollow { card: seven, suit: Suit::Spades, rank: Rank::Nine, wild: Rank::Queen },
        Refusal::DoesNotFollowNamedSuit { card: seven, suit: Suit::Clubs, wild: Rank::Eight },
        Refusal::WildNamesSuit { wild: Rank::Eight },
        Refusal::OnlyWildNamesSuit { wild: Rank::Queen },
        Refusal::NameSuitFirst,
        Refusal::MustPlayAfterDrawing,
        Refusal::TwosPending { count: 4 },
        Refusal::SuitOnlyAfterQueen,
        Refusal::OneDrawPerTurn,
        Refusal::DrawBeforePassing,
        Refusal::OneAlreadyDeclared,
        Refusal::OneNeedsFewCards,
        Refusal::OrderOnlyByDealer,
        Refusal::MustCover,
        Refusal::TooManyUnderJack,
        Refusal::SwapWithAnotherSeat,
        Refusal::SwapWithEmptyHand { seat: Seat(2) },
        Refusal::PutUnderJackFirst,
        Refusal::ChooseSwapFirst,
        Refusal::UnderOnlyAfterJack,
        Refusal::SwapOnlyAfterJack,
        Refusal::ListedTwice { card: seven },
        Refusal::MixedRanks,
        Refusal::JacksAlone,
        Refusal::KingsAndQueensNameSuit,
        Refusal::OwesDraw { count: 3, top: queen },
        Refusal::NotPlayableOnTop { card: seven, top: queen, carrying: Some(Suit::Diamonds) },
        Refusal::NoSnapWindow,
        Refusal::EmptySlot,
        Refusal::OnlyDeclarerSnapsLast,
        Refusal::LookFirst,
        Refusal::AlreadyLooked,
        Refusal::LookAtTwoCards,
        Refusal::ClosedDeckEmpty,
        Refusal::OpenDeckEmpty,
        Refusal::NameOpponentCard,
        Refusal::ExchangeCompulsory,
        Refusal::DrawOrTake,
        Refusal::ReplaceOrDrop,
        Refusal::PeekOrSkip,
        Refusal::SpyOrSkip,
        Refusal::MustExchange,
        Refusal::EndOrDeclare,
    ]
}
