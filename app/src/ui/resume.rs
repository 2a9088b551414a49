//! The start screen's part of the store: the way to profiles, history and statistics, and the
//! unfinished matches offered for resuming, the newest few with "show all" (discarding one
//! asks first).

use std::collections::HashMap;

use cardtable_engine::Phase;
use egui::RichText;

use crate::store::Store;
use crate::store::record::MatchId;
use crate::store::saved::SavedMatch;
use crate::tr;
use crate::ui::theme;

/// What was asked of the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LibraryChoice {
    /// The profiles screen.
    Profiles,
    /// The history screen.
    History,
    /// The statistics screen.
    Statistics,
    /// Resume this unfinished match.
    Resume(MatchId),
    /// Throw this unfinished match away (already confirmed).
    Discard(MatchId),
}

/// How many unfinished matches the start screen lists before "show all".
pub const RESUME_SHOWN: usize = 2;

/// Where an unfinished match stands, worked out once per save (replaying its steps).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Standing {
    /// The round being played, or just finished (from 1).
    round: u32,
    /// Each seat's match total so far.
    totals: Vec<i32>,
}

impl Standing {
    fn of(saved: &SavedMatch) -> Option<Standing> {
        let host = saved.resume().ok()?;
        let game = host.game();
        let finished = game.last_round().map_or(0, |last| last.round);
        let round = if game.phase() == Phase::Playing { finished + 1 } else { finished.max(1) };
        Some(Standing { round, totals: game.totals().iter().copied().collect() })
    }
}

/// The start panel's state: which unfinished match waits for a discard confirmation, whether
/// every unfinished match is listed, and each save's standing (kept: working it out replays
/// the match).
#[derive(Debug, Default)]
pub struct LibraryPanel {
    confirm_discard: Option<MatchId>,
    show_all: bool,
    standings: HashMap<MatchId, (usize, Option<Standing>)>,
}

fn button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> bool {
    ui.add(egui::Button::new(text).min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked()
}

impl LibraryPanel {
    /// Draws the panel: the way to profiles, history and statistics, then the newest unfinished
    /// matches (all of them once asked), each with its game, players, scores and round.
    pub fn show(&mut self, ui: &mut egui::Ui, store: &Store) -> Option<LibraryChoice> {
        let mut choice = None;
        ui.horizontal_wrapped(|ui| {
            if button(ui, tr!("store-profiles")) {
                choice = Some(LibraryChoice::Profiles);
            }
            if button(ui, tr!("store-history")) {
                choice = Some(LibraryChoice::History);
            }
            if button(ui, tr!("store-statistics")) {
                choice = Some(LibraryChoice::Statistics);
            }
        });
        let unfinished = store.unfinished();
        self.standings.retain(|id, _| unfinished.iter().any(|saved| &saved.id == id));
        if unfinished.is_empty() {
            return choice;
        }
        egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(10.0).show(ui, |ui| {
            ui.set_width(ui.available_width());
            // One row per match, the buttons first, so that a phone still shows the games below.
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(tr!("store-resume-title")).strong());
                if unfinished.len() > RESUME_SHOWN {
                    let text = if self.show_all { tr!("store-resume-fewer") } else { tr!("store-resume-all", count = unfinished.len()) };
                    if ui.add(egui::Button::new(RichText::new(text).small())).clicked() {
                        self.show_all = !self.show_all;
                    }
                }
            });
            let shown = if self.show_all { unfinished.len() } else { unfinished.len().min(RESUME_SHOWN) };
            for saved in &unfinished[..shown] {
                let line = self.line(saved);
                let when = tr!("store-resume-saved", when = crate::ui::time::when(saved.saved));
                // When it was saved, in view: two matches of one game tell apart by it.
                let words = |ui: &mut egui::Ui| {
                    ui.add(egui::Label::new(line).wrap());
                    ui.label(RichText::new(when).small().color(theme::INK_DIM));
                };
                if self.confirm_discard.as_ref() == Some(&saved.id) {
                    // The question under the match's words, both as wide as the list: beside
                    // them a long question (Russian's) squeezed the words to one a line.
                    words(ui);
                    self.confirm(ui, saved, &mut choice);
                    continue;
                }
                ui.horizontal(|ui| {
                    self.buttons(ui, saved, &mut choice);
                    ui.vertical(words);
                });
            }
        });
        choice
    }

    /// The newest unfinished match in words ("Crazy Eights · round 3"), for the start screen's
    /// Continue; `None` when there is none.
    pub fn newest(&mut self, store: &Store) -> Option<String> {
        let saved = store.unfinished().first()?;
        // Its first line, the game and round: the players follow on the list below.
        self.line(saved).lines().next().map(str::to_owned)
    }

    /// "Crazy Eights · round 3" over "Ana 12, Boris 30".
    fn line(&mut self, saved: &SavedMatch) -> String {
        let entry = self.standings.entry(saved.id.clone()).or_insert_with(|| (usize::MAX, None));
        if entry.0 != saved.steps.len() {
            *entry = (saved.steps.len(), Standing::of(saved));
        }
        let game = crate::ui::names::game(saved.options.kind());
        match &entry.1 {
            Some(standing) => {
                let players = saved
                    .seats
                    .iter()
                    .zip(&standing.totals)
                    .map(|(seat, total)| format!("{} {total}", crate::ui::names::person(&seat.name)))
                    .collect::<Vec<_>>()
                    .join(", ");
                tr!("store-resume-line", game = game, round = standing.round, players = players)
            }
            // It does not replay: say so here rather than fail on Resume.
            None => {
                let players = saved.seats.iter().map(|seat| crate::ui::names::person(&seat.name)).collect::<Vec<_>>().join(", ");
                tr!("store-resume-line-unreadable", game = game, players = players)
            }
        }
    }

    /// The question before discarding a match, and its answers.
    fn confirm(&mut self, ui: &mut egui::Ui, saved: &SavedMatch, choice: &mut Option<LibraryChoice>) {
        ui.colored_label(theme::ACCENT, tr!("store-discard-confirm"));
        ui.horizontal_wrapped(|ui| {
            if button(ui, tr!("store-discard-yes")) {
                *choice = Some(LibraryChoice::Discard(saved.id.clone()));
                self.confirm_discard = None;
            }
            if button(ui, tr!("store-cancel")) {
                self.confirm_discard = None;
            }
        });
    }

    /// Resume and discard, beside a match's words.
    fn buttons(&mut self, ui: &mut egui::Ui, saved: &SavedMatch, choice: &mut Option<LibraryChoice>) {
        let resume = egui::Button::new(RichText::new(tr!("store-resume")).strong()).fill(theme::ACCENT_DARK);
        if ui.add(resume.min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked() {
            *choice = Some(LibraryChoice::Resume(saved.id.clone()));
        }
        // A cross keeps the row short on a phone; it is named "Discard" for screen readers.
        let discard = ui.add(egui::Button::new("✕").min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).on_hover_text(tr!("store-discard"));
        discard.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, tr!("store-discard")));
        if discard.clicked() {
            self.confirm_discard = Some(saved.id.clone());
        }
    }
}
