//! Switching the window to Russian through the settings screen. In its own test binary: the
//! language is process-wide, and the other UI tests read English labels.

use cardtable::app::CardtableApp;
use cardtable::i18n::Language;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

#[test]
fn the_settings_screen_switches_the_whole_window_to_russian_and_back() {
    let mut harness = Harness::builder().with_size([360.0, 640.0]).build_eframe(|cc| CardtableApp::new(cc, 1));
    harness.get_by_label("Settings").click();
    harness.run();
    harness.get_by_label("Русский").click();
    harness.run();
    assert_eq!(harness.state().settings().language, Language::Russian);
    harness.get_by_label("Настройки");
    harness.get_by_label("← Назад").click();
    harness.run();
    harness.get_by_label("Быстрая игра: Сумасшедшие восьмёрки");
    harness.get_by_label("Как играть: Незнайка");
    assert!(harness.query_by_label("Quick play Crazy Eights").is_none(), "no English left on the start screen");
    harness.get_by_label("Настройки").click();
    harness.run();
    harness.get_by_label("English").click();
    harness.run();
    harness.get_by_label("← Back").click();
    harness.run();
    harness.get_by_label("Quick play Crazy Eights");
}
