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

/// What a log's lines were worded from: the history's length and its newest event, the
/// reader, the names and the language.
type WordedFrom = (usize, Option<Addressed<AnyEvent>>, Viewer, Vec<String>, crate::i18n::Language);

/// The log's lines in words, put into words again only when the history, the reader, the
/// names or the language change: the log is drawn every frame, and at the end of a long match
/// its 150 lines cost more to word than the rest of the table to draw.
#[derive(Debug, Default)]
pub struct Words {
    /// What the lines were worded from: the history's length and its newest event, the
    /// reader, the names and the language.
    from: Option<WordedFrom>,
    lines: Vec<String>,
}

impl Words {
    /// The latest lines `viewer` may read, oldest first (as [`latest`]).
    pub fn lines(&mut self, history: &[Addressed<AnyEvent>], viewer: Viewer, names: &[String]) -> &[String] {
        let language = crate::i18n::language();
        let current = self.from.as_ref().is_some_and(|(len, newest, seen_by, seen_names, seen_language)| {
            *len == history.len()
                && newest.as_ref() == history.last()
                && *seen_by == viewer
                && seen_names == names
                && *seen_language == language
        });
        if !current {
            self.lines = latest(history, viewer, names, LOG_LINES);
            self.from = Some((history.len(), history.last().cloned(), viewer, names.to_vec(), language));
        }
        &self.lines
    }
}

/// Draws the log panel, folded away when not `open`.
pub fn show(ui: &mut egui::Ui, words: &mut Words, history: &[Addressed<AnyEvent>], viewer: Viewer, names: &[String], open: bool) {
    egui::CollapsingHeader::new(tr!("log-title")).default_open(open).show(ui, |ui| lines(ui, words, history, viewer, names));
}

/// The log's lines, to scroll back through.
pub fn lines(ui: &mut egui::Ui, words: &mut Words, history: &[Addressed<AnyEvent>], viewer: Viewer, names: &[String]) {
    for line in words.lines(history, viewer, names) {
        ui.label(RichText::new(line).small());
    }
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
}
