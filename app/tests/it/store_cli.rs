//! The data folder from the command line: `--data-dir` wins, otherwise the platform's config
//! folder, which follows `XDG_CONFIG_HOME` (and `HOME`) on Linux, so tests never touch a real
//! profile; `cardtable export` writes the history as CSV or JSON.

use crate::store_support;

use std::path::Path;
use std::process::{Command, Output};

use cardtable::store::Store;
use cardtable_engine::GameKind;

fn cardtable(args: &[&str], home: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(args)
        .env("HOME", home.join("home"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .output()
        .expect("runs")
}

#[cfg(target_os = "linux")]
#[test]
fn without_a_flag_the_data_goes_to_the_xdg_config_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let output = cardtable(&["export", "--format", "csv"], dir.path());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let printed = String::from_utf8_lossy(&output.stdout);
    let expected = dir.path().join("config/cardtable/exports");
    assert!(printed.contains(&expected.display().to_string()), "{printed}");
    assert!(dir.path().join("config/cardtable/profiles.json").exists() || dir.path().join("config/cardtable/history").is_dir());
    assert!(!dir.path().join("home").exists(), "nothing under HOME when XDG_CONFIG_HOME is set");
}

#[test]
fn the_flag_wins_and_exports_are_complete() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("elsewhere");
    let mut store = Store::open(&root).expect("opens");
    for (seed, kind) in [(1, GameKind::CrazyEights), (2, GameKind::Fool108)] {
        let record = store_support::finished(&store, kind, seed, 100 + seed.cast_signed());
        store.record(record).expect("writable").wait().expect("durable");
    }
    store.flush();
    drop(store);
    let csv_file = dir.path().join("out/history.csv");
    let output =
        cardtable(&["--data-dir", root.to_str().expect("utf-8"), "export", "--out", csv_file.to_str().expect("utf-8")], dir.path());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("exported 2 matches"));
    let csv = std::fs::read_to_string(&csv_file).expect("written");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "match_id,finished,game,rounds,seat,name,profile_id,bot_level,total,won,lost,round_points");
    assert_eq!(lines.len(), 1 + 2 * 3, "a row per seat of each match");
    assert!(lines[1..].iter().any(|line| line.contains(",fool108,")));
    let json_file = dir.path().join("out/history.json");
    let output = cardtable(
        &["--data-dir", root.to_str().expect("utf-8"), "export", "--format", "json", "--out", json_file.to_str().expect("utf-8")],
        dir.path(),
    );
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&json_file).expect("written")).expect("valid JSON");
    let matches = json["matches"].as_array().expect("a list");
    assert_eq!(matches.len(), 2);
    let record: cardtable::store::record::MatchRecord = serde_json::from_value(matches[1].clone()).expect("a full record");
    assert_eq!(record.game(), GameKind::Fool108);
    assert!(!record.steps.is_empty() && !record.rounds.is_empty());
    assert!(!dir.path().join("config").exists() && !dir.path().join("home").exists(), "the flag kept everything in its folder");
}

#[test]
fn a_data_dir_that_cannot_be_made_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("a-file");
    std::fs::write(&file, b"x").expect("written");
    let output = cardtable(&["--data-dir", file.join("sub").to_str().expect("utf-8"), "export"], dir.path());
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot open the data folder") && !stderr.contains("panicked"), "{stderr}");
}
