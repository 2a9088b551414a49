//! Issue 19, blocker 1: a big hand never runs off the window. For every game with a hand, a
//! match is played until the person holds a large hand (drawing whenever the rules let them)
//! and it is their turn; it is saved, resumed in the real app at phone, laptop and desktop
//! sizes, and every card of the hand and every action offered must lie whole inside the window
//! and clear of the log beside the table. Youglouf, whose cards lie in slots, is checked the
//! same way at a turn of its own.

use crate::store_support;

use cardtable::app::CardtableApp;
use cardtable::session::host::Host;
use cardtable::session::playout::Playout;
use cardtable::session::seating::quick_seating;
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyAction, AnyOptions, AnyView, Card, GameKind, GameRng, Phase, Seat, SeatSet, Viewer};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use store_support::{resumed, seats};

const SIZES: [[f32; 2]; 3] = [[360.0, 640.0], [1280.0, 800.0], [1920.0, 1080.0]];

/// The hand of the viewer of `view` (none in Youglouf, whose cards lie in slots).
pub fn hand(view: &AnyView) -> Vec<Card> {
    match view {
        AnyView::CrazyEights(view) => view.hand.clone(),
        AnyView::Fool108(view) => view.hand.clone(),
        AnyView::HundredOne(view) => view.hand.clone(),
        AnyView::Dunno(view) => view.hand.clone(),
        AnyView::Youglouf(_) => None,
    }
    .unwrap_or_default()
}

/// One move of a match, or the next deal once a round is over; false once the match is over.
/// Ana (seat 0) draws whenever a draw is offered, everyone else plays at random.
fn step(playout: &mut Playout, rng: &mut GameRng) -> bool {
    playout
        .step(|_, seat, legal| {
            let draws: Vec<AnyAction> = legal.iter().copied().filter(|action| action.to_string().starts_with("draw")).collect();
            let pool = if seat == Seat(0) && !draws.is_empty() { &draws } else { legal };
            pool[rng.below(pool.len())]
        })
        .expect("legal")
}

/// Whether Ana alone is to act in a round being played.
fn anas_turn(host: &Host) -> bool {
    host.phase() == Phase::Playing && host.waiting_for() == SeatSet::only(Seat(0))
}

/// A match of `kind` played until Ana (seat 0) is to play with the largest hand this seed
/// reaches, up to `target` cards.
pub fn big_hand(kind: GameKind, seed: u64, target: usize) -> Host {
    let mut playout = Playout::new(Host::new(AnyOptions::defaults(kind), seats(), seed).expect("table"));
    let mut rng = GameRng::from_seed(seed);
    let mut best: Option<(usize, Host)> = None;
    for _ in 0..5_000 {
        let host = playout.host();
        if anas_turn(host) {
            let size = hand(&host.view(Viewer::Seat(Seat(0)))).len();
            if best.as_ref().is_none_or(|(most, _)| size > *most) {
                best = Some((size, host.clone()));
            }
            if size >= target {
                break;
            }
        }
        if !step(&mut playout, &mut rng) {
            break;
        }
    }
    best.expect("Ana had a turn").1
}

/// Where a text is drawn: the first label (or button) whose value or label `matches`.
fn text_rect(harness: &Harness<'_, CardtableApp>, what: &str, matches: impl Fn(&str) -> bool) -> egui::Rect {
    harness
        .query_all_by(|node| node.value().is_some_and(|value| matches(&value)) || node.label().is_some_and(|label| matches(&label)))
        .map(|node| node.rect())
        .next()
        .unwrap_or_else(|| panic!("{what} is drawn"))
}

/// Issue 19: on a wide window people sit round the table: the seat that plays after the person
/// on their left, the one before on their right, level with the piles, the other across; all
/// inside the window and clear of the log. A phone keeps every seat above the piles.
#[test]
fn on_a_wide_window_the_seats_sit_round_the_table() {
    let occupants = quick_seating("Ana", 4, BotLevel::Random);
    let host = Host::new(AnyOptions::defaults(GameKind::CrazyEights), occupants.clone(), 3).expect("table");
    for size in SIZES {
        let (_dir, harness) = resumed(&host, size);
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1]));
        let stock = text_rect(&harness, "the stock", |text| text.starts_with("Stock "));
        // A seat's name stands alone on its panel (the log's lines begin with names too).
        let [left, across, right] =
            [1, 2, 3].map(|seat| text_rect(&harness, occupants[seat].name(), |text| text == occupants[seat].name()));
        for rect in [left, across, right] {
            assert!(window.contains_rect(rect), "at {size:?}: a seat's name at {rect:?} is outside the window");
        }
        if size[0] < 900.0 {
            assert!([left, across, right].iter().all(|rect| rect.bottom() < stock.top()), "at {size:?}: every seat above the piles");
            continue;
        }
        assert!(
            left.right() < stock.left() && right.left() > stock.right(),
            "at {size:?}: {left:?} and {right:?} beside the stock {stock:?}"
        );
        assert!(across.bottom() < stock.top(), "at {size:?}: the seat across above the piles");
        for beside in [left, right] {
            assert!(
                beside.top() > across.bottom() && beside.top() < stock.bottom(),
                "at {size:?}: {beside:?} below the seat across {across:?}, level with the piles {stock:?}"
            );
        }
        let log = harness.query_all_by_label("Log").map(|node| node.rect()).max_by(|a, b| a.left().total_cmp(&b.left())).expect("the log");
        assert!(right.right() <= log.left(), "at {size:?}: the seat on the right clear of the log");
    }
}

#[test]
fn every_card_of_a_big_hand_and_every_action_lie_inside_the_window() {
    for kind in [GameKind::CrazyEights, GameKind::Fool108, GameKind::HundredOne, GameKind::Dunno] {
        let host = big_hand(kind, 7, 20);
        let cards = hand(&host.view(Viewer::Seat(Seat(0))));
        assert!(cards.len() >= 8, "{kind:?}: a big hand ({} cards)", cards.len());
        for size in SIZES {
            let (_dir, harness) = resumed(&host, size);
            let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1]));
            // A hand wider than its row scrolls sideways inside its area (issue 29): a card
            // past the area's edge lies in the row, to be scrolled to (`touch_targets` scrolls).
            let area = harness.get_by_label("Your hand").rect();
            for card in &cards {
                let label = card.pretty();
                let inside = harness.query_all_by_role_and_label(Role::Button, &label).any(|node| {
                    let rect = node.rect();
                    let in_row = rect.top() >= area.top() && rect.bottom() <= area.bottom();
                    (window.contains_rect(rect) || (in_row && !area.contains_rect(rect))) && rect.width() > 10.0
                });
                assert!(inside, "{kind:?} at {size:?}: {label} of a {}-card hand is not in the window nor its row", cards.len());
            }
            let offered = ["Draw (Space)", "Pass (Space)", "\"One!\" (O)"];
            let actions = offered.iter().filter_map(|action| harness.query_by_label(action)).map(|node| node.rect()).collect::<Vec<_>>();
            for rect in actions {
                assert!(window.contains_rect(rect), "{kind:?} at {size:?}: an action at {rect:?}");
            }
            assert_clear_of_the_log(&harness, kind, size, &cards.iter().map(|card| card.pretty()).collect::<Vec<_>>());
        }
    }
}

/// On a window wide enough for the log beside the table, no card of the hand lies under it.
fn assert_clear_of_the_log(harness: &Harness<'_, CardtableApp>, kind: GameKind, size: [f32; 2], cards: &[String]) {
    // Below 900 points wide the log is not beside the table (a phone opens it over the table).
    if size[0] < 900.0 {
        return;
    }
    let log = harness
        .query_all_by_label("Log")
        .map(|node| node.rect())
        .max_by(|a, b| a.left().total_cmp(&b.left()))
        .expect("the log beside the table");
    for label in cards {
        let known = format!("{label}:");
        let buttons = harness
            .query_all_by_role(Role::Button)
            .filter(|node| node.accesskit_node().label().is_some_and(|text| text == *label || text.starts_with(&known)));
        // What a hand's row scrolled past its area's edge is not drawn.
        let area = harness.query_by_label("Your hand").map_or(egui::Rect::EVERYTHING, |area| area.rect());
        for node in buttons {
            let shown = node.rect().intersect(area);
            assert!(shown.right() <= log.left(), "{kind:?} at {size:?}: {label} at {shown:?} is under the log at {log:?}");
        }
    }
}

/// Youglouf at the person's turn, mid-round: the four slots and the turn's actions lie inside
/// the window, clear of the log.
#[test]
fn youglouf_slots_and_actions_lie_inside_the_window() {
    let mut playout = Playout::new(Host::new(AnyOptions::defaults(GameKind::Youglouf), seats(), 5).expect("table"));
    let mut rng = GameRng::from_seed(5);
    // Everyone looks, then turns go round until the person's comes.
    for _ in 0..400 {
        let host = playout.host();
        match host.phase() {
            Phase::Playing if host.waiting_for() == SeatSet::only(Seat(0)) && host.history().len() > 12 => break,
            Phase::MatchOver => panic!("the match ended before the person's turn came"),
            Phase::Playing | Phase::RoundOver => {
                playout.random_step(&mut rng).expect("legal");
            }
        }
    }
    let host = playout.into_host();
    assert_eq!(host.waiting_for(), SeatSet::only(Seat(0)), "the person's turn");
    for size in SIZES {
        let (_dir, harness) = resumed(&host, size);
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1]));
        let slots: Vec<String> = (1..=4).map(|slot| format!("Ana, slot {slot}")).collect();
        for slot in &slots {
            // A slot the person knows is labelled with its card too ("Ana, slot 1: K♠").
            let known = format!("{slot}:");
            // Not a button until the turn can use it (a replace, a peek, a snap): then a label,
            // which a screen reader reads by its value ("Ana, slot 1: face down").
            let named = |text: Option<String>| text.is_some_and(|text| text == *slot || text.starts_with(&known));
            let inside =
                harness.query_all_by(|node| named(node.label()) || named(node.value())).any(|node| window.contains_rect(node.rect()));
            assert!(inside, "Youglouf at {size:?}: {slot} is not inside the window");
        }
        let decks = harness.query_by_label("Closed deck (Space)").expect("the turn takes a card");
        assert!(window.contains_rect(decks.rect()), "Youglouf at {size:?}: the closed deck's button at {:?}", decks.rect());
        assert_clear_of_the_log(&harness, GameKind::Youglouf, size, &slots);
    }
}

/// At a phone's size the table scrolls above the person's own area, and the turn's line and
/// Crazy Eights' "You drew a playable card" once sat below what it showed. For every game at
/// the person's turn (in Crazy Eights just after drawing a card they must play), at every size,
/// the turn's line and the hint lie whole inside the window, below the top bar and above the
/// person's own cards.
#[test]
fn the_turns_line_and_the_games_hint_are_in_view_above_the_hand() {
    for &kind in GameKind::ALL {
        let mut playout = Playout::new(Host::new(AnyOptions::defaults(kind), seats(), 11).expect("table"));
        let mut rng = GameRng::from_seed(11);
        let wanted = |host: &Host| match host.view(Viewer::Seat(Seat(0))) {
            AnyView::CrazyEights(view) => view.must_play,
            _ => host.history().len() > 12,
        };
        while !(anas_turn(playout.host()) && wanted(playout.host())) {
            assert!(step(&mut playout, &mut rng), "{kind:?}: the match ended before the position came");
        }
        let host = playout.host().clone();
        let own_cards: Vec<String> = match host.view(Viewer::Seat(Seat(0))) {
            AnyView::Youglouf(_) => (1..=4).map(|slot| format!("Ana, slot {slot}")).collect(),
            view => hand(&view).iter().map(|card| card.pretty()).collect(),
        };
        for size in SIZES {
            let (_dir, harness) = resumed(&host, size);
            let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1]));
            let bar = harness.get_by_label("← Leave").rect();
            let own_top = harness
                .query_all_by(|node| {
                    node.label().or_else(|| node.value()).is_some_and(|text| own_cards.iter().any(|own| text.starts_with(own.as_str())))
                })
                .map(|node| node.rect().top())
                .fold(f32::INFINITY, f32::min);
            assert!(own_top.is_finite(), "{kind:?} at {size:?}: the person's cards are drawn");
            let mut lines = vec![("the turn's line", text_rect(&harness, "the turn's line", |text| text == "Ana, your turn."))];
            if kind == GameKind::CrazyEights {
                lines.push(("the hint", text_rect(&harness, "the hint", |text| text == "You drew a playable card: play a card.")));
            }
            for (what, rect) in lines {
                assert!(window.contains_rect(rect), "{kind:?} at {size:?}: {what} at {rect:?} is outside the window");
                assert!(
                    rect.top() >= bar.bottom() && rect.bottom() <= own_top,
                    "{kind:?} at {size:?}: {what} at {rect:?} is not between the top bar ({bar:?}) and the person's cards (from {own_top})"
                );
            }
        }
    }
}
