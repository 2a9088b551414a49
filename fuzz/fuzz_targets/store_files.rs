//! Every file the store reads, decoded as the store decodes it and then used as the program
//! uses it: profiles (looked up, added to), the history index (statistics for every profile),
//! a match record (its summary, the statistics of it, a replay of its rounds), a saved match
//! (resumed), the settings, and the known hosts. The first byte picks the file; the rest is
//! its content. Anything that decodes must be usable without a panic. A save of format 2 must
//! carry the digest of what it holds, which mutations rarely keep: saves reach their resume
//! mostly as format 1 (the `saved` seed), given their digest when read.

#![no_main]

use std::path::PathBuf;

use cardtable::net::known_hosts::KnownHosts;
use cardtable::session::replay::{self, MatchStart};
use cardtable::settings::Settings;
use cardtable::store::document::{Decoded, decode};
use cardtable::store::history::HistoryIndex;
use cardtable::store::profiles::{Avatar, ProfileBook};
use cardtable::store::record::{MatchRecord, MatchSummary};
use cardtable::store::saved::SavedMatch;
use cardtable::store::settings::SettingsFile;
use cardtable::store::stats;
use libfuzzer_sys::fuzz_target;

fn statistics(matches: &[MatchSummary]) {
    for summary in matches {
        for seat in &summary.seats {
            if let Some(profile) = seat.profile {
                let per_game = stats::per_game(matches, profile);
                for game in per_game.values() {
                    let _ = (game.win_rate(), game.average_round_points());
                }
                let _ = stats::win_rate_over_time(matches, profile, Some(summary.game));
            }
        }
        let _ = summary.decided();
    }
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&which, content)) = bytes.split_first() else { return };
    match which % 6 {
        0 => {
            if let Ok(decoded) = decode::<ProfileBook>(content)
                && let Some(mut book) = decoded.into_value()
            {
                let _ = book.recent().count();
                for profile in book.all().to_vec() {
                    assert!(book.by_name(&profile.name).is_some());
                }
                let _ = book.create("Fuzz", Avatar::Colour([1, 2, 3]), jiff::Timestamp::UNIX_EPOCH);
            }
        }
        1 => {
            if let Ok(decoded) = decode::<HistoryIndex>(content)
                && let Some(index) = decoded.into_value()
            {
                statistics(&index.matches);
            }
        }
        2 => {
            if let Ok(decoded) = decode::<MatchRecord>(content)
                && let Some(record) = decoded.into_value()
            {
                let summary = record.summary();
                statistics(std::slice::from_ref(&summary));
                let _ = (record.game(), record.occupants());
                if record.replays() {
                    let seats = record.occupants();
                    let start = MatchStart { options: &record.options, seats: &seats, seed: record.seed };
                    let _ = replay::round_results(&start, &record.steps);
                }
            }
        }
        3 => {
            if let Ok(decoded) = decode::<SavedMatch>(content)
                && let Some(saved) = decoded.into_value()
            {
                // The store checked it replays: resuming it must work.
                let host = saved.resume().expect("a save that passed its check resumes");
                let _ = (host.phase(), host.steps().len());
            }
        }
        4 => {
            if let Ok(Decoded::Current(SettingsFile(settings))) = decode::<SettingsFile<Settings>>(content) {
                let _ = serde_json::to_vec(&settings);
            }
        }
        _ => {
            if let Ok(hosts) = KnownHosts::parse(PathBuf::from("known-hosts.json"), content) {
                let _ = hosts.iter().count();
            }
        }
    }
});
