//! The Hard level: single-observer Information-Set Monte Carlo Tree Search (Cowling, Powley
//! and Whitehouse, 2012), generic over every game that implements [`Determinize`].
//!
//! Each iteration samples a fresh determinization of the bot's view, walks the tree from the
//! root choosing among the moves available *in that determinization* with UCB1 (a move's
//! exploration term counts how often it was available, not how often its parent was visited),
//! adds one node, plays the round out with the game's light random policy
//! ([`Determinize::playout_step`], by default `sim::random_step`) and backs up every seat's
//! reward for the round ([`Determinize::round_rewards`]): each edge learns from the reward of
//! the seat that took it, so opponents are modelled as playing for themselves. The answer is
//! the root's most visited action.
//!
//! The budget is iterations, not time: the engine has no clock, and a fixed budget keeps a
//! seeded match reproducible on any machine.

use crate::event::NoEvents;
use crate::game::{Game, Phase};
use crate::rng::GameRng;
use crate::seat::Seat;

use super::bot::{Bot, BotLevel, Decision};
use super::determinize::Determinize;

/// Iterations per decision by default: a few tens of milliseconds per Crazy Eights decision
/// at four seats on one core of the reference machine in a release build (measured in
/// docs/bots.md), well inside the 200 ms a decision may take.
pub const DEFAULT_ITERATIONS: u32 = 4_000;

/// UCB1's exploration constant for rewards in `[0, 1]`. Tuned at Crazy Eights against three
/// Normal bots: 0.35 won clearly more than 0.2 or 1.0 (docs/bots.md).
pub const DEFAULT_EXPLORATION: f64 = 0.35;

/// How hard the search thinks.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct IsmctsConfig {
    /// Determinizations searched per decision.
    pub iterations: u32,
    /// UCB1's exploration constant.
    pub exploration: f64,
}

impl Default for IsmctsConfig {
    fn default() -> IsmctsConfig {
        IsmctsConfig { iterations: DEFAULT_ITERATIONS, exploration: DEFAULT_EXPLORATION }
    }
}

/// The Hard bot.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct IsmctsBot {
    /// The search budget.
    pub config: IsmctsConfig,
}

impl IsmctsBot {
    /// A bot searching with `config`.
    #[must_use]
    pub const fn new(config: IsmctsConfig) -> IsmctsBot {
        IsmctsBot { config }
    }
}

impl<G: Determinize> Bot<G> for IsmctsBot {
    fn level(&self) -> BotLevel {
        BotLevel::Hard
    }

    fn decide(&mut self, seat: Seat, view: &G::View, legal: &[G::Action], rng: &mut GameRng) -> Option<Decision<G::Action>> {
        match legal {
            [] => None,
            // A forced move needs no thought.
            [only] => Some(Decision { action: *only, iterations: 0 }),
            _ => Some(Search::<G>::new(self.config, seat).run(view, legal, rng)),
        }
    }
}

/// Marks an edge whose child node has not been made yet.
const NO_CHILD: u32 = u32::MAX;

/// A move out of a node: who takes it, and what the search has learnt about it.
#[derive(Debug, Clone)]
struct Edge<A> {
    seat: Seat,
    action: A,
    child: u32,
    visits: u32,
    available: u32,
    reward: f64,
}

/// One search: the tree (nodes as lists of edges, in an arena) and reusable buffers, so an
/// iteration allocates only its determinization.
struct Search<G: Game> {
    config: IsmctsConfig,
    seat: Seat,
    nodes: Vec<Vec<Edge<G::Action>>>,
    /// The (node, edge) pairs walked this iteration.
    path: Vec<(u32, u32)>,
    /// Indices of the current node's edges available in this determinization.
    available: Vec<u32>,
    actions: Vec<G::Action>,
    rewards: Vec<f64>,
}

impl<G: Determinize> Search<G> {
    fn new(config: IsmctsConfig, seat: Seat) -> Search<G> {
        Search { config, seat, nodes: vec![Vec::new()], path: Vec::new(), available: Vec::new(), actions: Vec::new(), rewards: Vec::new() }
    }

    fn run(mut self, view: &G::View, legal: &[G::Action], rng: &mut GameRng) -> Decision<G::Action> {
        let mut iterations = 0;
        for _ in 0..self.config.iterations {
            // A view that cannot be determinized is a defect of the game's Determinize; the
            // bot still answers (below) and reports the iterations it managed.
            let Ok(state) = G::determinize(view, self.seat, rng) else {
                break;
            };
            self.iterate(state, rng);
            iterations += 1;
        }
        let root = &self.nodes[0];
        let best = root
            .iter()
            .filter(|edge| edge.seat == self.seat && legal.contains(&edge.action))
            .max_by(|a, b| a.visits.cmp(&b.visits).then_with(|| mean(a).total_cmp(&mean(b))).then(std::cmp::Ordering::Greater));
        let action = best.map_or_else(|| legal[rng.below(legal.len())], |edge| edge.action);
        Decision { action, iterations }
    }

    /// One iteration: select and expand in the tree, play out, back up.
    fn iterate(&mut self, mut state: G, rng: &mut GameRng) {
        self.path.clear();
        let mut node = 0u32;
        while state.phase() == Phase::Playing {
            self.mark_available(node, &state);
            if self.available.is_empty() {
                break;
            }
            let edges = &self.nodes[node as usize];
            let untried = self.available.iter().filter(|&&index| edges[index as usize].visits == 0).count();
            let (edge_index, expanding) = if untried > 0 {
                let pick = rng.below(untried);
                let index = *self
                    .available
                    .iter()
                    .filter(|&&index| edges[index as usize].visits == 0)
                    .nth(pick)
                    .expect("pick is below the number of untried edges");
                (index, true)
            } else {
                (self.select(node), false)
            };
            let edge = &self.nodes[node as usize][edge_index as usize];
            let (seat, action) = (edge.seat, edge.action);
            state.apply_with(seat, action, &mut NoEvents).expect("the move was listed among the state's legal actions");
            self.path.push((node, edge_index));
            let child = self.child_of(node, edge_index);
            if expanding {
                break;
            }
            node = child;
        }
        while state.phase() == Phase::Playing {
            let Some((seat, action)) = state.playout_step(rng, &mut self.actions) else {
                break;
            };
            state.apply_with(seat, action, &mut NoEvents).expect("a playout step is a legal action");
        }
        self.rewards.clear();
        self.rewards.resize(state.players(), 0.5);
        if state.phase() != Phase::Playing {
            state.round_rewards(&mut self.rewards);
        }
        for &(node, edge) in &self.path {
            let edge = &mut self.nodes[node as usize][edge as usize];
            edge.visits += 1;
            edge.reward += self.rewards[edge.seat.index()];
        }
    }

    /// Lists in `available` the node's edges for every move legal in `state` (adding edges for
    /// moves never seen here), counting one more availability for each.
    fn mark_available(&mut self, node: u32, state: &G) {
        self.available.clear();
        for seat in state.to_act().iter() {
            state.legal_actions_into(seat, &mut self.actions);
            let edges = &mut self.nodes[node as usize];
            for &action in &self.actions {
                let index = match edges.iter().position(|edge| edge.seat == seat && edge.action == action) {
                    Some(index) => index,
                    None => {
                        edges.push(Edge { seat, action, child: NO_CHILD, visits: 0, available: 0, reward: 0.0 });
                        edges.len() - 1
                    }
                };
                edges[index].available += 1;
                self.available.push(index as u32);
            }
        }
    }

    /// UCB1 over the available edges, all visited at least once.
    fn select(&self, node: u32) -> u32 {
        let edges = &self.nodes[node as usize];
        let score = |index: u32| {
            let edge = &edges[index as usize];
            let visits = f64::from(edge.visits);
            mean(edge) + self.config.exploration * (f64::from(edge.available).ln() / visits).sqrt()
        };
        self.available
            .iter()
            .copied()
            .max_by(|&a, &b| score(a).total_cmp(&score(b)).then(std::cmp::Ordering::Greater))
            .expect("select is called with at least one available edge")
    }

    /// The node the edge leads to, made on first use.
    fn child_of(&mut self, node: u32, edge: u32) -> u32 {
        let existing = self.nodes[node as usize][edge as usize].child;
        if existing != NO_CHILD {
            return existing;
        }
        let child = u32::try_from(self.nodes.len()).expect("a search never grows past u32::MAX nodes");
        self.nodes.push(Vec::new());
        self.nodes[node as usize][edge as usize].child = child;
        child
    }
}

/// An edge's mean reward so far (0 before any visit).
fn mean<A>(edge: &Edge<A>) -> f64 {
    if edge.visits == 0 { 0.0 } else { edge.reward / f64::from(edge.visits) }
}
