//! The real app, driven headlessly through its accessibility tree.

use cardtable::app::{CardtableApp, Screen};
use cardtable_engine::GameKind;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn harness(size: [f32; 2]) -> Harness<'static, CardtableApp> {
    Harness::builder().with_size(size).build_eframe(|cc| CardtableApp::new(cc, 1))
}

#[test]
fn the_start_screen_lists_every_game_with_its_pitch() {
    let harness = harness([1000.0, 720.0]);
    harness.get_by_label("Cardtable");
    for &kind in GameKind::ALL {
        harness.get_by_label(kind.pitch());
        harness.get_by_label(&format!("How to play {}", kind.name()));
    }
}

#[test]
fn rules_open_from_the_start_screen_and_escape_goes_back() {
    for size in [[360.0, 640.0], [1600.0, 1000.0]] {
        let mut harness = harness(size);
        harness.get_by_label("How to play Crazy Eights").click();
        harness.run();
        assert!(matches!(harness.state().screen(), Screen::Rules(GameKind::CrazyEights)));
        // Rules for players first; the exact rules (rulings, notation) folded under their heading.
        harness.get_by_label_contains("An 8 goes on anything");
        assert!(harness.query_by_label_contains("An 8 is legal on anything").is_none(), "the exact rules start folded");
        harness.get_by_label("Exact rules").click();
        harness.run();
        harness.get_by_label_contains("An 8 is legal on anything");
        harness.get_by_label("← Back").click();
        harness.run();
        assert!(matches!(harness.state().screen(), Screen::Start));
        harness.get_by_label("How to play Crazy Eights").click();
        harness.run();
        harness.key_press(egui::Key::Escape);
        harness.run();
        assert!(matches!(harness.state().screen(), Screen::Start));
    }
}
