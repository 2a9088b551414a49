//! Tutorials: one short scripted deal per game that shows its special cards and lets the
//! player try each one. A tutorial file (`assets/tutorials/<game id>.json`, its text found by
//! the engine's list: [`GameKind::tutorial`]) holds a scenario in the format of
//! docs/scenarios.md, whose steps are the whole script (the player's moves in seat 0 and the
//! teacher's in seat 1), and its lessons: the step from which each note is shown and the
//! note's message id in the `tutorial` translations.

use cardtable_engine::scenario::{Scenario, Step};
use cardtable_engine::{AnyAction, GameKind, Seat};
use serde::Deserialize;

/// The seat the player sits in.
pub const PLAYER: Seat = Seat(0);
/// The teacher's seat.
pub const TEACHER: Seat = Seat(1);

/// A note shown from one step of the script on.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The index of the step from which it is shown.
    pub from: usize,
    /// Its message id in the `tutorial` translations.
    pub message: String,
}

/// A tutorial file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TutorialFile {
    scenario: serde_json::Value,
    lessons: Vec<Lesson>,
}

/// A game's tutorial, read and checked.
#[derive(Debug, Clone)]
pub struct Tutorial {
    /// The table, its stacked deal and (in its steps) the script as written.
    pub scenario: Scenario,
    /// The script: who moves, and what, in order.
    pub script: Vec<(Seat, AnyAction)>,
    /// The notes, by the step they start at (the first at step 0).
    pub lessons: Vec<Lesson>,
}

/// A tutorial file that does not make a tutorial (a fault of the build, caught by its tests).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the {game} tutorial: {problem}")]
pub struct TutorialError {
    game: GameKind,
    problem: String,
}

impl TutorialError {
    /// The tutorial of `game` cannot be used, for `problem`.
    #[must_use]
    pub fn new(game: GameKind, problem: String) -> TutorialError {
        TutorialError { game, problem }
    }
}

impl Tutorial {
    /// The tutorial of `kind`.
    ///
    /// # Errors
    /// The game's tutorial file is not a tutorial: not a scenario of this game for two, a step
    /// that is not a seat's action in the game's notation, or lessons that do not start at
    /// step 0 and go forward within the script. (Every game has one: the engine's list does not
    /// compile without it.)
    pub fn of(kind: GameKind) -> Result<Tutorial, TutorialError> {
        Tutorial::read(kind, kind.tutorial())
    }

    /// Reads a tutorial of `kind` from the text of its file (see [`Tutorial::of`]).
    fn read(kind: GameKind, text: &str) -> Result<Tutorial, TutorialError> {
        let fault = |problem: String| TutorialError { game: kind, problem };
        let file: TutorialFile = serde_json::from_str(text).map_err(|error| fault(error.to_string()))?;
        let scenario = Scenario::from_json(&file.scenario.to_string()).map_err(|error| fault(error.to_string()))?;
        if scenario.game != kind || scenario.players != 2 {
            return Err(fault(format!("a scenario of {} for {} players, not {kind} for two", scenario.game, scenario.players)));
        }
        let script = scenario
            .actions
            .iter()
            .enumerate()
            .map(|(index, step)| match step {
                Step::Act { seat, action } => {
                    AnyAction::parse(kind, action).map(|action| (*seat, action)).map_err(|error| fault(format!("step {index}: {error}")))
                }
                Step::Keyword(_) => Err(fault(format!("step {index}: a tutorial is one deal"))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let starts: Vec<usize> = file.lessons.iter().map(|lesson| lesson.from).collect();
        if starts.first() != Some(&0) || starts.windows(2).any(|pair| pair[0] >= pair[1]) || starts.iter().any(|&from| from > script.len())
        {
            return Err(fault(format!("lessons must start at step 0 and go forward within {} steps: {starts:?}", script.len())));
        }
        Ok(Tutorial { scenario, script, lessons: file.lessons })
    }

    /// The index of the lesson shown while the script waits for step `next`.
    #[must_use]
    pub fn lesson_at(&self, next: usize) -> usize {
        self.lessons.iter().rposition(|lesson| lesson.from <= next).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use cardtable_engine::Phase;

    use super::*;
    use crate::i18n::{Language, translate};

    #[test]
    fn every_game_has_a_tutorial_that_plays_its_deal_to_the_round_end() {
        for &kind in GameKind::ALL {
            let tutorial = Tutorial::of(kind).unwrap_or_else(|error| panic!("{error}"));
            let (game, _) = tutorial.scenario.run().unwrap_or_else(|error| panic!("{kind}: {error}"));
            assert_ne!(game.phase(), Phase::Playing, "{kind}: the script ends the round, so the player sees it scored");
            assert!(tutorial.script.iter().all(|(seat, _)| [PLAYER, TEACHER].contains(seat)), "{kind}: two seats");
            let player_moves = tutorial.script.iter().filter(|(seat, _)| *seat == PLAYER).count();
            assert!(player_moves >= 4, "{kind}: the player tries several cards ({player_moves} moves)");
        }
    }

    #[test]
    fn every_lesson_is_written_in_english_and_russian() {
        for &kind in GameKind::ALL {
            let tutorial = Tutorial::of(kind).expect("reads");
            assert!(tutorial.lessons.len() >= 4, "{kind}: a few notes");
            for lesson in &tutorial.lessons {
                for language in [Language::English, Language::Russian] {
                    let text = translate(language, &lesson.message, &[]);
                    assert_ne!(text, lesson.message, "{kind}: {} has no {language:?} text", lesson.message);
                }
            }
        }
    }

    #[test]
    fn the_note_shown_is_the_last_one_started() {
        let tutorial = Tutorial::of(GameKind::CrazyEights).expect("reads");
        assert_eq!(tutorial.lesson_at(0), 0);
        let second = tutorial.lessons[1].from;
        assert_eq!(tutorial.lesson_at(second - 1), 0);
        assert_eq!(tutorial.lesson_at(second), 1);
        assert_eq!(tutorial.lesson_at(tutorial.script.len()), tutorial.lessons.len() - 1);
    }

    #[test]
    fn a_file_that_is_not_a_tutorial_is_refused_with_the_reason() {
        let hands = r#""hands": [["5S","QS","2S","8D","AH"],["KS","7S","JC","4D","6C"]], "dealer": 1"#;
        let cases = [
            (r#"{"scenario": {"game": "dunno", "players": 3}, "lessons": []}"#, "for 3 players"),
            (r#"{"scenario": {"game": "crazy-eights", "players": 2}, "lessons": [{"from": 1, "message": "x"}]}"#, "start at step 0"),
            (r#"{"scenario": {"game": "crazy-eights", "players": 2, "actions": ["next-round"]}, "lessons": []}"#, "one deal"),
            (r#"{"scenario": {"game": "crazy-eights", "players": 2, "actions": [{"seat": 0, "action": "fly"}]}, "lessons": []}"#, "step 0"),
            (r#"{"scenario": {"game": "crazy-eights", "players": 2}, "lessons": [], "extra": 1}"#, "unknown field"),
        ];
        for (text, reason) in cases {
            let error = Tutorial::read(GameKind::CrazyEights, text).expect_err(text).to_string();
            assert!(error.contains(reason), "{text}: {error}");
        }
        let good =
            format!(r#"{{"scenario": {{"game": "crazy-eights", "players": 2, {hands}}}, "lessons": [{{"from": 0, "message": "x"}}]}}"#);
        assert!(Tutorial::read(GameKind::CrazyEights, &good).is_ok(), "{good}");
    }
}
