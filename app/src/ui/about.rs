//! Cardtable's identity (name, id, version, licence, icon), shared by the window and the
//! packages, and the About screen that shows it.

use std::sync::Arc;

use cardtable_engine::GameKind;
use egui::RichText;

use super::{names, theme};
use crate::tr;

/// The application id: the desktop entry's name, the Wayland app id, the icon name and the
/// macOS bundle id (dist/ and app/Cargo.toml's packaging sections use the same string).
pub const APP_ID: &str = "org.cardtable.Cardtable";

/// The version Cargo builds, as `cardtable --version` prints it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The licence the code is under (SPDX).
pub const LICENSE: &str = env!("CARGO_PKG_LICENSE");

/// The window icon: the 256 px rendering of `assets/icon/cardtable.svg`.
#[must_use]
pub fn window_icon() -> Arc<egui::IconData> {
    let png = include_bytes!("../../../assets/icon/png/cardtable-256.png");
    Arc::new(eframe::icon_data::from_png_bytes(png).expect("the embedded icon is a valid PNG (tested)"))
}

/// Draws the About screen below its title bar; returns the game whose rules were asked for.
pub fn show(ui: &mut egui::Ui) -> Option<GameKind> {
    let mut rules = None;
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        ui.horizontal_wrapped(|ui| {
            let icon = icon_texture(ui.ctx());
            ui.add(egui::Image::new(&icon).fit_to_exact_size(egui::Vec2::splat(theme::ABOUT_ICON)));
            ui.vertical(|ui| {
                ui.label(RichText::new(tr!("app-title")).heading().color(theme::ACCENT));
                let platform = format!("{} {}", std::env::consts::OS, std::env::consts::ARCH);
                ui.label(RichText::new(tr!("about-version", version = VERSION, platform = platform)).color(theme::INK_DIM));
            });
        });
        ui.label(tr!("app-tagline"));
        section(ui, &tr!("about-licence-heading"));
        ui.label(tr!("about-licence"));
        section(ui, &tr!("about-credits-heading"));
        ui.label(tr!("about-credits-font"));
        ui.label(tr!("about-credits-libraries"));
        section(ui, &tr!("about-rules-heading"));
        ui.label(tr!("about-rules"));
        ui.horizontal_wrapped(|ui| {
            for &kind in GameKind::ALL {
                let button = egui::Button::new(tr!("start-how-to-play", game = names::game(kind)));
                if ui.add(button.min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                    rules = Some(kind);
                }
            }
        });
    });
    rules
}

fn section(ui: &mut egui::Ui, heading: &str) {
    ui.add_space(theme::MARGIN / 2.0);
    ui.label(RichText::new(heading).strong().color(theme::ACCENT));
}

/// The icon as a texture, decoded once and kept in egui's memory.
fn icon_texture(ctx: &egui::Context) -> egui::TextureHandle {
    let id = egui::Id::unique("about-icon");
    if let Some(texture) = ctx.data(|data| data.get_temp::<egui::TextureHandle>(id)) {
        return texture;
    }
    let icon = window_icon();
    let image = egui::ColorImage::from_rgba_unmultiplied([icon.width as usize, icon.height as usize], &icon.rgba);
    let texture = ctx.load_texture("about-icon", image, egui::TextureOptions::LINEAR);
    ctx.data_mut(|data| data.insert_temp(id, texture.clone()));
    texture
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_icon_decodes_to_256_square_pixels() {
        let icon = window_icon();
        assert_eq!((icon.width, icon.height), (256, 256));
        assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    }

    #[test]
    fn the_app_id_matches_the_desktop_entry_and_the_packages() {
        let desktop = include_str!("../../../dist/linux/org.cardtable.Cardtable.desktop");
        assert!(desktop.contains(&format!("Icon={APP_ID}\n")), "the desktop entry names the icon by the app id");
        let manifest = include_str!("../../Cargo.toml");
        assert!(manifest.contains(&format!("identifier = \"{APP_ID}\"")), "cargo-packager's bundle id");
        assert!(manifest.contains(&format!("apps/{APP_ID}.png")), "the .deb installs the icons under the app id");
    }

    #[test]
    fn the_appstream_metadata_lists_this_version() {
        let metainfo = include_str!("../../../dist/linux/org.cardtable.Cardtable.metainfo.xml");
        assert!(metainfo.contains(&format!("<release version=\"{VERSION}\"")), "add a <release> for {VERSION} to the metainfo");
    }
}
