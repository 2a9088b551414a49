//! The event log in words, with names: "Ana played 8♥", "Ana chose ♠". Never "you": on a
//! shared device "you" would mean whoever happens to look. Each game's sentences live in its
//! file under `games/`; this file has the shared ones and the panel.

use cardtable_engine::{Addressed, AnyEvent, Card, Seat, Viewer};
use egui::RichText;

use super::games;
use crate::tr;

/// Lines of the log kept on screen to scroll back through (the newest in view).
const LOG_LINES: usize = 150;

/// The latest lines `viewer` may read, oldest first. Only the lines shown are put into words,
/// so a repaint costs the same at the end of a long match as at its start. A run of draws by
/// one seat is one line ("Ana drew 3 cards: 9♥ K♥ 2♣").
#[must_use]
pub fn latest(history: &[Addressed<AnyEvent>], viewer: Viewer, names: &[String], lines: usize) -> Vec<String> {
    let mut latest: Vec<String> = Vec::new();
    // The run being gathered, newest first: who drew, the cards, and its first event.
    let mut run: Option<(Seat, Vec<Option<Card>>, &AnyEvent)> = None;
    for addressed in history.iter().rev().filter(|addressed| addressed.audience.includes(viewer)) {
        if latest.len() >= lines {
            break;
        }
        if let Some(draw) = games::drawn(&addressed.event) {
            match &mut run {
                Some((seat, cards, first)) if *seat == draw.seat => {
                    cards.push(draw.card);
                    *first = &addressed.event;
                }
                _ => {
                    latest.extend(run.take().and_then(|run| draws_line(run, names)));
                    run = Some((draw.seat, vec![draw.card], &addressed.event));
                }
            }
            continue;
        }
        let Some(line) = games::describe(&addressed.event, names) else { continue };
        latest.extend(run.take().and_then(|run| draws_line(run, names)));
        if latest.len() < lines {
            latest.push(line);
        }
    }
    if latest.len() < lines {
        latest.extend(run.and_then(|run| draws_line(run, names)));
    }
    latest.reverse();
    latest
}

/// One line for a run of draws (gathered newest first).
fn draws_line((seat, mut cards, first): (Seat, Vec<Option<Card>>, &AnyEvent), names: &[String]) -> Option<String> {
    if cards.len() == 1 {
        return games::describe(first, names);
    }
    cards.reverse();
    let name = names.get(seat.index()).cloned().unwrap_or_else(|| format!("#{}", seat.0 + 1));
    let seen: Option<Vec<String>> = cards.iter().map(|card| card.map(Card::pretty)).collect();
    Some(match seen {
        Some(seen) => tr!("log-drew-many-seen", name = name, count = cards.len(), cards = seen.join(" ")),
        None => tr!("log-drew-many", name = name, count = cards.len()),
    })
}

/// The log's lines in words, put into words again only when the history, the reader, the
/// names or the language change: the log is drawn every frame, and at the end of a long match
/// its 150 lines cost more to word than the rest of the table to draw.
#[derive(Debug, Default)]
pub struct Words {
    /// What the lines were worded from.
    from: Option<WordedFrom>,
    lines: Vec<String>,
    /// Each line's height when it was last drawn.
    heights: Heights,
}

/// The heights the log's lines took when last drawn, at one width and one text size.
#[derive(Debug, Default)]
struct Heights {
    /// The width and the small text's row height the heights were measured at.
    measured_at: Option<(f32, f32)>,
    of: std::collections::HashMap<String, f32>,
}

impl Heights {
    /// Forgets every height if the width or the text size changed, and the lines gone long ago.
    fn keep_for(&mut self, width: f32, row: f32, lines: &[String]) {
        if self.measured_at != Some((width, row)) {
            self.measured_at = Some((width, row));
            self.of.clear();
        }
        if self.of.len() > 2 * LOG_LINES {
            let current: std::collections::HashSet<&String> = lines.iter().collect();
            self.of.retain(|line, _| current.contains(line));
        }
    }
}

/// What a log's lines were worded from: the history's length and its newest event, the reader,
/// the names and the language.
#[derive(Debug, PartialEq)]
struct WordedFrom {
    len: usize,
    newest: Option<Addressed<AnyEvent>>,
    viewer: Viewer,
    names: Vec<String>,
    language: crate::i18n::Language,
}

impl Words {
    /// The latest lines `viewer` may read, oldest first (as [`latest`]).
    pub fn lines(&mut self, history: &[Addressed<AnyEvent>], viewer: Viewer, names: &[String]) -> &[String] {
        let language = crate::i18n::language();
        let current = self.from.as_ref().is_some_and(|from| {
            from.len == history.len()
                && from.newest.as_ref() == history.last()
                && from.viewer == viewer
                && from.names == names
                && from.language == language
        });
        if !current {
            self.lines = latest(history, viewer, names, LOG_LINES);
            self.from = Some(WordedFrom { len: history.len(), newest: history.last().cloned(), viewer, names: names.to_vec(), language });
        }
        &self.lines
    }
}

/// Draws the log panel, folded away when not `open`.
pub fn show(ui: &mut egui::Ui, words: &mut Words, history: &[Addressed<AnyEvent>], viewer: Viewer, names: &[String], open: bool) {
    egui::CollapsingHeader::new(tr!("log-title")).default_open(open).show(ui, |ui| {
        lines(ui, words, history, viewer, names);
    });
}

/// The log's lines, to scroll back through. A line out of view takes the height it had when it
/// was last drawn, without being laid out again: at the end of a long match its 150 labels were
/// a fifth of a table frame's time. A line not measured yet (new, or the width or the text size
/// changed) is drawn wherever it is, so every height is exact and nothing moves while one
/// scrolls. (A screen reader hears the lines in view, as with egui's `ScrollArea::show_rows`.)
/// Returns how many lines were laid out.
pub fn lines(ui: &mut egui::Ui, words: &mut Words, history: &[Addressed<AnyEvent>], viewer: Viewer, names: &[String]) -> usize {
    words.lines(history, viewer, names);
    let mut laid_out = 0;
    let Words { lines, heights, .. } = words;
    heights.keep_for(ui.available_width(), ui.text_style_height(&egui::TextStyle::Small), lines);
    for line in lines.iter() {
        if let Some(&height) = heights.of.get(line) {
            let rect = egui::Rect::from_min_size(ui.cursor().min, egui::vec2(ui.available_width(), height));
            if !ui.is_rect_visible(rect) {
                ui.allocate_space(egui::vec2(0.0, height));
                continue;
            }
        }
        let response = ui.label(RichText::new(line).small());
        heights.of.insert(line.clone(), response.rect.height());
        laid_out += 1;
    }
    laid_out
}

/// The log over the table on a phone, where there is no room beside it: one tap opens it (the
/// newest line in view, the rest to scroll back), one closes it. Returns whether it stays open.
#[must_use]
pub fn over_table(ctx: &egui::Context, words: &mut Words, history: &[Addressed<AnyEvent>], viewer: Viewer, names: &[String]) -> bool {
    let mut open = true;
    let screen = ctx.content_rect();
    let modal = egui::Modal::new(egui::Id::unique("table-log")).show(ctx, |ui| {
        ui.set_width((screen.width() - 48.0).max(200.0));
        ui.label(RichText::new(tr!("log-title")).size(crate::ui::theme::PANEL_TITLE_SIZE).strong());
        egui::ScrollArea::vertical().max_height(screen.height() * 0.6).stick_to_bottom(true).show(ui, |ui| {
            lines(ui, words, history, viewer, names);
        });
        let close = egui::Button::new(tr!("log-close")).min_size(egui::vec2(crate::ui::theme::TOUCH * 3.0, crate::ui::theme::TOUCH));
        if ui.add(close).clicked() {
            open = false;
        }
    });
    open && !modal.should_close()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardtable_engine::Audience;
    use cardtable_engine::games::crazy_eights::CrazyEightsEvent;

    #[test]
    fn events_read_with_names_never_you_and_private_lines_stay_private() {
        let names = vec!["Ana".to_owned(), "Boris".to_owned()];
        let card: Card = "8H".parse().expect("card");
        let history = vec![
            Addressed { audience: Audience::All, event: AnyEvent::CrazyEights(CrazyEightsEvent::Played { seat: Seat(1), card }) },
            Addressed { audience: Audience::Only(Seat(0)), event: AnyEvent::CrazyEights(CrazyEightsEvent::Drew { seat: Seat(0), card }) },
            Addressed {
                audience: Audience::AllBut(Seat(0)),
                event: AnyEvent::CrazyEights(CrazyEightsEvent::DrewFaceDown { seat: Seat(0) }),
            },
        ];
        assert_eq!(latest(&history, Viewer::Seat(Seat(0)), &names, 5), ["Boris played 8♥.", "Ana drew 8♥."]);
        let boris = latest(&history, Viewer::Seat(Seat(1)), &names, 5);
        assert_eq!(boris, ["Boris played 8♥.", "Ana drew a card."]);
        assert!(boris.iter().all(|line| !line.to_lowercase().contains("you")), "{boris:?}");
        assert_eq!(latest(&history, Viewer::Spectator, &names, 1), ["Ana drew a card."]);
    }

    /// The words are kept between frames and worded again when the history grows, is undone to
    /// another state of the same length, or is read by someone else.
    #[test]
    fn the_words_follow_the_history_and_the_reader() {
        let names = vec!["Ana".to_owned(), "Boris".to_owned()];
        let played = |seat: u8, card: &str| Addressed {
            audience: Audience::All,
            event: AnyEvent::CrazyEights(CrazyEightsEvent::Played { seat: Seat(seat), card: card.parse().expect("card") }),
        };
        let drew = Addressed {
            audience: Audience::Only(Seat(0)),
            event: AnyEvent::CrazyEights(CrazyEightsEvent::Drew { seat: Seat(0), card: "9H".parse().expect("card") }),
        };
        let mut words = Words::default();
        let mut history = vec![played(1, "8H")];
        assert_eq!(words.lines(&history, Viewer::Seat(Seat(0)), &names), ["Boris played 8♥."]);
        history.push(drew);
        assert_eq!(words.lines(&history, Viewer::Seat(Seat(0)), &names), ["Boris played 8♥.", "Ana drew 9♥."]);
        assert_eq!(words.lines(&history, Viewer::Seat(Seat(1)), &names), ["Boris played 8♥."], "another reader");
        history[1] = played(0, "KS");
        assert_eq!(words.lines(&history, Viewer::Seat(Seat(1)), &names), ["Boris played 8♥.", "Ana played K♠."], "same length");
    }

    /// Issue 19: a run of draws by one seat is one line, with the cards its drawer saw; others
    /// read how many. Another seat's draw starts a new run.
    #[test]
    fn a_run_of_draws_is_one_line() {
        let names = vec!["Ana".to_owned(), "Boris".to_owned()];
        let cards: Vec<Card> = ["9H", "KH", "2C"].iter().map(|card| card.parse().expect("card")).collect();
        let mut history = vec![Addressed {
            audience: Audience::All,
            event: AnyEvent::CrazyEights(CrazyEightsEvent::Played { seat: Seat(1), card: "8S".parse().expect("card") }),
        }];
        for &card in &cards {
            history.push(Addressed {
                audience: Audience::Only(Seat(0)),
                event: AnyEvent::CrazyEights(CrazyEightsEvent::Drew { seat: Seat(0), card }),
            });
            history.push(Addressed {
                audience: Audience::AllBut(Seat(0)),
                event: AnyEvent::CrazyEights(CrazyEightsEvent::DrewFaceDown { seat: Seat(0) }),
            });
        }
        history.push(Addressed {
            audience: Audience::AllBut(Seat(1)),
            event: AnyEvent::CrazyEights(CrazyEightsEvent::DrewFaceDown { seat: Seat(1) }),
        });
        assert_eq!(
            latest(&history, Viewer::Seat(Seat(0)), &names, 5),
            ["Boris played 8♠.", "Ana drew 3 cards: 9♥ K♥ 2♣.", "Boris drew a card."]
        );
        assert_eq!(latest(&history, Viewer::Seat(Seat(1)), &names, 5), ["Boris played 8♠.", "Ana drew 3 cards."]);
        assert_eq!(latest(&history, Viewer::Seat(Seat(0)), &names, 1), ["Boris drew a card."], "the newest line only");
    }

    /// A log of 150 lines, in a narrow panel (some lines wrap) that shows a few of them: after
    /// the first frame only the lines in view are laid out, and the log takes exactly the room
    /// it took with every line drawn (so nothing jumps while one scrolls back).
    #[test]
    fn lines_out_of_view_keep_their_room_without_being_laid_out_again() {
        // Three seats and 52 cards: 156 different lines before one repeats.
        let names = vec!["Ana".to_owned(), "Boris Alexandrovich".to_owned(), "Clara".to_owned()];
        let history: Vec<Addressed<AnyEvent>> = (0..200u8)
            .map(|index| Addressed {
                audience: Audience::All,
                event: AnyEvent::CrazyEights(CrazyEightsEvent::Played {
                    seat: Seat(index % 3),
                    card: Card::from_index(index % 52).expect("card"),
                }),
            })
            .collect();
        let ctx = egui::Context::default();
        let mut words = Words::default();
        // One frame: the log's scrolled content size and how many of its lines were laid out.
        let mut frame = |offset: Option<f32>| {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(120.0, 300.0))),
                ..Default::default()
            };
            let (mut content, mut laid_out) = (egui::Vec2::ZERO, 0);
            let mut output = ctx.run_ui(input, |ui| {
                egui::CentralPanel::default().show(ui, |ui| {
                    let mut area = egui::ScrollArea::vertical().max_height(200.0).stick_to_bottom(true);
                    if let Some(offset) = offset {
                        area = area.vertical_scroll_offset(offset);
                    }
                    let shown = area.show(ui, |ui| lines(ui, &mut words, &history, Viewer::Spectator, &names));
                    (content, laid_out) = (shown.content_size, shown.inner);
                });
            });
            output.textures_delta.clear();
            (content, laid_out)
        };
        let (every_line, first) = frame(None);
        assert_eq!(first, LOG_LINES, "the first frame lays out every line once");
        let (in_view, later) = frame(None);
        assert!(later > 0 && later < LOG_LINES / 4, "later frames lay out only the lines in view: {later}");
        assert_eq!(in_view, every_line, "the log takes the same room");
        let (scrolled_back, at_the_top) = frame(Some(0.0));
        assert_eq!(scrolled_back, every_line, "scrolled back, the same room");
        assert!(at_the_top > 0 && at_the_top < LOG_LINES / 4, "the oldest lines in view are laid out: {at_the_top}");
    }
}
