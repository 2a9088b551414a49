//! Statistics per profile and game, computed from match summaries alone: played, won, lost,
//! win rate, average round points, best and worst match, and the win rate over time.

use std::collections::BTreeMap;

use cardtable_engine::{Better, GameKind};

use super::profiles::ProfileId;
use super::record::{MatchId, MatchSummary};

/// One match a profile played, as shown for best and worst.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchMark {
    /// Which match.
    pub id: MatchId,
    /// When it was decided.
    pub finished: jiff::Timestamp,
    /// The profile's final total.
    pub total: i32,
    /// Whether they won it.
    pub won: bool,
    /// Whether they lost it.
    pub lost: bool,
}

impl MatchMark {
    /// How good the match went, higher is better: a win first, then not losing, then the total.
    fn merit(&self, game: GameKind) -> (bool, bool, i32) {
        // Which way totals count is the game's own rule (Dunno counts games won, the others
        // penalty points).
        let total = match game.better() {
            Better::Higher => self.total,
            Better::Lower => -self.total,
        };
        (self.won, !self.lost, total)
    }
}

/// A profile's figures at one game.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameStats {
    /// Matches played.
    pub played: u32,
    /// Matches won (shared wins count).
    pub won: u32,
    /// Matches lost.
    pub lost: u32,
    /// Rounds played in all.
    pub rounds: u32,
    /// Points scored over all those rounds.
    pub round_points: i64,
    /// The best match: won over not won, then the better total.
    pub best: Option<MatchMark>,
    /// The worst match: lost over not lost, then the worse total.
    pub worst: Option<MatchMark>,
}

impl GameStats {
    /// Won over played, from 0 to 1; `None` before the first match.
    #[must_use]
    pub fn win_rate(&self) -> Option<f64> {
        (self.played > 0).then(|| f64::from(self.won) / f64::from(self.played))
    }

    /// Points per round; `None` before the first round.
    #[must_use]
    pub fn average_round_points(&self) -> Option<f64> {
        // Realistic sums fit an f64 exactly (below 2^53).
        #[allow(clippy::cast_precision_loss)]
        (self.rounds > 0).then(|| self.round_points as f64 / f64::from(self.rounds))
    }
}

/// The profile's figures at each game it played.
#[must_use]
pub fn per_game(matches: &[MatchSummary], profile: ProfileId) -> BTreeMap<GameKind, GameStats> {
    let mut stats: BTreeMap<GameKind, GameStats> = BTreeMap::new();
    for summary in matches {
        let Some(seat) = summary.seat_of(profile).filter(|_| summary.decided()) else { continue };
        let entry = stats.entry(summary.game).or_default();
        entry.played += 1;
        entry.won += u32::from(seat.won);
        entry.lost += u32::from(seat.lost);
        entry.rounds += u32::try_from(seat.round_points.len()).unwrap_or(u32::MAX);
        entry.round_points += seat.round_points.iter().map(|points| i64::from(*points)).sum::<i64>();
        let mark = MatchMark { id: summary.id.clone(), finished: summary.finished, total: seat.total, won: seat.won, lost: seat.lost };
        let merit = mark.merit(summary.game);
        if entry.best.as_ref().is_none_or(|best| merit > best.merit(summary.game)) {
            entry.best = Some(mark.clone());
        }
        if entry.worst.as_ref().is_none_or(|worst| merit < worst.merit(summary.game)) {
            entry.worst = Some(mark);
        }
    }
    stats
}

/// The profile's win rate after each of its matches (of `game`, or of every game), oldest first:
/// (when, win rate so far).
#[must_use]
pub fn win_rate_over_time(matches: &[MatchSummary], profile: ProfileId, game: Option<GameKind>) -> Vec<(jiff::Timestamp, f64)> {
    let (mut played, mut won) = (0_u32, 0_u32);
    matches
        .iter()
        .filter(|summary| summary.decided() && game.is_none_or(|game| summary.game == game))
        .filter_map(|summary| {
            let seat = summary.seat_of(profile)?;
            played += 1;
            won += u32::from(seat.won);
            Some((summary.finished, f64::from(won) / f64::from(played)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::record::SeatSummary;

    /// A seat in a test summary: profile, total, won, lost, points per round.
    type Seat<'a> = (Option<u32>, i32, bool, bool, &'a [i32]);

    fn summary(second: i64, game: GameKind, seats: &[Seat<'_>]) -> MatchSummary {
        MatchSummary {
            id: MatchId::try_from(format!("m{second}")).expect("valid id"),
            finished: jiff::Timestamp::from_second(second).expect("in range"),
            game,
            rounds: 1,
            seats: seats
                .iter()
                .map(|(profile, total, won, lost, rounds)| SeatSummary {
                    name: "x".into(),
                    profile: profile.map(ProfileId),
                    bot: None,
                    total: *total,
                    won: *won,
                    lost: *lost,
                    round_points: rounds.to_vec(),
                })
                .collect(),
            network: None,
            undos: 0,
        }
    }

    #[test]
    fn figures_per_game_count_only_the_profiles_matches() {
        let matches = vec![
            summary(1, GameKind::HundredOne, &[(Some(1), 40, true, false, &[10, 30]), (Some(2), 120, false, true, &[60, 60])]),
            summary(2, GameKind::HundredOne, &[(Some(1), 110, false, true, &[50, 60]), (None, 20, true, false, &[10, 10])]),
            summary(3, GameKind::HundredOne, &[(Some(1), 10, true, false, &[10]), (None, 102, false, true, &[102])]),
            summary(4, GameKind::Dunno, &[(Some(1), 2, true, false, &[1, 1]), (None, 1, false, true, &[1, 0])]),
            summary(5, GameKind::Dunno, &[(Some(1), 1, true, false, &[1]), (None, 0, false, true, &[0])]),
        ];
        let stats = per_game(&matches, ProfileId(1));
        let hundred = &stats[&GameKind::HundredOne];
        assert_eq!((hundred.played, hundred.won, hundred.lost, hundred.rounds), (3, 2, 1, 5));
        assert_eq!(hundred.win_rate(), Some(2.0 / 3.0));
        assert_eq!(hundred.average_round_points(), Some(160.0 / 5.0));
        assert_eq!(hundred.best.as_ref().map(|mark| mark.total), Some(10), "lowest winning total");
        assert_eq!(hundred.worst.as_ref().map(|mark| mark.total), Some(110), "the lost match");
        let dunno = &stats[&GameKind::Dunno];
        assert_eq!(dunno.best.as_ref().map(|mark| mark.total), Some(2), "in Dunno more games won is better");
        assert_eq!(dunno.worst.as_ref().map(|mark| mark.total), Some(1));
        assert!(!per_game(&matches, ProfileId(2)).contains_key(&GameKind::Dunno));
        assert!(per_game(&matches, ProfileId(9)).is_empty());
    }

    /// A networked match the host left before it was decided is kept in the history but
    /// counts as neither played nor won in the statistics.
    #[test]
    fn undecided_network_matches_are_not_counted() {
        let decided = summary(1, GameKind::HundredOne, &[(Some(1), 40, true, false, &[40]), (None, 60, false, true, &[60])]);
        let mut abandoned = summary(2, GameKind::HundredOne, &[(Some(1), 10, false, false, &[10]), (None, 20, false, false, &[20])]);
        abandoned.network =
            Some(crate::store::record::NetworkPlay { seats: cardtable_engine::SeatSet::EMPTY, decided: false, verdict: None });
        let stats = per_game(&[decided.clone(), abandoned.clone()], ProfileId(1));
        assert_eq!((stats[&GameKind::HundredOne].played, stats[&GameKind::HundredOne].won), (1, 1));
        assert_eq!(win_rate_over_time(&[decided, abandoned], ProfileId(1), None).len(), 1);
    }

    #[test]
    fn win_rate_over_time_is_cumulative() {
        let matches = vec![
            summary(1, GameKind::HundredOne, &[(Some(1), 0, true, false, &[0])]),
            summary(2, GameKind::Dunno, &[(Some(1), 0, false, true, &[0])]),
            summary(3, GameKind::HundredOne, &[(Some(1), 0, false, true, &[0])]),
        ];
        let rates: Vec<f64> = win_rate_over_time(&matches, ProfileId(1), None).into_iter().map(|(_, rate)| rate).collect();
        assert_eq!(rates, [1.0, 0.5, 1.0 / 3.0]);
        let rates: Vec<f64> =
            win_rate_over_time(&matches, ProfileId(1), Some(GameKind::HundredOne)).into_iter().map(|(_, rate)| rate).collect();
        assert_eq!(rates, [1.0, 0.5]);
    }
}
