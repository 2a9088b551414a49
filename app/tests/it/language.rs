//! The window in Russian, switched through the settings screen: the start screen and the rules
//! help speak Russian, and English comes back. One test in a process of its own
//! (`own_process`): the language is process-wide, and the other UI tests read English labels.

use crate::own_process;

use cardtable::app::CardtableApp;
use cardtable::i18n::Language;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

#[test]
fn the_settings_switch_the_whole_window_to_russian_rules_included_and_back() {
    if own_process::ran_alone(module_path!(), "the_settings_switch_the_whole_window_to_russian_rules_included_and_back") {
        return;
    }
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
    assert!(harness.query_by_label("Quick play Crazy Eights").is_none(), "no English left on the start screen");
    // At phone size Dunno's button is below the fold: scroll to it as a player would.
    harness.get_by_label("Как играть: Незнайка").scroll_to_me();
    harness.run();
    harness.get_by_label("Как играть: Незнайка").click();
    harness.run();
    harness.get_by_label("Незнайка");
    harness.get_by_label_contains("Мау-мау с джокерами");
    // At phone size the heading of the exact rules is below the fold: scroll to it.
    harness.get_by_label("Точные правила").scroll_to_me();
    harness.run();
    harness.get_by_label("Точные правила").click();
    harness.run();
    harness.get_by_label_contains("54 карты: 52 плюс два джокера");
    assert!(harness.query_by_label_contains("Mau-mau with Jokers").is_none(), "no English rules left");
    assert!(harness.query_by_label_contains("52 plus two Jokers").is_none(), "no English exact rules left");
    harness.get_by_label("← Назад").click();
    harness.run();
    harness.get_by_label("Настройки").scroll_to_me();
    harness.run();
    harness.get_by_label("Настройки").click();
    harness.run();
    harness.get_by_label("English").click();
    harness.run();
    harness.get_by_label("← Back").click();
    harness.run();
    harness.get_by_label("Quick play Crazy Eights");
}
