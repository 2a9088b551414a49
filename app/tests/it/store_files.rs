//! The store's files (issue 9, "How it is stored"): each kind of damage (empty, truncated,
//! garbage) to each file is moved aside, replaced by the last good backup (or rebuilt), and told
//! in exactly one notice; a committed version-1 folder migrates keeping its original; a newer
//! file opens read-only and is left untouched; bad bytes never panic.

use crate::store_support;

use std::fs;
use std::path::{Path, PathBuf};

use cardtable::store::document::{self, Damage};
use cardtable::store::profiles::{Avatar, ProfileBook};
use cardtable::store::record::MatchRecord;
use cardtable::store::{Notice, ReadOnlyReason, Recovery, Store, StoreError};
use cardtable_engine::GameKind;
use store_support::{at, finished, unfinished};

/// The three kinds of damage the issue names, applied to a file's bytes.
#[derive(Debug, Clone, Copy)]
enum Harm {
    Empty,
    Truncated,
    Garbage,
}

const HARMS: [Harm; 3] = [Harm::Empty, Harm::Truncated, Harm::Garbage];

impl Harm {
    fn apply(self, path: &Path) -> Vec<u8> {
        let bytes = fs::read(path).expect("the file to damage exists");
        let damaged = match self {
            Harm::Empty => Vec::new(),
            Harm::Truncated => bytes[..bytes.len() * 2 / 3].to_vec(),
            Harm::Garbage => b"\x00\x9f\xffPK\x03\x04 not json at all".to_vec(),
        };
        fs::write(path, &damaged).expect("damaged");
        damaged
    }

    fn matches(self, damage: &Damage) -> bool {
        matches!(
            (self, damage),
            (Harm::Empty, Damage::Empty) | (Harm::Truncated, Damage::Truncated(_)) | (Harm::Garbage, Damage::Garbage(_))
        )
    }
}

/// The single notice of a damaged `file`, checked: the right damage, the damaged bytes kept
/// aside, and the recovery.
fn one_damage_notice(store: &Store, file: &Path, harm: Harm, damaged: &[u8], recovery: Recovery) {
    let notices = store.notices();
    assert_eq!(notices.len(), 1, "{harm:?}: exactly one message: {notices:?}");
    let Notice::Damaged { file: named, damage, moved_to, recovered } = &notices[0] else {
        panic!("{harm:?}: a damage notice: {notices:?}")
    };
    assert_eq!(named, file);
    assert!(harm.matches(damage), "{harm:?} is named as such, not {damage:?}");
    let moved_to = moved_to.as_ref().expect("moved aside");
    assert_eq!(fs::read(moved_to).expect("kept aside"), damaged, "{harm:?}: the damaged file is kept as it was");
    assert_eq!(*recovered, recovery);
}

fn fresh() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    (dir, root)
}

fn create(store: &mut Store, name: &str) {
    store.edit_profiles(|book| book.create(name, Avatar::Colour([10, 20, 30]), at(1))).expect("created").1.wait().expect("durable");
}

#[test]
fn damaged_profiles_are_moved_aside_and_the_last_good_backup_is_used() {
    for harm in HARMS {
        let (_dir, root) = fresh();
        let mut store = Store::open(&root).expect("opens");
        create(&mut store, "Ana");
        create(&mut store, "Boris");
        drop(store);
        let file = root.join("profiles.json");
        let damaged = harm.apply(&file);
        let store = Store::open(&root).expect("a damaged file does not stop the store");
        one_damage_notice(&store, &file, harm, &damaged, Recovery::Backup);
        let names: Vec<&str> = store.profiles().all().iter().map(|profile| profile.name.as_str()).collect();
        assert_eq!(names, ["Ana"], "{harm:?}: the backup is the version before the last write");
        drop(store);
        let store = Store::open(&root).expect("opens");
        assert!(store.notices().is_empty(), "{harm:?}: repaired for good: {:?}", store.notices());
        assert_eq!(store.profiles().all().len(), 1);
    }
}

#[test]
fn a_damaged_file_without_backup_starts_empty_and_says_so() {
    for harm in HARMS {
        let (_dir, root) = fresh();
        let mut store = Store::open(&root).expect("opens");
        create(&mut store, "Ana");
        drop(store);
        let file = root.join("profiles.json");
        let damaged = harm.apply(&file);
        let store = Store::open(&root).expect("opens");
        one_damage_notice(&store, &file, harm, &damaged, Recovery::Nothing);
        assert!(store.profiles().all().is_empty());
    }
}

#[test]
fn a_damaged_history_index_is_rebuilt_from_the_records() {
    for harm in HARMS {
        let (_dir, root) = fresh();
        let mut store = Store::open(&root).expect("opens");
        for (seed, kind) in [(1, GameKind::CrazyEights), (2, GameKind::Dunno), (3, GameKind::HundredOne)] {
            let record = finished(&store, kind, seed, 1_000 + seed.cast_signed());
            store.record(record).expect("writable").wait().expect("durable");
        }
        let before = store.history().to_vec();
        drop(store);
        let file = root.join("history/index.json");
        let damaged = harm.apply(&file);
        let store = Store::open(&root).expect("opens");
        one_damage_notice(&store, &file, harm, &damaged, Recovery::Rebuilt);
        assert_eq!(store.history(), before, "{harm:?}: every match is back, in order");
    }
}

#[test]
fn a_damaged_match_record_is_set_aside_and_the_rest_of_the_history_stays() {
    for harm in HARMS {
        let (_dir, root) = fresh();
        let mut store = Store::open(&root).expect("opens");
        let keep = finished(&store, GameKind::CrazyEights, 5, 2_000);
        let lose = finished(&store, GameKind::Dunno, 6, 2_001);
        let (keep_id, lose_id) = (keep.id.clone(), lose.id.clone());
        store.record(keep).expect("writable").wait().expect("durable");
        store.record(lose).expect("writable").wait().expect("durable");
        store.flush();
        drop(store);
        let file = root.join(format!("history/matches/{lose_id}.json"));
        // Damaged while the store is open: found when it is read (the replay viewer).
        let mut store = Store::open(&root).expect("opens");
        assert!(store.notices().is_empty(), "both records replay: {:?}", store.notices());
        let damaged = harm.apply(&file);
        assert!(store.open_record(&lose_id).expect("no IO error").is_none());
        one_damage_notice(&store, &file, harm, &damaged, Recovery::Nothing);
        assert!(store.open_record(&keep_id).expect("readable").is_some());
        drop(store);
        // Damaged between two starts, the index intact: found when the index is checked
        // against the records, before the history is shown.
        fs::write(&file, &damaged).expect("damaged again");
        let store = Store::open(&root).expect("opens");
        one_damage_notice(&store, &file, harm, &damaged, Recovery::Nothing);
        assert_eq!(store.untrusted(), std::slice::from_ref(&lose_id));
        let ids: Vec<_> = store.history().iter().map(|summary| summary.id.clone()).collect();
        assert_eq!(ids, std::slice::from_ref(&keep_id), "{harm:?}: the good match stays");
        drop(store);
        // Without an index, the damaged record is found while rebuilding it.
        fs::remove_file(root.join("history/index.json")).expect("removed");
        fs::write(&file, &damaged).expect("damaged again");
        let store = Store::open(&root).expect("opens");
        one_damage_notice(&store, &file, harm, &damaged, Recovery::Nothing);
        let ids: Vec<_> = store.history().iter().map(|summary| summary.id.clone()).collect();
        assert_eq!(ids, std::slice::from_ref(&keep_id), "{harm:?}: the good match stays");
    }
}

#[test]
fn a_damaged_save_falls_back_to_the_save_before_it() {
    for harm in HARMS {
        let (_dir, root) = fresh();
        let mut store = Store::open(&root).expect("opens");
        let earlier = unfinished(&store, 9, 10, 100);
        let later = unfinished(&store, 9, 11, 101);
        assert_eq!(earlier.id, later.id, "one match, saved twice");
        store.save_unfinished(earlier.clone()).expect("writable").wait().expect("durable");
        store.save_unfinished(later).expect("writable").wait().expect("durable");
        drop(store);
        let file = root.join(format!("saved/{}.json", earlier.id));
        let damaged = harm.apply(&file);
        let store = Store::open(&root).expect("opens");
        one_damage_notice(&store, &file, harm, &damaged, Recovery::Backup);
        assert_eq!(store.unfinished(), std::slice::from_ref(&earlier), "{harm:?}: one action is lost, not the match");
        assert_eq!(store.unfinished()[0].resume().expect("resumes").steps().len(), 10);
    }
}

#[test]
fn damaged_settings_fall_back_to_their_backup() {
    for harm in HARMS {
        let (_dir, root) = fresh();
        let store = Store::open(&root).expect("opens");
        store.save_settings(serde_json::json!({ "language": "ru" })).expect("writable").wait().expect("durable");
        store.save_settings(serde_json::json!({ "language": "en" })).expect("writable").wait().expect("durable");
        drop(store);
        let file = root.join("settings.json");
        let damaged = harm.apply(&file);
        let mut store = Store::open(&root).expect("opens");
        let settings: serde_json::Value = store.load_settings().expect("readable");
        assert_eq!(settings, serde_json::json!({ "language": "ru" }));
        one_damage_notice(&store, &file, harm, &damaged, Recovery::Backup);
    }
}

#[test]
fn a_missing_file_with_a_backup_comes_back_from_it() {
    let (_dir, root) = fresh();
    let mut store = Store::open(&root).expect("opens");
    create(&mut store, "Ana");
    create(&mut store, "Boris");
    drop(store);
    fs::remove_file(root.join("profiles.json")).expect("removed");
    let store = Store::open(&root).expect("opens");
    assert!(
        matches!(store.notices(), [Notice::Damaged { damage: Damage::Missing, recovered: Recovery::Backup, .. }]),
        "{:?}",
        store.notices()
    );
    assert_eq!(store.profiles().all().len(), 1);
}

fn copy_folder(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("created");
    for entry in fs::read_dir(from).expect("listable") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).expect("copied");
        }
    }
}

#[test]
fn a_version_1_folder_migrates_and_keeps_the_original() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/store-v1");
    let (_dir, root) = fresh();
    copy_folder(&fixture, &root);
    let mut store = Store::open(&root).expect("opens");
    store.finish_upgrades();
    let original = root.join("profiles.v1.json");
    let match_file = "history/matches/20261122T132151492Z-e42e3885.json";
    let old_match = fs::read(fixture.join(match_file)).expect("fixture");
    let new_match = fs::read(root.join(match_file)).expect("upgraded");
    assert_eq!(
        store.notices(),
        [
            Notice::Migrated { file: root.join("profiles.json"), from: 1, to: 2, original: Some(original.clone()) },
            Notice::Compacted { matches: 1, freed: (old_match.len() - new_match.len()) as u64 }
        ],
        "one message each, naming the kept original of the profiles; the match record keeps none"
    );
    assert!(new_match.len() * 2 < old_match.len(), "the match record was rewritten compact: {} bytes", new_match.len());
    // Format 2 pinned byte for byte (the same file seeds the store fuzzer).
    let pinned = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/store_files/record-v2");
    assert_eq!(String::from_utf8_lossy(&new_match), fs::read_to_string(pinned).expect("the pinned format-2 record"));
    assert!(new_match.starts_with(document::current_header::<MatchRecord>().as_bytes()));
    assert!(!root.join("history/matches/20261122T132151492Z-e42e3885.v1.json").exists(), "no original of a match record");
    assert_eq!(
        fs::read(&original).expect("kept"),
        fs::read(fixture.join("profiles.json")).expect("fixture"),
        "the original, byte for byte"
    );
    let ana = store.profiles().by_name("Ana").expect("Ana migrated");
    assert_eq!(ana.avatar, Avatar::Colour([0xe0, 0x53, 0x3d]));
    assert_eq!(ana.created, "2026-03-01T10:00:00Z".parse::<jiff::Timestamp>().expect("a time"));
    assert_eq!(store.profiles().by_name("Boris").expect("Boris migrated").avatar, Avatar::Colour([0x3d, 0x7b, 0xe0]));
    let summary = store.history().first().expect("the fixture's match").clone();
    assert_eq!(summary.seat_of(ana.id).expect("Ana played").name, "Ana");
    let record = store.open_record(&summary.id).expect("readable").expect("present");
    let host = cardtable::session::replay::rebuild(
        &cardtable::session::replay::MatchStart { options: &record.options, seats: &record.occupants(), seed: record.seed },
        &record.steps,
    )
    .expect("the version-1 record replays");
    assert_eq!(host.game().match_result(), Some(&record.result));
    let settings: serde_json::Value = store.load_settings().expect("readable");
    assert_eq!(settings["language"], "ru");
    let (id, receipt) = store.edit_profiles(|book| book.create("Clara", Avatar::Emoji("🐙".into()), at(5))).expect("writable");
    receipt.wait().expect("durable");
    assert_eq!(id.0, 4, "ids go on after the highest migrated one");
    drop(store);
    let store = Store::open(&root).expect("opens");
    assert!(store.notices().is_empty(), "migrated once: {:?}", store.notices());
    let on_disk: serde_json::Value = serde_json::from_slice(&fs::read(root.join("profiles.json")).expect("read")).expect("JSON");
    assert_eq!(on_disk["schema"], 2);
}

#[test]
fn a_file_from_a_newer_version_opens_read_only_and_is_left_untouched() {
    let (_dir, root) = fresh();
    fs::create_dir_all(&root).expect("created");
    let newer = br#"{"cardtable":"profiles","schema":99,"data":{"profiles":[{"id":1,"name":"Ana","avatar":{"emoji":"x"},"created":"2030-01-01T00:00:00Z","mood":"happy"}],"recent":[],"next_id":2,"teams":[]}}"#;
    fs::write(root.join("profiles.json"), newer).expect("written");
    let mut store = Store::open(&root).expect("opens");
    let reason = ReadOnlyReason::NewerFormat { file: root.join("profiles.json"), found: 99, supported: 2 };
    assert_eq!(store.read_only(), Some(&reason));
    assert_eq!(store.notices(), [Notice::ReadOnly(reason)], "one message explains why");
    assert_eq!(store.profiles().all()[0].name, "Ana", "what still fits is shown");
    assert!(matches!(store.edit_profiles(|book| book.create("Boris", Avatar::Emoji("y".into()), at(0))), Err(StoreError::ReadOnly(_))));
    let record = finished(&store, GameKind::Dunno, 3, 10);
    assert!(matches!(store.record(record), Err(StoreError::ReadOnly(_))));
    drop(store);
    assert_eq!(fs::read(root.join("profiles.json")).expect("read"), newer, "not a byte changed");
}

#[test]
fn a_second_instance_only_reads_until_the_first_is_gone() {
    let (_dir, root) = fresh();
    let mut first = Store::open(&root).expect("opens");
    create(&mut first, "Ana");
    let mut second = Store::open(&root).expect("opens");
    assert_eq!(second.read_only(), Some(&ReadOnlyReason::AnotherInstance));
    assert_eq!(second.notices(), [Notice::ReadOnly(ReadOnlyReason::AnotherInstance)]);
    assert_eq!(second.profiles().all().len(), 1, "it reads what the first wrote");
    assert!(matches!(second.edit_profiles(|book| book.create("Boris", Avatar::Emoji("y".into()), at(0))), Err(StoreError::ReadOnly(_))));
    let saved = unfinished(&second, 4, 3, 5);
    assert!(matches!(second.save_unfinished(saved), Err(StoreError::ReadOnly(_))));
    drop(second);
    drop(first);
    let third = Store::open(&root).expect("opens");
    assert!(third.read_only().is_none(), "the lock went with the first");
}

#[test]
fn another_process_holding_the_folder_makes_this_one_read_only() {
    use std::io::{BufRead, BufReader};
    let (_dir, root) = fresh();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("--data-dir")
        .arg(&root)
        .arg("store-soak")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    let mut line = String::new();
    // The reader stays open: the child writes a line per match, and a closed pipe would end it
    // (and its lock) while this open waits its patience.
    let mut reader = BufReader::new(child.stdout.take().expect("piped"));
    reader.read_line(&mut line).expect("a first match is recorded");
    assert!(line.starts_with("recorded "), "{line}");
    let store = Store::open(&root).expect("opens");
    assert_eq!(store.read_only(), Some(&ReadOnlyReason::AnotherInstance));
    assert!(!store.history().is_empty(), "it reads the other's history");
    drop(store);
    child.kill().expect("killed");
    drop(reader);
    child.wait().expect("reaped");
    assert!(Store::open(&root).expect("opens").read_only().is_none(), "a killed holder leaves no lock behind");
}

#[test]
fn bad_bytes_never_panic_the_reader() {
    let (_dir, root) = fresh();
    let mut store = Store::open(&root).expect("opens");
    let record = finished(&store, GameKind::Youglouf, 8, 50);
    let id = record.id.clone();
    store.record(record).expect("writable").wait().expect("durable");
    store.flush();
    drop(store);
    let good = fs::read(root.join(format!("history/matches/{id}.json"))).expect("read");
    let mut rng = cardtable_engine::GameRng::from_seed(77);
    let mut refused = 0;
    for cut in (0..good.len()).step_by(41) {
        refused += usize::from(document::decode::<MatchRecord>(&good[..cut]).is_err());
    }
    for _ in 0..300 {
        let mut bytes = good.clone();
        for _ in 0..1 + rng.below(8) {
            let at = rng.below(bytes.len());
            bytes[at] = rng.below(256) as u8;
        }
        // Flipped bytes may still be valid JSON of the right shape; what matters is no panic.
        let _ = document::decode::<MatchRecord>(&bytes);
        let _ = document::decode::<ProfileBook>(&bytes);
    }
    assert!(refused >= good.len() / 41, "every truncation is refused");
}
