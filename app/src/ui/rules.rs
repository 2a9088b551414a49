//! Rules help: each game's rules as the app plays them, readable at any window size.

use cardtable_engine::GameKind;
use egui::RichText;

use super::theme;
use crate::i18n::Language;

/// The rules text of a game in `language` (RULES.md's section for it, with the common terms).
#[must_use]
pub fn text(kind: GameKind, language: Language) -> &'static str {
    let [english, russian] = super::table::games::for_kind(kind).rules();
    match language {
        Language::English => english,
        Language::Russian => russian,
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

/// The rules text split for the reader: what a player needs first (everything before the
/// text's first section heading), and the exact rules (that heading, then the rest), which the
/// page folds.
#[must_use]
pub fn sections(markdown: &str) -> (Vec<Block>, Option<(String, Vec<Block>)>) {
    let mut all = blocks(markdown);
    // The text's own title opens it; the exact rules begin at the next heading.
    let Some(split) = all.iter().skip(1).position(|block| matches!(block, Block::Heading(_))).map(|index| index + 1) else {
        return (all, None);
    };
    let mut exact = all.split_off(split);
    let Block::Heading(title) = exact.remove(0) else { unreachable!("split at a heading") };
    (all, Some((title, exact)))
}

/// Draws blocks of the rules text.
fn draw(ui: &mut egui::Ui, blocks: Vec<Block>) {
    for block in blocks {
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
}

/// Draws the rules of `kind`, in the window's language, in a scroll area: the rules for
/// players, then the exact rules (the rulings and notation) folded under their heading. The
/// page opens at its top.
pub fn show(ui: &mut egui::Ui, kind: GameKind) {
    // Shown last frame too, or just opened (then from the top, wherever it was left).
    let seen = ui.scope_id().with(("rules-seen", kind));
    let pass = ui.ctx().cumulative_pass_nr();
    let last: Option<u64> = ui.ctx().data(|data| data.get_temp(seen));
    ui.ctx().data_mut(|data| data.insert_temp(seen, pass));
    let mut area = egui::ScrollArea::vertical().id_salt(("rules", kind)).auto_shrink([false, false]);
    if last.is_none_or(|last| pass > last + 1) {
        area = area.vertical_scroll_offset(0.0);
    }
    let (for_players, exact) = sections(text(kind, crate::i18n::language()));
    area.show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        draw(ui, for_players);
        if let Some((title, exact)) = exact {
            ui.add_space(8.0);
            egui::CollapsingHeader::new(RichText::new(title).heading()).id_salt(("rules-exact", kind)).default_open(false).show(ui, |ui| {
                draw(ui, exact);
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::translate;

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
    fn every_game_has_rules_in_both_languages_headed_by_its_name() {
        for &kind in GameKind::ALL {
            let english = text(kind, Language::English);
            assert_eq!(english.lines().next(), Some(format!("# {}", kind.name()).as_str()), "{kind}");
            for language in Language::ALL {
                let name = translate(language, &format!("game-{}", kind.id()), &[]);
                let first_line = text(kind, language).lines().next();
                assert_eq!(first_line, Some(format!("# {name}").as_str()), "{kind} in {language:?}");
            }
        }
        assert!(text(GameKind::Dunno, Language::Russian).starts_with("# Незнайка"));
    }

    /// How many bullets the text has at each nesting depth (index = depth).
    fn bullets_per_depth(markdown: &str) -> Vec<usize> {
        let mut counts = Vec::new();
        for block in blocks(markdown) {
            if let Block::Bullet { depth, .. } = block {
                if counts.len() <= depth {
                    counts.resize(depth + 1, 0);
                }
                counts[depth] += 1;
            }
        }
        counts
    }

    /// The `code` spans of a text, sorted: card notation and option names, which translations
    /// keep as they are.
    fn code_spans(markdown: &str) -> Vec<&str> {
        let mut spans: Vec<&str> = markdown.split('`').skip(1).step_by(2).collect();
        spans.sort_unstable();
        spans
    }

    /// Issue 19: every game's rules open with what a player needs, in plain words (no ruling,
    /// no notation), and keep the exact rules, whole, under a heading of their own.
    #[test]
    fn every_game_opens_with_rules_for_players_and_keeps_the_exact_rules() {
        for &kind in GameKind::ALL {
            for language in Language::ALL {
                let markdown = text(kind, language);
                let (for_players, exact) = sections(markdown);
                let (title, exact) = exact.unwrap_or_else(|| panic!("{kind} in {language:?}: exact rules"));
                assert!(!title.is_empty());
                let plain: Vec<&Block> = for_players.iter().skip(1).collect();
                assert!(plain.len() >= 4, "{kind} in {language:?}: a few lines for players first");
                for block in plain {
                    let (Block::Bullet { text, .. } | Block::Paragraph(text) | Block::Heading(text)) = block;
                    assert!(!text.contains("**") && !text.contains('`'), "{kind} in {language:?}: plain words: {text}");
                }
                let rulings = exact.iter().filter(|block| matches!(block, Block::Bullet { text, .. } if text.contains("**"))).count();
                assert!(rulings > 0, "{kind} in {language:?}: the rulings are in the exact rules");
            }
        }
        let (_, exact) = sections("# Game\nPlay.\n- one\n## Exact\n- ruling\n## Terms\n- seat\n");
        let (title, blocks) = exact.expect("split");
        assert_eq!(title, "Exact");
        assert_eq!(blocks.len(), 3, "the rest, its later headings too: {blocks:?}");
    }

    #[test]
    fn bullet_counts_differ_when_a_bullet_is_missing() {
        assert_ne!(bullets_per_depth("- a\n  - b\n- c\n"), bullets_per_depth("- a\n  - b\n  c\n"));
        assert_ne!(code_spans("`QS` and `KS`"), code_spans("`QS` and KS"));
    }

    #[test]
    fn both_languages_have_the_same_bullets_bold_rulings_and_card_notation() {
        for &kind in GameKind::ALL {
            let english = text(kind, Language::English);
            let russian = text(kind, Language::Russian);
            assert_eq!(bullets_per_depth(english), bullets_per_depth(russian), "{kind}: bullets per depth");
            assert_eq!(english.matches("**").count(), russian.matches("**").count(), "{kind}: bold spans");
            assert_eq!(code_spans(english), code_spans(russian), "{kind}: code spans");
            assert!(!bullets_per_depth(english).is_empty(), "{kind}: the rules are bullets");
        }
    }
}
