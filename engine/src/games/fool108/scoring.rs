//! 108 Fool round scoring (RULES.md §2, "Round end"): card points, the Queen exit and the lone
//! Queen, the "One!" and reshuffle penalties, each as its own breakdown line.

use crate::card::{Card, Rank, Suit};
use crate::score::{RoundEnd, ScoreKind, SeatScore};
use crate::seat::BySeat;

use super::round::Round;

/// The queen of spades, worth double as a Queen exit or a lone Queen.
const QUEEN_OF_SPADES: Card = Card::new(Rank::Queen, Suit::Spades);

/// A card's points left in hand: 6=6, 7=7, 8=8, 9=0, 10=10, J=2, Q=3, K=4, A=11.
#[must_use]
pub fn card_points(card: Card) -> i32 {
    match card.rank() {
        Some(Rank::Nine) | None => 0,
        Some(Rank::Jack) => 2,
        Some(Rank::Queen) => 3,
        Some(Rank::King) => 4,
        Some(Rank::Ace) => 11,
        Some(rank) => i32::from(rank.pips().expect("6, 7, 8 and 10 have pips")),
    }
}

/// What a Queen is worth as a going-out bonus (negated) or a lone-Queen penalty: 20, or 40
/// for the queen of spades.
#[must_use]
pub fn queen_value(queen: Card) -> i32 {
    if queen == QUEEN_OF_SPADES { 40 } else { 20 }
}

/// Each seat's round score with its breakdown. A turn-capped round scores nothing (its cards
/// are still shown).
#[must_use]
pub fn score_round(round: &Round, end: RoundEnd, one_penalty: i32) -> BySeat<SeatScore> {
    let went_out = match end {
        RoundEnd::WentOut(seat) => Some(seat),
        RoundEnd::TurnCap | RoundEnd::LastHolder(_) | RoundEnd::Blocked | RoundEnd::Called(_) => None,
    };
    round.hands.map(|seat, hand| {
        let mut score = SeatScore { cards: hand.to_vec(), ..SeatScore::default() };
        if end == RoundEnd::TurnCap {
            return score;
        }
        if went_out == Some(seat) {
            score.add(ScoreKind::CardPoints, 0);
            let last = round.top();
            if last.is_rank(Rank::Queen) {
                score.add(ScoreKind::QueenExit, -queen_value(last));
            }
            if !round.declared.contains(seat) {
                score.add(ScoreKind::OnePenalty, one_penalty);
            }
        } else {
            let mut cards = hand.iter();
            match (cards.next(), cards.next()) {
                (Some(only), None) if only.is_rank(Rank::Queen) => score.add(ScoreKind::LoneQueen, queen_value(only)),
                _ => score.add(ScoreKind::CardPoints, hand.iter().map(card_points).sum()),
            }
        }
        score.add(ScoreKind::ReshufflePenalty, round.reshuffle_penalties[seat]);
        score
    })
}
