//! Issue 30, items 7 to 9: paths the store and `export` touch that hold something other than a
//! regular file (a pipe, a folder, a link, a device), and a disk that fills up. Nothing hangs,
//! nothing is replaced, a refusal is in words, a full disk makes one notice per file that goes
//! once the file is written after all, and the history index never lists a match whose record
//! is not on disk. The full-disk cases mount a tiny tmpfs, so they need root (they say so and
//! check nothing else when they cannot mount).

use crate::store_support;

use std::fs;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use cardtable::store::file_kind::NotAFile;
use cardtable::store::history::{INDEX_FILE, MATCHES_DIR, record_path};
use cardtable::store::record::MatchId;
use cardtable::store::saved::saved_path;
use cardtable::store::{Notice, Store};
use cardtable_engine::GameKind;
use egui_kittest::kittest::Queryable;
use store_support::{finished, folder_with_matches, mkfifo, output_text as text, unfinished};

/// Long enough for any real start on a loaded machine; a hang is for ever.
const PATIENCE: Duration = Duration::from_secs(60);

/// Runs `cardtable` with `args`, killed if it has not finished within [`PATIENCE`] (then the
/// test fails: it hung).
fn cardtable(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let deadline = Instant::now() + PATIENCE;
    while child.try_wait().expect("waits").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let output = child.wait_with_output().expect("killed");
            panic!("cardtable {args:?} hung: {}", String::from_utf8_lossy(&output.stderr));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("finished")
}

/// Opens the store at `root` on a thread of its own, failing the test if that takes for ever.
fn open_in_time(root: &Path) -> Store {
    let (done, opened) = mpsc::sync_channel(1);
    let opening = root.to_owned();
    std::thread::Builder::new()
        .name("open-store".to_owned())
        .spawn(move || {
            let _ = done.send(Store::open(&opening).map_err(|error| error.to_string()));
        })
        .expect("a thread starts");
    opened.recv_timeout(PATIENCE).expect("the store opened (a pipe at .lock hung it for ever)").expect("opens")
}

/// The names in `folder` starting with `prefix`.
fn names_starting(folder: &Path, prefix: &str) -> Vec<String> {
    fs::read_dir(folder)
        .expect("lists")
        .map(|entry| entry.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(prefix))
        .collect()
}

/// Item 7: a pipe at `.lock` hung the start and `export` for ever, before any window; a folder
/// there turned all saving off. Either is moved aside with a notice, and the folder is written
/// as usual.
#[test]
fn a_pipe_or_a_folder_at_the_lock_neither_hangs_nor_turns_saving_off() {
    let (_dir, root, ids) = folder_with_matches();
    fs::remove_file(root.join(".lock")).expect("the lock file goes");
    mkfifo(&root.join(".lock"));
    let mut store = open_in_time(&root);
    assert_eq!(store.read_only(), None, "saving stays on: {:?}", store.notices());
    assert!(
        store.notices().iter().any(|notice| matches!(notice, Notice::MovedAside { kind: NotAFile::Pipe, .. })),
        "{:?}",
        store.notices()
    );
    let saved = unfinished(&store, 5, 10, 300);
    store.save_unfinished(saved).expect("writable").wait().expect("saved");
    drop(store);
    let pipes: Vec<String> = names_starting(&root, ".lock.damaged-");
    assert_eq!(pipes.len(), 1, "the pipe is kept, under another name");
    assert!(fs::symlink_metadata(root.join(&pipes[0])).expect("there").file_type().is_fifo());

    fs::remove_file(root.join(".lock")).expect("the lock file goes");
    mkfifo(&root.join(".lock"));
    let output = cardtable(&["--data-dir", root.to_str().expect("utf-8"), "export", "--format", "csv", "--out", "-"]);
    assert!(output.status.success(), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains(ids[0].as_str()), "{}", text(&output));

    fs::remove_file(root.join(".lock")).expect("the lock file goes");
    fs::create_dir(root.join(".lock")).expect("a folder");
    let mut store = open_in_time(&root);
    assert_eq!(store.read_only(), None, "a folder at .lock turned saving off: {:?}", store.notices());
    assert!(store.notices().iter().any(|notice| matches!(notice, Notice::MovedAside { kind: NotAFile::Folder, .. })));
    let saved = unfinished(&store, 6, 10, 400);
    store.save_unfinished(saved).expect("writable").wait().expect("saved");
}

/// Item 8: `export --out` onto a pipe, a link, a folder or a device replaced it with a regular
/// file and said it had succeeded (as root, `/dev/full` became a 36 MB file). Each is refused
/// in words and left as it was; `-` writes to standard output; a regular file is replaced whole.
#[test]
fn export_writes_only_a_regular_file_or_standard_output() {
    let (dir, root, ids) = folder_with_matches();
    let data_dir = root.to_str().expect("utf-8");
    let elsewhere = dir.path().join("out");
    fs::create_dir(&elsewhere).expect("made");
    let pipe = elsewhere.join("pipe.csv");
    mkfifo(&pipe);
    let aimed_at = elsewhere.join("aimed-at.txt");
    fs::write(&aimed_at, b"not for export").expect("written");
    let link = elsewhere.join("link.csv");
    std::os::unix::fs::symlink(&aimed_at, &link).expect("linked");
    let folder = elsewhere.join("folder.csv");
    fs::create_dir(&folder).expect("made");
    let mut refused = vec![(pipe.clone(), "it is a pipe"), (link.clone(), "it is a symbolic link"), (folder.clone(), "it is a folder")];
    // A device of our own making (as /dev/full: 1, 7), never the machine's own.
    let device = elsewhere.join("full.csv");
    let made_device = Command::new("mknod").arg(&device).args(["c", "1", "7"]).status().is_ok_and(|status| status.success());
    if made_device {
        refused.push((device.clone(), "it is a device"));
    } else {
        eprintln!("mknod needs root: the device case is not checked here");
    }
    for (target, words) in &refused {
        for format in ["csv", "json"] {
            let output = cardtable(&["--data-dir", data_dir, "export", "--format", format, "--out", target.to_str().expect("utf-8")]);
            assert!(!output.status.success(), "{}", text(&output));
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.contains(words) && stderr.contains("is not written"), "{target:?}: {stderr}");
        }
    }
    assert!(fs::symlink_metadata(&pipe).expect("there").file_type().is_fifo(), "the pipe is left a pipe");
    assert!(fs::symlink_metadata(&link).expect("there").file_type().is_symlink(), "the link is left a link");
    assert_eq!(fs::read(&aimed_at).expect("read"), b"not for export", "what the link points at is untouched");
    assert!(folder.is_dir() && fs::read_dir(&folder).expect("lists").next().is_none(), "the folder is left empty");
    if made_device {
        assert!(fs::symlink_metadata(&device).expect("there").file_type().is_char_device(), "the device is left a device");
    }
    assert!(names_starting(&elsewhere, ".tmp-").is_empty(), "no temporary file is left");

    let output = cardtable(&["--data-dir", data_dir, "export", "--format", "json", "--out", "-"]);
    assert!(output.status.success(), "{}", text(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("standard output is the export alone");
    assert_eq!(json["matches"].as_array().expect("a list").len(), ids.len());
    assert!(String::from_utf8_lossy(&output.stderr).contains("exported 2 matches to -"), "{}", text(&output));

    let regular = elsewhere.join("history.csv");
    fs::write(&regular, b"an older export").expect("written");
    let output = cardtable(&["--data-dir", data_dir, "export", "--format", "csv", "--out", regular.to_str().expect("utf-8")]);
    assert!(output.status.success(), "{}", text(&output));
    let written = fs::read_to_string(&regular).expect("read");
    assert!(written.starts_with("match_id,") && written.contains(ids[1].as_str()), "{written}");
}

/// Item 9: the index listed a match whose record had failed to be written, so the next start
/// said "(0 found, 1 gone)". The index leaves it out until the record is on disk; the save
/// stays meanwhile, and once the record can be written it is, and the index lists it.
#[test]
fn the_index_never_lists_a_record_that_is_not_written() {
    let (dir, root, _) = folder_with_matches();
    let mut store = Store::open(&root).expect("opens");
    let saved = unfinished(&store, 7, 10, 500);
    let id = saved.id.clone();
    store.save_unfinished(saved).expect("writable").wait().expect("saved");
    // The records' folder goes away, as a full disk refuses a write.
    let away = dir.path().join("matches-away");
    fs::rename(root.join(MATCHES_DIR), &away).expect("moved");
    let mut host_record = finished(&store, GameKind::CrazyEights, 7, 600);
    host_record.id = id.clone();
    let receipt = store.record(host_record).expect("writable");
    assert!(receipt.wait().is_err(), "the record could not be written");
    store.flush();
    let index: serde_json::Value = serde_json::from_slice(&fs::read(root.join(INDEX_FILE)).expect("written")).expect("JSON");
    let listed: Vec<&str> = index["data"]["matches"].as_array().expect("list").iter().filter_map(|entry| entry["id"].as_str()).collect();
    assert_eq!(listed.len(), 2, "the two recorded matches, not the one whose record failed: {listed:?}");
    assert!(!listed.contains(&id.as_str()));
    assert!(saved_path(&root, &id).exists(), "the save stays until its record is written");
    // The folder is back: the record is written on the next try, then the index lists it.
    fs::rename(&away, root.join(MATCHES_DIR)).expect("moved back");
    let deadline = Instant::now() + PATIENCE;
    // The writer renames the record into place before it reports the write: the notice goes at
    // the poll after that report, which a loaded machine may delay past the files' change.
    let failed = |store: &Store| store.notices().iter().any(|notice| matches!(notice, Notice::WriteFailed { .. }));
    while !record_path(&root, &id).exists() || saved_path(&root, &id).exists() || failed(&store) {
        assert!(Instant::now() < deadline, "the record was tried again and its notice went: {:?}", store.notices());
        store.poll();
        std::thread::sleep(Duration::from_millis(50));
    }
    store.flush();
    drop(store);
    let store = Store::open(&root).expect("reopens");
    assert_eq!(store.history().len(), 3);
    assert!(store.notices().is_empty(), "nothing found or gone: {:?}", store.notices());
}

/// A tmpfs of `kib` KiB mounted at a fresh folder, unmounted when dropped; `None` (with a
/// message) where mounting needs a root this test does not have.
struct TinyDisk {
    dir: tempfile::TempDir,
}

impl TinyDisk {
    fn mount(kib: u32) -> Option<TinyDisk> {
        let dir = tempfile::tempdir().expect("tempdir");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
            .arg(dir.path())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if !mounted {
            eprintln!("SKIPPED: mounting a tmpfs needs root; the full-disk case is not checked here");
            return None;
        }
        Some(TinyDisk { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Fills the disk with one file; returns it.
    fn fill(&self) -> PathBuf {
        use std::io::Write;
        let filler = self.path().join("filler");
        let mut file = fs::File::create(&filler).expect("made");
        let block = [0_u8; 4096];
        while file.write_all(&block).is_ok() {}
        // Whatever a partial block left.
        while file.write_all(&[0]).is_ok() {}
        filler
    }
}

impl Drop for TinyDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

/// Item 9: on a full disk every failed save added one more notice (after ~20 moves they covered
/// the table) and the match was not saved. A file that keeps failing is one notice, its count
/// going up; when space returns the save is written without another move, and the notice goes.
/// An export that does not fit leaves the previous file whole and no part of itself.
#[test]
fn a_full_disk_makes_one_notice_and_the_save_is_written_when_space_returns() {
    let Some(disk) = TinyDisk::mount(512) else { return };
    let root = disk.path().join("data");
    let mut store = Store::open(&root).expect("opens");
    let filler = disk.fill();
    let mut last = None;
    for moves in 1..=20_i64 {
        let saved = unfinished(&store, 11, usize::try_from(moves * 5).expect("small"), 700 + moves);
        last = Some((saved.id.clone(), saved.steps.len()));
        assert!(store.save_unfinished(saved).expect("writable").wait().is_err(), "the disk is full");
        store.poll();
    }
    let failed: Vec<&Notice> = store.notices().iter().filter(|notice| matches!(notice, Notice::WriteFailed { .. })).collect();
    assert_eq!(failed.len(), 1, "one notice for the one file: {failed:?}");
    let Notice::WriteFailed { times, .. } = failed[0] else { unreachable!("filtered") };
    assert!(*times >= 20, "counted in place: {times}");
    let (id, latest_steps) = last.expect("saved");
    assert!(!saved_path(&root, &id).exists());

    // An export that does not fit: the older export stays whole, and no half file is left.
    let target = disk.path().join("history.json");
    fs::remove_file(&filler).expect("room for one small file");
    fs::write(&target, b"the previous export").expect("written");
    let filler = disk.fill();
    let refused = cardtable::store::export_job::export(&mut store, cardtable::store::export_job::ExportFormat::Json, &target);
    assert!(refused.is_err(), "it does not fit");
    assert_eq!(fs::read(&target).expect("read"), b"the previous export");
    assert!(names_starting(disk.path(), ".tmp-").is_empty(), "no half export is left");

    fs::remove_file(&filler).expect("space returns");
    let deadline = Instant::now() + PATIENCE;
    while !saved_path(&root, &id).exists() || store.notices().iter().any(|notice| matches!(notice, Notice::WriteFailed { .. })) {
        assert!(Instant::now() < deadline, "the save was tried again: {:?}", store.notices());
        store.poll();
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(store);
    let store = Store::open(&root).expect("reopens");
    assert_eq!(store.unfinished().len(), 1, "the match in progress is saved: {:?}", store.notices());
    assert_eq!(store.unfinished()[0].steps.len(), latest_steps, "its latest state");
}

/// Item 9: notices piled up over the table (after ~20 failed saves they covered it). However
/// many there are (here 30 records set aside, one notice each), they take at most a fifth of a
/// phone's window and scroll; the table below stays in the window, and so does their button.
#[test]
fn many_notices_never_push_the_table_out_of_the_window() {
    let (_dir, root, _) = folder_with_matches();
    for index in 0..30 {
        let id = MatchId::new(store_support::at(5_000 + index), index.unsigned_abs());
        fs::write(record_path(&root, &id), b"{\"cardtable\":\"match\",\"schema\":2,\"data\":{\"cut").expect("damaged");
    }
    fs::remove_file(root.join(INDEX_FILE)).expect("the index goes, so every record is read");
    let store = Store::open(&root).expect("opens");
    assert_eq!(store.notices().len(), 30, "{:?}", store.notices());
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(360.0, 640.0));
    let mut harness = egui_kittest::Harness::builder()
        .with_size(window.size())
        .with_max_steps(200)
        .build_eframe(move |cc| cardtable::app::CardtableApp::with_store(cc, 1, Ok(Some(store))));
    harness.get_by_label("Resume").scroll_to_me();
    harness.run();
    harness.get_by_label("Resume").click();
    harness.run_steps(10);
    let stock = harness
        .query_all_by(|node| {
            node.value().is_some_and(|value| value.starts_with("Stock ")) || node.label().is_some_and(|label| label.starts_with("Stock "))
        })
        .map(|node| node.rect())
        .next()
        .expect("the table is drawn");
    assert!(window.contains_rect(stock), "the stock at {stock:?} is pushed out of the window by the notices");
    let ok = harness.get_by_label("OK").rect();
    assert!(window.contains_rect(ok) && ok.bottom() < window.height() / 2.0, "the notices' button at {ok:?}");
}
