//! How soon the window can draw with a history of 20,000 matches whose index was deleted or
//! damaged (issue 30, item 10: 6.2–6.4 s with no window at all, the store being opened, and
//! the index rebuilt, before the window), and how long checking every match the index lists
//! against its record takes (item 11: once, replaying each; then at every start, hashing each).
//! Prints, for each case, when [`Store::open_for_window`] returned (the window draws its first
//! frame right after) and when the checked history was whole:
//!
//! `cargo bench -p cardtable-app-bench --bench store_start` (the figures in docs/store.md were taken
//! with `--profile dev`, unoptimised, on the 2-core machine shared with other builds).

use std::path::Path;
use std::time::{Duration, Instant};

use cardtable::store::Store;
use cardtable::store::document;
use cardtable::store::history::{HistoryIndex, INDEX_FILE};

#[path = "support/history.rs"]
mod history_support;

const MATCHES: usize = 20_000;

/// Opens as the window does and polls as its frames do, until the history is whole (read
/// behind the window: the index, and the records it lacks).
fn measure(root: &Path, case: &str) {
    let started = Instant::now();
    let mut store = Store::open_for_window(root).expect("opens");
    let opened = started.elapsed();
    let mut seen = Vec::new();
    while store.history_progress().is_some() {
        std::thread::sleep(Duration::from_millis(100));
        seen.extend(store.history_progress());
        store.poll();
    }
    println!(
        "{MATCHES} matches, index {case}: open for the window {:.3} s, history whole after {:.2} s ({} matches; {} progress updates seen)",
        opened.as_secs_f64(),
        started.elapsed().as_secs_f64(),
        store.history().len(),
        seen.len()
    );
    assert_eq!(store.history().len(), MATCHES);
}

fn main() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    history_support::fill(&root, MATCHES, |record| document::encode(record).expect("encodes"));
    drop(Store::open(&root).expect("builds the index"));
    measure(&root, "intact, every match checked before");
    // An index written before its matches were checked (by an earlier Cardtable): each is
    // replayed once.
    let index_path = root.join(INDEX_FILE);
    let decoded = document::decode::<HistoryIndex>(&std::fs::read(&index_path).expect("the index")).expect("reads");
    let mut index = decoded.into_value().expect("current");
    assert_eq!(index.checked.len(), MATCHES, "the first open checked every match");
    index.checked.clear();
    std::fs::write(&index_path, document::encode(&index).expect("encodes")).expect("written");
    measure(&root, "intact, never checked");
    measure(&root, "intact, checked at the start before");
    std::fs::remove_file(root.join(INDEX_FILE)).expect("deleted");
    measure(&root, "deleted");
    std::fs::write(root.join(INDEX_FILE), b"{\"cardtable\":\"history-index\",\"schema\":1,\"data\":{\"matc").expect("damaged");
    measure(&root, "damaged");
}
