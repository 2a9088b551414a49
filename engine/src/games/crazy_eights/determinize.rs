//! Crazy Eights determinization for the Hard bot: the seat's hand and the discard pile stay
//! as they are (every seat saw each pile card played), and every other card of the double
//! pack is shuffled and dealt into the other hands (their sizes as the view shows) and the
//! stock. The state gets a fresh RNG from the bot's, so reshuffles and draws are as unknown
//! as at the table.

use crate::bots::{Determinize, DeterminizeError};
use crate::card::{Card, DeckKind, Rank, Suit};
use crate::card_set::{CardSet, count_cards};
use crate::deal::Stock;
use crate::game::{Game, Phase, TableSetup};
use crate::rng::GameRng;
use crate::score::MatchScore;
use crate::seat::{BySeat, Seat, Viewer};

use super::action::CrazyEightsAction;
use super::game::CrazyEights;
use super::round::Round;
use super::view::CrazyEightsView;

/// One playout move in this many ignores suit length.
const PLAYOUT_WHIMS_ONE_IN: usize = 4;

impl Determinize for CrazyEights {
    fn determinize(view: &CrazyEightsView, seat: Seat, rng: &mut GameRng) -> Result<CrazyEights, DeterminizeError> {
        if view.viewer != Viewer::Seat(seat) {
            return Err(DeterminizeError::NotTheSeatsView { seat });
        }
        let (Phase::Playing, Some(hand)) = (view.phase, view.hand.as_ref()) else {
            return Err(DeterminizeError::NoRound);
        };
        let mut unseen_counts = count_cards(&DeckKind::Double104.cards());
        for card in hand.iter().chain(&view.pile_cards) {
            let slot = &mut unseen_counts[card.index() as usize];
            *slot = slot
                .checked_sub(1)
                .ok_or_else(|| DeterminizeError::Inconsistent(format!("{card} is seen more often than the pack holds it")))?;
        }
        let mut unseen: Vec<_> = DeckKind::Double104.cards();
        unseen.retain(|card| {
            let slot = &mut unseen_counts[card.index() as usize];
            let keep = *slot > 0;
            *slot = slot.saturating_sub(1);
            keep
        });
        let hidden_in_hands: usize = view.hand_sizes.seats().filter(|(other, _)| *other != seat).map(|(_, &size)| size).sum();
        if unseen.len() != hidden_in_hands + view.stock || view.hand_sizes[seat] != hand.len() {
            return Err(DeterminizeError::Inconsistent(format!(
                "{} unseen cards for {hidden_in_hands} in other hands and {} in the stock",
                unseen.len(),
                view.stock
            )));
        }
        rng.shuffle(&mut unseen);
        let hands = BySeat::from_fn(view.hand_sizes.len(), |other| {
            if other == seat {
                CardSet::of(hand)
            } else {
                let from = unseen.len() - view.hand_sizes[other];
                unseen.drain(from..).collect()
            }
        });
        let mut pile = Vec::with_capacity(DeckKind::Double104.len());
        pile.extend_from_slice(&view.pile_cards);
        let round = Round {
            dealer: view.dealer,
            hands,
            stock: Stock::from_top_first(&unseen),
            pile,
            to_follow: view.to_follow,
            turn: view.turn,
            direction: view.direction,
            must_play: view.must_play,
            pending_draw: view.pending_draw,
            passes: view.passes,
            // The count of actions this round is not in the view; the turn cap is a safety
            // net, so a search may count from zero.
            turns: 0,
            // Eights returned at the deal are among the unseen cards; who saw them only
            // matters for `known_counts`, which a search does not use.
            returned_starters: CardSet::EMPTY,
        };
        let score = MatchScore { totals: view.totals.clone(), rounds_finished: view.round.saturating_sub(1) };
        let setup = TableSetup { dealer: view.dealer, ..TableSetup::new(view.hand_sizes.len(), rng.fork_seed()) };
        Ok(CrazyEights::in_play(view.options.clone(), setup, score, round))
    }

    /// A light club-player policy: a matching card that is not an eight, mostly from the
    /// longest suit the seat holds; else an eight
    /// naming the seat's longest suit; else draw. Uniform play takes the optional draw so
    /// often that most random rounds run into the turn cap, which tells a search nothing, and
    /// eights thrown away at random make every simulated opponent look careless.
    fn playout_step(&self, rng: &mut GameRng, actions: &mut Vec<CrazyEightsAction>) -> Option<(Seat, CrazyEightsAction)> {
        let seat = self.to_act().first()?;
        self.legal_actions_into(seat, actions);
        let plain = actions.iter().filter(|action| matches!(action, CrazyEightsAction::Play(_))).count();
        if plain > 0 {
            let hand = self.round().hands[seat].mask() & !Rank::Eight.mask();
            let suit_length =
                |action: &CrazyEightsAction| action.card().and_then(Card::suit).map_or(0, |suit| (hand & suit.mask()).count_ones());
            // Mostly stay in the longest suit, as players do; sometimes anything, for variety.
            let longest = if rng.below(PLAYOUT_WHIMS_ONE_IN) == 0 {
                0
            } else {
                actions.iter().filter(|action| matches!(action, CrazyEightsAction::Play(_))).map(suit_length).max().unwrap_or(0)
            };
            let candidates = |action: &&CrazyEightsAction| matches!(action, CrazyEightsAction::Play(_)) && suit_length(action) >= longest;
            let pick = rng.below(actions.iter().filter(candidates).count());
            let action = actions.iter().filter(candidates).nth(pick).copied();
            return action.map(|action| (seat, action));
        }
        if let Some(&CrazyEightsAction::PlayEight(eight, _)) = actions.first() {
            let hand = self.round().hands[seat].mask() & !Rank::Eight.mask();
            let suit = Suit::ALL.into_iter().max_by_key(|suit| (hand & suit.mask()).count_ones()).expect("there are four suits");
            return Some((seat, CrazyEightsAction::PlayEight(eight, suit)));
        }
        actions.first().map(|&action| (seat, action))
    }
}

#[cfg(test)]
mod tests {
    use crate::bots::Determinize;
    use crate::card::DeckKind;
    use crate::card_set::count_cards;
    use crate::event::NoEvents;
    use crate::game::{Game, Phase, TableSetup};
    use crate::rng::GameRng;
    use crate::seat::{Seat, Viewer};
    use crate::sim::random_step;

    use super::super::{CrazyEights, CrazyEightsOptions, DrawTwo};

    /// Random positions at every table size and 2s rule: the determinized state shows the seat
    /// exactly the view it was made from, keeps the seat's hand and the pile, and holds exactly
    /// the double pack.
    #[test]
    fn a_determinization_shows_the_same_view_and_conserves_the_pack() {
        let deck = count_cards(&DeckKind::Double104.cards());
        let mut policy = GameRng::from_seed(3);
        let mut actions = Vec::new();
        let mut checked = 0;
        for (index, draw_two) in [DrawTwo::Literal, DrawTwo::Skip, DrawTwo::Stack].into_iter().cycle().take(60).enumerate() {
            let players = 2 + index % 7;
            let options = CrazyEightsOptions { draw_two, score_limit: 100 };
            let mut game = CrazyEights::new_match(TableSetup::new(players, index as u64), options, None).expect("table");
            let steps = policy.below(120);
            for _ in 0..steps {
                if game.phase() != Phase::Playing {
                    game.start_next_round(None, &mut NoEvents).ok();
                    continue;
                }
                let (seat, action) = random_step(&game, &mut policy, &mut actions).expect("a decision");
                game.apply_with(seat, action, &mut NoEvents).expect("legal");
            }
            if game.phase() != Phase::Playing {
                continue;
            }
            for seat in Seat::all(players) {
                let view = game.view(Viewer::Seat(seat));
                let mut sampler = GameRng::from_seed(index as u64);
                let sampled = CrazyEights::determinize(&view, seat, &mut sampler).expect("a seat's view in play determinizes");
                assert_eq!(sampled.view(Viewer::Seat(seat)), view, "{players} players, {draw_two:?}");
                assert_eq!(sampled.card_counts(), deck, "the double pack, no more, no less");
                assert_eq!(sampled.round().hands[seat], game.round().hands[seat]);
                assert_eq!(sampled.round().pile, game.round().pile);
                for other in Seat::all(players) {
                    assert_eq!(sampled.round().hands[other].len(), game.round().hands[other].len());
                }
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} positions were checked");
    }

    /// Different samples deal the hidden cards differently (the bot really samples), and a
    /// spectator's view or another seat's view is refused.
    #[test]
    fn determinizations_vary_and_refuse_views_of_others() {
        let game = CrazyEights::new_match(TableSetup::new(4, 5), CrazyEightsOptions::default(), None).expect("table");
        let view = game.view(Viewer::Seat(Seat(1)));
        let mut rng = GameRng::from_seed(1);
        let first = CrazyEights::determinize(&view, Seat(1), &mut rng).expect("determinizes");
        let second = CrazyEights::determinize(&view, Seat(1), &mut rng).expect("determinizes");
        assert_ne!(first.round().hands[Seat(2)], second.round().hands[Seat(2)]);
        assert!(CrazyEights::determinize(&view, Seat(2), &mut rng).is_err());
        assert!(CrazyEights::determinize(&game.view(Viewer::Spectator), Seat(1), &mut rng).is_err());
    }
}
