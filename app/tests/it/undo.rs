//! Undo at a bot table (issue 29): the person takes back their own last decision, once, before
//! a bot answers it; the match remembers it, and its history says so.

use cardtable::app::{CardtableApp, Command, Screen};
use cardtable::store::Store;
use cardtable::ui::table::TableCommand;
use cardtable_engine::games::crazy_eights::CrazyEightsAction;
use cardtable_engine::{AnyAction, Viewer};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn table<'h>(harness: &'h Harness<'_, CardtableApp>) -> &'h cardtable::app::LiveTable {
    match harness.state().screen() {
        Screen::Table(table) => table,
        other => panic!("not at a table: {other:?}"),
    }
}

/// Whether the Undo button is on screen and disabled (it never leaves a bot table).
fn undo_disabled(harness: &Harness<'_, CardtableApp>) -> bool {
    harness.get_by_label("↶ Undo").accesskit_node().is_disabled()
}

#[test]
fn the_person_takes_back_a_card_played_before_the_bots_answer_and_not_after() {
    let mut harness = Harness::builder().with_size([1280.0, 800.0]).with_max_steps(200).build_eframe(|cc| CardtableApp::new(cc, 5));
    // Step mode: each bot waits for "Next move", so the test decides when they answer.
    harness.get_by_label("Settings").click();
    harness.run();
    harness.get_by_label("Step (Enter for each move)").click();
    harness.run();
    harness.get_by_label("← Back").click();
    harness.run();
    harness.get_by_label("Quick play Crazy Eights").click();
    harness.run();
    let person = table(&harness).session().local_seats().first().expect("a person");
    for _ in 0..20 {
        if table(&harness).session().waiting_for().contains(person) {
            break;
        }
        harness.get_by_label("Next move (Enter)").click();
        harness.run();
    }
    assert!(undo_disabled(&harness), "nothing of the person's to take back yet: Undo stands, disabled");
    let before = table(&harness).session().view(Viewer::Seat(person)).expect("a view");
    let play = before
        .legal()
        .into_iter()
        .find(|action| matches!(action, AnyAction::CrazyEights(CrazyEightsAction::Play(_))))
        .expect("a card to play at this seed");
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(Command::Table(TableCommand::Act(person, play)), &ctx);
    harness.run();
    harness.get_by_label("↶ Undo").click();
    harness.run();
    assert_eq!(table(&harness).session().view(Viewer::Seat(person)), Some(before), "the same hand is back");
    assert_eq!(table(&harness).host().expect("local").undos(), 1);
    assert!(undo_disabled(&harness), "one decision back, no further: Undo stands where it was, disabled");
    // Played again, and a bot answers: nothing is taken back now.
    harness.state_mut().apply(Command::Table(TableCommand::Act(person, play)), &ctx);
    harness.run();
    // Step mode: the bot at turn waits for the person, and the turn's line says so.
    harness.get_by_label_contains("moves when you press Next move.");
    assert!(harness.query_by_label_contains("is thinking").is_none(), "a bot in step mode is not thinking");
    harness.get_by_label("Next move (Enter)").click();
    harness.run();
    assert!(!table(&harness).session().can_undo());
    assert!(undo_disabled(&harness), "a bot answered: Undo is disabled");
}

#[test]
fn a_match_with_a_move_taken_back_says_so_in_the_history_and_others_are_written_as_before() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    {
        let mut store = Store::open(&root).expect("opens");
        let plain = crate::store_support::finished(&store, cardtable_engine::GameKind::CrazyEights, 1, 100);
        let json = serde_json::to_string(&plain).expect("serialises");
        assert!(!json.contains("undos"), "a match without undos is written as before: {json}");
        let mut undone = crate::store_support::finished(&store, cardtable_engine::GameKind::Dunno, 2, 200);
        undone.undos = 2;
        store.record(plain).expect("writable").wait().expect("durable");
        store.record(undone).expect("writable").wait().expect("durable");
    }
    let store = Store::open(&root).expect("opens");
    let undos: Vec<u32> = store.history().iter().map(|summary| summary.undos).collect();
    assert_eq!(undos, [0, 2], "read back from the files");
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(200)
        .build_eframe(move |cc| CardtableApp::with_store(cc, 1, Ok(Some(store))));
    harness.get_by_label("History").scroll_to_me();
    harness.run();
    harness.get_by_label("History").click();
    harness.run();
    assert_eq!(harness.query_all_by_label_contains("2 moves taken back").count(), 1, "only the match with undos says so");
}
