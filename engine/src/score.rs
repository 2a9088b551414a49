//! Rounds and matches: round scores with their breakdown, running totals, winners and losers.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::seat::{BySeat, Seat, SeatSet};

/// Where a round's points came from, so the UI can show the breakdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreKind {
    /// The value of the cards left in hand.
    CardPoints,
    /// Going out on a Queen (−20) or on the queen of spades (−40).
    QueenExit,
    /// A total of exactly 101 reset to 0 (One Hundred and One): minus 101, so the round lines
    /// still add up to the change in the total.
    ResetToZero,
    /// A hand of exactly one Queen (20, or 40 for the queen of spades) — 108 Fool.
    LoneQueen,
    /// Going out without a standing "One!" — 108 Fool.
    OnePenalty,
    /// Triggering the k-th reshuffle of a round — 108 Fool.
    ReshufflePenalty,
    /// Youglouf's declarer: brings a strictly lowest sum to exactly −10 (this line is −10 − sum),
    /// adds +10 when not lowest, nothing when tied for lowest.
    DeclarerAdjustment,
    /// A game won in a first-to-N match, +1 toward the match (Dunno): here higher is better.
    GameWon,
}

/// One line of a seat's round score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreItem {
    /// Where the points came from.
    pub kind: ScoreKind,
    /// The points (negative is good in every game here).
    pub points: i32,
}

/// A seat's points for one round, with the cards they came from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatScore {
    /// The lines that add up to the total.
    pub items: Vec<ScoreItem>,
    /// The cards the seat held when the round was scored (revealed by design).
    pub cards: Vec<Card>,
}

impl SeatScore {
    /// The round total.
    #[must_use]
    pub fn total(&self) -> i32 {
        self.items.iter().map(|item| item.points).sum()
    }

    /// Adds a line unless it is worth nothing.
    pub fn add(&mut self, kind: ScoreKind, points: i32) {
        if points != 0 || kind == ScoreKind::CardPoints {
            self.items.push(ScoreItem { kind, points });
        }
    }
}

/// How a round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundEnd {
    /// This seat emptied its hand and won the round.
    WentOut(Seat),
    /// Only this seat still held cards (One Hundred and One).
    LastHolder(Seat),
    /// Every seat passed in one full cycle: nobody won (Crazy Eights).
    Blocked,
    /// This seat called the end (Youglouf) and the last turns were played.
    Called(Seat),
    /// The engine's turn cap stopped the round: a draw, no scores applied.
    TurnCap,
}

/// A finished round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// Round number, from 1.
    pub round: u32,
    /// How it ended.
    pub end: RoundEnd,
    /// Each seat's points and breakdown (all zero after a turn cap).
    pub scores: BySeat<SeatScore>,
    /// Totals after this round was added.
    pub totals: BySeat<i32>,
}

/// A decided match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    /// Seats that won (ties share the win).
    pub winners: SeatSet,
    /// Seats that lost (several may, where the game has losers).
    pub losers: SeatSet,
    /// Final totals.
    pub totals: BySeat<i32>,
    /// Rounds played.
    pub rounds: u32,
}

/// Running match score: totals and the round counter, shared by every game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchScore {
    /// Totals so far.
    pub totals: BySeat<i32>,
    /// Rounds finished so far.
    pub rounds_finished: u32,
}

impl MatchScore {
    /// A new match of `players` seats at zero.
    #[must_use]
    pub fn new(players: usize) -> MatchScore {
        MatchScore { totals: BySeat::filled(players, 0), rounds_finished: 0 }
    }

    /// Adds a round's scores (none after a turn cap) and returns its result.
    pub fn record(&mut self, end: RoundEnd, scores: BySeat<SeatScore>) -> RoundResult {
        self.rounds_finished += 1;
        if end != RoundEnd::TurnCap {
            for (seat, score) in scores.seats() {
                self.totals[seat] += score.total();
            }
        }
        RoundResult { round: self.rounds_finished, end, scores, totals: self.totals.clone() }
    }

    /// The seats with the lowest total.
    #[must_use]
    pub fn lowest(&self) -> SeatSet {
        let best = self.totals.iter().copied().min().unwrap_or(0);
        self.totals.seats().filter(|(_, total)| **total == best).map(|(seat, _)| seat).collect()
    }

    /// The seats whose total is at least `limit`.
    #[must_use]
    pub fn at_or_above(&self, limit: i32) -> SeatSet {
        self.totals.seats().filter(|(_, total)| **total >= limit).map(|(seat, _)| seat).collect()
    }

    /// A match result with these winners and losers.
    #[must_use]
    pub fn result(&self, winners: SeatSet, losers: SeatSet) -> MatchResult {
        MatchResult { winners, losers, totals: self.totals.clone(), rounds: self.rounds_finished }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_capped_rounds_add_nothing_and_ties_share_lowest() {
        let mut score = MatchScore::new(3);
        let mut points = BySeat::filled(3, SeatScore::default());
        points[Seat(0)].add(ScoreKind::CardPoints, 12);
        points[Seat(2)].add(ScoreKind::CardPoints, 12);
        let capped = score.record(RoundEnd::TurnCap, points.clone());
        assert_eq!(capped.totals.as_slice(), &[0, 0, 0]);
        let counted = score.record(RoundEnd::Blocked, points);
        assert_eq!(counted.totals.as_slice(), &[12, 0, 12]);
        assert_eq!(score.lowest().iter().collect::<Vec<_>>(), vec![Seat(1)]);
        assert_eq!(score.at_or_above(12).len(), 2);
        assert_eq!(score.rounds_finished, 2);
    }
}
