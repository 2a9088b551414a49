//! [`Determinize`]: a full game state sampled consistently with one seat's view, the unit of
//! Information-Set Monte Carlo Tree Search.
//!
//! A determinization keeps every card the seat knows where it is (its own hand, the pile and
//! other face-up cards, cards it has seen), deals the cards it has not seen at random into the
//! hidden zones with the right counts, and gives the state a fresh RNG from the bot's, so
//! future draws are as unknown to the bot as they are to the player.

use crate::card::{Card, DeckKind, Suit};
use crate::card_set::{CardSet, count_cards};
use crate::deal::Stock;
use crate::game::{Game, Phase, TableSetup};
use crate::inference::Lacking;
use crate::rng::GameRng;
use crate::score::{MatchScore, RoundEnd, RoundResult};
use crate::seat::{BySeat, Seat, Viewer};

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

    /// The true state as a player who saw every card in play would sample it: every hand,
    /// slot and pile card where it really is, only the stock reshuffled and the state given a
    /// fresh RNG from `rng`, so future draws stay unknown. The perfect-information ceiling
    /// that `sim` measures (`arena::ArenaSeat::sees_all`); no seat the app fills searches
    /// from it, since no player knows this much. Write it with [`open_deal`].
    #[must_use]
    fn determinize_open(&self, rng: &mut GameRng) -> Self;

    /// Whether `action` is optional: a decision nobody waits for (108 Fool's "One!", a Youglouf
    /// snap). Tables offer these through [`super::Bot::optional`]; the search keeps them out
    /// of its tree and lets [`Determinize::optional_step`] take them. The default: none is.
    fn is_optional(action: &Self::Action) -> bool {
        let _ = action;
        false
    }

    /// An optional action some seat takes now in a simulated game, if any: what a sensible
    /// player would surely do (declare "One!" at once, snap a card it knows matches), read
    /// from the simulated state with only what that seat knows there. Playouts and the
    /// search's tree apply these until there are none, before each waited-for move, so
    /// simulated seats neither forget "One!" nor snap blindly. The default: none.
    fn optional_step(&self) -> Option<(Seat, Self::Action)> {
        None
    }

    /// The share of the search's iteration budget a decision among `legal` deserves, in
    /// percent ([`budget_percent`]): a game marks the decisions that shape a round (an
    /// eight's suit, a Queen's order, a Jack's swap) as weighty. The default marks none.
    fn budget_percent(legal: &[Self::Action]) -> u32 {
        budget_percent(legal, |_| false)
    }

    /// Drops from `seat`'s waited-for `actions` the ones the search need not tell apart or
    /// try (a Queen naming a suit its hand lacks when it holds others; the same cards played
    /// in another order that ends on the same card), keeping at least one. Fewer edges per
    /// node spend the budget on the choices that matter. The default keeps everything.
    fn prune_for_search(&self, seat: Seat, actions: &mut Vec<Self::Action>) {
        let _ = (seat, actions);
    }

    /// Normal's move for a seat the round waits for in this (simulated) state, read with
    /// only what that seat knows there: the game's club-player heuristic, deterministic.
    /// Playouts follow it, and the search leans towards it while a move has few visits
    /// (progressive bias). `actions` is a reusable buffer. The default: no heuristic.
    fn heuristic_step(&self, actions: &mut Vec<Self::Action>) -> Option<(Seat, Self::Action)> {
        let _ = actions;
        None
    }

    /// One playout move in this many is a whim ([`Determinize::whim_step`]) instead of the
    /// heuristic's, so simulated players are not all alike; 0 for never.
    const WHIMS_ONE_IN: usize = 4;

    /// A playout's whim: a random move a player might make. The default is
    /// [`random_required_step`]; a game narrows it to moves that are not silly (Crazy Eights:
    /// a random matching card, never a voluntary draw). `None` falls back to the heuristic.
    fn whim_step(&self, rng: &mut GameRng, actions: &mut Vec<Self::Action>) -> Option<(Seat, Self::Action)> {
        random_required_step(self, rng, actions)
    }

    /// The waited-for move a playout takes from this state (`None` when nobody can act),
    /// drawing from `rng`; `actions` is a reusable buffer. The default: a whim one move in
    /// [`Determinize::WHIMS_ONE_IN`], else the heuristic's move, else
    /// [`random_required_step`]. Uniform play wanders (Crazy Eights takes the optional draw so
    /// often that most random rounds hit the turn cap, Youglouf snaps blindly), which tells a
    /// search nothing.
    fn playout_step(&self, rng: &mut GameRng, actions: &mut Vec<Self::Action>) -> Option<(Seat, Self::Action)> {
        if Self::WHIMS_ONE_IN > 0
            && rng.below(Self::WHIMS_ONE_IN) == 0
            && let Some(step) = self.whim_step(rng, actions)
        {
            return Some(step);
        }
        self.heuristic_step(actions).or_else(|| random_required_step(self, rng, actions))
    }

    /// Each seat's reward in `[0, 1]` for the round that just ended (higher is better), written
    /// into `rewards` (one per seat). The default: [`standing_rewards`] on
    /// [`Game::last_round`], for games where fewer round points are better. A game where more
    /// is better (or whose round ends mean something else) overrides it.
    fn round_rewards(&self, rewards: &mut [f64]) {
        match self.last_round() {
            Some(round) => standing_rewards(round, rewards),
            None => rewards.fill(0.5),
        }
    }

    /// Each seat's reward in `[0, 1]` for a round still in play (a playout stopped at its
    /// horizon, `IsmctsConfig::horizon`), judged from the simulated state. The default: ½ each (no judgement).
    fn position_rewards(&self, rewards: &mut [f64]) {
        rewards.fill(0.5);
    }
}

/// A round's parts for [`Determinize::determinize_open`]: `round`, the true round, has its
/// stock reshuffled by `stock`; the match around it keeps its options and score and gets a
/// table setup with a fresh seed, for the game's `in_play` to rebuild the state from.
pub fn open_deal<G: Game, R: Clone>(
    truth: &G,
    round: &R,
    stock: impl FnOnce(&mut R) -> &mut Stock,
    rng: &mut GameRng,
) -> (G::Options, TableSetup, MatchScore, R) {
    let mut round = round.clone();
    stock(&mut round).shuffle(rng);
    let shell = truth.shell();
    (shell.options.clone(), TableSetup { seed: rng.fork_seed(), ..shell.setup }, shell.score.clone(), round)
}

/// Rewards from a round's points, fewer being better, by [`rank_and_spread`]. A turn-capped
/// round (a draw) gives everyone ½.
pub fn standing_rewards(round: &RoundResult, rewards: &mut [f64]) {
    if round.end == RoundEnd::TurnCap {
        rewards.fill(0.5);
        return;
    }
    rank_and_spread(|seat| f64::from(round.scores.as_slice()[seat].total()), rewards);
}

/// Rewards from each seat's `cost` (fewer is better; one per reward): half from the seat's
/// rank (beating a seat counts 1, a tie ½, over the other seats) and half from its cost
/// between the best and the worst at the table, so both coming first and losing little count.
pub fn rank_and_spread(cost: impl Fn(usize) -> f64, rewards: &mut [f64]) {
    let players = rewards.len();
    if players < 2 {
        rewards.fill(0.5);
        return;
    }
    let (best, worst) =
        (0..players).map(&cost).fold((f64::INFINITY, f64::NEG_INFINITY), |(best, worst), cost| (best.min(cost), worst.max(cost)));
    for (index, reward) in rewards.iter_mut().enumerate() {
        let mine = cost(index);
        let beaten: f64 = (0..players)
            .filter(|&other| other != index)
            .map(|other| match cost(other).total_cmp(&mine) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            })
            .sum();
        let rank = beaten / (players - 1) as f64;
        let spread = if worst > best { (worst - mine) / (worst - best) } else { 0.5 };
        *reward = 0.5 * rank + 0.5 * spread;
    }
}

/// Budget share, in percent, of a decision with a weighty choice among its actions.
pub const WEIGHTY_PERCENT: u32 = 200;

/// The share of the iteration budget, in percent, a decision among `legal` gets: twice the
/// budget when any action is `weighty`, the whole budget otherwise. (A forced move never
/// reaches the search.) Plain decisions keep their whole budget: giving a choice between two
/// 60 % of it lost 108 Fool a point against Normal (docs/bots.md).
pub fn budget_percent<A>(legal: &[A], weighty: impl Fn(&A) -> bool) -> u32 {
    if legal.iter().any(weighty) { WEIGHTY_PERCENT } else { 100 }
}

/// A uniformly random waited-for move: a seat the round waits for, then one of its actions
/// that is not optional. `actions` is a reusable buffer.
pub fn random_required_step<G: Determinize>(game: &G, rng: &mut GameRng, actions: &mut Vec<G::Action>) -> Option<(Seat, G::Action)> {
    let waiting = game.waiting_for();
    let seat = waiting.iter().nth(rng.below(waiting.len().max(1)))?;
    game.legal_actions_into(seat, actions);
    actions.retain(|action| !G::is_optional(action));
    if actions.is_empty() {
        return None;
    }
    Some((seat, actions[rng.below(actions.len())]))
}

/// `legal` split into the actions the round waits for and the optional ones, in their order.
pub fn split_optional<G: Determinize>(legal: &[G::Action]) -> (Vec<G::Action>, Vec<G::Action>) {
    legal.iter().copied().partition(|action| !G::is_optional(action))
}

/// The cards of `deck` that `seat` has not seen (the deck less one copy per card in `seen`),
/// shuffled: deal the hidden zones from its end with [`deal_hidden`].
///
/// # Errors
/// A card seen more often than the deck holds it (a corrupt view).
pub fn shuffled_unseen(deck: DeckKind, seen: impl IntoIterator<Item = Card>, rng: &mut GameRng) -> Result<Vec<Card>, DeterminizeError> {
    let all = deck.cards();
    let mut counts = count_cards(&all);
    for card in seen {
        let slot = &mut counts[card.index() as usize];
        *slot = slot
            .checked_sub(1)
            .ok_or_else(|| DeterminizeError::Inconsistent(format!("{card} is seen more often than the pack holds it")))?;
    }
    let mut unseen = Vec::with_capacity(all.len());
    for (index, &count) in counts.iter().enumerate() {
        let card = Card::from_index(index as u8).expect("an index below CARD_KINDS is a card");
        unseen.extend(std::iter::repeat_n(card, usize::from(count)));
    }
    rng.shuffle(&mut unseen);
    Ok(unseen)
}

/// Checks that the unseen cards fill exactly the `hidden` places the view counts.
///
/// # Errors
/// The counts differ (a corrupt view).
pub fn check_hidden(unseen: &[Card], hidden: usize) -> Result<(), DeterminizeError> {
    if unseen.len() == hidden {
        Ok(())
    } else {
        Err(DeterminizeError::Inconsistent(format!("{} unseen cards for {hidden} hidden places", unseen.len())))
    }
}

/// A shedding game's cards as one determinization deals them: the seat's own hand, every
/// other hand dealt from the unseen cards, the pile and the stock.
#[derive(Debug)]
pub struct SheddingDeal {
    /// Every seat's hand.
    pub hands: BySeat<CardSet>,
    /// The pile, bottom first: unseen cards under the known ones.
    pub pile: Vec<Card>,
    /// What is left, as the stock.
    pub stock: Stock,
}

/// What a shedding game's view shows of where the cards are.
#[derive(Debug, Clone, Copy)]
pub struct SheddingView<'a> {
    /// The game's deck.
    pub deck: DeckKind,
    /// The seat whose view it is.
    pub seat: Seat,
    /// That seat's hand.
    pub hand: &'a [Card],
    /// Every seat's hand size.
    pub hand_sizes: &'a BySeat<usize>,
    /// The pile's cards the view shows, bottom first (its top, or all of it).
    pub known_pile: &'a [Card],
    /// How many cards lie unseen under them.
    pub under_known: usize,
    /// The stock's size.
    pub stock: usize,
    /// What each seat's hand is known to lack (empty: nothing known).
    pub lacking: &'a [Lacking],
}

impl<'a> SheddingView<'a> {
    /// A view that shows the whole pile (every card played is public) and what each seat's
    /// hand lacks: nothing lies unseen under the pile.
    #[must_use]
    pub fn whole_pile(
        (deck, seat): (DeckKind, Seat),
        hand: &'a [Card],
        hand_sizes: &'a BySeat<usize>,
        pile: &'a [Card],
        stock: usize,
        lacking: &'a BySeat<Lacking>,
    ) -> SheddingView<'a> {
        SheddingView { deck, seat, hand, hand_sizes, known_pile: pile, under_known: 0, stock, lacking: lacking.as_slice() }
    }
}

/// Deals the unseen cards of a shedding game's view into the other hands (by their sizes),
/// under the pile's known cards and into the stock, in that order. A hand that is known to
/// lack some cards ([`Lacking`]) gets none of them beyond its fresh cards, as long as the
/// unseen cards allow it (a view whose facts cannot all hold is dealt as if they did not).
///
/// # Errors
/// The view is inconsistent: its hand size, or the unseen cards against the hidden places.
pub fn deal_shedding(view: SheddingView<'_>, rng: &mut GameRng) -> Result<SheddingDeal, DeterminizeError> {
    let SheddingView { deck, seat, hand, hand_sizes, known_pile, under_known, stock, lacking } = view;
    check_own_hand(hand, hand_sizes[seat])?;
    let mut unseen = shuffled_unseen(deck, hand.iter().chain(known_pile).copied(), rng)?;
    let in_other_hands: usize = hand_sizes.seats().filter(|(other, _)| *other != seat).map(|(_, &size)| size).sum();
    check_hidden(&unseen, in_other_hands + under_known + stock)?;
    let mut hands = BySeat::filled(hand_sizes.len(), CardSet::EMPTY);
    hands[seat] = CardSet::of(hand);
    // The seats that lack cards are dealt first, tightest first (fewest spare cards they may
    // hold), so the cards they cannot hold stay for the others; the rest deal uniformly from
    // what is left.
    let known = |other: Seat| lacking.get(other.index()).copied().unwrap_or_default();
    let mut constrained: Vec<(usize, Seat)> = hand_sizes
        .seats()
        .filter(|&(other, &size)| other != seat && known(other).constrained(size) > 0)
        .map(|(other, &size)| {
            let allowed = unseen.iter().filter(|card| card.bit() & known(other).mask == 0).count();
            (allowed.saturating_sub(known(other).constrained(size)), other)
        })
        .collect();
    constrained.sort_unstable();
    for &(_, other) in &constrained {
        hands[other] = deal_avoiding(&mut unseen, hand_sizes[other], known(other));
    }
    for (other, &size) in hand_sizes.seats() {
        if other != seat && known(other).constrained(size) == 0 {
            hands[other] = deal_hidden(&mut unseen, size);
        }
    }
    let mut pile = Vec::with_capacity(deck.len());
    pile.extend(deal_hidden(&mut unseen, under_known).iter());
    pile.extend_from_slice(known_pile);
    Ok(SheddingDeal { hands, pile, stock: Stock::from_top_first(&unseen) })
}

/// Deals `size` of the shuffled unseen cards into a hand that holds at most
/// `lacking.fresh` cards of `lacking.mask`: the last cards outside the mask, then the fresh
/// ones from what is left. Too few cards outside the mask: the hand is filled from the rest.
///
/// # Panics
/// If fewer than `size` are left: check with [`check_hidden`] first.
fn deal_avoiding(unseen: &mut Vec<Card>, size: usize, lacking: Lacking) -> CardSet {
    let mut hand = CardSet::EMPTY;
    let mut wanted = lacking.constrained(size);
    // Taken from the end, as `deal_hidden` does, keeping the order of what stays shuffled.
    let mut position = unseen.len();
    while wanted > 0 && position > 0 {
        position -= 1;
        if unseen[position].bit() & lacking.mask == 0 {
            hand.insert(unseen.remove(position));
            wanted -= 1;
        }
    }
    let rest = deal_hidden(unseen, size - hand.len());
    for card in rest.iter() {
        hand.insert(card);
    }
    hand
}

/// Deals `count` of the shuffled unseen cards into a hand.
///
/// # Panics
/// If fewer than `count` are left: check with [`check_hidden`] first.
pub fn deal_hidden(unseen: &mut Vec<Card>, count: usize) -> CardSet {
    let from = unseen.len().checked_sub(count).expect("the hidden places were counted against the unseen cards");
    let hand = CardSet::of(&unseen[from..]);
    unseen.truncate(from);
    hand
}

/// Checks that a view is `seat`'s own and that its round is in play: the two conditions every
/// game's [`Determinize::determinize`] starts with.
///
/// # Errors
/// Another viewer's view, or no round in play.
pub fn check_view(viewer: Viewer, phase: Phase, seat: Seat) -> Result<(), DeterminizeError> {
    if viewer != Viewer::Seat(seat) {
        return Err(DeterminizeError::NotTheSeatsView { seat });
    }
    if phase != Phase::Playing {
        return Err(DeterminizeError::NoRound);
    }
    Ok(())
}

/// Checks that the view's own hand has the size the view gives the seat.
///
/// # Errors
/// The sizes differ (a corrupt view).
pub fn check_own_hand(hand: &[Card], size: usize) -> Result<(), DeterminizeError> {
    if hand.len() == size {
        Ok(())
    } else {
        Err(DeterminizeError::Inconsistent(format!("the hand holds {} cards, the sizes say {size}", hand.len())))
    }
}

/// Keeps the actions whose named suit (`suit_of`, `None` for actions naming none) is one of
/// `held` (the suits of the cards that stay in hand), unless `held` is empty: then any suit
/// is as good and all stay.
pub fn keep_held_suits<A>(actions: &mut Vec<A>, held: impl Fn(&A) -> u64, suit_of: impl Fn(&A) -> Option<Suit>) {
    actions.retain(|action| match suit_of(action) {
        Some(suit) => {
            let held = held(action);
            held == 0 || held & suit.mask() != 0
        }
        None => true,
    });
}
