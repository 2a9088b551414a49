//! How hard the Hard level searches: its configuration ([`IsmctsConfig`]), what a table or the
//! command line may tune ([`SearchTuning`], [`ThinkClock`]), how many threads it may use
//! ([`Threads`]) and how a caller with a clock stops it ([`StopCheck`]). The search itself is
//! in [`super::ismcts`].

/// UCB1's exploration constant for rewards in `[0, 1]`. Tuned at Crazy Eights against three
/// Normal bots: 0.35 won clearly more than 0.2 or 1.0 (docs/bots.md).
pub const DEFAULT_EXPLORATION: f64 = 0.35;

/// Weight of the progressive bias towards the game's heuristic move (Normal's): a move the
/// heuristic takes scores this much more in UCB1, divided by its visits + 1, so the search
/// starts from the club player's move and leaves it only for one that proves better.
pub const DEFAULT_BIAS: f64 = 1.0;

/// How hard the search thinks.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct IsmctsConfig {
    /// Determinizations searched per decision, at most.
    pub iterations: u32,
    /// UCB1's exploration constant.
    pub exploration: f64,
    /// Weight of the progressive bias towards the heuristic's move (0: none).
    pub bias: f64,
    /// Waited-for moves a playout makes at most before it stops and judges the position
    /// ([`Determinize::position_rewards`]); `None` plays the round to its end. A long round
    /// decided by luck far ahead tells the search little about the move at hand: a short look
    /// ahead and a judgement of the hands is a sharper signal, and cheaper.
    pub horizon: Option<u32>,
    /// Independent trees the iterations are split between, their root statistics merged
    /// (root parallelisation). Fixed per config, not per machine, so a seeded decision is the
    /// same on any number of cores.
    #[serde(default = "default_trees")]
    pub trees: u32,
    /// Whether a tree stops once no other root choice can catch up with its leader (the
    /// answer is the same; benchmarks turn it off to time the whole budget).
    #[serde(default = "default_early_stop")]
    pub early_stop: bool,
}

/// Serde's default for [`IsmctsConfig::early_stop`].
const fn default_early_stop() -> bool {
    true
}

/// Trees a Hard decision grows by default: enough to keep four cores busy, few enough that
/// each tree still sees a few hundred iterations at the games' budgets.
pub const DEFAULT_TREES: u32 = 4;

/// Serde's default for [`IsmctsConfig::trees`] (configs written before it existed).
const fn default_trees() -> u32 {
    DEFAULT_TREES
}

impl IsmctsConfig {
    /// `iterations` per decision with the default exploration and bias, playouts to the
    /// round's end.
    #[must_use]
    pub const fn with_iterations(iterations: u32) -> IsmctsConfig {
        IsmctsConfig {
            iterations,
            exploration: DEFAULT_EXPLORATION,
            bias: DEFAULT_BIAS,
            horizon: None,
            trees: DEFAULT_TREES,
            early_stop: true,
        }
    }

    /// This budget grown as `trees` trees.
    #[must_use]
    pub const fn with_trees(self, trees: u32) -> IsmctsConfig {
        IsmctsConfig { trees, ..self }
    }

    /// This budget run to its end, without stopping once the answer is settled.
    #[must_use]
    pub const fn without_early_stop(self) -> IsmctsConfig {
        IsmctsConfig { early_stop: false, ..self }
    }

    /// This budget with `percent` of its iterations (at least one).
    #[must_use]
    pub fn scaled(self, percent: u32) -> IsmctsConfig {
        let iterations = u64::from(self.iterations) * u64::from(percent) / 100;
        IsmctsConfig { iterations: u32::try_from(iterations).unwrap_or(u32::MAX).max(1), ..self }
    }

    /// This budget with playouts stopped after `horizon` moves.
    #[must_use]
    pub const fn with_horizon(self, horizon: u32) -> IsmctsConfig {
        IsmctsConfig { horizon: Some(horizon), ..self }
    }
}

/// Changes to a game's default search ([`super::BotGame::SEARCH`]), field by field: the
/// command line's `--iterations`, and tuning runs.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SearchTuning {
    /// Iterations per decision.
    pub iterations: Option<u32>,
    /// UCB1's exploration constant.
    pub exploration: Option<f64>,
    /// Progressive bias weight.
    pub bias: Option<f64>,
    /// Playout horizon; `Some(0)` plays to the round's end.
    pub horizon: Option<u32>,
    /// Trees per decision (at least one).
    pub trees: Option<u32>,
    /// The caller's clock for a thinking time (none: the iteration budget alone).
    pub clock: Option<ThinkClock>,
}

/// A caller's clock for Hard's thinking time, as two plain functions so a search budget stays
/// `Copy`: the engine has no clock, the app has. `start` is called as a decision begins and
/// gives that decision's deadline (in the caller's units); `over` is asked with it between
/// slices of iterations (from the search's threads). Each decision holds its own deadline, so
/// decisions timed at once on several threads do not move each other's. The search stops once
/// `over` says so, or at its iteration budget.
#[derive(Clone, Copy)]
pub struct ThinkClock {
    /// A decision begins: its deadline.
    pub start: fn() -> u64,
    /// Whether the decision with this deadline is out of time.
    pub over: fn(u64) -> bool,
}

impl PartialEq for ThinkClock {
    fn eq(&self, other: &ThinkClock) -> bool {
        std::ptr::fn_addr_eq(self.start, other.start) && std::ptr::fn_addr_eq(self.over, other.over)
    }
}

impl std::fmt::Debug for ThinkClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ThinkClock")
    }
}

impl SearchTuning {
    /// `base` with these changes.
    #[must_use]
    pub fn apply(self, base: IsmctsConfig) -> IsmctsConfig {
        IsmctsConfig {
            iterations: self.iterations.unwrap_or(base.iterations),
            exploration: self.exploration.unwrap_or(base.exploration),
            bias: self.bias.unwrap_or(base.bias),
            horizon: match self.horizon {
                Some(0) => None,
                Some(horizon) => Some(horizon),
                None => base.horizon,
            },
            trees: self.trees.map_or(base.trees, |trees| trees.max(1)),
            early_stop: base.early_stop,
        }
    }
}

/// Whether a search may use more than the calling thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Threads {
    /// The trees grow one after another on the calling thread (tests, and callers that run
    /// many searches side by side already).
    One,
    /// The trees grow on rayon's pool, on every core. The answer is the same as with
    /// [`Threads::One`]: the trees are seeded in order before they start and merged in order.
    /// A timed decision (a [`ThinkClock`]) grows one tree per core instead, each on a thread
    /// of its own for the whole thinking time, each capped by the whole iteration budget.
    #[default]
    All,
}

/// Asked between slices of iterations whether to stop now: how a caller with a clock (the
/// app's thinking time) ends a search the engine cannot time. Called from the search's
/// threads.
pub type StopCheck<'a> = &'a (dyn Fn() -> bool + Sync);
