//! `cardtable scenario FILE.json`: run a scenario, print the outcome as JSON.

use std::path::Path;

use anyhow::Context;
use cardtable_engine::scenario::Scenario;

/// Runs the scenario in `file` and returns the outcome as pretty JSON.
///
/// # Errors
/// The file cannot be read, is not a scenario, or an action is illegal (the message names
/// the action's index and why).
pub fn run(file: &Path) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let scenario = Scenario::from_json(&text).with_context(|| format!("in {}", file.display()))?;
    let (_, outcome) = scenario.run().with_context(|| format!("in {}", file.display()))?;
    serde_json::to_string_pretty(&outcome).context("the outcome could not be written as JSON")
}
