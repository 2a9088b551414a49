//! Shared by the store's tests: finished and unfinished matches played by random legal moves,
//! and the real app resuming a saved one.

#![allow(dead_code)]

use cardtable::app::{CardtableApp, Screen};
use cardtable::session::host::Host;
use cardtable::session::playout;
use cardtable::session::seating::{Occupant, quick_seating};
use cardtable::settings::Settings;
use cardtable::store::Store;
use cardtable::store::record::{MatchId, MatchRecord};
use cardtable::store::saved::SavedMatch;
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameKind, GameRng};
use egui_kittest::kittest::Queryable;

/// A timestamp `second` seconds after the epoch.
pub fn at(second: i64) -> jiff::Timestamp {
    jiff::Timestamp::from_second(second).expect("in range")
}

/// Plays `host` by random legal moves, at most `steps` more steps or to the end of the match.
pub fn play(host: &mut Host, rng: &mut GameRng, steps: usize) {
    *host = playout::random(host.clone(), rng, steps).expect("legal");
}

/// Ana (a person) and bots at a table of `kind`.
pub fn seats() -> Vec<Occupant> {
    quick_seating("Ana", 3, BotLevel::Random)
}

/// A whole match of `kind` from `seed`, recorded as finished at `second`.
pub fn finished(store: &Store, kind: GameKind, seed: u64, second: i64) -> MatchRecord {
    let mut host = Host::new(AnyOptions::defaults(kind), seats(), seed).expect("table");
    play(&mut host, &mut GameRng::from_seed(seed), 100_000);
    let id = MatchId::new(at(second), seed);
    MatchRecord::from_host(id, at(second - 60), at(second), &host, store.profiles()).expect("decided")
}

/// A match of `kind` from `seed` after `steps` steps, saved at `second`.
pub fn unfinished(store: &Store, seed: u64, steps: usize, second: i64) -> SavedMatch {
    let mut host = Host::new(AnyOptions::defaults(GameKind::CrazyEights), seats(), seed).expect("table");
    play(&mut host, &mut GameRng::from_seed(seed), steps);
    SavedMatch::of(MatchId::new(at(0), seed), at(0), at(second), &host, store.profiles())
}

/// A data folder under a fresh temporary folder, with two finished matches and one save.
pub fn folder_with_matches() -> (tempfile::TempDir, std::path::PathBuf, Vec<MatchId>) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let mut store = Store::open(&root).expect("opens");
    let mut ids = Vec::new();
    for (seed, kind) in [(1, GameKind::CrazyEights), (2, GameKind::Dunno)] {
        let record = finished(&store, kind, seed, 100 + seed.cast_signed());
        ids.push(record.id.clone());
        store.record(record).expect("writable").wait().expect("durable");
    }
    let saved = unfinished(&store, 9, 12, 500);
    store.save_unfinished(saved).expect("writable").wait().expect("durable");
    store.flush();
    drop(store);
    (dir, root, ids)
}

/// A finished command's status and output, to show when a test fails.
pub fn output_text(output: &std::process::Output) -> String {
    format!(
        "status {:?}\nstdout: {}\nstderr: {}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Makes a named pipe at `path`.
pub fn mkfifo(path: &std::path::Path) {
    let status = std::process::Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(status.success());
}

/// The real app at `size`, with `host` saved as an unfinished match in a fresh data folder
/// (kept in the returned directory) and resumed.
pub fn resumed(host: &Host, size: [f32; 2]) -> (tempfile::TempDir, egui_kittest::Harness<'static, CardtableApp>) {
    resumed_with(host, size, None)
}

/// [`resumed`], with `settings` saved in the data folder first (the window opens with them:
/// its language, its bots' pace).
pub fn resumed_with(
    host: &Host,
    size: [f32; 2],
    settings: Option<Settings>,
) -> (tempfile::TempDir, egui_kittest::Harness<'static, CardtableApp>) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    {
        let mut store = Store::open(&root).expect("opens");
        let saved = SavedMatch::of(MatchId::new(at(0), 1 << 32), at(0), at(60), host, store.profiles());
        store.save_unfinished(saved).expect("writable").wait().expect("durable");
        if let Some(settings) = settings {
            store.save_settings(settings).expect("writable").wait().expect("durable");
        }
    }
    let store = Store::open(&root).expect("opens");
    let mut harness = egui_kittest::Harness::builder()
        .with_size(size)
        .with_max_steps(200)
        .build_eframe(move |cc| CardtableApp::with_store(cc, 1, Ok(Some(store))));
    // The unfinished matches are listed below the games: on a phone, scrolled to. In the
    // language the window opened in.
    let resume = cardtable::tr!("store-resume");
    harness.get_by_label(&resume).scroll_to_me();
    harness.run();
    harness.get_by_label(&resume).click();
    harness.run_steps(10);
    assert!(matches!(harness.state().screen(), Screen::Table(_)), "the match resumes");
    (dir, harness)
}

/// Steps the window until `done` holds: the store's jobs answer from their own threads, some
/// frames later.
pub fn wait_for(
    harness: &mut egui_kittest::Harness<'_, CardtableApp>,
    what: &str,
    done: impl Fn(&egui_kittest::Harness<'_, CardtableApp>) -> bool,
) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !done(harness) {
        assert!(std::time::Instant::now() < deadline, "timed out waiting for {what}");
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    harness.run();
}

/// Scrolls the widget into view (a phone shows little at once), then clicks it.
pub fn click(harness: &mut egui_kittest::Harness<'_, CardtableApp>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
}

/// A data folder holding the profile "Ana" and three decided matches (two Crazy Eights, one One
/// Hundred and One, a day apart), every file written.
pub fn with_history(root: &std::path::Path) {
    let mut store = Store::open(root).expect("opens");
    store
        .edit_profiles(|book| book.create("Ana", cardtable::store::profiles::Avatar::Emoji("★".into()), at(0)))
        .expect("created")
        .1
        .wait()
        .expect("durable");
    for (seed, kind) in [(1, GameKind::CrazyEights), (2, GameKind::HundredOne), (3, GameKind::CrazyEights)] {
        let record = finished(&store, kind, seed, 1_700_000_000 + seed.cast_signed() * 86_400);
        store.record(record).expect("writable").wait().expect("durable");
    }
    store.flush();
}

/// Types `text` into the field labelled `label` (scrolled into view and focused first).
pub fn type_into(harness: &mut egui_kittest::Harness<'_, CardtableApp>, label: &str, text: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).focus();
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

/// A window with no store whose home network is loopback, its LAN settings kept in `lan_dir`,
/// on the start screen.
pub fn lan_window(size: [f32; 2], lan_dir: std::path::PathBuf) -> egui_kittest::Harness<'static, CardtableApp> {
    egui_kittest::Harness::builder().with_size(size).build_eframe(move |cc| {
        let mut app = CardtableApp::new(cc, 1);
        app.set_lan_interface(Some(std::net::Ipv4Addr::LOCALHOST));
        app.set_lan_dir(lan_dir.clone());
        app
    })
}
