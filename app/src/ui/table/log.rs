//! The event log in words, with names: "Ana played 8♥ and chose ♠". Never "you": on a shared
//! device "you" would mean whoever happens to look.

use cardtable_engine::games::crazy_eights::CrazyEightsEvent;
use cardtable_engine::{AnyEvent, RoundEnd, Seat};

/// A sentence for an event, or `None` for events not worth a line.
#[must_use]
pub fn describe(event: &AnyEvent, names: &[String]) -> Option<String> {
    let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_else(|| format!("Seat {}", seat.0 + 1));
    match event {
        AnyEvent::CrazyEights(event) => crazy_eights(event, &name),
        _ => None,
    }
}

fn round_end(end: RoundEnd, name: &dyn Fn(Seat) -> String) -> String {
    match end {
        RoundEnd::WentOut(seat) => format!("{} went out and wins the round.", name(seat)),
        RoundEnd::LastHolder(seat) => format!("Only {} still holds cards: the round is over.", name(seat)),
        RoundEnd::Blocked => "Nobody could play: the round is blocked.".to_owned(),
        RoundEnd::Called(seat) => format!("{}'s call ends the round.", name(seat)),
        RoundEnd::TurnCap => "The round ran too long and ends as a draw.".to_owned(),
    }
}

fn crazy_eights(event: &CrazyEightsEvent, name: &dyn Fn(Seat) -> String) -> Option<String> {
    Some(match event {
        CrazyEightsEvent::RoundStarted { round, dealer } => format!("Round {round}: {} deals.", name(*dealer)),
        CrazyEightsEvent::HandDealt { .. } | CrazyEightsEvent::StarterReturned { .. } => return None,
        CrazyEightsEvent::StarterTurned { card } => format!("The starter is {}.", card.pretty()),
        CrazyEightsEvent::Played { seat, card } => format!("{} played {}.", name(*seat), card.pretty()),
        CrazyEightsEvent::Nominated { seat, suit } => format!("{} chose {}.", name(*seat), suit.symbol()),
        CrazyEightsEvent::Drew { seat, card } => format!("{} drew {}.", name(*seat), card.pretty()),
        CrazyEightsEvent::DrewFaceDown { seat } => format!("{} drew a card.", name(*seat)),
        CrazyEightsEvent::Reshuffled { cards } => format!("The pile was shuffled into a new stock ({cards} cards)."),
        CrazyEightsEvent::Skipped { seat } => format!("{} misses a turn.", name(*seat)),
        CrazyEightsEvent::Reversed { .. } => "Play changes direction.".to_owned(),
        CrazyEightsEvent::DrawPending { seat, cards } => format!("{} must answer with a 2 or draw {cards}.", name(*seat)),
        CrazyEightsEvent::Passed { seat } => format!("{} could not play and passes.", name(*seat)),
        CrazyEightsEvent::RoundEnded(result) => round_end(result.end, name),
        CrazyEightsEvent::MatchEnded(_) => "The match is over.".to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardtable_engine::Card;

    #[test]
    fn events_read_with_names_and_never_you() {
        let names = vec!["Ana".to_owned(), "Boris".to_owned()];
        let card: Card = "8H".parse().expect("card");
        let played = AnyEvent::CrazyEights(CrazyEightsEvent::Played { seat: Seat(1), card });
        assert_eq!(describe(&played, &names).as_deref(), Some("Boris played 8♥."));
        let drew = AnyEvent::CrazyEights(CrazyEightsEvent::DrewFaceDown { seat: Seat(0) });
        let text = describe(&drew, &names).expect("a line");
        assert!(text.starts_with("Ana") && !text.to_lowercase().contains("you"), "{text}");
    }
}
