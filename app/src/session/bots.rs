//! Bot seats at a local table: each decision is made from the bot's own view and legal actions
//! (never the true state), waited-for decisions on a worker thread so a searching bot never
//! freezes the window.
//!
//! Two questions, as at the table (see `cardtable_engine::bots::Bot`):
//! - [`decide`] / [`PendingDecision`]: the round waits for the bot's seat (`Host::bot_to_act`).
//!   The answer may be an optional action first (a Youglouf snap before taking a card); the
//!   table then asks again.
//! - [`optional`]: after every action, for each bot seat in `to_act` that the round does not
//!   wait for: take an optional action ("One!", a snap) or `None`. It never searches, so it
//!   answers at once on the UI thread; the table owns the clock (a snap's grace time).
//!   [`first_optional_answer`] asks the bots of a table in seat order, one answer at a time.

use std::sync::mpsc::{Receiver, TryRecvError, sync_channel};

use cardtable_engine::bots::{BotGame, BotGameVisitor, BotLevel, make_bot, roster, split_optional};
use cardtable_engine::{AnyAction, AnyView, GameRng, Listed, Phase, Seat, Viewer};

use super::host::Host;

/// Which question is put to a bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Question {
    /// The round waits for the seat.
    Decide,
    /// The seat may take an optional action.
    Optional,
}

/// Puts `question` to a bot of game `G`, converting the game-agnostic actions with `unwrap`
/// and `wrap`. Deciding, the bot is first offered its optional actions (a snap it wants to
/// make before taking a card), then asked among the others.
fn ask<G: BotGame>(
    question: Question,
    (level, seat, view, legal): (BotLevel, Seat, &G::View, &[AnyAction]),
    rng: &mut GameRng,
    unwrap: fn(&AnyAction) -> Option<G::Action>,
    wrap: fn(G::Action) -> AnyAction,
) -> Option<AnyAction> {
    let typed: Vec<G::Action> = legal.iter().filter_map(unwrap).collect();
    let (required, optional) = split_optional::<G>(&typed);
    let mut bot = make_bot::<G>(level, crate::think::search_tuning());
    let offered = (!optional.is_empty()).then(|| bot.optional(seat, view, &optional, rng)).flatten();
    let answer = match question {
        Question::Optional => offered,
        Question::Decide => offered.or_else(|| bot.decide(seat, view, &required, rng).map(|decision| decision.action)),
    };
    answer.map(wrap)
}

/// Puts `question` to the view's game's bot, chosen from the engine's roster (written from its
/// one list of games).
fn dispatch(question: Question, level: BotLevel, seat: Seat, view: &AnyView, legal: &[AnyAction], rng: &mut GameRng) -> Option<AnyAction> {
    /// The question for the visited game's bot, its view taken out of `AnyView`.
    struct Ask<'a> {
        question: Question,
        level: BotLevel,
        seat: Seat,
        view: &'a AnyView,
        legal: &'a [AnyAction],
        rng: &'a mut GameRng,
    }
    impl BotGameVisitor for Ask<'_> {
        type Output = Option<AnyAction>;
        fn visit<G: BotGame + Listed>(self) -> Option<AnyAction> {
            let view = self.view.downcast::<G>()?;
            ask::<G>(self.question, (self.level, self.seat, view, self.legal), self.rng, AnyAction::downcast::<G>, G::any_action)
        }
    }
    roster::visit(view.kind(), Ask { question, level, seat, view, legal, rng })
}

/// The bot's choice for `seat` when the round waits for it, from its view and legal actions
/// only: an optional action it wants to take first (a snap), else one of the others.
#[must_use]
pub fn decide(level: BotLevel, seat: Seat, view: &AnyView, legal: &[AnyAction], rng: &mut GameRng) -> Option<AnyAction> {
    dispatch(Question::Decide, level, seat, view, legal, rng)
}

/// Whether the bot in `seat` takes one of its optional actions now ("One!", a snap), from its
/// view and legal actions only; `None` when it declines or has none. Ask it after every
/// action for each bot seat in `to_act` that the round does not wait for.
#[must_use]
pub fn optional(level: BotLevel, seat: Seat, view: &AnyView, legal: &[AnyAction], rng: &mut GameRng) -> Option<AnyAction> {
    dispatch(Question::Optional, level, seat, view, legal, rng)
}

/// More optional answers in a row than a round can give: every seat's "One!", or every card
/// of a rank snapped from the open deck. Tables ask [`first_optional_answer`] at most this
/// often after a move.
pub const MOST_OPTIONAL_ANSWERS: usize = 32;

/// The first bot, in seat order, that takes an optional decision now ("One!", a snap), with
/// its answer, each asked from its own view of `host`; `level_of` says which seats bots hold.
/// Apply the answer, then ask again: an answer can open further options (a snap changes the
/// open deck), and each answer belongs to the state it was made in.
#[must_use]
pub fn first_optional_answer(host: &Host, level_of: impl Fn(Seat) -> Option<BotLevel>, rng: &mut GameRng) -> Option<(Seat, AnyAction)> {
    if host.phase() != Phase::Playing {
        return None;
    }
    host.to_act().without(host.waiting_for()).iter().find_map(|seat| {
        let level = level_of(seat)?;
        optional(level, seat, &host.view(Viewer::Seat(seat)), &host.legal_actions(seat), rng).map(|action| (seat, action))
    })
}

/// A bot's decision to be made (off the authority's thread for a searching bot) and handed
/// back with `Authority::bot_acted`.
#[derive(Debug, Clone)]
pub struct BotTurn {
    /// The seat deciding.
    pub seat: Seat,
    /// How well it plays.
    pub level: BotLevel,
    /// Its view (bots never see more).
    pub view: AnyView,
    /// Its legal actions.
    pub legal: Vec<AnyAction>,
    /// The seed of its decision (from the match seed, so bots' matches replay).
    pub seed: u64,
    /// The state it decides on; a stale decision is dropped.
    pub base: u64,
}

impl BotTurn {
    /// Makes the decision (a Hard bot searches: call it off the window's thread).
    #[must_use]
    pub fn decide(&self) -> Option<AnyAction> {
        let mut rng = GameRng::from_seed(self.seed);
        decide(self.level, self.seat, &self.view, &self.legal, &mut rng)
    }
}

/// A bot's decision being made: a searching bot's on a worker thread of its own, so the table
/// never freezes; the heuristic levels take microseconds and decide at once.
#[derive(Debug)]
pub struct PendingDecision {
    /// The decision being made.
    pub turn: Box<BotTurn>,
    answer: Answer,
}

/// Where a pending decision's answer comes from.
#[derive(Debug)]
enum Answer {
    /// Made already.
    Ready(Option<AnyAction>),
    /// Being made on a worker thread.
    Worker(Receiver<Option<AnyAction>>),
}

impl PendingDecision {
    /// Starts making `turn`'s decision; a worker calls `on_ready` once its answer waits (the
    /// owner then polls), an answer made at once does not.
    #[must_use]
    pub fn start(turn: Box<BotTurn>, on_ready: impl FnOnce() + Send + 'static) -> PendingDecision {
        if turn.level != BotLevel::Hard {
            let action = turn.decide();
            return PendingDecision { turn, answer: Answer::Ready(action) };
        }
        // One answer, sent once: a channel of one never grows.
        let (sender, receiver) = sync_channel(1);
        let worker = turn.clone();
        let spawned = std::thread::Builder::new().name(format!("bot-seat-{}", turn.seat.0)).spawn(move || {
            // The table may have been left meanwhile; then nobody listens, which is fine.
            let _ = sender.send(worker.decide());
            on_ready();
        });
        let answer = match spawned {
            Ok(_) => Answer::Worker(receiver),
            Err(error) => {
                tracing::warn!(%error, "no worker thread for a bot: it decides on this one");
                Answer::Ready(turn.decide())
            }
        };
        PendingDecision { turn, answer }
    }

    /// The decision once made: `Ok(None)` while thinking, `Err` if the worker died.
    ///
    /// # Errors
    /// The worker thread ended without answering (it panicked).
    pub fn poll(&mut self) -> Result<Option<Option<AnyAction>>, TryRecvError> {
        match &self.answer {
            Answer::Ready(action) => Ok(Some(*action)),
            Answer::Worker(receiver) => match receiver.try_recv() {
                Ok(action) => {
                    self.answer = Answer::Ready(action);
                    Ok(Some(action))
                }
                Err(TryRecvError::Empty) => Ok(None),
                Err(error) => Err(error),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::host::Host;
    use crate::session::seating::Occupant;
    use cardtable_engine::{AnyOptions, GameKind, Phase, Viewer};

    /// Every game, bots of every level at a Host's table, asked as the window asks them: the
    /// optional question for every seat after every action, the waited-for one when the round
    /// waits for a bot. Every answer is accepted and the match ends.
    #[test]
    fn bots_of_every_level_finish_a_match_of_every_game_through_the_host() {
        for &kind in GameKind::ALL {
            let levels = [BotLevel::Random, BotLevel::Easy, BotLevel::Normal, BotLevel::Easy];
            let players = if kind == GameKind::Dunno { 3 } else { 4 };
            let seats = (0..players).map(|index| Occupant::Bot { name: format!("bot {index}"), level: levels[index] }).collect();
            let mut options = AnyOptions::defaults(kind);
            if let AnyOptions::Youglouf(youglouf) = &mut options {
                youglouf.score_limit = 30;
            }
            let mut host = Host::new(options, seats, 21).expect("table");
            let mut optional_taken = 0;
            for _ in 0..100_000 {
                match host.phase() {
                    Phase::MatchOver => break,
                    Phase::RoundOver => host.next_round().expect("deals"),
                    Phase::Playing => {
                        let mut rng = GameRng::from_seed(host.bot_seed());
                        let offers = host.to_act().iter().filter(|&seat| !host.waiting_for().contains(seat));
                        let taken = offers.collect::<Vec<_>>().into_iter().find_map(|seat| {
                            let level = host.occupant(seat).bot_level().expect("only bots");
                            optional(level, seat, &host.view(Viewer::Seat(seat)), &host.legal_actions(seat), &mut rng)
                                .map(|action| (seat, action))
                        });
                        let (seat, action) = match taken {
                            Some(taken) => {
                                optional_taken += 1;
                                taken
                            }
                            None => {
                                let seat = host.bot_to_act().expect("only bots play");
                                let level = host.occupant(seat).bot_level().expect("only bots");
                                let action = decide(level, seat, &host.view(Viewer::Seat(seat)), &host.legal_actions(seat), &mut rng);
                                (seat, action.expect("a bot the round waits for answers"))
                            }
                        };
                        host.act(seat, action).unwrap_or_else(|error| panic!("{kind}: a bot's {action} was refused: {error}"));
                    }
                }
            }
            assert_eq!(host.phase(), Phase::MatchOver, "{kind}: the match ends");
            if matches!(kind, GameKind::Fool108 | GameKind::Youglouf) {
                assert!(optional_taken > 0, "{kind}: bots took optional actions out of turn");
            }
        }
    }

    #[test]
    fn every_game_offers_every_level() {
        for &kind in GameKind::ALL {
            assert_eq!(crate::session::seating::levels(kind), &BotLevel::ALL);
        }
    }
}
