//! [`Determinize`]: a full game state sampled consistently with one seat's view, the unit of
//! Information-Set Monte Carlo Tree Search.
//!
//! A determinization keeps every card the seat knows where it is (its own hand, the pile and
//! other face-up cards, cards it has seen), deals the cards it has not seen at random into the
//! hidden zones with the right counts, and gives the state a fresh RNG from the bot's, so
//! future draws are as unknown to the bot as they are to the player.

use crate::game::Game;
use crate::rng::GameRng;
use crate::score::{RoundEnd, RoundResult};
use crate::seat::Seat;
use crate::sim::random_step;

/// Why a view could not be turned into a state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeterminizeError {
    /// The view is not the given seat's (a spectator's, or another seat's).
    #[error("the view is not {seat}'s")]
    NotTheSeatsView {
        /// The seat asked for.
        seat: Seat,
    },
    /// No round is being played: there is nothing to decide.
    #[error("no round is in play")]
    NoRound,
    /// The view's card counts do not add up to the game's deck (a corrupt view).
    #[error("the view does not add up: {0}")]
    Inconsistent(String),
}

/// A game whose hidden information a seat can sample: what ISMCTS needs.
pub trait Determinize: Game {
    /// A full state, in play, that `seat` could not tell apart from the real one: its view of
    /// the result equals `view` (up to what the view does not say), the cards the seat knows
    /// are where the view puts them, and the unseen cards are dealt with `rng` into the hidden
    /// zones with the counts the view shows.
    ///
    /// # Errors
    /// The view is not `seat`'s, no round is in play, or the view's counts do not add up.
    fn determinize(view: &Self::View, seat: Seat, rng: &mut GameRng) -> Result<Self, DeterminizeError>;

    /// The move a playout takes from this state (`None` when nobody can act), drawing from
    /// `rng`; `actions` is a reusable buffer. The default is [`random_step`]: uniform over the
    /// seats to act, then over their legal actions. A game whose uniform play wanders (taking
    /// optional draws forever, say) overrides it with a light policy — still random, still
    /// cheap — so playouts end and say something about the position.
    fn playout_step(&self, rng: &mut GameRng, actions: &mut Vec<Self::Action>) -> Option<(Seat, Self::Action)> {
        random_step(self, rng, actions)
    }

    /// Each seat's reward in `[0, 1]` for the round that just ended (higher is better), written
    /// into `rewards` (one per seat). The default: if the round decided the match, 1 for its
    /// winners and 0 for the rest — that is what the seats play for; otherwise
    /// [`standing_rewards`] on [`Game::last_round`], for games where fewer round points are
    /// better. A game where more is better (or whose round ends mean something else)
    /// overrides it.
    fn round_rewards(&self, rewards: &mut [f64]) {
        match self.last_round() {
            Some(round) => standing_rewards(round, rewards),
            None => rewards.fill(0.5),
        }
    }
}

/// Rewards from a round's points, fewer being better: half from the seat's rank (beating a
/// seat counts 1, a tie ½, over the other seats) and half from its points between the best
/// and the worst at the table, so both winning the round and losing few points count. A
/// turn-capped round (a draw) gives everyone ½.
pub fn standing_rewards(round: &RoundResult, rewards: &mut [f64]) {
    let players = round.scores.len();
    if round.end == RoundEnd::TurnCap || players < 2 {
        rewards.fill(0.5);
        return;
    }
    let points = |index: usize| round.scores.as_slice()[index].total();
    let best = (0..players).map(points).min().unwrap_or(0);
    let worst = (0..players).map(points).max().unwrap_or(0);
    for (index, reward) in rewards.iter_mut().enumerate().take(players) {
        let mine = points(index);
        let beaten: f64 = (0..players)
            .filter(|&other| other != index)
            .map(|other| match points(other).cmp(&mine) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            })
            .sum();
        let rank = beaten / (players - 1) as f64;
        let spread = if worst == best { 0.5 } else { f64::from(worst - mine) / f64::from(worst - best) };
        *reward = 0.5 * rank + 0.5 * spread;
    }
}
