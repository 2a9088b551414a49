//! Issue 29, Youglouf on a phone: with four seats, and through its tutorial, the closed deck,
//! the open deck and every action lie inside the window without scrolling, and neither the
//! seats' strip nor the tutorial's note covers any of them, at phone, laptop and desktop sizes.

use crate::hot_seat_driver::{Driver, Input};
use crate::store_support::resumed;

use cardtable::app::{CardtableApp, Screen};
use cardtable::session::host::Host;
use cardtable::session::playout::Playout;
use cardtable::session::seating::{Occupant, quick_seating};
use cardtable::tutorial::{PLAYER, Tutorial};
use cardtable::ui::table::motion::{Spot, spot_rect};
use cardtable_engine::bots::BotLevel;
use cardtable_engine::games::youglouf::StepView;
use cardtable_engine::{AnyOptions, AnyView, GameKind, GameRng, Phase, Seat, SeatSet, Viewer};
use egui::Rect;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

const SIZES: [[f32; 2]; 3] = [[360.0, 640.0], [1280.0, 800.0], [1920.0, 1080.0]];

/// Each action's place, by the labels it may carry (one step's or another's).
const ACTIONS: [&[&str]; 5] = [
    &["Closed deck (Space)", "Drop it (Space)"],
    &["Open deck", "Skip the power"],
    &["End the turn (Enter)"],
    &["Call Youglouf!", "Yes, call Youglouf (Y)"],
    &["Snap…", "Cancel the snap"],
];

/// Ana and three bots, as quick play seats them.
pub fn four_seats() -> Vec<Occupant> {
    quick_seating("Ana", 4, BotLevel::Random)
}

/// A four-seat match played at random until Ana alone is to take a card, at a turn of the first round, every seat
/// with the four slots of a deal (as bots leave them, mostly: random play snaps wrongly).
fn ana_to_draw() -> Host {
    for seed in 3..200 {
        let mut playout = Playout::new(Host::new(AnyOptions::defaults(GameKind::Youglouf), four_seats(), seed).expect("table"));
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..2_000 {
            let host = playout.host();
            if host.phase() == Phase::Playing
                && host.waiting_for() == SeatSet::only(Seat(0))
                && matches!(host.view(Viewer::Seat(Seat(0))), AnyView::Youglouf(view) if view.step == StepView::Draw
                    && view.declarer.is_none()
                    && view.slots.seats().all(|(_, slots)| slots.len() == 4))
            {
                return host.clone();
            }
            if host.phase() != Phase::Playing || !playout.random_step(&mut rng).expect("legal") {
                break;
            }
        }
    }
    panic!("no seed reached Ana's draw at a table of four");
}

/// The decks and the actions of the frame drawn last: each inside the window, none covered
/// by another seat's place (its panel, or its row of the strip) or by `note`.
pub fn assert_decks_and_actions_uncovered(harness: &Harness<'_, CardtableApp>, size: [f32; 2], note: Option<Rect>, context: &str) {
    let window = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1])).expand(0.5);
    let spot = |spot, name: &str| spot_rect(&harness.ctx, spot).unwrap_or_else(|| panic!("{context}: the {name} is drawn"));
    let mut regions =
        vec![("the closed deck".to_owned(), spot(Spot::Stock, "closed deck")), ("the open deck".to_owned(), spot(Spot::Pile, "open deck"))];
    for labels in ACTIONS {
        let node = labels
            .iter()
            .find_map(|label| harness.query_by_label(label))
            .unwrap_or_else(|| panic!("{context}: one of {labels:?} is on screen"));
        regions.push((format!("{:?}", labels[0]), node.rect()));
    }
    let seats = match harness.state().screen() {
        Screen::Table(table) => table.session().occupants().len(),
        other => panic!("{context}: expected the table, found {other:?}"),
    };
    let mut covers: Vec<(String, Rect)> = (1..seats)
        .filter_map(|seat| spot_rect(&harness.ctx, Spot::Seat(Seat(seat as u8))).map(|rect| (format!("seat {}", seat + 1), rect)))
        .collect();
    covers.extend(note.map(|rect| ("the note".to_owned(), rect)));
    for (name, rect) in &regions {
        assert!(window.contains_rect(*rect), "{context}: {name} at {rect:?} is not in the window");
        for (cover, over) in &covers {
            assert!(!rect.shrink(0.5).intersects(over.shrink(0.5)), "{context}: {cover} at {over:?} covers {name} at {rect:?}");
        }
    }
}

/// Issue 29: Youglouf for four at the three sizes, at Ana's turn and with a card held: the
/// decks and the five actions are in the window, clear of the strip of seats.
#[test]
fn a_table_of_four_keeps_its_decks_and_actions_in_view() {
    let host = ana_to_draw();
    for size in SIZES {
        let (_dir, mut harness) = resumed(&host, size);
        // The snap window's grace may still run at the turn's start: the closed deck waits.
        for _ in 0..200 {
            if harness.query_by_label("Closed deck (Space)").is_some_and(|node| !node.accesskit_node().is_disabled()) {
                break;
            }
            harness.step();
        }
        harness.run();
        assert_decks_and_actions_uncovered(&harness, size, None, &format!("four seats at {size:?}, Ana's turn"));
        harness.key_press(egui::Key::Space);
        harness.run();
        assert!(harness.query_by_label("Drop it (Space)").is_some(), "{size:?}: Space took a card");
        assert_decks_and_actions_uncovered(&harness, size, None, &format!("four seats at {size:?}, a card held"));
    }
}

/// Issue 29: the Youglouf tutorial at the three sizes: at every lesson the note, the decks
/// and the actions are all in the window, and the note covers none of them (it covered the
/// open deck as it said "watch what lands face up").
#[test]
fn the_tutorials_note_never_covers_the_decks() {
    let tutorial = Tutorial::of(GameKind::Youglouf).expect("a tutorial");
    for size in SIZES {
        let mut driver = Driver::learn("Youglouf", Input::Mouse, size);
        for (index, &(seat, action)) in tutorial.script.iter().enumerate() {
            if seat != PLAYER {
                continue;
            }
            driver.wait_for_steps(index);
            let message = &tutorial.lessons[tutorial.lesson_at(index)].message;
            let text = cardtable::i18n::translate(cardtable::i18n::Language::English, message, &[]);
            // The note's text, and its frame round it (the first node: the note is drawn first).
            let note = driver.harness().query_all_by_value(&text).next().map(|node| node.rect().expand(10.0));
            assert!(note.is_some(), "{size:?}, step {index}: the note is shown");
            assert_decks_and_actions_uncovered(driver.harness(), size, note, &format!("the tutorial at {size:?}, step {index}"));
            driver.take(action);
        }
    }
}
