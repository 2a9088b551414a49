//! The arguments of `cardtable sim`, which its `--seats` arena shares: the command line
//! (`crate::cli`) reads them, the commands run them. They live with the commands so the
//! command line depends on the commands and never the other way round.

use cardtable_engine::GameKind;
use cardtable_engine::bots::ArenaSeat;

/// Arguments of `cardtable sim`.
#[derive(Debug, clap::Args)]
pub struct SimArgs {
    /// Game id.
    #[arg(long, value_parser = GameKind::from_id)]
    pub game: GameKind,
    /// Seats at the table.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Matches to play.
    #[arg(long, default_value_t = 1_000, conflicts_with = "rounds")]
    pub matches: u64,
    /// Play this many rounds in all instead of a number of matches.
    #[arg(long)]
    pub rounds: Option<u64>,
    /// Base seed; the same seed replays the same run.
    #[arg(long, default_value_t = 7)]
    pub seed: u64,
    /// The game's options as JSON (missing fields keep their defaults), e.g. '{"draw_two":"stack"}'.
    #[arg(long)]
    pub options: Option<String>,
    /// Print the report as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Bots at every seat instead of random play, one per seat, e.g.
    /// `hard,normal,normal,normal` (levels: random, easy, normal, hard); the seat count follows.
    /// Measurements may also seat the ceilings no table seats: `hard-perfect` (sees every
    /// hand) and `hard-10x` (any multiple of Hard's budget up to 100).
    #[arg(long, value_delimiter = ',', conflicts_with = "rounds")]
    pub seats: Option<Vec<ArenaSeat>>,
    /// Search budget of the Hard level, in iterations per decision.
    #[arg(long)]
    pub iterations: Option<u32>,
    /// Worker threads playing matches at once (default: one per core). The report is the
    /// same for any number: only the time changes.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// Hard searches this many milliseconds per decision (0: the iteration budget) instead
    /// of a fixed budget; the run is then no longer reproducible from its seed.
    #[arg(long, value_name = "MS", conflicts_with = "iterations")]
    pub think_ms: Option<u32>,
}

impl SimArgs {
    /// The Hard level's search these arguments ask for: `--think-ms` (through the app's
    /// clock, [`crate::think`]) or `--iterations`.
    #[must_use]
    pub fn search_tuning(&self) -> cardtable_engine::bots::SearchTuning {
        crate::think::override_think_ms(self.think_ms);
        match self.think_ms {
            Some(millis) if millis > 0 => crate::think::search_tuning(),
            _ => cardtable_engine::bots::SearchTuning { iterations: self.iterations, ..Default::default() },
        }
    }
}
