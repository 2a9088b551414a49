//! Round and match ends: the standings (each seat's place by its match total, its points this
//! round with the breakdown and the cards they came from, its total), who took the round, the
//! winners and losers, and what comes next (the next deal, or "play again", in the game's own
//! words: in 108 Fool up to the highest loser's total).

use cardtable_engine::{AnyOptions, Better, MatchResult, RoundResult, ScoreKind, Seat, places};
use egui::RichText;

use super::keys::{settled_click, settled_press};
use crate::tr;
use crate::ui::card::{self, CardLook, Offer};
use crate::ui::theme;

/// The width of the place column ("1.").
const PLACE_WIDTH: f32 = 28.0;

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
    /// Which totals lead in this game.
    pub better: Better,
    /// Whether this device deals the next round.
    pub deals: bool,
    /// The rematch's options, when this device may start one.
    pub rematch: Option<&'a AnyOptions>,
    /// The one person at this device, to whom the match's end is told as won or lost.
    pub person: Option<Seat>,
}

fn list(names: &[String], seats: impl Iterator<Item = Seat>) -> String {
    seats.map(|seat| names[seat.index()].clone()).collect::<Vec<_>>().join(", ")
}

/// The seats in standings order: by place on the match total, then by seat.
#[must_use]
pub fn standings(round: &RoundResult, better: Better) -> Vec<(usize, Seat)> {
    let mut order: Vec<(usize, Seat)> = places(&round.totals, better).seats().map(|(seat, &place)| (place, seat)).collect();
    order.sort_unstable();
    order
}

/// The seats that did best this round (the round's points, counted as the totals are).
#[must_use]
pub fn round_winners(round: &RoundResult, better: Better) -> Vec<Seat> {
    places(&round.scores.map(|_, score| score.total()), better).seats().filter(|&(_, &place)| place == 1).map(|(seat, _)| seat).collect()
}

/// Draws the last round's standings and the match result when there is one.
pub fn show(ui: &mut egui::Ui, outcome: &Outcome<'_>, names: &[String], look: CardLook) {
    let round = outcome.round;
    egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(12.0).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(RichText::new(tr!("results-round-over", round = round.round)).size(theme::TITLE_SIZE).strong());
        let best = round_winners(round, outcome.better);
        if best.len() < round.scores.len() {
            ui.label(
                RichText::new(tr!("results-round-won", names = list(names, best.into_iter()))).size(theme::LARGE_SIZE).color(theme::ACCENT),
            );
        }
        for (place, seat) in standings(round, outcome.better) {
            let score = &round.scores[seat];
            // One short line a seat (place, name, the round's points, the total), then how the
            // points came and the cards they came from, indented under the name.
            // Rows as tall as their text: `ui.horizontal` would make each a touch target high.
            let row = egui::Layout::left_to_right(egui::Align::Min);
            ui.with_layout(row, |ui| {
                let colour = if place == 1 { theme::ACCENT } else { theme::INK };
                let place = RichText::new(tr!("results-place", place = place)).strong().color(colour);
                ui.add_sized([PLACE_WIDTH, ui.text_style_height(&egui::TextStyle::Body)], egui::Label::new(place));
                ui.label(RichText::new(&names[seat.index()]).strong());
                ui.label(RichText::new(format!("{:+}", score.total())).strong());
                ui.label(RichText::new(tr!("results-total", points = round.totals[seat])).color(theme::INK_DIM));
            });
            ui.with_layout(row, |ui| {
                ui.add_space(PLACE_WIDTH + ui.spacing().item_spacing.x);
                ui.vertical(|ui| {
                    let lines: Vec<String> =
                        score.items.iter().map(|item| format!("{} {:+}", score_kind_label(item.kind), item.points)).collect();
                    let breakdown = if lines.is_empty() { tr!("results-no-points") } else { lines.join(", ") };
                    ui.label(RichText::new(breakdown).small().color(theme::INK_DIM));
                    if !score.cards.is_empty() {
                        ui.horizontal_wrapped(|ui| {
                            for &left in &score.cards {
                                card::face(ui, left, 48.0, Offer::Shown, look);
                            }
                        });
                    }
                });
            });
            ui.add_space(4.0);
        }
        if let Some(result) = outcome.result {
            ui.add_space(8.0);
            if let Some(person) = outcome.person {
                // The person's own moment first, in the biggest letters the table has.
                let (words, colour) = if result.winners.contains(person) {
                    (tr!("results-you-won"), theme::ACCENT)
                } else {
                    (tr!("results-you-lost"), theme::INK)
                };
                ui.label(RichText::new(words).size(theme::APP_TITLE_SIZE).strong().color(colour));
            }
            if result.winners.is_empty() {
                ui.label(RichText::new(tr!("results-nobody-won")).size(theme::HEADLINE_SIZE).color(theme::ACCENT));
            } else {
                ui.label(
                    RichText::new(tr!("results-won", names = list(names, result.winners.iter())))
                        .size(theme::HEADLINE_SIZE)
                        .color(theme::ACCENT),
                );
            }
            if !result.losers.is_empty() {
                ui.label(tr!("results-lost", names = list(names, result.losers.iter())));
            }
        }
    });
}

/// Draws what comes next after the standings (the next deal, or play again and back to start
/// once the match is decided) where the player's hand was, so it stays in reach however long
/// the standings are; returns the player's choice.
pub fn actions(ui: &mut egui::Ui, outcome: &Outcome<'_>) -> Option<ResultsChoice> {
    let mut choice = None;
    let button = |text: String| egui::Button::new(RichText::new(text).strong()).min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH));
    if outcome.result.is_some() {
        ui.horizontal_wrapped(|ui| {
            if let Some(options) = outcome.rematch {
                // The game's own words: 108 Fool says the limit a rematch plays to.
                let text = super::games::for_kind(options.kind()).play_again(options);
                let again = ui.add(button(text));
                if settled_click(ui, &again) {
                    choice = Some(ResultsChoice::PlayAgain);
                }
            }
            let back = ui.add(button(tr!("results-back-to-start")));
            if settled_click(ui, &back) {
                choice = Some(ResultsChoice::Leave);
            }
        });
    } else if outcome.deals {
        // Enter or Space counts only once the standings have been on screen a moment: a key
        // meant for the round's last card skipped them (the focus may sit on this button).
        let next = ui.add(button(tr!("results-next-round")));
        if settled_press(ui, &next) {
            choice = Some(ResultsChoice::NextRound);
        }
    } else {
        ui.label(RichText::new(tr!("results-host-deals")).color(theme::INK_DIM));
    }
    choice
}
