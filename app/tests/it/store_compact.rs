//! Compact match records (issue 20): every game's records survive the file format, a typical
//! match is small on disk, and records of format 1 are upgraded to it on the first open, with
//! no original kept once the upgrade reads back the same.

use crate::store_support;

use std::fs;
use std::path::Path;

use cardtable::session::bots;
use cardtable::session::host::Host;
use cardtable::session::playout::Playout;
use cardtable::session::seating::quick_seating;
use cardtable::store::document::{self, Damage, Decoded};
use cardtable::store::history::record_path;
use cardtable::store::record::compact::format1_bytes;
use cardtable::store::record::{MatchId, MatchRecord};
use cardtable::store::{Notice, ReadOnlyReason, Store};
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyAction, AnyOptions, GameKind, GameRng, Viewer};
use store_support::{at, finished};

/// The most a typical match may take on disk (the goal).
const TYPICAL_MAX_BYTES: usize = 8 * 1024;

/// A typical match: four seats of quick (normal) bots, played to the end.
fn typical(kind: GameKind, seed: u64) -> Host {
    let host = Host::new(AnyOptions::defaults(kind), quick_seating("Ana", 4, BotLevel::Normal), seed).expect("table");
    let mut playout = Playout::new(host);
    let mut rng = GameRng::from_seed(seed);
    let normal = |host: &Host, seat, legal: &[AnyAction], rng: &mut GameRng| {
        bots::decide(BotLevel::Normal, seat, &host.view(Viewer::Seat(seat)), legal, rng).unwrap_or_else(|| legal[rng.below(legal.len())])
    };
    while playout.step(|host, seat, legal| normal(host, seat, legal, &mut rng)).expect("legal") {}
    playout.into_host()
}

/// The record of a typical match of `kind` from `seed`.
fn typical_record(store: &Store, kind: GameKind, seed: u64) -> MatchRecord {
    let game = GameKind::ALL.iter().position(|&other| other == kind).expect("a game") as u64;
    let id = MatchId::new(at(1_800_000_000), (game * 1_000 + seed) << 32);
    MatchRecord::from_host(id, at(1_800_000_000), at(1_800_000_600), &typical(kind, seed), store.profiles()).expect("decided")
}

fn fresh() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    (dir, root)
}

/// The files in `folder` whose names start with `prefix`.
fn files_of(folder: &Path, prefix: &str) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .expect("listable")
        .map(|entry| entry.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(prefix))
        .collect();
    names.sort();
    names
}

#[test]
fn records_of_every_game_read_back_equal() {
    let (_dir, root) = fresh();
    let store = Store::open(&root).expect("opens");
    for &kind in GameKind::ALL {
        for seed in 1..=3 {
            for record in [typical_record(&store, kind, seed), finished(&store, kind, seed, 1_000 + i64::try_from(seed).expect("small"))] {
                let bytes = document::encode(&record).expect("encodes");
                assert!(bytes.starts_with(document::current_header::<MatchRecord>().as_bytes()));
                assert_eq!(document::decode::<MatchRecord>(&bytes), Ok(Decoded::Current(record)), "{kind} from seed {seed}");
            }
        }
    }
}

#[test]
fn a_typical_match_is_small_on_disk() {
    let (_dir, root) = fresh();
    let store = Store::open(&root).expect("opens");
    println!("game: median bytes on disk, format 1 -> 2 (steps), over 5 matches of 4 normal bots");
    for &kind in GameKind::ALL {
        let mut sizes: Vec<(usize, usize, usize)> = (1..=5)
            .map(|seed| {
                let record = typical_record(&store, kind, seed);
                (document::encode(&record).expect("encodes").len(), format1_bytes(&record).len(), record.steps.len())
            })
            .collect();
        sizes.sort_unstable();
        let (compact, old, steps) = sizes[2];
        println!("{kind}: {old} -> {compact} bytes ({steps} steps); all: {sizes:?}");
        assert!(compact * 2 < old, "{kind}: {compact} bytes is not half of {old}");
        assert!(compact <= TYPICAL_MAX_BYTES, "{kind}: a typical match takes {compact} bytes");
    }
}

#[test]
fn a_version_1_record_is_upgraded_on_the_first_open_and_no_original_is_kept() {
    let (_dir, root) = fresh();
    let mut store = Store::open(&root).expect("opens");
    let records: Vec<MatchRecord> = GameKind::ALL.iter().map(|&kind| typical_record(&store, kind, 7)).collect();
    for record in &records {
        store.record(record.clone()).expect("writable").wait().expect("durable");
    }
    drop(store);
    let mut old_total = 0;
    for record in &records {
        let old = format1_bytes(record);
        old_total += old.len();
        fs::write(record_path(&root, &record.id), old).expect("written back as format 1");
    }
    let mut store = Store::open(&root).expect("opens");
    store.finish_upgrades();
    let new_total: usize = records.iter().map(|record| fs::metadata(record_path(&root, &record.id)).expect("there").len() as usize).sum();
    assert!(new_total * 3 < old_total, "{new_total} bytes from {old_total}");
    assert_eq!(
        store.notices(),
        [Notice::Compacted { matches: records.len(), freed: (old_total - new_total) as u64 }],
        "one message for the whole history"
    );
    assert!(
        Notice::Compacted { matches: 5, freed: 1_260_000 }.to_string().contains("5 matches upgraded to the compact format, 1.3 MB freed")
    );
    let folder = root.join("history/matches");
    assert_eq!(files_of(&folder, "").len(), records.len(), "no originals, nothing else: {:?}", files_of(&folder, ""));
    for record in &records {
        let bytes = fs::read(record_path(&root, &record.id)).expect("there");
        assert!(bytes.starts_with(document::current_header::<MatchRecord>().as_bytes()), "rewritten in format 2");
        assert_eq!(store.open_record(&record.id).expect("readable").as_ref(), Some(record), "the very same record");
    }
    drop(store);
    let mut store = Store::open(&root).expect("opens");
    store.finish_upgrades();
    assert!(store.notices().is_empty(), "upgraded once: {:?}", store.notices());
}

#[test]
fn a_read_only_store_upgrades_nothing_on_disk() {
    let (_dir, root) = fresh();
    let mut first = Store::open(&root).expect("opens");
    first.finish_upgrades();
    let record = typical_record(&first, GameKind::Dunno, 3);
    first.record(record.clone()).expect("writable").wait().expect("durable");
    first.flush();
    let old = format1_bytes(&record);
    fs::write(record_path(&root, &record.id), &old).expect("written back as format 1");
    let mut second = Store::open(&root).expect("opens");
    assert_eq!(second.read_only(), Some(&ReadOnlyReason::AnotherInstance));
    second.finish_upgrades();
    assert_eq!(second.open_record(&record.id).expect("readable"), Some(record.clone()), "read, upgraded in memory");
    assert!(
        matches!(second.notices(), [Notice::ReadOnly(_), Notice::Migrated { from: 1, to: 2, original: None, .. }]),
        "the original is where it was: {:?}",
        second.notices()
    );
    assert_eq!(fs::read(record_path(&root, &record.id)).expect("there"), old, "not a byte changed");
}

#[test]
fn a_step_that_does_not_parse_is_set_aside_with_a_notice() {
    let (_dir, root) = fresh();
    let mut store = Store::open(&root).expect("opens");
    let record = typical_record(&store, GameKind::CrazyEights, 5);
    store.record(record.clone()).expect("writable").wait().expect("durable");
    drop(store);
    let path = record_path(&root, &record.id);
    let mut value: serde_json::Value = serde_json::from_slice(&fs::read(&path).expect("there")).expect("JSON");
    // The second step of the first deal's line misspelt.
    let line = value["data"]["steps"][0].as_str().expect("a deal's line").to_owned();
    let (first, rest) = line.split_once(", ").expect("two steps or more");
    let (_, after) = rest.split_once(", ").unwrap_or((rest, ""));
    value["data"]["steps"][0] = serde_json::json!(format!("{first}, 2 plya 9S, {after}"));
    fs::write(&path, serde_json::to_vec(&value).expect("JSON")).expect("written");
    let mut store = Store::open(&root).expect("opens");
    store.finish_upgrades();
    assert_eq!(store.open_record(&record.id).expect("no error"), None);
    let [Notice::Damaged { damage: Damage::Shape { schema: 2, reason }, moved_to: Some(moved_to), .. }] = store.notices() else {
        panic!("one notice of damage: {:?}", store.notices());
    };
    assert!(reason.contains("step 1 (\"2 plya 9S\")"), "names the step: {reason}");
    assert!(!path.exists() && moved_to.exists(), "set aside, not lost");
}

#[test]
fn a_damaged_version_1_record_is_set_aside_by_the_sweep() {
    let (_dir, root) = fresh();
    let mut store = Store::open(&root).expect("opens");
    let record = typical_record(&store, GameKind::Dunno, 4);
    store.record(record.clone()).expect("writable").wait().expect("durable");
    store.flush();
    drop(store);
    let path = record_path(&root, &record.id);
    let mut old = format1_bytes(&record);
    old.truncate(old.len() / 2);
    fs::write(&path, &old).expect("written");
    let mut store = Store::open(&root).expect("opens");
    store.finish_upgrades();
    let [Notice::Damaged { damage: Damage::Truncated(_), moved_to: Some(moved_to), .. }] = store.notices() else {
        panic!("one notice of damage: {:?}", store.notices());
    };
    assert_eq!(fs::read(moved_to).expect("set aside"), old, "kept as it was");
    assert!(!path.exists());
}

#[test]
fn a_history_without_its_index_leaves_the_upgrade_to_the_sweep() {
    let (_dir, root) = fresh();
    let mut store = Store::open(&root).expect("opens");
    let records: Vec<MatchRecord> = [GameKind::Dunno, GameKind::Fool108].iter().map(|&kind| typical_record(&store, kind, 9)).collect();
    for record in &records {
        store.record(record.clone()).expect("writable").wait().expect("durable");
    }
    store.flush();
    drop(store);
    for record in &records {
        fs::write(record_path(&root, &record.id), format1_bytes(record)).expect("written back as format 1");
    }
    fs::remove_file(root.join("history/index.json")).expect("removed");
    let mut store = Store::open(&root).expect("opens");
    assert_eq!(store.history().len(), records.len(), "the index is rebuilt from the format-1 records");
    assert!(store.notices().is_empty(), "the open upgrades nothing itself: {:?}", store.notices());
    store.finish_upgrades();
    assert!(matches!(store.notices(), [Notice::Compacted { matches: 2, .. }]), "{:?}", store.notices());
    for record in &records {
        assert_eq!(store.open_record(&record.id).expect("readable").as_ref(), Some(record));
    }
}
