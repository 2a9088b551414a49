use super::*;
use crate::card::parse_cards;

/// A Crazy Eights scenario for three seats with `fields` (JSON members) added.
fn crazy_eights(fields: &str) -> String {
    format!(r#"{{"game":"crazy-eights","players":3{fields}}}"#)
}

/// The error `json` ends with, read and run; it must be an error, not a panic.
fn failure(json: &str) -> String {
    match Scenario::from_json(json).and_then(|scenario| scenario.run().map(|_| ())) {
        Ok(()) => panic!("accepted: {json}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn hands_are_put_in_deal_order_from_the_dealers_left() {
    let hands = vec![parse_cards("2C").expect("c"), parse_cards("3C").expect("c"), parse_cards("4C").expect("c")];
    let deck = deck_from_hands(Seat(1), &hands, &parse_cards("5C").expect("c"));
    assert_eq!(deck, parse_cards("4C 2C 3C 5C").expect("c"));
}

#[test]
fn a_refused_step_is_named_by_index() {
    let json = r#"{"game":"crazy-eights","players":2,
        "hands":[["2C","3C","4C","5C","6C"],["2D","3D","4D","5D","6D"]],"deck":["KD"],
        "actions":[{"seat":1,"action":"play 2D"},{"seat":0,"action":"play 3C"}]}"#;
    let error = Scenario::from_json(json).expect("scenario").run().expect_err("3C does not match 2D");
    assert_eq!(error.step_index(), Some(1));
    assert!(error.to_string().contains("action #1"), "{error}");
}

#[test]
fn unknown_fields_and_games_are_reported() {
    let bogus = failure(r#"{"game":"crazy-eights","players":2,"bogus":1}"#);
    assert!(bogus.contains("bogus"), "{bogus}");
    let unknown = failure(r#"{"game":"snap","players":2}"#);
    assert!(unknown.contains("snap") && unknown.contains("game"), "{unknown}");
}

/// Issue 17, item 12: a deck of 256 king of spades wrapped the card count to 0 (and panicked
/// `cardtable scenario` in a debug build); it is refused, naming the field.
#[test]
fn a_deck_holding_a_card_256_times_is_refused_naming_the_deck() {
    let deck = vec!["\"KS\""; 256].join(",");
    let error = failure(&crazy_eights(&format!(r#","deck":[{deck}]"#)));
    assert!(error.contains("`deck`") && error.contains("KS"), "{error}");
    let long = vec!["\"KS\""; 300].join(",");
    let error = failure(&crazy_eights(&format!(r#","next_decks":[[{long}]],"actions":["next-round"]"#)));
    assert!(error.contains("`next_decks[0]`"), "{error}");
}

/// Issue 17, item 12: a hand of the wrong size was silently accepted and filled itself from
/// the stock; it is refused, naming the hand and the size the game deals.
#[test]
fn a_hand_of_the_wrong_size_is_refused_naming_the_hand() {
    let short = crazy_eights(r#","hands":[["2C","3C","4C","5C","6C"],["2D","3D","4D"],["2H","3H","4H","5H","6H"]]"#);
    let error = failure(&short);
    assert!(error.contains("`hands[1]`") && error.contains('3') && error.contains('5'), "{error}");
    let long = crazy_eights(r#","hands":[["2C","3C","4C","5C","6C"],["2D","3D","4D","5D","6D"],["2H","3H","4H","5H","6H","7H"]]"#);
    assert!(failure(&long).contains("`hands[2]`"), "{}", failure(&long));
    let missing = crazy_eights(r#","hands":[["2C","3C","4C","5C","6C"]]"#);
    assert!(failure(&missing).contains("`hands`"), "{}", failure(&missing));
}

/// Issue 17, item 12: an unknown step got serde's "data did not match any variant of untagged
/// enum Step"; it is named by its index with the forms a step may take.
#[test]
fn an_unknown_step_is_named_by_index_with_the_forms_a_step_takes() {
    for step in [r#""next round""#, r#"{"seat":0}"#, r#"{"seat":0,"action":"draw","extra":1}"#, "7", r#"{"seat":"zero","action":"draw"}"#] {
        let error = failure(&crazy_eights(&format!(r#","actions":[{{"seat":1,"action":"draw"}},{step}]"#)));
        assert!(error.contains("actions[1]"), "{step}: {error}");
        assert!(!error.contains("untagged"), "{step}: {error}");
    }
}

/// Issue 17, item 12: a seat, a dealer or a seat count that is not at the table is named.
#[test]
fn seats_off_the_table_are_named() {
    let error = failure(&crazy_eights(r#","actions":[{"seat":7,"action":"draw"}]"#));
    assert!(error.contains("`actions[0].seat`"), "{error}");
    let error = failure(&crazy_eights(r#","dealer":3"#));
    assert!(error.contains("`dealer`"), "{error}");
    let error = failure(r#"{"game":"crazy-eights","players":40}"#);
    assert!(error.contains("`players`"), "{error}");
    let error = failure(&crazy_eights(r#","options":{"score_limit":"many"}"#));
    assert!(error.contains("options") && error.contains("score_limit"), "{error}");
}

/// Issue 17, item 12: cards named more often across `hands` and `deck` than the deck holds
/// are named, with both fields.
#[test]
fn a_card_dealt_more_often_than_the_deck_holds_names_the_fields() {
    let json = r#"{"game":"fool108","players":2,"hands":[["6C","7C","8C","9C","TC"],["6C","7D","8D","9D","TD"]],"deck":["6C"]}"#;
    let error = failure(json);
    assert!(error.contains("`hands` and `deck`") && error.contains("6C"), "{error}");
}
