//! RULES.md §2, matching and drawing: suit or rank, Queens on anything with a chosen suit, the
//! voluntary draw and then play-or-pass.

use crate::card::{Rank, Suit};
use crate::error::ActionError;
use crate::refusal::Refusal;
use crate::seat::Seat;

use super::super::Stage;
use super::{act, card, hand, legal, refuse, sorted, table, to_act};

const HANDS: [&str; 4] = ["8H 7S KS JC 6C", "QC 8S KH 6D 9D", "TD TC QH 8C JS", "AC AD 9S JH KD"];

/// RULES.md §2, "A legal card matches the top card's suit or rank. A Queen is legal on
/// anything": on 8H only hearts, eights and Queens may be played.
#[test]
fn a_legal_card_matches_the_top_cards_suit_or_rank_or_is_a_queen() {
    let hands = ["8H TC KS JD 7C", "QC 8S KH 6D 9D", "TD 9C QH 8C JS", "AC AD 9S JH KD"];
    let mut game = table(&hands, "", "8H");
    assert_eq!(legal(&game, 1), ["play QC", "play KH", "play 8S", "draw"]);
    let error = refuse(&mut game, 1, "play 6D");
    let expected = Refusal::DoesNotFollow { card: card("6D"), suit: Suit::Hearts, rank: Rank::Eight, wild: Rank::Queen };
    assert_eq!(error.refusal(), Some(expected), "{error}");
    assert_eq!(refuse(&mut game, 1, "play AH"), ActionError::NotInHand { seat: Seat(1), card: card("AH") });
    assert_eq!(refuse(&mut game, 2, "play 8C"), ActionError::NotYourTurn { seat: Seat(2) });
    act(&mut game, 1, "play 8S");
    assert_eq!(legal(&game, 2), ["play 8C", "play QH", "play JS", "draw"], "now spades or eights");
}

/// RULES.md §2, "after a Queen the suit to match is the one its player chose (or a Queen)":
/// the Queen's own suit and rank no longer match.
#[test]
fn after_a_queen_only_the_chosen_suit_or_a_queen_follows() {
    let mut game = table(&HANDS, "", "8H");
    act(&mut game, 1, "play QC");
    assert_eq!(game.round().stage, Stage::ChooseSuit);
    assert_eq!(to_act(&game), vec![1], "the Queen's player chooses before anyone plays");
    assert_eq!(legal(&game, 1), ["suit C", "suit D", "suit H", "suit S"]);
    refuse(&mut game, 1, "play KH");
    refuse(&mut game, 1, "draw");
    act(&mut game, 1, "suit D");
    assert_eq!(game.round().turn, Seat(2));
    assert_eq!(legal(&game, 2), ["play TD", "play QH", "draw"]);
    refuse(&mut game, 2, "play TC");
    refuse(&mut game, 2, "play 8C");
    refuse(&mut game, 2, "suit H");
}

/// RULES.md §2, "Instead of playing, a player may draw one card (even holding a legal card);
/// then they may play any legal card": the drawn card need not be the one played, and only
/// one card may be drawn.
#[test]
fn a_player_may_draw_holding_a_legal_card_then_play_any_legal_card() {
    let mut game = table(&HANDS, "AS", "8H");
    assert!(legal(&game, 1).contains(&"play KH".to_owned()), "seat 1 holds a legal card");
    act(&mut game, 1, "draw");
    assert!(hand(&game, 1).contains(&card("AS")));
    assert_eq!(game.round().stage, Stage::Drawn);
    assert_eq!(legal(&game, 1), ["play QC", "play KH", "play 8S", "pass"], "AS does not match 8H; no second draw");
    refuse(&mut game, 1, "draw");
    refuse(&mut game, 1, "play AS");
    act(&mut game, 1, "play KH");
    assert_eq!(game.round().turn, Seat(2));
    assert_eq!(hand(&game, 1), sorted("QC 6D 9D 8S AS"));
}

/// RULES.md §2, "then they may play any legal card or pass": passing needs a draw first and
/// hands the turn on with the drawn card kept.
#[test]
fn after_drawing_a_player_may_pass() {
    let mut game = table(&HANDS, "7D", "8H");
    assert_eq!(refuse(&mut game, 1, "pass").to_string(), "pass is not allowed: draw a card before passing");
    act(&mut game, 1, "draw");
    act(&mut game, 1, "pass");
    assert_eq!(game.round().turn, Seat(2));
    assert_eq!(game.round().stage, Stage::Open);
    assert_eq!(hand(&game, 1), sorted("QC 6D 7D 9D 8S KH"));
    assert_eq!(game.round().top(), card("8H"), "a pass changes nothing on the pile");
}
