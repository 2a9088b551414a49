//! The statistics screen: a profile's figures at each game in a table (egui_extras; played,
//! won, lost, win rate, points per round), each game's best and worst match, and its win rate
//! over time; and the score-over-rounds plot of one match, which the history screen shows too.

use cardtable_engine::GameKind;
use egui::RichText;
use egui_extras::Column;
use egui_plot::{Legend, Line, Plot, PlotPoints, Points};

use crate::store::Store;
use crate::store::profiles::ProfileId;
use crate::store::record::MatchSummary;
use crate::store::stats::{self, GameStats, MatchMark};
use crate::tr;
use crate::ui::{tables, theme};

/// What the statistics screen asks of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatsRequest {
    /// Back to the start screen.
    Back,
    /// The profile's matches in the history.
    History(ProfileId),
    /// The profiles screen, to make a first profile.
    MakeProfile,
}

/// The statistics screen's state.
#[derive(Debug, Default)]
pub struct StatsScreen {
    profile: Option<ProfileId>,
    /// The game of the win-rate plot; every game with `None`.
    game: Option<GameKind>,
}

/// Seconds in a day, to plot dates as days.
const DAY: f64 = 86_400.0;

/// A plot drawn on the panel's colour, not the black of text fields, like the rest of a screen.
fn themed<R>(ui: &mut egui::Ui, plot: impl FnOnce(&mut egui::Ui) -> R) -> R {
    ui.scope(|ui| {
        ui.visuals_mut().extreme_bg_color = theme::PANEL;
        plot(ui)
    })
    .inner
}

/// Whole numbers only on an axis of rounds (there is no round 2.5).
fn whole_marks(mark: egui_plot::GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    if mark.value.fract() == 0.0 { format!("{}", mark.value) } else { String::new() }
}

/// Each seat's running total after each round of a match, one line per seat.
pub fn score_over_rounds(ui: &mut egui::Ui, summary: &MatchSummary) {
    ui.label(RichText::new(tr!("store-plot-score")).strong());
    themed(ui, |ui| score_plot(ui, summary));
}

fn score_plot(ui: &mut egui::Ui, summary: &MatchSummary) {
    Plot::new(("score-over-rounds", summary.id.as_str()))
        .height(theme::PLOT_HEIGHT)
        .legend(Legend::default())
        .x_axis_label(tr!("store-plot-round"))
        .x_axis_formatter(whole_marks)
        .y_axis_formatter(whole_marks)
        .y_axis_label(tr!("store-plot-total"))
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .show(ui, |plot| {
            for (index, seat) in summary.seats.iter().enumerate() {
                let mut total = 0;
                let points: Vec<[f64; 2]> = std::iter::once([0.0, 0.0])
                    .chain(seat.round_points.iter().enumerate().map(|(round, points)| {
                        total += points;
                        [f64::from(u32::try_from(round + 1).unwrap_or(u32::MAX)), f64::from(total)]
                    }))
                    .collect();
                plot.line(
                    Line::new(crate::ui::names::person(&seat.name), PlotPoints::from(points))
                        .color(theme::SERIES[index % theme::SERIES.len()])
                        .width(2.0),
                );
            }
        });
}

fn mark_text(mark: Option<&MatchMark>) -> String {
    mark.map_or_else(
        || "—".to_owned(),
        |mark| format!("{} · {}", crate::ui::time::when(mark.finished), tr!("store-stats-total", total = mark.total)),
    )
}

/// The narrowest the game's column of the statistics' tables gets.
const GAME_COLUMN: f32 = 110.0;

/// The figures of every game played, a row a game; it scrolls sideways on a phone.
fn figures_table(ui: &mut egui::Ui, per_game: &std::collections::BTreeMap<GameKind, GameStats>) {
    let titles = [
        tr!("store-stats-game"),
        tr!("store-stats-played"),
        tr!("store-stats-won"),
        tr!("store-stats-lost"),
        tr!("store-stats-win-rate"),
        tr!("store-stats-average"),
    ];
    tables::sideways(ui, "stats-figures", egui::Layout::left_to_right(egui::Align::Center), |table| {
        table
            .column(Column::auto().at_least(GAME_COLUMN))
            .columns(Column::auto().at_least(56.0), titles.len() - 1)
            .header(theme::TABLE_HEADER, |header| tables::titles(header, &titles))
            .body(|mut body| {
                for (game, figures) in per_game {
                    body.row(theme::STATS_ROW, |mut row| {
                        let rate = figures.win_rate().map_or_else(|| "—".to_owned(), |rate| format!("{:.0} %", rate * 100.0));
                        let average = figures.average_round_points().map_or_else(|| "—".to_owned(), |points| format!("{points:.1}"));
                        row.col(|ui| {
                            ui.label(RichText::new(crate::ui::names::game(*game)).strong());
                        });
                        for value in [figures.played.to_string(), figures.won.to_string(), figures.lost.to_string(), rate, average] {
                            row.col(|ui| {
                                ui.label(RichText::new(value).size(theme::BODY_SIZE).strong());
                            });
                        }
                    });
                }
            });
    });
}

/// Each game's best and worst match (when, and the total), a row a game.
fn best_and_worst(ui: &mut egui::Ui, per_game: &std::collections::BTreeMap<GameKind, GameStats>) {
    let titles = [tr!("store-stats-game"), tr!("store-stats-best"), tr!("store-stats-worst")];
    tables::sideways(ui, "stats-marks", egui::Layout::left_to_right(egui::Align::Center), |table| {
        table
            .column(Column::auto().at_least(GAME_COLUMN))
            .columns(Column::auto(), 2)
            .header(theme::TABLE_HEADER, |header| tables::titles(header, &titles))
            .body(|mut body| {
                for (game, figures) in per_game {
                    body.row(theme::STATS_ROW, |mut row| {
                        row.col(|ui| {
                            ui.label(RichText::new(crate::ui::names::game(*game)).strong());
                        });
                        for mark in [figures.best.as_ref(), figures.worst.as_ref()] {
                            row.col(|ui| {
                                ui.label(mark_text(mark));
                            });
                        }
                    });
                }
            });
    });
}

fn win_rate_plot(ui: &mut egui::Ui, history: &[MatchSummary], profile: ProfileId, game: Option<GameKind>) {
    let series = stats::win_rate_over_time(history, profile, game);
    #[allow(clippy::cast_precision_loss)] // seconds since 1970 are far below 2^53
    let points: Vec<[f64; 2]> = series.iter().map(|(time, rate)| [time.as_second() as f64 / DAY, rate * 100.0]).collect();
    if points.is_empty() {
        // An empty chart would show an axis of made-up dates.
        ui.label(RichText::new(tr!("store-stats-no-rate")).color(theme::INK_DIM));
        return;
    }
    themed(ui, |ui| rate_plot(ui, points));
}

/// The date a mark of the time axis names (`value` in days since 1970): none after `last`, the
/// newest match's day, so a chart never names a day that has not come.
fn date_mark(value: f64, last: f64) -> String {
    if value > last + 1e-6 {
        return String::new();
    }
    #[allow(clippy::cast_possible_truncation)] // whole days since 1970 fit an i64
    let second = (value * DAY) as i64;
    jiff::Timestamp::from_second(second).map(|time| time.strftime("%Y-%m-%d").to_string()).unwrap_or_default()
}

fn rate_plot(ui: &mut egui::Ui, points: Vec<[f64; 2]>) {
    let first = points.first().map_or(0.0, |point| point[0]);
    let last = points.last().map_or(0.0, |point| point[0]);
    Plot::new("win-rate-over-time")
        .height(theme::PLOT_HEIGHT)
        .include_y(0.0)
        .include_y(100.0)
        // The axis ends at the newest match (no margin past it), and spans a day at least: one
        // match sits at the right edge of its day instead of in the middle of two.
        .include_x(first.min(last - 1.0))
        .include_x(last)
        .set_margin_fraction(egui::vec2(0.0, 0.05))
        .x_axis_label(tr!("store-plot-date"))
        .y_axis_label(tr!("store-stats-win-rate"))
        .x_axis_formatter(move |mark, _| date_mark(mark.value, last))
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .show(ui, |plot| {
            // A dot a match, so one match shows (a line needs two).
            plot.points(Points::new(tr!("store-stats-win-rate"), PlotPoints::from(points.clone())).color(theme::ACCENT).radius(4.0));
            plot.line(Line::new(tr!("store-stats-win-rate"), PlotPoints::from(points)).color(theme::ACCENT).width(2.0));
        });
}

impl StatsScreen {
    /// Opens on `profile` (the most recent player when `None`).
    #[must_use]
    pub fn for_profile(profile: Option<ProfileId>) -> StatsScreen {
        StatsScreen { profile, game: None }
    }

    /// Draws the screen.
    pub fn show(&mut self, ui: &mut egui::Ui, store: &Store) -> Option<StatsRequest> {
        let mut request = None;
        let profiles = store.profiles();
        if self.profile.and_then(|id| profiles.get(id)).is_none() {
            self.profile = profiles.recent().next().or_else(|| profiles.all().first()).map(|profile| profile.id);
        }
        ui.horizontal_wrapped(|ui| {
            if ui.add(egui::Button::new(tr!("store-back")).min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked() {
                request = Some(StatsRequest::Back);
            }
            ui.label(RichText::new(tr!("store-statistics")).size(theme::TITLE_SIZE).strong());
            if let Some(profile) = self.profile
                && ui.add(egui::Button::new(tr!("store-history")).min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked()
            {
                request = Some(StatsRequest::History(profile));
            }
        });
        let Some(profile) = self.profile.and_then(|id| profiles.get(id)) else {
            ui.label(RichText::new(tr!("store-stats-no-profile")).color(theme::INK_DIM));
            let make = egui::Button::new(RichText::new(tr!("store-stats-make-profile")).strong()).fill(theme::ACCENT_DARK);
            if ui.add(make.min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH))).clicked() {
                request = Some(StatsRequest::MakeProfile);
            }
            return request;
        };
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
            ui.horizontal_wrapped(|ui| {
                ui.label(tr!("store-stats-profile"));
                for other in profiles.all() {
                    let selected = other.id == profile.id;
                    ui.horizontal(|ui| {
                        crate::ui::profiles::avatar(ui, &other.avatar, theme::AVATAR * 0.6);
                        if ui.add(egui::Button::selectable(selected, &other.name).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                            self.profile = Some(other.id);
                        }
                    });
                }
            });
            let per_game = stats::per_game(store.history(), profile.id);
            if per_game.is_empty() {
                ui.label(RichText::new(tr!("store-stats-none", name = &profile.name)).color(theme::INK_DIM));
                return;
            }
            figures_table(ui, &per_game);
            ui.add_space(8.0);
            best_and_worst(ui, &per_game);
            ui.add_space(8.0);
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(tr!("store-stats-win-rate-plot")).strong());
                if ui
                    .add(
                        egui::Button::selectable(self.game.is_none(), tr!("store-history-all-games"))
                            .min_size(egui::vec2(0.0, theme::TOUCH)),
                    )
                    .clicked()
                {
                    self.game = None;
                }
                for game in per_game.keys() {
                    if ui
                        .add(
                            egui::Button::selectable(self.game == Some(*game), crate::ui::names::game(*game))
                                .min_size(egui::vec2(0.0, theme::TOUCH)),
                        )
                        .clicked()
                    {
                        self.game = Some(*game);
                    }
                }
            });
            win_rate_plot(ui, store.history(), profile.id, self.game);
        });
        request
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 19: an axis of rounds or points reads whole numbers only.
    #[test]
    fn axes_of_rounds_read_whole_numbers_only() {
        let mark = |value: f64| whole_marks(egui_plot::GridMark { value, step_size: 0.5 }, &(0.0..=10.0));
        assert_eq!(mark(2.0), "2");
        assert_eq!(mark(-10.0), "-10");
        assert_eq!(mark(2.5), "");
    }

    /// Issue 29: with one match the date axis showed the next day, a date still to come.
    #[test]
    fn the_date_axis_names_no_day_after_the_newest_match() {
        let day = 20_000.0; // 2024-10-04
        assert_eq!(date_mark(day, day), "2024-10-04");
        assert_eq!(date_mark(day - 1.0, day), "2024-10-03");
        assert_eq!(date_mark(day + 0.5, day), "");
        assert_eq!(date_mark(day + 1.0, day), "");
    }
}
