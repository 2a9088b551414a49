//! Youglouf house rules and limits (RULES.md §5), with their defaults.

use serde::{Deserialize, Serialize};

/// Youglouf options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct YougloufOptions {
    /// Also allow a table of two (RULES.md §5: 3–6 players, an option allows 2). Default: false.
    pub allow_two_players: bool,
    /// The game (our match) ends when a total reaches this; 0 plays a single Youglouf match
    /// (our round). Default: 100.
    pub score_limit: u32,
    /// Milliseconds the UI and the network keep a snap window open before the next turn may
    /// take a card (RULES.md §5 ruling). The engine has no clock and ignores it: a window
    /// closes when the next turn takes a card. Default: 2000.
    pub snap_grace_ms: u32,
}

impl Default for YougloufOptions {
    fn default() -> YougloufOptions {
        YougloufOptions { allow_two_players: false, score_limit: 100, snap_grace_ms: 2_000 }
    }
}
