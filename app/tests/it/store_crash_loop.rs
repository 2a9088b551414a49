//! Issue 9, "Done when": a child process saving matches (`cardtable store-soak`, which saves
//! after every action and records each decided match exactly as the window does) is killed with
//! SIGKILL at random moments, 200 times. After each kill every match whose save the child saw
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

#[test]
fn matches_whose_save_succeeded_survive_two_hundred_sigkills() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let mut rng = GameRng::from_seed(0x5EED_0009);
    let mut confirmed: Vec<String> = Vec::new();
    let mut seen = HashSet::new();
    let (mut leftovers, mut resumed_saves, mut repaired) = (0, 0, 0);
    let started = Instant::now();
    for kill in 0..KILLS {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .arg("--data-dir")
            .arg(&root)
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

        leftovers += every_file_parses(&root, &mut seen);
        let store = Store::open(&root).expect("the store opens after a kill");
        assert!(store.read_only().is_none(), "kill {kill}: the dead child's lock is released");
        for notice in store.notices() {
            match notice {
                Notice::HistoryRepaired { dropped: 0, .. } => repaired += 1,
                other => panic!("kill {kill}: nothing may be damaged or lost, yet: {other:?}"),
            }
        }
        let recorded: HashSet<&str> = store.history().iter().map(|summary| summary.id.as_str()).collect();
        for id in &confirmed {
            assert!(recorded.contains(id.as_str()), "kill {kill}: match {id} was reported saved and is missing");
        }
        for saved in store.unfinished() {
            saved.resume().unwrap_or_else(|error| panic!("kill {kill}: the save of {} does not resume: {error}", saved.id));
            resumed_saves += 1;
        }
    }
    // The records replay to the result they recorded.
    let mut store = Store::open(&root).expect("opens");
    let ids: Vec<_> = store.history().iter().map(|summary| summary.id.clone()).collect();
    for id in ids.iter().rev().take(20) {
        let record = store.open_record(id).expect("readable").expect("present");
        let seats = record.occupants();
        let host = rebuild(&MatchStart { options: &record.options, seats: &seats, seed: record.seed }, &record.steps).expect("replays");
        assert_eq!(host.game().match_result(), Some(&record.result), "{id} replays to its result");
    }
    println!(
        "{KILLS} kills in {:.1} s: {} matches reported saved, {} in the history, {resumed_saves} unfinished saves resumed, \
         {leftovers} temporary files left by kills, {repaired} index catch-ups",
        started.elapsed().as_secs_f64(),
        confirmed.len(),
        ids.len()
    );
    assert!(confirmed.len() as u64 >= KILLS, "the children recorded matches between kills ({} in all)", confirmed.len());
}
