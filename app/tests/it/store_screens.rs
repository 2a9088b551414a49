//! The store's screens in the real app, driven through the accessibility tree with a store in a
//! temporary folder: profiles (create, rename, delete with confirmation; history keeps the
//! name), history (list, details with the score plot, replay forward and back), statistics,
//! the resume offer, and the one message about a damaged file. Phone and desktop sizes.

use crate::store_support;

use cardtable::app::{CardtableApp, Screen};
use cardtable::store::Store;
use cardtable::store::profiles::Avatar;
use cardtable_engine::GameKind;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use store_support::{at, finished, type_into, unfinished, with_history};

const SIZES: [[f32; 2]; 2] = [[360.0, 640.0], [1280.0, 800.0]];

fn app(root: &std::path::Path, size: [f32; 2]) -> Harness<'static, CardtableApp> {
    let store = Store::open(root).expect("opens");
    // Records are read off the frame (issue 27): one that arrives while the harness runs adds
    // the frames of what it shows to that run.
    Harness::builder().with_size(size).with_max_steps(20).build_eframe(move |cc| CardtableApp::with_store(cc, 1, Ok(Some(store))))
}

/// Clicks the widget (scrolled into view), then steps the window until the records it asked
/// for are read: they are read off the frame (issue 27), so the answer comes some frames later.
fn click(harness: &mut Harness<'_, CardtableApp>, label: &str) {
    store_support::click(harness, label);
    settle(harness);
}

/// Steps the window until no record is still being opened.
fn settle(harness: &mut Harness<'_, CardtableApp>) {
    store_support::wait_for(harness, "a record to open", |harness| harness.query_all_by_label("Opening…").next().is_none());
}

#[test]
fn profiles_are_created_renamed_and_deleted_after_confirmation_and_history_keeps_the_name() {
    for size in SIZES {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("data");
        let mut harness = app(&root, size);
        click(&mut harness, "Profiles");
        harness.get_by_label_contains("No profiles yet");
        type_into(&mut harness, "Name", "Ana");
        click(&mut harness, "Create profile");
        let store = harness.state().store().expect("a store");
        assert_eq!(store.profiles().all().len(), 1);
        assert_eq!(store.profiles().all()[0].name, "Ana");
        type_into(&mut harness, "Name", "ana");
        click(&mut harness, "Create profile");
        harness.get_by_label("There is already a profile called Ana.");
        // A match under her name, then a rename and a delete.
        let summary = {
            let mut store = Store::open(&root).expect("opens read-only beside the app");
            assert!(store.read_only().is_some(), "the app holds the folder");
            let record = finished(&store, GameKind::CrazyEights, 4, 1_700_000_000);
            assert!(store.record(record).is_err(), "a second instance never writes");
            drop(store);
            finished(harness.state().store().expect("a store"), GameKind::CrazyEights, 4, 1_700_000_000).summary()
        };
        assert_eq!(summary.seats[0].name, "Ana");
        click(&mut harness, "Rename");
        type_into(&mut harness, "New name", " Maria");
        click(&mut harness, "Save");
        assert_eq!(harness.state().store().expect("a store").profiles().all()[0].name, "Ana Maria");
        click(&mut harness, "Delete");
        harness.get_by_label_contains("Their finished matches stay in the history");
        assert_eq!(harness.state().store().expect("a store").profiles().all().len(), 1, "not deleted before the confirmation");
        click(&mut harness, "Delete Ana Maria");
        assert!(harness.state().store().expect("a store").profiles().all().is_empty());
        harness.state().store().expect("a store").flush();
        drop(harness);
        let store = Store::open(&root).expect("opens");
        assert!(store.profiles().all().is_empty(), "the deletion was saved");
    }
}

#[test]
fn the_history_lists_matches_opens_details_and_replays_forward_and_back() {
    for size in SIZES {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("data");
        with_history(&root);
        let mut harness = app(&root, size);
        click(&mut harness, "History");
        harness.get_by_label("3 matches");
        assert_eq!(harness.query_all_by_label("Details").count(), 3, "one row per match");
        harness.get_all_by_label("Details").next().expect("a row").click();
        harness.run();
        settle(&mut harness);
        harness.get_by_label("Score over rounds");
        // Each round's points with their breakdown: a table of rounds by seats.
        assert!(harness.query_by_label("Round").is_some() && harness.query_all_by_label("Ana").count() >= 1, "round and seat headers");
        assert!(harness.query_all_by_label_contains(" → ").count() >= 3, "each seat's points and total, round by round");
        click(&mut harness, "Replay");
        let Screen::Replay(replay) = harness.state().screen() else { panic!("the replay viewer opens") };
        let steps = replay.replay().len();
        assert!(steps > 0);
        harness.get_by_label("Before the first move.");
        harness.get_by_label(&format!("Step 0 of {steps}"));
        click(&mut harness, "Step ▶");
        // The step in the table log's words, not the engine's notation.
        let said: Vec<String> = harness
            .query_all_by_role(egui::accesskit::Role::Label)
            .filter_map(|node| node.value())
            .filter(|text| text.contains(" played ") || text.contains(" drew ") || text.contains(" opens with "))
            .collect();
        assert!(!said.is_empty() && said.iter().all(|text| !text.contains(": play ")), "{said:?}");
        click(&mut harness, "Step ▶");
        harness.get_by_label(&format!("Step 2 of {steps}"));
        click(&mut harness, "◀ Step back");
        harness.get_by_label(&format!("Step 1 of {steps}"));
        harness.key_press(egui::Key::ArrowRight);
        harness.run();
        harness.get_by_label(&format!("Step 2 of {steps}"));
        click(&mut harness, "End ▶▶");
        harness.get_by_label(&format!("Step {steps} of {steps}"));
        let Screen::Replay(replay) = harness.state().screen() else { panic!("still replaying") };
        assert_eq!(replay.replay().host().phase(), cardtable_engine::Phase::MatchOver);
        click(&mut harness, "← Back");
        assert!(matches!(harness.state().screen(), Screen::History(_)));
    }
}

/// Issue 20: a match played on the home network that this device verified is marked so in the
/// history and replays like a hot-seat match; one whose record differed says where, and has no
/// replay.
#[test]
fn the_history_marks_a_verified_network_match_and_replays_it() {
    use cardtable::store::record::NetworkPlay;
    use cardtable::store::verdict::{Differs, Verdict};
    for size in SIZES {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("data");
        {
            let mut store = Store::open(&root).expect("opens");
            let network = |verdict| {
                Some(NetworkPlay {
                    seats: cardtable_engine::SeatSet::only(cardtable_engine::Seat(0)),
                    decided: true,
                    verdict: Some(verdict),
                })
            };
            let mut verified = finished(&store, GameKind::Dunno, 5, 1_700_000_000);
            verified.network = network(Verdict::Verified);
            let mut differed = finished(&store, GameKind::Youglouf, 6, 1_700_100_000);
            differed.network = network(Verdict::Mismatch { at_move: 37, what: Differs::View });
            differed.steps.clear();
            for record in [verified, differed] {
                store.record(record).expect("writable").wait().expect("durable");
            }
            store.flush();
        }
        let mut harness = app(&root, size);
        click(&mut harness, "History");
        let rows: Vec<String> = harness
            .query_all_by_label_contains(" · ")
            .filter_map(|node| node.accesskit_node().value().or_else(|| node.accesskit_node().label()))
            .collect();
        assert!(rows.iter().any(|row| row.contains("Dunno") && row.contains("verified on this device")), "{rows:?}");
        assert!(rows.iter().any(|row| row.contains("Youglouf") && row.contains("does not replay as played")), "{rows:?}");
        // The newest first: the Youglouf match that differed.
        harness.get_all_by_label("Details").next().expect("a row").click();
        harness.run();
        settle(&mut harness);
        harness.get_by_label_contains("the host's record differs at move 37");
        assert_eq!(harness.query_all_by_label("Replay").count(), 0, "no replay of a record that differed");
        click(&mut harness, "Close");
        harness.get_all_by_label("Details").nth(1).expect("a second row").click();
        harness.run();
        settle(&mut harness);
        harness.get_by_label_contains("verified on this device (the host's record replays");
        click(&mut harness, "Replay");
        let Screen::Replay(replay) = harness.state().screen() else { panic!("the replay viewer opens") };
        assert_ne!(replay.replay().len(), 0, "every step of the verified match");
    }
}

#[test]
fn statistics_show_each_game_and_the_win_rate_over_time() {
    for size in SIZES {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("data");
        with_history(&root);
        let mut harness = app(&root, size);
        click(&mut harness, "Statistics");
        // A table of figures and one of best and worst matches, a row per game played in each.
        assert_eq!(harness.query_all_by_label("Played").count(), 1, "one table of figures");
        assert_eq!(harness.query_all_by_label("Best match").count(), 1, "one table of best and worst");
        // Its row in each table, and its button of the win-rate plot.
        assert_eq!(harness.query_all_by_label("Crazy Eights").count(), 3, "its row in each, and its plot button");
        assert_eq!(harness.query_all_by_label("One Hundred and One").count(), 3);
        assert_eq!(harness.query_all_by_label("Dunno").count(), 0, "no row for a game not played");
        harness.get_by_label("2");
        harness.get_by_label("Win rate over time");
        click(&mut harness, "History");
        assert!(matches!(harness.state().screen(), Screen::History(_)), "from statistics to the profile's matches");
    }
}

/// The setup form offers the profiles for a person's seat, so the match counts for them.
#[test]
fn a_new_table_seats_a_profile_picked_from_the_list() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    with_history(&root);
    let mut harness = app(&root, [1280.0, 800.0]);
    click(&mut harness, "New Crazy Eights table");
    let Screen::Setup(form) = harness.state().screen() else { panic!("the setup form") };
    assert_eq!(form.seats[0].name(), "Ana", "the last profile used sits first");
    harness.get_all_by_label("Person").nth(1).expect("seat 2's toggle").click();
    harness.run();
    harness.get_all_by_label("Profile…").nth(1).expect("seat 2's profile list").click();
    harness.run();
    harness.get_all_by_label("Ana").last().expect("Ana in the open list").click();
    harness.run();
    let Screen::Setup(form) = harness.state().screen() else { panic!("the setup form") };
    assert_eq!(form.seats[1].name(), "Ana", "picked from the list");
    assert!(form.seats[1].is_human());
}

#[test]
fn an_unfinished_match_is_offered_and_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let saved = {
        let mut store = Store::open(&root).expect("opens");
        let saved = unfinished(&store, 12, 7, 100);
        store.save_unfinished(saved.clone()).expect("writable").wait().expect("durable");
        saved
    };
    let mut harness = app(&root, [360.0, 640.0]);
    harness.get_by_label("Unfinished matches");
    click(&mut harness, "Discard");
    let question = harness.get_by_label("Discard this match for good?").rect();
    // Issue 29: the question and the match's words each take the list's width; beside each
    // other a long question (Russian's) squeezed the words to one a line.
    let words = harness
        .query_all_by(|node| node.value().is_some_and(|text| text.contains("Crazy Eights · round") && text.contains('\n')))
        .map(|node| node.rect())
        .next()
        .expect("the match's words");
    assert!(words.left() < 40.0 && words.bottom() <= question.top(), "the words {words:?} above the question {question:?}, not beside it");
    click(&mut harness, "Cancel");
    harness.get_by_label("Resume").scroll_to_me();
    harness.run();
    // The table opens with its bots playing on: step frames rather than wait for it to settle.
    harness.get_by_label("Resume").click();
    harness.run_steps(5);
    let Screen::Table(table) = harness.state().screen() else { panic!("the table opens") };
    let steps = table.host().expect("a local table").steps();
    assert!(steps.starts_with(&saved.steps), "every saved step is back (bots may already play on): {steps:?}");
    // Leaving says the truth: this match is saved and can be resumed.
    // Bots may be playing on: step frames rather than wait for the table to settle.
    harness.key_press(egui::Key::Escape);
    harness.run_steps(3);
    harness.get_by_label("Leave the match…").click();
    harness.run_steps(3);
    harness.get_by_label_contains("It is saved after every move");
    assert!(harness.query_by_label_contains("not saved").is_none());
}

#[test]
fn a_damaged_file_is_told_once_and_the_message_can_be_dismissed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("data");
    let mut store = Store::open(&root).expect("opens");
    store.edit_profiles(|book| book.create("Ana", Avatar::Colour([1, 2, 3]), at(0))).expect("created").1.wait().expect("durable");
    drop(store);
    std::fs::write(root.join("profiles.json"), b"{\"cardtable\":\"prof").expect("damaged");
    let mut harness = app(&root, [1000.0, 720.0]);
    harness.get_by_label_contains("profiles.json: the file was cut short");
    click(&mut harness, "OK");
    assert!(harness.query_by_label_contains("the file was cut short").is_none());
}

/// Issue 19, blocker 2: five unfinished matches no longer bury the start screen. The newest two
/// are listed (game, round, each player's score) with "show all"; the games, the settings and
/// joining stay within reach at phone and desktop sizes, the first game on screen at once.
#[test]
fn many_unfinished_matches_leave_the_games_in_reach() {
    for size in SIZES {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("data");
        {
            let mut store = Store::open(&root).expect("opens");
            for seed in 0..5 {
                // A match id tells matches apart by the top of the seed.
                let saved = unfinished(&store, (20 + seed) << 32, 7, 100 + seed.cast_signed());
                store.save_unfinished(saved).expect("writable").wait().expect("durable");
            }
        }
        let mut harness = app(&root, size);
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1]));
        assert_eq!(harness.query_all_by_label("Resume").count(), 2, "only the newest two at first");
        assert!(harness.query_all_by_label_contains("round 1").next().is_some(), "each line says the round");
        let quick = harness.get_by_label("Quick play Crazy Eights").rect();
        assert!(window.contains_rect(quick), "the first game is on screen at once at {size:?}: {quick:?}");
        for label in ["Settings", "Join a table on the home network", "Quick play Youglouf", "About"] {
            harness.get_by_label(label).scroll_to_me();
            harness.run();
            let rect = harness.get_by_label(label).rect();
            assert!(window.contains_rect(rect), "{label} can be brought into the window at {size:?}: {rect:?}");
        }
        click(&mut harness, "All 5");
        assert_eq!(harness.query_all_by_label("Resume").count(), 5);
        click(&mut harness, "Fewer");
        assert_eq!(harness.query_all_by_label("Resume").count(), 2);
    }
}
