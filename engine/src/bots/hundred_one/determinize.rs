//! One Hundred and One determinization for the Hard bot (RULES.md §3). The seat's hand and
//! the pile's top stay; every other card of the 36 is dealt at random into the other hands
//! (their sizes as the view shows; seats that are out hold none), under the top of the pile
//! and into the stock. The view shows only the pile's top, so the cards beneath it count as
//! unseen too. The state gets a fresh RNG from the bot's.

use crate::bots::determinize::{SheddingDeal, SheddingView, budget_percent, check_view, deal_shedding, keep_held_suits, open_deal};
use crate::bots::{Determinize, DeterminizeError, rank_and_spread};
use crate::card::{DeckKind, Rank};
use crate::card_set::bits;
use crate::game::TableSetup;
use crate::games::hundred_one::{HundredOne, HundredOneAction, HundredOneView, Round, Stage};
use crate::rng::GameRng;
use crate::score::MatchScore;
use crate::seat::Seat;

use super::{Situation, best_suit, hand_cost, play};

/// How far a seat that is out ranks ahead of any seat still holding cards.
const OUT_AHEAD: f64 = 200.0;

impl Determinize for HundredOne {
    /// Weighty: a Queen's order.
    fn budget_percent(legal: &[HundredOneAction]) -> u32 {
        budget_percent(legal, |action| matches!(action, HundredOneAction::PlayQueen(..) | HundredOneAction::Order(_)))
    }

    fn determinize_open(&self, rng: &mut GameRng) -> HundredOne {
        let (options, setup, score, round) = open_deal(self, self.round(), |round| &mut round.stock, rng);
        HundredOne::in_play(options, setup, score, round)
    }

    fn determinize(view: &HundredOneView, seat: Seat, rng: &mut GameRng) -> Result<HundredOne, DeterminizeError> {
        check_view(view.header.viewer, view.header.phase, seat)?;
        let hand = view.hand.as_deref().ok_or(DeterminizeError::NotTheSeatsView { seat })?;
        // The whole pile is in the view: every seat saw each card played.
        let shown =
            SheddingView::whole_pile((DeckKind::Short36, seat), hand, &view.hand_sizes, &view.pile_cards, view.stock, &view.lacking);
        let SheddingDeal { hands, pile, stock } = deal_shedding(shown, rng)?;
        let round = Round {
            dealer: view.header.dealer,
            hands,
            stock,
            pile,
            to_follow: view.to_follow,
            turn: view.header.turn,
            stage: view.stage,
            out: view.out,
            exits: view.exits.clone(),
            // The count of actions this round is not in the view; the turn cap is a safety
            // net, so a search may count from zero.
            turns: 0,
            lacking: view.lacking.clone(),
        };
        let score = MatchScore { totals: view.header.totals.clone(), rounds_finished: view.header.round.saturating_sub(1) };
        let setup = TableSetup { dealer: view.header.dealer, ..TableSetup::new(view.hand_sizes.len(), rng.fork_seed()) };
        Ok(HundredOne::in_play(view.options.clone(), setup, score, round))
    }

    /// Normal's heuristic: attacks at the next seat, an 8 only with its cover, Queens kept
    /// to go out on.
    fn heuristic_step(&self, _actions: &mut Vec<HundredOneAction>) -> Option<(Seat, HundredOneAction)> {
        let round = self.round();
        let seat = round.turn;
        let hand = round.hands[seat].mask();
        if round.stage == Stage::OrderSuit {
            return Some((seat, HundredOneAction::Order(best_suit(hand))));
        }
        let playable = hand & round.playable_mask();
        if playable == 0 {
            return Some((seat, HundredOneAction::Draw));
        }
        let fewest_cards = round
            .hands
            .seats()
            .filter(|&(other, _)| other != seat && !round.out.contains(other))
            .map(|(_, hand)| hand.len())
            .min()
            .unwrap_or(0);
        let card = Situation { hand, playable, fewest_cards }.best_play()?;
        Some((seat, play(card, hand)))
    }

    /// A random legal card.
    fn whim_step(&self, rng: &mut GameRng, _actions: &mut Vec<HundredOneAction>) -> Option<(Seat, HundredOneAction)> {
        let round = self.round();
        let hand = round.hands[round.turn].mask();
        let playable = hand & round.playable_mask();
        if round.stage == Stage::OrderSuit || playable == 0 {
            return None;
        }
        let card = bits(playable).nth(rng.below(playable.count_ones() as usize))?;
        Some((round.turn, play(card, hand)))
    }

    /// Seats that are out come first (a Queen exit better still); then fewer cards, then
    /// fewer points: the last seat holding cards pays for them.
    fn position_rewards(&self, rewards: &mut [f64]) {
        let round = self.round();
        rank_and_spread(
            |index| {
                let seat = Seat(index as u8);
                match round.exits[seat] {
                    Some(exit) => f64::from(exit.bonus()) - OUT_AHEAD,
                    None => hand_cost(round.hands[seat].mask()),
                }
            },
            rewards,
        );
    }

    /// A Queen (or the dealer's turned-up one) orders a suit the hand still holds (any,
    /// when it holds none).
    fn prune_for_search(&self, seat: Seat, actions: &mut Vec<HundredOneAction>) {
        let hand = self.round().hands[seat].mask() & !Rank::Queen.mask();
        keep_held_suits(
            actions,
            |_| hand,
            |action| match action {
                HundredOneAction::PlayQueen(_, suit) | HundredOneAction::Order(suit) => Some(*suit),
                _ => None,
            },
        );
    }
}
