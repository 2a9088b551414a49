//! A scenario file, as `cardtable scenario FILE.json` reads and plays it: read, checked, dealt
//! and played step by step. Any text must give an outcome or an error, never a panic.

#![no_main]

use cardtable_engine::scenario::Scenario;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    let Ok(mut scenario) = Scenario::from_json(text) else { return };
    // A long turn cap only makes a slow input, not a new path.
    scenario.turn_cap = scenario.turn_cap.map(|cap| cap.min(500));
    if let Ok((_, outcome)) = scenario.run() {
        let _ = serde_json::to_vec(&outcome).expect("an outcome is JSON");
    }
});
