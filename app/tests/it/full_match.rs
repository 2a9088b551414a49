//! Full hot-seat matches of every game, played through the real app's window by clicking and by
//! keyboard alone: every seat is a person, the device is handed off between them, and every
//! hand-off screen is checked by the accessibility tree to show no card at all.

use crate::hot_seat_driver;

use hot_seat_driver::{Driver, Input};

fn full_match(game: &str, input: Input) {
    let mut driver = Driver::sit_down(game, input, None);
    let actions = driver.play_to_the_end();
    assert!(actions > 10, "{game}: a whole match takes more than a few actions ({actions})");
    assert!(driver.hand_offs > 5, "{game}: the device went round the table ({} hand-offs)", driver.hand_offs);
}

/// A test by mouse and a test by keyboard for each game.
macro_rules! full_matches {
    ($($mouse:ident, $keyboard:ident: $game:literal;)*) => {$(
        #[test]
        fn $mouse() {
            full_match($game, Input::Mouse);
        }

        #[test]
        fn $keyboard() {
            full_match($game, Input::Keyboard);
        }
    )*};
}

full_matches! {
    crazy_eights_by_mouse, crazy_eights_by_keyboard: "Crazy Eights";
    fool108_by_mouse, fool108_by_keyboard: "108 Fool";
    hundred_one_by_mouse, hundred_one_by_keyboard: "One Hundred and One";
    dunno_by_mouse, dunno_by_keyboard: "Dunno";
    youglouf_by_mouse, youglouf_by_keyboard: "Youglouf";
}

/// Two people and bots: whenever the table shows nobody's cards (bots' turns), the
/// accessibility tree names no card a spectator may not know.
fn people_and_bots(game: &str) {
    let mut driver = Driver::sit_down(game, Input::Mouse, Some(2));
    driver.play_to_the_end();
    assert!(driver.bot_turns_checked > 3, "{game}: bots' turns were checked ({})", driver.bot_turns_checked);
}

/// Issue 29: two people and bots at Crazy Eights. Moves made behind the hand-off screen (a
/// bot's, the other person's) are followed: whenever the table shows the "played by" tag, it
/// names the seat whose card lies on top of the pile.
#[test]
fn the_played_by_tag_names_who_played_the_top_card_in_hot_seat() {
    use cardtable::ui::table::games;
    use cardtable::ui::table::last_played::LastPlayed;
    use cardtable_engine::Viewer;
    use egui_kittest::kittest::{NodeT, Queryable};

    let mut driver = Driver::sit_down("Crazy Eights", Input::Mouse, Some(2));
    let (mut checked, mut by_others) = (0, 0);
    driver.play_watching(&mut |driver| {
        let table = driver.live_table();
        let host = table.host().expect("a local table");
        let Some(showing) = table.showing() else { return true };
        // Who played the top card, from everything everyone saw land on the pile.
        let mut truth = LastPlayed::default();
        for addressed in host.history().iter().filter(|addressed| addressed.audience.includes(Viewer::Spectator)) {
            truth.follow(&games::for_kind(host.kind()).motions(&addressed.event));
        }
        let names: Vec<String> = table.session().occupants().iter().map(|occupant| occupant.name().to_owned()).collect();
        let tag = driver
            .harness()
            .query_by_label_contains("played by ")
            .and_then(|node| node.accesskit_node().label().or_else(|| node.accesskit_node().value()));
        if let (Some(tag), Some(seat)) = (tag, truth.seat()) {
            assert_eq!(tag, format!("played by {}", names[seat.index()]), "the tag on the pile, shown to {}", names[showing.index()]);
            checked += 1;
            by_others += usize::from(seat != showing);
        }
        checked < 24
    });
    assert!(checked >= 24, "the tag was checked {checked} times");
    assert!(by_others > 5, "moves by others, made behind the hand-off, were checked ({by_others})");
}

#[test]
fn bots_turns_show_no_hidden_card_in_any_game() {
    for game in ["Crazy Eights", "108 Fool", "One Hundred and One", "Dunno", "Youglouf"] {
        people_and_bots(game);
    }
}
