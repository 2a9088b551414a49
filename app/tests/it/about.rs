//! About Cardtable, reached from the start screen: version, licence, credits and the way to
//! each game's rules, at phone and desktop sizes and in both languages. One test in a process
//! of its own (`own_process`), because the language is process-wide.

use crate::own_process;

use cardtable::app::{CardtableApp, Screen};
use cardtable::i18n::{self, Language};
use cardtable_engine::GameKind;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn harness(size: [f32; 2]) -> Harness<'static, CardtableApp> {
    Harness::builder().with_size(size).build_eframe(|cc| CardtableApp::new(cc, 1))
}

/// Scrolls the button into view (on a phone it sits below the fold), clicks it, settles.
fn press(harness: &mut Harness<'static, CardtableApp>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
}

#[test]
fn about_shows_version_licence_and_credits_and_leads_to_the_rules() {
    if own_process::ran_alone(module_path!(), "about_shows_version_licence_and_credits_and_leads_to_the_rules") {
        return;
    }
    let platform = format!("{} {}", std::env::consts::OS, std::env::consts::ARCH);
    for size in [[360.0, 640.0], [1000.0, 720.0]] {
        let mut harness = harness(size);
        press(&mut harness, "About");
        assert!(matches!(harness.state().screen(), Screen::About), "{size:?}");
        harness.get_by_label("About Cardtable");
        harness.get_by_label(&format!("Version {} · {platform}", env!("CARGO_PKG_VERSION")));
        harness.get_by_label_contains("MIT licence or the Apache License 2.0");
        harness.get_by_label_contains("DejaVu Sans");
        press(&mut harness, "How to play Dunno");
        assert!(matches!(harness.state().screen(), Screen::Rules(GameKind::Dunno)), "{size:?}");

        let mut harness = self::harness(size);
        press(&mut harness, "About");
        harness.key_press(egui::Key::Escape);
        harness.run();
        assert!(matches!(harness.state().screen(), Screen::Start), "Escape leaves About at {size:?}");
    }

    let mut harness = harness([360.0, 640.0]);
    // The app sets its language from the settings when it starts; switch after that.
    i18n::set_language(Language::Russian);
    harness.run();
    press(&mut harness, "О программе");
    harness.get_by_label("О программе Cardtable");
    harness.get_by_label(&format!("Версия {} · {platform}", env!("CARGO_PKG_VERSION")));
    harness.get_by_label_contains("лицензии MIT или Apache License 2.0");
    i18n::set_language(Language::English);
}
