//! Checks every game makes of a table before dealing.

use crate::error::SetupError;
use crate::game::{Game, TableSetup};

/// Refuses a seat count outside the game's range or a dealer who is not at the table.
///
/// # Errors
/// The first problem found.
pub fn check_table<G: Game>(setup: &TableSetup, options: &G::Options) -> Result<(), SetupError> {
    let range = G::seat_range(options);
    if !range.contains(&setup.players) {
        return Err(SetupError::Players {
            game: G::KIND.name().to_owned(),
            players: setup.players,
            min: *range.start(),
            max: *range.end(),
        });
    }
    if setup.dealer.index() >= setup.players {
        return Err(SetupError::Dealer { dealer: setup.dealer, players: setup.players });
    }
    Ok(())
}
