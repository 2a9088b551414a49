//! Does a decoded frame hold a card its receiver may not see? The conformance suite's idea
//! (engine/tests/conformance.rs), applied to what the host sends: every card string in a view
//! (per top-level field) or in an event is counted, and no card may show more often than
//! `known_counts(viewer)` allows at the moment the frame was made.

use cardtable::net::protocol::HostMsg;
use cardtable_engine::card_set::CardCounts;
use cardtable_engine::{AnyGame, Card, Phase, Viewer};

fn cards_in_json(value: &serde_json::Value, out: &mut Vec<Card>) {
    match value {
        // A card is written in two or three characters ("KS", "10H"): longer strings (names,
        // digests) are not parsed at all, which keeps the check cheap enough to fuzz.
        serde_json::Value::String(text) if text.len() <= 3 => {
            if let Ok(card) = text.parse::<Card>() {
                out.push(card);
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|item| cards_in_json(item, out)),
        serde_json::Value::Object(fields) => fields.values().for_each(|item| cards_in_json(item, out)),
        _ => {}
    }
}

/// The most copies of each card any one top-level field of `value` shows (a view may name one
/// physical card twice, in your hand and in the revealed hands at round end).
fn revealed(value: &serde_json::Value) -> CardCounts {
    let mut most = [0; cardtable_engine::card::CARD_KINDS];
    let fields: Vec<&serde_json::Value> = match value {
        serde_json::Value::Object(fields) => fields.values().collect(),
        // Externally tagged enums (AnyView, AnyEvent): look inside the variant.
        other => vec![other],
    };
    let mut shown = Vec::new();
    for field in fields {
        shown.clear();
        cards_in_json(field, &mut shown);
        // Sparse counting: fields show few cards, the deck has 54 kinds.
        shown.sort_unstable();
        for run in shown.chunk_by(|a, b| a == b) {
            let slot = &mut most[run[0].index() as usize];
            *slot = (*slot).max(run.len() as u8);
        }
    }
    most
}

/// Unwraps `{"variant": inner}` so the per-field count looks at the view's own fields.
fn untag(value: serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(fields) if fields.len() == 1 => fields.into_iter().next().map(|(_, inner)| inner).unwrap_or_default(),
        other => other,
    }
}

/// `what` names the checked value in the error; it is written only for a leak.
fn within(value: &serde_json::Value, known: &CardCounts, what: impl Fn() -> String) -> Result<(), String> {
    for (index, (&shown, &allowed)) in revealed(value).iter().zip(known).enumerate() {
        if shown > allowed {
            let card = Card::from_index(index as u8).expect("index < 54");
            return Err(format!("{} shows {card} {shown} time(s); its viewer may know it {allowed} time(s)", what()));
        }
    }
    Ok(())
}

/// Checks one decoded message sent to a device whose viewer is `recipient`, against the game
/// as it was when the message was made.
///
/// # Errors
/// The message shows a card the viewer may not know, naming it.
pub fn check(message: &HostMsg, recipient: Viewer, game: &AnyGame) -> Result<(), String> {
    match message {
        HostMsg::Update(update) => {
            if update.viewer != recipient {
                return Err(format!("an update for {:?} was sent to {recipient:?}", update.viewer));
            }
            let known = game.known_counts(recipient);
            let view = untag(serde_json::to_value(&update.view).map_err(|error| error.to_string())?);
            within(&view, &known, || format!("the view for {recipient:?}"))?;
            for event in &update.events {
                if !event.audience.includes(recipient) {
                    return Err(format!("an event for {:?} was sent to {recipient:?}", event.audience));
                }
                // An event is one thing that happened: all its cards count together.
                let value = serde_json::to_value(&event.event).map_err(|error| error.to_string())?;
                within(&value, &known, || format!("event {value} for {recipient:?}"))?;
            }
            Ok(())
        }
        HostMsg::RoundOver(round) => {
            // The round being played (or just ended): its result may travel only once it ended.
            let current = game.view(recipient).header().round;
            if round.round > current || (round.round == current && game.phase() == Phase::Playing) {
                return Err(format!("the result of round {} was sent before it ended", round.round));
            }
            if round.round < current {
                // A round finished before this one, sent again to a device catching up after a
                // rejoin: everyone saw it at its end, and the cards dealt since are not in it.
                return Ok(());
            }
            let value = serde_json::to_value(round).map_err(|error| error.to_string())?;
            within(&serde_json::json!({ "round": value }), &game.known_counts(recipient), || "a round result".to_owned())
        }
        // Their types hold no card, only names, options and seats (a guest may well be named
        // "KS": scanning the strings would see a card where there is none).
        // The seed's commitments are hashes: nothing can be learnt from them before the shares.
        // How the other devices reach the host: names, path kinds and round trips.
        HostMsg::Lobby(_) | HostMsg::Started(_) | HostMsg::Seats(_) | HostMsg::Seed(_) | HostMsg::Paths(_) => Ok(()),
        // The record holds the seed's shares and every move: all the cards. It may travel only
        // once the match is decided (or as the table closes, which no audited frame follows).
        HostMsg::Record(_) => {
            if game.match_result().is_some() {
                Ok(())
            } else {
                Err("the match's record was sent before the match was over".to_owned())
            }
        }
        HostMsg::MatchOver(_) | HostMsg::Refused { .. } => {
            // No card in these; prove it rather than assume it.
            let value = serde_json::to_value(message).map_err(|error| error.to_string())?;
            let mut shown = Vec::new();
            cards_in_json(&value, &mut shown);
            if shown.is_empty() { Ok(()) } else { Err(format!("{message:?} names cards")) }
        }
    }
}
