//! The table screen: whose cards are shown (hot-seat privacy), bots' paced moves, the board,
//! the seats round the table, the log, and round and match ends.

pub mod crazy_eights;
pub mod log;
pub mod results;

use cardtable_engine::{AnyAction, AnyView, Phase, Seat, Viewer};
use egui::RichText;

use crate::session::bots::PendingDecision;
use crate::session::host::Host;
use crate::ui::card::{self, CardLook};
use crate::ui::theme;
use cardtable_engine::bots::BotLevel;

/// Whether the window has a board for this game yet (the others are played headless).
#[must_use]
pub fn has_board(kind: cardtable_engine::GameKind) -> bool {
    matches!(kind, cardtable_engine::GameKind::CrazyEights)
}

/// Lines of the log shown at the table.
const LOG_LINES: usize = 12;

/// Seconds between two bot moves, so a person can follow them.
pub const BOT_PACE: f64 = 0.7;

/// What the table asks of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableRequest {
    /// Leave the table for the start screen.
    Leave,
    /// Start a new match with the same seats ("play again").
    PlayAgain,
}

/// The table screen's state.
#[derive(Debug)]
pub struct TableScreen {
    host: Host,
    /// The human whose cards are on show; `None` shows no hand.
    showing: Option<Seat>,
    board: crazy_eights::BoardState,
    error: Option<String>,
    next_bot_move: Option<f64>,
    look: CardLook,
    /// "Leave" was pressed during a match: ask before throwing it away.
    confirm_leave: bool,
    /// A bot's decision being made on a worker thread.
    thinking: Option<PendingDecision>,
}

impl TableScreen {
    /// A table for this match.
    #[must_use]
    pub fn new(host: Host, look: CardLook) -> TableScreen {
        TableScreen {
            host,
            showing: None,
            board: crazy_eights::BoardState::default(),
            error: None,
            next_bot_move: None,
            look,
            confirm_leave: false,
            thinking: None,
        }
    }

    /// The session behind the table.
    #[must_use]
    pub fn host(&self) -> &Host {
        &self.host
    }

    /// The seat whose hand is on show, if any.
    #[must_use]
    pub fn showing(&self) -> Option<Seat> {
        self.showing
    }

    fn humans(&self) -> usize {
        self.host.seats().iter().filter(|occupant| occupant.is_human()).count()
    }

    /// The human who must take the device now, if a human has the decision.
    fn human_to_act(&self) -> Option<Seat> {
        self.host.to_act().iter().find(|&seat| self.host.occupant(seat).is_human())
    }

    /// Whose hand the table shows now: the acting human once they have said who they are; with
    /// a single human, always theirs; otherwise nobody's (bots' turns, between humans).
    fn decide_showing(&mut self) {
        let lone_human =
            (self.humans() == 1).then(|| Seat::all(self.host.seats().len()).find(|&seat| self.host.occupant(seat).is_human())).flatten();
        if let Some(seat) = lone_human {
            self.showing = Some(seat);
            return;
        }
        match self.human_to_act() {
            Some(seat) if self.showing == Some(seat) => {}
            _ => self.showing = None,
        }
    }

    /// Runs bots whose time has come; returns when the next repaint is needed, if any.
    pub fn logic(&mut self, now: f64) -> Option<f64> {
        if let Some(thinking) = &self.thinking {
            let seat = thinking.seat;
            match thinking.poll() {
                Ok(None) => return Some(0.03),
                Ok(Some(Some(action))) => {
                    self.thinking = None;
                    if let Err(error) = self.host.act(seat, action) {
                        tracing::error!(%error, seat = seat.0, "a bot's move was refused");
                    }
                    self.decide_showing();
                }
                Ok(Some(None)) | Err(_) => {
                    tracing::error!(seat = seat.0, "a bot found no move");
                    self.thinking = None;
                }
            }
        }
        if self.host.phase() != Phase::Playing {
            self.next_bot_move = None;
            return None;
        }
        let seat = self.host.bot_to_act()?;
        let due = *self.next_bot_move.get_or_insert(now + BOT_PACE);
        if now < due {
            return Some(due - now);
        }
        self.next_bot_move = None;
        let level = self.host.occupant(seat).bot_level().unwrap_or(BotLevel::Random);
        let seed = self.host.bot_seed();
        let view = self.host.view(Viewer::Seat(seat));
        self.thinking = Some(PendingDecision::start(level, seat, view, self.host.legal_actions(seat), seed));
        Some(0.03)
    }

    fn act(&mut self, seat: Seat, action: AnyAction) {
        match self.host.act(seat, action) {
            Ok(()) => self.error = None,
            Err(error) => self.error = Some(error.to_string()),
        }
        self.decide_showing();
    }

    /// Draws the table; returns what the player asked of the app.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<TableRequest> {
        self.decide_showing();
        let mut request = None;
        let names: Vec<String> = self.host.seats().iter().map(|occupant| occupant.name().to_owned()).collect();
        ui.horizontal(|ui| {
            if ui.add(egui::Button::new("← Leave").min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked() {
                if self.host.phase() == Phase::MatchOver {
                    request = Some(TableRequest::Leave);
                } else {
                    self.confirm_leave = true;
                }
            }
            ui.label(RichText::new(self.host.kind().name()).size(22.0).strong());
        });
        if self.confirm_leave {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(theme::ACCENT, "Leave this match? It is not saved and cannot be resumed.");
                if ui.add(egui::Button::new("Leave the match").min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                    request = Some(TableRequest::Leave);
                }
                if ui.add(egui::Button::new("Keep playing").min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                    self.confirm_leave = false;
                }
            });
        }
        if self.host.phase() == Phase::Playing
            && let Some(seat) = self.human_to_act().filter(|seat| self.showing != Some(*seat))
        {
            handoff(ui, &names[seat.index()], || self.showing = Some(seat));
            return request;
        }
        let viewer = self.showing.map_or(Viewer::Spectator, Viewer::Seat);
        let view = self.host.view(viewer);
        let narrow = ui.available_width() < theme::NARROW;
        let height = if narrow { theme::HAND_CARD_NARROW } else { theme::HAND_CARD };
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            match &view {
                AnyView::CrazyEights(view) => {
                    seats_row(ui, &names, view.hand_sizes.as_slice(), view.totals.as_slice(), view.turn, self.showing, height * 0.5);
                    ui.add_space(8.0);
                    crazy_eights::centre(ui, view, height, self.look);
                    ui.add_space(8.0);
                    if let (Some(seat), Phase::Playing) = (self.showing, view.phase) {
                        status_line(ui, &names, view.turn, seat);
                        if let Some(action) = crazy_eights::hand(ui, view, &mut self.board, height, self.look) {
                            self.act(seat, AnyAction::CrazyEights(action));
                        }
                    } else if view.phase == Phase::Playing {
                        ui.label(format!("{} is playing…", names[view.turn.index()]));
                    }
                }
                // The start screen offers tables only for games with a board (`has_board`).
                other => tracing::error!(game = %self.host.kind(), "no board for {other:?}"),
            }
            if let Some(error) = &self.error {
                ui.colored_label(theme::ACCENT, error);
            }
            if let Some(outcome) = results::show(ui, &self.host, &names, self.look) {
                match outcome {
                    results::ResultsChoice::NextRound => {
                        if let Err(error) = self.host.next_round() {
                            self.error = Some(error.to_string());
                        }
                        self.decide_showing();
                    }
                    results::ResultsChoice::PlayAgain => request = Some(TableRequest::PlayAgain),
                    results::ResultsChoice::Leave => request = Some(TableRequest::Leave),
                }
            }
            ui.add_space(8.0);
            egui::CollapsingHeader::new("Log").default_open(!narrow).show(ui, |ui| {
                // Only the latest lines are shown, so only they are put into words: a repaint
                // costs the same at the end of a long match as at its start.
                let mut latest: Vec<String> =
                    self.host.events_for(viewer).rev().filter_map(|event| log::describe(event, &names)).take(LOG_LINES).collect();
                latest.reverse();
                for line in &latest {
                    ui.label(RichText::new(line).small());
                }
            });
        });
        request
    }
}

/// The hand-off screen between two humans: names who plays next and shows no card.
fn handoff(ui: &mut egui::Ui, name: &str, mut reveal: impl FnMut()) {
    ui.add_space(ui.available_height() * 0.25);
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(format!("Pass the device to {name}")).size(26.0).strong());
        ui.label(RichText::new("Everyone else, look away.").color(theme::INK_DIM));
        ui.add_space(16.0);
        let button = egui::Button::new(RichText::new(format!("I'm {name} — show my cards")).size(20.0))
            .min_size(egui::vec2(theme::TOUCH * 5.0, theme::TOUCH * 1.3));
        if ui.add(button).clicked() {
            reveal();
        }
    });
}

/// Who is to play, addressed by name.
fn status_line(ui: &mut egui::Ui, names: &[String], turn: Seat, showing: Seat) {
    let text =
        if turn == showing { format!("{}, your turn.", names[turn.index()]) } else { format!("{} is playing…", names[turn.index()]) };
    ui.label(RichText::new(text).strong().color(theme::ACCENT));
}

/// Every seat round the table: name, cards held (face down), total, whose turn.
fn seats_row(ui: &mut egui::Ui, names: &[String], hand_sizes: &[usize], totals: &[i32], turn: Seat, showing: Option<Seat>, height: f32) {
    ui.horizontal_wrapped(|ui| {
        for (index, name) in names.iter().enumerate() {
            let seat = Seat(index as u8);
            let stroke = if seat == turn { egui::Stroke::new(2.0, theme::ACCENT) } else { egui::Stroke::NONE };
            egui::Frame::group(ui.style()).fill(theme::PANEL).stroke(stroke).inner_margin(8.0).show(ui, |ui| {
                ui.vertical(|ui| {
                    let colour = if showing == Some(seat) { theme::ACCENT } else { theme::INK };
                    ui.label(RichText::new(name).strong().color(colour));
                    card::hidden_hand(ui, hand_sizes[index], height);
                    ui.label(RichText::new(format!("{} pts", totals[index])).small());
                });
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::seating::quick_seating;
    use cardtable_engine::{AnyOptions, GameKind};

    #[test]
    fn paced_bots_decide_on_a_worker_and_hand_the_turn_to_the_human() {
        for level in BotLevel::ALL {
            let host = Host::new(AnyOptions::defaults(GameKind::CrazyEights), quick_seating("Ana", 4, level), 5).expect("table");
            let mut table = TableScreen::new(host, CardLook::default());
            let mut now = 0.0;
            for _ in 0..2_000 {
                if table.human_to_act().is_some() && table.thinking.is_none() {
                    break;
                }
                now += BOT_PACE;
                table.logic(now);
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            assert_eq!(table.human_to_act(), Some(Seat(0)), "{level}: the bots played until Ana's turn");
            assert!(!table.host.steps().is_empty(), "{level}: bots acted");
            assert_eq!(table.showing(), Some(Seat(0)), "a lone human keeps seeing their own hand");
        }
    }
}
