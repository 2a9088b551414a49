//! Issue 17, items 8–12: files that are wrong, or not files at all, where the store and the
//! scenario command read. Each is answered with a notice or a clear error: never a panic,
//! never a hang, never a whole store turned off for one bad entry, never a silent loss.
//! The read-only folder is tested as a user who really cannot write it (`nobody` through
//! `setpriv` when the tests run as root, since root ignores file modes).

use crate::store_support;

use std::fs;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

use cardtable::store::history::record_path;
use cardtable::store::saved::saved_path;
use cardtable::store::{Notice, ReadOnlyReason, Store, StoreError};
use store_support::{at, folder_with_matches, mkfifo, output_text as text};

fn cardtable(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cardtable"));
    command.args(args);
    command
}

/// Files in `folder` whose names start with `stem` and hold `.damaged-`: the ones set aside.
fn set_aside(folder: &Path, stem: &str) -> Vec<PathBuf> {
    fs::read_dir(folder)
        .expect("lists")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| {
            path.file_name().is_some_and(|name| name.to_string_lossy().starts_with(stem) && name.to_string_lossy().contains(".damaged-"))
        })
        .collect()
}

fn edit_json(path: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let mut value: serde_json::Value = serde_json::from_slice(&fs::read(path).expect("reads")).expect("JSON");
    edit(&mut value);
    fs::write(path, serde_json::to_vec(&value).expect("encodes")).expect("writes");
}

/// Issue 17, item 8: a match record with nine seats panicked every start (the window's and the
/// export's) while its summary was made. It is set aside with a notice; the store opens, and
/// opens again (no crash loop), and the export command works.
#[test]
fn a_record_with_nine_seats_is_set_aside_and_every_start_works() {
    let (_dir, root, ids) = folder_with_matches();
    let record = record_path(&root, &ids[1]);
    edit_json(&record, |value| {
        let seats = value["data"]["seats"].as_array_mut().expect("seats");
        let extra: Vec<serde_json::Value> = (0..6).map(|index| serde_json::json!({ "name": format!("Extra {index}") })).collect();
        seats.extend(extra);
    });
    // Without the index the records are read again: the path that crashed.
    fs::remove_file(root.join("history/index.json")).expect("removed");
    let store = Store::open(&root).expect("opens");
    assert_eq!(store.history().len(), 1, "the good match stays");
    assert!(
        store.notices().iter().any(|notice| matches!(notice, Notice::Damaged { file, moved_to: Some(_), .. } if *file == record)),
        "{:?}",
        store.notices()
    );
    assert!(!record.exists());
    assert_eq!(set_aside(record.parent().expect("folder"), ids[1].as_str()).len(), 1, "kept aside, not lost");
    drop(store);
    let again = Store::open(&root).expect("opens again");
    assert_eq!(again.history().len(), 1);
    drop(again);
    let out = root.parent().expect("temporary folder").join("history.json");
    let output =
        cardtable(&["--data-dir", root.to_str().expect("utf-8"), "export", "--format", "json", "--out", out.to_str().expect("utf-8")])
            .output()
            .expect("runs");
    assert!(output.status.success(), "{}", text(&output));
}

/// Issue 17, item 8: a record whose winners, totals or steps name seats that are not at its
/// table is set aside too (each would index past the table when used).
#[test]
fn records_naming_seats_off_the_table_are_set_aside() {
    let edits: [fn(&mut serde_json::Value); 3] = [
        |value| value["data"]["result"]["winners"] = serde_json::json!([7]),
        |value| value["data"]["result"]["totals"].as_array_mut().expect("totals").push(serde_json::json!(5)),
        |value| {
            // The first deal's line starts with seat 0's or another seat's step: seat 6 takes it.
            let line = value["data"]["steps"][0].as_str().expect("a deal's line").to_owned();
            let (_, rest) = line.split_once(' ').expect("\"<seat> <action>, …\"");
            value["data"]["steps"][0] = serde_json::json!(format!("6 {rest}"));
        },
    ];
    for edit in edits {
        let (_dir, root, ids) = folder_with_matches();
        let record = record_path(&root, &ids[0]);
        edit_json(&record, edit);
        fs::remove_file(root.join("history/index.json")).expect("removed");
        let store = Store::open(&root).expect("opens");
        assert_eq!(store.history().len(), 1, "{:?}", store.notices());
        assert!(!record.exists(), "set aside");
    }
}

/// Issue 17, item 8: a save that does not replay (a step for a seat that is not at the table)
/// and a profiles file that breaks its own rules (one id twice) are set aside with a notice;
/// the profiles come back from their last good copy.
#[test]
fn a_wrong_save_and_a_wrong_profiles_file_are_set_aside() {
    let (_dir, root, _) = folder_with_matches();
    let mut store = Store::open(&root).expect("opens");
    let id = store.unfinished()[0].id.clone();
    for name in ["Ana", "Boris"] {
        store
            .edit_profiles(|book| book.create(name, cardtable::store::profiles::Avatar::Colour([1, 2, 3]), at(1)))
            .expect("created")
            .1
            .wait()
            .expect("durable");
    }
    drop(store);
    let save = saved_path(&root, &id);
    edit_json(&save, |value| value["data"]["steps"][3] = serde_json::json!({ "Act": [5, value["data"]["steps"][0]["Act"][1].clone()] }));
    edit_json(&root.join("profiles.json"), |value| value["data"]["profiles"][1]["id"] = value["data"]["profiles"][0]["id"].clone());
    let store = Store::open(&root).expect("opens");
    assert!(store.unfinished().is_empty(), "the save is not offered");
    assert!(!save.exists());
    assert_eq!(store.profiles().all().len(), 1, "the last good copy: before Boris");
    let damaged: Vec<&Path> = store
        .notices()
        .iter()
        .filter_map(|notice| if let Notice::Damaged { file, .. } = notice { Some(file.as_path()) } else { None })
        .collect();
    assert!(damaged.contains(&save.as_path()) && damaged.contains(&root.join("profiles.json").as_path()), "{:?}", store.notices());
}

/// Issue 17, item 9: a record in the index that cannot be read was left out of the JSON export
/// silently ("exported 155 matches", exit 0). It is named, set aside, and in the notices; the
/// command says so on standard error and exits with status 1, because a script that gets 0
/// takes the export for the whole history. The file holds every readable match.
#[test]
fn export_names_sets_aside_and_reports_every_record_it_leaves_out() {
    let (dir, root, ids) = folder_with_matches();
    let record = record_path(&root, &ids[0]);
    fs::write(&record, b"{\"cardtable\":\"match\",\"schema\":1,\"data\":{\"garbled").expect("damaged");
    let out = dir.path().join("history.json");
    let output =
        cardtable(&["--data-dir", root.to_str().expect("utf-8"), "export", "--format", "json", "--out", out.to_str().expect("utf-8")])
            .output()
            .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(ids[0].as_str()) && stderr.contains("left out 1"), "{stderr}");
    assert!(stderr.contains(".damaged-"), "says where the record went: {stderr}");
    let json: serde_json::Value = serde_json::from_slice(&fs::read(&out).expect("written")).expect("JSON");
    assert_eq!(json["matches"].as_array().expect("list").len(), 1, "the readable match is exported");
    assert!(!record.exists());
    assert_eq!(set_aside(record.parent().expect("folder"), ids[0].as_str()).len(), 1);
    // The window's export goes through the same function, into the window's notices.
    let (_dir, root, ids) = folder_with_matches();
    let record = record_path(&root, &ids[1]);
    let mut store = Store::open(&root).expect("opens");
    // Damaged after the history was read and checked: found by the export's own reading.
    fs::write(&record, b"not json").expect("damaged");
    let target = root.join("exports/history.json");
    let report =
        cardtable::store::export_job::export(&mut store, cardtable::store::export_job::ExportFormat::Json, &target).expect("exported");
    assert_eq!((report.written, report.left_out.clone()), (1, vec![ids[1].clone()]));
    assert!(store.notices().iter().any(|notice| matches!(notice, Notice::Damaged { file, moved_to: Some(_), .. } if *file == record)));
    assert!(
        store.notices().iter().any(|notice| matches!(notice, Notice::ExportIncomplete { left_out, .. } if *left_out == [ids[1].clone()]))
    );
    assert_eq!(store.history().len(), 1, "the lost match leaves the history with its notice");
}

/// Issue 17, item 10: one entry that cannot be read (a folder where a file should be) turned
/// off all profiles, history and saves. It is skipped and reported; everything else works, and
/// the entry is never written over.
#[test]
fn a_folder_where_a_file_should_be_is_skipped_and_reported() {
    let (_dir, root, ids) = folder_with_matches();
    let fake_save = root.join("saved/20250101T000000000Z-0000abcd.json");
    let fake_record =
        record_path(&root, &cardtable::store::record::MatchId::try_from("20250101T000000000Z-0000dcba".to_owned()).expect("id"));
    for folder in [&fake_save, &fake_record, &root.join("profiles.json"), &root.join("settings.json")] {
        fs::create_dir_all(folder.join("inside")).expect("a folder");
    }
    let mut store = Store::open(&root).expect("opens");
    assert_eq!(store.history().len(), ids.len(), "the history works");
    assert_eq!(store.unfinished().len(), 1, "the good save is offered");
    let settings: serde_json::Value = store.load_settings().expect("defaults");
    assert!(settings.is_null());
    let unreadable: Vec<&Path> = store
        .notices()
        .iter()
        .filter_map(|notice| if let Notice::Unreadable { file, .. } = notice { Some(file.as_path()) } else { None })
        .collect();
    for folder in [&fake_save, &fake_record, &root.join("profiles.json"), &root.join("settings.json")] {
        assert!(unreadable.contains(&folder.as_path()), "{} is reported: {:?}", folder.display(), store.notices());
    }
    let refused = store.edit_profiles(|book| book.create("Ana", cardtable::store::profiles::Avatar::Colour([1, 2, 3]), at(1)));
    assert!(matches!(refused, Err(StoreError::LeftAlone { .. })), "{refused:?}");
    assert!(root.join("profiles.json/inside").is_dir(), "left as it was");
}

/// Issue 17, item 11: a pipe where a data file should be hung the start for ever (reading it
/// waits for a writer), and a huge file was read whole. Only regular files are read, each up to
/// its kind's limit; a pipe is skipped with a notice, a huge file set aside unread.
#[test]
fn a_pipe_or_a_huge_file_never_hangs_the_start() {
    let (_dir, root, _) = folder_with_matches();
    let _ = fs::remove_file(root.join("profiles.json"));
    mkfifo(&root.join("profiles.json"));
    mkfifo(&root.join("saved/20250101T000000000Z-0000abcd.json"));
    // Sparse: 300 MiB that take no disk, past every kind's limit.
    let huge = root.join("history/index.json");
    fs::OpenOptions::new().write(true).truncate(true).open(&huge).expect("opens").set_len(300 << 20).expect("sized");
    let (done, finished) = mpsc::sync_channel(1);
    let opening = root.clone();
    std::thread::Builder::new()
        .name("open-hostile-store".to_owned())
        .spawn(move || {
            let store = Store::open(&opening).map(|store| (store.history().len(), store.unfinished().len(), store.notices().to_vec()));
            let _ = done.send(store.map_err(|error| error.to_string()));
        })
        .expect("a thread starts");
    let (history, saves, notices) =
        finished.recv_timeout(Duration::from_secs(60)).expect("the store opened (a pipe hangs the old reader)").expect("opens");
    assert_eq!((history, saves), (2, 1), "the index is rebuilt from the records: {notices:?}");
    assert!(
        notices.iter().any(|notice| matches!(
            notice,
            Notice::Damaged { damage: cardtable::store::document::Damage::TooLarge { .. }, moved_to: Some(_), .. }
        )),
        "{notices:?}"
    );
    assert_eq!(notices.iter().filter(|notice| matches!(notice, Notice::Unreadable { .. })).count(), 2, "{notices:?}");
    assert!(fs::symlink_metadata(root.join("profiles.json")).expect("still there").file_type().is_fifo(), "left as it is");
}

/// Whether this process runs as root (which writes wherever file modes say it may not).
fn running_as_root() -> bool {
    fs::metadata("/proc/self").map(|metadata| metadata.uid() == 0).unwrap_or(false)
}

/// `program` run as a user who cannot write `root`'s folder: `nobody` when the tests run as
/// root, else this user (the modes then hold). The program is linked (or copied) into `under`,
/// a folder `nobody` can enter, since the build folder may not be.
fn unprivileged(program: &Path, under: &Path) -> Command {
    if !running_as_root() {
        return Command::new(program);
    }
    let copy = under.join(program.file_name().expect("a file"));
    if fs::hard_link(program, &copy).is_err() {
        fs::copy(program, &copy).expect("copied");
    }
    fs::set_permissions(&copy, fs::Permissions::from_mode(0o755)).expect("runnable");
    let mut command = Command::new("setpriv");
    command.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"]).arg(copy);
    command
}

/// Makes `path` and everything under it read-only for everybody but root.
fn make_read_only(path: &Path) {
    for entry in fs::read_dir(path).expect("lists") {
        let entry = entry.expect("entry");
        if entry.file_type().expect("type").is_dir() {
            make_read_only(&entry.path());
        } else {
            fs::set_permissions(entry.path(), fs::Permissions::from_mode(0o444)).expect("chmod");
        }
    }
    fs::set_permissions(path, fs::Permissions::from_mode(0o555)).expect("chmod");
}

/// Undoes [`make_read_only`], so the temporary folder can be removed by a user who is not root.
fn make_writable(path: &Path) {
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).expect("chmod");
    for entry in fs::read_dir(path).expect("lists") {
        let entry = entry.expect("entry");
        if entry.file_type().expect("type").is_dir() {
            make_writable(&entry.path());
        } else {
            fs::set_permissions(entry.path(), fs::Permissions::from_mode(0o644)).expect("chmod");
        }
    }
}

/// A folder any user may enter and write (the export's destination).
fn open_folder(path: &Path) {
    fs::create_dir_all(path).expect("made");
    fs::set_permissions(path, fs::Permissions::from_mode(0o777)).expect("chmod");
}

const READ_ONLY_CHILD: &str = "CARDTABLE_TEST_READ_ONLY_ROOT";

/// Issue 17, item 10: a data folder that cannot be written turned off all profiles, history
/// and saves (taking the lock needs a write). It is read read-only: the history and the saves
/// are there, saving says why it cannot. The checks run in a child process of this test as a
/// user who cannot write the folder.
#[test]
fn a_read_only_data_folder_is_read_and_saving_says_why_not() {
    if let Some(root) = std::env::var_os(READ_ONLY_CHILD) {
        let mut store = Store::open(PathBuf::from(root)).expect("a read-only folder opens");
        assert!(matches!(store.read_only(), Some(ReadOnlyReason::NotWritable { .. })), "{:?}", store.read_only());
        assert_eq!((store.history().len(), store.unfinished().len()), (2, 1));
        let saved = store.unfinished()[0].clone();
        let refused = store.save_unfinished(saved).expect_err("cannot save");
        assert!(refused.to_string().contains("cannot be written"), "{refused}");
        assert!(store.notices().iter().any(|notice| matches!(notice, Notice::ReadOnly(ReadOnlyReason::NotWritable { .. }))));
        return;
    }
    let (dir, root, _) = folder_with_matches();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).expect("enterable");
    make_read_only(&root);
    let exe = std::env::current_exe().expect("this test");
    let output = unprivileged(&exe, dir.path())
        .args(["--exact", "hostile_files::a_read_only_data_folder_is_read_and_saving_says_why_not", "--nocapture", "--test-threads=1"])
        .env(READ_ONLY_CHILD, &root)
        .output()
        .expect("runs");
    make_writable(&root);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success() && stdout.contains("1 passed"), "{}", text(&output));
}

/// Issue 17, item 10: the export command reads a read-only data folder and exports it.
#[test]
fn a_read_only_data_folder_exports() {
    let (dir, root, _) = folder_with_matches();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).expect("enterable");
    make_read_only(&root);
    let out = dir.path().join("out");
    open_folder(&out);
    let target = out.join("history.json");
    let output = unprivileged(Path::new(env!("CARGO_BIN_EXE_cardtable")), dir.path())
        .args(["--data-dir", root.to_str().expect("utf-8"), "export", "--format", "json", "--out", target.to_str().expect("utf-8")])
        .output()
        .expect("runs");
    make_writable(&root);
    assert!(output.status.success(), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("exported 2 matches"), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot be written"), "says the folder is only read: {}", text(&output));
}

/// Issue 17, item 12: a deck of 256 king of spades panicked `cardtable scenario`; a hand of
/// the wrong size and an unknown step are named too. Each exits with status 1 and an error
/// naming the field.
#[test]
fn the_scenario_command_names_the_field_of_a_bad_scenario() {
    let dir = tempfile::tempdir().expect("tempdir");
    let kings = vec!["\"KS\""; 256].join(",");
    let cases = [
        (format!(r#"{{"game":"crazy-eights","players":3,"deck":[{kings}]}}"#), "`deck`"),
        (r#"{"game":"fool108","players":2,"hands":[["6C","7C"],["6D","7D","8D","9D","TD"]]}"#.to_owned(), "`hands[0]`"),
        (r#"{"game":"dunno","players":2,"actions":["next round"]}"#.to_owned(), "actions[0]"),
    ];
    for (index, (json, field)) in cases.iter().enumerate() {
        let file = dir.path().join(format!("bad-{index}.json"));
        fs::write(&file, json).expect("written");
        // The headless command, and the window's `--scenario`, which checks the file before a
        // window opens (so this needs no display).
        for args in [["scenario", file.to_str().expect("utf-8")], ["--scenario", file.to_str().expect("utf-8")]] {
            let output = cardtable(&args).output().expect("runs");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(1), "{args:?}: {}", text(&output));
            assert!(stderr.contains(field) && !stderr.contains("panicked") && !stderr.contains("untagged"), "{args:?}: {stderr}");
        }
    }
}
