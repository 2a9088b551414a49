//! `cardtable scenario FILE.json`: run a scenario, print the outcome as JSON; and the check of a
//! scenario the window opens (`--scenario FILE`).

use std::path::Path;

use anyhow::Context;
use cardtable_engine::scenario::Scenario;

/// Runs the scenario in `file` and returns the outcome as pretty JSON.
///
/// # Errors
/// The file cannot be read, is not a scenario, or an action is illegal (the message names
/// the action's index and why).
pub fn run(file: &Path) -> anyhow::Result<String> {
    let (_, outcome) = read(file)?.run().with_context(|| format!("in {}", file.display()))?;
    serde_json::to_string_pretty(&outcome).context("the outcome could not be written as JSON")
}

/// Reads the scenario in `file` and checks that it plays (for `--scenario`, before the window
/// opens).
///
/// # Errors
/// As [`run`].
pub fn load(file: &Path) -> anyhow::Result<Scenario> {
    let scenario = read(file)?;
    scenario.run().with_context(|| format!("in {}", file.display()))?;
    Ok(scenario)
}

fn read(file: &Path) -> anyhow::Result<Scenario> {
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    Scenario::from_json(&text).with_context(|| format!("in {}", file.display()))
}
