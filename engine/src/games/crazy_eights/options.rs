//! Crazy Eights house rules (RULES.md §1), with their defaults.

use serde::{Deserialize, Serialize};

/// What a played 2 does to the next player (RULES.md §1, "Special cards: 2").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawTwo {
    /// The next player draws two, then takes their turn as usual.
    #[default]
    Literal,
    /// The next player draws two and misses the turn.
    Skip,
    /// The next player may answer with a 2, passing the sum on; once they draw, they draw it
    /// all and the turn ends.
    Stack,
}

/// Crazy Eights options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CrazyEightsOptions {
    /// How a 2 works. Default: `literal`.
    pub draw_two: DrawTwo,
    /// Rounds continue until a total reaches this; 0 plays a single round. Default: 100.
    pub score_limit: u32,
}

impl Default for CrazyEightsOptions {
    fn default() -> CrazyEightsOptions {
        CrazyEightsOptions { draw_two: DrawTwo::Literal, score_limit: 100 }
    }
}
