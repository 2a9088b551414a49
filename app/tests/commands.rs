//! The window applies what its screens ask as `Command`s, after drawing, in one place: each
//! command can be applied and checked without drawing a frame.

use cardtable::app::{CardtableApp, Command, Screen};
use cardtable::ui::menu::MenuChoice;
use cardtable::ui::start::StartChoice;
use cardtable::ui::table::TableRequest;
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
    app.apply(Command::Table(TableRequest::Menu), &ctx);
    assert!(app.menu_open(), "the table's menu request opens the menu");
    app.apply(Command::Menu(MenuChoice::Resume), &ctx);
    assert!(!app.menu_open());
    app.apply(Command::Table(TableRequest::Menu), &ctx);
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
