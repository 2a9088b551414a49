//! Playout speed per game, one core: `cargo bench -p cardtable-engine-bench --bench playout`.
//!
//! - `decision/<game>`: one uniformly random decision (legal actions, a uniform pick, apply
//!   without events): criterion's time per iteration is the time per decision.
//! - `round/<game>`: a whole round of uniformly random play; criterion prints its throughput
//!   in rounds per second (`elem/s`).
//! - `search-playout/<game>`: a whole round as the Hard level simulates it from a
//!   determinization of seat 0's view (its optional steps, then its playout policy), in
//!   rounds per second: what one search iteration costs.
//!
//! Bots run on exactly these paths.

use std::hint::black_box;
use std::time::{Duration, Instant};

use cardtable_engine::bots::{BotGame, BotGameVisitor, Determinize, roster};
use cardtable_engine::sim::random_step;
use cardtable_engine::{Game, GameKind, GameRng, NoEvents, Phase, Seat, TableSetup, Viewer};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// A random match that starts a new round (or match) whenever one ends.
struct Playout<G: Game> {
    game: G,
    policy: GameRng,
    actions: Vec<G::Action>,
    players: usize,
    matches: u64,
}

impl<G: Game> Playout<G> {
    fn new(players: usize) -> Playout<G> {
        Playout { game: fresh(players, 0), policy: GameRng::from_seed(99), actions: Vec::with_capacity(64), players, matches: 0 }
    }

    /// One decision; returns true when it ended a round.
    fn decide(&mut self) -> bool {
        let (seat, action) = random_step(&self.game, &mut self.policy, &mut self.actions).expect("a round in play has a decision");
        self.game.apply_legal_with(seat, action, &mut NoEvents);
        match self.game.phase() {
            Phase::Playing => false,
            Phase::RoundOver => {
                self.game.start_next_round(None, &mut NoEvents).expect("deals");
                true
            }
            Phase::MatchOver => {
                self.matches += 1;
                self.game = fresh(self.players, self.matches);
                true
            }
        }
    }
}

/// A new match of `G` with default options.
fn fresh<G: Game>(players: usize, seed: u64) -> G {
    G::new_match(TableSetup::new(players, seed), G::Options::default(), None).expect("default table sets up")
}

/// Plays one simulated round to its end as the search does: optional steps, then the policy.
fn search_playout<G: Determinize>(mut state: G, rng: &mut GameRng, actions: &mut Vec<G::Action>) -> G {
    while state.phase() == Phase::Playing {
        if let Some((seat, action)) = state.optional_step() {
            state.apply_with(seat, action, &mut NoEvents).expect("an optional step is legal");
            continue;
        }
        let Some((seat, action)) = state.playout_step(rng, actions) else {
            break;
        };
        state.apply_with(seat, action, &mut NoEvents).expect("a playout step is legal");
    }
    state
}

struct Bench<'a>(&'a mut Criterion, GameKind);

impl BotGameVisitor for Bench<'_> {
    type Output = ();
    fn visit<G: BotGame>(self) {
        let Bench(criterion, kind) = self;
        let range = G::seat_range(&G::Options::default());
        let players = 4.clamp(*range.start(), *range.end());
        let mut group = criterion.benchmark_group(kind.id());
        let mut playout = Playout::<G>::new(players);
        group.bench_function(format!("decision/{players}p"), |bench| {
            bench.iter_custom(|iters| {
                let started = Instant::now();
                for _ in 0..iters {
                    black_box(playout.decide());
                }
                started.elapsed()
            });
        });
        group.throughput(Throughput::Elements(1));
        let mut playout = Playout::<G>::new(players);
        group.bench_function(format!("round/{players}p"), |bench| {
            bench.iter_custom(|iters| {
                let started = Instant::now();
                for _ in 0..iters {
                    while !playout.decide() {}
                }
                started.elapsed()
            });
        });
        // Views of seat 0 at the start of rounds of a few matches, searched from as Hard does.
        let views: Vec<G::View> = (0..16).map(|seed| fresh::<G>(players, seed).view(Viewer::Seat(Seat(0)))).collect();
        let mut rng = GameRng::from_seed(7);
        let mut actions = Vec::with_capacity(64);
        let mut next = 0;
        group.bench_function(format!("search-playout/{players}p"), |bench| {
            bench.iter_custom(|iters| {
                let started = Instant::now();
                for _ in 0..iters {
                    let view = &views[next % views.len()];
                    next += 1;
                    let state = G::determinize(view, Seat(0), &mut rng).expect("a seat's view in play determinizes");
                    black_box(search_playout(state, &mut rng, &mut actions));
                }
                started.elapsed()
            });
        });
        group.finish();
    }
}

fn playouts(criterion: &mut Criterion) {
    for &kind in GameKind::ALL {
        roster::visit(kind, Bench(criterion, kind));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = playouts
}
criterion_main!(benches);
