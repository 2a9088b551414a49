//! Random-playout speed per game, one core: `cargo bench -p cardtable-engine --bench playout`.
//! `decision/<game>` times one random decision (legal actions, a uniform pick, apply without
//! events), so criterion's time per iteration is nanoseconds per decision. `round/<game>` times
//! a whole random round, the unit of rounds per second. Bots run on exactly this path.

use std::hint::black_box;
use std::time::{Duration, Instant};

use cardtable_engine::sim::random_step;
use cardtable_engine::{Game, GameKind, GameRng, GameVisitor, NoEvents, Phase, TableSetup};
use criterion::{Criterion, criterion_group, criterion_main};

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
        Playout { game: Self::fresh(players, 0), policy: GameRng::from_seed(99), actions: Vec::with_capacity(64), players, matches: 0 }
    }

    fn fresh(players: usize, seed: u64) -> G {
        G::new_match(TableSetup::new(players, seed), G::Options::default(), None).expect("default table sets up")
    }

    /// One decision; returns true when it ended a round.
    fn decide(&mut self) -> bool {
        let (seat, action) = random_step(&self.game, &mut self.policy, &mut self.actions).expect("a round in play has a decision");
        self.game.apply_with(seat, action, &mut NoEvents).expect("legal");
        match self.game.phase() {
            Phase::Playing => false,
            Phase::RoundOver => {
                self.game.start_next_round(None, &mut NoEvents).expect("deals");
                true
            }
            Phase::MatchOver => {
                self.matches += 1;
                self.game = Self::fresh(self.players, self.matches);
                true
            }
        }
    }
}

struct Bench<'a>(&'a mut Criterion, GameKind);

impl GameVisitor for Bench<'_> {
    type Output = ();
    fn visit<G: Game>(self) {
        let Bench(criterion, kind) = self;
        let players = *G::seat_range(&G::Options::default()).start().max(&4).min(G::seat_range(&G::Options::default()).end());
        let mut playout = Playout::<G>::new(players);
        criterion.bench_function(&format!("decision/{}/{players}p", kind.id()), |bench| {
            bench.iter_custom(|iters| {
                let started = Instant::now();
                for _ in 0..iters {
                    black_box(playout.decide());
                }
                started.elapsed()
            });
        });
        let mut playout = Playout::<G>::new(players);
        criterion.bench_function(&format!("round/{}/{players}p", kind.id()), |bench| {
            bench.iter_custom(|iters| {
                let started = Instant::now();
                for _ in 0..iters {
                    while !playout.decide() {}
                }
                started.elapsed()
            });
        });
    }
}

fn playouts(criterion: &mut Criterion) {
    for &kind in GameKind::ALL {
        kind.visit(Bench(criterion, kind));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = playouts
}
criterion_main!(benches);
