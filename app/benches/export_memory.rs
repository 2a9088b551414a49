//! The peak memory of `cardtable export --format json` as the number of steps in one record
//! grows (issue 30, item 11: exporting a 10⁶-step record took 263 MB, 17 MB normally). Writes
//! two data folders, one holding an ordinary match of four seats playing random legal moves and
//! one holding a match of Crazy Eights to a score limit that makes it close to the store's step
//! limit, opens each once (so the history's check has replayed and digested the record, as at
//! any start after the first), and exports each with the `cardtable` binary under
//! `/usr/bin/time -v`, printing its "Maximum resident set size":
//!
//! `cargo bench -p cardtable --bench export_memory --profile dev` (the figures in docs/store.md).

use std::path::Path;
use std::process::Command;

use cardtable::session::host::Host;
use cardtable::session::playout;
use cardtable::session::seating::quick_seating;
use cardtable::store::Store;
use cardtable::store::record::{MAX_STEPS, MatchId, MatchRecord};
use cardtable_engine::bots::BotLevel;
use cardtable_engine::games::crazy_eights::CrazyEightsOptions;
use cardtable_engine::{AnyOptions, GameRng};

/// A score limit that takes four random seats some 80,000–100,000 steps (a match to 100 takes
/// 3,643 on average).
const LONG_LIMIT: u32 = 2_400;

/// A decided match of Crazy Eights to `limit` by random legal moves, at most [`MAX_STEPS`]
/// steps: the first seed from `seed` whose match ends within the limit.
fn played(limit: u32, mut seed: u64) -> Host {
    loop {
        let options = AnyOptions::CrazyEights(CrazyEightsOptions { score_limit: limit, ..CrazyEightsOptions::default() });
        let host = Host::new(options, quick_seating("Ana", 4, BotLevel::Random), seed).expect("table");
        let host = playout::random(host, &mut GameRng::from_seed(seed), MAX_STEPS).expect("legal");
        if host.game().match_result().is_some() {
            return host;
        }
        seed += 1;
    }
}

/// A data folder at `root` holding the match `host`, checked once by an open.
fn history_of(root: &Path, host: &Host) {
    let mut store = Store::open(root).expect("opens");
    let at = jiff::Timestamp::from_second(1_700_000_000).expect("in range");
    let record = MatchRecord::from_host(MatchId::new(at, host.seed()), at, at, host, store.profiles()).expect("decided");
    store.record(record).expect("writable").wait().expect("durable");
    store.flush();
    drop(store);
    drop(Store::open(root).expect("checks the history"));
}

/// The peak resident memory of exporting `root` as JSON, in kilobytes, as `/usr/bin/time -v` says.
fn export_peak(root: &Path, out: &Path) -> u64 {
    let output = Command::new("/usr/bin/time")
        .arg("-v")
        .arg(env!("CARGO_BIN_EXE_cardtable"))
        .args([
            "--data-dir".as_ref(),
            root.as_os_str(),
            "export".as_ref(),
            "--format".as_ref(),
            "json".as_ref(),
            "--out".as_ref(),
            out.as_os_str(),
        ])
        .output()
        .expect("/usr/bin/time runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let report = String::from_utf8_lossy(&output.stderr);
    let line = report.lines().find_map(|line| line.trim().strip_prefix("Maximum resident set size (kbytes): "));
    line.and_then(|kilobytes| kilobytes.trim().parse().ok()).expect("time -v reports the peak")
}

fn main() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (case, host) in [("ordinary", played(100, 1)), ("long", played(LONG_LIMIT, 1))] {
        let root = dir.path().join(case);
        history_of(&root, &host);
        let out = dir.path().join(format!("{case}.json"));
        let peak = export_peak(&root, &out);
        let size = std::fs::metadata(&out).expect("exported").len();
        println!(
            "{case} match ({} steps): the JSON export ({size} bytes) peaked at {:.1} MB resident",
            host.steps().len(),
            peak as f64 / 1024.0
        );
    }
}
