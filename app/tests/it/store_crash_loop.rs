//! Issue 9, "Done when": a child process saving matches (`cardtable store-soak`, which saves
//! after every action and records each decided match exactly as the window does) is killed with
//! SIGKILL at random moments, 200 times (four folders at once, 50 kills each). After each kill every match whose save the child saw
//! succeed is in the history, every file in the data folder parses, and the store opens without
//! a single damaged file.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cardtable::session::replay::{MatchStart, rebuild};
use cardtable::store::document::{self, Decoded, Document};
use cardtable::store::history::HistoryIndex;
use cardtable::store::profiles::ProfileBook;
use cardtable::store::record::MatchRecord;
use cardtable::store::saved::SavedMatch;
use cardtable::store::{Notice, Store};
use cardtable_engine::GameRng;

const KILLS: u64 = 200;
/// Folders killed in at once, each by its own loop.
const LANES: u64 = 4;
const KILLS_PER_LANE: u64 = KILLS / LANES;

/// Complete lines only: a line cut by the kill has no newline and does not count.
fn complete_lines(stream: impl Read) -> Vec<String> {
    let mut reader = BufReader::new(stream);
    let mut lines = Vec::new();
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|read| read > 0) {
        if let Some(complete) = line.strip_suffix('\n') {
            lines.push(complete.to_owned());
        }
        line.clear();
    }
    lines
}

fn parses_as<T: Document>(path: &Path) {
    let bytes = std::fs::read(path).expect("readable");
    match document::decode::<T>(&bytes) {
        Ok(Decoded::Current(_)) => {}
        other => panic!("{} does not parse as a current {} file: {:?}", path.display(), T::KIND, other.err()),
    }
}

/// Every file in the data folder parses as what its place says it is; match records are
/// written once, so each is checked once (`seen`). Returns how many temporary files a kill
/// left behind (they never replace a real file, and the next open removes them).
fn every_file_parses(root: &Path, seen: &mut HashSet<PathBuf>) -> usize {
    let mut leftovers = 0;
    let mut folders = vec![root.to_owned()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("listable") {
            let path = entry.expect("entry").path();
            let name = path.file_name().expect("a name").to_string_lossy().into_owned();
            let place = path.parent().expect("in a folder").strip_prefix(root).expect("under root").to_string_lossy().into_owned();
            if path.is_dir() {
                folders.push(path);
            } else if name == ".lock" {
            } else if name.starts_with(".tmp-") {
                leftovers += 1;
            } else if place.is_empty() && name.starts_with("profiles.") {
                parses_as::<ProfileBook>(&path);
            } else if place == "history" && name.starts_with("index.") {
                parses_as::<HistoryIndex>(&path);
            } else if place == "history/matches" {
                if seen.insert(path.clone()) {
                    parses_as::<MatchRecord>(&path);
                }
            } else if place == "saved" {
                parses_as::<SavedMatch>(&path);
            } else {
                panic!("unexpected file {}", path.display());
            }
        }
    }
    leftovers
}

/// What one lane of kills saw.
#[derive(Default)]
struct LaneReport {
    confirmed: usize,
    in_history: usize,
    resumed_saves: usize,
    leftovers: usize,
    repaired: usize,
}

/// One data folder, `KILLS / LANES` children each killed at a random moment; the checks after
/// every kill, then the last records replayed to their results.
fn kill_loop(lane: u64, root: &Path) -> LaneReport {
    let mut rng = GameRng::from_seed(0x5EED_0009 + lane);
    let mut confirmed: Vec<String> = Vec::new();
    let mut seen = HashSet::new();
    let mut report = LaneReport::default();
    for kill in lane * KILLS_PER_LANE..(lane + 1) * KILLS_PER_LANE {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .arg("--data-dir")
            .arg(root)
            .args(["store-soak", "--seed", &kill.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the child starts");
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        let out_reader =
            std::thread::Builder::new().name("soak-stdout".to_owned()).spawn(move || complete_lines(stdout)).expect("a thread");
        let err_reader =
            std::thread::Builder::new().name("soak-stderr".to_owned()).spawn(move || complete_lines(stderr)).expect("a thread");
        std::thread::sleep(Duration::from_millis(1 + rng.below(400) as u64));
        let exited = child.try_wait().expect("status");
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        let lines = out_reader.join().expect("stdout reader");
        let errors = err_reader.join().expect("stderr reader");
        assert!(exited.is_none(), "kill {kill}: the child stopped by itself: {exited:?} {errors:?}");
        confirmed.extend(lines.iter().filter_map(|line| line.strip_prefix("recorded ")).map(str::to_owned));

        report.leftovers += every_file_parses(root, &mut seen);
        let store = Store::open(root).expect("the store opens after a kill");
        assert!(store.read_only().is_none(), "kill {kill}: the dead child's lock is released");
        for notice in store.notices() {
            match notice {
                Notice::HistoryRepaired { dropped: 0, .. } => report.repaired += 1,
                other => panic!("kill {kill}: nothing may be damaged or lost, yet: {other:?}"),
            }
        }
        let recorded: HashSet<&str> = store.history().iter().map(|summary| summary.id.as_str()).collect();
        for id in &confirmed {
            assert!(recorded.contains(id.as_str()), "kill {kill}: match {id} was reported saved and is missing");
        }
        for saved in store.unfinished() {
            saved.resume().unwrap_or_else(|error| panic!("kill {kill}: the save of {} does not resume: {error}", saved.id));
            report.resumed_saves += 1;
        }
    }
    // The records replay to the result they recorded.
    let mut store = Store::open(root).expect("opens");
    let ids: Vec<_> = store.history().iter().map(|summary| summary.id.clone()).collect();
    for id in ids.iter().rev().take(20) {
        let record = store.open_record(id).expect("readable").expect("present");
        let seats = record.occupants();
        let host = rebuild(&MatchStart { options: &record.options, seats: &seats, seed: record.seed }, &record.steps).expect("replays");
        assert_eq!(host.game().match_result(), Some(&record.result), "{id} replays to its result");
    }
    report.confirmed = confirmed.len();
    report.in_history = ids.len();
    report
}

#[test]
fn matches_whose_save_succeeded_survive_two_hundred_sigkills() {
    let dir = tempfile::tempdir().expect("tempdir");
    let started = Instant::now();
    // Each lane mostly waits for its moment to kill: four at once take a quarter of the time
    // (the test run's longest test was this loop, alone at the tail), with the same 200 kills.
    let reports: Vec<LaneReport> = std::thread::scope(|scope| {
        let lanes: Vec<_> = (0..LANES)
            .map(|lane| {
                let root = dir.path().join(format!("data-{lane}"));
                scope.spawn(move || kill_loop(lane, &root))
            })
            .collect();
        lanes.into_iter().map(|lane| lane.join().expect("a lane's checks hold")).collect()
    });
    let total = |field: fn(&LaneReport) -> usize| reports.iter().map(field).sum::<usize>();
    println!(
        "{KILLS} kills in {LANES} folders in {:.1} s: {} matches reported saved, {} in the history, {} unfinished saves resumed, \
         {} temporary files left by kills, {} index catch-ups",
        started.elapsed().as_secs_f64(),
        total(|report| report.confirmed),
        total(|report| report.in_history),
        total(|report| report.resumed_saves),
        total(|report| report.leftovers),
        total(|report| report.repaired),
    );
    for (lane, report) in reports.iter().enumerate() {
        assert!(
            report.confirmed as u64 >= KILLS_PER_LANE,
            "lane {lane}: the children recorded matches between kills ({} in all)",
            report.confirmed
        );
    }
}
