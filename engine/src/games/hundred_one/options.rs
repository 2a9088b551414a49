//! One Hundred and One options (RULES.md §3).
//!
//! RULES.md §3 names no house rule: its rulings (the dealer's face-up card, no voluntary
//! draw, a lapsing 8 cover) are the game as this project plays it. The options are kept as a
//! struct so scenario files and saves have a stable place for any that come later.

use serde::{Deserialize, Serialize};

/// One Hundred and One options: none yet (RULES.md §3 has no house rule).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HundredOneOptions {}
