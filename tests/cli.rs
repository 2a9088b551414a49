//! The `cardtable` binary's headless commands, end to end: documented scenarios run, and bad
//! input (files, arguments, options) gets a clear error and a non-zero exit, never a panic.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cardtable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardtable")).args(args).output().expect("the binary runs")
}

fn docs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/scenarios")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("cardtable-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("temp file");
    path
}

#[test]
fn every_documented_scenario_runs_and_prints_its_outcome_as_json() {
    let mut ran = 0;
    for entry in std::fs::read_dir(docs()).expect("docs/scenarios") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|extension| extension == "json") {
            let output = cardtable(&["scenario", path.to_str().expect("utf-8 path")]);
            assert!(output.status.success(), "{}: {}", path.display(), stderr(&output));
            let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON on stdout");
            assert!(json["views"].is_array() && json["events"].is_array() && json["spectator"].is_object(), "{}", path.display());
            ran += 1;
        }
    }
    // One example per game, and the two tables that `--scenario` opens for the README's
    // screenshots: the 20-card hand and Youglouf's penalty slots.
    assert_eq!(ran, 7, "one example per game, big-hand.json and youglouf-penalties.json");
    assert!(docs().join("big-hand.json").is_file() && docs().join("youglouf-penalties.json").is_file());
}

#[test]
fn an_illegal_step_is_named_by_index_and_fails() {
    let bad = scratch(
        "illegal.json",
        r#"{"game":"crazy-eights","players":2,"hands":[["2C","3C","4C","5C","6C"],["2D","3D","4D","5D","6D"]],
            "deck":["KD"],"actions":[{"seat":1,"action":"play 2D"},{"seat":0,"action":"play 3C"}]}"#,
    );
    let output = cardtable(&["scenario", bad.to_str().expect("utf-8")]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(message.contains("action #1") && message.contains("play 3C"), "{message}");
    assert!(!message.contains("panicked"), "{message}");
}

#[test]
fn unreadable_and_malformed_files_get_clear_errors() {
    let missing = cardtable(&["scenario", "/nonexistent/scenario.json"]);
    assert!(!missing.status.success());
    assert!(stderr(&missing).contains("cannot read"), "{}", stderr(&missing));
    for (name, text, expected) in [
        ("garbage.json", "\u{0}\u{1}not json at all", "not a scenario file"),
        ("truncated.json", r#"{"game":"dunno","players":3,"actions":[{"seat":1"#, "not a scenario file"),
        ("third-copy.json", r#"{"game":"youglouf","players":4,"deck":["QS","QS"]}"#, "QS"),
        ("players.json", r#"{"game":"fool108","players":9}"#, "2 to 6 players"),
        ("options.json", r#"{"game":"crazy-eights","players":3,"options":{"draw_too":"skip"}}"#, "draw_too"),
        ("notation.json", r#"{"game":"hundred-one","players":3,"actions":[{"seat":1,"action":"jump"}]}"#, "action #0"),
    ] {
        let file = scratch(name, text);
        let output = cardtable(&["scenario", file.to_str().expect("utf-8")]);
        assert!(!output.status.success(), "{name} was accepted");
        let message = stderr(&output);
        assert!(message.contains(expected) && !message.contains("panicked"), "{name}: {message}");
    }
}

#[test]
fn sim_reports_a_sound_run_as_json() {
    let output = cardtable(&["sim", "--game", "crazy-eights", "--players", "3", "--matches", "20", "--seed", "3", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["report"]["matches"], 20);
    assert_eq!(json["report"]["panics"], 0);
    assert_eq!(json["report"]["conservation_failures"], 0);
    let again = cardtable(&["sim", "--game", "crazy-eights", "--players", "3", "--matches", "20", "--seed", "3", "--json"]);
    let again: serde_json::Value = serde_json::from_slice(&again.stdout).expect("JSON");
    assert_eq!(json["report"], again["report"], "the same seed replays the same run");
}

#[test]
fn sim_refuses_bad_arguments_clearly() {
    for (args, expected) in [
        (vec!["sim", "--game", "snap"], "unknown game `snap`"),
        (vec!["sim", "--game", "dunno", "--players", "9"], "2 to 6 players"),
        (vec!["sim", "--game", "fool108", "--options", "{bad"], "not valid JSON"),
        (vec!["sim", "--game", "fool108", "--options", r#"{"score_limit":"high"}"#], "score_limit"),
        (vec!["sim", "--game", "youglouf", "--players", "two"], "invalid value"),
    ] {
        let output = cardtable(&args);
        assert!(!output.status.success(), "{args:?} was accepted");
        let message = stderr(&output);
        assert!(message.contains(expected) && !message.contains("panicked"), "{args:?}: {message}");
    }
}

/// `sim --seats`: any mix of levels at any game; win rates with intervals and decision times.
#[test]
fn sim_seats_plays_any_mix_of_levels_at_every_game() {
    for game in ["crazy-eights", "fool108", "hundred-one", "dunno", "youglouf"] {
        let seats = if game == "dunno" { "hard,easy,random" } else { "hard,normal,easy,random" };
        let output = cardtable(&["sim", "--game", game, "--seats", seats, "--matches", "2", "--iterations", "40", "--seed", "1"]);
        assert!(output.status.success(), "{game}: {}", stderr(&output));
        let table = String::from_utf8_lossy(&output.stdout);
        for expected in ["2 matches", "95 % interval", "parity", "Hard: 40 iterations", "hard", "easy", "random", "median"] {
            assert!(table.contains(expected), "{game}: no `{expected}` in\n{table}");
        }
    }
    let output = cardtable(&["sim", "--game", "dunno", "--seats", "hard,expert", "--matches", "1"]);
    assert!(!output.status.success() && stderr(&output).contains("unknown bot level `expert`"), "{}", stderr(&output));
}

#[test]
fn version_prints_the_name_and_the_cargo_version() {
    for flag in ["--version", "-V"] {
        let output = cardtable(&[flag]);
        assert!(output.status.success(), "{flag}: {}", stderr(&output));
        assert_eq!(String::from_utf8_lossy(&output.stdout), format!("cardtable {}\n", env!("CARGO_PKG_VERSION")), "{flag}");
    }
}
