//! Issue 30, item 11: saved games carried no digest, so a save changed by hand into other text
//! that still replays (a seat renamed, a step's time moved) was resumed as if it had been played.
//! A save now carries the digest of what it holds: one changed after it was written is refused
//! in words as damaged and never offered for resuming; a save of format 1 (no digest) still
//! loads, and is given one.

use crate::store_support;

use std::fs;

use cardtable::store::atomic::backup_path;
use cardtable::store::document::{self, Damage, Decoded};
use cardtable::store::saved::{SavedMatch, saved_path};
use cardtable::store::{Notice, Store};
use store_support::unfinished;

/// A data folder holding one save (and no backup of it); returns the folder, its root and the save.
fn one_save() -> (tempfile::TempDir, std::path::PathBuf, SavedMatch) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let mut store = Store::open(&root).expect("opens");
    let saved = unfinished(&store, 5, 30, 200);
    store.save_unfinished(saved.clone()).expect("writable").wait().expect("durable");
    store.flush();
    drop(store);
    assert!(!backup_path(&saved_path(&root, &saved.id)).exists(), "a first save has no backup");
    (dir, root, saved)
}

/// A save whose text was changed into other valid text that replays (a seat renamed) is set
/// aside as damaged, by name, and not offered for resuming.
#[test]
fn a_save_changed_after_it_was_written_is_not_resumed() {
    let (_dir, root, saved) = one_save();
    let path = saved_path(&root, &saved.id);
    let text = fs::read_to_string(&path).expect("the save");
    let name = &saved.seats[0].name;
    let changed = text.replacen(&format!("\"name\":\"{name}\""), "\"name\":\"Mallory\"", 1);
    assert_ne!(changed, text, "the seat's name is in the save");
    fs::write(&path, &changed).expect("written");
    let mut renamed = saved.clone();
    renamed.seats[0].name = "Mallory".to_owned();
    assert!(renamed.resume().is_ok(), "the changed save would replay: only its digest tells");

    let store = Store::open(&root).expect("opens");
    assert!(store.unfinished().is_empty(), "not offered for resuming: {:?}", store.unfinished());
    assert!(
        store.notices().iter().any(|notice| matches!(
            notice,
            Notice::Damaged { file, damage: Damage::Shape { reason, .. }, moved_to: Some(_), .. }
                if *file == path && reason.contains("changed after it was saved")
        )),
        "{:?}",
        store.notices()
    );
    let words = store.notices().iter().map(ToString::to_string).collect::<Vec<_>>().join("\n");
    assert!(words.contains("its digest does not match what it holds"), "{words}");
    assert!(!path.exists(), "set aside");
}

/// A save of format 2 whose digest was taken out is refused too: a digest cannot be dropped to
/// pass as a save of format 1.
#[test]
fn a_save_without_its_digest_is_refused() {
    let (_dir, root, saved) = one_save();
    let path = saved_path(&root, &saved.id);
    let mut value: serde_json::Value = serde_json::from_slice(&fs::read(&path).expect("the save")).expect("JSON");
    assert!(value["data"]["digest"].as_str().is_some_and(|digest| digest.len() == 64), "{value}");
    value["data"].as_object_mut().expect("an object").remove("digest");
    fs::write(&path, serde_json::to_vec(&value).expect("encodes")).expect("written");
    let store = Store::open(&root).expect("opens");
    assert!(store.unfinished().is_empty());
    assert!(store.notices().iter().any(|notice| matches!(notice, Notice::Damaged { file, .. } if *file == path)));
}

/// A save of format 1, written before saves had a digest, still loads and resumes; it is
/// upgraded to format 2, its original kept.
#[test]
fn an_older_save_without_a_digest_still_loads() {
    let (_dir, root, saved) = one_save();
    let path = saved_path(&root, &saved.id);
    let mut value: serde_json::Value = serde_json::from_slice(&fs::read(&path).expect("the save")).expect("JSON");
    value["schema"] = 1.into();
    value["data"].as_object_mut().expect("an object").remove("digest");
    fs::write(&path, serde_json::to_vec(&value).expect("encodes")).expect("written");

    let store = Store::open(&root).expect("opens");
    assert_eq!(store.unfinished(), std::slice::from_ref(&saved), "{:?}", store.notices());
    assert!(store.unfinished()[0].resume().is_ok());
    assert!(
        store.notices().iter().any(|notice| matches!(notice, Notice::Migrated { file, from: 1, to: 2, .. } if *file == path)),
        "{:?}",
        store.notices()
    );
    drop(store);
    match document::decode::<SavedMatch>(&fs::read(&path).expect("upgraded")) {
        Ok(Decoded::Current(upgraded)) => assert_eq!(upgraded, saved),
        other => panic!("the save was not upgraded with its digest: {other:?}"),
    }
}
