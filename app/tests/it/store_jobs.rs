//! Issue 27, item 2: the store's screens draw and ask, and every disk write or long job runs
//! off the frame. Driven through the real app's accessibility tree with a data folder in a
//! temporary directory: profile edits (checked at once, the file written on the writer thread,
//! "Saved" once durable), exports (to the data folder, and to one that cannot be written),
//! records read for the details and the replay (a damaged one set aside and told), and the
//! join screen's network settings stored. Each checks the file on disk and what the screen says.

use crate::store_support;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cardtable::app::{CardtableApp, Screen};
use cardtable::store::Store;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use store_support::{click, type_into, wait_for, with_history};

fn app(root: &Path) -> Harness<'static, CardtableApp> {
    let store = Store::open(root).expect("opens");
    // A job that answers while the harness runs adds the frames of what it shows to that run.
    Harness::builder()
        .with_size([1000.0, 800.0])
        .with_max_steps(20)
        .build_eframe(move |cc| CardtableApp::with_store(cc, 1, Ok(Some(store))))
}

/// Every label on screen that contains `part`.
fn labels_with(harness: &Harness<'_, CardtableApp>, part: &str) -> Vec<String> {
    harness
        .query_all_by_label_contains(part)
        .filter_map(|node| node.accesskit_node().label().or_else(|| node.accesskit_node().value()))
        .collect()
}

/// The profiles' names in the profiles file on disk.
fn names_on_disk(root: &Path) -> Vec<String> {
    let bytes = std::fs::read(root.join("profiles.json")).expect("the profiles file");
    let file: serde_json::Value = serde_json::from_slice(&bytes).expect("JSON");
    file["data"]["profiles"]
        .as_array()
        .expect("a list of profiles")
        .iter()
        .map(|profile| profile["name"].as_str().expect("a name").to_owned())
        .collect()
}

/// "Saved" is on screen and nothing is being saved.
fn saved(harness: &Harness<'_, CardtableApp>) -> bool {
    harness.query_by_label("Saved").is_some() && harness.query_by_label("Saving…").is_none()
}

#[test]
fn profile_edits_are_checked_at_once_and_their_file_is_written_off_the_frame() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let mut harness = app(&root);
    click(&mut harness, "Profiles");
    // Refused at once, in the same words as ever: the book checks in memory.
    click(&mut harness, "Create profile");
    harness.get_by_label("A profile needs a name.");
    assert!(!root.join("profiles.json").exists(), "nothing written for a refused edit");
    type_into(&mut harness, "Name", "Ana");
    click(&mut harness, "Create profile");
    assert_eq!(harness.state().store().expect("a store").profiles().all().len(), 1, "the book has her at once");
    wait_for(&mut harness, "Ana saved", |harness| saved(harness) && names_on_disk(&root) == ["Ana"]);
    // A taken name is refused before anything is written.
    type_into(&mut harness, "Name", "ANA");
    click(&mut harness, "Create profile");
    harness.get_by_label("There is already a profile called Ana.");
    assert!(harness.query_by_label("Saved").is_none(), "the refusal replaces the last status");
    click(&mut harness, "Rename");
    type_into(&mut harness, "New name", " Maria");
    click(&mut harness, "Save");
    wait_for(&mut harness, "the new name saved", |harness| saved(harness) && names_on_disk(&root) == ["Ana Maria"]);
    click(&mut harness, "Delete");
    click(&mut harness, "Delete Ana Maria");
    wait_for(&mut harness, "the deletion saved", |harness| saved(harness) && names_on_disk(&root).is_empty());
    harness.get_by_label_contains("No profiles yet");
}

#[test]
fn a_profile_edit_in_a_folder_that_cannot_be_written_says_why_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let _holder = Store::open(&root).expect("opens and holds the folder");
    let mut harness = app(&root);
    click(&mut harness, "Profiles");
    type_into(&mut harness, "Name", "Ana");
    click(&mut harness, "Create profile");
    let said = labels_with(&harness, "the data folder is read-only here: another Cardtable is using this data folder");
    assert_eq!(said.len(), 1, "the refusal says why, on the next frame: {:?}", labels_with(&harness, ""));
    assert!(harness.query_by_label("Saving…").is_none());
    assert!(harness.state().store().expect("a store").profiles().all().is_empty());
}

#[test]
fn the_history_exports_off_the_frame_and_says_where_the_file_went() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    with_history(&root);
    let mut harness = app(&root);
    click(&mut harness, "History");
    for (button, extension) in [("Export CSV", "csv"), ("Export JSON", "json")] {
        click(&mut harness, button);
        wait_for(&mut harness, "the export", |harness| !labels_with(harness, "Exported 3 matches to").is_empty());
        let said = labels_with(&harness, "Exported 3 matches to").remove(0);
        let path = PathBuf::from(said.trim_start_matches("Exported 3 matches to "));
        assert!(path.starts_with(root.join("exports")), "{said}");
        assert_eq!(path.extension().and_then(|ext| ext.to_str()), Some(extension));
        let text = std::fs::read_to_string(&path).expect("the file is there");
        if extension == "csv" {
            assert_eq!(text.lines().count(), 1 + 3 * 3, "a header, then a row per seat of each match (three seats)");
        } else {
            let file: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            assert_eq!(file["matches"].as_array().map(Vec::len), Some(3));
        }
        assert!(harness.query_by_label("Exporting…").is_none());
    }
}

#[test]
fn an_export_that_cannot_be_written_says_why_on_a_later_frame() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    with_history(&root);
    // Where the exports folder should be, a file: no export can be written there.
    std::fs::write(root.join("exports"), b"not a folder").expect("a file in the way");
    let mut harness = app(&root);
    click(&mut harness, "History");
    harness.get_by_label("Export JSON").click();
    // The frame that took the click returns at once; the export answers later.
    let started = Instant::now();
    harness.step();
    assert!(started.elapsed() < Duration::from_secs(5), "the frame does not wait for the export");
    wait_for(&mut harness, "the failure", |harness| !labels_with(harness, "The export failed:").is_empty());
    assert!(harness.query_by_label("Exporting…").is_none());
    assert!(matches!(harness.state().screen(), Screen::History(_)));
    assert_eq!(std::fs::read(root.join("exports")).expect("still there"), b"not a folder", "nothing written over");
    // The buttons are back: another try says the same.
    click(&mut harness, "Export CSV");
    wait_for(&mut harness, "the second failure", |harness| harness.query_by_label("Exporting…").is_none());
    assert_eq!(labels_with(&harness, "The export failed:").len(), 1);
}

#[test]
fn a_record_opens_off_the_frame_for_its_details_and_its_replay() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    with_history(&root);
    let mut harness = app(&root);
    click(&mut harness, "History");
    harness.get_all_by_label("Details").next().expect("a row").click();
    harness.run();
    wait_for(&mut harness, "the record", |harness| harness.query_by_label("Opening…").is_none());
    assert!(harness.query_all_by_label_contains(" → ").count() >= 3, "each seat's points and total, round by round");
    click(&mut harness, "Replay");
    wait_for(&mut harness, "the replay", |harness| matches!(harness.state().screen(), Screen::Replay(_)));
    let Screen::Replay(replay) = harness.state().screen() else { unreachable!() };
    let steps = replay.replay().len();
    assert!(steps > 0);
    harness.get_by_label(&format!("Step 0 of {steps}"));
}

#[test]
fn a_damaged_record_is_set_aside_off_the_frame_and_told() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    with_history(&root);
    let store = Store::open(&root).expect("opens");
    let newest = store.history().last().expect("a match").id.clone();
    drop(store);
    let record = root.join("history").join("matches").join(format!("{}.json", newest.as_str()));
    assert!(record.exists(), "{}", record.display());
    let mut harness = app(&root);
    click(&mut harness, "History");
    // Damaged once the history was read and checked (a record damaged before is set aside at
    // the start): found when it is read for the screen.
    std::fs::write(&record, b"{\"cardtable\":\"match\",\"sch").expect("damaged");
    // The newest first: the damaged one.
    harness.get_all_by_label("Details").next().expect("a row").click();
    harness.run();
    wait_for(&mut harness, "the record", |harness| harness.query_by_label("Opening…").is_none());
    harness.get_by_label("The record of this match could not be read.");
    let notices = labels_with(&harness, "cut short");
    assert_eq!(notices.len(), 1, "the notice names the damage: {notices:?}");
    assert!(!record.exists(), "set aside");
    click(&mut harness, "Replay");
    wait_for(&mut harness, "the answer", |harness| harness.query_by_label("Opening…").is_none());
    assert!(matches!(harness.state().screen(), Screen::History(_)), "no replay of a record that cannot be read");
    assert!(labels_with(&harness, "could not be read").len() >= 2, "said for the replay too");
}

#[test]
fn the_join_screens_network_settings_are_stored_off_the_frame() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lan = dir.path().join("lan");
    // Tall enough for the join screen's settings to open above the window's edge (a click
    // lands where the button is drawn).
    let mut harness = store_support::lan_window([1000.0, 1100.0], lan.clone());
    harness.get_by_label("Join a table on the home network").click();
    harness.run_steps(3);
    harness.get_by_label("Network settings").click();
    harness.run_steps(3);
    harness.get_by_label("Use broadcast instead of multicast").click();
    harness.run_steps(2);
    harness.get_by_label("Apply").click();
    harness.run_steps(2);
    let stored = |_: &Harness<'_, CardtableApp>| {
        let (settings, _) = cardtable::net::lan::LanSettings::load(&lan);
        settings.broadcast && settings.interface == std::net::Ipv4Addr::LOCALHOST
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while !stored(&harness) {
        assert!(Instant::now() < deadline, "timed out waiting for lan.json");
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
}
