//! The invite to a table hosted online, as the host's lobby shows it: the code to read aloud,
//! big; the one-line `cardtable:` link with a Copy button; and a QR code of the link for a
//! phone's camera, drawn as rectangles (dark modules on a light square with its quiet zone).

use egui::RichText;
use qrcode::{Color, EcLevel, QrCode};

use super::lobby::touch_button;
use crate::net::invite::Invite;
use crate::tr;
use crate::ui::theme;

/// Light modules round the code, on every side: the QR standard's quiet zone, without which a
/// camera may not find the code's corners.
const QUIET_ZONE: usize = 4;

/// The widest a QR code is drawn, in points: larger helps no camera.
const QR_MOST: f32 = 320.0;

/// The smallest side of one module, in points: below it a screen's pixels blur the code.
const MODULE_LEAST: f32 = 2.0;

/// An invite ready to show: its text and its QR code's modules.
#[derive(Debug, Clone)]
pub struct InviteCard {
    invite: Invite,
    text: String,
    qr: Option<QrGrid>,
}

/// A QR code's modules, row by row, `true` for dark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QrGrid {
    /// Modules on a side (without the quiet zone).
    pub width: usize,
    /// `width * width` modules, row by row.
    pub dark: Vec<bool>,
}

impl QrGrid {
    /// The QR code of `text` (error correction level M, which a phone reads off a screen well);
    /// `None` if the text does not fit a QR code.
    #[must_use]
    pub fn of(text: &str) -> Option<QrGrid> {
        let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
        let width = code.width();
        let dark = code.to_colors().into_iter().map(|colour| colour == Color::Dark).collect();
        Some(QrGrid { width, dark })
    }

    /// Modules on a side, quiet zone included.
    #[must_use]
    pub fn side(&self) -> usize {
        self.width + 2 * QUIET_ZONE
    }
}

impl InviteCard {
    /// The card of `invite`.
    #[must_use]
    pub fn new(invite: Invite) -> InviteCard {
        let text = invite.to_string();
        let qr = QrGrid::of(&text);
        InviteCard { invite, text, qr }
    }

    /// The invite's one line of text.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The invite.
    #[must_use]
    pub fn invite(&self) -> &Invite {
        &self.invite
    }
}

/// Draws the invite: code, link and Copy, QR code.
pub fn show(ui: &mut egui::Ui, card: &InviteCard) {
    ui.label(
        RichText::new(tr!("net-host-code", code = card.invite.code().to_string()))
            .size(theme::JOIN_CODE_SIZE)
            .strong()
            .color(theme::ACCENT),
    );
    ui.label(RichText::new(tr!("net-online-tell")).color(theme::INK_DIM));
    ui.horizontal_wrapped(|ui| {
        if touch_button(ui, tr!("net-online-copy")).clicked() {
            ui.ctx().copy_text(card.text.clone());
        }
        // The whole line, selectable, wrapped to the window: nothing of it hides off screen.
        ui.add(egui::Label::new(RichText::new(&card.text).monospace().size(theme::SMALL_SIZE)).wrap().selectable(true));
    });
    if let Some(qr) = &card.qr {
        ui.add_space(8.0);
        qr_code(ui, qr);
    }
}

/// Paints `qr` as squares, as large as fits the width and the window's height below it (up to
/// [`QR_MOST`]): on a phone the whole code shows without scrolling.
fn qr_code(ui: &mut egui::Ui, qr: &QrGrid) {
    let side = qr.side() as f32;
    let below = ui.clip_rect().bottom() - ui.cursor().top();
    let module = (ui.available_width().min(QR_MOST).min(below) / side).floor().max(MODULE_LEAST);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(module * side, module * side), egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, tr!("net-online-qr")));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, theme::QR_LIGHT);
    let origin = rect.min + egui::vec2(module, module) * QUIET_ZONE as f32;
    for (index, _) in qr.dark.iter().enumerate().filter(|(_, dark)| **dark) {
        let (x, y) = ((index % qr.width) as f32, (index / qr.width) as f32);
        let min = origin + egui::vec2(x * module, y * module);
        painter.rect_filled(egui::Rect::from_min_size(min, egui::vec2(module, module)), 0.0, theme::QR_DARK);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invites_qr_code_holds_the_whole_invite_with_its_quiet_zone() {
        let invite = Invite::new(
            [9; 32],
            &crate::settings::PUBLIC_RELAYS.map(str::to_owned),
            &["203.0.113.7:47476".parse().expect("v4"), "[2001:db8::1]:47476".parse().expect("v6")],
        )
        .expect("an invite");
        let card = InviteCard::new(invite);
        let qr = card.qr.as_ref().expect("an invite fits a QR code");
        assert_eq!(qr.dark.len(), qr.width * qr.width);
        assert_eq!(qr.side(), qr.width + 8, "four light modules on every side");
        // The finder pattern's corner is dark: the code is drawn dark on light, not inverted.
        assert!(qr.dark[0] && qr.dark[qr.width - 1]);
        let again = QrGrid::of(card.text()).expect("the same text");
        assert_eq!(&again, qr, "the code is the invite's text");
        assert_ne!(QrGrid::of("cardtable:join?other"), Some(again));
        assert!(QrGrid::of(&"x".repeat(8000)).is_none(), "too long for any QR code");
    }
}
