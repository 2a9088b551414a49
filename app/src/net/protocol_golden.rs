//! The protocol's encoding, pinned. Two devices of the same [`PROTOCOL_VERSION`] must read each
//! other's frames; postcard writes no field names and no type tags, so adding a field to a
//! view, reordering an event's variants or changing an option's type silently breaks that
//! promise. This test encodes a sample of every message, of every variant of what messages
//! carry, and of every game's options, views, events, actions and results (from seeded
//! matches, [`games`]) with the real codec, and compares each frame with the one pinned for
//! this version in `protocol_golden/protocol-v<N>.golden`.
//!
//! When it fails, the protocol changed: bump [`PROTOCOL_VERSION`] (with a line saying what
//! changed), then regenerate with [`BLESS_COMMAND`]. Blessing writes the file of a new
//! version (and removes the older versions' files); it refuses to rewrite the file of a version
//! already pinned, since a peer of that version would misread the new frames. When only the
//! samples changed and not the messages (a new sample of an old type), delete the file and
//! bless again.

mod games;
mod playout;
mod samples;
mod variants;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use cardtable_engine::bots::BotLevel;
use cardtable_engine::{
    ActionError, AnyAction, AnyEvent, AnyOptions, AnyView, Audience, Refusal as RuleRefusal, RoundEnd, ScoreKind, SetupError, Viewer,
};
use serde::de::DeserializeOwned;

use self::samples::{Book, build};
use self::variants::{leading_indices, variants};
use crate::net::fair::{RecordPart, SeedAsk};
use crate::net::protocol::PathKind;
use crate::net::protocol::{ClientMsg, Holder, HostMsg, JoinAs, JoinRefusal, LobbyProblem, PROTOCOL_VERSION, Refusal, Role};
use crate::session::host::Step;

/// The environment variable that makes the test write the goldens of a new version.
const BLESS_VAR: &str = "CARDTABLE_BLESS";

/// The command that regenerates the goldens, for the failure messages.
const BLESS_COMMAND: &str = "CARDTABLE_BLESS=1 cargo test -p cardtable --lib protocol_golden";

/// Differences listed in a failure, at most.
const MOST_LISTED: usize = 20;

/// The samples, made once for both tests (the seeded matches take a moment).
static BOOK: LazyLock<Book> = LazyLock::new(build);

/// The folder of the golden files.
fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/net/protocol_golden")
}

/// The golden file of a version.
fn golden_path(version: u32) -> PathBuf {
    folder().join(format!("protocol-v{version}.golden"))
}

/// The golden file's text for `pins`.
fn render(pins: &[(String, Vec<u8>)]) -> String {
    let mut text = format!(
        "# The frames (length prefix and postcard payload) of every protocol sample at PROTOCOL_VERSION {PROTOCOL_VERSION}\n\
         # (app/src/net/protocol_golden.rs). A change is a change of the protocol: bump PROTOCOL_VERSION, then\n\
         # regenerate with: {BLESS_COMMAND}\n"
    );
    for (key, frame) in pins {
        text.push_str(&format!("{key} {}\n", hex::encode(frame)));
    }
    text
}

/// Reads a golden file's frames by key, in order.
fn parse(text: &str) -> Vec<(String, Vec<u8>)> {
    text.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (key, hex) = line.split_once(' ').unwrap_or_else(|| panic!("a golden line is a key and hex: {line}"));
            (key.to_owned(), hex::decode(hex).unwrap_or_else(|error| panic!("{key}: {error}")))
        })
        .collect()
}

/// What differs between the pinned frames and the samples', one line each, in the samples'
/// order (then what is pinned but no longer sampled).
fn differences(pinned: &[(String, Vec<u8>)], sampled: &[(String, Vec<u8>)]) -> Vec<String> {
    let old: BTreeMap<&str, &[u8]> = pinned.iter().map(|(key, frame)| (key.as_str(), frame.as_slice())).collect();
    let new: BTreeSet<&str> = sampled.iter().map(|(key, _)| key.as_str()).collect();
    let mut lines = Vec::new();
    for (key, frame) in sampled {
        match old.get(key.as_str()) {
            None => lines.push(format!("{key}: new, not pinned")),
            Some(before) if *before != frame.as_slice() => {
                let at = before.iter().zip(frame).position(|(a, b)| a != b).unwrap_or(before.len().min(frame.len()));
                lines.push(format!("the encoding of {key} changed (from byte {at}; {} bytes, were {})", frame.len(), before.len()));
            }
            Some(_) => {}
        }
    }
    lines.extend(pinned.iter().filter(|(key, _)| !new.contains(key.as_str())).map(|(key, _)| format!("{key}: pinned, no longer sampled")));
    lines
}

/// Writes the goldens of this version, when none are pinned yet, and removes older versions'.
fn bless(path: &Path, pins: &[(String, Vec<u8>)]) {
    if let Ok(text) = std::fs::read_to_string(path) {
        let lines = differences(&parse(&text), pins);
        assert!(
            lines.is_empty(),
            "{} already pins PROTOCOL_VERSION {PROTOCOL_VERSION}, and these samples encode differently:\n{}\n\
             Bump PROTOCOL_VERSION first: a peer of version {PROTOCOL_VERSION} would misread them. (If only the samples \
             changed, not the messages, delete the file and bless again.)",
            path.display(),
            lines.join("\n"),
        );
        return;
    }
    std::fs::write(path, render(pins)).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    for entry in std::fs::read_dir(folder()).expect("the goldens' folder").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("protocol-v") && name.ends_with(".golden") && entry.path() != path {
            std::fs::remove_file(entry.path()).unwrap_or_else(|error| panic!("{name}: {error}"));
        }
    }
}

/// Every sample encodes exactly as pinned for this protocol version.
#[test]
fn every_message_encodes_as_pinned() {
    let path = golden_path(PROTOCOL_VERSION);
    let pins = &BOOK.pins;
    if std::env::var_os(BLESS_VAR).is_some_and(|value| value == "1") {
        bless(&path, pins);
        return;
    }
    let Ok(text) = std::fs::read_to_string(&path) else {
        panic!("no encodings are pinned for PROTOCOL_VERSION {PROTOCOL_VERSION} ({}): regenerate with {BLESS_COMMAND}", path.display());
    };
    let lines = differences(&parse(&text), pins);
    if let Some(first) = lines.first() {
        let listed: Vec<&str> = lines.iter().take(MOST_LISTED).map(String::as_str).collect();
        panic!(
            "{first}: bump PROTOCOL_VERSION (app/src/net/protocol.rs) and regenerate with {BLESS_COMMAND}\n\
             {} difference(s) from {}:\n{}",
            lines.len(),
            path.display(),
            listed.join("\n"),
        );
    }
}

/// The variants of `T` that no sample shows.
fn unseen<T: DeserializeOwned>(book: &Book) -> Vec<String> {
    let name = std::any::type_name::<T>();
    let names = variants::<T>(&[]);
    let seen: BTreeSet<u32> = book.seen.get(name).into_iter().flatten().map(|encoded| leading_indices(encoded, 1)[0]).collect();
    (0_u32..).zip(names).filter(|(index, _)| !seen.contains(index)).map(|(_, variant)| format!("{name}::{variant}")).collect()
}

/// The kinds of event of each game that no sample shows.
fn unseen_events(book: &Book) -> Vec<String> {
    let seen: BTreeSet<Vec<u32>> =
        book.seen.get(std::any::type_name::<AnyEvent>()).into_iter().flatten().map(|encoded| leading_indices(encoded, 2)).collect();
    let games = variants::<AnyEvent>(&[]);
    let mut missing = Vec::new();
    for (game, id) in (0_u32..).zip(games) {
        for (index, event) in (0_u32..).zip(variants::<AnyEvent>(&[game])) {
            if !seen.contains(&vec![game, index]) {
                missing.push(format!("{id} event {event}"));
            }
        }
    }
    missing
}

/// The samples show every variant of every enum that travels, so a variant added, removed or
/// reordered changes a pinned frame (or adds one) and the test above fails.
#[test]
fn the_samples_show_every_variant() {
    let book = &*BOOK;
    let mut missing = unseen_events(book);
    missing.extend(unseen::<ClientMsg>(book));
    missing.extend(unseen::<HostMsg>(book));
    missing.extend(unseen::<JoinRefusal>(book));
    missing.extend(unseen::<JoinAs>(book));
    missing.extend(unseen::<Refusal>(book));
    missing.extend(unseen::<LobbyProblem>(book));
    missing.extend(unseen::<Holder>(book));
    missing.extend(unseen::<BotLevel>(book));
    missing.extend(unseen::<Role>(book));
    missing.extend(unseen::<SeedAsk>(book));
    missing.extend(unseen::<RecordPart>(book));
    missing.extend(unseen::<Step>(book));
    missing.extend(unseen::<ActionError>(book));
    missing.extend(unseen::<SetupError>(book));
    missing.extend(unseen::<RuleRefusal>(book));
    missing.extend(unseen::<Audience>(book));
    missing.extend(unseen::<Viewer>(book));
    missing.extend(unseen::<PathKind>(book));
    missing.extend(unseen::<RoundEnd>(book));
    missing.extend(unseen::<ScoreKind>(book));
    missing.extend(unseen::<AnyOptions>(book));
    missing.extend(unseen::<AnyView>(book));
    missing.extend(unseen::<AnyAction>(book));
    assert!(
        missing.is_empty(),
        "no sample shows these variants; add one in app/src/net/protocol_golden/samples.rs:\n{}",
        missing.join("\n")
    );
}
