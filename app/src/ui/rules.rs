//! Rules help: each game's rules as the app plays them, readable at any window size.

use cardtable_engine::GameKind;
use egui::RichText;

use super::theme;

/// The rules text of a game (RULES.md's section for it, with the common terms).
#[must_use]
pub fn text(kind: GameKind) -> &'static str {
    match kind {
        GameKind::CrazyEights => include_str!("../../../assets/rules/crazy-eights.md"),
        GameKind::Fool108 => include_str!("../../../assets/rules/fool108.md"),
        GameKind::HundredOne => include_str!("../../../assets/rules/hundred-one.md"),
        GameKind::Dunno => include_str!("../../../assets/rules/dunno.md"),
        GameKind::Youglouf => include_str!("../../../assets/rules/youglouf.md"),
    }
}

/// A line of the rules text, as the reader lays it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// A heading.
    Heading(String),
    /// A bullet point at a nesting depth (0 = top level).
    Bullet {
        /// Nesting depth.
        depth: usize,
        /// Its text.
        text: String,
    },
    /// A plain paragraph.
    Paragraph(String),
}

/// Splits the Markdown subset the rules use (headings, nested bullets with wrapped lines,
/// paragraphs) into blocks.
#[must_use]
pub fn blocks(markdown: &str) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    for line in markdown.lines() {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(heading) = trimmed.strip_prefix('#') {
            blocks.push(Block::Heading(heading.trim_start_matches('#').trim().to_owned()));
        } else if let Some(item) = trimmed.strip_prefix("- ") {
            blocks.push(Block::Bullet { depth: indent / 2, text: item.to_owned() });
        } else {
            match blocks.last_mut() {
                // A wrapped continuation line belongs to the block above it.
                Some(Block::Bullet { text, .. } | Block::Paragraph(text)) if indent > 0 || !text.ends_with('.') => {
                    text.push(' ');
                    text.push_str(trimmed);
                }
                _ => blocks.push(Block::Paragraph(trimmed.to_owned())),
            }
        }
    }
    blocks
}

/// Draws text with `**bold**` spans.
fn rich_label(ui: &mut egui::Ui, text: &str) {
    let mut job = egui::text::LayoutJob::default();
    let body = egui::TextStyle::Body.resolve(ui.style());
    for (index, span) in text.split("**").enumerate() {
        let color = if index % 2 == 1 { theme::ACCENT } else { theme::INK };
        job.append(&span.replace('`', ""), 0.0, egui::TextFormat { font_id: body.clone(), color, ..Default::default() });
    }
    job.wrap.max_width = ui.available_width();
    ui.label(job);
}

/// Draws the rules of `kind` in a scroll area.
pub fn show(ui: &mut egui::Ui, kind: GameKind) {
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        for block in blocks(text(kind)) {
            match block {
                Block::Heading(heading) => {
                    ui.add_space(8.0);
                    ui.label(RichText::new(heading).heading());
                }
                Block::Bullet { depth, text } => {
                    ui.horizontal_top(|ui| {
                        ui.add_space(12.0 + 20.0 * depth as f32);
                        ui.label("•");
                        ui.vertical(|ui| rich_label(ui, &text));
                    });
                }
                Block::Paragraph(text) => rich_label(ui, &text),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_bullets_are_joined_and_nesting_is_kept() {
        let parsed = blocks("# Title\n- one\n  more\n  - nested\n");
        assert_eq!(
            parsed,
            vec![
                Block::Heading("Title".to_owned()),
                Block::Bullet { depth: 0, text: "one more".to_owned() },
                Block::Bullet { depth: 1, text: "nested".to_owned() },
            ]
        );
    }

    #[test]
    fn every_game_has_rules_with_its_name() {
        for &kind in GameKind::ALL {
            assert!(text(kind).starts_with(&format!("# {}", kind.name())), "{kind}");
        }
    }
}
