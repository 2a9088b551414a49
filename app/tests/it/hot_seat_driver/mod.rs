//! Drives the real app's window through whole hot-seat matches, by mouse or by keyboard, and
//! checks on the way that no hand-off screen and no bot's turn shows a hidden card (used by
//! `full_match.rs`); and through tutorials, one scripted move at a time (`tutorial.rs`).
// Each test file uses part of the driver.
#![allow(dead_code)]

mod policy;

use cardtable::app::LiveTable;
use cardtable::app::{CardtableApp, Screen};
use cardtable_engine::games::crazy_eights::CrazyEightsAction;
use cardtable_engine::games::dunno::DunnoAction;
use cardtable_engine::games::fool108::Fool108Action;
use cardtable_engine::games::hundred_one::HundredOneAction;
use cardtable_engine::games::youglouf::YougloufAction;
use cardtable_engine::{AnyAction, AnyView, Card, Phase, Seat, Suit, Viewer};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// A node's accessible label.
fn label_of(node: &egui_kittest::Node<'_>) -> Option<String> {
    node.accesskit_node().label()
}

/// How the test plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// Clicks and taps only.
    Mouse,
    /// The keyboard alone.
    Keyboard,
}

/// Actions after which a match that has not ended fails the test.
const MOST_ACTIONS: usize = 4_000;

/// Frames one step of the test may take before the window must have settled.
const MOST_FRAMES: usize = 2_000;

/// The digit keys 1–9, which pick the cards (or slots) of those numbers.
pub const DIGITS: [Key; 9] = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6, Key::Num7, Key::Num8, Key::Num9];

fn suit_key(suit: Suit) -> Key {
    match suit {
        Suit::Clubs => Key::C,
        Suit::Diamonds => Key::D,
        Suit::Hearts => Key::H,
        Suit::Spades => Key::S,
    }
}

fn suit_label(suit: Suit) -> String {
    let name = match suit {
        Suit::Clubs => "Clubs",
        Suit::Diamonds => "Diamonds",
        Suit::Hearts => "Hearts",
        Suit::Spades => "Spades",
    };
    format!("{} {name}", suit.symbol())
}

/// The app in a test harness, and what the match has shown so far.
pub struct Driver {
    harness: Harness<'static, CardtableApp>,
    input: Input,
    names: Vec<String>,
    /// Hand-off screens passed.
    pub hand_offs: usize,
    /// Bots' turns whose screen was checked for hidden cards.
    pub bot_turns_checked: usize,
}

impl Driver {
    fn table(&self) -> &LiveTable {
        match self.harness.state().screen() {
            Screen::Table(table) => table,
            other => panic!("expected the table, found {other:?}"),
        }
    }

    fn steps(&self) -> usize {
        self.table().host().expect("a local table").steps().len()
    }

    fn has(&self, label: &str) -> bool {
        self.harness.query_all_by_label(label).next().is_some()
    }

    fn click(&mut self, label: &str) {
        let node = self.harness.get_all_by_label(label).next().unwrap_or_else(|| panic!("no `{label}` on screen"));
        node.scroll_to_me();
        self.settle();
        self.harness.get_all_by_label(label).next().unwrap_or_else(|| panic!("no `{label}` on screen")).click();
        self.settle();
    }

    /// Clicks the enabled button whose label starts a card or slot's label.
    fn click_button_with(&mut self, label: &str) {
        let find = |harness: &Harness<'static, CardtableApp>| {
            harness
                .query_all_by_role(egui::accesskit::Role::Button)
                .find(|node| label_of(node).is_some_and(|text| text == label || text.starts_with(&format!("{label}:"))))
                .map(|node| node.accesskit_node().id())
        };
        let id = find(&self.harness).unwrap_or_else(|| panic!("no button `{label}` on screen: {:?}", self.screen_text()));
        self.harness.query_all_by(|node| node.id() == id).next().expect("the node").scroll_to_me();
        self.settle();
        let id = find(&self.harness).expect("still there after scrolling");
        self.harness.query_all_by(|node| node.id() == id).next().expect("the node").click();
        self.settle();
    }

    /// Runs frames until the window settles (no immediate repaint pending), checking every
    /// frame in which the table shows nobody's cards; says where it stands if it never settles.
    fn settle(&mut self) {
        for _ in 0..MOST_FRAMES {
            let hidden_before = self.unshown().then(|| self.hidden_cards());
            self.harness.step();
            if let Some(hidden_before) = hidden_before {
                self.check_unshown_frame(&hidden_before);
            }
            let delay = self.harness.output().viewport_output.get(&egui::ViewportId::ROOT).map(|output| output.repaint_delay);
            if delay != Some(std::time::Duration::ZERO) {
                return;
            }
        }
        let table = self.table();
        let host = table.host().expect("local");
        panic!(
            "the window kept repainting for {MOST_FRAMES} frames; waiting for {:?}, showing {:?}, phase {:?}, steps {}\n{:?}",
            host.waiting_for(),
            table.showing(),
            host.phase(),
            host.steps().len(),
            self.screen_text()
        );
    }

    /// Whether the table shows nobody's cards now (not a hand-off screen either). A frame
    /// drawn from this state must not name a hidden card. (The frame in which a person acts
    /// was drawn while their cards were up, so it is not one of these.)
    fn unshown(&self) -> bool {
        let Screen::Table(table) = self.harness.state().screen() else { return false };
        if table.showing().is_some() || self.names.is_empty() {
            return false;
        }
        // One walk of the tree for every seat's hand-off button (this runs twice a frame).
        let hand_offs: Vec<String> = self.names.iter().map(|name| format!("I'm {name} — show my cards")).collect();
        let handing_off = self.harness.query_all_by(|node| node.label().is_some_and(|label| hand_offs.contains(&label))).next().is_some();
        !handing_off
    }

    /// Checks a frame drawn with nobody's cards up, if it still is such a frame: no card that
    /// was hidden from a spectator before the frame and still is after it may be named.
    /// (Cards played during the frame show at once; cards revealed by the round end that the
    /// frame closed were shown legitimately.)
    fn check_unshown_frame(&mut self, hidden_before: &[Card]) {
        if self.unshown() {
            let hidden_after = self.hidden_cards();
            let hidden: Vec<Card> = hidden_before.iter().copied().filter(|card| hidden_after.contains(card)).collect();
            self.assert_none_shown(&hidden);
            self.bot_turns_checked += 1;
        }
    }

    /// The cards a spectator may not know now.
    fn hidden_cards(&self) -> Vec<Card> {
        let known = self.table().host().expect("a local table").game().known_counts(Viewer::Spectator);
        known
            .iter()
            .enumerate()
            .filter(|(_, count)| **count == 0)
            .filter_map(|(index, _)| Card::from_index(u8::try_from(index).ok()?))
            .collect()
    }

    fn key(&mut self, key: Key) {
        self.harness.key_press(key);
        self.settle();
    }

    /// Presses a named button by mouse, or its key by keyboard.
    fn press(&mut self, label: &str, key: Key) {
        match self.input {
            Input::Mouse => self.click(label),
            Input::Keyboard => {
                if key == Key::Enter {
                    // A control Enter acts on takes it only once it has been on screen a moment
                    // (`keys::ENTER_SETTLE`); a person's eyes need that long too.
                    for _ in 0..3 {
                        self.harness.step();
                    }
                }
                self.key(key);
            }
        }
    }

    /// Every label and value on screen, for a failure's message.
    fn screen_text(&self) -> Vec<String> {
        self.harness
            .query_all_by(|node| node.label().is_some() || node.value().is_some())
            .filter_map(|node| label_of(&node).or_else(|| node.value()))
            .collect()
    }

    /// No label on screen names one of `hidden` (the log's public lines aside).
    fn assert_none_shown(&self, hidden: &[Card]) {
        let game = self.table().host().expect("a local table").game();
        // The log tells what everyone saw happen; a card seen played may since have gone back
        // into the stock. Those lines are checked against each event's audience by the
        // engine's conformance suite; here the rest of the screen is checked.
        let host = self.table().host().expect("a local table");
        let public_log = cardtable::ui::table::log::latest(host.history(), Viewer::Spectator, &self.names, usize::MAX);
        let labels: Vec<String> = self.screen_text().into_iter().filter(|label| !public_log.contains(label)).collect();
        for card in hidden.iter().map(|card| card.pretty()) {
            let shown: Vec<&String> = labels.iter().filter(|label| label.contains(card.as_str())).collect();
            assert!(
                shown.is_empty(),
                "{card} is hidden from everyone at this moment, yet the screen names it: {shown:?}\n{:?} {:?} {:?}",
                game.kind(),
                game.phase(),
                game.view(Viewer::Spectator)
            );
        }
    }

    /// No card at all may be named on a hand-off screen.
    fn assert_hand_off_shows_no_card(&self) {
        let shown: Vec<String> = self
            .harness
            .query_all_by(|node| node.label().is_some_and(|label| label.contains(['♠', '♥', '♦', '♣']) || label.contains("slot")))
            .filter_map(|node| label_of(&node))
            .collect();
        assert!(shown.is_empty(), "the hand-off screen shows cards: {shown:?}");
    }

    /// Sets up a table of the game with every seat a person, and sits down.
    pub fn sit_down(game: &str, input: Input, people: Option<usize>) -> Driver {
        let mut harness = Harness::builder().with_size([1100.0, 900.0]).with_max_steps(400).build_eframe(|cc| CardtableApp::new(cc, 11));
        if input == Input::Keyboard {
            // Cards still fly by keyboard; switching the animation off keeps the test short.
            harness.get_by_label("Settings").click();
            harness.run();
            harness.get_by_label("Off").click();
            harness.run();
            harness.get_by_label("← Back").click();
            harness.run();
        }
        let new_table = format!("New {game} table");
        harness.get_by_label(&new_table).scroll_to_me();
        harness.run();
        harness.get_by_label(&new_table).click();
        harness.run();
        let seats = people.unwrap_or_else(|| harness.query_all_by_label("Person").count());
        if people.is_some() {
            // Bots move at their fastest pace, so the test does not wait long for them.
            harness.get_by_label("← Back").click();
            harness.run();
            harness.get_by_label("Settings").click();
            harness.run();
            harness.get_all_by_label("Fast").nth(1).expect("the bots' pace Fast").click();
            harness.run();
            harness.get_by_label("← Back").click();
            harness.run();
            harness.get_by_label(&new_table).scroll_to_me();
            harness.run();
            harness.get_by_label(&new_table).click();
            harness.run();
        }
        for index in 1..seats {
            harness.get_all_by_label("Person").nth(index).expect("the seat's Person toggle").click();
            harness.run();
        }
        harness.get_by_label("Sit down and play").click();
        harness.run();
        let mut driver = Driver { harness, input, names: Vec::new(), hand_offs: 0, bot_turns_checked: 0 };
        driver.names = driver.table().session().occupants().iter().map(|occupant| occupant.name().to_owned()).collect();
        let humans = driver.table().session().occupants().iter().filter(|occupant| occupant.is_human()).count();
        assert_eq!(humans, seats, "the seats asked for are people");
        driver
    }

    /// The app under test, to change what the window holds (its sound player).
    pub fn app_mut(&mut self) -> &mut CardtableApp {
        self.harness.state_mut()
    }

    /// Plays the match to its end; returns the number of actions taken.
    pub fn play_to_the_end(&mut self) -> usize {
        self.play_watching(&mut |_| true)
    }

    /// Plays the match to its end, letting `watch` look at the window before every decision
    /// (it stops the match early by answering false); returns the number of actions taken.
    pub fn play_watching(&mut self, watch: &mut dyn FnMut(&Driver) -> bool) -> usize {
        let mut actions = 0;
        let mut idle = 0;
        let mut last_steps = 0;
        while self.table().session().phase() != Phase::MatchOver {
            assert!(actions < MOST_ACTIONS, "the match did not end within {MOST_ACTIONS} actions");
            idle += 1;
            if self.steps() != last_steps {
                last_steps = self.steps();
                idle = 0;
            }
            assert!(idle < 50, "nothing happened for 50 tries; the screen: {:?}", self.screen_text());
            if !watch(self) {
                return actions;
            }
            if let Some(name) = self.names.iter().find(|name| self.has(&format!("I'm {name} — show my cards"))).cloned() {
                self.assert_hand_off_shows_no_card();
                self.hand_offs += 1;
                idle = 0;
                self.press(&format!("I'm {name} — show my cards"), Key::Enter);
            } else if self.has("Done — hide my cards") {
                self.press("Done — hide my cards", Key::Enter);
            } else if self.has("Deal the next round (Enter)") {
                self.press("Deal the next round (Enter)", Key::Enter);
            } else if let Some(seat) = self.table().showing() {
                let before = self.steps();
                self.take_turn(seat);
                if self.steps() == before {
                    // A Youglouf deck waits for the snap grace: let time pass.
                    self.harness.run_steps(4);
                } else {
                    actions += 1;
                    idle = 0;
                }
            } else {
                // Bots' turns (or the round between people): nobody's cards are up.
                let hidden_before = self.unshown().then(|| self.hidden_cards());
                self.harness.step();
                if let Some(hidden_before) = hidden_before {
                    self.check_unshown_frame(&hidden_before);
                }
            }
        }
        assert!(self.has("Back to start"), "the match end offers a way back");
        assert!(self.harness.query_by_label_contains("won the match").is_some() || self.has("Nobody won the match."));
        actions
    }

    /// Opens the tutorial of the game from the start screen ("Learn …") at a window of `size`.
    pub fn learn(game: &str, input: Input, size: [f32; 2]) -> Driver {
        let mut harness = Harness::builder().with_size(size).with_max_steps(400).build_eframe(|cc| CardtableApp::new(cc, 11));
        let learn = format!("Learn {game}");
        harness.get_by_label(&learn).scroll_to_me();
        harness.run();
        harness.get_by_label(&learn).click();
        harness.run();
        let mut driver = Driver { harness, input, names: Vec::new(), hand_offs: 0, bot_turns_checked: 0 };
        driver.names = driver.table().session().occupants().iter().map(|occupant| occupant.name().to_owned()).collect();
        driver
    }

    /// The table's phase.
    pub fn phase(&self) -> Phase {
        self.table().session().phase()
    }

    /// The match at the table.
    pub fn live_table(&self) -> &LiveTable {
        self.table()
    }

    /// The harness, to look at the screen.
    pub fn harness(&self) -> &Harness<'static, CardtableApp> {
        &self.harness
    }

    /// The tutorial's note on screen now (its message id), and whether its script is done.
    pub fn coaching(&self) -> Option<cardtable::session::Coaching> {
        self.table().session().coaching()
    }

    /// Takes seat 0's `action` through the window, as a person would, and lets the table
    /// answer; the note above the table must be in view while the player is asked to act.
    pub fn take(&mut self, action: AnyAction) {
        let seat = Seat(0);
        let before = self.steps();
        for _ in 0..MOST_FRAMES {
            if self.steps() > before {
                return;
            }
            // The teacher's pause and Youglouf's snap grace run in the window's time.
            if self.table().host().expect("a local table").to_act().contains(seat) {
                let hand = match self.view(seat) {
                    AnyView::CrazyEights(view) => view.hand.unwrap_or_default(),
                    AnyView::Fool108(view) => view.hand.unwrap_or_default(),
                    AnyView::HundredOne(view) => view.hand.unwrap_or_default(),
                    AnyView::Dunno(view) => view.hand.unwrap_or_default(),
                    AnyView::Youglouf(_) => Vec::new(),
                };
                match action {
                    AnyAction::Youglouf(action) => self.youglouf(seat, action),
                    _ => self.hand_action(action, &hand),
                }
            } else {
                self.harness.step();
            }
        }
        panic!("{action} was never taken; the screen: {:?}", self.screen_text());
    }

    /// Runs frames until the table has taken `steps` steps in all (the teacher's moves).
    pub fn wait_for_steps(&mut self, steps: usize) {
        for _ in 0..MOST_FRAMES {
            if self.steps() >= steps {
                return;
            }
            self.harness.step();
        }
        panic!("the table stayed at {} steps, not {steps}", self.steps());
    }

    fn view(&self, seat: Seat) -> AnyView {
        self.table().host().expect("a local table").view(Viewer::Seat(seat))
    }

    /// Chooses `seat`'s action with a plain policy (play before drawing; call Youglouf early)
    /// and takes it through the window.
    fn take_turn(&mut self, seat: Seat) {
        let view = self.view(seat);
        let (action, hand) = policy::choose(&view, self.input);
        let Some(action) = action else { return };
        match (action, &view) {
            (AnyAction::Youglouf(action), AnyView::Youglouf(_)) => self.youglouf(seat, action),
            _ => self.hand_action(action, &hand),
        }
    }

    /// A card play, a suit, or a button of a hand game.
    fn hand_action(&mut self, action: AnyAction, hand: &[Card]) {
        let (cards, suit, button): (Vec<Card>, Option<Suit>, Option<(&str, Key)>) = match action {
            AnyAction::CrazyEights(CrazyEightsAction::Play(card))
            | AnyAction::Fool108(Fool108Action::Play(card))
            | AnyAction::HundredOne(HundredOneAction::Play(card)) => (vec![card], None, None),
            AnyAction::CrazyEights(CrazyEightsAction::PlayEight(card, suit))
            | AnyAction::HundredOne(HundredOneAction::PlayQueen(card, suit)) => (vec![card], Some(suit), None),
            AnyAction::CrazyEights(CrazyEightsAction::Draw)
            | AnyAction::Fool108(Fool108Action::Draw)
            | AnyAction::HundredOne(HundredOneAction::Draw)
            | AnyAction::Dunno(DunnoAction::Draw) => (vec![], None, Some(("Draw (Space)", Key::Space))),
            AnyAction::Fool108(Fool108Action::Suit(suit)) | AnyAction::HundredOne(HundredOneAction::Order(suit)) => {
                (vec![], Some(suit), None)
            }
            AnyAction::Fool108(Fool108Action::Pass) => (vec![], None, Some(("Pass (Space)", Key::Space))),
            AnyAction::Fool108(Fool108Action::One) => (vec![], None, Some(("\"One!\" (O)", Key::O))),
            AnyAction::Dunno(DunnoAction::Play { cards, suit }) => (cards.cards().to_vec(), suit, None),
            AnyAction::Dunno(DunnoAction::Under(cards)) => {
                for card in cards.iter() {
                    self.pick_card(card, hand);
                }
                let label = if cards.iter().next().is_none() { "Put nothing under the Jack".to_owned() } else { String::new() };
                if label.is_empty() {
                    self.harness.get_by_label_contains("under the Jack").click();
                    self.settle();
                } else {
                    self.press(&label, Key::Enter);
                }
                return;
            }
            AnyAction::Dunno(DunnoAction::Swap(with)) => {
                let AnyView::Dunno(view) = self.view(self.table().showing().expect("showing")) else { unreachable!() };
                let swaps: Vec<Seat> =
                    view.legal.iter().filter_map(|action| if let DunnoAction::Swap(seat) = action { Some(*seat) } else { None }).collect();
                let number = swaps.iter().position(|seat| *seat == with).expect("the swap is offered") + 1;
                let name = self.names[with.index()].clone();
                self.press(&format!("{number}: swap hands with {name}"), DIGITS[number - 1]);
                return;
            }
            other => panic!("no way to take {other} through the hand"),
        };
        if let Some((label, key)) = button {
            self.press(label, key);
            return;
        }
        let before = self.steps();
        for &card in &cards {
            self.pick_card(card, hand);
        }
        if self.steps() == before && self.input == Input::Keyboard {
            self.key(Key::Enter);
        }
        if self.steps() == before
            && self.input == Input::Mouse
            && !cards.is_empty()
            && let Some(node) = self
                .harness
                .query_by_label_contains("(Enter)")
                .filter(|node| label_of(node).is_some_and(|label| label.starts_with("Play ")))
        {
            node.click();
            self.settle();
        }
        if let (Some(suit), true) = (suit, self.steps() == before) {
            match self.input {
                Input::Mouse => self.click(&suit_label(suit)),
                Input::Keyboard => self.key(suit_key(suit)),
            }
        }
        assert!(self.steps() > before, "{action} was taken");
    }

    /// Picks one card of the hand, by clicking it or by its number.
    fn pick_card(&mut self, card: Card, hand: &[Card]) {
        match self.input {
            Input::Mouse => self.click_button_with(&card.pretty()),
            Input::Keyboard => {
                let position = hand.iter().position(|held| *held == card).expect("the card is in hand");
                match DIGITS.get(position) {
                    Some(&digit) => self.key(digit),
                    // Past the ninth card: the cursor walks there (its first step lands on the
                    // first card) and Enter picks the card under it.
                    None => {
                        for _ in 0..=position {
                            self.key(Key::ArrowRight);
                        }
                        self.key(Key::Enter);
                    }
                }
            }
        }
    }

    /// One of the player's own Youglouf slots, by its number or a click.
    fn pick_slot(&mut self, own: &str, slot: u8, keyboard: bool) {
        if keyboard {
            self.key(DIGITS[usize::from(slot)]);
        } else {
            self.click_button_with(&format!("{own}, slot {}", slot + 1));
        }
    }

    /// A Youglouf action, through slots and buttons.
    fn youglouf(&mut self, seat: Seat, action: YougloufAction) {
        let own = self.names[seat.index()].clone();
        let slot_label = |name: &str, slot: u8| format!("{name}, slot {}", slot + 1);
        let keyboard = self.input == Input::Keyboard;
        let before = self.steps();
        match action {
            YougloufAction::Look(first, second) => {
                for slot in [first, second] {
                    self.pick_slot(&own, slot, keyboard);
                }
            }
            YougloufAction::Draw => self.press("Closed deck (Space)", Key::Space),
            YougloufAction::Take => self.press("Open deck", Key::T),
            YougloufAction::Replace(slot) | YougloufAction::Peek(slot) => {
                self.pick_slot(&own, slot, keyboard);
            }
            YougloufAction::Drop => self.press("Drop it (Space)", Key::Space),
            YougloufAction::Skip => self.press("Skip the power", Key::X),
            YougloufAction::End => self.press("End the turn (Enter)", Key::Enter),
            YougloufAction::Youglouf => {
                let before = self.steps();
                self.press("Call Youglouf!", Key::Y);
                assert_eq!(self.steps(), before, "calling Youglouf asks first");
                self.press("Yes, call Youglouf (Y)", Key::Y);
            }
            YougloufAction::Spy(owner, slot) => {
                if keyboard {
                    self.key(DIGITS[owner.index()]);
                    self.key(DIGITS[usize::from(slot)]);
                } else {
                    self.click_button_with(&slot_label(&self.names[owner.index()].clone(), slot));
                }
            }
            YougloufAction::Exchange(mine, owner, slot) => {
                if keyboard {
                    self.key(DIGITS[usize::from(mine)]);
                    self.key(DIGITS[owner.index()]);
                    self.key(DIGITS[usize::from(slot)]);
                } else {
                    self.click_button_with(&slot_label(&own, mine));
                    self.click_button_with(&slot_label(&self.names[owner.index()].clone(), slot));
                }
            }
            YougloufAction::Snap(slot) => {
                self.press("Snap…", Key::Z);
                self.pick_slot(&own, slot, keyboard);
            }
        }
        if self.steps() == before && matches!(action, YougloufAction::Draw | YougloufAction::Take) {
            return; // the snap grace still runs: the caller lets time pass and tries again
        }
        assert!(self.steps() > before, "{action} was taken");
    }
}
