//! Why the rules refused an action, in the player's language: the engine names the rule
//! ([`Refusal`]) and its data, this writes it with the message `refusal-<rule>` of
//! `assets/i18n/<lang>/refusals.ftl`. A game's new refusal needs only its message there.

use cardtable_engine::{ActionError, Refusal, RefusalArg};

use crate::i18n::{FluentValue, language, translate};
use crate::tr;
use crate::ui::names;

/// An action error from the engine, in words.
#[must_use]
pub fn action_error(error: &ActionError) -> String {
    match error {
        ActionError::NotYourTurn { .. } => tr!("refusal-not-your-turn"),
        ActionError::NoRound => tr!("refusal-no-round"),
        ActionError::NotBetweenRounds => tr!("refusal-not-between-rounds"),
        ActionError::NotInHand { card, .. } => tr!("refusal-not-in-hand", card = card.pretty()),
        ActionError::Illegal { refusal, .. } => rule(refusal),
        // Only a scenario's stacked deck fails this way (tests and the CLI), never a player.
        ActionError::Setup(error) => error.to_string(),
    }
}

/// The rule an action breaks, in words.
#[must_use]
pub fn rule(refusal: &Refusal) -> String {
    let args: Vec<(&str, FluentValue<'_>)> = refusal.args().into_iter().map(|(name, arg)| (name, value(arg))).collect();
    translate(language(), &refusal.key(), &args)
}

/// One argument as its message shows it: cards and suits as on the table, seats by number.
fn value(arg: RefusalArg) -> FluentValue<'static> {
    match arg {
        RefusalArg::Card(card) => FluentValue::from(card.pretty()),
        RefusalArg::Suit(suit) => FluentValue::from(suit.symbol().to_string()),
        RefusalArg::Rank(rank) => FluentValue::from(rank.label()),
        RefusalArg::Seat(seat) => FluentValue::from(seat.index() + 1),
        RefusalArg::Count(count) => FluentValue::from(count),
        RefusalArg::Game(kind) => FluentValue::from(names::game(kind)),
        RefusalArg::None => FluentValue::from("none"),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use cardtable_engine::RefusalRule;

    use super::*;
    use crate::i18n::Language;
    use cardtable_engine::{Rank, Seat, Suit};

    use crate::refusal_samples::{card, one_of_each};

    fn in_language(language: Language, refusal: &Refusal) -> String {
        let args: Vec<(&str, FluentValue<'_>)> = refusal.args().into_iter().map(|(name, arg)| (name, value(arg))).collect();
        translate(language, &refusal.key(), &args)
    }

    /// Every rule's message reads whole in both languages: found, and every argument it names
    /// given (Fluent writes a missing one as `{$name}`).
    #[test]
    fn every_rule_reads_whole_in_every_language() {
        let samples = one_of_each();
        let covered: BTreeSet<RefusalRule> = samples.iter().map(Refusal::rule).collect();
        let every: BTreeSet<RefusalRule> = RefusalRule::all().collect();
        assert_eq!(covered, every, "a sample of every rule");
        for language in Language::ALL {
            for refusal in &samples {
                let text = in_language(language, refusal);
                assert!(text != refusal.key() && !text.contains('{'), "{language:?} {refusal:?}: {text}");
            }
        }
    }

    #[test]
    fn data_and_selections_land_in_the_words() {
        let follow = Refusal::DoesNotFollow { card: card("7H"), suit: Suit::Spades, rank: Rank::Nine, wild: Rank::Queen };
        assert_eq!(in_language(Language::English, &follow), "7♥ does not follow: play a card of ♠ or of rank 9, or a Queen");
        assert_eq!(in_language(Language::Russian, &follow), "7♥ не подходит: нужна карта ♠ или 9, либо дама");
        let eight = Refusal::WildNamesSuit { wild: Rank::Eight };
        assert_eq!(in_language(Language::Russian, &eight), "восьмёрка должна назначить масть");
        let top = |carrying| Refusal::NotPlayableOnTop { card: card("7H"), top: card("QS"), carrying };
        assert!(in_language(Language::English, &top(None)).starts_with("7♥ is not playable on Q♠: "));
        assert!(in_language(Language::English, &top(Some(Suit::Clubs))).starts_with("7♥ is not playable on Q♠ (carrying ♣): "));
        let twos = Refusal::TwosPending { count: 2 };
        assert!(in_language(Language::Russian, &twos).ends_with("возьмите 2 карты"), "{}", in_language(Language::Russian, &twos));
        let empty = Refusal::SwapWithEmptyHand { seat: Seat(1) };
        assert!(in_language(Language::English, &empty).starts_with("seat 2 holds no card"));
    }
}
