//! 108 Fool determinization for the Hard bot (RULES.md §2). The seat's hand and the pile's
//! top stay; every other card of the 36 is dealt at random into the other hands (their
//! sizes as the view shows), under the top of the pile and into the stock. The view shows
//! only the pile's top, so the cards beneath it count as unseen too: a sample the seat cannot
//! tell from the real state, if not the sharpest one. The state gets a fresh RNG from the
//! bot's, so draws and reshuffles are as unknown as at the table.

use crate::bots::determinize::{SheddingDeal, SheddingView, budget_percent, check_view, deal_shedding, keep_held_suits, open_deal};
use crate::bots::{Determinize, DeterminizeError, rank_and_spread};
use crate::card::{DeckKind, Rank};
use crate::card_set::bits;
use crate::game::TableSetup;
use crate::games::fool108::{Fool108, Fool108Action, Fool108View, Round, Stage, card_points};
use crate::rng::GameRng;
use crate::score::MatchScore;
use crate::seat::Seat;

use super::{Situation, best_suit};

/// A card in hand, as a cost beside its points when a playout stops early.
const CARD_COST: i32 = 10;

impl Determinize for Fool108 {
    /// Weighty: a Queen's order.
    fn budget_percent(legal: &[Fool108Action]) -> u32 {
        budget_percent(legal, |action| matches!(action, Fool108Action::Suit(_)))
    }

    fn determinize_open(&self, rng: &mut GameRng) -> Fool108 {
        let (options, setup, score, round) = open_deal(self, self.round(), |round| &mut round.stock, rng);
        Fool108::in_play(options, setup, score, round)
    }

    fn determinize(view: &Fool108View, seat: Seat, rng: &mut GameRng) -> Result<Fool108, DeterminizeError> {
        check_view(view.header.viewer, view.header.phase, seat)?;
        let hand = view.hand.as_deref().ok_or(DeterminizeError::NotTheSeatsView { seat })?;
        // The whole pile is in the view: every seat saw each card played.
        let shown =
            SheddingView::whole_pile((DeckKind::Short36, seat), hand, &view.hand_sizes, &view.pile_cards, view.stock, &view.lacking);
        let SheddingDeal { hands, pile, stock } = deal_shedding(shown, rng)?;
        let round = Round {
            number: view.header.round,
            dealer: view.header.dealer,
            first_player: view.first_player,
            hands,
            stock,
            pile,
            to_follow: view.to_follow,
            turn: view.header.turn,
            stage: view.stage,
            direction: view.direction,
            declared: view.declared,
            reshuffles: view.reshuffles,
            reshuffle_penalties: view.reshuffle_penalties.clone(),
            reshuffle_step: i32::try_from(view.options.reshuffle_penalty_step).unwrap_or(i32::MAX),
            // The count of actions this round is not in the view; the turn cap is a safety
            // net, so a search may count from zero.
            turns: 0,
            lacking: view.lacking.clone(),
        };
        let score = MatchScore { totals: view.header.totals.clone(), rounds_finished: view.header.round.saturating_sub(1) };
        let setup = TableSetup { dealer: view.header.dealer, ..TableSetup::new(view.hand_sizes.len(), rng.fork_seed()) };
        Ok(Fool108::in_play(view.options.clone(), setup, score, round))
    }

    fn is_optional(action: &Fool108Action) -> bool {
        *action == Fool108Action::One
    }

    /// Simulated players call "One!" the moment they may.
    fn optional_step(&self) -> Option<(Seat, Fool108Action)> {
        self.round().may_declare_set().first().map(|seat| (seat, Fool108Action::One))
    }

    /// Normal's heuristic: Queens kept to go out on, the long suit followed, sixes, sevens
    /// and aces at a neighbour about to go out.
    fn heuristic_step(&self, _actions: &mut Vec<Fool108Action>) -> Option<(Seat, Fool108Action)> {
        let round = self.round();
        let seat = round.turn;
        let hand = round.hands[seat].mask();
        if round.stage == Stage::ChooseSuit {
            return Some((seat, Fool108Action::Suit(best_suit(hand))));
        }
        let playable = hand & round.playable_mask();
        let situation = Situation::at(seat, round.players(), round.direction, hand, playable, |other| round.hands[other].len());
        let action = match (situation.best_play(), round.stage) {
            (Some(card), _) => Fool108Action::Play(card),
            (None, Stage::Open) => Fool108Action::Draw,
            (None, _) => Fool108Action::Pass,
        };
        Some((seat, action))
    }

    /// A random legal card.
    fn whim_step(&self, rng: &mut GameRng, _actions: &mut Vec<Fool108Action>) -> Option<(Seat, Fool108Action)> {
        let round = self.round();
        let playable = round.hands[round.turn].mask() & round.playable_mask();
        if round.stage == Stage::ChooseSuit || playable == 0 {
            return None;
        }
        let card = bits(playable).nth(rng.below(playable.count_ones() as usize))?;
        Some((round.turn, Fool108Action::Play(card)))
    }

    /// Fewer cards (closer to going out), fewer points, and the reshuffle penalties taken.
    fn position_rewards(&self, rewards: &mut [f64]) {
        let round = self.round();
        rank_and_spread(
            |index| {
                let seat = Seat(index as u8);
                let hand = round.hands[seat].mask();
                let points: i32 = bits(hand).map(card_points).sum();
                f64::from(CARD_COST * hand.count_ones().cast_signed() + points + round.reshuffle_penalties[seat])
            },
            rewards,
        );
    }

    /// After a Queen, a suit the hand still holds (any, when it holds none).
    fn prune_for_search(&self, seat: Seat, actions: &mut Vec<Fool108Action>) {
        let rest = self.round().hands[seat].mask() & !Rank::Queen.mask();
        keep_held_suits(
            actions,
            |_| rest,
            |action| match action {
                Fool108Action::Suit(suit) => Some(*suit),
                _ => None,
            },
        );
    }
}
