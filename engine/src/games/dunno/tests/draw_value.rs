//! RULES.md §4, "Draw value" and "Offensive cards": every stacking, passing and defending
//! combination, and drawing.

use super::{act, cards, hand, refused, table};
use crate::event::Audience;
use crate::game::Game;
use crate::games::dunno::{Answer, DunnoEvent, TurnPhase};
use crate::seat::Seat;

const FILLER0: &str = "4S 4D 6S 6D";
const FILLER1: &str = "9S 9D 8S 8D";
const FILLER2: &str = "TS TD TH JS JC";
const HAND1: &str = "9S 9D 8S 8D 2S";

/// The offensive tops of the matrix: (starter, seat 0's card, its play, draw value it leaves).
const TOPS: [(&str, &str, &str, u32); 4] =
    [("5C", "2C", "play 2C", 1), ("5C", "7C", "play 7C", 2), ("5D", "KD", "play KD suit C", 3), ("5C", "RJ", "play RJ", 5)];

/// Seat 0 plays `top_play`; seat 1 holds `answer_cards` (topped up to five) and is to answer.
fn owing(starter: &str, top_card: &str, top_play: &str, answer_cards: &str) -> crate::games::dunno::Dunno {
    let count = answer_cards.split_whitespace().count();
    let filler: Vec<&str> = FILLER1.split_whitespace().take(5 - count).collect();
    let hand1 = format!("{answer_cards} {}", filler.join(" "));
    let mut game = table(&[&format!("{top_card} {FILLER0}"), &hand1, FILLER2], starter);
    act(&mut game, 0, top_play);
    game
}

/// RULES.md §4, "Offensive cards add to D: `2C` +1, 7 +2, K +3, Joker +5", and "Draw value"
/// (a): an offensive card playable on the top stacks. Every offensive card on every offensive top.
#[test]
fn every_offensive_card_stacks_on_every_offensive_top_it_matches() {
    // (answer card, its play, value, playable on: 2C, 7C, K carrying clubs, Joker)
    let answers = [
        ("2C", "play 2C", 1, [None, Some(true), Some(true), Some(true)]),
        ("7C", "play 7C", 2, [Some(true), None, Some(true), Some(true)]),
        ("7H", "play 7H", 2, [Some(false), Some(true), Some(false), Some(true)]),
        ("KC", "play KC suit S", 3, [Some(true), Some(true), Some(true), Some(true)]),
        ("KH", "play KH suit S", 3, [Some(false), Some(false), Some(true), Some(true)]),
        ("BJ", "play BJ", 5, [Some(true), Some(true), Some(true), Some(true)]),
    ];
    for (card, play, value, playable) in answers {
        for ((starter, top_card, top_play, owed), expected) in TOPS.into_iter().zip(playable) {
            let Some(playable) = expected else { continue };
            let mut game = owing(starter, top_card, top_play, card);
            assert_eq!(game.round().phase, TurnPhase::Owes { draw: owed }, "{top_play}");
            if playable {
                let events = act(&mut game, 1, play);
                assert!(events.iter().any(|e| e.event == DunnoEvent::Answered { seat: Seat(1), answer: Answer::Stack }));
                assert_eq!(game.round().phase, TurnPhase::Owes { draw: owed + value }, "{play} on {top_play}");
                assert_eq!(game.round().turn, Seat(2));
            } else {
                refused(&mut game, 1, play);
            }
        }
    }
}

/// RULES.md §4, "Offensive cards": several played together add up (three 7s: +6).
#[test]
fn offensive_cards_played_together_add_up() {
    for (hand0, play, owed) in
        [("7H 7S 7C 4D 6D", "play 7H 7S 7C", 6), ("KH KS 4S 4D 6D", "play KH KS suit D", 6), ("RJ BJ 4S 4D 6D", "play RJ BJ", 10)]
    {
        let mut game = table(&[hand0, HAND1, FILLER2], "5H");
        let events = act(&mut game, 0, play);
        assert_eq!(game.round().phase, TurnPhase::Owes { draw: owed }, "{play}");
        assert!(events.iter().any(|e| e.event == DunnoEvent::DrawOwed { seat: Seat(1), cards: owed }));
    }
    // And a stack goes round the table: 2 + 4 owed by seat 2.
    let mut game = table(&["7H 4S 4D 6S 6D", "7S 7D 8S 8D 9D", FILLER2], "5H");
    act(&mut game, 0, "play 7H");
    act(&mut game, 1, "play 7S 7D");
    assert_eq!(game.round().phase, TurnPhase::Owes { draw: 6 });
}

/// RULES.md §4, "Draw value" (b): a 3 of the top card's suit passes D on unchanged; not on a
/// Joker; on a King the chosen suit counts, not the King's own.
#[test]
fn a_three_of_the_top_suit_passes_the_draw_on() {
    // (three, playable on: 2C, 7C, KD carrying clubs, Joker)
    for (three, playable) in [("3C", [true, true, true, false]), ("3H", [false, false, false, false]), ("3D", [false, false, false, false])]
    {
        for ((starter, top_card, top_play, owed), playable) in TOPS.into_iter().zip(playable) {
            let mut game = owing(starter, top_card, top_play, three);
            let play = format!("play {three}");
            if playable {
                let events = act(&mut game, 1, &play);
                assert!(events.iter().any(|e| e.event == DunnoEvent::Answered { seat: Seat(1), answer: Answer::PassOn }));
                assert_eq!((game.round().turn, game.round().phase), (Seat(2), TurnPhase::Owes { draw: owed }), "{play} on {top_play}");
            } else {
                refused(&mut game, 1, &play);
            }
        }
    }
    // Several 3s: the first passes, the last is the new top card.
    let mut game = owing("5C", "7C", "play 7C", "3C 3H 3S");
    act(&mut game, 1, "play 3C 3H 3S");
    assert_eq!(game.round().phase, TurnPhase::Owes { draw: 2 });
    assert_eq!(game.round().top.card.to_string(), "3S");
}

/// One defence situation: hands, starter, the plays that build D, the defender and its card.
struct Defence {
    hands: [&'static str; 3],
    starter: &'static str,
    build: &'static [(u8, &'static str)],
    owed: u32,
    defender: u8,
    defence: &'static str,
    refused: &'static [&'static str],
}

/// RULES.md §4, "Draw value" (c): a defensive card (2 but `2C`, 4, 5, 6, 8, 9, 10) of the top
/// card's suit whose rank equals D cancels it: one situation per defensive rank.
#[test]
fn a_defensive_card_of_the_top_suit_equal_to_the_draw_value_cancels_it() {
    let defences = [
        Defence {
            hands: ["7H 4S 4D 6S 6D", "2H 2S 4H 8D 9D", FILLER2],
            starter: "5H",
            build: &[(0, "play 7H")],
            owed: 2,
            defender: 1,
            defence: "play 2H",
            refused: &["play 2S", "play 4H"],
        },
        Defence {
            hands: ["7H 7S 4D 6S 6D", "4S 4H 2S 8D 9D", FILLER2],
            starter: "5H",
            build: &[(0, "play 7H 7S")],
            owed: 4,
            defender: 1,
            defence: "play 4S",
            refused: &["play 4H", "play 2S"],
        },
        Defence {
            hands: ["7H 4S 4D 6S 6D", "KH 9S 8S 8D 9D", "5D 5H TS TD TC"],
            starter: "9H",
            build: &[(0, "play 7H"), (1, "play KH suit D")],
            owed: 5,
            defender: 2,
            defence: "play 5D",
            refused: &["play 5H", "play TD"],
        },
        Defence {
            hands: ["7H 7S 7C 6S 6D", "6C 6H 9S 8D 9D", FILLER2],
            starter: "5H",
            build: &[(0, "play 7H 7S 7C")],
            owed: 6,
            defender: 1,
            defence: "play 6C",
            refused: &["play 6H"],
        },
        Defence {
            hands: ["7H 7S 7C 7D 6D", "8D 8H 9S 9D 4S", FILLER2],
            starter: "5H",
            build: &[(0, "play 7H 7S 7C 7D")],
            owed: 8,
            defender: 1,
            defence: "play 8D",
            refused: &["play 8H", "play 9D"],
        },
        Defence {
            hands: ["KH KS KC 6S 6D", "9S 9H 8S 8D 4S", FILLER2],
            starter: "5H",
            build: &[(0, "play KH KS KC suit S")],
            owed: 9,
            defender: 1,
            defence: "play 9S",
            refused: &["play 9H", "play 8S"],
        },
        Defence {
            hands: ["7H 7S 7C TH TC", "2C 9S 8S 8D 4S", "KC 5D 5S 6H 6D"],
            starter: "5H",
            build: &[(0, "play 7H 7S 7C"), (1, "play 2C"), (2, "play KC suit H")],
            owed: 10,
            defender: 0,
            defence: "play TH",
            refused: &["play TC"],
        },
    ];
    for defence in defences {
        let mut game = table(&defence.hands, defence.starter);
        for &(seat, play) in defence.build {
            act(&mut game, seat, play);
        }
        assert_eq!(game.round().phase, TurnPhase::Owes { draw: defence.owed }, "{}", defence.defence);
        for play in defence.refused {
            refused(&mut game, defence.defender, play);
        }
        let events = act(&mut game, defence.defender, defence.defence);
        assert!(events.iter().any(|e| e.event == DunnoEvent::Answered { seat: Seat(defence.defender), answer: Answer::Defend }));
        assert_eq!(game.round().phase, TurnPhase::Free, "{} cancels {}", defence.defence, defence.owed);
        assert_eq!(game.round().turn, Seat((defence.defender + 1) % 3));
    }
}

/// RULES.md §4, "Draw value" (c): `2C` is not defensive: on D = 2 it stacks instead.
#[test]
fn the_two_of_clubs_stacks_and_never_defends() {
    let mut game = owing("5C", "7C", "play 7C", "2C");
    act(&mut game, 1, "play 2C");
    assert_eq!(game.round().phase, TurnPhase::Owes { draw: 3 });
}

/// RULES.md §4, "Draw value" (c) with "A play": every card of a play has its effect, so a
/// defending 2 followed by `2C` cancels D and then owes the next seat 1 (ruling).
#[test]
fn a_defence_followed_by_the_two_of_clubs_owes_one() {
    let mut game = owing("5H", "7H", "play 7H", "2H 2C");
    refused(&mut game, 1, "play 2C 2H");
    act(&mut game, 1, "play 2H 2C");
    assert_eq!((game.round().turn, game.round().phase), (Seat(2), TurnPhase::Owes { draw: 1 }));
}

/// RULES.md §4, "Draw value" (c): a Joker has no suit, so no defensive card answers it.
#[test]
fn nothing_defends_against_a_joker() {
    let mut game = owing("6C", "RJ", "play RJ", "5C 5H");
    for play in ["play 5C", "play 5H", "play 5C 5H"] {
        refused(&mut game, 1, play);
    }
    let listed: Vec<String> = game.legal_actions(Seat(1)).iter().map(ToString::to_string).collect();
    assert_eq!(listed, ["draw"]);
}

/// RULES.md §4, "Draw value": with D > 0 nothing but an answer may be played (no Ace, Queen,
/// Jack or plain matching card).
#[test]
fn only_answers_are_playable_while_owing() {
    let mut game = owing("9H", "7H", "play 7H", "AH QH JH 5H");
    for play in ["play AH", "play QH suit C", "play JH", "play 5H"] {
        refused(&mut game, 1, play);
    }
}

/// RULES.md §4, "Draw value": otherwise the seat draws D cards, D becomes 0 and the turn ends.
#[test]
fn a_seat_that_does_not_answer_draws_the_whole_value() {
    let mut game = table(&["7H 7S 4D 6S 6D", HAND1, FILLER2], "5H 2D 3D 4C 5C 6C");
    act(&mut game, 0, "play 7H 7S");
    let events = act(&mut game, 1, "draw");
    assert_eq!(hand(&game, 1), "4C 5C 2D 3D 8D 9D 2S 8S 9S");
    assert_eq!(events.iter().filter(|e| matches!(e.event, DunnoEvent::Drew { .. })).count(), 4);
    assert!(events.iter().all(|e| !matches!(e.event, DunnoEvent::Drew { .. }) || e.audience == Audience::Only(Seat(1))));
    assert_eq!((game.round().turn, game.round().phase), (Seat(2), TurnPhase::Free));
}

/// RULES.md §4, "Draw value", D = 0 ruling: a seat may draw one card even holding a playable
/// one; drawing ends the turn.
#[test]
fn with_nothing_owed_drawing_takes_one_card_and_ends_the_turn() {
    let mut game = table(&["5H 4S 4D 6S 6D", HAND1, FILLER2], "9H 2C");
    act(&mut game, 0, "draw");
    assert_eq!(hand(&game, 0), "2C 4D 6D 5H 4S 6S");
    assert_eq!((game.round().turn, game.round().phase), (Seat(1), TurnPhase::Free));
}

/// Common terms, "Reshuffle": an empty stock takes the pile but its top; if that is empty too
/// the draw gets fewer cards (here none) and play goes on.
#[test]
fn an_empty_stock_and_pile_give_nothing_and_play_goes_on() {
    let hands = ["2C 3C 4C 5C 6C", "7C 8C 9C TC JC", "QC KC AC 2D 3D", "4D 5D 6D 7D 8D", "9D TD JD QD KD", "AD 2H 3H 4H 5H"];
    let mut game = table(&hands, "6H");
    let stock = game.round().stock.len();
    assert_eq!(stock, 54 - 30 - 1);
    for turn in 0..stock {
        act(&mut game, (turn % 6) as u8, "draw");
    }
    let seat = (stock % 6) as u8;
    let before = game.round().hands[Seat(seat)].len();
    act(&mut game, seat, "draw");
    assert_eq!(game.round().hands[Seat(seat)].len(), before, "nothing left to draw");
    assert_eq!(game.round().turn, Seat(0));
    assert_eq!(cards("6H")[0], game.round().top.card);
    // Once the pile holds more than its top card, a draw reshuffles it into the stock.
    act(&mut game, 0, "play 6C");
    let events = act(&mut game, 1, "draw");
    assert!(events.iter().any(|e| e.event == DunnoEvent::Reshuffled { cards: 1 }));
    assert!(game.round().hands[Seat(1)].contains(cards("6H")[0]), "the only card under the top was 6H");
    assert_eq!(game.round().pile, cards("6C"));
}

/// RULES.md §4, "Draw value" (a) and (b): after a 3 passes D on, the next seat answers the 3
/// on top: offensive cards playable on it stack, a 3 of another suit does not pass (it must be
/// of the top card's suit).
#[test]
fn a_passed_draw_value_is_answered_on_the_three() {
    let mut game = table(&["7C 4S 4D 6S 6D", "3C 9S 9D 8S 8D", "7H 3H KC TD JC"], "5C");
    act(&mut game, 0, "play 7C");
    act(&mut game, 1, "play 3C");
    assert_eq!((game.round().turn, game.round().phase), (Seat(2), TurnPhase::Owes { draw: 2 }));
    refused(&mut game, 2, "play 3H");
    refused(&mut game, 2, "play 7H");
    act(&mut game, 2, "play KC suit H");
    assert_eq!((game.round().turn, game.round().phase), (Seat(0), TurnPhase::Owes { draw: 5 }));
}
