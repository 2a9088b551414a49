//! Every game played from fixed seeds until its matches have shown every kind of event it has,
//! under its default options and under the house rules whose events only they bring. The few
//! events random play almost never reaches are made by hand.

use std::collections::BTreeSet;

use cardtable_engine::{Addressed, AnyEvent, AnyOptions, Audience, GameKind};

use super::playout::{Played, play};
use super::variants::{leading_indices, variants};

/// Matches per set of options, at most, to show every kind of event.
const MAX_SEEDS: u64 = 24;

/// One game's matches.
pub(super) struct GamePlays {
    /// The game.
    pub kind: GameKind,
    /// The options each set of matches was played under, defaults first.
    pub options: Vec<AnyOptions>,
    /// The matches, in the order played (the first under the defaults, from seed 1).
    pub plays: Vec<Played>,
    /// Events made by hand, of kinds random play almost never reaches.
    pub made: Vec<Addressed<AnyEvent>>,
}

/// The position of `kind` among the `Any*` enums' variants (the one list's order).
pub(super) fn index_of(kind: GameKind) -> u32 {
    let position = GameKind::ALL.iter().position(|known| *known == kind).expect("every kind is listed");
    u32::try_from(position).expect("a handful of games")
}

/// The kinds of event `plays` and `made` show, by their index among the game's event variants.
fn event_kinds(plays: &[Played], made: &[Addressed<AnyEvent>]) -> BTreeSet<u32> {
    plays
        .iter()
        .flat_map(|played| &played.events)
        .chain(made)
        .map(|addressed| {
            let encoded = postcard::to_allocvec(&addressed.event).expect("an event encodes");
            leading_indices(&encoded, 2)[1]
        })
        .collect()
}

/// Plays `kind` from seed 1 on, a match under each of its option sets per seed, until every
/// kind of event has been seen or each set had [`MAX_SEEDS`] matches.
pub(super) fn play_game(kind: GameKind) -> GamePlays {
    let wanted = variants::<AnyEvent>(&[index_of(kind)]).len();
    let options = option_sets(kind);
    let made = rare_events(kind);
    let mut plays = Vec::new();
    'seeds: for seed in 1..=MAX_SEEDS {
        for set in &options {
            // Odd seeds at the usual table, even ones at the largest (a stock runs out sooner).
            let players = if seed % 2 == 1 { set.default_players() } else { *set.seat_range().end() };
            plays.push(play(set, players, seed));
            if event_kinds(&plays, &made).len() == wanted {
                break 'seeds;
            }
        }
    }
    GamePlays { kind, options, plays, made }
}

/// The option sets `kind` is played under: its defaults, and house rules that bring events of
/// their own. (Marked as test code for `scripts/game-matches`, which reads files up to there:
/// these lines name games by id only to choose their house rules.)
#[cfg(test)]
fn option_sets(kind: GameKind) -> Vec<AnyOptions> {
    let house_rules: Vec<serde_json::Value> = match kind.id() {
        // A 2 that makes the next seat miss its turn, and 2s that pile up.
        "crazy-eights" => vec![serde_json::json!({ "draw_two": "skip" }), serde_json::json!({ "draw_two": "stack" })],
        _ => Vec::new(),
    };
    std::iter::once(AnyOptions::defaults(kind))
        .chain(house_rules.iter().map(|json| AnyOptions::from_json(kind, json).expect("house rules the game has")))
        .collect()
}

/// Events of `kind` that random play reaches once in hundreds of matches, made by hand (from
/// their JSON, so the game's types stay in the engine): One Hundred and One's cover of an 8
/// that lapses when nothing is left to draw.
#[cfg(test)]
fn rare_events(kind: GameKind) -> Vec<Addressed<AnyEvent>> {
    let events: Vec<serde_json::Value> = match kind.id() {
        "hundred-one" => vec![serde_json::json!({ "hundred-one": { "cover_lapsed": { "seat": 2 } } })],
        _ => Vec::new(),
    };
    events
        .into_iter()
        .map(|json| Addressed { audience: Audience::All, event: serde_json::from_value(json).expect("an event of the game") })
        .collect()
}
