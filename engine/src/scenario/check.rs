//! What a scenario is checked for before a card is dealt, each failure naming its field: the
//! seat count and dealer, every hand's size, every stacked deck's cards against the game's deck
//! (counted without a limit, so 256 copies of a card cannot wrap to none), and every step's
//! seat.

use super::{Scenario, ScenarioError, Step};
use crate::card::{CARD_KINDS, Card, DeckKind};
use crate::game::Game;
use crate::kind::GameKind;
use crate::registry::{AnyOptions, GameVisitor};

/// The deck a game is played with.
struct DeckOf;

impl GameVisitor for DeckOf {
    type Output = DeckKind;
    fn visit<G: Game>(self) -> DeckKind {
        G::deck_kind(&G::Options::default())
    }
}

fn field(field: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError::Field { field: field.into(), message: message.into() }
}

/// Checks `cards` (named `what` in errors) fit in one deck of `kind`'s game.
fn check_deck(what: &str, game: GameKind, cards: &[Card]) -> Result<(), ScenarioError> {
    // Every count within the deck's bounds the length too.
    let deck = game.visit(DeckOf);
    let mut available = [0_usize; CARD_KINDS];
    deck.cards().iter().for_each(|card| available[card.index() as usize] += 1);
    let mut listed = [0_usize; CARD_KINDS];
    cards.iter().for_each(|card| listed[card.index() as usize] += 1);
    match cards.iter().find(|card| listed[card.index() as usize] > available[card.index() as usize]) {
        Some(card) => {
            let index = card.index() as usize;
            Err(field(what, format!("{card} is listed {} times; a {game} deck has {}", listed[index], available[index])))
        }
        None => Ok(()),
    }
}

/// Checks everything about `scenario` that does not need a dealt table.
///
/// # Errors
/// The first field that cannot be played, named.
pub(super) fn check(scenario: &Scenario, options: &AnyOptions) -> Result<(), ScenarioError> {
    let game = scenario.game;
    let players = scenario.players;
    let seats = options.seat_range();
    if !seats.contains(&players) {
        return Err(field("`players`", format!("{game} is played by {} to {} players, not {players}", seats.start(), seats.end())));
    }
    if scenario.dealer.index() >= players {
        return Err(field("`dealer`", format!("seat {} is not at a table of {players}", scenario.dealer.0)));
    }
    if !scenario.hands.is_empty() {
        if scenario.hands.len() != players {
            return Err(field("`hands`", format!("{} hands listed for {players} players", scenario.hands.len())));
        }
        let size = game.hand_size();
        if let Some((seat, hand)) = scenario.hands.iter().enumerate().find(|(_, hand)| hand.len() != size) {
            return Err(field(format!("`hands[{seat}]`"), format!("{} cards, but {game} deals {size} to each seat", hand.len())));
        }
    }
    let first: Vec<Card> = scenario.hands.iter().flatten().chain(&scenario.deck).copied().collect();
    check_deck(if scenario.hands.is_empty() { "`deck`" } else { "`hands` and `deck`" }, game, &first)?;
    for (round, deck) in scenario.next_decks.iter().enumerate() {
        check_deck(&format!("`next_decks[{round}]`"), game, deck)?;
    }
    for (index, step) in scenario.actions.iter().enumerate() {
        if let Step::Act { seat, .. } = step
            && seat.index() >= players
        {
            return Err(field(format!("`actions[{index}].seat`"), format!("seat {} is not at a table of {players}", seat.0)));
        }
    }
    Ok(())
}
