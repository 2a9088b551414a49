//! Issue 29, Youglouf on a phone: with four seats, and through its tutorial, the closed deck,
//! the open deck, every action and the message line under them lie inside the window without
//! scrolling, neither the seats' strip nor the tutorial's note covers any of them, and the top
//! bar is one row, at phone, laptop and desktop sizes, in English and in Russian (whose longer
//! words once took the bar to two rows, the actions to three, and the decks under the strip).

use crate::hot_seat_driver::{Driver, Input};
use crate::own_process;
use crate::store_support::resumed_with;

use cardtable::app::{CardtableApp, Screen};
use cardtable::i18n::{self, Language};
use cardtable::session::host::Host;
use cardtable::session::playout::Playout;
use cardtable::session::seating::{Occupant, quick_seating};
use cardtable::settings::{BotPace, Settings};
use cardtable::tr;
use cardtable::tutorial::{PLAYER, Tutorial};
use cardtable::ui::table::motion::{Spot, spot_rect};
use cardtable_engine::bots::BotLevel;
use cardtable_engine::games::youglouf::{StepView, YougloufAction};
use cardtable_engine::{AnyOptions, AnyView, GameKind, GameRng, Phase, Seat, SeatSet, Viewer};
use egui::Rect;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

const SIZES: [[f32; 2]; 3] = [[360.0, 640.0], [1280.0, 800.0], [1920.0, 1080.0]];

/// Each action's place, by the labels it may carry (one step's or another's), in the language
/// the window speaks.
fn actions() -> [Vec<String>; 5] {
    [
        vec![tr!("yg-draw"), tr!("yg-drop")],
        vec![tr!("yg-take"), tr!("yg-skip")],
        vec![tr!("yg-end"), tr!("yg-call-no")],
        vec![tr!("yg-call"), tr!("yg-call-yes")],
        vec![tr!("yg-snap"), tr!("yg-snap-cancel")],
    ]
}

/// The top bar's buttons, by their names in the language the window speaks (the log's on a
/// phone only, Undo at a table that takes moves back).
fn top_bar() -> [String; 4] {
    [tr!("nav-leave"), tr!("nav-menu"), tr!("log-title"), tr!("table-undo")]
}

/// Ana and three bots, as quick play seats them.
pub fn four_seats() -> Vec<Occupant> {
    quick_seating("Ana", 4, BotLevel::Random)
}

/// A four-seat match played at random until Ana is to take a card, at a turn of the first
/// round: with `open_deck`, a card lies on the open deck (others may snap on it); without,
/// Ana alone is to move, every seat with the four slots of a deal (as bots leave them,
/// mostly: random play snaps wrongly).
fn ana_to_draw(open_deck: bool) -> Host {
    for seed in 3..200 {
        let mut playout = Playout::new(Host::new(AnyOptions::defaults(GameKind::Youglouf), four_seats(), seed).expect("table"));
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..2_000 {
            let host = playout.host();
            let waiting = if open_deck { host.waiting_for().contains(Seat(0)) } else { host.waiting_for() == SeatSet::only(Seat(0)) };
            if host.phase() == Phase::Playing
                && waiting
                && matches!(host.view(Viewer::Seat(Seat(0))), AnyView::Youglouf(view) if view.step == StepView::Draw
                    && view.header.turn == Seat(0)
                    && view.declarer.is_none()
                    && view.open_deck.is_empty() != open_deck
                    && (open_deck || view.slots.seats().all(|(_, slots)| slots.len() == 4)))
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

/// A four-seat match played at random until Ana alone is to move and may call Youglouf.
fn ana_may_call() -> Host {
    for seed in 3..200 {
        let mut playout = Playout::new(Host::new(AnyOptions::defaults(GameKind::Youglouf), four_seats(), seed).expect("table"));
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..2_000 {
            let host = playout.host();
            if host.phase() == Phase::Playing
                && host.waiting_for() == SeatSet::only(Seat(0))
                && matches!(host.view(Viewer::Seat(Seat(0))), AnyView::Youglouf(view) if view.legal.contains(&YougloufAction::Youglouf))
            {
                return host.clone();
            }
            if host.phase() != Phase::Playing || !playout.random_step(&mut rng).expect("legal") {
                break;
            }
        }
    }
    panic!("no seed reached a turn where Ana may call Youglouf");
}

/// The rectangles of the nodes labelled `label` (a label is found as itself and as its text:
/// one place each).
fn rects(harness: &Harness<'_, CardtableApp>, label: &str) -> Vec<Rect> {
    let mut rects: Vec<Rect> = harness.query_all_by_label(label).chain(harness.query_all_by_value(label)).map(|node| node.rect()).collect();
    rects.dedup();
    rects
}

/// The top bar of the frame drawn last is one row inside the window: every one of its
/// buttons on screen shares the first one's row.
pub fn assert_top_bar_is_one_row(harness: &Harness<'_, CardtableApp>, size: [f32; 2], context: &str) {
    let window = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1])).expand(0.5);
    // Buttons only: a wide window's log beside the table is headed "Log" too.
    let button = |name: &str| {
        harness.query_all_by_label(name).find(|node| node.accesskit_node().role() == egui::accesskit::Role::Button).map(|node| node.rect())
    };
    let bar: Vec<(String, Rect)> = top_bar().into_iter().filter_map(|name| button(&name).map(|rect| (name, rect))).collect();
    let Some((_, leave)) = bar.first() else { panic!("{context}: the top bar's Leave is drawn") };
    assert!(bar.len() >= 2, "{context}: the top bar's buttons are drawn: {bar:?}");
    for (name, rect) in &bar {
        assert!(window.contains_rect(*rect), "{context}: the top bar's {name:?} at {rect:?} is not in the window");
        assert!((rect.top() - leave.top()).abs() < 1.0, "{context}: the top bar takes two rows: {name:?} at {rect:?}, Leave at {leave:?}");
    }
}

/// The decks and the actions of the frame drawn last: each inside the window, none covered
/// by another seat's place (its panel, or its row of the strip) or by `note`, the actions in
/// the rows the table leaves them; and the top bar one row.
pub fn assert_decks_and_actions_uncovered(harness: &Harness<'_, CardtableApp>, size: [f32; 2], note: Option<Rect>, context: &str) {
    let regions = decks_and_actions(harness, context);
    assert_uncovered(harness, size, &regions, note, context);
    assert_top_bar_is_one_row(harness, size, context);
    // The rows the table leaves the actions: two on a phone, one on a wider window.
    let mut tops: Vec<f32> = regions[2..].iter().map(|(_, rect)| rect.top()).collect();
    tops.sort_by(f32::total_cmp);
    tops.dedup_by(|one, other| (*one - *other).abs() < 1.0);
    let most = if size[0] < 600.0 { 2 } else { 1 };
    assert!(tops.len() <= most, "{context}: the actions take {} rows, not {most}: {:?}", tops.len(), &regions[2..]);
}

/// The decks and the five actions of the frame drawn last, by name.
fn decks_and_actions(harness: &Harness<'_, CardtableApp>, context: &str) -> Vec<(String, Rect)> {
    let spot = |spot, name: &str| spot_rect(&harness.ctx, spot).unwrap_or_else(|| panic!("{context}: the {name} is drawn"));
    let mut regions =
        vec![("the closed deck".to_owned(), spot(Spot::Stock, "closed deck")), ("the open deck".to_owned(), spot(Spot::Pile, "open deck"))];
    for labels in actions() {
        let node = labels
            .iter()
            .find_map(|label| harness.query_by_label(label))
            .unwrap_or_else(|| panic!("{context}: one of {labels:?} is on screen"));
        regions.push((format!("{:?}", labels[0]), node.rect()));
    }
    regions
}

/// Each of `regions` lies inside the window, and no other seat's place, nor `note`, covers it.
fn assert_uncovered(harness: &Harness<'_, CardtableApp>, size: [f32; 2], regions: &[(String, Rect)], note: Option<Rect>, context: &str) {
    let window = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1])).expand(0.5);
    let seats = match harness.state().screen() {
        Screen::Table(table) => table.session().occupants().len(),
        other => panic!("{context}: expected the table, found {other:?}"),
    };
    let mut covers: Vec<(String, Rect)> = (1..seats)
        .filter_map(|seat| spot_rect(&harness.ctx, Spot::Seat(Seat(seat as u8))).map(|rect| (format!("seat {}", seat + 1), rect)))
        .collect();
    covers.extend(note.map(|rect| ("the note".to_owned(), rect)));
    for (name, rect) in regions {
        assert!(window.contains_rect(*rect), "{context}: {name} at {rect:?} is not in the window");
        for (cover, over) in &covers {
            assert!(!rect.shrink(0.5).intersects(over.shrink(0.5)), "{context}: {cover} at {over:?} covers {name} at {rect:?}");
        }
    }
}

/// The line under the actions says one of the things it may say to Ana at her draw or with a
/// card held (the step, a note, a hint, the keys), whole inside the window and uncovered;
/// so does the turn's sentence under the decks where a wide window says it there.
fn assert_message_line_in_view(harness: &Harness<'_, CardtableApp>, size: [f32; 2], context: &str) {
    let name = match harness.state().screen() {
        Screen::Table(table) => table.session().occupants()[0].name().to_owned(),
        other => panic!("{context}: expected the table, found {other:?}"),
    };
    let said = [tr!("yg-step-draw", name = name), tr!("yg-snap-open"), tr!("yg-last-round"), tr!("yg-keys"), tr!("yg-hint-replace")];
    let lines: Vec<(String, Rect)> =
        said.iter().flat_map(|text| rects(harness, text).into_iter().map(move |rect| (format!("the line {text:?}"), rect))).collect();
    let lowest_action = decks_and_actions(harness, context)[2..].iter().map(|(_, rect)| rect.bottom()).fold(0.0, f32::max);
    assert!(
        lines.iter().any(|(_, rect)| rect.top() >= lowest_action),
        "{context}: the message line is drawn under the actions (ending at {lowest_action}): {lines:?}"
    );
    assert_uncovered(harness, size, &lines, None, context);
}

/// Runs frames until the closed deck may be taken from: the snap window's grace may still run
/// at the turn's start.
fn wait_for_the_closed_deck(harness: &mut Harness<'_, CardtableApp>) {
    let draw = tr!("yg-draw");
    for _ in 0..200 {
        if harness.query_by_label(&draw).is_some_and(|node| !node.accesskit_node().is_disabled()) {
            break;
        }
        harness.step();
    }
    harness.run();
}

/// Youglouf for four at the three sizes in the window's language, at Ana's turn and with a
/// card held: the top bar is one row, the decks, the five actions and the message line are in
/// the window, clear of the strip of seats.
fn four_seats_in_view(settings: &Settings) {
    let host = ana_to_draw(false);
    let language = format!("{:?}", settings.language);
    for size in SIZES {
        let (_dir, mut harness) = resumed_with(&host, size, Some(settings.clone()));
        wait_for_the_closed_deck(&mut harness);
        let context = format!("four seats in {language} at {size:?}, Ana's turn");
        assert_decks_and_actions_uncovered(&harness, size, None, &context);
        assert_message_line_in_view(&harness, size, &context);
        harness.key_press(egui::Key::Space);
        harness.run();
        assert!(harness.query_by_label(&tr!("yg-drop")).is_some(), "{size:?}: Space took a card");
        let context = format!("four seats in {language} at {size:?}, a card held");
        assert_decks_and_actions_uncovered(&harness, size, None, &context);
        assert_message_line_in_view(&harness, size, &context);
    }
}

/// Issue 29: calling Youglouf asks first, and "Not yet" stands where the turn's end does: the
/// actions keep their places and rows at every size (a sixth button once took a phone's own
/// area to three rows of actions, for the rest of the match).
#[test]
fn a_call_to_confirm_keeps_the_actions_in_their_places() {
    let host = ana_may_call();
    for size in SIZES {
        let (_dir, mut harness) = resumed_with(&host, size, None);
        wait_for_the_closed_deck(&mut harness);
        let context = format!("at {size:?}, Ana may call");
        let actions_before = decks_and_actions(&harness, &context);
        harness.get_by_label(&tr!("yg-call")).click();
        harness.run();
        let context = format!("at {size:?}, a call to confirm");
        let not_yet = harness.query_by_label(&tr!("yg-call-no")).unwrap_or_else(|| panic!("{context}: Not yet is offered")).rect();
        assert!(
            actions_before[2..].iter().any(|(_, rect)| (rect.top() - not_yet.top()).abs() < 1.0),
            "{context}: Not yet at {not_yet:?} is in a row of the actions: {:?}",
            &actions_before[2..]
        );
        assert_decks_and_actions_uncovered(&harness, size, None, &context);
        assert_eq!(decks_and_actions(&harness, &context), actions_before, "{context}: the actions keep their places");
        harness.get_by_label(&tr!("yg-call-no")).click();
        harness.run();
        assert!(harness.query_by_label(&tr!("yg-call")).is_some(), "{context}: Not yet takes the call back");
    }
}

/// Issue 29: penalty cards (wrong snaps') on a phone, docs/scenarios/youglouf-penalties.json:
/// seats with five and six slots, more than a row holds. Their rows scroll sideways instead of
/// growing, so the decks, the actions and the message line stay in view under the strip, and
/// the player's total stays in the window.
#[test]
fn penalty_slots_on_a_phone_keep_the_decks_actions_and_total_in_view() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/scenarios/youglouf-penalties.json");
    let scenario = cardtable::commands::scenario::load(std::path::Path::new(file)).expect("the scenario plays");
    let size = SIZES[0];
    let mut harness = Harness::builder().with_size(size).with_max_steps(400).build_eframe(|cc| CardtableApp::new(cc, 5));
    harness.state_mut().open_scenario(&scenario);
    harness.run();
    wait_for_the_closed_deck(&mut harness);
    let context = "four seats with five and six slots at 360x640, seat 0 to draw";
    let Screen::Table(table) = harness.state().screen() else { panic!("{context}: the scenario's table") };
    let AnyView::Youglouf(view) = table.host().expect("played here").view(Viewer::Seat(Seat(0))) else { unreachable!("Youglouf") };
    let slots: Vec<usize> = view.slots.seats().map(|(_, slots)| slots.len()).collect();
    assert_eq!(slots, [5, 6, 5, 4], "{context}: the scenario's slots");
    let total = tr!("table-own-total", points = view.header.totals[Seat(0)]);
    assert_decks_and_actions_uncovered(&harness, size, None, context);
    assert_message_line_in_view(&harness, size, context);
    let window = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1])).expand(0.5);
    let shown = rects(&harness, &total);
    assert!(!shown.is_empty() && shown.iter().all(|rect| window.contains_rect(*rect)), "{context}: the total {total:?} at {shown:?}");
}

/// Issue 29: Youglouf for four at the three sizes, in English.
#[test]
fn a_table_of_four_keeps_its_decks_and_actions_in_view() {
    four_seats_in_view(&Settings::default());
}

/// Issue 29: Youglouf for four at the three sizes in Russian, whose words are longer. In a
/// process of its own: the language is the whole process's.
#[test]
fn in_russian_a_table_of_four_keeps_its_decks_and_actions_in_view() {
    if own_process::ran_alone(module_path!(), "in_russian_a_table_of_four_keeps_its_decks_and_actions_in_view") {
        return;
    }
    four_seats_in_view(&Settings { language: Language::Russian, ..Settings::default() });
}

/// Issue 29: a phone in Russian in step mode has no room for Undo in the top bar beside step
/// mode's button: the bar stays one row, and Undo waits in the menu, disabled there while
/// nothing can be taken back, and takes a card from the open deck back from there.
#[test]
fn in_russian_step_mode_a_phones_undo_waits_in_the_menu() {
    if own_process::ran_alone(module_path!(), "in_russian_step_mode_a_phones_undo_waits_in_the_menu") {
        return;
    }
    let size = [360.0, 640.0];
    let settings = Settings { language: Language::Russian, bot_pace: BotPace::Step, ..Settings::default() };
    let (_dir, mut harness) = resumed_with(&ana_to_draw(true), size, Some(settings));
    assert_eq!(i18n::language(), Language::Russian);
    let (undo, take) = (tr!("table-undo"), tr!("yg-take"));
    for _ in 0..200 {
        if harness.query_by_label(&take).is_some_and(|node| !node.accesskit_node().is_disabled()) {
            break;
        }
        harness.step();
    }
    harness.run();
    assert_top_bar_is_one_row(&harness, size, "step mode in Russian");
    assert!(harness.query_by_label(&undo).is_none(), "Undo is not in the bar");
    harness.get_by_label(&take).click();
    harness.run();
    assert!(harness.query_by_label(&tr!("yg-drop")).is_some(), "Ana holds the open deck's card");
    harness.get_by_label(&tr!("nav-menu")).click();
    harness.run();
    let in_menu = harness.get_by_label(&undo);
    assert!(!in_menu.accesskit_node().is_disabled(), "the card taken can be put back");
    in_menu.click();
    harness.run();
    assert!(!harness.state().menu_open(), "the menu closes on the table");
    assert!(harness.query_by_label(&tr!("yg-draw")).is_some(), "Ana's card taken is back on the open deck: she draws again");
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
            let text = i18n::translate(Language::English, message, &[]);
            // The note's text, and its frame round it (the first node: the note is drawn first).
            let note = driver.harness().query_all_by_value(&text).next().map(|node| node.rect().expand(10.0));
            assert!(note.is_some(), "{size:?}, step {index}: the note is shown");
            assert_decks_and_actions_uncovered(driver.harness(), size, note, &format!("the tutorial at {size:?}, step {index}"));
            driver.take(action);
        }
    }
}
