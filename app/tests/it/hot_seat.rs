//! Out-of-turn calls at a hot-seat table, on stacked decks: a Youglouf snap goes through the
//! hand-off to the person who snaps and back; "One!" is declared for a person named on the
//! button, without showing anybody's cards.

use cardtable::app::LiveTable;
use cardtable::session::host::Host;
use cardtable::session::local::LocalTable;
use cardtable::session::playout::Playout;
use cardtable::session::seating::Occupant;
use cardtable::settings::{BotPace, Settings};
use cardtable_engine::games::fool108::Fool108Options;
use cardtable_engine::games::youglouf::YougloufOptions;
use cardtable_engine::scenario::deck_from_hands;
use cardtable_engine::{AnyAction, AnyEvent, AnyOptions, Card, GameKind, Phase, Seat, parse_cards};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn people(names: &[&str]) -> Vec<Occupant> {
    names.iter().map(|name| Occupant::Human { name: (*name).to_owned() }).collect()
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("test cards")
}

/// Sets the table up by a move, through the authority's checks.
fn act(host: &mut Host, seat: u8, action: &str) {
    let action = AnyAction::parse(host.kind(), action).expect("notation");
    let mut playout = Playout::new(host.clone());
    playout.act(Seat(seat), action).unwrap_or_else(|error| panic!("{action}: {error}"));
    *host = playout.into_host();
}

/// The table alone, driven like the window drives it: its commands applied after each frame.
fn harness(host: Host) -> Harness<'static, LiveTable> {
    let settings = Settings::default();
    let table = LiveTable::new(Box::new(LocalTable::resume(host, BotPace::Normal)), settings);
    Harness::builder().with_size([1100.0, 900.0]).with_max_steps(50).with_context_setup(cardtable::ui::theme::install).build_ui_state(
        |ui, table: &mut LiveTable| {
            let now = ui.input(|input| input.time);
            table.logic(now);
            for command in table.draw(ui) {
                // What is the app's to do (leave, the menu) has no app to go to here.
                let _app_request = table.apply(command);
            }
        },
        table,
    )
}

fn events(harness: &Harness<'_, LiveTable>) -> Vec<AnyEvent> {
    harness.state().host().expect("local").history().iter().map(|addressed| addressed.event.clone()).collect()
}

/// RULES.md §5, "Snapping": any player may snap out of turn; at a hot-seat table the device
/// goes to that player first (named), and comes back to the turn after.
#[test]
fn a_snap_out_of_turn_hands_the_device_to_the_snapper_and_back() {
    let hands: Vec<Vec<Card>> = ["7C 3C 4C 5C", "7D 3D 4D 5D", "KH 9H 4H 5H"].iter().map(|hand| cards(hand)).collect();
    // Youglouf: the dealer takes the first turn; the closed deck's top is 7♠.
    let deck = deck_from_hands(Seat(0), &hands, &cards("7S"));
    let options = AnyOptions::Youglouf(YougloufOptions { snap_grace_ms: 0, ..YougloufOptions::default() });
    let mut host = Host::with_deck(options, people(&["Ana", "Boris", "Clara"]), 3, Some(&deck)).expect("table");
    for seat in 0..3 {
        act(&mut host, seat, "look 0 1");
    }
    act(&mut host, 0, "draw");
    act(&mut host, 0, "drop");
    let mut harness = harness(host);
    harness.run();
    harness.get_by_label("Pass the device to Ana");
    harness.get_by_label("I'm Ana — show my cards").click();
    harness.run();
    harness.get_by_label("Snap — Boris").click();
    harness.run();
    harness.get_by_label("Boris wants to snap: pass the device to Boris");
    assert!(harness.query_by_label_contains("slot").is_none(), "no card on the hand-off screen");
    harness.get_by_label("I'm Boris — show my cards").click();
    harness.run();
    assert_eq!(harness.state().showing(), Some(Seat(1)));
    harness.get_by_label("Boris, slot 1: 7♦").click();
    harness.run();
    let snapped = events(&harness).iter().any(|event| format!("{event:?}").contains("Snapped { seat: Seat(1), slot: 0"));
    assert!(snapped, "Boris snapped his 7♦");
    harness.get_by_label("Pass the device to Ana");
    assert_eq!(harness.state().showing(), None, "back to the turn's player, through a hand-off");
}

/// RULES.md §2, "One!": a player holding one or two cards may declare it at any time, also in
/// other players' turns: the table offers it to that person by name.
#[test]
fn one_is_declared_for_another_person_by_name_during_someone_elses_turn() {
    let hands: Vec<Vec<Card>> = ["8H TC KS JD TD", "TH KC JS 8D QS"].iter().map(|hand| cards(hand)).collect();
    let deck = deck_from_hands(Seat(0), &hands, &[]);
    // The round's first card is played at random from seat 0's hand: find the seed that
    // plays 8♥, as the engine's own tests do.
    let host = (0..2_000)
        .filter_map(|seed| {
            Host::with_deck(AnyOptions::Fool108(Fool108Options::default()), people(&["Ana", "Boris"]), seed, Some(&deck)).ok()
        })
        .find(|host| format!("{:?}", host.history()).contains("Played { seat: Seat(0), card: 8H, automatic: true"))
        .expect("a seed that opens with 8H");
    let mut host = host;
    for (seat, action) in [(1, "play TH"), (0, "play TC"), (1, "play KC"), (0, "play KS"), (1, "play JS")] {
        act(&mut host, seat, action);
    }
    assert_eq!(host.kind(), GameKind::Fool108);
    assert_eq!(host.phase(), Phase::Playing);
    // Boris holds 8♦ and Q♠ and it is Ana's turn.
    let mut harness = harness(host);
    harness.run();
    harness.get_by_label("I'm Ana — show my cards").click();
    harness.run();
    harness.get_by_label("\"One!\" — Boris").click();
    harness.run();
    assert!(events(&harness).iter().any(|event| format!("{event:?}") == "Fool108(DeclaredOne { seat: Seat(1) })"), "Boris declared");
    assert_eq!(harness.state().showing(), Some(Seat(0)), "Ana keeps the device: declaring shows no card");
    assert!(harness.query_by_label("\"One!\" — Boris").is_none(), "a declaration stands once");
}
