//! For every game and every level: a bot is only ever shown its own seat's view (which shows
//! no card beyond what the seat may know) and only ever answers with an action it was offered,
//! which the engine then accepts.

use crate::bots::BotLevel;
use crate::bots::arena::{self, ArenaConfig, Offer};
use crate::bots::bot_game::BotGame;
use crate::card::{CARD_KINDS, Card};
use crate::card_set::{CardCounts, count_cards};
use crate::games::crazy_eights::CrazyEights;
use crate::games::dunno::Dunno;
use crate::games::fool108::Fool108;
use crate::games::hundred_one::HundredOne;
use crate::games::youglouf::Youglouf;
use crate::seat::Viewer;

use super::arena::{arena_config, single_round};

/// Every card named anywhere in a JSON value.
fn cards_in_json(value: &serde_json::Value, out: &mut Vec<Card>) {
    match value {
        serde_json::Value::String(text) => out.extend(text.parse::<Card>().ok()),
        serde_json::Value::Array(items) => items.iter().for_each(|item| cards_in_json(item, out)),
        serde_json::Value::Object(fields) => fields.values().for_each(|item| cards_in_json(item, out)),
        _ => {}
    }
}

/// The most copies of each card that any one field of a view shows (a field may repeat a
/// card the seat holds, as the last round's revealed hands do, without showing a second copy).
fn revealed(view: &impl serde::Serialize) -> CardCounts {
    let json = serde_json::to_value(view).expect("a view serializes");
    let mut most = [0; CARD_KINDS];
    for field in json.as_object().expect("a view is a JSON object").values() {
        let mut shown = Vec::new();
        cards_in_json(field, &mut shown);
        for (most, count) in most.iter_mut().zip(count_cards(&shown)) {
            *most = (*most).max(count);
        }
    }
    most
}

/// Plays `matches` one-round matches of `G` with `seats`, checking every question and answer.
fn check_game<G: BotGame>(seats: &[BotLevel], matches: u64) {
    let config = ArenaConfig { options: Some(single_round(G::KIND)), ..arena_config(G::KIND, seats, matches, 11) };
    let mut asked = [0u64; 2];
    let mut inspect = |offer: Offer<'_, G>| {
        let own = offer.game.view(Viewer::Seat(offer.seat));
        assert_eq!(*offer.view, own, "{}: a bot is shown exactly its own seat's view", G::KIND);
        let known = offer.game.known_counts(Viewer::Seat(offer.seat));
        for (index, (&shown, &may)) in revealed(offer.view).iter().zip(&known).enumerate() {
            assert!(shown <= may, "{}: a bot's view shows card #{index} {shown} time(s), its seat may know {may}", G::KIND);
        }
        match offer.answer {
            Some(action) => assert!(offer.offered.contains(&action), "{}: {action} was not offered", G::KIND),
            None => assert!(offer.optional, "{}: a waited-for decision got no answer", G::KIND),
        }
        asked[usize::from(offer.optional)] += 1;
    };
    let report = arena::run_inspected::<G>(&config, &mut (), &mut inspect).unwrap_or_else(|error| panic!("{}: {error}", G::KIND));
    assert_eq!(report.matches, matches);
    assert!(asked[0] > 20, "{}: only {} decisions were checked", G::KIND, asked[0]);
}

/// Every level at the table at once (Random, Easy, Normal, Hard).
const EVERY_LEVEL: [BotLevel; 4] = [BotLevel::Hard, BotLevel::Normal, BotLevel::Easy, BotLevel::Random];

#[test]
fn crazy_eights_bots_play_legally_from_their_own_view() {
    check_game::<CrazyEights>(&EVERY_LEVEL, 4);
}

#[test]
fn fool108_bots_play_legally_from_their_own_view() {
    check_game::<Fool108>(&EVERY_LEVEL, 4);
}

#[test]
fn hundred_one_bots_play_legally_from_their_own_view() {
    check_game::<HundredOne>(&EVERY_LEVEL, 4);
}

#[test]
fn dunno_bots_play_legally_from_their_own_view() {
    check_game::<Dunno>(&EVERY_LEVEL[..3], 4);
    check_game::<Dunno>(&[BotLevel::Random, BotLevel::Hard, BotLevel::Easy], 4);
}

#[test]
fn youglouf_bots_play_legally_from_their_own_view() {
    check_game::<Youglouf>(&EVERY_LEVEL, 3);
}
