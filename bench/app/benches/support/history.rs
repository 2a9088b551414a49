//! Shared by the store's benches: a history of real records written plainly, so the setup
//! times nothing.

use std::path::Path;

use cardtable::session::host::Host;
use cardtable::session::playout;
use cardtable::session::seating::quick_seating;
use cardtable::store::Store;
use cardtable::store::history::record_path;
use cardtable::store::record::{MatchId, MatchRecord};
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameKind, GameRng};

/// A whole match of `kind` from `seed`, four seats playing random legal moves.
pub fn played(kind: GameKind, seed: u64) -> Host {
    let host = Host::new(AnyOptions::defaults(kind), quick_seating("Ana", 4, BotLevel::Random), seed).expect("table");
    playout::random(host, &mut GameRng::from_seed(seed), usize::MAX).expect("legal")
}

/// A history of `count` real records (50 distinct matches of every game, each written under
/// many ids and dates), written plainly by `encode`: the setup times nothing.
pub fn fill(root: &Path, count: usize, encode: fn(&MatchRecord) -> Vec<u8>) {
    let store = Store::open(root).expect("opens");
    let records: Vec<MatchRecord> = (0..50)
        .map(|seed| {
            let kind = GameKind::ALL[seed as usize % GameKind::ALL.len()];
            let at = jiff::Timestamp::from_second(1_700_000_000).expect("in range");
            MatchRecord::from_host(MatchId::new(at, seed), at, at, &played(kind, seed), store.profiles()).expect("decided")
        })
        .collect();
    drop(store);
    for index in 0..count {
        let mut record = records[index % records.len()].clone();
        record.finished =
            jiff::Timestamp::from_second(1_700_000_000 + i64::try_from(index).expect("a small index") * 600).expect("in range");
        record.id = MatchId::new(record.finished, index as u64);
        std::fs::write(record_path(root, &record.id), encode(&record)).expect("written");
    }
}
