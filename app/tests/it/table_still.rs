//! Issue 29, "a table that holds still": every game is played through the moments that used
//! to move the table under the pointer (the person's turn, a card refused, a card picked, a
//! card drawn, a bot's turn) in the real app at phone, laptop and desktop sizes. The hand's
//! area, the stock and the pile, and every action button (Undo included) keep their rectangles from the first
//! moment to the last, and none of them overlaps another.

use crate::hot_seat_driver::DIGITS;
use crate::store_support::{resumed, seats};
use crate::table_layout::{big_hand, hand};

use cardtable::app::{CardtableApp, Screen};
use cardtable::session::host::Host;
use cardtable::session::playout::Playout;
use cardtable::ui::table::motion::{Spot, spot_rect};
use cardtable_engine::games::youglouf::StepView;
use cardtable_engine::{AnyAction, AnyOptions, AnyView, Card, GameKind, GameRng, Phase, Seat, SeatSet, Viewer};
use egui::Rect;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

const SIZES: [[f32; 2]; 3] = [[360.0, 640.0], [1280.0, 800.0], [1920.0, 1080.0]];

/// Each action's place: the labels it may carry (one step's or another's). Undo stands in the
/// top bar at these bot tables, enabled or not.
fn action_places(kind: GameKind) -> Vec<Vec<&'static str>> {
    let mut places = match kind {
        GameKind::Fool108 => vec![vec!["Draw (Space)"], vec!["Pass (Space)"], vec!["\"One!\" (O)"]],
        GameKind::Youglouf => vec![
            vec!["Closed deck (Space)", "Drop it (Space)"],
            vec!["Open deck", "Skip the power"],
            vec!["End the turn (Enter)"],
            vec!["Call Youglouf!", "Yes, call Youglouf (Y)"],
            vec!["Snap…", "Cancel the snap"],
        ],
        _ => vec![vec!["Draw (Space)"]],
    };
    places.push(vec!["↶ Undo"]);
    places
}

/// Where the table's regions lie in the frame drawn last.
#[derive(Debug, Clone, PartialEq)]
struct Regions {
    hand: Rect,
    stock: Rect,
    pile: Rect,
    actions: Vec<Rect>,
}

impl Regions {
    fn read(harness: &Harness<'_, CardtableApp>, kind: GameKind) -> Regions {
        let hand = if kind == GameKind::Youglouf {
            // Ana's own slots, face down or known ("Ana, slot 1: K♠").
            let own = |text: Option<String>| text.is_some_and(|text| text.starts_with("Ana, slot"));
            harness
                .query_all_by(|node| own(node.label()) || own(node.value()))
                .map(|node| node.rect())
                .reduce(Rect::union)
                .unwrap_or_else(|| panic!("Ana's slots are drawn ({:?}, {:?})", host_of(harness).phase(), host_of(harness).waiting_for()))
        } else {
            harness.get_by_label("Your hand").rect()
        };
        let actions = action_places(kind)
            .iter()
            .map(|labels| {
                labels
                    .iter()
                    .find_map(|label| harness.query_by_label(label))
                    .unwrap_or_else(|| panic!("{kind:?}: one of {labels:?} is on screen"))
                    .rect()
            })
            .collect();
        let spot = |spot| spot_rect(&harness.ctx, spot).expect("the decks are drawn");
        Regions { hand, stock: spot(Spot::Stock), pile: spot(Spot::Pile), actions }
    }

    /// The decks lie whole inside the window of `size` (a phone's table scrolls above the hand).
    fn assert_decks_in_view(&self, context: &str, size: [f32; 2]) {
        let window = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1]));
        for (deck, rect) in [("stock", self.stock), ("pile", self.pile)] {
            assert!(window.contains_rect(rect), "{context}: the {deck} at {rect:?} is not in view");
        }
    }

    /// No two regions overlap (the hand's area includes the keyboard cursor's bar under a
    /// card; the refused card's outline lies 2 points round the card, inside the area's room).
    fn assert_apart(&self, context: &str) {
        let mut named: Vec<(String, Rect)> = vec![("hand".into(), self.hand), ("stock".into(), self.stock), ("pile".into(), self.pile)];
        named.extend(self.actions.iter().enumerate().map(|(index, rect)| (format!("action {index}"), *rect)));
        for (at, (first, a)) in named.iter().enumerate() {
            for (second, b) in &named[at + 1..] {
                // Touching edges are not an overlap.
                assert!(!a.shrink(0.5).intersects(b.shrink(0.5)), "{context}: {first} {a:?} overlaps {second} {b:?}");
            }
        }
    }
}

/// Asserts the regions of this frame are those of the first moment.
fn assert_still(harness: &Harness<'_, CardtableApp>, kind: GameKind, first: &Regions, moment: &str, size: [f32; 2]) {
    let now = Regions::read(harness, kind);
    let context = format!("{kind:?} at {size:?}, {moment}");
    now.assert_apart(&context);
    assert_eq!(&now, first, "{context}: the table moved");
}

/// After a draw the hand holds another card and a game may say more beside the pile (Crazy
/// Eights: "You drew a playable card: play a card."): the hand's area and every action keep
/// their rectangles, the decks their place across the window; the decks may only have moved
/// up, by as much as the centre grew for that note.
fn assert_held(harness: &Harness<'_, CardtableApp>, kind: GameKind, first: &Regions, moment: &str, size: [f32; 2]) {
    let now = Regions::read(harness, kind);
    let context = format!("{kind:?} at {size:?}, {moment}");
    now.assert_apart(&context);
    assert_eq!((now.hand, &now.actions), (first.hand, &first.actions), "{context}: the hand or an action moved");
    for (deck, before, after) in [("stock", first.stock, now.stock), ("pile", first.pile, now.pile)] {
        assert_eq!((after.left(), after.size()), (before.left(), before.size()), "{context}: the {deck} moved sideways or changed size");
        assert!(after.top() <= before.top() + 0.5, "{context}: the {deck} moved down, over the hand ({before:?} to {after:?})");
    }
}

fn host_of<'h>(harness: &'h Harness<'_, CardtableApp>) -> &'h Host {
    match harness.state().screen() {
        Screen::Table(table) => table.host().expect("a table on this device"),
        other => panic!("expected the table, found {other:?}"),
    }
}

/// Whether `action` plays `card` (alone or among others).
fn plays(action: &AnyAction, card: Card) -> bool {
    action.to_string().split_whitespace().any(|word| word == card.to_string())
}

/// A match of `kind` played at random until Ana (seat 0) alone is to act mid-round, at a
/// moment that has every moment of the test: for a hand game a card she may not play and a
/// card she may; for Youglouf, a turn that starts by taking a card.
pub fn position(kind: GameKind) -> Host {
    (5..60).find_map(|seed| position_from(kind, seed)).unwrap_or_else(|| panic!("{kind:?}: no seed of 55 reached the position"))
}

/// The position of [`position`] from `seed`, if its match reaches one.
fn position_from(kind: GameKind, seed: u64) -> Option<Host> {
    let mut playout = Playout::new(Host::new(AnyOptions::defaults(kind), seats(), seed).expect("table"));
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..5_000 {
        let host = playout.host();
        if host.phase() == Phase::Playing && host.waiting_for() == SeatSet::only(Seat(0)) && host.history().len() > 12 {
            let view = host.view(Viewer::Seat(Seat(0)));
            let legal = view.legal();
            let ready = match &view {
                // A usual round: cards to draw, nobody called, nobody piled up with penalties.
                AnyView::Youglouf(view) => {
                    view.step == StepView::Draw
                        && view.declarer.is_none()
                        && view.closed_deck > 10
                        && view.slots.seats().all(|(_, slots)| slots.len() <= 5)
                }
                _ => {
                    let cards = hand(&view);
                    let refused = cards.iter().take(9).any(|card| !legal.iter().any(|action| plays(action, *card)));
                    let playable = cards.iter().take(9).any(|card| legal.iter().any(|action| plays(action, *card)));
                    refused && playable
                }
            };
            if ready {
                return Some(host.clone());
            }
        }
        if !playout.random_step(&mut rng).expect("legal") {
            break;
        }
    }
    None
}

/// Steps the window until a bot is to act (the frame drawn shows its turn); while Ana is
/// still to act in a hand game, she plays her first playable card by its digit and Enter (an
/// eight names hearts), or takes what Space offers.
pub fn until_a_bots_turn(harness: &mut Harness<'_, CardtableApp>, what: &str) {
    for _ in 0..400 {
        let host = host_of(harness);
        if host.phase() == Phase::Playing && !host.waiting_for().contains(Seat(0)) {
            return;
        }
        let view = host.view(Viewer::Seat(Seat(0)));
        if host.waiting_for() == SeatSet::only(Seat(0)) && !matches!(view, AnyView::Youglouf(_)) {
            let (cards, legal) = (hand(&view), view.legal());
            match cards.iter().take(9).position(|card| legal.iter().any(|action| plays(action, *card))) {
                Some(position) => {
                    for key in [DIGITS[position], egui::Key::Enter, egui::Key::H] {
                        harness.key_press(key);
                        harness.run_steps(2);
                    }
                }
                // A card past the digits (a drawn card at a big hand's end): the arrows bring
                // the cursor to it from the first card, Enter plays it.
                None if let Some(position) = cards.iter().position(|card| legal.iter().any(|action| plays(action, *card))) => {
                    let arrows =
                        std::iter::repeat_n(egui::Key::ArrowLeft, cards.len()).chain(std::iter::repeat_n(egui::Key::ArrowRight, position));
                    for key in arrows.chain([egui::Key::Enter, egui::Key::H]) {
                        harness.key_press(key);
                        harness.run_steps(2);
                    }
                }
                None => {
                    harness.key_press(egui::Key::Space);
                    harness.run_steps(2);
                }
            }
        }
        harness.step();
    }
    panic!("no bot's turn came after {what}");
}

/// A hand game: the turn, a refused card, a picked card (by its digit: picked, not yet
/// played), the pick cleared, a draw, a bot's turn.
fn hand_game(kind: GameKind, host: &Host, size: [f32; 2]) {
    let (_dir, mut harness) = resumed(host, size);
    harness.run();
    let first = Regions::read(&harness, kind);
    first.assert_apart(&format!("{kind:?} at {size:?}, the turn"));
    first.assert_decks_in_view(&format!("{kind:?} at {size:?}, the turn"), size);
    let view = host.view(Viewer::Seat(Seat(0)));
    let (cards, legal) = (hand(&view), view.legal());
    let refused = cards.iter().take(9).copied().find(|card| !legal.iter().any(|action| plays(action, *card))).expect("a card refused");
    let card_rects = |harness: &Harness<'_, CardtableApp>| -> Vec<Rect> {
        cards.iter().map(|card| harness.get_all_by_label(&card.pretty()).next().expect("the card").rect()).collect()
    };
    let cards_before = card_rects(&harness);

    harness.get_all_by_label(&refused.pretty()).next().expect("the refused card").click();
    harness.run();
    assert!(harness.query_by_label_contains("cannot be played now").is_some(), "{kind:?}: the refusal is said");
    assert_still(&harness, kind, &first, "a card refused", size);
    assert_eq!(card_rects(&harness), cards_before, "{kind:?} at {size:?}: a refusal moved the cards");

    let playable = cards.iter().position(|card| legal.iter().any(|action| plays(action, *card))).expect("a card to play");
    harness.key_press(DIGITS[playable]);
    harness.run();
    assert_eq!(host_of(&harness).steps().len(), host.steps().len(), "{kind:?}: a digit picks, it does not play");
    assert_still(&harness, kind, &first, "a card picked", size);
    if let Some(clear) = harness.query_by_label("Clear the pick") {
        clear.click();
        harness.run();
        assert_still(&harness, kind, &first, "the pick cleared", size);
    }

    // A game that offers a draw here (101 does not while a card plays): 0 draws.
    if legal.iter().any(|action| action.to_string().starts_with("draw")) {
        harness.key_press(egui::Key::Num0);
        // A frame to take the key, a few for the layout to settle (as a person sees it: 1 s).
        harness.run_steps(4);
        let after = host_of(&harness);
        assert!(after.steps().len() > host.steps().len(), "{kind:?}: the draw was taken");
        assert_held(&harness, kind, &first, "a card drawn", size);
    }

    until_a_bots_turn(&mut harness, "the draw");
    assert_held(&harness, kind, &first, "a bot's turn", size);
}

/// Youglouf: the turn, the card taken from the closed deck and held, then whatever the turn
/// asks until a bot's turn comes.
fn youglouf(host: &Host, size: [f32; 2]) {
    let kind = GameKind::Youglouf;
    let (_dir, mut harness) = resumed(host, size);
    // The snap window's grace may still run at the turn's start: the closed deck waits.
    for _ in 0..200 {
        if harness.query_by_label("Closed deck (Space)").is_some_and(|node| !node.accesskit_node().is_disabled()) {
            break;
        }
        harness.step();
    }
    harness.run();
    let first = Regions::read(&harness, kind);
    first.assert_apart(&format!("Youglouf at {size:?}, the turn"));
    first.assert_decks_in_view(&format!("Youglouf at {size:?}, the turn"), size);
    harness.key_press(egui::Key::Space);
    harness.run();
    assert!(
        matches!(&host_of(&harness).view(Viewer::Seat(Seat(0))), AnyView::Youglouf(view) if matches!(view.step, StepView::Holding { .. })),
        "Youglouf: Space took the closed deck's card: {:?}",
        host_of(&harness).view(Viewer::Seat(Seat(0)))
    );
    assert_still(&harness, kind, &first, "a card held", size);
    // Drop it (Space): a power may follow, then the turn ends.
    harness.key_press(egui::Key::Space);
    harness.run();
    assert_still(&harness, kind, &first, "the card dropped", size);
    for key in [egui::Key::X, egui::Key::Enter] {
        if host_of(&harness).waiting_for().contains(Seat(0)) {
            harness.key_press(key);
            harness.run();
            assert_still(&harness, kind, &first, "the turn's end", size);
        }
    }
    until_a_bots_turn(&mut harness, "Ana's turn");
    assert_still(&harness, kind, &first, "a bot's turn", size);
}

#[test]
fn every_region_of_the_table_holds_still_through_a_turn() {
    for &kind in GameKind::ALL {
        let host = position(kind);
        for size in SIZES {
            if kind == GameKind::Youglouf {
                youglouf(&host, size);
            } else {
                hand_game(kind, &host, size);
            }
        }
    }
}

/// A Crazy Eights match where Ana holds `cards` cards or more at her turn, with a draw offered
/// and nothing said beside the pile (no twos to draw), so that the centre is as tall at
/// every size of hand.
pub fn crazy_eights_hand_of(cards: usize) -> Host {
    (1..80)
        .map(|seed| big_hand(GameKind::CrazyEights, seed, cards))
        .find(|host| {
            let view = host.view(Viewer::Seat(Seat(0)));
            let quiet = matches!(&view, AnyView::CrazyEights(view) if view.pending_draw == 0);
            quiet && hand(&view).len() >= cards && view.legal().iter().any(|action| action.to_string().starts_with("draw"))
        })
        .unwrap_or_else(|| panic!("no seed of 80 gave Ana {cards} cards with a draw offered"))
}

/// Issue 29, a phone never loses the piles: Crazy Eights hands of a dealt size, 13, 24 and
/// 30 cards, at the three sizes, take the same hand's area, and leave the stock, the pile and
/// every action where the usual hand has them (the decks may only sit higher, for a note
/// beside the pile), in view; a draw by Space and one by a click on Draw move nothing either.
#[test]
fn a_big_hand_moves_nothing_but_its_cards() {
    let kind = GameKind::CrazyEights;
    let usual = crazy_eights_hand_of(1);
    let big: Vec<Host> = [13, 24, 30].into_iter().map(crazy_eights_hand_of).collect();
    for size in SIZES {
        let (_dir, mut harness) = resumed(&usual, size);
        harness.run();
        let first = Regions::read(&harness, kind);
        first.assert_decks_in_view(&format!("a usual hand at {size:?}"), size);
        for host in &big {
            let cards = hand(&host.view(Viewer::Seat(Seat(0)))).len();
            let (_dir, mut harness) = resumed(host, size);
            harness.run();
            let moment = format!("a hand of {cards}");
            assert_held(&harness, kind, &first, &moment, size);
            Regions::read(&harness, kind).assert_decks_in_view(&format!("{moment} at {size:?}"), size);
            // One more card, by the keyboard, then by the mouse (while a draw is offered).
            for (how, by_click) in [("Space", false), ("a click on Draw", true)] {
                let before = host_of(&harness).steps().len();
                let draw = harness.get_by_label("Draw (Space)");
                if draw.accesskit_node().is_disabled() {
                    break;
                }
                if by_click {
                    draw.click();
                } else {
                    harness.key_press(egui::Key::Space);
                }
                harness.run_steps(4);
                assert!(host_of(&harness).steps().len() > before, "{moment} at {size:?}: {how} drew");
                assert_held(&harness, kind, &first, &format!("{moment}, a card drawn by {how}"), size);
                Regions::read(&harness, kind).assert_decks_in_view(&format!("{moment}, drawn by {how}, at {size:?}"), size);
            }
        }
    }
}
