//! Issue 19, learning a game: every game's tutorial opens from the start screen ("Learn …"),
//! and a person plays its script through the window, by mouse and by keyboard, while the
//! teacher answers; the note above the table is in view at every lesson, and at the end the
//! way to a real game is in reach. At a phone's, a laptop's and a large screen's size.

use crate::hot_seat_driver;

use cardtable::tutorial::{PLAYER, Tutorial};
use cardtable_engine::{GameKind, Phase};
use egui_kittest::kittest::{NodeT, Queryable};
use hot_seat_driver::{Driver, Input};

const SIZES: [[f32; 2]; 3] = [[360.0, 640.0], [1280.0, 800.0], [1920.0, 1080.0]];

/// The text of a tutorial's note in English.
fn note(message: &str) -> String {
    cardtable::i18n::translate(cardtable::i18n::Language::English, message, &[])
}

fn learn(kind: GameKind, input: Input, size: [f32; 2]) {
    let tutorial = Tutorial::of(kind).expect("a tutorial");
    let mut driver = Driver::learn(kind.name(), input, size);
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1]));
    for (index, &(seat, action)) in tutorial.script.iter().enumerate() {
        if seat != PLAYER {
            continue;
        }
        driver.wait_for_steps(index);
        let coaching = driver.coaching().expect("a tutorial coaches");
        let lesson = &tutorial.lessons[tutorial.lesson_at(index)];
        assert_eq!(coaching.message, lesson.message, "{kind} step {index}");
        let shown: Vec<egui::Rect> = driver.harness().query_all_by_value(&note(&lesson.message)).map(|node| node.rect()).collect();
        assert!(
            shown.iter().any(|rect| window.contains_rect(*rect)),
            "{kind} at {size:?}, step {index}: the note is not in the window: {shown:?}"
        );
        driver.take(action);
    }
    driver.wait_for_steps(tutorial.script.len());
    let coaching = driver.coaching().expect("a tutorial coaches");
    assert!(coaching.done, "{kind}: played out");
    let real = format!("Play {} for real", kind.name());
    let button = driver.harness().get_by_label(&real);
    assert!(window.contains_rect(button.rect()), "{kind} at {size:?}: {real} at {:?}", button.rect());
    // What comes next at the table itself: the next deal, or (the match decided) back to start.
    let next = if driver.phase() == Phase::MatchOver { "Back to start" } else { "Deal the next round (Enter)" };
    let next = driver.harness().query_by_label(next).unwrap_or_else(|| panic!("{kind}: no {next:?}"));
    assert!(window.contains_rect(next.rect()), "{kind} at {size:?}: {:?}", next.rect());
}

#[test]
fn every_tutorial_is_played_through_by_mouse_at_three_sizes() {
    for &kind in GameKind::ALL {
        for size in SIZES {
            learn(kind, Input::Mouse, size);
        }
    }
}

#[test]
fn every_tutorial_is_played_through_by_keyboard() {
    for &kind in GameKind::ALL {
        learn(kind, Input::Keyboard, [1280.0, 800.0]);
    }
}

/// The note asks for one move: the hand offers that move alone, and another card, though the
/// rules would take it, is refused with a pointer to the note (the match unchanged).
#[test]
fn only_the_move_the_note_asks_for_is_offered() {
    // A new table settles in a few frames (the blocks centre, the piles find the middle).
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(20)
        .build_eframe(|cc| cardtable::app::CardtableApp::new(cc, 1));
    harness.get_by_label("Learn Crazy Eights").click();
    harness.run();
    let steps = |harness: &egui_kittest::Harness<'_, cardtable::app::CardtableApp>| match harness.state().screen() {
        cardtable::app::Screen::Table(table) => table.host().expect("here").steps().len(),
        _ => panic!("the tutorial's table"),
    };
    let card = |harness: &egui_kittest::Harness<'_, cardtable::app::CardtableApp>, label: &str| {
        harness
            .query_all_by_role(egui::accesskit::Role::Button)
            .find(|node| node.accesskit_node().label().is_some_and(|text| text == label || text.starts_with(&format!("{label}:"))))
            .map(|node| node.accesskit_node().label().unwrap_or_default())
            .unwrap_or_else(|| panic!("no {label} in the hand"))
    };
    // The 8♦ plays on anything by the rules, but the first lesson is the 5♠.
    let eight = card(&harness, "8♦");
    let five = card(&harness, "5♠");
    assert_ne!(eight, five);
    harness.get_by_label(&eight).click();
    harness.run();
    assert_eq!(steps(&harness), 0, "nothing played");
    let refused = "Not this one yet: the note above the table says which move to try.";
    assert!(
        harness.query_all_by_role(egui::accesskit::Role::Label).any(|node| node.value().is_some_and(|value| value.contains(refused))),
        "the refusal points to the note"
    );
    harness.get_by_label(&five).click();
    harness.run();
    assert_eq!(steps(&harness), 1, "the lesson's card is played");
}
