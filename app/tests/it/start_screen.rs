//! The real app, driven headlessly through its accessibility tree.

use cardtable::app::{CardtableApp, Screen};
use cardtable_engine::GameKind;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

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

/// Every button on the start screen, by its label and place (what a player must touch).
fn buttons(harness: &Harness<'_, CardtableApp>) -> Vec<(String, egui::Rect)> {
    harness
        .get_all_by_role(egui::accesskit::Role::Button)
        .map(|node| (node.accesskit_node().label().unwrap_or_default(), node.rect()))
        .collect()
}

#[test]
fn the_games_are_cards_with_their_fan_host_and_join_in_view_and_nothing_leaves_the_window_sideways() {
    for size in [[360.0, 640.0], [1280.0, 800.0], [1920.0, 1080.0]] {
        let harness = harness(size);
        let all = buttons(&harness);
        for (label, rect) in &all {
            assert!(rect.left() >= 0.0 && rect.right() <= size[0] + 0.5, "{label} at {rect:?} leaves a {size:?} window");
            assert!(rect.height() >= 44.0 - 0.5, "{label} is {} high: too small to touch", rect.height());
        }
        let place = |label: &str| all.iter().find(|(name, _)| name == label).unwrap_or_else(|| panic!("no {label}")).1;
        // Host, Join and the first game's quick play are in view without scrolling, even on a phone.
        for label in ["Host a table on the home network", "Join a table on the home network", "Quick play Crazy Eights"] {
            assert!(place(label).bottom() <= size[1], "{label} is below a {size:?} window: {:?}", place(label));
        }
        if size[0] >= 1280.0 {
            // Wide windows show games side by side.
            assert!(
                (place("Quick play Crazy Eights").top() - place("Quick play 108 Fool").top()).abs() < 1.0,
                "two games a row at {size:?}"
            );
        } else {
            assert!(place("Quick play 108 Fool").top() > place("Quick play Crazy Eights").bottom(), "one game a row on a phone");
        }
    }
}

#[test]
fn host_asks_which_game_and_opens_its_new_table_form() {
    let mut harness = harness([360.0, 640.0]);
    assert!(harness.query_by_label("Which game? Its New table form has \"Host on the home network\".").is_none());
    harness.get_by_label("Host a table on the home network").click();
    harness.run();
    harness.get_by_label_contains("Which game?");
    harness.get_by_role_and_label(egui::accesskit::Role::Button, "Dunno").click();
    harness.run();
    assert!(matches!(harness.state().screen(), Screen::Setup(form) if form.kind == GameKind::Dunno));
    harness.get_by_label("Host on the home network");
}

#[test]
fn continue_resumes_the_newest_unfinished_match_which_is_listed_with_its_date() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    {
        let mut store = cardtable::store::Store::open(&root).expect("opens");
        let saved = crate::store_support::unfinished(&store, 5, 6, 90_000);
        store.save_unfinished(saved).expect("writable").wait().expect("durable");
    }
    let store = cardtable::store::Store::open(&root).expect("opens");
    let mut harness = Harness::builder()
        .with_size([360.0, 640.0])
        .with_max_steps(200)
        .build_eframe(move |cc| CardtableApp::with_store(cc, 1, Ok(Some(store))));
    harness.run();
    // The list below the games says when each match was saved.
    harness.get_by_label_contains("Saved ");
    let resume = harness.get_by_label_contains("Continue: Crazy Eights · round");
    assert!(resume.rect().bottom() <= 640.0, "Continue is in view on a phone");
    resume.click();
    harness.run_steps(10);
    assert!(matches!(harness.state().screen(), Screen::Table(_)), "the match resumes");
}

#[test]
fn after_a_crash_at_a_networked_table_the_start_screen_offers_to_rejoin_it() {
    use cardtable::net::identity::Fingerprint;
    use cardtable::net::known_hosts::KnownHosts;
    use cardtable::net::protocol::ResumeToken;
    for seated in [false, true] {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut known = KnownHosts::empty(dir.path());
        known.trust(Fingerprint([7; 32]), "Ana", None);
        if seated {
            known.set_resume(&Fingerprint([7; 32]), Some(ResumeToken([9; 16])));
        }
        known.save().expect("written");
        let lan = dir.path().to_path_buf();
        let mut harness = Harness::builder().with_size([360.0, 640.0]).build_eframe(move |cc| {
            let mut app = CardtableApp::new(cc, 1);
            app.set_lan_dir(lan);
            app
        });
        harness.run();
        if !seated {
            assert!(harness.query_by_label("Rejoin Ana's table").is_none(), "a host with no seat kept is no table to rejoin");
            continue;
        }
        harness.get_by_label("Rejoin Ana's table").click();
        harness.run();
        assert!(matches!(harness.state().screen(), Screen::Lan(_)), "the join screen, which resumes the seat with the kept token");
    }
}

/// Issue 29: a guest without a profile joins as "Guest", not as the host's own default
/// "Player 1" (the table would number the second one "Player 1 2").
#[test]
fn a_guest_without_a_profile_is_named_guest_not_player_1() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut harness = crate::store_support::lan_window([1000.0, 800.0], dir.path().join("lan"));
    harness.get_by_label("Join a table on the home network").click();
    harness.run_steps(3);
    let name = harness.get_by_label("Your name").value();
    assert_eq!(name.as_deref(), Some("Guest"), "the join screen's name");
}
