//! The store at 10,000 matches: `cargo bench -p cardtable-app-bench --bench store`.
//!
//! - `open/10000`: opening the data folder with a history of 10,000 matches (the index and the
//!   folder listing; the issue asks for under 1 s). The first open, which rebuilds the index
//!   from every record, is timed once and printed.
//! - `history_frame/10000`: one frame of the history screen listing those 10,000 matches.
//! - `save/unfinished`: encoding and durably writing one unfinished match (what each action costs
//!   the writer thread).
//!
//! Printed once: the average record size on disk (format 2, and the same records in format 1),
//! and the upgrade sweep of 1,000 format-1 records (the first open after the update).

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use cardtable::store::Store;
use cardtable::store::document;
use cardtable::store::record::compact::format1_bytes;
use cardtable::store::record::{MatchId, MatchRecord};
use cardtable::store::saved::SavedMatch;
use cardtable::ui::history::HistoryScreen;
use cardtable_engine::GameKind;
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "support/history.rs"]
mod history_support;

use history_support::{fill, played};

const MATCHES: usize = 10_000;

/// Format-1 records upgraded by the timed sweep (each costs three durable writes).
const UPGRADED: usize = 1_000;

/// The average size of the files in `folder`.
fn average_size(folder: &Path) -> f64 {
    let sizes: Vec<u64> =
        std::fs::read_dir(folder).expect("listable").map(|entry| entry.expect("entry").metadata().expect("size").len()).collect();
    sizes.iter().sum::<u64>() as f64 / sizes.len().max(1) as f64
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    fill(&root, MATCHES, |record| document::encode(record).expect("encodes"));
    let matches_dir = root.join("history/matches");
    println!("records on disk (format 2): {:.0} bytes on average", average_size(&matches_dir));

    // A history as the last build left it: the index, and records of format 1 (written after
    // the index is built, so the timed part is the sweep).
    let old_root = dir.path().join("old");
    fill(&old_root, UPGRADED, |record| document::encode(record).expect("encodes"));
    drop(Store::open(&old_root).expect("opens"));
    for entry in std::fs::read_dir(old_root.join("history/matches")).expect("listable") {
        let path = entry.expect("entry").path();
        let record =
            document::decode::<MatchRecord>(&std::fs::read(&path).expect("read")).expect("readable").into_value().expect("current");
        std::fs::write(&path, format1_bytes(&record)).expect("written");
    }
    let old_average = average_size(&old_root.join("history/matches"));
    println!("the same records in format 1: {old_average:.0} bytes on average");
    let started = Instant::now();
    let mut store = Store::open(&old_root).expect("opens");
    let opened = started.elapsed();
    store.finish_upgrades();
    println!(
        "upgrade of {UPGRADED} format-1 records: open {:.3} s, sweep done after {:.2} s: {:?}",
        opened.as_secs_f64(),
        started.elapsed().as_secs_f64(),
        store.notices()
    );
    drop(store);
    let started = Instant::now();
    let store = Store::open(&root).expect("opens");
    println!("first open, index rebuilt from {} records: {:.2} s", store.history().len(), started.elapsed().as_secs_f64());
    assert_eq!(store.history().len(), MATCHES);
    drop(store);
    let index_size = std::fs::metadata(root.join("history/index.json")).expect("index").len();
    println!("index of {MATCHES} matches: {:.1} MiB", index_size as f64 / 1_048_576.0);

    let mut group = c.benchmark_group("open");
    group.sample_size(20);
    group.bench_function("10000", |b| b.iter(|| black_box(Store::open(&root).expect("opens").history().len())));
    group.finish();

    // One frame of the history screen over 10,000 matches at desktop size (only the rows in view
    // are laid out, wherever the list is scrolled).
    let store = Store::open(&root).expect("opens");
    let ctx = egui::Context::default();
    cardtable::ui::theme::install(&ctx);
    let mut screen = HistoryScreen::default();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
        ..Default::default()
    };
    let mut frame = || {
        let mut output = ctx.run_ui(input(), |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                black_box(screen.show(ui, &store));
            });
        });
        // No renderer here: the font atlas uploads are dropped on purpose.
        output.textures_delta.clear();
    };
    frame();
    c.bench_function("history_frame/10000", |b| b.iter(&mut frame));
    drop(store);

    let mut store = Store::open(&root).expect("opens");
    let host = played(GameKind::Fool108, 3);
    let at = jiff::Timestamp::from_second(1_800_000_000).expect("in range");
    let saved = SavedMatch::of(MatchId::new(at, 3), at, at, &host, store.profiles());
    println!("unfinished match of {} steps: {} bytes", saved.steps.len(), document::encode(&saved).expect("encodes").len());
    c.bench_function("save/unfinished", |b| b.iter(|| store.save_unfinished(saved.clone()).expect("writable").wait().expect("durable")));
}

criterion_group!(benches, bench);
criterion_main!(benches);
