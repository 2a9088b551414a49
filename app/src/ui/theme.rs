//! The one place colours, sizes and fonts are defined.

// clippy.toml bans making a colour anywhere else; here is where colours are made.
#![allow(clippy::disallowed_methods, reason = "the theme is the one place colours are made")]

use egui::{Color32, FontData, FontDefinitions, FontFamily, Visuals};

/// Table felt behind everything.
pub const FELT: Color32 = Color32::from_rgb(0x1f, 0x5c, 0x3a);
/// Panels laid on the felt.
pub const PANEL: Color32 = Color32::from_rgb(0x17, 0x45, 0x2c);
/// Text on the felt.
pub const INK: Color32 = Color32::from_rgb(0xf4, 0xf1, 0xe8);
/// Quieter text on the felt.
pub const INK_DIM: Color32 = Color32::from_rgb(0xbf, 0xd4, 0xc4);
/// Accent for primary buttons and highlights.
pub const ACCENT: Color32 = Color32::from_rgb(0xf2, 0xb1, 0x34);
/// Card face.
pub const CARD_FACE: Color32 = Color32::from_rgb(0xfc, 0xfb, 0xf7);
/// Card face of a card that cannot be played now.
pub const CARD_DIMMED: Color32 = Color32::from_rgb(0xb9, 0xb9, 0xb2);
/// Card outline.
pub const CARD_EDGE: Color32 = Color32::from_rgb(0x55, 0x55, 0x55);
/// Card back.
pub const CARD_BACK: Color32 = Color32::from_rgb(0x2c, 0x3e, 0x8c);
/// Pattern on the card back.
pub const CARD_BACK_LINE: Color32 = Color32::from_rgb(0x8a, 0x9c, 0xe0);
/// Hearts, and diamonds in two-colour decks.
pub const RED_SUIT: Color32 = Color32::from_rgb(0xc8, 0x1e, 0x2a);
/// Spades, and clubs in two-colour decks.
pub const BLACK_SUIT: Color32 = Color32::from_rgb(0x1b, 0x1b, 0x1b);
/// Diamonds in the colour-blind friendly four-colour deck.
pub const DIAMONDS_FOUR_COLOUR: Color32 = Color32::from_rgb(0x1f, 0x5f, 0xc8);
/// Clubs in the colour-blind friendly four-colour deck.
pub const CLUBS_FOUR_COLOUR: Color32 = Color32::from_rgb(0x1d, 0x8a, 0x3a);
/// Height of cards in hand on a wide window.
pub const HAND_CARD: f32 = 120.0;
/// Height of cards in hand on a narrow (phone) window.
pub const HAND_CARD_NARROW: f32 = 84.0;
/// Width under which the narrow layout is used.
pub const NARROW: f32 = 600.0;
/// Width from which the table keeps its log in a column beside it.
pub const WIDE: f32 = 900.0;
/// Width of the log column on wide windows.
pub const LOG_WIDTH: f32 = 280.0;
/// Fill of the primary button.
pub const ACCENT_DARK: Color32 = Color32::from_rgb(0x8a, 0x5a, 0x00);
/// A QR code's dark modules: black on white, the contrast every camera reads.
pub const QR_DARK: Color32 = Color32::BLACK;
/// A QR code's light modules and quiet zone.
pub const QR_LIGHT: Color32 = Color32::WHITE;
/// Smallest side of a touch target, in points.
pub const TOUCH: f32 = 44.0;

/// Lets the rows `ui` starts from now on be as tall as their words: a row is as tall as a touch
/// target by default (`interact_size`), room a row with nothing to touch does not need and a
/// phone needs for the table. Call it on a `Ui` of its own (a scope) that holds only words.
pub fn rows_of_words(ui: &mut egui::Ui) {
    ui.spacing_mut().interact_size.y = 0.0;
}
/// Outer margin of screens.
pub const MARGIN: f32 = 16.0;
/// Side of the application icon on the About screen.
pub const ABOUT_ICON: f32 = 96.0;
/// Widest column of text or buttons, so large windows stay readable.
pub const READABLE_WIDTH: f32 = 720.0;

/// Colour that leaves a picture as it is: egui multiplies an image by its tint.
pub const UNTINTED: Color32 = Color32::WHITE;
/// What a dark suit's court figure is lightened towards, so its black lines stay visible.
pub const FIGURE_LIGHT: Color32 = Color32::WHITE;
/// The outline of a seat whose turn it is not: none.
pub const NO_OUTLINE: Color32 = Color32::TRANSPARENT;

/// A profile's avatar disc in the colour it keeps (one of [`AVATAR_COLOURS`] when chosen here;
/// a profile file may hold any).
#[must_use]
pub const fn avatar_colour([red, green, blue]: [u8; 3]) -> Color32 {
    Color32::from_rgb(red, green, blue)
}

// Text sizes, in points. The text styles take theirs in `install`; a line a screen sets apart
// takes the size of its role.
/// Body text (the body text style).
pub const BODY_SIZE: f32 = 17.0;
/// Text on buttons (the button text style), and a menu's wide buttons.
pub const BUTTON_SIZE: f32 = 18.0;
/// Headings (the heading text style).
pub const HEADING_SIZE: f32 = 30.0;
/// Small print (the small text style).
pub const SMALL_SIZE: f32 = 13.0;
/// The application's name on the start screen.
pub const APP_TITLE_SIZE: f32 = 40.0;
/// A screen's title; a game's name on the start screen and on the table's top bar.
pub const TITLE_SIZE: f32 = 22.0;
/// The one line a screen is about: the game being set up, the match's winners.
pub const HEADLINE_SIZE: f32 = 24.0;
/// A line to notice: a host's address, a join code to confirm, a round's winners.
pub const LARGE_SIZE: f32 = 18.0;
/// The title of a panel beside the table (the log).
pub const PANEL_TITLE_SIZE: f32 = 20.0;
/// The hand-off screen's title, read across the table: whose turn it is.
pub const HANDOFF_TITLE_SIZE: f32 = 26.0;
/// The hand-off screen's button that shows the hand.
pub const HANDOFF_BUTTON_SIZE: f32 = 20.0;
/// The join code a host shows, read across the room.
pub const JOIN_CODE_SIZE: f32 = 30.0;
/// A profile's name in the list of profiles.
pub const PROFILE_NAME_SIZE: f32 = 19.0;

/// Name under which the embedded font is registered.
const FONT_NAME: &str = "dejavu-sans";

/// Installs the embedded font (it has ♠♥♦♣, which egui's default fonts lack) and the visuals.
pub fn install(ctx: &egui::Context) {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(FONT_NAME.to_owned(), FontData::from_static(include_bytes!("../../../assets/fonts/DejaVuSans.ttf")).into());
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts.families.entry(family).or_default().push(FONT_NAME.to_owned());
    }
    ctx.set_fonts(fonts);
    let mut visuals = Visuals::dark();
    visuals.panel_fill = FELT;
    visuals.window_fill = PANEL;
    visuals.override_text_color = Some(INK);
    // One look whatever the system theme: the felt table is the brand.
    ctx.set_theme(egui::Theme::Dark);
    ctx.all_styles_mut(|style| {
        style.visuals = visuals.clone();
        style.spacing.interact_size.y = TOUCH;
        style.spacing.button_padding = egui::vec2(14.0, 8.0);
        style.spacing.item_spacing = egui::vec2(10.0, 10.0);
        for (text_style, size) in [
            (egui::TextStyle::Heading, HEADING_SIZE),
            (egui::TextStyle::Body, BODY_SIZE),
            (egui::TextStyle::Button, BUTTON_SIZE),
            (egui::TextStyle::Small, SMALL_SIZE),
        ] {
            if let Some(font) = style.text_styles.get_mut(&text_style) {
                font.size = size;
            }
        }
    });
}

/// Colours a profile's avatar disc can have.
pub const AVATAR_COLOURS: [Color32; 8] = [
    Color32::from_rgb(0xe0, 0x53, 0x3d),
    Color32::from_rgb(0xf2, 0xb1, 0x34),
    Color32::from_rgb(0x4c, 0xaf, 0x50),
    Color32::from_rgb(0x3d, 0x7b, 0xe0),
    Color32::from_rgb(0x9c, 0x5b, 0xd6),
    Color32::from_rgb(0xe0, 0x6c, 0xb0),
    Color32::from_rgb(0x2a, 0xb7, 0xb0),
    Color32::from_rgb(0x8d, 0x6e, 0x63),
];
/// Disc behind an emoji avatar.
pub const AVATAR_SYMBOL_DISC: Color32 = Color32::from_rgb(0x2b, 0x6e, 0x4a);
/// Side of an avatar in lists.
pub const AVATAR: f32 = 36.0;
/// Height of one row of the history list on a phone, two lines (it is virtualised: every row
/// has this height).
pub const HISTORY_ROW: f32 = 72.0;
/// Height of one row of the history list on a wider window: one line and a touch target.
pub const HISTORY_ROW_WIDE: f32 = 52.0;
/// Height of a table's header row (history, the round breakdown).
pub const TABLE_HEADER: f32 = 28.0;
/// Height of a row of the round breakdown: its points, then where they came from.
pub const BREAKDOWN_ROW: f32 = 40.0;
/// Height of a row of the statistics table.
pub const STATS_ROW: f32 = 32.0;
/// Height of a plot.
pub const PLOT_HEIGHT: f32 = 220.0;
/// Height of revealed cards in the replay viewer.
pub const REPLAY_CARD: f32 = 64.0;
/// One line colour per seat in plots.
pub const SERIES: [Color32; 8] = [
    Color32::from_rgb(0xf2, 0xb1, 0x34),
    Color32::from_rgb(0x7e, 0xc8, 0xf7),
    Color32::from_rgb(0xf4, 0x8f, 0xb1),
    Color32::from_rgb(0xa5, 0xd6, 0xa7),
    Color32::from_rgb(0xce, 0x93, 0xd8),
    Color32::from_rgb(0xff, 0xab, 0x91),
    Color32::from_rgb(0x80, 0xcb, 0xc4),
    Color32::from_rgb(0xf4, 0xf1, 0xe8),
];
