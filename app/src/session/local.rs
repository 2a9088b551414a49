//! A match played on this device: every seat is here, people's and bots'. A thin line into the
//! same [`MatchRunner`] as a networked table (the same checks, the same snap grace, the same
//! bots and their worker); this session only says which seats are people's and keeps the
//! window's clock.

use cardtable_engine::bots::BotLevel;
use cardtable_engine::{Addressed, AnyAction, AnyEvent, AnyOptions, AnyView, Audience, GameKind, Phase, Seat, SeatSet, SetupError, Viewer};

use super::authority::Pacing;
use super::host::{Host, Step};
use super::replay::{self, MatchStart};
use super::runner::{Advanced, MOST_MOVES_AT_ONCE, MatchRunner};
use super::seating::Occupant;
use super::{Session, SessionError};
use crate::settings::BotPace;

/// The hot-seat session: everything runs here.
#[derive(Debug)]
pub struct LocalTable {
    runner: MatchRunner,
    /// The last `now` seen by [`Session::poll`].
    now: f64,
    /// Each seat's bot level (`None`: a person); hot-seat seats never change hands.
    levels: Vec<Option<BotLevel>>,
    /// Whether the match replays from its seed (not a stacked deal), so a move can be undone.
    replays: bool,
    /// Where the person's last decision sits in the steps, when it showed nothing hidden
    /// (every event it made was for everyone: no card drawn into a hand, no card looked at).
    undoable: Option<usize>,
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
        let levels = host.seats().iter().map(Occupant::bot_level).collect();
        LocalTable { runner: MatchRunner::new(host, Pacing::from(pace), 0.0), now: 0.0, levels, replays: true, undoable: None }
    }

    /// Plays on from a stacked deal (a scenario, a tutorial): as [`LocalTable::resume`], but
    /// nothing is taken back, since taking back replays the match from its seed.
    #[must_use]
    pub fn stacked(host: Host, pace: BotPace) -> LocalTable {
        LocalTable { replays: false, ..LocalTable::resume(host, pace) }
    }

    /// Takes `seat`'s action at time `now` for a script (a tutorial moves its teacher's seat,
    /// which is a bot's, and the person's), through the same authority as every move.
    ///
    /// # Errors
    /// The action is not `seat`'s to take now, or the snap grace holds it; nothing changes.
    pub fn scripted(&mut self, seat: Seat, action: AnyAction, now: f64) -> Result<(), SessionError> {
        self.now = now;
        Ok(self.runner.act(seat, action, now)?)
    }
}

impl LocalTable {
    /// Where the person's last decision sits in the steps, while it may be taken back: the
    /// table has one person and bots in every other seat (taking a move back against other
    /// people would take theirs back too), the round is being played, the decision showed
    /// nothing hidden (a drawn card, once seen, stays seen), and it is the last step (no bot
    /// has answered it: what a bot did is not taken back, nor learnt and undone).
    fn undo_point(&self) -> Option<usize> {
        let host = self.runner.host();
        let person = self.only_person()?;
        if host.phase() != Phase::Playing {
            return None;
        }
        self.undoable.filter(|&at| at + 1 == host.steps().len() && matches!(host.steps()[at], Step::Act(seat, _) if seat == person))
    }
}

impl LocalTable {
    /// The one person at a table of bots whose match replays from its seed: the only table
    /// where a move may be taken back.
    fn only_person(&self) -> Option<Seat> {
        let mut people = self.levels.iter().enumerate().filter(|(_, level)| level.is_none()).map(|(index, _)| Seat(index as u8));
        let (Some(person), None) = (people.next(), people.next()) else { return None };
        self.replays.then_some(person)
    }
}

impl Session for LocalTable {
    fn kind(&self) -> GameKind {
        self.runner.host().kind()
    }

    fn occupants(&self) -> &[Occupant] {
        self.runner.host().seats()
    }

    fn local_seats(&self) -> SeatSet {
        let host = self.runner.host();
        Seat::all(host.seats().len()).filter(|&seat| host.occupant(seat).is_human()).collect()
    }

    fn view(&self, viewer: Viewer) -> Option<AnyView> {
        Some(self.runner.host().view(viewer))
    }

    fn history(&self) -> &[Addressed<AnyEvent>] {
        self.runner.host().history()
    }

    fn phase(&self) -> Phase {
        self.runner.host().phase()
    }

    fn waiting_for(&self) -> SeatSet {
        self.runner.host().waiting_for()
    }

    fn act(&mut self, seat: Seat, action: AnyAction) -> Result<(), SessionError> {
        if !self.runner.host().occupant(seat).is_human() {
            return Err(SessionError::NotLocal(seat));
        }
        let (steps, events) = (self.runner.host().steps().len(), self.runner.host().history().len());
        self.runner.act(seat, action, self.now)?;
        let shown_to_all = self.runner.host().history()[events..].iter().all(|event| event.audience == Audience::All);
        self.undoable = shown_to_all.then_some(steps);
        Ok(())
    }

    fn deals(&self) -> bool {
        true
    }

    fn next_round(&mut self) -> Result<(), SessionError> {
        self.runner.next_round(self.now)?;
        Ok(())
    }

    fn offers_undo(&self) -> bool {
        self.only_person().is_some()
    }

    fn can_undo(&self) -> bool {
        self.undo_point().is_some()
    }

    fn undo(&mut self) -> Result<(), SessionError> {
        let at = self.undo_point().ok_or(SessionError::NothingToUndo)?;
        let host = self.runner.host();
        let options = host.game().options();
        let start = MatchStart { options: &options, seats: host.seats(), seed: host.seed() };
        // The match is its steps: replaying all but the taken-back ones is the match before
        // that move, dealt from the same seed.
        let rebuilt = replay::rebuild(&start, &host.steps()[..at]).map_err(|error| {
            tracing::error!(%error, "a match did not replay to take a move back");
            SessionError::NothingToUndo
        })?;
        let mut rebuilt = rebuilt;
        // The match's history says a move was taken back.
        rebuilt.set_undos(host.undos() + 1);
        // A bot still thinking about the state being taken back answers nothing now.
        self.runner.restart(rebuilt, self.now);
        // One decision back, no further.
        self.undoable = None;
        Ok(())
    }

    fn poll(&mut self, now: f64) -> Option<f64> {
        self.now = now;
        let levels = &self.levels;
        for _ in 0..MOST_MOVES_AT_ONCE {
            match self.runner.advance(now, |seat: Seat| levels[seat.index()]) {
                Advanced::Moved(_) => {}
                Advanced::Wait(at) => return at.map(|at| (at - now).max(0.0)),
            }
        }
        // More is due at once: the window shows this state first.
        Some(0.0)
    }

    fn set_pace(&mut self, pace: BotPace) {
        self.runner.set_pacing(Pacing::from(pace));
    }

    fn bot_move_waiting(&self) -> bool {
        self.runner.bot_move_waiting(|seat| self.levels[seat.index()])
    }

    fn step(&mut self) {
        self.runner.step();
    }

    fn grace_left(&self, now: f64) -> Option<f64> {
        self.runner.grace_left(now)
    }

    fn rematch(&self) -> Option<(AnyOptions, Vec<Occupant>)> {
        let host = self.runner.host();
        Some((host.game().rematch_options(), host.seats().to_vec()))
    }

    fn host(&self) -> Option<&Host> {
        Some(self.runner.host())
    }
}

#[cfg(test)]
mod tests {
    use cardtable_engine::games::crazy_eights::CrazyEightsAction;
    use cardtable_engine::{AnyGame, GameKind, GameRng};

    use super::*;
    use crate::session::authority::Refused;

    /// RULES.md §5 ruling, in hot-seat: the table, not only a greyed-out button, holds the turn
    /// back from taking a card while a snap window's grace runs (it accepted the move before).
    #[test]
    fn a_hot_seat_table_refuses_a_card_taken_within_the_snap_grace() {
        let people = (0..3).map(|index| Occupant::Human { name: format!("P{index}") }).collect();
        let mut table = LocalTable::new(AnyOptions::defaults(GameKind::Youglouf), people, 11, BotPace::Normal).expect("table");
        let mut rng = GameRng::from_seed(5);
        let mut now = 0.0;
        let take = loop {
            assert!(table.phase() != Phase::MatchOver, "a snap window with a card to take came before the match ended");
            now += 10.0;
            table.poll(now);
            if table.phase() == Phase::RoundOver {
                table.next_round().expect("deals");
                continue;
            }
            let seat = table.waiting_for().first().expect("someone decides");
            let legal = table.view(Viewer::Seat(seat)).map(|view| view.legal()).unwrap_or_default();
            table.act(seat, legal[rng.below(legal.len())]).expect("legal");
            // The move just made may have opened a window: its grace runs from now.
            let next = table.waiting_for().first();
            let legal = next.and_then(|seat| table.view(Viewer::Seat(seat))).map(|view| view.legal()).unwrap_or_default();
            if table.grace_left(now).is_some()
                && let (Some(seat), Some(take)) = (next, legal.iter().copied().find(|action| AnyGame::waits_for_snap_grace(*action)))
            {
                break (seat, take);
            }
        };
        table.poll(now + 1.0);
        let refused = table.act(take.0, take.1);
        assert!(matches!(refused, Err(SessionError::Refused(Refused::SnapGrace { .. }))), "{refused:?}");
        table.poll(now + 2.5);
        table.act(take.0, take.1).expect("the grace has passed");
    }

    /// Issue 29: at a table of one person and bots, the person takes back their own last
    /// decision before a bot answers it, once, and the match counts it; nothing is taken back
    /// after a bot's answer, after a draw showed a card, with a second person at the table, or
    /// before the person's first move.
    #[test]
    fn the_one_person_at_a_table_of_bots_takes_back_their_last_move() {
        let seats = crate::session::seating::quick_seating("Ana", 3, BotLevel::Random);
        let mut table = LocalTable::new(AnyOptions::defaults(GameKind::CrazyEights), seats, 4, BotPace::Fast).expect("table");
        let ana = Seat(0);
        let mut now = 0.0;
        while !table.waiting_for().contains(ana) {
            now += 1.0;
            table.poll(now);
        }
        assert!(!table.can_undo(), "no move of Ana's yet");
        let before = table.view(Viewer::Seat(ana)).expect("a view");
        let steps_before = table.host().expect("local").steps().len();
        let draw = AnyAction::CrazyEights(CrazyEightsAction::Draw);
        let play = before.legal().into_iter().find(|&action| action != draw).expect("Ana can play a card at this seed");
        table.act(ana, play).expect("legal");
        assert!(table.can_undo(), "a card played, no bot has answered");
        table.undo().expect("taken back");
        assert_eq!(table.host().expect("local").steps().len(), steps_before, "back to before Ana's move");
        assert_eq!(table.view(Viewer::Seat(ana)), Some(before.clone()), "the same table, the same hand");
        assert!(table.waiting_for().contains(ana));
        assert!(!table.can_undo(), "one decision back, no further");
        assert_eq!(table.host().expect("local").undos(), 1, "the match counts it");

        // Played again and answered by the bots: their moves are not taken back.
        table.act(ana, play).expect("legal");
        for _ in 0..20 {
            now += 1.0;
            table.poll(now);
        }
        assert!(table.host().expect("local").steps().len() > steps_before + 1, "Ana and at least one bot moved");
        assert!(!table.can_undo(), "a bot answered");
        assert_eq!(table.undo(), Err(SessionError::NothingToUndo));

        // A draw shows Ana a card: it stays drawn.
        let seats = crate::session::seating::quick_seating("Ana", 3, BotLevel::Random);
        let mut drawing = LocalTable::new(AnyOptions::defaults(GameKind::CrazyEights), seats, 4, BotPace::Fast).expect("table");
        let mut now = 0.0;
        while !drawing.waiting_for().contains(ana) {
            now += 1.0;
            drawing.poll(now);
        }
        drawing.act(ana, draw).expect("Ana may draw");
        assert!(!drawing.can_undo(), "the drawn card was seen");

        let people = (0..2).map(|index| Occupant::Human { name: format!("P{index}") }).collect();
        let mut shared = LocalTable::new(AnyOptions::defaults(GameKind::CrazyEights), people, 4, BotPace::Fast).expect("table");
        let seat = shared.waiting_for().first().expect("someone decides");
        let legal = shared.view(Viewer::Seat(seat)).expect("a view").legal();
        shared.act(seat, legal[0]).expect("legal");
        assert!(!shared.can_undo(), "two people: taking back would take back the other's turn");
        assert_eq!(shared.undo(), Err(SessionError::NothingToUndo));
    }
}
