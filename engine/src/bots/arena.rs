//! Bots playing whole matches against each other: the engine side of the app's
//! `cardtable sim --seats hard,normal,normal,normal`, which calls [`run`] (or [`run_game`])
//! with an [`ArenaObserver`] that times each decision — the engine has no clock.
//!
//! Deterministic: the same config (seed included) plays the same matches, move for move. Match
//! `i` is dealt from a seed drawn from the config's seed, with its first dealer at seat
//! `i mod players` so no level keeps the dealer's seat; each seat's bot has its own RNG.

use serde::Serialize;

use crate::error::{ActionError, SetupError};
use crate::event::NoEvents;
use crate::game::{Game, Phase, TableSetup};
use crate::games::crazy_eights::CrazyEights;
use crate::registry::{GameKind, GameVisitor};
use crate::rng::GameRng;
use crate::score::RoundEnd;
use crate::seat::{Seat, SeatSet, Viewer};

use super::bot::{Bot, BotLevel, RandomBot};
use super::ismcts::IsmctsConfig;
use super::roster::{BotGame, make_bot};

/// What to play.
#[derive(Debug, Clone, PartialEq)]
pub struct ArenaConfig {
    /// The game.
    pub game: GameKind,
    /// One level per seat, seat 0 first; the table has this many seats.
    pub seats: Vec<BotLevel>,
    /// Matches to play.
    pub matches: u64,
    /// Base seed: the whole run replays from it.
    pub seed: u64,
    /// The game's options as JSON (`None`: defaults).
    pub options: Option<serde_json::Value>,
    /// The Hard level's search budget.
    pub hard: IsmctsConfig,
}

/// What the matches gave.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ArenaReport {
    /// The level at each seat.
    pub seats: Vec<BotLevel>,
    /// Matches played.
    pub matches: u64,
    /// Rounds played in all.
    pub rounds: u64,
    /// Rounds stopped by the turn cap.
    pub turn_capped_rounds: u64,
    /// Matches won by each seat; a shared win counts for every winner.
    pub wins: Vec<u64>,
    /// Decisions taken by each seat.
    pub decisions: Vec<u64>,
    /// Search iterations of every decision, per seat, in order (all 0 for bots that do not
    /// search; 0 too for a Hard bot's forced moves).
    pub iterations: Vec<Vec<u32>>,
}

/// Why the arena stopped.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ArenaError {
    /// Fewer than two seats, or a table the game refuses.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The options are not the game's.
    #[error("options for {game}: {message}")]
    Options {
        /// The game.
        game: GameKind,
        /// What serde said.
        message: String,
    },
    /// The game has no bot of this level yet.
    #[error("{game} has no {level} bot yet")]
    NoBot {
        /// The game.
        game: GameKind,
        /// The level asked for.
        level: BotLevel,
    },
    /// A bot chose an action that is not legal: a defect in that bot.
    #[error("the {level} bot at {seat} chose an illegal action in match {match_index}: {error}")]
    IllegalChoice {
        /// The bot's level.
        level: BotLevel,
        /// Its seat.
        seat: Seat,
        /// Which match (from 0).
        match_index: u64,
        /// The engine's refusal.
        error: ActionError,
    },
}

/// Hooks around each decision, for the caller's clock and progress display.
pub trait ArenaObserver {
    /// Just before `seat`'s bot starts thinking.
    fn before_decision(&mut self, _seat: Seat, _level: BotLevel) {}
    /// Just after it chose, having spent `iterations` search iterations.
    fn after_decision(&mut self, _seat: Seat, _level: BotLevel, _iterations: u32) {}
    /// A match ended with these winners.
    fn match_finished(&mut self, _match_index: u64, _winners: SeatSet) {}
}

/// Observes nothing.
impl ArenaObserver for () {}

/// Plays `config` for any registered game. Crazy Eights has every level; the other games have
/// the Random level until they implement [`BotGame`] (each then gets one line here).
///
/// # Errors
/// Bad options or table, a level the game has no bot for, or a bot choosing an illegal action.
pub fn run(config: &ArenaConfig, observer: &mut impl ArenaObserver) -> Result<ArenaReport, ArenaError> {
    match config.game {
        GameKind::CrazyEights => run_game::<CrazyEights>(config, &mut make_bot_for::<CrazyEights>(config.hard), observer),
        kind => kind.visit(RandomOnly { config, observer }),
    }
}

/// A factory seating any level of a [`BotGame`].
fn make_bot_for<G: BotGame>(hard: IsmctsConfig) -> impl FnMut(BotLevel) -> Option<Box<dyn Bot<G>>> {
    move |level| Some(make_bot::<G>(level, hard))
}

/// Runs a game that has only the Random level.
struct RandomOnly<'a, O> {
    config: &'a ArenaConfig,
    observer: &'a mut O,
}

impl<O: ArenaObserver> GameVisitor for RandomOnly<'_, O> {
    type Output = Result<ArenaReport, ArenaError>;

    fn visit<G: Game>(self) -> Self::Output {
        let mut factory = |level: BotLevel| (level == BotLevel::Random).then(|| Box::new(RandomBot) as Box<dyn Bot<G>>);
        run_game::<G>(self.config, &mut factory, self.observer)
    }
}

/// Plays `config` for game `G`, seating the bots `factory` makes (`None`: no bot of that level).
///
/// # Errors
/// As [`run`].
pub fn run_game<G: Game>(
    config: &ArenaConfig,
    factory: &mut impl FnMut(BotLevel) -> Option<Box<dyn Bot<G>>>,
    observer: &mut impl ArenaObserver,
) -> Result<ArenaReport, ArenaError> {
    let options: G::Options = match &config.options {
        Some(json) => {
            serde_json::from_value(json.clone()).map_err(|error| ArenaError::Options { game: G::KIND, message: error.to_string() })?
        }
        None => G::Options::default(),
    };
    let players = config.seats.len();
    // Refuse a bad table before seating anyone.
    G::new_match(TableSetup::new(players, config.seed), options.clone(), None)?;
    let mut bots = Vec::with_capacity(players);
    for &level in &config.seats {
        bots.push(factory(level).ok_or(ArenaError::NoBot { game: G::KIND, level })?);
    }
    let mut report = ArenaReport {
        seats: config.seats.clone(),
        wins: vec![0; players],
        decisions: vec![0; players],
        iterations: vec![Vec::new(); players],
        ..ArenaReport::default()
    };
    let mut seeds = GameRng::from_seed(config.seed);
    for match_index in 0..config.matches {
        let mut setup = TableSetup::new(players, seeds.fork_seed());
        setup.dealer = Seat((match_index % players as u64) as u8);
        let mut table = Table { game: G::new_match(setup, options.clone(), None)?, bots: &mut bots, match_index };
        let mut rngs: Vec<GameRng> = (0..players).map(|_| GameRng::from_seed(seeds.fork_seed())).collect();
        let mut chooser = GameRng::from_seed(seeds.fork_seed());
        let winners = table.play(&mut rngs, &mut chooser, &mut report, observer)?;
        report.matches += 1;
        for seat in winners.iter() {
            report.wins[seat.index()] += 1;
        }
        observer.match_finished(match_index, winners);
    }
    Ok(report)
}

/// One match in progress and the bots at its table.
struct Table<'a, G: Game> {
    game: G,
    bots: &'a mut [Box<dyn Bot<G>>],
    match_index: u64,
}

impl<G: Game> Table<'_, G> {
    /// Plays the match to its end; returns the winners.
    fn play(
        &mut self,
        rngs: &mut [GameRng],
        chooser: &mut GameRng,
        report: &mut ArenaReport,
        observer: &mut impl ArenaObserver,
    ) -> Result<SeatSet, ArenaError> {
        loop {
            match self.game.phase() {
                Phase::Playing => {
                    // Several seats may have a decision at once (snaps, "One!"): who is quicker
                    // is drawn at random, as at a real table.
                    let to_act = self.game.to_act();
                    let seat = to_act.iter().nth(chooser.below(to_act.len().max(1))).expect("a round in play has a seat to act");
                    self.decide(seat, &mut rngs[seat.index()], report, observer)?;
                }
                Phase::RoundOver | Phase::MatchOver => {
                    report.rounds += 1;
                    if self.game.last_round().is_some_and(|round| round.end == RoundEnd::TurnCap) {
                        report.turn_capped_rounds += 1;
                    }
                    if self.game.phase() == Phase::MatchOver {
                        return Ok(self.game.match_result().map_or(SeatSet::EMPTY, |result| result.winners));
                    }
                    self.game.start_next_round(None, &mut NoEvents).expect("a finished round that is not the match's last deals the next");
                }
            }
        }
    }

    /// Asks `seat`'s bot for a decision from its view alone, and applies it.
    fn decide(
        &mut self,
        seat: Seat,
        rng: &mut GameRng,
        report: &mut ArenaReport,
        observer: &mut impl ArenaObserver,
    ) -> Result<(), ArenaError> {
        let view = self.game.view(Viewer::Seat(seat));
        let legal = self.game.legal_actions(seat);
        let bot = &mut self.bots[seat.index()];
        let level = bot.level();
        observer.before_decision(seat, level);
        let decision = bot.decide(seat, &view, &legal, rng).expect("a seat to act has legal actions, so its bot answers");
        observer.after_decision(seat, level, decision.iterations);
        report.decisions[seat.index()] += 1;
        report.iterations[seat.index()].push(decision.iterations);
        self.game.apply_with(seat, decision.action, &mut NoEvents).map_err(|error| self.illegal(seat, level, error))
    }

    fn illegal(&self, seat: Seat, level: BotLevel, error: ActionError) -> ArenaError {
        ArenaError::IllegalChoice { level, seat, match_index: self.match_index, error }
    }
}
