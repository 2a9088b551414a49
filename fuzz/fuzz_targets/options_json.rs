//! A game's options as JSON (the scenario's `options`, `cardtable sim --options`, and the
//! options a LAN table publishes): read for each game, and when they read, a match is set up
//! with them at each seat count and its first decisions are taken, or refused with an error.

#![no_main]

use cardtable_engine::{AnyGame, AnyOptions, GameKind, TableSetup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((&which, content)) = bytes.split_first() else { return };
    let Ok(json) = serde_json::from_slice::<serde_json::Value>(content) else { return };
    let kind = GameKind::ALL[usize::from(which) % GameKind::ALL.len()];
    let Ok(options) = AnyOptions::from_json(kind, &json) else { return };
    for players in options.seat_range() {
        let Ok(mut game) = AnyGame::new_match(TableSetup::new(players, u64::from(which)), options.clone(), None) else { continue };
        for _ in 0..8 {
            let Some(seat) = game.to_act().iter().next() else { break };
            let Some(&action) = game.legal_actions(seat).first() else { break };
            game.apply(seat, action).expect("a legal action applies");
        }
    }
});
