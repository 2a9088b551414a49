//! A match played on this device: the [`Host`] and its bots. Bots decide from their own view on
//! a worker thread and are paced (or stepped) so people can follow them; bots with optional
//! decisions ("One!", snaps) answer after every move; a Youglouf snap window keeps the next
//! turn from taking a card until its grace time has passed.

use cardtable_engine::bots::BotLevel;
use cardtable_engine::{Addressed, AnyAction, AnyEvent, AnyOptions, AnyView, GameKind, GameRng, Phase, Seat, SeatSet, SetupError, Viewer};

use super::bots::{self, PendingDecision, decide};
use super::host::Host;
use super::seating::Occupant;
use super::{Session, SessionError};
use crate::settings::BotPace;

/// The hot-seat session: everything runs here.
#[derive(Debug)]
pub struct LocalTable {
    host: Host,
    pace: BotPace,
    /// When the last move was made (seconds), so the next bot move waits its pause.
    last_move_at: f64,
    /// The last `now` seen by [`Session::poll`].
    now: f64,
    /// A bot's decision being made on a worker thread.
    thinking: Option<PendingDecision>,
    /// Step mode: the player let the next bot move go.
    step_requested: bool,
    /// The open Youglouf snap window: the open deck's size when it opened, and when.
    snap_window: Option<(usize, f64)>,
    /// Bots' optional decisions come from this RNG (a bot's slips are random).
    optional_rng: GameRng,
    /// When bots answer their optional decisions after the last move: people get the same
    /// moment to react as bots do.
    optional_due: Option<f64>,
}

impl LocalTable {
    /// A new match of the options' game with these occupants, seeded by `seed`.
    ///
    /// # Errors
    /// The game refuses the table (seat count, options).
    pub fn new(options: AnyOptions, seats: Vec<Occupant>, seed: u64, pace: BotPace) -> Result<LocalTable, SetupError> {
        Ok(LocalTable::resume(Host::new(options, seats, seed)?, pace))
    }

    /// Plays on from `host` (a new match, or one rebuilt from a save).
    #[must_use]
    pub fn resume(host: Host, pace: BotPace) -> LocalTable {
        let seed = host.seed();
        LocalTable {
            host,
            pace,
            last_move_at: f64::NEG_INFINITY,
            now: 0.0,
            thinking: None,
            step_requested: false,
            snap_window: None,
            optional_rng: GameRng::from_seed(seed ^ 0x0971_0A41),
            optional_due: None,
        }
    }

    /// The seconds a snap window stays open before the next turn may take a card.
    fn snap_grace(&self) -> f64 {
        match self.host.game().options() {
            AnyOptions::Youglouf(options) => f64::from(options.snap_grace_ms) / 1_000.0,
            _ => 0.0,
        }
    }

    /// Notes a snap window that has just opened (or closed) after a move.
    fn track_snap_window(&mut self) {
        let AnyView::Youglouf(view) = self.host.view(Viewer::Spectator) else {
            return;
        };
        self.snap_window = match (view.snap_open, self.snap_window) {
            (false, _) => None,
            (true, Some((size, since))) if size == view.open_deck.len() => Some((size, since)),
            (true, _) => Some((view.open_deck.len(), self.now)),
        };
    }

    /// Records a move just made: pacing, the snap window, when bots answer optional decisions.
    fn moved(&mut self) {
        self.last_move_at = self.now;
        self.track_snap_window();
        self.optional_due = Some(self.now + self.reaction());
    }

    /// How long bots take to react to a move with an optional decision: half their pause, so
    /// a snap lands well inside the grace time.
    fn reaction(&self) -> f64 {
        self.pace.pause().unwrap_or(STEP_REACTION) * 0.5
    }

    /// Lets every bot with an optional decision ("One!", a snap) answer it, one answer at a
    /// time in the state it was made in.
    fn answer_optional(&mut self) {
        for _ in 0..bots::MOST_OPTIONAL_ANSWERS {
            let host = &self.host;
            let Some((seat, action)) = bots::first_optional_answer(host, |seat| host.occupant(seat).bot_level(), &mut self.optional_rng)
            else {
                break;
            };
            if let Err(error) = self.host.act(seat, action) {
                tracing::error!(%error, seat = seat.0, "a bot's optional move was refused");
                break;
            }
            self.track_snap_window();
        }
    }

    /// The bot the round waits for, if it waits for a bot and for no person.
    fn bot_due(&self) -> Option<(Seat, BotLevel)> {
        if self.host.phase() != Phase::Playing {
            return None;
        }
        let seat = self.host.bot_to_act()?;
        Some((seat, self.host.occupant(seat).bot_level().unwrap_or(BotLevel::Random)))
    }

    /// When the due bot may move: after the pace's pause, and after a snap window's grace.
    fn bot_may_move_at(&self, pause: f64) -> f64 {
        let after_pause = self.last_move_at + pause;
        match self.snap_window {
            Some((_, since)) => after_pause.max(since + self.snap_grace()),
            None => after_pause,
        }
    }

    /// Collects a finished bot decision, if any; returns whether one is still being made.
    fn collect_decision(&mut self) -> bool {
        let Some(thinking) = &self.thinking else { return false };
        let seat = thinking.seat;
        match thinking.poll() {
            Ok(None) => return true,
            Ok(Some(Some(action))) => {
                self.thinking = None;
                match self.host.act(seat, action) {
                    Ok(()) => self.moved(),
                    Err(error) => tracing::error!(%error, seat = seat.0, "a bot's move was refused"),
                }
            }
            Ok(Some(None)) | Err(_) => {
                tracing::error!(seat = seat.0, "a bot found no move");
                self.thinking = None;
            }
        }
        false
    }
}

/// How often a bot's worker is checked while it thinks.
const THINKING_POLL: f64 = 0.03;

/// Bots' reaction time in step mode, where moves have no pause.
const STEP_REACTION: f64 = 0.6;

impl Session for LocalTable {
    fn kind(&self) -> GameKind {
        self.host.kind()
    }

    fn occupants(&self) -> &[Occupant] {
        self.host.seats()
    }

    fn local_seats(&self) -> SeatSet {
        Seat::all(self.host.seats().len()).filter(|&seat| self.host.occupant(seat).is_human()).collect()
    }

    fn view(&self, viewer: Viewer) -> Option<AnyView> {
        Some(self.host.view(viewer))
    }

    fn history(&self) -> &[Addressed<AnyEvent>] {
        self.host.history()
    }

    fn phase(&self) -> Phase {
        self.host.phase()
    }

    fn waiting_for(&self) -> SeatSet {
        self.host.waiting_for()
    }

    fn act(&mut self, seat: Seat, action: AnyAction) -> Result<(), SessionError> {
        if !self.host.occupant(seat).is_human() {
            return Err(SessionError::NotLocal(seat));
        }
        self.host.act(seat, action)?;
        self.moved();
        Ok(())
    }

    fn deals(&self) -> bool {
        true
    }

    fn next_round(&mut self) -> Result<(), SessionError> {
        self.host.next_round()?;
        self.moved();
        Ok(())
    }

    fn poll(&mut self, now: f64) -> Option<f64> {
        self.now = now;
        if self.collect_decision() {
            return Some(THINKING_POLL);
        }
        if let Some(due) = self.optional_due {
            if now < due {
                return Some(due - now);
            }
            self.optional_due = None;
            self.answer_optional();
        }
        let Some((seat, level)) = self.bot_due() else {
            // A person's turn: wake up when a snap window's grace ends, so the deck unlocks.
            return self.grace_left(now);
        };
        let Some(pause) = self.pace.pause() else {
            if !std::mem::take(&mut self.step_requested) {
                return None;
            }
            return self.start_decision(seat, level);
        };
        let due = self.bot_may_move_at(pause);
        if now < due {
            return Some(due - now);
        }
        self.start_decision(seat, level)
    }

    fn set_pace(&mut self, pace: BotPace) {
        self.pace = pace;
    }

    fn bot_move_waiting(&self) -> bool {
        self.pace == BotPace::Step && self.thinking.is_none() && self.bot_due().is_some()
    }

    fn step(&mut self) {
        self.step_requested = true;
    }

    fn grace_left(&self, now: f64) -> Option<f64> {
        let (_, since) = self.snap_window?;
        let left = since + self.snap_grace() - now;
        (left > 0.0).then_some(left)
    }

    fn rematch(&self) -> Option<(AnyOptions, Vec<Occupant>)> {
        Some((self.host.game().rematch_options(), self.host.seats().to_vec()))
    }

    fn host(&self) -> Option<&Host> {
        Some(&self.host)
    }
}

impl LocalTable {
    /// Makes the due bot's decision: a searching bot on a worker thread, so the window never
    /// freezes; the heuristic levels take microseconds and decide at once.
    fn start_decision(&mut self, seat: Seat, level: BotLevel) -> Option<f64> {
        let seed = self.host.bot_seed();
        let view = self.host.view(Viewer::Seat(seat));
        let legal = self.host.legal_actions(seat);
        if level == BotLevel::Hard {
            self.thinking = Some(PendingDecision::start(level, seat, view, legal, seed));
            return Some(THINKING_POLL);
        }
        match decide(level, seat, &view, &legal, &mut GameRng::from_seed(seed)) {
            Some(action) => match self.host.act(seat, action) {
                Ok(()) => self.moved(),
                Err(error) => tracing::error!(%error, seat = seat.0, "a bot's move was refused"),
            },
            None => tracing::error!(seat = seat.0, "a bot found no move"),
        }
        Some(0.0)
    }
}
