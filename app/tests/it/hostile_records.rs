//! Issue 30, items 10 and 11: a history whose index was deleted opened before the window (6.2 s
//! with 20,000 matches, no window at all), and records were checked for notation only (a
//! tampered winner was accepted; a 10⁶-step record of valid text was accepted and exporting it
//! took 263 MB). The window now draws at once and counts the records being read; a record is
//! trusted only if it replays to its stored rounds and result, and holds no more steps than a
//! match takes.

use crate::store_support;

use std::fs;
use std::path::Path;

use cardtable::app::CardtableApp;
use cardtable::store::document::{self, Damage};
use cardtable::store::export_job::{ExportFormat, export};
use cardtable::store::history::{HistoryIndex, INDEX_FILE, record_path};
use cardtable::store::record::{MAX_STEPS, MatchId, MatchRecord};
use cardtable::store::{Notice, Store};
use cardtable_engine::{GameKind, Seat, SeatSet};
use egui_kittest::kittest::Queryable;
use store_support::{at, finished, wait_for};

/// Writes `count` records under `root` (copies of a few real matches under their own ids and
/// dates), with no index.
fn history_without_index(root: &Path, count: usize) -> Vec<MatchId> {
    let store = Store::open(root).expect("opens");
    let matches: Vec<MatchRecord> = (1..=4).map(|seed| finished(&store, GameKind::ALL[seed as usize], seed, 1_000)).collect();
    drop(store);
    let mut ids = Vec::new();
    for index in 0..count {
        let mut record = matches[index % matches.len()].clone();
        record.finished = at(10_000 + i64::try_from(index).expect("small") * 60);
        record.id = MatchId::new(record.finished, index as u64);
        fs::write(record_path(root, &record.id), document::encode(&record).expect("encodes")).expect("written");
        ids.push(record.id);
    }
    let _ = fs::remove_file(root.join(INDEX_FILE));
    ids
}

/// The record in `path`.
fn read_record(path: &Path) -> MatchRecord {
    document::decode::<MatchRecord>(&fs::read(path).expect("read")).expect("reads").into_value().expect("current")
}

/// Changes the record in `path` with `edit`, as a hand with a text editor would.
fn edit_record(path: &Path, edit: impl FnOnce(&mut MatchRecord)) {
    let mut record = read_record(path);
    edit(&mut record);
    fs::write(path, document::encode(&record).expect("encodes")).expect("written");
}

/// Item 10: the window's first frame does not wait for the history: the store opens without
/// it, the banner counts the records a deleted index lacks as they are read, and the history is
/// whole once they are.
#[test]
fn the_window_draws_while_a_lost_index_is_rebuilt() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let count = 1_500;
    history_without_index(&root, count);
    let store = Store::open_for_window(&root).expect("opens");
    // Reading 1,500 records (each replayed) takes seconds; the open returned before it.
    let (read, of) = store.history_progress().expect("the history is read behind the open");
    assert!(read < count && store.history().len() < count, "{read} of {of}");
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1280.0, 800.0])
        .build_eframe(move |cc| CardtableApp::with_store(cc, 1, Ok(Some(store))));
    harness.step();
    assert!(harness.query_by_label_contains("Reading the match history").is_some(), "the first frame says what is going on");
    harness.get_by_label("How to play Crazy Eights");
    wait_for(&mut harness, "the rebuilt history", |harness| {
        harness.state().store().is_some_and(|store| store.history().len() == count && store.history_progress().is_none())
    });
    assert!(harness.query_by_label_contains("Reading the match history").is_none(), "the count goes once it is done");
    let store = harness.state().store().expect("a store");
    assert!(store.notices().is_empty(), "a first index is built without a word: {:?}", store.notices());
    drop(harness);
    assert!(root.join(INDEX_FILE).exists(), "and written for the next start");
    let store = Store::open(&root).expect("reopens");
    assert_eq!(store.history().len(), count, "the index lists every match");
    assert!(store.notices().is_empty(), "nothing found or gone: {:?}", store.notices());
}

/// Tampers a record's result: a seat that lost is written down as the only winner.
fn give_the_win_to_a_loser(record: &mut MatchRecord) {
    let loser =
        (0..record.seats.len()).map(|seat| Seat(u8::try_from(seat).expect("small"))).find(|seat| !record.result.winners.contains(*seat));
    record.result.winners = SeatSet::only(loser.expect("somebody lost"));
}

/// Item 11: a record whose winner was changed, and one whose scores were, are set aside by
/// name when the history is rebuilt (they leave the history, so the statistics never count
/// them); the others are kept.
#[test]
fn a_record_that_does_not_replay_to_its_result_is_set_aside_and_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let ids = history_without_index(&root, 6);
    let winner = record_path(&root, &ids[0]);
    edit_record(&winner, give_the_win_to_a_loser);
    let scores = record_path(&root, &ids[1]);
    edit_record(&scores, |record| {
        let last = record.rounds.len() - 1;
        record.rounds[last].totals = record.rounds[last].totals.map(|_, total| total + 1);
    });
    let store = Store::open(&root).expect("opens");
    assert_eq!(store.history().len(), 4, "{:?}", store.notices());
    assert!(store.history().iter().all(|summary| summary.id != ids[0] && summary.id != ids[1]));
    for (file, words) in [(&winner, "its result is not what its steps play to"), (&scores, "its rounds' scores are not")] {
        assert!(
            store.notices().iter().any(|notice| matches!(
                notice,
                Notice::Damaged { file: named, damage: Damage::Shape { reason, .. }, moved_to: Some(_), .. }
                    if named == file && reason.contains(words)
            )),
            "{file:?}: {:?}",
            store.notices()
        );
        assert!(!file.exists(), "set aside");
    }
}

/// Item 11: a record of valid text longer than any match (here one step past the limit) is
/// refused as damage, so no export or replay ever holds one in memory.
#[test]
fn a_record_longer_than_any_match_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let ids = history_without_index(&root, 2);
    let mut record = read_record(&record_path(&root, &ids[0]));
    let steps = record.steps.clone();
    while record.steps.len() <= MAX_STEPS {
        record.steps.extend_from_slice(&steps);
    }
    let bytes = document::encode(&record).expect("encodes");
    match document::decode::<MatchRecord>(&bytes) {
        Err(Damage::Shape { reason, .. }) => assert!(reason.contains("more than any match takes"), "{reason}"),
        other => panic!("a record of {} steps was accepted: {other:?}", record.steps.len()),
    }
}

/// Item 11, with the index intact: every match it lists is checked once against its record, its
/// digest kept in the index. A winner edited in a record and a summary edited in the index are
/// both caught at the next start, without deleting the index: the record is set aside by name,
/// and the edited summary is named and replaced by what its record plays to.
#[test]
fn an_intact_index_is_checked_against_the_records() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let ids = history_without_index(&root, 6);
    drop(Store::open(&root).expect("builds the index"));
    let index_path = root.join(INDEX_FILE);
    let read_index =
        || document::decode::<HistoryIndex>(&fs::read(&index_path).expect("the index")).expect("reads").into_value().expect("current");
    let index = read_index();
    assert_eq!(index.checked.len(), ids.len(), "each record replayed once, its digest kept");
    let honest = read_record(&record_path(&root, &ids[3])).summary();
    let mut edited = index.clone();
    let listed = edited.matches.iter_mut().find(|summary| summary.id == ids[3]).expect("listed");
    for seat in &mut listed.seats {
        seat.won = !seat.won;
    }
    fs::write(&index_path, document::encode(&edited).expect("encodes")).expect("written");
    let winner = record_path(&root, &ids[0]);
    edit_record(&winner, give_the_win_to_a_loser);

    let store = Store::open(&root).expect("opens");
    assert!(
        store.notices().iter().any(|notice| matches!(
            notice,
            Notice::Damaged { file, damage: Damage::Shape { reason, .. }, .. }
                if *file == winner && reason.contains("its result is not what its steps play to")
        )),
        "{:?}",
        store.notices()
    );
    assert!(
        store.notices().iter().any(|notice| matches!(notice, Notice::SummariesEdited { matches } if *matches == [ids[3].clone()])),
        "{:?}",
        store.notices()
    );
    assert!(
        !store.notices().iter().any(|notice| matches!(notice, Notice::Damaged { file, .. } if *file == index_path)),
        "the index itself is not rebuilt: {:?}",
        store.notices()
    );
    assert_eq!(store.history().len(), ids.len() - 1, "the tampered record leaves the history and the statistics");
    assert!(store.history().iter().all(|summary| summary.id != ids[0]));
    let shown = store.history().iter().find(|summary| summary.id == ids[3]).expect("still in the history");
    assert_eq!(*shown, honest, "shown as its record plays to, not as the index was edited");
    store.flush();
    drop(store);

    let index = read_index();
    assert_eq!(index.matches.iter().find(|summary| summary.id == ids[3]), Some(&honest), "the index is put right");
    assert_eq!(index.checked.len(), ids.len() - 1);
    let store = Store::open(&root).expect("reopens");
    assert!(store.notices().is_empty(), "nothing left to name: {:?}", store.notices());
    assert_eq!(store.history().len(), ids.len() - 1);
}

/// Item 11: exporting a record held it whole in memory, three times over (a 10⁶-step record took
/// 263 MB). A record checked at the start and unchanged since is copied into the export as its
/// file holds it, a few kilobytes at a time (`cargo bench -p cardtable --bench export_memory` prints the
/// memory); one changed since it was checked is not copied but read, and so replayed: a
/// tampered one is set aside and left out, never exported on the strength of an old check.
#[test]
fn an_export_copies_checked_records_and_reads_changed_ones() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let ids = history_without_index(&root, 3);
    let mut store = Store::open(&root).expect("opens");
    assert!(ids.iter().all(|id| store.checked_digest(id).is_some()), "each record was checked");
    let tampered = record_path(&root, &ids[1]);
    edit_record(&tampered, |record| record.result.winners = SeatSet::EMPTY);
    let target = dir.path().join("history.json");
    let report = export(&mut store, ExportFormat::Json, &target).expect("exported");
    assert_eq!((report.written, report.left_out.clone()), (2, vec![ids[1].clone()]));
    assert!(store.notices().iter().any(|notice| matches!(notice, Notice::Damaged { file, .. } if *file == tampered)));
    let text = fs::read_to_string(&target).expect("written");
    let exported: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let matches = exported["matches"].as_array().expect("a list");
    for (exported, id) in matches.iter().zip([&ids[0], &ids[2]]) {
        let path = record_path(&root, id);
        assert_eq!(*exported, serde_json::to_value(read_record(&path)).expect("a value"), "{id}: the record as it is");
        let file = fs::read_to_string(&path).expect("the record");
        let data = file.split_once("\"data\": ").expect("the data").1.strip_suffix("\n}\n").expect("the end");
        assert!(text.contains(data), "{id}: copied as the file holds it");
    }
}
