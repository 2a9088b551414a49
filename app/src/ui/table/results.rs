//! Round and match ends: each seat's points with the breakdown and the cards they came from,
//! the winners and losers, and what comes next (the next deal, or "play again" — in 108 Fool
//! up to the highest loser's total).

use cardtable_engine::{AnyOptions, MatchResult, RoundResult, ScoreKind, Seat};
use egui::RichText;

use crate::tr;
use crate::ui::card::{self, CardLook, Offer};
use crate::ui::theme;

/// What the player chose at a round or match end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultsChoice {
    /// Deal the next round.
    NextRound,
    /// Start a new match with the same seats.
    PlayAgain,
    /// Back to the start screen.
    Leave,
}

/// A score line's name.
#[must_use]
pub fn score_kind_label(kind: ScoreKind) -> String {
    match kind {
        ScoreKind::CardPoints => tr!("score-cards"),
        ScoreKind::QueenExit => tr!("score-queen-exit"),
        ScoreKind::LoneQueen => tr!("score-lone-queen"),
        ScoreKind::OnePenalty => tr!("score-one-penalty"),
        ScoreKind::ReshufflePenalty => tr!("score-reshuffle"),
        ScoreKind::DeclarerAdjustment => tr!("score-declarer"),
        ScoreKind::ResetToZero => tr!("score-reset"),
        ScoreKind::GameWon => tr!("score-game-won"),
    }
}

/// What the results panel shows and offers.
pub struct Outcome<'a> {
    /// The round just finished.
    pub round: &'a RoundResult,
    /// The match result, once decided.
    pub result: Option<&'a MatchResult>,
    /// Whether this device deals the next round.
    pub deals: bool,
    /// The rematch's options, when this device may start one.
    pub rematch: Option<&'a AnyOptions>,
}

fn list(names: &[String], seats: impl Iterator<Item = Seat>) -> String {
    seats.map(|seat| names[seat.index()].clone()).collect::<Vec<_>>().join(", ")
}

/// Draws the last round's result and the match result when there is one.
pub fn show(ui: &mut egui::Ui, outcome: &Outcome<'_>, names: &[String], look: CardLook) -> Option<ResultsChoice> {
    let mut choice = None;
    let round = outcome.round;
    egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(12.0).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(RichText::new(tr!("results-round-over", round = round.round)).size(22.0).strong());
        for (seat, score) in round.scores.seats() {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(&names[seat.index()]).strong());
                let lines: Vec<String> =
                    score.items.iter().map(|item| format!("{} {:+}", score_kind_label(item.kind), item.points)).collect();
                let breakdown = if lines.is_empty() { tr!("results-no-points") } else { lines.join(", ") };
                ui.label(format!("{:+} ({breakdown})", score.total()));
                ui.label(RichText::new(tr!("results-total", points = round.totals[seat])).color(theme::INK_DIM));
            });
            if !score.cards.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    for &left in &score.cards {
                        card::face(ui, left, 48.0, Offer::Shown, look);
                    }
                });
            }
        }
        let button = |text: String| egui::Button::new(RichText::new(text).strong()).min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH));
        if let Some(result) = outcome.result {
            ui.add_space(8.0);
            if result.winners.is_empty() {
                ui.label(RichText::new(tr!("results-nobody-won")).size(24.0).color(theme::ACCENT));
            } else {
                ui.label(RichText::new(tr!("results-won", names = list(names, result.winners.iter()))).size(24.0).color(theme::ACCENT));
            }
            if !result.losers.is_empty() {
                ui.label(tr!("results-lost", names = list(names, result.losers.iter())));
            }
            ui.horizontal_wrapped(|ui| {
                if let Some(options) = outcome.rematch {
                    let text = match options {
                        AnyOptions::Fool108(options) => tr!("results-play-again-to", limit = options.score_limit),
                        _ => tr!("results-play-again"),
                    };
                    if ui.add(button(text)).clicked() {
                        choice = Some(ResultsChoice::PlayAgain);
                    }
                }
                if ui.add(button(tr!("results-back-to-start"))).clicked() {
                    choice = Some(ResultsChoice::Leave);
                }
            });
        } else if outcome.deals {
            let next = ui.add(button(tr!("results-next-round")));
            if next.clicked() || super::keys::settled_enter(ui, next.id) {
                choice = Some(ResultsChoice::NextRound);
            }
        } else {
            ui.label(RichText::new(tr!("results-host-deals")).color(theme::INK_DIM));
        }
    });
    choice
}
