//! Dunno determinization for the Hard bot (RULES.md §4). The seat's hand, the pile's top and
//! the cards it knows in other hands (those it gave away in a Jack swap, still unplayed) stay
//! where they are; every other card of the 54 is dealt at random into the rest of the other
//! hands (their sizes as the view shows), under the top of the pile and into the stock. The
//! view shows only the pile's top, so the cards beneath it count as unseen too. The state
//! gets a fresh RNG from the bot's.

use crate::bots::determinize::{
    budget_percent, check_hidden, check_own_hand, check_view, deal_hidden, keep_held_suits, open_deal, shuffled_unseen,
};
use crate::bots::{Determinize, DeterminizeError, rank_and_spread};
use crate::card::{Card, DeckKind, Rank};
use crate::card_set::CardSet;
use crate::deal::Stock;
use crate::game::{Game, TableSetup};
use crate::games::dunno::{Dunno, DunnoAction, DunnoView, JOKERS, Knowledge, Round, Top};
use crate::rng::GameRng;
use crate::score::{MatchScore, RoundEnd};
use crate::seat::{BySeat, MAX_SEATS, Seat};

use super::Situation;

impl Determinize for Dunno {
    /// Weighty: a Jack's swap, the suit a King or Queen names.
    fn budget_percent(legal: &[DunnoAction]) -> u32 {
        budget_percent(legal, |action| matches!(action, DunnoAction::Swap(_) | DunnoAction::Play { suit: Some(_), .. }))
    }

    fn determinize_open(&self, rng: &mut GameRng) -> Dunno {
        let (options, setup, score, round) = open_deal(self, self.round(), |round| &mut round.stock, rng);
        Dunno::in_play(options, setup, score, round)
    }

    fn determinize(view: &DunnoView, seat: Seat, rng: &mut GameRng) -> Result<Dunno, DeterminizeError> {
        check_view(view.header.viewer, view.header.phase, seat)?;
        let hand = view.hand.as_deref().ok_or(DeterminizeError::NotTheSeatsView { seat })?;
        check_own_hand(hand, view.hand_sizes[seat])?;
        let known_elsewhere = view.known_in_hands.iter().flatten().copied();
        let mut unseen = shuffled_unseen(DeckKind::WithJokers54, hand.iter().copied().chain([view.top]).chain(known_elsewhere), rng)?;
        let mut hidden_in_hands = 0;
        for (other, &size) in view.hand_sizes.seats().filter(|(other, _)| *other != seat) {
            hidden_in_hands += size
                .checked_sub(view.known_in_hands[other].len())
                .ok_or_else(|| DeterminizeError::Inconsistent(format!("{other} holds {size} cards, fewer than the view places there")))?;
        }
        let under_top = view.pile.checked_sub(1).ok_or_else(|| DeterminizeError::Inconsistent("the pile has no top".to_owned()))?;
        check_hidden(&unseen, hidden_in_hands + under_top + view.stock)?;
        let hands = BySeat::from_fn(view.hand_sizes.len(), |other| {
            if other == seat {
                return CardSet::of(hand);
            }
            let known = &view.known_in_hands[other];
            let mut cards = deal_hidden(&mut unseen, view.hand_sizes[other] - known.len());
            known.iter().for_each(|&card| cards.insert(card));
            cards
        });
        let mut pile: Vec<Card> = Vec::with_capacity(DeckKind::WithJokers54.len());
        pile.extend(deal_hidden(&mut unseen, under_top).iter());
        pile.push(view.top);
        let players = view.hand_sizes.len();
        let round = Round {
            dealer: view.header.dealer,
            hands,
            stock: Stock::from_top_first(&unseen),
            pile,
            top: Top { card: view.top, suit: view.top_suit },
            turn: view.header.turn,
            direction: view.direction,
            phase: view.turn_phase,
            // What the other seats know of each other's hands is not the seat's to know; it
            // changes no rule, only their views.
            knowledge: Knowledge::of_one_viewer(players, seat, |holder| CardSet::of(&view.known_in_hands[holder])),
            // The count of actions this game is not in the view; the turn cap is a safety
            // net, so a search may count from zero.
            turns: 0,
        };
        let score = MatchScore { totals: view.header.totals.clone(), rounds_finished: view.header.round.saturating_sub(1) };
        let setup = TableSetup { dealer: view.header.dealer, ..TableSetup::new(players, rng.fork_seed()) };
        Ok(Dunno::in_play(view.options.clone(), setup, score, round))
    }

    /// Normal's heuristic: shed groups, stack when owing, swap a Jack only for less.
    fn heuristic_step(&self, actions: &mut Vec<DunnoAction>) -> Option<(Seat, DunnoAction)> {
        let round = self.round();
        let seat = round.turn;
        round.legal_actions_into(actions);
        let mut sizes = [0; MAX_SEATS];
        for (other, hand) in round.hands.seats() {
            sizes[other.index()] = hand.len();
        }
        let situation = Situation {
            seat,
            hand: round.hands[seat].mask(),
            owed: round.owed(),
            top: round.top,
            direction: round.direction,
            players: round.players(),
            sizes,
        };
        situation.best(actions).map(|action| (seat, action))
    }

    /// A game is won or lost: 1 for the winner, 0 for the others (½ each in a turn-capped
    /// game, a draw).
    fn round_rewards(&self, rewards: &mut [f64]) {
        match self.last_round().map(|round| round.end) {
            Some(RoundEnd::WentOut(winner)) => {
                for (index, reward) in rewards.iter_mut().enumerate() {
                    *reward = if index == winner.index() { 1.0 } else { 0.0 };
                }
            }
            _ => rewards.fill(0.5),
        }
    }

    /// Fewer cards is closer to winning; the seat to move counts what it owes.
    fn position_rewards(&self, rewards: &mut [f64]) {
        let round = self.round();
        rank_and_spread(
            |index| {
                let seat = Seat(index as u8);
                let owed = if seat == round.turn { round.owed() } else { 0 };
                round.hands[seat].len() as f64 + f64::from(owed)
            },
            rewards,
        );
    }

    /// One order per play with the same first and last card (the cards between have no say:
    /// they are kept in ascending order), and Kings and Queens naming a suit the hand still
    /// holds (any, when it holds none).
    fn prune_for_search(&self, seat: Seat, actions: &mut Vec<DunnoAction>) {
        let hand = self.round().hands[seat].mask();
        actions.retain(|action| match action {
            DunnoAction::Play { cards, .. } => {
                let cards = cards.cards();
                let middle = &cards[1..cards.len().saturating_sub(1).max(1)];
                middle.windows(2).all(|pair| pair[0].index() < pair[1].index())
            }
            _ => true,
        });
        let wild = Rank::Queen.mask() | JOKERS;
        keep_held_suits(
            actions,
            |action| match action {
                DunnoAction::Play { cards, .. } => hand & !cards.cards().iter().fold(wild, |mask, card| mask | card.bit()),
                _ => hand & !wild,
            },
            |action| match action {
                DunnoAction::Play { suit, .. } => *suit,
                _ => None,
            },
        );
    }
}
