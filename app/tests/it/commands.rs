//! The window applies what its screens ask as `Command`s, after drawing, in one place: each
//! command can be applied and checked without drawing a frame.

use cardtable::app::{CardtableApp, Command, Screen};
use cardtable::ui::menu::MenuChoice;
use cardtable::ui::start::StartChoice;
use cardtable::ui::table::{TableCommand, TableRequest};
use cardtable_engine::GameKind;
use egui_kittest::Harness;

fn app() -> Harness<'static, CardtableApp> {
    Harness::builder().with_size([800.0, 600.0]).build_eframe(|cc| CardtableApp::new(cc, 5))
}

#[test]
fn quick_play_the_menu_and_leaving_are_commands_applied_without_drawing() {
    let mut harness = app();
    let ctx = egui::Context::default();
    let app = harness.state_mut();
    app.apply(Command::Start(StartChoice::QuickPlay(GameKind::Dunno)), &ctx);
    let Screen::Table(table) = app.screen() else { panic!("quick play sits down at a table") };
    assert_eq!(table.session().kind(), GameKind::Dunno);
    assert!(!app.menu_open());
    app.apply(Command::Table(TableCommand::App(TableRequest::Menu)), &ctx);
    assert!(app.menu_open(), "the table's menu request opens the menu");
    app.apply(Command::Menu(MenuChoice::Resume), &ctx);
    assert!(!app.menu_open());
    app.apply(Command::Table(TableCommand::App(TableRequest::Menu)), &ctx);
    app.apply(Command::Menu(MenuChoice::Leave), &ctx);
    assert!(matches!(app.screen(), Screen::Start), "leaving goes back to the start screen");
    assert!(!app.menu_open(), "and closes the menu");
}

#[test]
fn commands_apply_in_the_order_given() {
    let mut harness = app();
    let ctx = egui::Context::default();
    let app = harness.state_mut();
    app.apply(Command::Start(StartChoice::Rules(GameKind::Youglouf)), &ctx);
    assert!(matches!(app.screen(), Screen::Rules(GameKind::Youglouf)));
    app.apply(Command::Back, &ctx);
    app.apply(Command::Start(StartChoice::NewTable(GameKind::HundredOne)), &ctx);
    let Screen::Setup(form) = app.screen() else { panic!("the New table form opens") };
    assert_eq!(form.options.kind(), GameKind::HundredOne);
    app.apply(Command::Setup(cardtable::ui::setup::SetupChoice::Start), &ctx);
    let Screen::Table(table) = app.screen() else { panic!("the form's start sits down") };
    assert_eq!(table.session().kind(), GameKind::HundredOne);
}

/// `--scenario FILE`: the window sits down at the scenario's table with its steps played (the
/// 20-card hand of docs/scenarios/big-hand.json), the person in seat 0 and bots in the others;
/// a stacked deal is neither saved nor taken back.
#[test]
fn a_scenario_opens_at_its_table_with_its_steps_played() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/scenarios/big-hand.json");
    let scenario = cardtable::commands::scenario::load(std::path::Path::new(file)).expect("the example plays");
    let mut harness = app();
    let app = harness.state_mut();
    app.open_scenario(&scenario);
    let Screen::Table(table) = app.screen() else { panic!("the scenario's table") };
    let host = table.host().expect("played on this device");
    assert_eq!(host.steps().len(), scenario.actions.len(), "every step played");
    let cardtable_engine::AnyView::Dunno(view) = host.view(cardtable_engine::Viewer::Seat(cardtable_engine::Seat(0))) else {
        panic!("Dunno")
    };
    assert_eq!(view.hand.map(|hand| hand.len()), Some(20));
    assert!(host.seats()[0].is_human() && !host.seats()[1].is_human(), "the person in seat 0, a bot beside");
    assert!(!table.session().can_undo(), "a stacked deal is not replayed from its seed, so nothing is taken back");
}
