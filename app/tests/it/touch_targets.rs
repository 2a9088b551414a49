//! Issue 29, the phone pass: at phone, laptop and desktop sizes, everything a player may touch
//! at the table (every enabled button, every card that can be picked, other seats' included)
//! lies inside the window and is at least a touch target (44 points) each way; on a phone the
//! other seats stay in view in their strip above the table.

use crate::store_support::{resumed, seats};
use crate::table_layout::hand;
use crate::table_still::{crazy_eights_hand_of, position};
use crate::youglouf_phone::four_seats;

use cardtable::app::{CardtableApp, Screen};
use cardtable::session::host::Host;
use cardtable::session::playout::Playout;
use cardtable::session::seating::Occupant;
use cardtable::ui::table::motion::{Spot, spot_rect};
use cardtable::ui::theme;
use cardtable_engine::games::youglouf::{Power, StepView};
use cardtable_engine::{AnyOptions, AnyView, GameKind, GameRng, Phase, Seat, SeatSet, Viewer};
use egui::{Rect, accesskit::Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

const SIZES: [[f32; 2]; 3] = [[360.0, 640.0], [1280.0, 800.0], [1920.0, 1080.0]];

/// Every enabled button of the frame lies inside the window and is a touch target; returns
/// their labels.
fn assert_touchable(harness: &Harness<'_, CardtableApp>, size: [f32; 2], context: &str) -> Vec<String> {
    let window = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1])).expand(0.5);
    let mut labels = Vec::new();
    let area = harness.query_by_label("Your hand").map(|area| area.rect());
    let in_hand = |rect: Rect| area.is_some_and(|area| rect.top() >= area.top() - 0.5 && rect.bottom() <= area.bottom() + 0.5);
    for node in harness.query_all_by(|node| node.role() == Role::Button && !node.is_disabled()) {
        let (rect, label) = (node.rect(), node.accesskit_node().label().unwrap_or_default());
        if in_hand(rect) {
            // The hand's cards are judged by what a finger can touch of each ([`hand_strips`]).
            labels.push(label);
            continue;
        }
        assert!(window.contains_rect(rect), "{context}: {label:?} at {rect:?} is not inside the window");
        assert!(
            rect.width() >= theme::TOUCH - 0.01 && rect.height() >= theme::TOUCH - 0.01,
            "{context}: {label:?} is {:.1}×{:.1}, less than a touch target",
            rect.width(),
            rect.height()
        );
        labels.push(label);
    }
    if let Some(area) = area {
        for (label, strip) in hand_strips(harness, area) {
            let Some(strip) = strip else { continue };
            assert!(window.contains_rect(strip), "{context}: {label}'s strip at {strip:?} is not inside the window");
            assert!(strip.width() >= theme::TOUCH - 0.01, "{context}: {label} shows a strip {:.1} wide, less than a finger", strip.width());
        }
    }
    labels
}

/// Each card of the hand (left to right) and the strip of it a finger can touch: from its left
/// edge to the next card's (drawn over it), inside the hand's `area`; none for a card its row
/// has scrolled out of the area, wholly or in part (its touch is clipped to the area).
fn hand_strips(harness: &Harness<'_, CardtableApp>, area: Rect) -> Vec<(String, Option<Rect>)> {
    let mut cards: Vec<(String, Rect)> = harness
        .query_all_by_role(Role::Button)
        .map(|node| (node.accesskit_node().label().unwrap_or_default(), node.rect()))
        .filter(|(_, rect)| rect.top() >= area.top() - 0.5 && rect.bottom() <= area.bottom() + 0.5)
        .collect();
    cards.sort_by(|a, b| a.1.left().total_cmp(&b.1.left()));
    let lefts: Vec<f32> = cards.iter().map(|(_, rect)| rect.left()).collect();
    cards
        .into_iter()
        .enumerate()
        .map(|(at, (label, rect))| {
            let right = lefts.get(at + 1).map_or(rect.right(), |next| next.min(rect.right()));
            let strip = Rect::from_x_y_ranges(rect.left()..=right, rect.y_range());
            (label, area.expand(0.5).contains_rect(strip).then_some(strip))
        })
        .collect()
}

/// Issue 29: Crazy Eights hands of 13, 24 and 30 cards at the three sizes: every card shown
/// is a finger wide where it can be touched, the piles' and the table's buttons stay touch
/// targets in the window, and a card the row has scrolled away is brought into view by the
/// keyboard's cursor (arrows), whole, inside the hand's area.
#[test]
fn every_card_of_a_big_hand_is_a_touch_target_or_scrolls_into_view() {
    for cards in [13, 24, 30] {
        let host = crazy_eights_hand_of(cards);
        let held = hand(&host.view(Viewer::Seat(Seat(0))));
        for size in SIZES {
            let context = format!("a hand of {} at {size:?}", held.len());
            let (_dir, mut harness) = resumed(&host, size);
            harness.run();
            assert_touchable(&harness, size, &context);
            let area = harness.get_by_label("Your hand").rect();
            let strips = hand_strips(&harness, area);
            assert_eq!(strips.len(), held.len(), "{context}: every card is in the hand's row");
            // The last card, then the first, each brought into view by the arrows.
            let mut presses = 0;
            for (target, key) in [(held.len() - 1, egui::Key::ArrowRight), (0, egui::Key::ArrowLeft)] {
                let label = held[target].pretty();
                for _ in 0..held.len() {
                    harness.key_press(key);
                    presses += 1;
                }
                harness.run();
                let shown = harness.get_all_by_label(&label).map(|node| node.rect()).find(|rect| rect.top() >= area.top() - 0.5);
                let shown = shown.unwrap_or_else(|| panic!("{context}: {label} is drawn"));
                assert!(area.expand(0.5).contains_rect(shown), "{context}: {label} at {shown:?} is not brought into {area:?}");
                assert_touchable(&harness, size, &format!("{context}, after {presses} arrows"));
            }
        }
    }
}

fn host_of<'h>(harness: &'h Harness<'_, CardtableApp>) -> &'h Host {
    match harness.state().screen() {
        Screen::Table(table) => table.host().expect("a table on this device"),
        other => panic!("expected the table, found {other:?}"),
    }
}

#[test]
fn everything_a_player_may_touch_is_in_the_window_and_a_touch_target() {
    for &kind in GameKind::ALL {
        let host = position(kind);
        for size in SIZES {
            let (_dir, mut harness) = resumed(&host, size);
            harness.run();
            let context = format!("{kind:?} at {size:?}");
            let labels = assert_touchable(&harness, size, &context);
            assert!(labels.len() >= 3, "{context}: the table's buttons were found: {labels:?}");
            if size[0] < theme::NARROW {
                // The other seats are in the strip, in view, whatever scrolls below it.
                let window = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1]));
                for seat in 1..host.seats().len() {
                    let name = host.seats()[seat].name();
                    let rects: Vec<Rect> = harness.query_all_by_label(name).map(|node| node.rect()).collect();
                    assert!(rects.iter().any(|rect| window.contains_rect(*rect)), "{context}: {name} is not in view: {rects:?}");
                }
            }
        }
    }
}

/// A Youglouf match of `seats` played at random until Ana (seat 0) alone is to exchange with
/// a Queen.
fn queen_to_swap(seats: &[Occupant]) -> Host {
    for seed in 5..400 {
        let mut playout = Playout::new(Host::new(AnyOptions::defaults(GameKind::Youglouf), seats.to_vec(), seed).expect("table"));
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..2_000 {
            let host = playout.host();
            if host.phase() == Phase::Playing
                && host.waiting_for() == SeatSet::only(Seat(0))
                && matches!(host.view(Viewer::Seat(Seat(0))), AnyView::Youglouf(view) if view.step == StepView::Power(Power::Exchange))
            {
                return host.clone();
            }
            if host.phase() != Phase::Playing || !playout.random_step(&mut rng).expect("legal") {
                break;
            }
        }
    }
    panic!("no seed of 400 reached a Queen's exchange for Ana");
}

/// Youglouf's Queen at tables of three and of four: Ana picks one of her slots, then one of
/// another seat's, each a touch target in view at every size (on a phone they needed taps on
/// 14×20 points after scrolling); the seats' places keep their size as their slots become
/// targets.
#[test]
fn a_queens_swap_takes_touch_targets_at_every_size() {
    for seated in [seats(), four_seats()] {
        let host = queen_to_swap(&seated);
        let others: Vec<Seat> = (1..seated.len()).map(|seat| Seat(seat as u8)).collect();
        let places = |harness: &Harness<'_, CardtableApp>| -> Vec<Option<Rect>> {
            others.iter().map(|seat| spot_rect(&harness.ctx, Spot::Seat(*seat))).collect()
        };
        for size in SIZES {
            let context = format!("a Queen's swap for {} at {size:?}", seated.len());
            let (_dir, mut harness) = resumed(&host, size);
            harness.run();
            let own = assert_touchable(&harness, size, &context);
            let before = places(&harness);
            let own_slot =
                own.iter().find(|label| label.starts_with("Ana, slot")).unwrap_or_else(|| panic!("{context}: Ana's slots: {own:?}"));
            harness.get_by_label(own_slot).click();
            harness.run();
            let theirs: Vec<String> = assert_touchable(&harness, size, &context)
                .into_iter()
                .filter(|label| label.contains(", slot") && !label.starts_with("Ana"))
                .collect();
            assert!(theirs.len() >= 2, "{context}: the other seats' slots may be picked: {theirs:?}");
            assert_eq!(places(&harness), before, "{context}: a seat's place moved as its slots became targets");
            harness.get_by_label(&theirs[0]).click();
            harness.run();
            assert_eq!(host_of(&harness).steps().len(), host.steps().len() + 1, "{context}: the swap was made");
        }
    }
}
