//! Bots playing whole matches against each other: the engine side of the app's
//! `cardtable sim --seats hard,normal,normal,normal`, which calls [`run`] with an
//! [`ArenaObserver`] that times each decision — the engine has no clock.
//!
//! Deterministic: the same config (seed included) plays the same matches, move for move. Match
//! `i` is dealt from a seed drawn from the config's seed, with its first dealer at seat
//! `i mod players` so no level keeps the dealer's seat; each seat's bot has its own RNG.
//!
//! The table works as a real one: after every action, each seat with an optional action
//! ("One!", a snap) is offered it, in a random order (who is quicker is luck); when nobody
//! takes one, a seat the round waits for decides. A bot only ever gets its own seat's view.

use serde::Serialize;

use crate::error::{ActionError, SetupError};
use crate::event::NoEvents;
use crate::game::{Game, Phase, TableSetup};
use crate::kind::GameKind;
use crate::refusal::Refusal;
use crate::rng::GameRng;
use crate::score::RoundEnd;
use crate::seat::{Seat, SeatSet, Viewer};
use crate::sim::JobRunner;

use super::arena_seat::ArenaSeat;
use super::bot::{Bot, BotLevel};
use super::bot_game::BotGame;
use super::ismcts::{IsmctsBot, SearchTuning, Threads};
use super::roster::{BotGameVisitor, make_bot_on};

/// What to play.
#[derive(Debug, Clone, PartialEq)]
pub struct ArenaConfig {
    /// The game.
    pub game: GameKind,
    /// Who sits at each seat, seat 0 first; the table has this many seats.
    pub seats: Vec<ArenaSeat>,
    /// Matches to play.
    pub matches: u64,
    /// Base seed: the whole run replays from it.
    pub seed: u64,
    /// The game's options as JSON (`None`: defaults).
    pub options: Option<serde_json::Value>,
    /// Changes to the Hard level's default search (none: the game's default).
    pub search: SearchTuning,
}

/// What the matches gave.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ArenaReport {
    /// Who sat at each seat.
    pub seats: Vec<ArenaSeat>,
    /// Matches played.
    pub matches: u64,
    /// Rounds played in all.
    pub rounds: u64,
    /// Rounds stopped by the turn cap.
    pub turn_capped_rounds: u64,
    /// Matches won by each seat; a shared win counts for every winner.
    pub wins: Vec<u64>,
    /// Waited-for decisions taken by each seat.
    pub decisions: Vec<u64>,
    /// Optional actions ("One!", snaps) each seat took.
    pub optional_taken: Vec<u64>,
    /// Search iterations of every waited-for decision, per seat, in order (all 0 for bots
    /// that do not search; 0 too for a Hard bot's forced moves).
    pub iterations: Vec<Vec<u32>>,
}

impl ArenaReport {
    /// Each seat's win rate if every seat played alike: the matches' winners shared out over
    /// the seats (¼ at four seats when a match has one winner; more where several win).
    #[must_use]
    pub fn parity(&self) -> f64 {
        let wins: u64 = self.wins.iter().sum();
        wins as f64 / (self.matches.max(1) * self.seats.len().max(1) as u64) as f64
    }
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

/// Hooks around each waited-for decision, for the caller's clock and progress display.
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

/// One question put to a bot and its answer, as [`run_inspected`] shows them.
#[derive(Debug)]
pub struct Offer<'a, G: Game> {
    /// The true state when the bot was asked (for checks only: the bot never sees it).
    pub game: &'a G,
    /// The seat asked.
    pub seat: Seat,
    /// The view the bot was given.
    pub view: &'a G::View,
    /// The actions it was offered.
    pub offered: &'a [G::Action],
    /// Its answer (`None`: declined an optional action, or no answer).
    pub answer: Option<G::Action>,
    /// Whether the offered actions were optional ones.
    pub optional: bool,
}

/// Plays `config` for any registered game, one match after another.
///
/// # Errors
/// Bad options or table, or a bot choosing an illegal action.
pub fn run(config: &ArenaConfig, observer: &mut impl ArenaObserver) -> Result<ArenaReport, ArenaError> {
    super::roster::visit(config.game, RunVisitor { config, observer })
}

struct RunVisitor<'a, O> {
    config: &'a ArenaConfig,
    observer: &'a mut O,
}

impl<O: ArenaObserver> BotGameVisitor for RunVisitor<'_, O> {
    type Output = Result<ArenaReport, ArenaError>;

    fn visit<G: BotGame>(self) -> Self::Output {
        run_inspected::<G>(self.config, self.observer, &mut |_| {})
    }
}

/// Plays `config` for any registered game, its matches on `runner` (the app's runs them on
/// every core). Each match gets its own observer from `observe` (match index in), handed back
/// in match order. The report is the one [`run`] gives, whatever the runner: each match is
/// dealt and played from seeds drawn in match order before any is played, with bots of its
/// own (bots keep nothing from one match to the next), and reports merge in match order.
///
/// # Errors
/// As [`run`]; when several matches fail, the first one's error.
pub fn run_on<O: ArenaObserver + Send>(
    config: &ArenaConfig,
    runner: &(impl JobRunner + Sync),
    observe: &(dyn Fn(u64) -> O + Sync),
) -> Result<(ArenaReport, Vec<O>), ArenaError> {
    super::roster::visit(config.game, RunOnVisitor { config, runner, observe })
}

struct RunOnVisitor<'a, R, O> {
    config: &'a ArenaConfig,
    runner: &'a R,
    observe: &'a (dyn Fn(u64) -> O + Sync),
}

impl<R: JobRunner + Sync, O: ArenaObserver + Send> BotGameVisitor for RunOnVisitor<'_, R, O> {
    type Output = Result<(ArenaReport, Vec<O>), ArenaError>;

    fn visit<G: BotGame>(self) -> Self::Output {
        let config = self.config;
        let options = prepare::<G>(config)?;
        let mut seeds = GameRng::from_seed(config.seed);
        let match_seeds: Vec<MatchSeeds> = (0..config.matches).map(|_| MatchSeeds::draw(&mut seeds, config.seats.len())).collect();
        // Matches filling the cores side by side: each Hard decision searches on its match's
        // thread, never queued behind other matches' work (the seeded answer is the same).
        let threads = if self.runner.side_by_side() { Threads::One } else { Threads::All };
        let played = self.runner.run_jobs(0..config.matches, &|match_index| {
            let mut observer = (self.observe)(match_index);
            let mut part = ArenaReport::empty(&config.seats);
            let plan = MatchPlan { seeds: &match_seeds[match_index as usize], threads };
            play_one::<G>(config, &options, match_index, plan, &mut part, &mut observer, &mut |_| {}).map(|()| (part, observer))
        });
        let mut report = ArenaReport::empty(&config.seats);
        let mut observers = Vec::with_capacity(played.len());
        for result in played {
            let (part, observer) = result?;
            report.absorb(part);
            observers.push(observer);
        }
        Ok((report, observers))
    }
}

impl ArenaReport {
    /// A report of no match yet for a table of `seats`.
    fn empty(seats: &[ArenaSeat]) -> ArenaReport {
        let players = seats.len();
        ArenaReport {
            seats: seats.to_vec(),
            wins: vec![0; players],
            decisions: vec![0; players],
            optional_taken: vec![0; players],
            iterations: vec![Vec::new(); players],
            ..ArenaReport::default()
        }
    }

    /// Adds the matches of `later`, played after this report's (the order iterations keep).
    fn absorb(&mut self, later: ArenaReport) {
        self.matches += later.matches;
        self.rounds += later.rounds;
        self.turn_capped_rounds += later.turn_capped_rounds;
        let per_seat = self.wins.iter_mut().zip(&later.wins).chain(self.decisions.iter_mut().zip(&later.decisions));
        for (total, part) in per_seat.chain(self.optional_taken.iter_mut().zip(&later.optional_taken)) {
            *total += part;
        }
        for (total, part) in self.iterations.iter_mut().zip(later.iterations) {
            total.extend(part);
        }
    }
}

/// The game's options for `config`, once the table is known to be one the game accepts.
fn prepare<G: BotGame>(config: &ArenaConfig) -> Result<G::Options, ArenaError> {
    let options: G::Options = match &config.options {
        Some(json) => {
            serde_json::from_value(json.clone()).map_err(|error| ArenaError::Options { game: G::KIND, message: error.to_string() })?
        }
        None => G::Options::default(),
    };
    // Refuse a bad table before seating anyone.
    G::new_match(TableSetup::new(config.seats.len(), config.seed), options.clone(), None)?;
    Ok(options)
}

/// The seeds one match is dealt and played with.
struct MatchSeeds {
    deal: u64,
    bots: Vec<u64>,
    chooser: u64,
}

impl MatchSeeds {
    /// The next match's seeds from the run's generator: the deal, each seat's bot, the
    /// chooser, in that order.
    fn draw(seeds: &mut GameRng, players: usize) -> MatchSeeds {
        let deal = seeds.fork_seed();
        let bots = (0..players).map(|_| seeds.fork_seed()).collect();
        MatchSeeds { deal, bots, chooser: seeds.fork_seed() }
    }
}

/// Plays `config` for game `G`, showing every question put to a bot and its answer to
/// `inspect` (tests check there that bots see only their own seat's view).
///
/// # Errors
/// As [`run`].
pub fn run_inspected<G: BotGame>(
    config: &ArenaConfig,
    observer: &mut impl ArenaObserver,
    inspect: &mut impl FnMut(Offer<'_, G>),
) -> Result<ArenaReport, ArenaError> {
    let options = prepare::<G>(config)?;
    let mut report = ArenaReport::empty(&config.seats);
    let mut seeds = GameRng::from_seed(config.seed);
    for match_index in 0..config.matches {
        let match_seeds = MatchSeeds::draw(&mut seeds, config.seats.len());
        // One match at a time: Hard searches on every core.
        let plan = MatchPlan { seeds: &match_seeds, threads: Threads::All };
        play_one::<G>(config, &options, match_index, plan, &mut report, observer, inspect)?;
    }
    Ok(report)
}

/// How one match's table is set: its seeds, and the threads its Hard bots search on.
#[derive(Clone, Copy)]
struct MatchPlan<'a> {
    seeds: &'a MatchSeeds,
    threads: Threads,
}

/// Plays match `match_index` with a fresh bot per seat, adding it to `report`.
fn play_one<G: BotGame>(
    config: &ArenaConfig,
    options: &G::Options,
    match_index: u64,
    MatchPlan { seeds, threads }: MatchPlan<'_>,
    report: &mut ArenaReport,
    observer: &mut impl ArenaObserver,
    inspect: &mut impl FnMut(Offer<'_, G>),
) -> Result<(), ArenaError> {
    let players = config.seats.len();
    let mut setup = TableSetup::new(players, seeds.deal);
    // No level keeps the dealer's seat.
    setup.dealer = Seat((match_index % players as u64) as u8);
    let mut table = Table {
        game: G::new_match(setup, options.clone(), None)?,
        bots: config.seats.iter().map(|&seat| Seated::new(seat, config.search, threads)).collect(),
        rngs: seeds.bots.iter().map(|&seed| GameRng::from_seed(seed)).collect(),
        chooser: GameRng::from_seed(seeds.chooser),
        match_index,
    };
    let winners = table.play(report, observer, inspect)?;
    report.matches += 1;
    for seat in winners.iter() {
        report.wins[seat.index()] += 1;
    }
    observer.match_finished(match_index, winners);
    Ok(())
}

/// A bot at the arena's table: one that sees its view, as at every table, or the
/// perfect-information ceiling, handed the true state (only the arena seats it).
enum Seated<G: Game> {
    Fair(Box<dyn Bot<G>>),
    SeesAll(IsmctsBot),
}

impl<G: BotGame> Seated<G> {
    /// The bot for `seat`, its Hard search `tuning` applied to the game's default and
    /// multiplied by the seat's budget multiple, searching on `threads`.
    fn new(seat: ArenaSeat, mut tuning: SearchTuning, threads: Threads) -> Seated<G> {
        if seat.times != 1 {
            let iterations = tuning.apply(G::SEARCH).iterations;
            tuning.iterations = Some(iterations.saturating_mul(seat.times));
        }
        if seat.sees_all {
            Seated::SeesAll(IsmctsBot::new(tuning.apply(G::SEARCH)).timed(tuning.clock).on(threads))
        } else {
            Seated::Fair(make_bot_on::<G>(seat.level, tuning, threads))
        }
    }

    fn bot(&mut self) -> &mut dyn Bot<G> {
        match self {
            Seated::Fair(bot) => bot.as_mut(),
            Seated::SeesAll(bot) => bot,
        }
    }
}

/// One match in progress, the bots at its table and their RNGs.
struct Table<G: Game> {
    game: G,
    bots: Vec<Seated<G>>,
    rngs: Vec<GameRng>,
    /// Draws who is quicker among seats acting at once.
    chooser: GameRng,
    match_index: u64,
}

impl<G: BotGame> Table<G> {
    /// Plays the match to its end; returns the winners.
    fn play(
        &mut self,
        report: &mut ArenaReport,
        observer: &mut impl ArenaObserver,
        inspect: &mut impl FnMut(Offer<'_, G>),
    ) -> Result<SeatSet, ArenaError> {
        loop {
            match self.game.phase() {
                Phase::Playing => {
                    if self.offer_optional(report, inspect)? {
                        continue;
                    }
                    let waiting = self.game.waiting_for();
                    let seat = waiting.iter().nth(self.chooser.below(waiting.len().max(1))).expect("a round in play waits for a seat");
                    self.decide(seat, report, observer, inspect)?;
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

    /// Offers each seat with optional actions its choice, quickest first (drawn at random);
    /// applies the first taken. Returns whether one was.
    fn offer_optional(&mut self, report: &mut ArenaReport, inspect: &mut impl FnMut(Offer<'_, G>)) -> Result<bool, ArenaError> {
        let mut seats: Vec<Seat> = self.game.to_act().iter().collect();
        self.chooser.shuffle(&mut seats);
        for seat in seats {
            let mut optional = self.game.legal_actions(seat);
            optional.retain(G::is_optional);
            if optional.is_empty() {
                continue;
            }
            let view = self.game.view(Viewer::Seat(seat));
            let bot = self.bots[seat.index()].bot();
            let answer = bot.optional(seat, &view, &optional, &mut self.rngs[seat.index()]);
            inspect(Offer { game: &self.game, seat, view: &view, offered: &optional, answer, optional: true });
            if let Some(action) = answer {
                let level = bot.level();
                if !optional.contains(&action) {
                    return Err(self.illegal(seat, level, ActionError::illegal(action, Refusal::NotOffered)));
                }
                self.game.apply_with(seat, action, &mut NoEvents).map_err(|error| self.illegal(seat, level, error))?;
                report.optional_taken[seat.index()] += 1;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Asks `seat`'s bot for a waited-for decision from its view alone, and applies it.
    fn decide(
        &mut self,
        seat: Seat,
        report: &mut ArenaReport,
        observer: &mut impl ArenaObserver,
        inspect: &mut impl FnMut(Offer<'_, G>),
    ) -> Result<(), ArenaError> {
        let view = self.game.view(Viewer::Seat(seat));
        let mut legal = self.game.legal_actions(seat);
        legal.retain(|action| !G::is_optional(action));
        let rng = &mut self.rngs[seat.index()];
        let (level, decision) = match &mut self.bots[seat.index()] {
            Seated::Fair(bot) => {
                let level = bot.level();
                observer.before_decision(seat, level);
                (level, bot.decide(seat, &view, &legal, rng))
            }
            Seated::SeesAll(bot) => {
                observer.before_decision(seat, BotLevel::Hard);
                (BotLevel::Hard, bot.decide_seeing_all(seat, &self.game, &legal, rng))
            }
        };
        let iterations = decision.map_or(0, |decision| decision.iterations);
        observer.after_decision(seat, level, iterations);
        inspect(Offer {
            game: &self.game,
            seat,
            view: &view,
            offered: &legal,
            answer: decision.map(|decision| decision.action),
            optional: false,
        });
        let decision = decision.expect("a seat the round waits for has legal actions, so its bot answers");
        report.decisions[seat.index()] += 1;
        report.iterations[seat.index()].push(iterations);
        if !legal.contains(&decision.action) {
            return Err(self.illegal(seat, level, ActionError::illegal(decision.action, Refusal::NotOffered)));
        }
        self.game.apply_with(seat, decision.action, &mut NoEvents).map_err(|error| self.illegal(seat, level, error))
    }

    fn illegal(&self, seat: Seat, level: BotLevel, error: ActionError) -> ArenaError {
        ArenaError::IllegalChoice { level, seat, match_index: self.match_index, error }
    }
}
