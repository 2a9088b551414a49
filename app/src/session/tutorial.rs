//! A tutorial at the table: the game's scripted deal ([`crate::tutorial::Tutorial`]) played on
//! this device by the same [`LocalTable`] as any hot-seat match. While the script lasts, the
//! person's moves are taken only as the script has them (another legal move is refused with
//! a pointer to the note, nothing changed) and the teacher makes its scripted moves after a
//! pause; once the script is played out, the teacher is an ordinary Normal bot and the table
//! plays on. A tutorial is never saved: its deal does not follow from a seed.

use cardtable_engine::bots::BotLevel;
use cardtable_engine::scenario::Scenario;
use cardtable_engine::{Addressed, AnyAction, AnyEvent, AnyOptions, AnyView, GameKind, Phase, Seat, SeatSet, Viewer};

use super::authority::Refused;
use super::host::Host;
use super::local::LocalTable;
use super::seating::Occupant;
use super::{Coaching, Session, SessionError};
use crate::settings::BotPace;
use crate::tutorial::{PLAYER, TEACHER, Tutorial, TutorialError};

/// Seconds between a move and the teacher's scripted answer: long enough to see it.
pub const TEACHER_PAUSE: f64 = 1.2;

/// The tutorial session.
#[derive(Debug)]
pub struct TutorialTable {
    table: LocalTable,
    tutorial: Tutorial,
    /// The index of the next scripted step.
    next: usize,
    /// When the teacher may take its next scripted step.
    teacher_at: f64,
    /// The last `now` seen by [`Session::poll`].
    now: f64,
}

impl TutorialTable {
    /// The tutorial of `kind`, with the person called `name` in seat 0 and the teacher
    /// (named `teacher`) in seat 1.
    ///
    /// # Errors
    /// The game's tutorial file does not make a tutorial (its tests catch that before a build).
    pub fn new(kind: GameKind, name: &str, teacher: &str, pace: BotPace) -> Result<TutorialTable, TutorialError> {
        let tutorial = Tutorial::of(kind)?;
        let seats = vec![Occupant::Human { name: name.to_owned() }, Occupant::Bot { name: teacher.to_owned(), level: BotLevel::Normal }];
        // The table before the script: the script's steps are the lessons, taken one by one.
        let start = Scenario { actions: Vec::new(), ..tutorial.scenario.clone() };
        let host = Host::play_scenario(&start, seats).map_err(|error| TutorialError::new(kind, error.to_string()))?;
        Ok(TutorialTable { table: LocalTable::stacked(host, pace), tutorial, next: 0, teacher_at: TEACHER_PAUSE, now: 0.0 })
    }

    /// The scripted step the table waits for, while the script lasts.
    fn scripted(&self) -> Option<(Seat, AnyAction)> {
        self.tutorial.script.get(self.next).copied()
    }

    /// Takes the next scripted step (after it was checked to be the one wanted).
    fn take_step(&mut self, seat: Seat, action: AnyAction) -> Result<(), SessionError> {
        self.table.scripted(seat, action, self.now)?;
        self.next += 1;
        self.teacher_at = self.now + TEACHER_PAUSE;
        Ok(())
    }
}

impl Session for TutorialTable {
    fn kind(&self) -> GameKind {
        self.table.kind()
    }

    fn occupants(&self) -> &[Occupant] {
        self.table.occupants()
    }

    fn local_seats(&self) -> SeatSet {
        SeatSet::only(PLAYER)
    }

    fn view(&self, viewer: Viewer) -> Option<AnyView> {
        self.table.view(viewer)
    }

    fn history(&self) -> &[Addressed<AnyEvent>] {
        self.table.history()
    }

    fn phase(&self) -> Phase {
        self.table.phase()
    }

    fn waiting_for(&self) -> SeatSet {
        self.table.waiting_for()
    }

    fn act(&mut self, seat: Seat, action: AnyAction) -> Result<(), SessionError> {
        match self.scripted() {
            None => self.table.act(seat, action),
            Some(wanted) if wanted == (seat, action) => self.take_step(seat, action),
            Some(_) if seat != PLAYER => Err(SessionError::NotLocal(seat)),
            Some(_) => Err(SessionError::NotTheLesson),
        }
    }

    fn deals(&self) -> bool {
        true
    }

    fn next_round(&mut self) -> Result<(), SessionError> {
        self.table.next_round()
    }

    fn poll(&mut self, now: f64) -> Option<f64> {
        self.now = now;
        let Some((seat, action)) = self.scripted() else { return self.table.poll(now) };
        if seat != TEACHER {
            return None;
        }
        if now < self.teacher_at {
            return Some(self.teacher_at - now);
        }
        match self.take_step(seat, action) {
            Ok(()) => Some(TEACHER_PAUSE),
            Err(SessionError::Refused(Refused::SnapGrace { left_ms })) => {
                // The others may still snap: the teacher waits, as any turn does.
                self.teacher_at = now + left_ms as f64 / 1_000.0;
                Some(self.teacher_at - now)
            }
            Err(error) => {
                // A script the engine refuses is a fault of the build (the tests play every
                // script); the table plays on without it rather than stall.
                tracing::error!(%error, step = self.next, "a tutorial's scripted step was refused");
                self.next = self.tutorial.script.len();
                Some(0.0)
            }
        }
    }

    fn set_pace(&mut self, pace: BotPace) {
        self.table.set_pace(pace);
    }

    fn bot_move_waiting(&self) -> bool {
        self.scripted().is_none() && self.table.bot_move_waiting()
    }

    fn step(&mut self) {
        self.table.step();
    }

    fn grace_left(&self, now: f64) -> Option<f64> {
        self.table.grace_left(now)
    }

    fn rematch(&self) -> Option<(AnyOptions, Vec<Occupant>)> {
        self.table.rematch()
    }

    fn host(&self) -> Option<&Host> {
        self.table.host()
    }

    fn coaching(&self) -> Option<Coaching> {
        let lesson = self.tutorial.lesson_at(self.next);
        Some(Coaching {
            message: self.tutorial.lessons[lesson].message.clone(),
            lesson: lesson + 1,
            lessons: self.tutorial.lessons.len(),
            done: self.scripted().is_none(),
            expected: self.scripted().filter(|(seat, _)| *seat == PLAYER).map(|(_, action)| action),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tutorial(kind: GameKind) -> TutorialTable {
        TutorialTable::new(kind, "Ana", "Teacher", BotPace::Normal).expect("every game has a tutorial")
    }

    /// Plays the whole script through the session as the table would: the person's scripted
    /// moves, and time passing for the teacher's.
    fn play_script(table: &mut TutorialTable) -> f64 {
        let mut now = 0.0;
        for _ in 0..200 {
            match table.scripted() {
                None => return now,
                Some((seat, action)) if seat == PLAYER => {
                    // Youglouf's snap grace holds a turn that takes a card: wait it out.
                    if let Some(left) = table.grace_left(now) {
                        now += left + 0.01;
                        table.poll(now);
                    }
                    table.act(seat, action).unwrap_or_else(|error| panic!("scripted {action}: {error}"));
                }
                Some(_) => {
                    now += table.poll(now).expect("the teacher's step is due at a time");
                    table.poll(now);
                }
            }
        }
        panic!("the script did not end");
    }

    #[test]
    fn every_tutorial_plays_through_the_session_to_the_round_end() {
        for &kind in GameKind::ALL {
            let mut table = tutorial(kind);
            assert_eq!(table.coaching().map(|coaching| (coaching.lesson, coaching.done)), Some((1, false)), "{kind}");
            play_script(&mut table);
            let coaching = table.coaching().expect("a tutorial coaches");
            assert!(coaching.done && coaching.lesson == coaching.lessons, "{kind}: the last note once played out: {coaching:?}");
            assert_ne!(table.phase(), Phase::Playing, "{kind}: the round is scored");
        }
    }

    #[test]
    fn a_move_the_script_does_not_have_is_refused_and_changes_nothing() {
        let mut table = tutorial(GameKind::CrazyEights);
        let (_, wanted) = table.scripted().expect("a script");
        let before = table.view(Viewer::Seat(PLAYER));
        let host = table.host().expect("here");
        let other = host.legal_actions(PLAYER).into_iter().find(|&action| action != wanted).expect("another legal move");
        assert_eq!(table.act(PLAYER, other), Err(SessionError::NotTheLesson));
        assert_eq!(table.view(Viewer::Seat(PLAYER)), before, "nothing changed");
        assert_eq!(table.act(TEACHER, wanted), Err(SessionError::NotLocal(TEACHER)), "the teacher's seat is not the person's");
        table.act(PLAYER, wanted).expect("the scripted move");
        assert_ne!(table.view(Viewer::Seat(PLAYER)), before);
    }

    #[test]
    fn the_teacher_answers_after_its_pause_not_before() {
        let mut table = tutorial(GameKind::CrazyEights);
        let (seat, action) = table.scripted().expect("a script");
        table.poll(0.5);
        table.act(seat, action).expect("the person's first move");
        let steps = table.host().expect("here").steps().len();
        let wait = table.poll(0.6).expect("a time to wake");
        assert!((wait - (TEACHER_PAUSE - 0.1)).abs() < 1e-9, "the teacher waits its pause: {wait}");
        assert_eq!(table.host().expect("here").steps().len(), steps, "not yet");
        table.poll(0.5 + TEACHER_PAUSE);
        assert_eq!(table.host().expect("here").steps().len(), steps + 1, "then answers");
    }

    #[test]
    fn played_out_the_table_plays_on_with_the_teacher_as_a_bot() {
        let mut table = tutorial(GameKind::CrazyEights);
        let now = play_script(&mut table);
        assert_eq!(table.phase(), Phase::RoundOver, "Crazy Eights' tutorial ends a round of a match");
        table.next_round().expect("deals on");
        assert_eq!(table.phase(), Phase::Playing);
        // The teacher now decides for itself when its turn comes.
        let mut now = now;
        for _ in 0..20 {
            if table.waiting_for().contains(TEACHER) {
                break;
            }
            let legal = table.host().expect("here").legal_actions(PLAYER);
            table.act(PLAYER, legal[0]).expect("a legal move is taken freely now");
        }
        let steps = table.host().expect("here").steps().len();
        for _ in 0..50 {
            now += table.poll(now).unwrap_or(0.1).max(0.05);
        }
        assert!(table.host().expect("here").steps().len() > steps, "the teacher moved as a bot");
    }
}
