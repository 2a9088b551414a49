//! The club-player habits Normal is built on, one situation each (and so the playouts that
//! share them).

use crate::bots::crazy_eights::{Choices, Situation as EightsSituation};
use crate::bots::dunno::Situation as DunnoSituation;
use crate::bots::fool108::Situation as FoolSituation;
use crate::bots::hundred_one::Situation as HundredOneSituation;
use crate::bots::youglouf::{Memory, NORMAL, choose};
use crate::card::{Card, Suit, parse_cards};
use crate::card_set::CardSet;
use crate::games::crazy_eights::CrazyEightsAction;
use crate::games::dunno::{CardRun, DunnoAction, Top};
use crate::games::youglouf::{SlotView, YougloufAction};
use crate::seat::{Direction, MAX_SEATS, Seat};

fn mask(text: &str) -> u64 {
    parse_cards(text).expect("test cards").iter().fold(0, |mask, card| mask | card.bit())
}

fn card(text: &str) -> Card {
    parse_cards(text).expect("a test card")[0]
}

/// RULES.md §1: an eight costs 50 in hand, so Normal spends it when an opponent is about to
/// go out, and otherwise keeps it while a plain card plays.
#[test]
fn crazy_eights_normal_keeps_its_eight_until_someone_is_about_to_go_out() {
    let hand = CardSet::of(&parse_cards("8S 5H 9H KC").expect("cards"));
    let choices = Choices { plain: mask("5H 9H"), eight: Some(card("8S")), can_draw: true };
    let calm = EightsSituation { hand, next_cards: 5, fewest_cards: 4 };
    assert!(matches!(calm.choose(choices), Some(CrazyEightsAction::Play(_))));
    let close = EightsSituation { fewest_cards: 1, ..calm };
    assert_eq!(close.choose(choices), Some(CrazyEightsAction::PlayEight(card("8S"), Suit::Hearts)), "the eight goes, naming the long suit");
}

/// RULES.md §2: going out on a Queen is worth −20, so with a Queen and another card, Normal
/// plays the other one; a six hits a neighbour about to go out.
#[test]
fn fool108_normal_keeps_the_queen_to_go_out_on_and_hits_a_close_neighbour() {
    let keep = FoolSituation { hand: mask("QH 8H"), playable: mask("QH 8H"), next_cards: 4, previous_cards: 4, fewest_cards: 4 };
    assert_eq!(keep.best_play(), Some(card("8H")));
    let hit = FoolSituation { hand: mask("6H 8H TC"), playable: mask("6H 8H"), next_cards: 1, previous_cards: 4, fewest_cards: 1 };
    assert_eq!(hit.best_play(), Some(card("6H")));
}

/// RULES.md §3: an 8 must be covered at once by its player, so Normal plays one only holding
/// a card that covers it; the king of spades goes to the next seat first.
#[test]
fn hundred_one_normal_plays_an_eight_only_with_its_cover_and_sends_the_king_of_spades() {
    let uncovered = HundredOneSituation { hand: mask("8H 9C TC"), playable: mask("8H 9C"), fewest_cards: 4 };
    assert_eq!(uncovered.best_play(), Some(card("9C")));
    let covered = HundredOneSituation { hand: mask("8H 9H TC"), playable: mask("8H 9H"), fewest_cards: 4 };
    assert_eq!(covered.best_play(), Some(card("8H")));
    let king = HundredOneSituation { hand: mask("KS 9S TC"), playable: mask("KS 9S"), fewest_cards: 4 };
    assert_eq!(king.best_play(), Some(card("KS")));
}

fn dunno_situation(hand: &str, owed: u32, top: &str, sizes: [usize; 3]) -> DunnoSituation {
    let mut all = [0; MAX_SEATS];
    all[..3].copy_from_slice(&sizes);
    DunnoSituation {
        seat: Seat(0),
        hand: mask(hand),
        owed,
        top: Top::plain(card(top)),
        direction: Direction::Clockwise,
        players: 3,
        sizes: all,
    }
}

fn dunno_play(cards: &str) -> DunnoAction {
    DunnoAction::Play { cards: CardRun::of(&parse_cards(cards).expect("cards")).expect("a run"), suit: None }
}

/// RULES.md §4: owing cards, Normal stacks a seven rather than draw; it plays a Jack only to
/// swap for a smaller hand, and after `JD` it puts its last two cards under it to go out.
#[test]
fn dunno_normal_stacks_swaps_only_for_less_and_goes_out_under_the_jack() {
    let owes = dunno_situation("7H 5C 9D", 2, "7S", [3, 5, 5]);
    assert_eq!(owes.best(&[dunno_play("7H"), DunnoAction::Draw]), Some(dunno_play("7H")));
    let jack_for_more = dunno_situation("JH 5H 9D", 0, "4H", [3, 5, 5]);
    assert_eq!(jack_for_more.best(&[dunno_play("JH"), dunno_play("5H"), DunnoAction::Draw]), Some(dunno_play("5H")));
    let jack_for_less = dunno_situation("JH 5H 9D 4C 6C", 0, "4H", [5, 1, 5]);
    assert_eq!(jack_for_less.best(&[dunno_play("JH"), dunno_play("5H"), DunnoAction::Draw]), Some(dunno_play("JH")));
    let under = dunno_situation("5H 9D", 0, "JD", [2, 5, 5]);
    let all_under = DunnoAction::Under(CardSet::of(&parse_cards("5H 9D").expect("cards")));
    let options = [DunnoAction::Under(CardSet::EMPTY), DunnoAction::Under(CardSet::of(&[card("5H")])), all_under];
    assert_eq!(under.best(&options), Some(all_under));
}

/// Seat 0 of a Youglouf table of two, its slots as given, the other seat's all unknown.
struct Slots {
    mine: Vec<SlotView>,
    top: Option<Card>,
    held: Option<Card>,
}

impl Memory for Slots {
    fn seat(&self) -> Seat {
        Seat(0)
    }
    fn players(&self) -> usize {
        2
    }
    fn slot_count(&self, _owner: Seat) -> usize {
        self.mine.len()
    }
    fn slot(&self, owner: Seat, slot: usize) -> SlotView {
        if owner == Seat(0) { self.mine[slot] } else { SlotView::FaceDown }
    }
    fn top(&self) -> Option<Card> {
        self.top
    }
    fn held(&self) -> Option<Card> {
        self.held
    }
}

/// RULES.md §5: Normal drops a drawn card whose rank it knows among its own (to snap its
/// twin), keeps a low card in place of its worst known one, and takes a low open card.
#[test]
fn youglouf_normal_drops_a_twin_keeps_low_cards_and_takes_a_low_open_card() {
    let known = |text: &str| SlotView::Known(card(text));
    let mine = vec![known("9H"), known("KS"), SlotView::FaceDown, SlotView::FaceDown];
    let holding = [
        YougloufAction::Replace(0),
        YougloufAction::Replace(1),
        YougloufAction::Replace(2),
        YougloufAction::Replace(3),
        YougloufAction::Drop,
    ];
    let twin = Slots { mine: mine.clone(), top: None, held: Some(card("9C")) };
    assert_eq!(choose(&twin, &holding, NORMAL), Some(YougloufAction::Drop));
    let low = Slots { mine: mine.clone(), top: None, held: Some(card("2C")) };
    assert_eq!(choose(&low, &holding, NORMAL), Some(YougloufAction::Replace(1)), "the black King (13) goes");
    let open_ace = Slots { mine, top: Some(card("AD")), held: None };
    assert_eq!(choose(&open_ace, &[YougloufAction::Draw, YougloufAction::Take], NORMAL), Some(YougloufAction::Take));
}
