//! The start screen: a big Continue for the newest unfinished match, "Rejoin <host>'s table"
//! after a crash at a networked table, Host and Join in plain view, then the five games as cards
//! with their look (a small fan of each game's own cards), and below them the way to the
//! player's history and unfinished matches.

use cardtable_engine::GameKind;
use egui::RichText;

use super::card::{self, CardLook};
use super::{names, theme};
use crate::tr;

/// What the start screen was asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartChoice {
    /// Read a game's rules.
    Rules(GameKind),
    /// Sit down at once: you and bots, default rules.
    QuickPlay(GameKind),
    /// Choose seats and house rules first.
    NewTable(GameKind),
    /// Learn the game in a short scripted deal against a teacher.
    Learn(GameKind),
    /// Open the settings.
    Settings,
    /// Open About Cardtable.
    About,
    /// Join a table hosted on the home network.
    JoinLan,
    /// Resume the newest unfinished match.
    Continue,
}

/// What the start screen offers beyond the games, worked out by the app.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StartOffers {
    /// The newest unfinished match, in words ("Crazy Eights · round 3"), to continue.
    pub resume: Option<String>,
    /// The host whose table this device held a seat at when it last stopped, to rejoin.
    pub rejoin: Option<String>,
    /// The cards' look.
    pub look: CardLook,
}

/// The height of the cards in a game's fan.
const FAN_CARD: f32 = 64.0;
/// The width a game's card takes at least: three fit side by side from a laptop's window up.
const GAME_CARD_WIDTH: f32 = 360.0;
/// The widest the start screen's column grows: three games' cards.
const START_WIDTH: f32 = 1_200.0;

/// A touch-sized button.
fn button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> bool {
    ui.add(egui::Button::new(text).min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked()
}

/// A big button that says what it does in strong letters: `accent` filled and in large
/// letters for the one thing most players came back for.
fn big_button(ui: &mut egui::Ui, text: String, accent: bool) -> bool {
    let words = RichText::new(text).strong();
    let mut button = egui::Button::new(if accent { words.size(theme::LARGE_SIZE) } else { words });
    if accent {
        button = button.fill(theme::ACCENT_DARK);
    }
    ui.add(button.wrap().min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH * 1.25))).clicked()
}

/// Draws the start screen, with `library` (the way to the player's history and unfinished
/// matches) inside the same scrolling column, below the games: on a phone the games come first,
/// and a long list of matches scrolls with the page instead of pushing them out of reach.
pub fn show<T>(
    ui: &mut egui::Ui,
    offers: &StartOffers,
    library: impl FnOnce(&mut egui::Ui) -> Option<T>,
) -> (Option<StartChoice>, Option<T>) {
    let mut choice = None;
    let mut asked = None;
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(START_WIDTH.min(ui.available_width()));
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(tr!("app-title")).heading().size(theme::APP_TITLE_SIZE).color(theme::ACCENT));
            if button(ui, tr!("nav-settings")) {
                choice = Some(StartChoice::Settings);
            }
        });
        ui.label(RichText::new(tr!("app-tagline")).color(theme::INK_DIM));
        ui.add_space(6.0);
        if let Some(chosen) = ways_in(ui, offers) {
            choice = Some(chosen);
        }
        ui.add_space(10.0);
        if let Some(chosen) = games(ui, offers.look) {
            choice = Some(chosen);
        }
        ui.add_space(10.0);
        asked = library(ui);
        ui.add_space(8.0);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(tr!("app-version", version = env!("CARGO_PKG_VERSION"))).small().color(theme::INK_DIM));
            if button(ui, tr!("about-open")) {
                choice = Some(StartChoice::About);
            }
        });
    });
    (choice, asked)
}

/// Continue, Rejoin, Host and Join: the ways back into a match or to other devices.
fn ways_in(ui: &mut egui::Ui, offers: &StartOffers) -> Option<StartChoice> {
    let mut choice = None;
    let hosting_id = egui::Id::unique("start-host-pick");
    let mut picking = ui.data(|data| data.get_temp::<bool>(hosting_id).unwrap_or(false));
    if let Some(resume) = &offers.resume
        && big_button(ui, tr!("start-continue", game = resume), true)
    {
        choice = Some(StartChoice::Continue);
    }
    if let Some(host) = &offers.rejoin
        && big_button(ui, tr!("start-rejoin", host = host), offers.resume.is_none())
    {
        choice = Some(StartChoice::JoinLan);
    }
    ui.horizontal_wrapped(|ui| {
        if big_button(ui, tr!("start-host"), false) {
            picking = !picking;
        }
        if big_button(ui, tr!("net-start-join"), false) {
            choice = Some(StartChoice::JoinLan);
        }
    });
    if picking {
        // Hosting starts from the game's New table form, where its seats and rules are set.
        ui.label(RichText::new(tr!("start-host-which")).color(theme::INK_DIM));
        ui.horizontal_wrapped(|ui| {
            for &kind in GameKind::ALL {
                if button(ui, names::game(kind)) {
                    choice = Some(StartChoice::NewTable(kind));
                    picking = false;
                }
            }
        });
    }
    ui.data_mut(|data| data.insert_temp(hosting_id, picking));
    choice
}

/// The five games as cards, as many side by side as the width holds.
fn games(ui: &mut egui::Ui, look: CardLook) -> Option<StartChoice> {
    let mut choice = None;
    let spacing = ui.spacing().item_spacing.x;
    let columns = ((ui.available_width() + spacing) / (GAME_CARD_WIDTH + spacing)).floor().clamp(1.0, 3.0) as usize;
    for row in GameKind::ALL.chunks(columns) {
        ui.columns(columns, |cells| {
            for (cell, &kind) in cells.iter_mut().zip(row) {
                if let Some(chosen) = game_card(cell, kind, look) {
                    choice = Some(chosen);
                }
            }
        });
        ui.add_space(spacing);
    }
    choice
}

/// One game's card: its fan of cards, name and pitch, and its four ways in.
fn game_card(ui: &mut egui::Ui, kind: GameKind, look: CardLook) -> Option<StartChoice> {
    let mut choice = None;
    let game = names::game(kind);
    egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(12.0).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            fan(ui, kind, look);
            ui.vertical(|ui| {
                ui.label(RichText::new(&game).size(theme::TITLE_SIZE).strong());
                ui.add(egui::Label::new(names::pitch(kind)).wrap());
            });
        });
        ui.horizontal_wrapped(|ui| {
            let quick = egui::Button::new(RichText::new(tr!("start-quick-play", game = &game)).strong()).fill(theme::ACCENT_DARK);
            if ui.add(quick.min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                choice = Some(StartChoice::QuickPlay(kind));
            }
            if button(ui, tr!("start-new-table", game = &game)) {
                choice = Some(StartChoice::NewTable(kind));
            }
            if button(ui, tr!("start-learn", game = &game)) {
                choice = Some(StartChoice::Learn(kind));
            }
            if button(ui, tr!("start-how-to-play", game = &game)) {
                choice = Some(StartChoice::Rules(kind));
            }
        });
    });
    choice
}

/// A small fan of the game's own cards (what its rules turn on), painted: a picture, not three
/// buttons.
fn fan(ui: &mut egui::Ui, kind: GameKind, look: CardLook) {
    let cards = crate::ui::table::games::for_kind(kind).showcase();
    let width = card::width_for(FAN_CARD);
    let step = width * 0.45;
    let size = egui::vec2(width + step * (cards.len() - 1) as f32, FAN_CARD + 8.0);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect.expand(2.0));
    for (index, &shown) in cards.iter().enumerate() {
        // The middle card stands higher, as in a hand held up.
        let lift = if index == 1 { 0.0 } else { 8.0 };
        let corner = rect.min + egui::vec2(step * index as f32, lift);
        card::paint_face(&painter, egui::Rect::from_min_size(corner, egui::vec2(width, FAN_CARD)), shown, look);
    }
}
