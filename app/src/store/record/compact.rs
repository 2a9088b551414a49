//! The compact form of a match record on disk (format 2). Format 1 repeated the game's name in
//! a nested object for every step (`{"Act": [2, {"fool108": "play 9S"}]}`) and wrote each
//! round's breakdown as objects; a match took 40–60 KB. Format 2 names the game once (by the
//! options) and writes what repeats as the short text a person reads:
//!
//! - a step is `"<seat> <action notation>"`, a play without its verb (`"2 9S"` for `2 play 9S`,
//!   `"1 draw"`), a new deal is `"deal"`; the steps of one deal are one line of the file, joined
//!   by commas (`"deal, 1 9S, 2 draw, 2 pass, 3 QH H"`).
//! - a seat's round score is its items then its cards; the card points, which every game has,
//!   are the bare number (`"12, queen_exit -20: JC KC 6S"`).
//!
//! [`MatchRecord`] itself keeps its types; this module converts it to and from [`RecordFile`],
//! and reads format 1 ([`RecordV1`]) for the migration.

use cardtable_engine::score::ScoreItem;
use cardtable_engine::{AnyAction, AnyOptions, BySeat, Card, GameKind, MatchResult, RoundEnd, RoundResult, ScoreKind, Seat, SeatScore};
use serde::{Deserialize, Serialize};

use super::{MatchId, MatchRecord, NetworkPlay, SeatRecord};
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
    steps: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    network: Option<NetworkPlay>,
    #[serde(default, skip_serializing_if = "super::is_zero")]
    undos: u32,
}

/// A finished round as format 2 writes it: one line of the file.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct RoundLine {
    round: u32,
    end: RoundEnd,
    scores: Vec<String>,
    totals: BySeat<i32>,
}

/// A match record as format 1 wrote it (the types' own serde forms): read to migrate, and
/// written only by the tests and the bench that measure the upgrade ([`format1_bytes`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    network: Option<NetworkPlay>,
}

impl crate::store::document::Document for RecordV1 {
    const KIND: &'static str = "match";
    const SCHEMA: u32 = 1;
}

impl From<&MatchRecord> for RecordV1 {
    fn from(record: &MatchRecord) -> RecordV1 {
        let MatchRecord { id, started, finished, options, seats, seed, rounds, result, steps, network, undos: _ } = record.clone();
        RecordV1 { id, started, finished, options, seats, seed, rounds, result, steps, network }
    }
}

/// `record`'s file as format 1 wrote it: what the upgrade starts from, for the tests and the
/// store bench.
///
/// # Panics
/// Never: a record always encodes.
#[must_use]
pub fn format1_bytes(record: &MatchRecord) -> Vec<u8> {
    crate::store::document::encode(&RecordV1::from(record)).expect("a match record encodes")
}

impl From<RecordV1> for MatchRecord {
    fn from(old: RecordV1) -> MatchRecord {
        let RecordV1 { id, started, finished, options, seats, seed, rounds, result, steps, network } = old;
        MatchRecord { id, started, finished, options, seats, seed, rounds, result, steps, network, undos: 0 }
    }
}

/// The verb a step leaves out: most steps are plays, and a card says it is one.
const PLAY: &str = "play ";

/// Steps of one deal are joined by this in the deal's line.
const STEP_SEPARATOR: &str = ", ";

/// A step as one short string: `"2 9S"` (a play), `"1 draw"`, or `"deal"`.
#[must_use]
pub fn step_text(step: &Step) -> String {
    match step {
        Step::Act(seat, action) => {
            let notation = action.to_string();
            format!("{} {}", seat.0, notation.strip_prefix(PLAY).unwrap_or(&notation))
        }
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
    // A step that starts with a card is a play (no other action starts with one).
    let starts_with_card = action.split(' ').next().is_some_and(|word| word.parse::<Card>().is_ok());
    let action = if starts_with_card { format!("{PLAY}{action}") } else { action.to_owned() };
    let action = AnyAction::parse(game, &action).map_err(|error| bad(error.to_string()))?;
    Ok(Step::Act(Seat(seat), action))
}

/// The steps as one line per deal: the steps before the first `"deal"`, then each deal with
/// the steps after it.
fn deal_lines(steps: &[Step]) -> Vec<String> {
    let mut lines: Vec<Vec<String>> = Vec::new();
    for step in steps {
        if lines.is_empty() || *step == Step::NextRound {
            lines.push(Vec::new());
        }
        lines.last_mut().expect("a line was opened").push(step_text(step));
    }
    lines.iter().map(|line| line.join(STEP_SEPARATOR)).collect()
}

/// Reads the steps of a match of `game` from its deal lines.
fn parse_deal_lines(game: GameKind, lines: &[String]) -> Result<Vec<Step>, String> {
    lines.iter().flat_map(|line| line.split(',')).map(str::trim).enumerate().map(|(index, text)| parse_step(game, index, text)).collect()
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
            steps: deal_lines(&record.steps),
            id: record.id,
            started: record.started,
            finished: record.finished,
            options: record.options,
            seats: record.seats,
            seed: record.seed,
            rounds,
            result: record.result,
            network: record.network,
            undos: record.undos,
        }
    }
}

impl TryFrom<RecordFile> for MatchRecord {
    type Error = String;

    fn try_from(file: RecordFile) -> Result<MatchRecord, String> {
        let game = file.options.kind();
        let steps = parse_deal_lines(game, &file.steps)?;
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
            undos: file.undos,
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

    /// A deal's line reads back step for step, and a bad step in it is named by its number in
    /// the whole match.
    #[test]
    fn deal_lines_read_back_and_name_a_bad_step() {
        let game = GameKind::Fool108;
        let steps: Vec<Step> = ["0 play 9S", "1 draw", "1 pass", "2 play QH", "2 suit H"]
            .iter()
            .enumerate()
            .map(|(index, text)| parse_step(game, index, text).expect("a 108 Fool step"))
            .chain([Step::NextRound])
            .chain([parse_step(game, 5, "3 play 7C").expect("a play")])
            .collect();
        let lines = deal_lines(&steps);
        assert_eq!(lines, ["0 9S, 1 draw, 1 pass, 2 QH, 2 suit H", "deal, 3 7C"]);
        assert_eq!(parse_deal_lines(game, &lines), Ok(steps));
        let error = parse_deal_lines(game, &["0 9S, 1 drw".to_owned()]).expect_err("a bad step");
        assert!(error.starts_with("step 1 (\"1 drw\")"), "{error}");
    }

    #[test]
    fn a_step_that_does_not_parse_is_named() {
        assert_eq!(parse_step(GameKind::Dunno, 0, "deal"), Ok(Step::NextRound));
        let step = parse_step(GameKind::Dunno, 3, "2 AS").expect("a Dunno step");
        assert_eq!(step, parse_step(GameKind::Dunno, 3, "2 play AS").expect("the verb may be written"));
        assert_eq!(step_text(&step), "2 AS", "a play is written without its verb");
        assert_eq!(step_text(&parse_step(GameKind::Dunno, 3, "1 draw").expect("a draw")), "1 draw");
        for bad in ["2 plya AS", "two play AS", "2 ZZ", "play", ""] {
            let error = parse_step(GameKind::Dunno, 7, bad).expect_err("not a step");
            assert!(error.starts_with(&format!("step 7 ({bad:?})")), "{error}");
        }
    }
}
