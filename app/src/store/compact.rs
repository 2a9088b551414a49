//! The compact form of a match record on disk (format 2). Format 1 repeated the game's name in
//! a nested object for every step (`{"Act": [2, {"fool108": "play 9S"}]}`) and wrote each
//! round's breakdown as objects; a match took 40–60 KB. Format 2 names the game once (by the
//! options) and writes what repeats as the short text a person reads:
//!
//! - a step is `"<seat> <action notation>"` (`"2 play 9S"`), a new deal is `"deal"`; the steps
//!   are grouped into one list per deal (each deal's list starts with `"deal"`), so a file shows
//!   one round of play per line;
//! - a seat's round score is `"<kind> <points>, …: <cards>"` (`"card_points 12: JC KC 6S"`).
//!
//! [`MatchRecord`] itself keeps its types; this module converts it to and from [`RecordFile`],
//! and reads format 1 ([`RecordV1`]) for the migration.

use cardtable_engine::score::ScoreItem;
use cardtable_engine::{AnyAction, AnyOptions, BySeat, Card, GameKind, MatchResult, RoundEnd, RoundResult, ScoreKind, Seat, SeatScore};
use serde::{Deserialize, Serialize};

use super::record::{MatchId, MatchRecord, NetworkPlay, SeatRecord};
use crate::session::host::Step;

/// The step that deals the next round, as written.
const DEAL: &str = "deal";

/// A match record as format 2 writes it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RecordFile {
    id: MatchId,
    started: jiff::Timestamp,
    finished: jiff::Timestamp,
    options: AnyOptions,
    seats: Vec<SeatRecord>,
    seed: u64,
    rounds: Vec<RoundLine>,
    result: MatchResult,
    steps: Vec<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    network: Option<NetworkPlay>,
}

/// A finished round as format 2 writes it: one line of the file.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct RoundLine {
    round: u32,
    end: RoundEnd,
    scores: Vec<String>,
    totals: BySeat<i32>,
}

/// A match record as format 1 wrote it (the types' own serde forms), read only to migrate.
#[derive(Debug, Clone, Deserialize)]
pub struct RecordV1 {
    id: MatchId,
    started: jiff::Timestamp,
    finished: jiff::Timestamp,
    options: AnyOptions,
    seats: Vec<SeatRecord>,
    seed: u64,
    rounds: Vec<RoundResult>,
    result: MatchResult,
    steps: Vec<Step>,
    #[serde(default)]
    network: Option<NetworkPlay>,
}

impl From<RecordV1> for MatchRecord {
    fn from(old: RecordV1) -> MatchRecord {
        let RecordV1 { id, started, finished, options, seats, seed, rounds, result, steps, network } = old;
        MatchRecord { id, started, finished, options, seats, seed, rounds, result, steps, network }
    }
}

/// A step as one short string: `"2 play 9S"`, or `"deal"`.
#[must_use]
pub fn step_text(step: &Step) -> String {
    match step {
        Step::Act(seat, action) => format!("{} {action}", seat.0),
        Step::NextRound => DEAL.to_owned(),
    }
}

/// Reads step number `index` (from 0) of a match of `game` from its text.
///
/// # Errors
/// The text is not a step of that game, in words that name the step.
pub fn parse_step(game: GameKind, index: usize, text: &str) -> Result<Step, String> {
    if text == DEAL {
        return Ok(Step::NextRound);
    }
    let bad = |why: String| format!("step {index} ({text:?}) is not a step of {game}: {why}");
    let (seat, action) = text.split_once(' ').ok_or_else(|| bad("it is not \"<seat> <action>\" nor \"deal\"".to_owned()))?;
    let seat = seat.parse::<u8>().map_err(|_| bad(format!("{seat:?} is not a seat number")))?;
    let action = AnyAction::parse(game, action).map_err(|error| bad(error.to_string()))?;
    Ok(Step::Act(Seat(seat), action))
}

/// The steps grouped one list per deal: the steps before the first `"deal"`, then each deal
/// with the steps after it.
fn group_steps(steps: &[Step]) -> Vec<Vec<String>> {
    let mut groups: Vec<Vec<String>> = Vec::new();
    for step in steps {
        if groups.is_empty() || *step == Step::NextRound {
            groups.push(Vec::new());
        }
        groups.last_mut().expect("a group was opened").push(step_text(step));
    }
    groups
}

/// A seat's round score as one string: `"12, queen_exit -20: JC KC 6S"` (the card points bare).
fn score_text(score: &SeatScore) -> String {
    let items: Vec<String> =
        score
            .items
            .iter()
            .map(|item| {
                if item.kind == ScoreKind::CardPoints {
                    item.points.to_string()
                } else {
                    format!("{} {}", kind_name(item.kind), item.points)
                }
            })
            .collect();
    let mut text = items.join(", ");
    if !score.cards.is_empty() {
        let cards: Vec<String> = score.cards.iter().map(ToString::to_string).collect();
        text.push_str(": ");
        text.push_str(&cards.join(" "));
    }
    text
}

fn kind_name(kind: ScoreKind) -> String {
    match serde_json::to_value(kind) {
        Ok(serde_json::Value::String(name)) => name,
        // Every kind is a unit variant, written as its name.
        _ => format!("{kind:?}"),
    }
}

/// Reads a seat's round score from [`score_text`]'s form.
fn parse_score(text: &str) -> Result<SeatScore, String> {
    let (items, cards) = match text.split_once(':') {
        Some((items, cards)) => (items, cards.trim()),
        None => (text, ""),
    };
    let items = items
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            let (kind, points) = match item.split_once(' ') {
                Some((kind, points)) => (
                    serde_json::from_value(serde_json::Value::String(kind.to_owned()))
                        .map_err(|_| format!("{kind:?} is not a kind of points"))?,
                    points,
                ),
                None => (ScoreKind::CardPoints, item),
            };
            let points = points.parse().map_err(|_| format!("{points:?} is not a number of points"))?;
            Ok(ScoreItem { kind, points })
        })
        .collect::<Result<Vec<ScoreItem>, String>>()?;
    let cards = cards.split_whitespace().map(|card| card.parse::<Card>().map_err(|error| error.to_string())).collect::<Result<_, _>>()?;
    Ok(SeatScore { items, cards })
}

impl From<MatchRecord> for RecordFile {
    fn from(record: MatchRecord) -> RecordFile {
        let rounds = record
            .rounds
            .into_iter()
            .map(|round| RoundLine {
                round: round.round,
                end: round.end,
                scores: round.scores.as_slice().iter().map(score_text).collect(),
                totals: round.totals,
            })
            .collect();
        RecordFile {
            steps: group_steps(&record.steps),
            id: record.id,
            started: record.started,
            finished: record.finished,
            options: record.options,
            seats: record.seats,
            seed: record.seed,
            rounds,
            result: record.result,
            network: record.network,
        }
    }
}

impl TryFrom<RecordFile> for MatchRecord {
    type Error = String;

    fn try_from(file: RecordFile) -> Result<MatchRecord, String> {
        let game = file.options.kind();
        let steps = file
            .steps
            .iter()
            .flatten()
            .enumerate()
            .map(|(index, text)| parse_step(game, index, text))
            .collect::<Result<Vec<Step>, String>>()?;
        let rounds = file
            .rounds
            .into_iter()
            .map(|line| {
                let scores = line
                    .scores
                    .iter()
                    .map(|text| parse_score(text).map_err(|why| format!("round {}'s score {text:?}: {why}", line.round)))
                    .collect::<Result<Vec<SeatScore>, String>>()?;
                Ok(RoundResult { round: line.round, end: line.end, scores: BySeat::from(scores), totals: line.totals })
            })
            .collect::<Result<Vec<RoundResult>, String>>()?;
        Ok(MatchRecord {
            id: file.id,
            started: file.started,
            finished: file.finished,
            options: file.options,
            seats: file.seats,
            seed: file.seed,
            rounds,
            result: file.result,
            steps,
            network: file.network,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_back_as_written() {
        for score in [
            SeatScore::default(),
            SeatScore { items: vec![ScoreItem { kind: ScoreKind::CardPoints, points: 0 }], cards: Vec::new() },
            SeatScore {
                items: vec![ScoreItem { kind: ScoreKind::CardPoints, points: 12 }, ScoreItem { kind: ScoreKind::QueenExit, points: -20 }],
                cards: vec!["JC".parse().expect("a card"), "6S".parse().expect("a card")],
            },
            SeatScore { items: Vec::new(), cards: vec!["BJ".parse().expect("a card")] },
        ] {
            let text = score_text(&score);
            assert_eq!(parse_score(&text), Ok(score), "{text}");
        }
        assert_eq!(
            score_text(&SeatScore { items: vec![ScoreItem { kind: ScoreKind::GameWon, points: 1 }], cards: Vec::new() }),
            "game_won 1"
        );
        let card_points = SeatScore {
            items: vec![ScoreItem { kind: ScoreKind::CardPoints, points: 12 }, ScoreItem { kind: ScoreKind::QueenExit, points: -20 }],
            cards: vec!["JC".parse().expect("a card")],
        };
        assert_eq!(score_text(&card_points), "12, queen_exit -20: JC");
        assert!(parse_score("fame_won 1").is_err());
        assert!(parse_score("game_won one").is_err());
        assert!(parse_score("game_won 1: ZZ").is_err());
        assert!(parse_score("twelve").is_err());
    }

    #[test]
    fn a_step_that_does_not_parse_is_named() {
        assert_eq!(parse_step(GameKind::Dunno, 0, "deal"), Ok(Step::NextRound));
        let step = parse_step(GameKind::Dunno, 3, "2 play AS").expect("a Dunno step");
        assert_eq!(step_text(&step), "2 play AS");
        for bad in ["2 plya AS", "two play AS", "play", ""] {
            let error = parse_step(GameKind::Dunno, 7, bad).expect_err("not a step");
            assert!(error.starts_with(&format!("step 7 ({bad:?})")), "{error}");
        }
    }
}
