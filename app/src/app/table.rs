//! The match at the table, as the app holds it: its [`Session`] (a hot-seat match's runner, or
//! the line to a networked table) and the screen that draws it. The screen is lent the session
//! to draw and returns [`TableCommand`]s; the app applies them here, after drawing, and tells
//! the screen what came of each. The keeper reads the match from here, not from the screen.

use cardtable_engine::Seat;

use crate::session::Session;
use crate::session::host::Host;
use crate::settings::Settings;
use crate::ui::table::{TableCommand, TableRequest, TableScreen};

/// A match being played on this device's window.
#[derive(Debug)]
pub struct LiveTable {
    session: Box<dyn Session>,
    screen: TableScreen,
}

impl LiveTable {
    /// Sits down at `session`'s match, its bots paced by `settings`.
    #[must_use]
    pub fn new(mut session: Box<dyn Session>, settings: Settings) -> LiveTable {
        session.set_pace(settings.bot_pace);
        let screen = TableScreen::new(session.as_ref(), settings);
        LiveTable { session, screen }
    }

    /// The match.
    #[must_use]
    pub fn session(&self) -> &dyn Session {
        self.session.as_ref()
    }

    /// The authority's copy of the match, when it runs on this device (for the keeper).
    #[must_use]
    pub fn host(&self) -> Option<&Host> {
        self.session.host()
    }

    /// The seat whose cards are on show now, if any.
    #[must_use]
    pub fn showing(&self) -> Option<Seat> {
        self.screen.showing(self.session.as_ref())
    }

    /// Whether Undo waits in the menu (a phone's top bar had no room for it), and whether
    /// it can take a move back now.
    #[must_use]
    pub fn undo_in_menu(&self) -> Option<bool> {
        self.screen.undo_in_menu().then(|| self.session.can_undo())
    }

    /// What leaving means for this match, asked before it is done.
    #[must_use]
    pub fn leave_question(&self) -> String {
        self.screen.leave_question(self.session.as_ref())
    }

    /// Says whether the match is saved after every move (the leave question tells the truth).
    pub fn set_saved(&mut self, saved: bool) {
        self.screen.set_saved(saved);
    }

    /// Applies changed settings: the bots' pace to the match, the rest to the screen.
    pub fn apply_settings(&mut self, settings: Settings) {
        self.session.set_pace(settings.bot_pace);
        self.screen.apply_settings(settings);
    }

    /// Lets time pass to `now`: bots move, messages arrive, cards in flight land. Returns when
    /// the window must look again (`None`: only on input).
    pub fn logic(&mut self, now: f64) -> Option<f64> {
        let next = self.session.poll(now);
        self.screen.logic(now, next)
    }

    /// The sounds the table owes since the last call, for the app to play.
    pub fn take_cues(&mut self) -> Vec<crate::sound::Cue> {
        self.screen.take_cues()
    }

    /// Notes that this table's match was just dealt (a new match, not a resumed one).
    pub fn dealt(&mut self) {
        self.screen.dealt();
    }

    /// Draws the table; returns what the player asked for, to apply after the frame.
    pub fn draw(&mut self, ui: &mut egui::Ui) -> Vec<TableCommand> {
        self.screen.show(ui, self.session.as_ref())
    }

    /// Applies one of the screen's commands to the match and tells the screen what came of it;
    /// returns what is the app's to do (leave, play again, the menu).
    pub fn apply(&mut self, command: TableCommand) -> Option<TableRequest> {
        let before = self.session.history().len();
        let outcome = match command {
            TableCommand::App(request) => return Some(request),
            TableCommand::Act(seat, action) | TableCommand::Call(seat, action) => self.session.act(seat, action),
            TableCommand::NextRound => self.session.next_round(),
            TableCommand::Undo => self.session.undo(),
            TableCommand::Step => {
                self.session.step();
                Ok(())
            }
            TableCommand::BotNow(seat) => self.session.bot_now(seat),
        };
        self.screen.answered(self.session.as_ref(), command, before, outcome);
        None
    }
}
