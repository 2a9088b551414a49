//! The Hard level: single-observer Information-Set Monte Carlo Tree Search (Cowling, Powley
//! and Whitehouse, 2012), generic over every game that implements [`Determinize`].
//!
//! Each iteration samples a fresh determinization of the bot's view, walks the tree from the
//! root choosing among the moves available *in that determinization* with UCB1 (a move's
//! exploration term counts how often it was available, not how often its parent was visited),
//! adds one node, plays the round out with the game's light policy
//! ([`Determinize::playout_step`]) — or a few moves ahead, to judge the position there
//! ([`IsmctsConfig::horizon`]) — and backs up every seat's reward
//! ([`Determinize::round_rewards`], [`Determinize::position_rewards`]): each edge learns from the reward of the seat that took
//! it, so opponents are modelled as playing for themselves. The answer is the root's most
//! visited action; the search stops early once no other action can catch up.
//!
//! Optional decisions ("One!", snaps) stay out of the tree: before every waited-for move, in
//! the tree and in playouts alike, [`Determinize::optional_step`] takes the ones a sensible
//! player surely takes. Uniform optional play would drown a Youglouf playout in wrong snaps.
//!
//! Where the budget goes: a forced move costs nothing, and a decision a game marks weighty
//! (an eight's suit, a Queen's order, a Jack's swap) gets twice the budget
//! ([`Determinize::budget_percent`]).
//!
//! The budget is iterations, not time: the engine has no clock, and a fixed budget keeps a
//! seeded match reproducible on any machine. Each game picks its default
//! ([`super::BotGame::SEARCH`]) so a decision stays well under 200 ms on one core. A caller
//! with a clock (the app's thinking time) passes a [`ThinkClock`] or a [`StopCheck`], asked
//! between slices of iterations.
//!
//! Every core: the budget is split between a fixed number of independent trees
//! ([`IsmctsConfig::trees`], root parallelisation), each seeded from the decision's RNG in
//! order, grown on rayon's pool and merged in order, so the answer is the same on one core
//! or many ([`Threads`]).
//!
//! Memory: the tree is two flat arrays (nodes, edges linked per node), reused buffers for
//! the path, the available edges and legal actions; an iteration allocates only its
//! determinization and what the engine's round end records.

use crate::event::NoEvents;
use crate::game::{Game, Phase};
use crate::rng::GameRng;
use crate::seat::Seat;

use super::bot::{Bot, BotLevel, Decision};
use super::bot_game::BotGame;
use super::determinize::{Determinize, DeterminizeError};
pub use super::search_config::{
    DEFAULT_BIAS, DEFAULT_EXPLORATION, DEFAULT_TREES, IsmctsConfig, SearchTuning, StopCheck, ThinkClock, Threads,
};

/// Optional actions settled in a row at most, a guard against a game whose
/// [`Determinize::optional_step`] never runs dry.
const MAX_OPTIONAL_IN_A_ROW: usize = 64;

/// Iterations between two checks whether the leader can still be caught.
const EARLY_STOP_CHECK_EVERY: u32 = 64;

/// Iterations a tree runs between two questions to its [`StopCheck`].
const STOP_CHECK_EVERY: u32 = 16;

/// Nodes (and a few edges each) a tree reserves up front, at most: a thinking-time budget
/// sets a large iteration cap that a search rarely reaches.
const RESERVE_AT_MOST: usize = 8_192;

/// The Hard bot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IsmctsBot {
    /// The search budget.
    pub config: IsmctsConfig,
    /// Whether it searches on every core.
    pub threads: Threads,
    /// The caller's clock, when it thinks for a time rather than an iteration budget.
    pub clock: Option<ThinkClock>,
}

impl IsmctsBot {
    /// A bot searching with `config` on every core.
    #[must_use]
    pub const fn new(config: IsmctsConfig) -> IsmctsBot {
        IsmctsBot { config, threads: Threads::All, clock: None }
    }

    /// This bot stopping when `clock` says its time is up.
    #[must_use]
    pub const fn timed(self, clock: Option<ThinkClock>) -> IsmctsBot {
        IsmctsBot { clock, ..self }
    }

    /// This bot searching on `threads`.
    #[must_use]
    pub const fn on(self, threads: Threads) -> IsmctsBot {
        IsmctsBot { threads, ..self }
    }

    /// Decides like [`Bot::decide`], asking `stop` between slices of iterations whether to end
    /// the search early (the app's thinking time); the iteration budget still caps it.
    pub fn decide_until<G: Determinize>(
        &self,
        seat: Seat,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut GameRng,
        stop: StopCheck<'_>,
    ) -> Option<Decision<G::Action>> {
        self.decide_from(Sampler::<G>::View(view), seat, legal, rng, Budget::Seeded(stop))
    }

    /// Decides for `seat` from the true state: every hand seen, only the stock's order and
    /// the future draws unknown ([`Determinize::determinize_open`]). The perfect-information
    /// ceiling that `sim` measures, the most any inference could give; only the arena's seat
    /// that sees all calls it, and no seat the app fills can.
    pub fn decide_seeing_all<G: Determinize>(
        &self,
        seat: Seat,
        truth: &G,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> Option<Decision<G::Action>> {
        self.with_clock(|budget| self.decide_from(Sampler::Truth(truth), seat, legal, rng, budget))
    }

    /// Runs `decide` timed by this bot's clock (its deadline taken now), or on its iteration
    /// budget alone.
    fn with_clock<T>(&self, decide: impl FnOnce(Budget<'_>) -> T) -> T {
        match self.clock {
            Some(clock) => {
                let deadline = (clock.start)();
                decide(Budget::Timed(&move || (clock.over)(deadline)))
            }
            None => decide(Budget::Seeded(&|| false)),
        }
    }

    fn decide_from<G: Determinize>(
        &self,
        sampler: Sampler<'_, G>,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
        budget: Budget<'_>,
    ) -> Option<Decision<G::Action>> {
        match legal {
            [] => None,
            // A forced move needs no thought.
            [only] => Some(Decision { action: *only, iterations: 0 }),
            _ => {
                let config = self.config.scaled(G::budget_percent(legal));
                Some(search::<G>(config, self.threads, (seat, sampler, legal), rng, budget))
            }
        }
    }
}

/// How a search spends its iterations: a fixed number of trees whatever the cores, so a
/// seeded decision is the same on any machine (`sim`, tests, replays; `stop` may only end it
/// early), or against a clock, one tree per thread it may use, all growing at once for the
/// whole thinking time.
#[derive(Clone, Copy)]
enum Budget<'a> {
    Seeded(StopCheck<'a>),
    Timed(StopCheck<'a>),
}

/// Where a search draws its states from: the seat's view (every bot), or the true state
/// (the perfect-information ceiling, [`IsmctsBot::decide_seeing_all`]).
enum Sampler<'a, G: Game> {
    View(&'a G::View),
    Truth(&'a G),
}

impl<G: Game> Clone for Sampler<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Sampler<'_, G> {}

impl<G: Determinize> Sampler<'_, G> {
    /// One state to search, seen from `seat`.
    fn draw(self, seat: Seat, rng: &mut GameRng) -> Result<G, DeterminizeError> {
        match self {
            Sampler::View(view) => G::determinize(view, seat, rng),
            Sampler::Truth(truth) => Ok(truth.determinize_open(rng)),
        }
    }
}

impl<G: BotGame> Bot<G> for IsmctsBot {
    fn level(&self) -> BotLevel {
        BotLevel::Hard
    }

    fn decide(&mut self, seat: Seat, view: &G::View, legal: &[G::Action], rng: &mut GameRng) -> Option<Decision<G::Action>> {
        self.with_clock(|budget| self.decide_from(Sampler::<G>::View(view), seat, legal, rng, budget))
    }

    /// Optional decisions are not searched: the sure ones ("One!" at once, a snap of a card
    /// it knows) are what the game's sensible policy takes, read from the seat's own view.
    fn optional(&mut self, seat: Seat, view: &G::View, optional: &[G::Action], _rng: &mut GameRng) -> Option<G::Action> {
        G::sure_optional(view, seat, optional)
    }
}

/// A root choice's statistics in one tree.
#[derive(Debug, Clone, Copy)]
struct RootStats {
    visits: u32,
    reward: f64,
}

/// What one tree found: per legal action (in `legal`'s order), its root statistics, and the
/// iterations it ran.
struct TreeResult {
    roots: Vec<RootStats>,
    iterations: u32,
}

/// Grows `config.trees` trees, each with its share of the iterations and its own seed drawn
/// from `rng` in tree order, on one thread or rayon's pool, and answers the legal action
/// with the most visits over all trees (ties to the better mean, then the earlier action).
///
/// Threads in a pure engine: the search is CPU-bound and embarrassingly parallel at the root,
/// and rayon's pool is the well-kept way to use every core without spawning per decision; the
/// result does not depend on the threads (seeds fixed before, merged in order after).
fn search<G: Determinize>(
    config: IsmctsConfig,
    threads: Threads,
    (seat, sampler, legal): (Seat, Sampler<'_, G>, &[G::Action]),
    rng: &mut GameRng,
    budget: Budget<'_>,
) -> Decision<G::Action> {
    let (trees, stop) = match (budget, threads) {
        (Budget::Seeded(stop), _) => (config.trees.max(1), stop),
        (Budget::Timed(stop), Threads::One) => (1, stop),
        (Budget::Timed(stop), Threads::All) => (timed_trees(), stop),
    };
    let jobs: Vec<(u32, u64)> = (0..trees)
        .map(|tree| {
            let share = match budget {
                Budget::Seeded(_) => config.iterations / trees + u32::from(tree < config.iterations % trees),
                // Against the clock the budget caps each tree: shared out, it would let a
                // many-core machine stop early where one core still thinks, and give no
                // stronger decision in the same second.
                Budget::Timed(_) => config.iterations,
            };
            (share, rng.fork_seed())
        })
        .collect();
    let grow = |&(iterations, seed): &(u32, u64)| {
        let mut tree_rng = GameRng::from_seed(seed);
        Search::<G>::new(config, seat, iterations).run(sampler, legal, &mut tree_rng, stop)
    };
    let results: Vec<TreeResult> = match (threads, budget) {
        (Threads::One, _) => jobs.iter().map(grow).collect(),
        (Threads::All, Budget::Seeded(_)) => {
            use rayon::prelude::*;
            jobs.par_iter().map(grow).collect()
        }
        // Threads of the decision's own, not rayon's pool: on a pool, trees beyond its size
        // (or behind other work) would start only once the time is up.
        (Threads::All, Budget::Timed(_)) => std::thread::scope(|scope| {
            let others: Vec<_> = jobs.iter().skip(1).map(|job| scope.spawn(move || grow(job))).collect();
            let first = jobs.first().map(grow);
            first.into_iter().chain(others.into_iter().map(|other| other.join().expect("a search thread does not panic"))).collect()
        }),
    };
    let mut merged = vec![RootStats { visits: 0, reward: 0.0 }; legal.len()];
    let mut iterations = 0;
    for result in &results {
        iterations += result.iterations;
        for (total, stats) in merged.iter_mut().zip(&result.roots) {
            total.visits += stats.visits;
            total.reward += stats.reward;
        }
    }
    let stats_mean = |stats: &RootStats| if stats.visits == 0 { 0.0 } else { stats.reward / f64::from(stats.visits) };
    let best = merged
        .iter()
        .enumerate()
        .filter(|(_, stats)| stats.visits > 0)
        .max_by(|(ia, a), (ib, b)| a.visits.cmp(&b.visits).then_with(|| stats_mean(a).total_cmp(&stats_mean(b))).then(ib.cmp(ia)))
        .map(|(index, _)| index);
    let action = match best {
        Some(index) => legal[index],
        None => legal[rng.below(legal.len())],
    };
    Decision { action, iterations }
}

/// The trees of a timed decision: one per thread of rayon's pool, which is one per core this
/// machine offers unless `RAYON_NUM_THREADS` (or a caller's pool) says otherwise, the knob that
/// lets a 2-core machine show how the search behaves on 16 threads.
fn timed_trees() -> u32 {
    u32::try_from(rayon::current_num_threads()).unwrap_or(u32::MAX).max(1)
}

/// Marks a missing link: an edge without a child node yet, the end of a node's edge list.
const NONE: u32 = u32::MAX;

/// A move out of a node: who takes it, and what the search has learnt about it.
#[derive(Debug, Clone)]
struct Edge<A> {
    seat: Seat,
    action: A,
    /// The node it leads to, or [`NONE`].
    child: u32,
    /// The next edge of the same node, or [`NONE`].
    next: u32,
    visits: u32,
    available: u32,
    reward: f64,
}

/// One search: the tree (each node's first edge; edges linked per node) and reusable
/// buffers.
struct Search<G: Game> {
    config: IsmctsConfig,
    seat: Seat,
    /// Per node, its first edge (or [`NONE`]).
    nodes: Vec<u32>,
    edges: Vec<Edge<G::Action>>,
    /// The edges walked this iteration.
    path: Vec<u32>,
    /// The current node's edges available in this determinization.
    available: Vec<u32>,
    actions: Vec<G::Action>,
    /// A buffer for the heuristic's own legal-action lists.
    hint_actions: Vec<G::Action>,
    rewards: Vec<f64>,
}

/// Applies the optional actions the game's policy takes, until there are none.
fn settle<G: Determinize>(state: &mut G) {
    for _ in 0..MAX_OPTIONAL_IN_A_ROW {
        if state.phase() != Phase::Playing {
            return;
        }
        let Some((seat, action)) = state.optional_step() else {
            return;
        };
        state.apply_with(seat, action, &mut NoEvents).expect("an optional step is a legal action");
    }
}

impl<G: Determinize> Search<G> {
    fn new(config: IsmctsConfig, seat: Seat, iterations: u32) -> Search<G> {
        let capacity = (iterations as usize + 1).min(RESERVE_AT_MOST);
        Search {
            config: IsmctsConfig { iterations, ..config },
            seat,
            nodes: Vec::with_capacity(capacity),
            edges: Vec::with_capacity(capacity * 4),
            path: Vec::new(),
            available: Vec::new(),
            actions: Vec::new(),
            hint_actions: Vec::new(),
            rewards: Vec::new(),
        }
    }

    /// Runs this tree's iterations (fewer when the leader cannot be caught or `stop` says
    /// so) and reports its root statistics per legal action.
    fn run(mut self, sampler: Sampler<'_, G>, legal: &[G::Action], rng: &mut GameRng, stop: StopCheck<'_>) -> TreeResult {
        self.nodes.push(NONE);
        let mut iterations = 0;
        while iterations < self.config.iterations {
            // A view that cannot be determinized is a defect of the game's Determinize; the
            // bot still answers (from the other trees, or at random) and reports the
            // iterations it managed.
            let Ok(state) = sampler.draw(self.seat, rng) else {
                break;
            };
            self.iterate(state, rng);
            iterations += 1;
            if self.config.early_stop
                && iterations % EARLY_STOP_CHECK_EVERY == 0
                && self.decided(legal, self.config.iterations - iterations)
            {
                break;
            }
            if iterations % STOP_CHECK_EVERY == 0 && stop() {
                break;
            }
        }
        let roots = legal
            .iter()
            .map(|action| {
                self.root_choices(std::slice::from_ref(action))
                    .next()
                    .map_or(RootStats { visits: 0, reward: 0.0 }, |edge| RootStats { visits: edge.visits, reward: edge.reward })
            })
            .collect();
        TreeResult { roots, iterations }
    }

    /// The root's edges that answer the question: the bot's own legal moves.
    fn root_choices<'a>(&'a self, legal: &'a [G::Action]) -> impl Iterator<Item = &'a Edge<G::Action>> + 'a {
        let mut index = self.nodes[0];
        std::iter::from_fn(move || {
            let edge = self.edges.get(index as usize)?;
            index = edge.next;
            Some(edge)
        })
        .filter(move |edge| edge.seat == self.seat && legal.contains(&edge.action))
    }

    /// Whether the most visited choice stays so whatever the `remaining` iterations do.
    fn decided(&self, legal: &[G::Action], remaining: u32) -> bool {
        let (mut first, mut second) = (0, 0);
        for edge in self.root_choices(legal) {
            if edge.visits > first {
                second = first;
                first = edge.visits;
            } else if edge.visits > second {
                second = edge.visits;
            }
        }
        first > second + remaining
    }

    /// One iteration: select and expand in the tree, play out, back up.
    fn iterate(&mut self, mut state: G, rng: &mut GameRng) {
        self.path.clear();
        let mut node = 0u32;
        settle(&mut state);
        while state.phase() == Phase::Playing {
            self.mark_available(node, &state);
            if self.available.is_empty() {
                break;
            }
            let hint = self.hint(&state);
            let untried = self.available.iter().filter(|&&index| self.edges[index as usize].visits == 0).count();
            let (edge_index, expanding) = match hint {
                // The heuristic's move is tried first.
                Some(index) if self.edges[index as usize].visits == 0 => (index, true),
                _ if untried > 0 => {
                    let pick = rng.below(untried);
                    let index = *self
                        .available
                        .iter()
                        .filter(|&&index| self.edges[index as usize].visits == 0)
                        .nth(pick)
                        .expect("pick is below the number of untried edges");
                    (index, true)
                }
                _ => (self.select(hint), false),
            };
            let edge = &self.edges[edge_index as usize];
            let (seat, action) = (edge.seat, edge.action);
            state.apply_with(seat, action, &mut NoEvents).expect("the move was listed among the state's legal actions");
            settle(&mut state);
            self.path.push(edge_index);
            if expanding {
                break;
            }
            node = self.child_of(edge_index);
        }
        let mut steps = 0;
        while state.phase() == Phase::Playing && self.config.horizon.is_none_or(|horizon| steps < horizon) {
            let Some((seat, action)) = state.playout_step(rng, &mut self.actions) else {
                break;
            };
            state.apply_with(seat, action, &mut NoEvents).expect("a playout step is a legal action");
            settle(&mut state);
            steps += 1;
        }
        self.rewards.clear();
        self.rewards.resize(state.players(), 0.5);
        if state.phase() == Phase::Playing {
            state.position_rewards(&mut self.rewards);
        } else {
            state.round_rewards(&mut self.rewards);
        }
        for &edge in &self.path {
            let edge = &mut self.edges[edge as usize];
            edge.visits += 1;
            edge.reward += self.rewards[edge.seat.index()];
        }
    }

    /// Lists in `available` the node's edges for every waited-for move legal in `state`
    /// (adding edges for moves never seen here), counting one more availability for each.
    fn mark_available(&mut self, node: u32, state: &G) {
        self.available.clear();
        for seat in state.waiting_for().iter() {
            state.legal_actions_into(seat, &mut self.actions);
            self.actions.retain(|action| !G::is_optional(action));
            state.prune_for_search(seat, &mut self.actions);
            for position in 0..self.actions.len() {
                let action = self.actions[position];
                let index = self.find_or_add(node, seat, action);
                self.edges[index as usize].available += 1;
                self.available.push(index);
            }
        }
    }

    /// The node's edge for `seat` taking `action`, added at the front if new.
    fn find_or_add(&mut self, node: u32, seat: Seat, action: G::Action) -> u32 {
        let mut index = self.nodes[node as usize];
        while index != NONE {
            let edge = &self.edges[index as usize];
            if edge.seat == seat && edge.action == action {
                return index;
            }
            index = edge.next;
        }
        let index = u32::try_from(self.edges.len()).expect("a search never grows past u32::MAX edges");
        self.edges.push(Edge { seat, action, child: NONE, next: self.nodes[node as usize], visits: 0, available: 0, reward: 0.0 });
        self.nodes[node as usize] = index;
        index
    }

    /// The available edge of the heuristic's move in `state`, if any.
    fn hint(&mut self, state: &G) -> Option<u32> {
        if self.config.bias <= 0.0 {
            return None;
        }
        let (seat, action) = state.heuristic_step(&mut self.hint_actions)?;
        self.available.iter().copied().find(|&index| {
            let edge = &self.edges[index as usize];
            edge.seat == seat && edge.action == action
        })
    }

    /// UCB1 over the available edges, all visited at least once, plus the progressive bias
    /// towards the heuristic's move `hint`.
    fn select(&self, hint: Option<u32>) -> u32 {
        let score = |index: u32| {
            let edge = &self.edges[index as usize];
            let visits = f64::from(edge.visits);
            let bias = if hint == Some(index) { self.config.bias / (visits + 1.0) } else { 0.0 };
            mean(edge) + self.config.exploration * (f64::from(edge.available).ln() / visits).sqrt() + bias
        };
        self.available
            .iter()
            .copied()
            .max_by(|&a, &b| score(a).total_cmp(&score(b)).then(std::cmp::Ordering::Greater))
            .expect("select is called with at least one available edge")
    }

    /// The node the edge leads to, made on first use.
    fn child_of(&mut self, edge: u32) -> u32 {
        let existing = self.edges[edge as usize].child;
        if existing != NONE {
            return existing;
        }
        let child = u32::try_from(self.nodes.len()).expect("a search never grows past u32::MAX nodes");
        self.nodes.push(NONE);
        self.edges[edge as usize].child = child;
        child
    }
}

/// An edge's mean reward so far (0 before any visit).
fn mean<A>(edge: &Edge<A>) -> f64 {
    if edge.visits == 0 { 0.0 } else { edge.reward / f64::from(edge.visits) }
}
