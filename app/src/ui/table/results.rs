//! Round and match ends: each seat's points with the breakdown and the cards they came from,
//! the winners and losers, and what comes next.

use cardtable_engine::{Phase, ScoreKind, Seat};
use egui::RichText;

use crate::session::host::Host;
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
pub fn score_kind_label(kind: ScoreKind) -> &'static str {
    match kind {
        ScoreKind::CardPoints => "cards",
        ScoreKind::QueenExit => "out on a Queen",
        ScoreKind::LoneQueen => "lone Queen",
        ScoreKind::OnePenalty => "no \"One!\"",
        ScoreKind::ReshufflePenalty => "reshuffle",
        ScoreKind::DeclarerAdjustment => "declarer",
        ScoreKind::ResetToZero => "exactly 101: back to 0",
        ScoreKind::GameWon => "game won",
    }
}

/// Draws the last round's result and the match result when there is one.
pub fn show(ui: &mut egui::Ui, host: &Host, names: &[String], look: CardLook) -> Option<ResultsChoice> {
    let phase = host.phase();
    if phase == Phase::Playing {
        return None;
    }
    let game = host.game();
    let round = game.last_round()?;
    let mut choice = None;
    egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(12.0).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(RichText::new(format!("Round {} is over", round.round)).size(22.0).strong());
        for (seat, score) in round.scores.seats() {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(&names[seat.index()]).strong());
                let lines: Vec<String> =
                    score.items.iter().map(|item| format!("{} {:+}", score_kind_label(item.kind), item.points)).collect();
                ui.label(format!("{:+} ({})", score.total(), if lines.is_empty() { "no points".to_owned() } else { lines.join(", ") }));
                ui.label(RichText::new(format!("total {}", round.totals[seat])).color(theme::INK_DIM));
            });
            ui.horizontal_wrapped(|ui| {
                for &card_left in &score.cards {
                    card::face(ui, card_left, 48.0, Offer::Shown, look);
                }
            });
        }
        if let Some(result) = game.match_result() {
            ui.add_space(8.0);
            let list = |seats: &mut dyn Iterator<Item = Seat>| seats.map(|seat| names[seat.index()].clone()).collect::<Vec<_>>().join(", ");
            ui.label(RichText::new(format!("{} won the match!", list(&mut result.winners.iter()))).size(24.0).color(theme::ACCENT));
            if !result.losers.is_empty() {
                ui.label(format!("Lost: {}", list(&mut result.losers.iter())));
            }
            ui.horizontal_wrapped(|ui| {
                if ui.add(egui::Button::new("Play again").min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH))).clicked() {
                    choice = Some(ResultsChoice::PlayAgain);
                }
                if ui.add(egui::Button::new("Back to start").min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH))).clicked() {
                    choice = Some(ResultsChoice::Leave);
                }
            });
        } else if ui
            .add(egui::Button::new(RichText::new("Deal the next round").strong()).min_size(egui::vec2(theme::TOUCH * 4.0, theme::TOUCH)))
            .clicked()
        {
            choice = Some(ResultsChoice::NextRound);
        }
    });
    choice
}
