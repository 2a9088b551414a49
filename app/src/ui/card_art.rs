//! The card art (`assets/cards/*.svg`), loaded through egui_extras' SVG loader: the court
//! figures, drawn in white, greys and black and tinted to the suit's colour when painted (so
//! four-colour suits and dimmed cards need no second set), and Cardtable's own card back.
//! Until a picture is rasterised (the first frame it is asked for at a size) the painter's
//! plain drawing stands in, so nothing waits for it.

use cardtable_engine::Rank;
use egui::{Color32, Rect, pos2};

use crate::ui::theme;

/// The art, by URI, as the image loaders know it.
const ART: [(&str, &[u8]); 4] = [
    (KING, include_bytes!("../../../assets/cards/king.svg")),
    (QUEEN, include_bytes!("../../../assets/cards/queen.svg")),
    (JACK, include_bytes!("../../../assets/cards/jack.svg")),
    (BACK, include_bytes!("../../../assets/cards/back.svg")),
];
const KING: &str = "bytes://cardtable/king.svg";
const QUEEN: &str = "bytes://cardtable/queen.svg";
const JACK: &str = "bytes://cardtable/jack.svg";
const BACK: &str = "bytes://cardtable/back.svg";

/// Pictures are rasterised at heights rounded up to this many pixels, so a window being
/// resized makes a handful of textures, not one per pixel.
const SIZE_STEP: f32 = 16.0;

/// Installs the image loaders and registers the art with them (once, at start).
pub fn install(ctx: &egui::Context) {
    egui_extras::install_image_loaders(ctx);
    for (uri, bytes) in ART {
        ctx.include_bytes(uri, bytes);
    }
}

/// The court figure of `rank`, if it has one.
fn court(rank: Rank) -> Option<&'static str> {
    match rank {
        Rank::King => Some(KING),
        Rank::Queen => Some(QUEEN),
        Rank::Jack => Some(JACK),
        _ => None,
    }
}

/// Paints `uri` as large as fits in `rect`, centred, multiplied by `tint`; false when the
/// picture is not ready (being rasterised, or no loader installed) and nothing was painted.
fn paint(painter: &egui::Painter, uri: &str, rect: Rect, tint: Color32) -> bool {
    let pixels = rect.height() * painter.ctx().pixels_per_point();
    let height = ((pixels / SIZE_STEP).ceil() * SIZE_STEP).max(SIZE_STEP) as u32;
    let Ok(egui::load::TexturePoll::Ready { texture }) =
        painter.ctx().try_load_texture(uri, egui::TextureOptions::LINEAR, egui::SizeHint::Height(height))
    else {
        return false;
    };
    let scale = (rect.width() / texture.size.x).min(rect.height() / texture.size.y);
    let fitted = Rect::from_center_size(rect.center(), texture.size * scale);
    painter.image(texture.id, fitted, Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)), tint);
    true
}

/// Paints the court figure of `rank` in `rect`, in `colour`; false for a rank without one, or
/// when the picture is not ready.
pub fn paint_court(painter: &egui::Painter, rank: Rank, rect: Rect, colour: Color32) -> bool {
    // A black suit's figure is lightened to grey, so its black lines stay visible.
    let dark = u16::from(colour.r()) + u16::from(colour.g()) + u16::from(colour.b()) < DARK;
    let tint = if dark { colour.lerp_to_gamma(theme::FIGURE_LIGHT, FIGURE_LIGHTEN) } else { colour };
    court(rank).is_some_and(|uri| paint(painter, uri, rect, tint))
}

/// How far a dark suit's figure goes from its colour towards white.
const FIGURE_LIGHTEN: f32 = 0.45;
/// Below this sum of red, green and blue a suit's colour is too dark for black lines on it.
const DARK: u16 = 240;

/// Paints the card back's picture in `rect`; false when it is not ready.
pub fn paint_back(painter: &egui::Painter, rect: Rect) -> bool {
    paint(painter, BACK, rect, theme::UNTINTED)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The art loads through the SVG loader and becomes a texture.
    #[test]
    fn every_picture_rasterises_through_the_svg_loader() {
        let ctx = egui::Context::default();
        install(&ctx);
        for (uri, _) in ART {
            let mut ready = None;
            for _ in 0..100 {
                if let Ok(egui::load::TexturePoll::Ready { texture }) =
                    ctx.try_load_texture(uri, egui::TextureOptions::LINEAR, egui::SizeHint::Height(96))
                {
                    ready = Some(texture);
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            let texture = ready.unwrap_or_else(|| panic!("{uri} did not load"));
            // The texture's size is the picture's own (its viewBox), whatever it was rasterised at.
            let own = if uri == BACK { egui::vec2(100.0, 140.0) } else { egui::vec2(100.0, 120.0) };
            assert_eq!(texture.size, own, "{uri}");
        }
    }

    #[test]
    fn only_court_cards_have_a_figure() {
        assert_eq!(court(Rank::King), Some(KING));
        assert_eq!(court(Rank::Ace), None);
        assert_eq!(court(Rank::Ten), None);
    }
}
