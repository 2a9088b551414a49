//! Bots: levels, the arena, the search, and for every game that bots play legally from their
//! own view only and that determinizations agree with the view they come from.

mod arena;
mod determinizations;
mod heuristics;
mod inference;
mod search;
mod views;

use crate::bots::BotLevel;
use crate::bots::ismcts::SearchTuning;

/// A small search budget so debug-build tests stay quick.
const TEST_SEARCH: SearchTuning =
    SearchTuning { iterations: Some(48), exploration: None, bias: None, horizon: None, trees: None, clock: None };

#[test]
fn levels_have_stable_ids_in_text_and_serde() {
    for level in BotLevel::ALL {
        assert_eq!(level.to_string().parse::<BotLevel>(), Ok(level));
        assert_eq!(serde_json::to_string(&level).expect("json"), format!("\"{}\"", level.id()));
    }
    assert_eq!(" Hard ".parse::<BotLevel>(), Ok(BotLevel::Hard));
    assert!("expert".parse::<BotLevel>().is_err());
}
