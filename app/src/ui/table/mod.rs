//! The table screen, the same for every game: whose cards are shown (hot-seat privacy), the
//! seats, the centre, the viewer's hand and choices, out-of-turn calls, moves in flight, the
//! round and match ends, and the log. It draws the [`Session`] it is lent for the frame, never
//! engine state, and changes no match: what the player asks for comes back as
//! [`TableCommand`]s, which the app applies after drawing and answers with
//! [`TableScreen::answered`].

pub mod away;
pub mod badges;
pub mod celebration;
pub mod centred;
pub mod coach;
pub mod cues;
pub mod facts;
pub mod fan;
pub mod games;
pub mod hand;
pub mod keys;
pub mod last_played;
pub mod log;
mod middle;
pub mod motion;
pub mod offers;
pub mod privacy;
pub mod results;
pub mod seats;
pub mod strip;
mod top_bar;

use cardtable_engine::{AnyAction, AnyView, Audience, Phase, Seat, Viewer};
use egui::RichText;

use crate::session::authority::Refused;
use crate::session::{Session, SessionError};
use crate::settings::Settings;
use crate::tr;
use crate::ui::card::CardLook;
use crate::ui::{refusals, theme};
use games::{GameTable, OutOfTurn, OwnArea, TableFacts};
use hand::HandState;
use keys::Keys;
use motion::Flights;
use privacy::{Device, Privacy};

/// Tables made so far in this process, so each keeps its blocks' heights under its own id.
static TABLES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The question before leaving a match: whether it can be resumed depends on whether it is saved.
#[must_use]
fn leave_question(saved: bool, guest: bool) -> String {
    match (guest, saved) {
        // A guest's seat waits for it at the host (its token brings it back), saved or not here.
        (true, _) => tr!("table-leave-question-guest"),
        (false, true) => tr!("table-leave-question-saved"),
        (false, false) => tr!("table-leave-question"),
    }
}

/// What the table asks of the app, beyond its match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableRequest {
    /// Leave the table for the start screen.
    Leave,
    /// Start a new match with the same seats ("play again").
    PlayAgain,
    /// Open the menu (rules, settings, leave).
    Menu,
    /// Leave for a quick game of this game (the end of a tutorial).
    QuickPlay(cardtable_engine::GameKind),
}

/// What the player asked of the table this frame, applied after drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub enum TableCommand {
    /// The shown seat's move, from its hand and choices.
    Act(Seat, AnyAction),
    /// A move out of turn for another person at this device ("One!" named on its button).
    Call(Seat, AnyAction),
    /// Deal the next round.
    NextRound,
    /// Take back the person's last move.
    Undo,
    /// Step mode: let the waiting bot move.
    Step,
    /// The host's "Let a bot play now" on an away guest's seat.
    BotNow(Seat),
    /// Something for the app: leave, play again, the menu.
    App(TableRequest),
}

/// The table screen's state.
#[derive(Debug)]
pub struct TableScreen {
    device: Device,
    hand: HandState,
    /// The game's part of the table, with its own state (a Youglouf board's picks).
    game: Box<dyn GameTable>,
    flights: Flights,
    /// Confetti when a round ends at this table.
    celebration: celebration::Celebration,
    /// The sounds the table owes, taken by the app after each frame.
    cues: cues::CueWatch,
    /// Banners on the seats a move hit.
    badges: badges::Badges,
    /// Whose card is on top of the pile.
    last_played: last_played::LastPlayed,
    /// Events already turned into motions.
    animated: usize,
    error: Option<String>,
    settings: Settings,
    /// "Leave" was pressed during a match: ask before throwing it away.
    confirm_leave: bool,
    /// The log is open over the table (phones, where it has no room beside it).
    log_open: bool,
    /// Undo waits in the menu: a phone's top bar had no room for it (see `top_bar`).
    undo_in_menu: bool,
    /// The log's lines in words, kept between frames.
    log_words: log::Words,
    /// Whether the match is saved after every move (a store keeps it), for the leave question.
    saved: bool,
    /// The latest time seen, in seconds.
    now: f64,
    /// The height the player's own area took last frame (kept free at the window's bottom).
    own_height: f32,
    /// The height the seats along the top took last frame, when seats sit at the sides too
    /// (those are drawn level with the piles, below it).
    top_row: f32,
    /// The room put between the seats along the top and the piles, so the piles sit in the
    /// middle of what the table leaves free (last frame's).
    centre_gap: f32,
    /// This table's own, under which its blocks keep the tallest they have been (see
    /// [`centred::never_shrinks`]): another table starts afresh.
    still: egui::Id,
}

impl TableScreen {
    /// Says whether the match is saved after every move, so leaving tells the truth about it.
    pub fn set_saved(&mut self, saved: bool) {
        self.saved = saved;
    }

    /// What leaving this match means, asked before it is done: saved to resume, lost, or (for a
    /// guest, whose device does not deal) a seat the host keeps for it.
    #[must_use]
    pub fn leave_question(&self, session: &dyn Session) -> String {
        leave_question(self.saved, !session.deals())
    }

    /// A table drawing `session`'s match (what has happened so far is not replayed in motion).
    #[must_use]
    pub fn new(session: &dyn Session, settings: Settings) -> TableScreen {
        let animated = session.history().len();
        let game = games::for_kind(session.kind()).fresh();
        TableScreen {
            device: Device::default(),
            hand: HandState::default(),
            game,
            flights: Flights::default(),
            celebration: celebration::Celebration::default(),
            cues: cues::CueWatch::default(),
            badges: badges::Badges::default(),
            last_played: last_played::LastPlayed::default(),
            animated,
            error: None,
            settings,
            confirm_leave: false,
            log_open: false,
            undo_in_menu: false,
            log_words: log::Words::default(),
            saved: false,
            now: 0.0,
            own_height: 0.0,
            top_row: 0.0,
            centre_gap: 0.0,
            still: egui::Id::NULL.with(("table-still", TABLES.fetch_add(1, std::sync::atomic::Ordering::Relaxed))),
        }
    }

    /// Applies changed settings (look, sizes, animation; the app paces the bots).
    pub fn apply_settings(&mut self, settings: Settings) {
        self.settings = settings;
    }

    /// The seat whose cards are on show now at `session`'s table, if any.
    #[must_use]
    pub fn showing(&self, session: &dyn Session) -> Option<Seat> {
        match self.privacy(session) {
            Privacy::Show(seat) | Privacy::Linger(seat) => Some(seat),
            Privacy::HandOff(_) | Privacy::Nobody => None,
        }
    }

    fn privacy(&self, session: &dyn Session) -> Privacy {
        self.device.privacy(session.local_seats(), session.waiting_for(), session.phase())
    }

    fn look(&self) -> CardLook {
        CardLook { four_colour: self.settings.four_colour }
    }

    /// The sounds the table owes since the last call (cards moved, a deal, the turn come
    /// here, a round or match won or lost), for the app to play.
    pub fn take_cues(&mut self) -> Vec<crate::sound::Cue> {
        self.cues.take()
    }

    /// Notes that a new match was just dealt (its first deal comes with the table).
    pub fn dealt(&mut self) {
        self.cues.dealt();
    }

    /// Lets the screen's own time pass (cards in flight land, banners expire); `next` is when
    /// the match wants looking at again. Returns when the next repaint is needed.
    pub fn logic(&mut self, now: f64, next: Option<f64>) -> Option<f64> {
        self.now = now;
        self.flights.land(now, self.settings.animation.seconds());
        self.badges.expire(now);
        if self.flights.is_empty() && self.badges.is_empty() && !self.celebration.is_running(now) { next } else { Some(0.0) }
    }

    /// What came of a command the app applied to `session` after this screen asked for it;
    /// `events_before` is how many events the session held before.
    pub fn answered(&mut self, session: &dyn Session, command: TableCommand, events_before: usize, outcome: Result<(), SessionError>) {
        if let Err(error) = &outcome {
            self.error = Some(describe_error(error));
        }
        match (command, outcome) {
            (TableCommand::Act(seat, _), Ok(())) => {
                self.error = None;
                // Whether the move showed the player something private (the hand lingers).
                let private = session.history()[events_before.min(session.history().len())..]
                    .iter()
                    .any(|event| event.audience == Audience::Only(seat));
                if self.device.acting_out_of_turn() == Some(seat) {
                    self.device.end_out_of_turn();
                }
                let still_deciding = session.waiting_for().contains(seat);
                if !still_deciding {
                    self.device.acted(private);
                }
                self.hand = HandState::default();
                self.game.reset();
            }
            (TableCommand::NextRound, _) => self.device.done(),
            (TableCommand::Undo, Ok(())) => {
                self.hand = HandState::default();
                self.game.reset();
                self.flights.clear();
                self.badges.clear();
                self.last_played.clear();
                self.animated = session.history().len();
                self.error = None;
            }
            _ => {}
        }
    }

    /// Turns new events the viewer may see into cards in flight.
    fn animate(&mut self, session: &dyn Session, viewer: Viewer) {
        let history = session.history();
        if self.animated > history.len() {
            self.animated = 0;
        }
        let seen = || history[self.animated..].iter().filter(|addressed| addressed.audience.includes(viewer));
        let motions: Vec<motion::Motion> = seen().flat_map(|addressed| self.game.motions(&addressed.event)).collect();
        self.last_played.follow(&motions);
        self.cues.moved(&motions);
        // Badges tell what happened even with animations off: they are words, not motion.
        let badges: Vec<badges::Badge> = seen().flat_map(|addressed| self.game.badges(&addressed.event)).collect();
        self.badges.launch(badges, self.now);
        self.animated = history.len();
        if self.settings.animation.seconds() > 0.0 {
            self.flights.launch(motions, self.now);
        }
    }

    /// Moves past the events that happened behind the hand-off screen without showing them in
    /// motion, but follows whose card lies on the pile (everyone saw it land), so the "played
    /// by" tag names the right player when the table shows again.
    fn pass_unseen(&mut self, session: &dyn Session) {
        let history = session.history();
        let seen = history.get(self.animated..).unwrap_or(history);
        let motions: Vec<motion::Motion> = seen
            .iter()
            .filter(|addressed| addressed.audience.includes(Viewer::Spectator))
            .flat_map(|addressed| self.game.motions(&addressed.event))
            .collect();
        self.last_played.follow(&motions);
        self.animated = history.len();
    }

    /// Draws `session`'s table; returns what the player asked for, in order, to apply after
    /// the frame.
    pub fn show(&mut self, ui: &mut egui::Ui, session: &dyn Session) -> Vec<TableCommand> {
        let mut commands = Vec::new();
        self.draw(ui, session, &mut commands);
        commands
    }

    /// Draws the table, noting what the player asks for in `commands`.
    fn draw(&mut self, ui: &mut egui::Ui, session: &dyn Session, commands: &mut Vec<TableCommand>) {
        self.now = ui.input(|input| input.time);
        // A phone-sized window: decided once, so the top bar and the turn's line agree on where
        // the game's name goes.
        let narrow = ui.available_width() < theme::NARROW;
        self.top_bar(ui, session, narrow, commands);
        if let Some(coaching) = session.coaching()
            && let Some(request) = centred::never_shrinks(ui, self.still.with("coach"), |ui| coach::banner(ui, &coaching, session.kind()))
        {
            commands.push(TableCommand::App(request));
        }
        let names: Vec<String> = session.occupants().iter().map(|occupant| occupant.name().to_owned()).collect();
        let privacy = self.privacy(session);
        if let Privacy::HandOff(seat) = privacy {
            // Nothing travels across a hand-off: a card in flight could show its face.
            self.flights.clear();
            self.badges.clear();
            self.celebration.stop();
            self.log_open = false;
            self.pass_unseen(session);
            let out_of_turn = self.device.acting_out_of_turn() == Some(seat);
            if privacy::handoff(ui, &names[seat.index()], out_of_turn) {
                self.device.take(seat);
            }
            return;
        }
        let showing = self.showing(session);
        let viewer = showing.map_or(Viewer::Spectator, Viewer::Seat);
        let Some(view) = session.view(viewer) else {
            ui.label(tr!("table-waiting-for-host"));
            return;
        };
        self.animate(session, viewer);
        let enabled = self.settings.animation.seconds() > 0.0;
        self.celebration.follow(session.phase() == Phase::Playing, view.result().is_some(), self.now, enabled);
        self.cues.follow(&cues::Moment {
            phase: session.phase(),
            round: view.header().round,
            local: session.local_seats(),
            waiting: session.waiting_for(),
            last_round: view.last_round(),
            result: view.result(),
            better: view.kind().better(),
        });
        let height = if narrow { theme::HAND_CARD_NARROW } else { theme::HAND_CARD } * self.settings.card_size.scale() * room_scale(ui);
        let mut facts = self.game.facts(&view);
        if let Some(expected) = session.coaching().and_then(|coaching| coaching.expected) {
            // A tutorial offers only the move its note asks for; any other card says so.
            facts.offers.retain(|offer| offer.action == expected);
            facts.why_not = tr!("tutorial-not-now");
        }
        let keys = if matches!(privacy, Privacy::Show(_)) && ui.is_enabled() { Keys::read(ui.ctx()) } else { Keys::default() };
        let wide = ui.available_width() >= theme::WIDE;
        if wide {
            // A wide window keeps the log in view beside the table.
            egui::Panel::right("table-log")
                .resizable(false)
                .exact_size(theme::LOG_WIDTH)
                .frame(egui::Frame::new().inner_margin(egui::Margin { left: 12, ..Default::default() }))
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().auto_shrink([false, false]).stick_to_bottom(true).show(ui, |ui| {
                        log::show(ui, &mut self.log_words, session.history(), viewer, &names, true);
                    });
                });
        }
        // The player's move is made after the whole frame is drawn, so the frame shows one
        // state throughout; the next frame shows the new one.
        let mut chosen = None;
        let mut called = None;
        let mut clicked_slot = None;
        // A phone's table may not fit above the hand: while a round is played its bottom (the
        // piles, the turn's line) stays in view (the seats are in the strip above it, never
        // scrolled). A round's end shows from its top, the scores: another salt starts that
        // area afresh, at the top.
        let keep_bottom = narrow && session.phase() == Phase::Playing;
        let away = away::Away::of(session, self.now);
        // A copy (a few words): the table's badges are drawn, and dropped when over, below.
        let shown_badges = self.badges.clone();
        let table = middle::Middle {
            view: &view,
            facts: &facts,
            names: &names,
            occupants: session.occupants(),
            away: &away,
            showing,
            height,
            wide,
            step_waiting: session.bot_move_waiting(),
            narrow,
            badges: &shown_badges,
        };
        // A phone's seats stay in view above the area that scrolls, which takes what is left.
        if narrow {
            clicked_slot = self.seat_strip(ui, &table);
        }
        // The player's own area (hand, choices, actions) keeps the bottom of the window: the
        // rest scrolls above it in what is left, so a big hand never pushes the hand's
        // actions out of reach. Its height is last frame's (it is drawn after the rest).
        // A phone's table above the hand holds only the piles and the turn (the seats are in
        // the strip): it may take less of the window.
        let least_above = ui.available_height() * if narrow { 0.2 } else { 0.3 };
        let above = (ui.available_height() - self.own_height).max(least_above);
        let table_area = egui::ScrollArea::vertical()
            .id_salt(("table-area", keep_bottom))
            .stick_to_bottom(keep_bottom)
            .max_height(above)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                // A round's end comes first: everyone wants the scores.
                self.results(ui, session, &view, &names, false);
                clicked_slot = clicked_slot.or(self.middle(ui, &table));
                if !wide && !narrow {
                    ui.add_space(8.0);
                    log::show(ui, &mut self.log_words, session.history(), viewer, &names, true);
                }
            });
        // Where the log is under the table, it takes the room the table leaves free.
        self.settle_centre_gap(ui.ctx(), &table_area, wide || narrow);
        // The own area's width from the window, not from the panel (which widens after a row
        // that overflowed it, and the next frame's rows would then break elsewhere).
        let log = if wide { theme::LOG_WIDTH + 12.0 } else { 0.0 };
        let own_width = ui.available_width().min(ui.ctx().content_rect().width() - 2.0 * theme::MARGIN - log);
        let own = ui.scope(|ui| {
            match privacy {
                Privacy::Show(seat) if session.phase() == Phase::Playing => {
                    let error = self.error.clone();
                    let area = OwnArea {
                        grace_left: session.grace_left(self.now),
                        out_of_turn: self.device.acting_out_of_turn().is_some(),
                        clicked_slot,
                        message: error.as_deref(),
                        still: self.still,
                        width: own_width,
                        ..OwnArea::shown(&names, seat, height, self.look(), &keys)
                    };
                    // Never shorter than it has been: a draw that shrinks the cards to fit a bigger
                    // hand must not pull the table down over it.
                    let own = self.still.with("own");
                    chosen =
                        centred::never_shrinks(ui, own, |ui| centred::centred(ui, "own", |ui| self.own_area(ui, &view, &facts, &area)))
                            .map(|action| (seat, action));
                }
                Privacy::Linger(seat) => {
                    let keys = Keys::default();
                    let area = OwnArea { still: self.still, width: own_width, ..OwnArea::shown(&names, seat, height, self.look(), &keys) };
                    // Shown, not played: no offers and no keys.
                    let shown = TableFacts { offers: Vec::new(), ..facts.clone() };
                    centred::centred(ui, "own", |ui| self.own_area(ui, &view, &shown, &area));
                    let done =
                        egui::Button::new(RichText::new(tr!("table-done")).strong()).min_size(egui::vec2(theme::TOUCH * 4.0, theme::TOUCH));
                    let done = ui.add(done);
                    if keys::settled_press(ui, &done) {
                        self.device.done();
                    }
                }
                _ => {}
            }
            // Between rounds the hand's place holds what comes next, always in reach.
            match centred::centred(ui, "next", |ui| self.results(ui, session, &view, &names, true)) {
                Some(results::ResultsChoice::NextRound) => commands.push(TableCommand::NextRound),
                Some(results::ResultsChoice::PlayAgain) => commands.push(TableCommand::App(TableRequest::PlayAgain)),
                Some(results::ResultsChoice::Leave) => commands.push(TableCommand::App(TableRequest::Leave)),
                None => {}
            }
            // "One!" for another seat of this device: no hand is shown for it, so none changes.
            called = self.out_of_turn(ui, session, &names);
            // While a hand is up its message line says it, in a place that is always there.
            let said = matches!(privacy, Privacy::Show(_)) && session.phase() == Phase::Playing;
            if let (Some(error), false) = (&self.error, said) {
                ui.colored_label(theme::ACCENT, error);
            }
        });
        let own_height = own.response.rect.height() + ui.spacing().item_spacing.y;
        if (own_height - self.own_height).abs() > 0.5 {
            self.own_height = own_height;
            ui.ctx().request_repaint();
        }
        let seconds = self.settings.animation.seconds();
        if self.flights.paint(ui.ctx(), self.now, seconds, height * 0.8, self.look()) {
            ui.ctx().request_repaint();
        }
        if self.celebration.paint(ui.ctx(), ui.ctx().content_rect(), self.now) {
            ui.ctx().request_repaint();
        }
        self.last_played.show(ui.ctx(), &names, table_area.inner_rect);
        if self.log_open {
            self.log_open = narrow && log::over_table(ui.ctx(), &mut self.log_words, session.history(), viewer, &names);
        }
        if self.badges.show(ui.ctx(), self.now) {
            ui.ctx().request_repaint();
        }
        commands.extend(away.pressed().map(TableCommand::BotNow));
        commands.extend(chosen.map(|(seat, action)| TableCommand::Act(seat, action)));
        commands.extend(called.map(|(seat, action)| TableCommand::Call(seat, action)));
    }

    /// The viewer's own cards and controls, drawn by the game's part of the table; returns the
    /// action chosen.
    fn own_area(&mut self, ui: &mut egui::Ui, view: &AnyView, facts: &TableFacts, area: &OwnArea<'_>) -> Option<AnyAction> {
        self.game.own_area(ui, view, facts, &mut self.hand, area)
    }

    /// Buttons for other people at this device who may act out of turn: "One!" (named, no
    /// card needed) and snaps (the device goes to that player first).
    fn out_of_turn(&mut self, ui: &mut egui::Ui, session: &dyn Session, names: &[String]) -> Option<(Seat, AnyAction)> {
        let local = session.local_seats();
        if local.len() < 2 || session.phase() != Phase::Playing {
            return None;
        }
        let showing = self.showing(session);
        let optional = local.without(session.waiting_for());
        let mut chosen = None;
        let mut snapper = None;
        ui.horizontal_wrapped(|ui| {
            for seat in optional.iter().filter(|seat| Some(*seat) != showing) {
                let Some(view) = session.view(Viewer::Seat(seat)) else { continue };
                let touch = egui::vec2(0.0, theme::TOUCH);
                match self.game.out_of_turn(&view, &names[seat.index()]) {
                    Some(OutOfTurn::Call(action, label)) if ui.add(egui::Button::new(label.as_str()).min_size(touch)).clicked() => {
                        chosen = Some((seat, action));
                    }
                    Some(OutOfTurn::TakeDevice(label)) if ui.add(egui::Button::new(label.as_str()).min_size(touch)).clicked() => {
                        snapper = Some(seat);
                    }
                    _ => {}
                }
            }
        });
        if let Some(seat) = snapper {
            self.device.ask_out_of_turn(seat);
        }
        if let Some(seat) = self.device.acting_out_of_turn().filter(|seat| self.showing(session) == Some(*seat)) {
            let cancel = egui::Button::new(tr!("table-cancel-snap", name = &names[seat.index()])).min_size(egui::vec2(0.0, theme::TOUCH));
            if ui.add(cancel).clicked() {
                self.device.end_out_of_turn();
                self.device.done();
            }
        }
        chosen
    }

    /// The round's standings (`actions` false) or what comes next (`actions` true), once a
    /// round is over.
    fn results(
        &self,
        ui: &mut egui::Ui,
        session: &dyn Session,
        view: &AnyView,
        names: &[String],
        actions: bool,
    ) -> Option<results::ResultsChoice> {
        if session.phase() == Phase::Playing {
            return None;
        }
        let (Some(round), result) = (view.last_round(), view.result()) else { return None };
        let rematch = session.rematch();
        let outcome = results::Outcome {
            round,
            result,
            better: view.kind().better(),
            deals: session.deals(),
            rematch: rematch.as_ref().map(|(options, _)| options),
            person: cues::only_person(session.local_seats()),
        };
        if actions {
            return results::actions(ui, &outcome);
        }
        results::show(ui, &outcome, names, self.look());
        None
    }
}

/// Whether Enter was pressed for this part of the screen (not while a menu covers it).
#[must_use]
pub fn enter_pressed(ui: &egui::Ui) -> bool {
    ui.is_enabled() && ui.input(|input| input.key_pressed(egui::Key::Enter))
}

/// A session's refusal in words.
fn describe_error(error: &SessionError) -> String {
    match error {
        SessionError::Refused(Refused::Illegal(refusal)) => tr!("table-refused", reason = refusals::action_error(refusal)),
        SessionError::Refused(Refused::NotYourTurn) => tr!("net-refusal-not-your-turn"),
        SessionError::Refused(Refused::SnapGrace { .. }) => tr!("net-refusal-snap-grace"),
        SessionError::NotLocal(seat) => tr!("table-not-local", number = seat.index() + 1),
        SessionError::NotTheDealer => tr!("table-host-deals"),
        SessionError::Disconnected(reason) => tr!("table-disconnected", reason = reason),
        SessionError::NothingToUndo => tr!("table-nothing-to-undo"),
        SessionError::NotTheLesson => tr!("tutorial-not-now"),
        SessionError::NotTheHost => tr!("table-host-hands-seats"),
    }
}

/// How much bigger than at a laptop's size the cards are drawn in a big window, so a table at
/// 1920×1080 and more uses its room: 1 up to about 1100×760 points, up to 1.6 beyond.
fn room_scale(ui: &egui::Ui) -> f32 {
    let room = ui.available_size();
    (room.x / 1_100.0).min(room.y / 760.0).clamp(1.0, 1.6)
}
