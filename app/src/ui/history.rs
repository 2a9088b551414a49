//! The history screen: every finished match, newest first, filtered by game and player, in a
//! virtualised table (egui_extras: only the rows on screen are laid out, so 10,000 matches
//! scroll as smoothly as ten), with a match's score over rounds, its points round by round in
//! a table of rounds and seats, its replay, and CSV/JSON export.
//!
//! The screen only reads the store. Reading a record (which may repair it), an export and a
//! replay are asked of the app ([`HistoryRequest`]), which runs them off the frame; meanwhile
//! the screen says "Opening…" or "Exporting…", and the outcome comes back on a later frame
//! ([`HistoryScreen::record_read`], [`HistoryScreen::exported`],
//! [`HistoryScreen::replay_failed`]).

use cardtable_engine::GameKind;
use egui::RichText;
use egui_extras::{Column, TableBuilder};

use crate::store::Store;
use crate::store::export_job::{ExportFormat, ExportReport};
use crate::store::profiles::ProfileId;
use crate::store::record::{MatchId, MatchRecord, MatchSummary, NetworkPlay};
use crate::store::verdict::Verdict;
use crate::tr;
use crate::ui::time::when;
use crate::ui::{stats, tables, theme};

/// What the history screen asks of the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HistoryRequest {
    /// Back to the start screen.
    Back,
    /// Step through a match (its record is read and replayed off the frame).
    Replay(MatchId),
    /// Read a match's full record for its details (off the frame: reading may repair it).
    Details(MatchId),
    /// Export the whole history (off the frame).
    Export(ExportFormat),
}

/// Why a replay did not open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayFailure {
    /// The record could not be read (the notices say why).
    Unreadable,
    /// The record was read, but its steps do not replay: why, in English (from the session).
    DoesNotReplay(String),
    /// The job could not run: why.
    NotRun(String),
}

/// The export, as the screen tells it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
enum Export {
    /// None asked for.
    #[default]
    None,
    /// Being written.
    Running,
    /// Written: where, and how many matches.
    Done(String),
    /// Not written: why.
    Failed(String),
}

/// The history screen's state.
#[derive(Debug, Default)]
pub struct HistoryScreen {
    game: Option<GameKind>,
    player: Option<ProfileId>,
    /// The match whose details are open.
    details: Option<MatchDetails>,
    export: Export,
    /// The replay asked for: the match, and why it did not open once it did not.
    replay: Option<(MatchId, Option<ReplayFailure>)>,
}

/// The match whose details are open, and its full record once read (`None` inside when it
/// could not be read, which the notices then explain).
#[derive(Debug, Clone)]
struct MatchDetails {
    id: MatchId,
    record: Option<Option<Box<MatchRecord>>>,
}

/// A match's seats in one line: "Ana 12 (won) · Ada 40 · Boris 101 (lost)".
#[must_use]
pub fn seats_line(summary: &MatchSummary) -> String {
    summary
        .seats
        .iter()
        .map(|seat| {
            let mark = if seat.won {
                format!(" ({})", tr!("store-history-won"))
            } else if seat.lost {
                format!(" ({})", tr!("store-history-lost"))
            } else {
                String::new()
            };
            format!("{} {}{mark}", crate::ui::names::person(&seat.name), seat.total)
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Every round's points per seat, a row a round and a column a seat: the round's points and the
/// total after it, and below them where the points came from. Scrolls sideways when the seats
/// do not fit.
fn round_breakdown(ui: &mut egui::Ui, record: &MatchRecord) {
    let seats = record.seats.len();
    let mut titles = vec![tr!("store-history-col-round")];
    titles.extend(record.seats.iter().map(|seat| crate::ui::names::person(&seat.name)));
    tables::sideways(ui, "history-rounds", egui::Layout::top_down(egui::Align::Min), |table| {
        table
            .column(Column::auto())
            .columns(Column::auto().at_least(BREAKDOWN_CELL), seats)
            .header(theme::TABLE_HEADER, |header| tables::titles(header, &titles))
            .body(|body| {
                body.rows(theme::BREAKDOWN_ROW, record.rounds.len(), |mut row| {
                    let round = &record.rounds[row.index()];
                    row.col(|ui| {
                        ui.label(round.round.to_string());
                    });
                    for (seat, score) in round.scores.seats() {
                        row.col(|ui| {
                            ui.label(RichText::new(format!("{:+} → {}", score.total(), round.totals[seat])).strong());
                            let lines: Vec<String> = score
                                .items
                                .iter()
                                .map(|item| format!("{} {:+}", crate::ui::table::results::score_kind_label(item.kind), item.points))
                                .collect();
                            ui.add(egui::Label::new(RichText::new(lines.join(", ")).small().color(theme::INK_DIM)).truncate());
                        });
                    }
                });
            });
    });
}

/// The narrowest a seat's column of the round breakdown gets.
const BREAKDOWN_CELL: f32 = 90.0;

fn button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> bool {
    ui.add(egui::Button::new(text).min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked()
}

impl HistoryScreen {
    /// Opens on `player`'s matches (every match with `None`).
    #[must_use]
    pub fn for_player(player: Option<ProfileId>) -> HistoryScreen {
        HistoryScreen { player, ..HistoryScreen::default() }
    }

    fn shown<'a>(&self, history: &'a [MatchSummary]) -> Vec<&'a MatchSummary> {
        history
            .iter()
            .rev()
            .filter(|summary| self.game.is_none_or(|game| summary.game == game))
            .filter(|summary| self.player.is_none_or(|player| summary.seat_of(player).is_some()))
            .collect()
    }

    /// A match's record as read for its details (`None`: it could not be read).
    pub fn record_read(&mut self, id: &MatchId, record: Option<MatchRecord>) {
        if let Some(details) = &mut self.details
            && &details.id == id
        {
            details.record = Some(record.map(Box::new));
        }
    }

    /// How the export went: where the file went and how many matches it holds, or why not.
    pub fn exported(&mut self, target: &std::path::Path, outcome: Result<ExportReport, String>) {
        self.export = match outcome {
            Ok(report) => Export::Done(tr!("store-export-done", count = report.written, path = target.display().to_string())),
            Err(error) => Export::Failed(tr!("store-export-failed", error = error)),
        };
    }

    /// The replay asked for did not open.
    pub fn replay_failed(&mut self, id: &MatchId, why: ReplayFailure) {
        if let Some((asked, failure)) = &mut self.replay
            && asked == id
        {
            *failure = Some(why);
        }
    }

    /// The match whose replay this screen waits for, if it does.
    #[must_use]
    pub fn awaited_replay(&self) -> Option<&MatchId> {
        self.replay.as_ref().filter(|(_, failure)| failure.is_none()).map(|(id, _)| id)
    }

    /// Draws the screen; returns what the player asked for.
    pub fn show(&mut self, ui: &mut egui::Ui, store: &Store) -> Option<HistoryRequest> {
        let mut request = None;
        ui.horizontal_wrapped(|ui| {
            if button(ui, tr!("store-back")) {
                request = Some(HistoryRequest::Back);
            }
            ui.label(RichText::new(tr!("store-history")).size(theme::TITLE_SIZE).strong());
        });
        self.filters(ui, store);
        let count = self.shown(store.history()).len();
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!("store-history-count", count = count));
            // One export at a time: the buttons wait while one is written.
            let idle = self.export != Export::Running;
            for format in [ExportFormat::Csv, ExportFormat::Json] {
                let label = if format == ExportFormat::Csv { tr!("store-export-csv") } else { tr!("store-export-json") };
                let export = egui::Button::new(label).min_size(egui::vec2(theme::TOUCH, theme::TOUCH));
                if ui.add_enabled(idle, export).clicked() {
                    self.export = Export::Running;
                    request = Some(HistoryRequest::Export(format));
                }
            }
        });
        let shown = self.shown(store.history());
        match &self.export {
            Export::None => {}
            Export::Running => {
                ui.label(RichText::new(tr!("store-export-running")).small().color(theme::INK_DIM));
            }
            Export::Done(message) => {
                ui.label(RichText::new(message).small().color(theme::INK_DIM));
            }
            Export::Failed(message) => {
                ui.colored_label(theme::ACCENT, message);
            }
        }
        if let Some(MatchDetails { id, record }) = self.details.clone()
            && let Some(summary) = store.history().iter().find(|summary| summary.id == id)
        {
            // The details scroll on their own, so on a phone the list stays in view below them.
            let most = ui.available_height() * 0.6;
            egui::ScrollArea::vertical().id_salt("history-details").max_height(most).show(ui, |ui| {
                egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(10.0).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(format!("{} · {}", crate::ui::names::game(summary.game), when(summary.finished))).strong());
                        if summary.network.as_ref().is_none_or(NetworkPlay::verified) && button(ui, tr!("store-history-replay")) {
                            self.replay = Some((id.clone(), None));
                            request = Some(HistoryRequest::Replay(id.clone()));
                        }
                        if summary.undos > 0 {
                            ui.label(RichText::new(tr!("store-history-undos", count = summary.undos)).color(theme::INK_DIM));
                        }
                        if let Some(network) = &summary.network {
                            ui.label(RichText::new(network_words(network)).color(theme::INK_DIM));
                        }
                        if button(ui, tr!("store-history-close")) {
                            self.details = None;
                        }
                    });
                    match self.replay.as_ref().filter(|(asked, _)| *asked == id).map(|(_, failure)| failure) {
                        Some(None) => {
                            ui.label(RichText::new(tr!("store-history-opening")).color(theme::INK_DIM));
                        }
                        Some(Some(failure)) => {
                            ui.colored_label(theme::ACCENT, replay_failure(failure));
                        }
                        None => {}
                    }
                    stats::score_over_rounds(ui, summary);
                    match &record {
                        None => {
                            ui.label(RichText::new(tr!("store-history-opening")).color(theme::INK_DIM));
                        }
                        Some(None) => {
                            ui.label(RichText::new(tr!("store-history-unreadable")).color(theme::INK_DIM));
                        }
                        Some(Some(record)) => round_breakdown(ui, record),
                    }
                });
            });
        }
        if shown.is_empty() {
            ui.label(RichText::new(tr!("store-history-empty")).color(theme::INK_DIM));
            return request;
        }
        if let Some(id) = HistoryScreen::table(ui, &shown) {
            self.details = Some(MatchDetails { id: id.clone(), record: None });
            request = Some(HistoryRequest::Details(id));
        }
        request
    }

    /// The matches as a table, every row of one height (a virtualised table needs every row's
    /// height in advance). A phone's width shows two columns (the
    /// details button, then when, game and rounds over the players), a wider one five.
    /// Returns the match whose details were asked for.
    fn table(ui: &mut egui::Ui, shown: &[&MatchSummary]) -> Option<MatchId> {
        let mut opened = None;
        let wide = ui.available_width() >= theme::NARROW;
        let mut table = TableBuilder::new(ui)
            .id_salt("history-matches")
            .striped(true)
            .auto_shrink([false, false])
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(Column::auto());
        table = if wide {
            table.column(Column::auto()).column(Column::auto()).column(Column::auto()).column(Column::remainder().clip(true))
        } else {
            table.column(Column::remainder().clip(true))
        };
        let header = |mut header: egui_extras::TableRow<'_, '_>| {
            header.col(|_| {});
            let titles = if wide {
                vec![
                    tr!("store-history-col-when"),
                    tr!("store-history-col-game"),
                    tr!("store-history-col-rounds"),
                    tr!("store-history-col-players"),
                ]
            } else {
                vec![tr!("store-history-col-match")]
            };
            for title in titles {
                header.col(|ui| {
                    ui.strong(title);
                });
            }
        };
        table.header(theme::TABLE_HEADER, header).body(|body| {
            let height = if wide { theme::HISTORY_ROW_WIDE } else { theme::HISTORY_ROW };
            body.rows(height, shown.len(), |mut row| {
                let summary = shown[row.index()];
                row.col(|ui| {
                    if button(ui, tr!("store-history-details")) {
                        opened = Some(summary.id.clone());
                    }
                });
                let mut game = crate::ui::names::game(summary.game);
                if let Some(network) = &summary.network {
                    game = format!("{game} · {}", network_mark(network));
                }
                if summary.undos > 0 {
                    // Said in the row: a match with moves taken back is not quite the same win.
                    game = format!("{game} · {}", tr!("store-history-undos", count = summary.undos));
                }
                let rounds = tr!("store-history-rounds", count = summary.rounds);
                let players = RichText::new(seats_line(summary)).color(theme::INK_DIM);
                if wide {
                    row.col(|ui| {
                        ui.label(when(summary.finished));
                    });
                    row.col(|ui| {
                        ui.label(RichText::new(game).strong());
                    });
                    row.col(|ui| {
                        ui.label(rounds);
                    });
                    row.col(|ui| {
                        ui.add(egui::Label::new(players).truncate());
                    });
                } else {
                    row.col(|ui| {
                        // The game first: the date is the same for a whole evening's matches.
                        ui.vertical(|ui| {
                            ui.add(egui::Label::new(RichText::new(format!("{game} · {rounds}")).strong()).truncate());
                            let players = format!("{} · {}", when(summary.finished), seats_line(summary));
                            ui.add(egui::Label::new(RichText::new(players).color(theme::INK_DIM)).truncate());
                        });
                    });
                }
            });
        });
        opened
    }

    fn filters(&mut self, ui: &mut egui::Ui, store: &Store) {
        ui.horizontal_wrapped(|ui| {
            let game_name = self.game.map_or_else(|| tr!("store-history-all-games"), crate::ui::names::game);
            egui::ComboBox::new("history-game", tr!("store-history-game")).selected_text(game_name).show_ui(ui, |ui| {
                ui.selectable_value(&mut self.game, None, tr!("store-history-all-games"));
                for &kind in GameKind::ALL {
                    ui.selectable_value(&mut self.game, Some(kind), crate::ui::names::game(kind));
                }
            });
            let player_name = self
                .player
                .and_then(|id| store.profiles().get(id))
                .map_or_else(|| tr!("store-history-all-players"), |profile| profile.name.clone());
            egui::ComboBox::new("history-player", tr!("store-history-player")).selected_text(player_name).show_ui(ui, |ui| {
                ui.selectable_value(&mut self.player, None, tr!("store-history-all-players"));
                for profile in store.profiles().all() {
                    ui.selectable_value(&mut self.player, Some(profile.id), &profile.name);
                }
            });
        });
    }
}

/// Why a replay did not open, in words.
fn replay_failure(failure: &ReplayFailure) -> String {
    match failure {
        ReplayFailure::Unreadable => tr!("store-history-unreadable"),
        ReplayFailure::DoesNotReplay(error) | ReplayFailure::NotRun(error) => tr!("store-replay-failed", error = error),
    }
}

/// A match played on the home network, in a word or two for its row: whether it was verified.
fn network_mark(network: &NetworkPlay) -> String {
    match network.verdict {
        Some(Verdict::Verified) => tr!("store-history-mark-verified"),
        Some(Verdict::Mismatch { .. }) => tr!("store-history-mark-mismatch"),
        Some(Verdict::NoRecord) | None => tr!("store-history-mark-network"),
    }
}

/// How a match played on the home network is kept here, in words: verified and replayable, or
/// why not.
#[must_use]
pub fn network_words(network: &NetworkPlay) -> String {
    let kept = match network.verdict {
        Some(Verdict::Verified) => tr!("store-history-network-verified"),
        Some(Verdict::Mismatch { at_move, what }) => crate::ui::lan::words::mismatch(at_move, what),
        Some(Verdict::NoRecord) => tr!("store-history-network-no-record"),
        None => tr!("store-history-network"),
    };
    if network.decided { kept } else { format!("{kept} {}", tr!("store-history-network-closed")) }
}
