//! `cardtable store-soak` (hidden): the child of the store's crash test. It plays bots' matches
//! and keeps them saved exactly as the window does (a [`MatchKeeper`] after every action), and
//! prints `recorded <id>` only once a match's record is durable. The test kills it with SIGKILL
//! at random moments and checks that every printed match survived.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameKind, GameRng};

use crate::session::host::Host;
use crate::session::playout::Playout;
use crate::session::seating::quick_seating;
use crate::store::keeper::{MatchKeeper, SaveStatus};
use crate::store::profiles::Avatar;
use crate::store::{Store, paths};

/// Plays and records matches until killed.
///
/// # Errors
/// The data folder cannot be opened for writing, or a save fails.
pub fn run(data_dir: Option<&Path>, seed: u64) -> anyhow::Result<()> {
    let root = paths::data_dir(data_dir)?;
    let mut store = Store::open(&root).with_context(|| format!("cannot open {}", root.display()))?;
    if let Some(reason) = store.read_only() {
        anyhow::bail!("the data folder is read-only: {reason}");
    }
    let mut rng = GameRng::from_seed(seed ^ u64::from(std::process::id()));
    let mut out = std::io::stdout().lock();
    loop {
        if store.profiles().by_name("Ana").is_none() {
            let (_, receipt) = store.edit_profiles(|book| book.create("Ana", Avatar::Emoji("🦊".into()), jiff::Timestamp::now()))?;
            receipt.wait()?;
        } else if rng.below(4) == 0 {
            // Avatar edits keep rewriting the profiles file (and its backup) under the kills.
            let id = store.profiles().by_name("Ana").map(|profile| profile.id).context("Ana's profile")?;
            let colour = [rng.below(256) as u8, 0, 0];
            store.edit_profiles(|book| book.set_avatar(id, Avatar::Colour(colour)))?.1.wait()?;
        }
        // An unfinished match left by the last kill is resumed, as the window offers to.
        let (host, mut keeper) = match store.unfinished().first().cloned() {
            Some(saved) => {
                (saved.resume().with_context(|| format!("the save of {} does not resume", saved.id))?, MatchKeeper::resumed(&saved))
            }
            None => {
                let kind = GameKind::ALL[rng.below(GameKind::ALL.len())];
                let host = Host::new(AnyOptions::defaults(kind), quick_seating("Ana", 3, BotLevel::Random), rng.next_u64())?;
                let keeper = MatchKeeper::new(&host, jiff::Timestamp::now());
                (host, keeper)
            }
        };
        // Every move through the authority's checks, as at a table.
        let mut playout = Playout::new(host);
        while playout.random_step(&mut rng)? {
            keeper.sync(playout.host(), &mut store, jiff::Timestamp::now());
        }
        match keeper.wait().clone() {
            SaveStatus::Recorded => writeln!(out, "recorded {}", keeper.id())?,
            other => anyhow::bail!("match {} was not recorded: {other:?}", keeper.id()),
        }
        out.flush()?;
    }
}
