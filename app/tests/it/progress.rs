//! Progress that counts: the first quick play asks the player's name and makes their profile;
//! later ones seat that profile; the statistics' empty state offers to make one.

use cardtable::app::{CardtableApp, Screen};
use cardtable::store::Store;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::store_support::{click, type_into};

fn app_with_store(root: &std::path::Path) -> Harness<'static, CardtableApp> {
    let store = Store::open(root).expect("opens");
    Harness::builder()
        .with_size([360.0, 640.0])
        .with_max_steps(200)
        .build_eframe(move |cc| CardtableApp::with_store(cc, 1, Ok(Some(store))))
}

fn seated_names(harness: &Harness<'_, CardtableApp>) -> Vec<String> {
    match harness.state().screen() {
        Screen::Table(table) => table.session().occupants().iter().map(|occupant| occupant.name().to_owned()).collect(),
        other => panic!("not at a table: {other:?}"),
    }
}

#[test]
fn the_first_quick_play_asks_a_name_makes_the_profile_and_later_ones_use_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let mut harness = app_with_store(&root);
    harness.get_by_label("Quick play Crazy Eights").click();
    harness.run();
    assert!(matches!(harness.state().screen(), Screen::FirstName(_)), "a first quick play asks who plays");
    harness.get_by_label("Who is playing?");
    type_into(&mut harness, "Name", "Zoë");
    harness.get_by_label("Play Crazy Eights").click();
    harness.run_steps(10);
    assert_eq!(seated_names(&harness)[0], "Zoë");
    let book = harness.state().store().expect("a store").profiles();
    assert_eq!(book.all().iter().map(|profile| profile.name.as_str()).collect::<Vec<_>>(), ["Zoë"]);
    // Back at the start, the next quick play seats her at once.
    harness.state_mut().start_choice(cardtable::ui::start::StartChoice::QuickPlay(cardtable_engine::GameKind::Dunno));
    harness.run_steps(5);
    assert_eq!(seated_names(&harness)[0], "Zoë");
}

#[test]
fn a_blank_name_makes_no_profile_and_the_screen_still_asks() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut harness = app_with_store(&dir.path().join("data"));
    click(&mut harness, "Quick play Dunno");
    // Only spaces: the button waits for a name, and Enter does nothing either.
    type_into(&mut harness, "Name", "   ");
    harness.get_by_label("Play Dunno").click();
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert!(matches!(harness.state().screen(), Screen::FirstName(_)), "still asking");
    assert!(harness.state().store().expect("a store").profiles().all().is_empty());
    harness.get_by_label("← Back").click();
    harness.run();
    assert!(matches!(harness.state().screen(), Screen::Start));
}

#[test]
fn the_statistics_with_no_profile_offer_to_make_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut harness = app_with_store(&dir.path().join("data"));
    click(&mut harness, "Statistics");
    harness.get_by_label("Make a profile to keep statistics.");
    harness.get_by_label("Make a profile").click();
    harness.run();
    assert!(matches!(harness.state().screen(), Screen::Profiles(_)));
    harness.get_by_label("Create profile");
}
