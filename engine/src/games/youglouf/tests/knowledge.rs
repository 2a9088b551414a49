//! Every seat's view holds exactly what that seat has seen (issue: "the view of a seat shows
//! exactly the cards it has seen and still knows where they are, and nothing else").
//!
//! A [`Tracker`] rebuilds one viewer's picture of the table from nothing but the events that
//! viewer receives, as a client would. Through random matches at every table size, after
//! every action, the tracker and the engine's view must agree slot for slot, and
//! `known_counts` must be exactly the cards the view shows.

use super::*;
use crate::card_set::{CardCounts, count_cards};
use crate::games::youglouf::{HAND_SIZE, StepView, YougloufView};
use crate::rng::GameRng;

/// One viewer's picture of the table, kept from its events alone.
struct Tracker {
    viewer: Viewer,
    slots: Vec<Vec<SlotView>>,
    held: Option<Card>,
}

impl Tracker {
    fn new(viewer: Viewer, players: usize) -> Tracker {
        Tracker { viewer, slots: vec![vec![SlotView::FaceDown; HAND_SIZE]; players], held: None }
    }

    fn set(&mut self, seat: Seat, slot: u8, to: SlotView) {
        self.slots[seat.index()][usize::from(slot)] = to;
    }

    fn apply(&mut self, event: &YougloufEvent) {
        match *event {
            YougloufEvent::Dealt { cards } => {
                self.slots.iter_mut().for_each(|hand| *hand = vec![SlotView::FaceDown; usize::from(cards)]);
                self.held = None;
            }
            YougloufEvent::Looked { seat, slots, cards } => {
                self.set(seat, slots[0], SlotView::Known(cards[0]));
                self.set(seat, slots[1], SlotView::Known(cards[1]));
            }
            YougloufEvent::Drew { card, .. } | YougloufEvent::Took { card, .. } => self.held = Some(card),
            YougloufEvent::DrewFaceDown { .. } | YougloufEvent::Dropped { .. } => self.held = None,
            YougloufEvent::Replaced { seat, slot, discarded } => {
                let before = self.slots[seat.index()][usize::from(slot)];
                assert!(
                    matches!(before, SlotView::FaceDown) || before == SlotView::Known(discarded),
                    "{:?} misplaced {discarded}",
                    self.viewer
                );
                let now = self.held.take().map_or(SlotView::FaceDown, SlotView::Known);
                self.set(seat, slot, now);
            }
            YougloufEvent::Peeked { seat, slot, card } | YougloufEvent::WrongSnap { seat, slot, card } => {
                self.set(seat, slot, SlotView::Known(card));
            }
            YougloufEvent::Spied { owner, slot, card, .. } => self.set(owner, slot, SlotView::Known(card)),
            YougloufEvent::Exchanged { seat, slot, owner, their_slot } => {
                let mine = self.slots[seat.index()][usize::from(slot)];
                let theirs = self.slots[owner.index()][usize::from(their_slot)];
                self.set(seat, slot, theirs);
                self.set(owner, their_slot, mine);
            }
            YougloufEvent::Snapped { seat, slot, card } => {
                let before = self.slots[seat.index()][usize::from(slot)];
                assert!(matches!(before, SlotView::FaceDown) || before == SlotView::Known(card), "{:?} misplaced {card}", self.viewer);
                self.set(seat, slot, SlotView::Empty);
            }
            YougloufEvent::Penalty { seat, slot } => {
                let hand = &mut self.slots[seat.index()];
                if usize::from(slot) == hand.len() {
                    hand.push(SlotView::FaceDown);
                } else {
                    assert_eq!(hand[usize::from(slot)], SlotView::Empty, "a penalty card fills a gap");
                    hand[usize::from(slot)] = SlotView::FaceDown;
                }
            }
            _ => {}
        }
    }

    /// The tracker must agree with the engine's view.
    fn check(&self, view: &YougloufView) {
        let slots: Vec<Vec<SlotView>> = view.slots.iter().cloned().collect();
        assert_eq!(slots, self.slots, "{:?}'s view differs from what its events showed it", self.viewer);
        let shown = match view.step {
            StepView::Holding { card, .. } => card,
            _ => None,
        };
        assert_eq!(shown, self.held, "{:?} sees the held card exactly when its events showed it", self.viewer);
    }
}

/// Every card a view names once: known slots, the open deck, the held card if shown.
fn view_cards(view: &YougloufView) -> CardCounts {
    let mut shown: Vec<Card> = view.open_deck.clone();
    for hand in view.slots.iter() {
        shown.extend(hand.iter().filter_map(|slot| match slot {
            SlotView::Known(card) => Some(*card),
            SlotView::Empty | SlotView::FaceDown => None,
        }));
    }
    if let StepView::Holding { card: Some(card), .. } = view.step {
        shown.push(card);
    }
    count_cards(&shown)
}

/// A random legal step that snaps about one time in eight and declares about one turn in
/// twelve (uniform random play snaps, mostly wrongly, nearly all the time and declares every
/// other turn, so it would hardly ever reach a power).
fn sober_step(game: &Youglouf, rng: &mut GameRng) -> (Seat, YougloufAction) {
    let all: Vec<(Seat, YougloufAction)> =
        game.to_act().iter().flat_map(|seat| game.legal_actions(seat).into_iter().map(move |action| (seat, action))).collect();
    let (snaps, others): (Vec<_>, Vec<_>) = all.into_iter().partition(|(_, action)| matches!(action, YougloufAction::Snap(_)));
    let pool = if others.is_empty() || (!snaps.is_empty() && rng.below(8) == 0) { snaps } else { others };
    match pool[rng.below(pool.len())] {
        (seat, YougloufAction::Youglouf) if rng.below(12) != 0 => (seat, YougloufAction::End),
        step => step,
    }
}

/// Plays random matches, checking after every action that each viewer's view is exactly
/// what its events taught it, that `known_counts` matches the view, and the contract basics
/// (to-act, conservation) that the conformance suite checks for the default seat counts.
fn check_random_matches(options: &YougloufOptions, players: usize, seed: u64) {
    let mut game = Youglouf::new_match(TableSetup::new(players, seed), options.clone(), None).expect("table");
    let viewers: Vec<Viewer> = Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]).collect();
    let mut trackers: Vec<Tracker> = viewers.iter().map(|&viewer| Tracker::new(viewer, players)).collect();
    let deck = count_cards(&crate::card::DeckKind::Standard52.cards());
    let mut policy = GameRng::from_seed(seed);
    for step in 0..4_000 {
        if step % 50 == 0 {
            let json = serde_json::to_string(&game).expect("the state serializes");
            assert_eq!(serde_json::from_str::<Youglouf>(&json).expect("and reads back"), game);
        }
        let events = match game.phase() {
            Phase::MatchOver => break,
            Phase::RoundOver => {
                let mut events = Vec::new();
                game.start_next_round(None, &mut events).expect("next round");
                events
            }
            Phase::Playing => {
                for seat in Seat::all(players) {
                    assert_eq!(game.to_act().contains(seat), !game.legal_actions(seat).is_empty());
                }
                let (seat, action) = sober_step(&game, &mut policy);
                game.apply(seat, action).expect("a legal action applies")
            }
        };
        assert_eq!(game.card_counts(), deck, "cards were created or lost");
        for tracker in &mut trackers {
            for event in visible_to(&events, tracker.viewer) {
                tracker.apply(&event);
            }
            let view = game.view(tracker.viewer);
            let json = serde_json::to_string(&view).expect("a view serializes");
            assert_eq!(serde_json::from_str::<YougloufView>(&json).expect("and reads back"), view);
            if game.phase() == Phase::Playing {
                tracker.check(&view);
                assert_eq!(view_cards(&view), game.known_counts(tracker.viewer), "{:?}: known_counts is the view", tracker.viewer);
            }
        }
    }
}

/// The knowledge test, at every table size the options allow (2 by option).
#[test]
fn every_seats_view_holds_exactly_what_that_seat_has_seen() {
    for players in 3..=6 {
        for seed in 0..12 {
            check_random_matches(&YougloufOptions::default(), players, seed * 100 + players as u64);
        }
    }
    let two = YougloufOptions { allow_two_players: true, ..YougloufOptions::default() };
    for seed in 0..20 {
        check_random_matches(&two, 2, seed);
    }
}

/// The view never names a card its viewer has not seen: a spectator who saw nothing shown
/// knows no face-down card, and no seat knows another's cards before the first turn.
#[test]
fn before_any_card_is_shown_nobody_knows_anyone_elses_cards() {
    let mut game = Youglouf::new_match(TableSetup::new(4, 3), YougloufOptions::default(), None).expect("table");
    for seat in Seat::all(4) {
        act(&mut game, seat.0, "look 0 1");
    }
    for viewer in Seat::all(4) {
        for owner in Seat::all(4) {
            let known_slots = known(&game, viewer.0, owner.0).iter().filter(|card| card.is_some()).count();
            assert_eq!(known_slots, if viewer == owner { 2 } else { 0 });
        }
    }
    assert_eq!(view_cards(&game.view(Viewer::Spectator)), [0; crate::card::CARD_KINDS]);
}

/// ARCHITECTURE.md, rule of the house 2 ("except a post-match reveal, by design"): the reveal
/// for a replay shows every slot face up, while no seat's view during play does.
#[test]
fn the_replay_reveal_shows_every_card_that_views_hide() {
    let mut game = table(0, &["7C 3C 4C 5C", "7D 3D 4D 5D", "7H 9H 4H 5H"], "7S");
    look_all(&mut game);
    let revealed = game.revealed_slots();
    for seat in 0..3 {
        assert!(revealed[Seat(seat)].iter().all(|slot| matches!(slot, SlotView::Known(_))), "seat {seat} fully revealed");
        let own = slots(&game, Viewer::Seat(Seat(seat)), seat);
        assert!(own.contains(&SlotView::FaceDown), "seat {seat}'s own view still hides two slots");
    }
    assert_eq!(revealed[Seat(1)][0], SlotView::Known(card("7D")));
    // A seat's revealed hand is its slots' cards, for the replay.
    assert_eq!(game.revealed_hand(Seat(2)), ["7H", "9H", "4H", "5H"].map(card).to_vec());
}
