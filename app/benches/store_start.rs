//! How soon the window can draw with a history of 20,000 matches whose index was deleted or
//! damaged (issue 30, item 10: 6.2–6.4 s with no window at all, the store being opened, and
//! the index rebuilt, before the window). Prints, for each case, when
//! [`Store::open_for_window`] returned (the window draws its first frame right after) and when
//! the rebuilt history was whole:
//!
//! `cargo bench -p cardtable --bench store_start` (the figures in docs/store.md were taken
//! with `--profile dev`, unoptimised, on the 2-core machine shared with other builds).

use std::path::Path;
use std::time::{Duration, Instant};

use cardtable::session::host::Host;
use cardtable::session::playout;
use cardtable::session::seating::quick_seating;
use cardtable::store::Store;
use cardtable::store::document;
use cardtable::store::history::{INDEX_FILE, record_path};
use cardtable::store::record::{MatchId, MatchRecord};
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameKind, GameRng};

const MATCHES: usize = 20_000;

/// `count` real records (20 distinct matches of every game, each under many ids and dates),
/// and the index a first open builds of them.
fn fill(root: &Path, count: usize) {
    let store = Store::open(root).expect("opens");
    let records: Vec<MatchRecord> = (0..20)
        .map(|seed| {
            let kind = GameKind::ALL[seed as usize % GameKind::ALL.len()];
            let host = Host::new(AnyOptions::defaults(kind), quick_seating("Ana", 4, BotLevel::Random), seed).expect("table");
            let host: Host = playout::random(host, &mut GameRng::from_seed(seed), usize::MAX).expect("legal");
            let at = jiff::Timestamp::from_second(1_700_000_000).expect("in range");
            MatchRecord::from_host(MatchId::new(at, seed), at, at, &host, store.profiles()).expect("decided")
        })
        .collect();
    drop(store);
    for index in 0..count {
        let mut record = records[index % records.len()].clone();
        record.finished =
            jiff::Timestamp::from_second(1_700_000_000 + i64::try_from(index).expect("a small index") * 600).expect("in range");
        record.id = MatchId::new(record.finished, index as u64);
        std::fs::write(record_path(root, &record.id), document::encode(&record).expect("encodes")).expect("written");
    }
    drop(Store::open(root).expect("builds the index"));
}

/// Opens as the window does and polls as its frames do, until the history is whole (read
/// behind the window: the index, and the records it lacks).
fn measure(root: &Path, case: &str) {
    let started = Instant::now();
    let mut store = Store::open_for_window(root).expect("opens");
    let opened = started.elapsed();
    let mut seen = Vec::new();
    while store.history_progress().is_some() {
        std::thread::sleep(Duration::from_millis(100));
        seen.extend(store.history_progress());
        store.poll();
    }
    println!(
        "{MATCHES} matches, index {case}: open for the window {:.3} s, history whole after {:.2} s ({} matches; {} progress updates seen)",
        opened.as_secs_f64(),
        started.elapsed().as_secs_f64(),
        store.history().len(),
        seen.len()
    );
    assert_eq!(store.history().len(), MATCHES);
}

fn main() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    fill(&root, MATCHES);
    measure(&root, "intact");
    std::fs::remove_file(root.join(INDEX_FILE)).expect("deleted");
    measure(&root, "deleted");
    std::fs::write(root.join(INDEX_FILE), b"{\"cardtable\":\"history-index\",\"schema\":1,\"data\":{\"matc").expect("damaged");
    measure(&root, "damaged");
}
