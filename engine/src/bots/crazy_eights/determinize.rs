//! Crazy Eights determinization for the Hard bot: the seat's hand and the discard pile stay
//! as they are (every seat saw each pile card played), and every other card of the double
//! pack is shuffled and dealt into the other hands (their sizes as the view shows) and the
//! stock. The state gets a fresh RNG from the bot's, so reshuffles and draws are as unknown
//! as at the table.

use crate::bots::determinize::{SheddingDeal, SheddingView, budget_percent, check_view, deal_shedding, keep_held_suits, open_deal};
use crate::bots::{Determinize, DeterminizeError, rank_and_spread};
use crate::card::{Card, DeckKind, Rank};
use crate::card_set::{CardSet, bits};
use crate::game::{Game, TableSetup};
use crate::games::crazy_eights::{CrazyEights, CrazyEightsAction, CrazyEightsView, Round, card_points};
use crate::rng::GameRng;
use crate::score::MatchScore;
use crate::seat::Seat;

use super::{Choices, Situation};

/// A card in hand, as a cost beside its points when a playout stops early.
const CARD_COST: i32 = 10;
/// What an eight still in hand is judged to cost when a playout stops early.
const EIGHT_IN_PLAY: i32 = 10;

impl Determinize for CrazyEights {
    /// Weighty: an eight played names the suit to follow.
    fn budget_percent(legal: &[CrazyEightsAction]) -> u32 {
        budget_percent(legal, |action| matches!(action, CrazyEightsAction::PlayEight(..)))
    }

    fn determinize_open(&self, rng: &mut GameRng) -> CrazyEights {
        let (options, setup, score, round) = open_deal(self, self.round(), |round| &mut round.stock, rng);
        CrazyEights::in_play(options, setup, score, round)
    }

    fn determinize(view: &CrazyEightsView, seat: Seat, rng: &mut GameRng) -> Result<CrazyEights, DeterminizeError> {
        check_view(view.header.viewer, view.header.phase, seat)?;
        let hand = view.hand.as_deref().ok_or(DeterminizeError::NotTheSeatsView { seat })?;
        // The whole pile is in the view.
        let shown =
            SheddingView::whole_pile((DeckKind::Double104, seat), hand, &view.hand_sizes, &view.pile_cards, view.stock, &view.lacking);
        let SheddingDeal { hands, pile, stock } = deal_shedding(shown, rng)?;
        let round = Round {
            dealer: view.header.dealer,
            hands,
            stock,
            pile,
            to_follow: view.to_follow,
            turn: view.header.turn,
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
            lacking: view.lacking.clone(),
        };
        let score = MatchScore { totals: view.header.totals.clone(), rounds_finished: view.header.round.saturating_sub(1) };
        let setup = TableSetup { dealer: view.header.dealer, ..TableSetup::new(view.hand_sizes.len(), rng.fork_seed()) };
        Ok(CrazyEights::in_play(view.options.clone(), setup, score, round))
    }

    /// Normal's heuristic: eights kept for the right moment, the long suit followed, points
    /// dumped when someone is close.
    fn heuristic_step(&self, actions: &mut Vec<CrazyEightsAction>) -> Option<(Seat, CrazyEightsAction)> {
        let round = self.round();
        let seat = round.turn;
        self.legal_actions_into(seat, actions);
        let situation = Situation::at(seat, round.players(), round.direction, round.hands[seat], |other| round.hands[other].len());
        situation.choose(Choices::of(actions)).or_else(|| actions.first().copied()).map(|action| (seat, action))
    }

    /// A random matching card that is not an eight; never a voluntary draw, never an eight
    /// thrown away.
    fn whim_step(&self, rng: &mut GameRng, actions: &mut Vec<CrazyEightsAction>) -> Option<(Seat, CrazyEightsAction)> {
        let seat = self.round().turn;
        self.legal_actions_into(seat, actions);
        let plain = Choices::of(actions).plain;
        let card = bits(plain).nth(rng.below(plain.count_ones().max(1) as usize))?;
        Some((seat, CrazyEightsAction::Play(card)))
    }

    /// Fewer cards (closer to going out) and fewer points (what is scored when someone
    /// does). An eight counts as an ordinary card: it plays on anything, so it rarely stays
    /// to cost its 50.
    fn position_rewards(&self, rewards: &mut [f64]) {
        let round = self.round();
        let points = |card: Card| if card.is_rank(Rank::Eight) { EIGHT_IN_PLAY } else { card_points(card) };
        rank_and_spread(
            |index| {
                let hand = round.hands[Seat(index as u8)];
                f64::from(hand.iter().map(|card| CARD_COST + points(card)).sum::<i32>())
            },
            rewards,
        );
    }

    /// An eight names a suit the hand still holds (any, when it holds none).
    fn prune_for_search(&self, seat: Seat, actions: &mut Vec<CrazyEightsAction>) {
        let rest = self.round().hands[seat].mask() & !Rank::Eight.mask();
        keep_held_suits(
            actions,
            |_| rest,
            |action| match action {
                CrazyEightsAction::PlayEight(_, suit) => Some(*suit),
                _ => None,
            },
        );
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

    use crate::games::crazy_eights::{CrazyEights, CrazyEightsOptions, DrawTwo};

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
