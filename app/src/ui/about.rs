//! Cardtable's identity (name, id, version, licence, icon), shared by the window and the
//! packages, and the About screen that shows it.

use std::sync::Arc;

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
