//! The one clear message about stored data: damaged files replaced, upgrades, read-only
//! folders and failed writes, in words, until the player has read them. One notice per
//! problem (the store folds a file that keeps failing into one), and never more than a fifth
//! of the window: past that they scroll, and the screen below stays in reach.

use egui::RichText;

use crate::store::document::Damage;
use crate::store::{Notice, ReadOnlyReason, Recovery, Store};
use crate::tr;
use crate::ui::theme;

/// The share of the window's height the notices may take before they scroll.
const NOTICES_SHARE: f32 = 0.2;

fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |name| name.to_string_lossy().into_owned())
}

fn damage_text(damage: &Damage) -> String {
    match damage {
        Damage::Missing => tr!("store-damage-missing"),
        Damage::Empty => tr!("store-damage-empty"),
        Damage::Truncated(_) => tr!("store-damage-truncated"),
        Damage::Garbage(_) => tr!("store-damage-garbage"),
        Damage::WrongKind { .. } => tr!("store-damage-wrong-kind"),
        Damage::Shape { reason, .. } => tr!("store-damage-shape", reason = reason.clone()),
        Damage::TooLarge { .. } => tr!("store-damage-too-large"),
    }
}

/// A notice in words.
#[must_use]
pub fn describe(notice: &Notice) -> String {
    match notice {
        Notice::Damaged { file, damage, moved_to, recovered } => {
            let file = file_name(file);
            let damage = damage_text(damage);
            let moved = moved_to.as_ref().map_or_else(|| "—".to_owned(), |path| path.display().to_string());
            match recovered {
                Recovery::Backup => tr!("store-notice-damaged-backup", file = file, damage = damage, moved = moved),
                Recovery::Rebuilt => tr!("store-notice-damaged-rebuilt", file = file, damage = damage, moved = moved),
                Recovery::Nothing => tr!("store-notice-damaged-nothing", file = file, damage = damage, moved = moved),
            }
        }
        Notice::Migrated { file, original, .. } => tr!(
            "store-notice-migrated",
            file = file_name(file),
            original = original.as_ref().map_or_else(|| "—".to_owned(), |path| path.display().to_string())
        ),
        Notice::Compacted { matches, freed } => {
            tr!("store-notice-compacted", count = *matches, freed = crate::store::notice::megabytes(*freed))
        }
        Notice::ReadOnly(ReadOnlyReason::AnotherInstance) => tr!("store-notice-read-only-instance"),
        Notice::ReadOnly(ReadOnlyReason::NewerFormat { file, .. }) => tr!("store-notice-read-only-newer", file = file_name(file)),
        Notice::HistoryRepaired { added, dropped } => tr!("store-notice-repaired", added = *added, dropped = *dropped),
        Notice::ReadOnly(ReadOnlyReason::NotWritable { folder, reason }) => {
            tr!("store-notice-read-only-not-writable", folder = folder.display().to_string(), error = reason.clone())
        }
        Notice::SummariesEdited { matches } => tr!(
            "store-notice-summaries-edited",
            count = matches.len(),
            matches = matches.iter().map(crate::store::record::MatchId::as_str).collect::<Vec<_>>().join(", ")
        ),
        Notice::Unreadable { file, reason } => tr!("store-notice-unreadable", file = file.display().to_string(), error = reason.clone()),
        Notice::MovedAside { file, kind, moved_to } => tr!(
            "store-notice-moved-aside",
            file = file.display().to_string(),
            kind = kind.to_string(),
            moved = moved_to.display().to_string()
        ),
        Notice::ExportIncomplete { target, left_out } => tr!(
            "store-notice-export-incomplete",
            file = file_name(target),
            count = left_out.len(),
            matches = left_out.iter().map(crate::store::record::MatchId::as_str).collect::<Vec<_>>().join(", ")
        ),
        Notice::WriteFailed { file, message, times, last } => {
            tr!("store-notice-write-failed", file = file_name(file), error = message, times = *times, time = crate::ui::time::clock(*last))
        }
    }
}

/// Draws the notices, if any, with one button that dismisses them; returns whether it was
/// pressed (the app then forgets them).
#[must_use]
pub fn banner(ui: &mut egui::Ui, store: &Store) -> bool {
    if let Some((read, of)) = store.history_progress() {
        ui.horizontal_wrapped(|ui| {
            ui.spinner();
            let reading = if of == 0 { tr!("store-history-loading") } else { tr!("store-history-reading", read = read, total = of) };
            ui.label(RichText::new(reading).color(theme::INK));
        });
    }
    if store.notices().is_empty() {
        return false;
    }
    let mut dismiss = false;
    egui::Frame::group(ui.style()).fill(theme::PANEL).stroke(egui::Stroke::new(2.0, theme::ACCENT)).inner_margin(10.0).show(ui, |ui| {
        ui.set_width(ui.available_width());
        // However many there are, the screen below keeps most of the window: past this height
        // the notices scroll.
        let most = (ui.ctx().content_rect().height() * NOTICES_SHARE).max(theme::TOUCH * 2.0);
        egui::ScrollArea::vertical().max_height(most).auto_shrink([false, true]).show(ui, |ui| {
            for notice in store.notices() {
                ui.label(RichText::new(describe(notice)).color(theme::INK));
            }
        });
        dismiss = ui.add(egui::Button::new(tr!("store-notice-ok")).min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked();
    });
    dismiss
}
