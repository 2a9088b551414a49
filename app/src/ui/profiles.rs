//! The profiles screen: the people who play on this device, each with a name and an avatar
//! (a colour or a symbol); create, rename, re-picture, and delete after a confirmation.

use egui::RichText;

use crate::store::Store;
use crate::store::profiles::{Avatar, MAX_NAME, ProfileError, ProfileId};
use crate::tr;
use crate::ui::theme;

/// Symbols an avatar can show (all in the embedded font).
pub const SYMBOLS: [&str; 8] = ["★", "♞", "♛", "☀", "☂", "♪", "☘", "⚓"];

/// What the profiles screen asks of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfilesRequest {
    /// Back to the start screen.
    Back,
    /// A profile's statistics.
    Statistics(ProfileId),
}

/// The profiles screen's state.
#[derive(Debug, Default)]
pub struct ProfilesScreen {
    new_name: String,
    new_avatar: usize,
    renaming: Option<(ProfileId, String)>,
    confirm_delete: Option<ProfileId>,
    error: Option<String>,
}

/// Every avatar on offer: the colours, then the symbols.
fn avatar_choices() -> impl Iterator<Item = Avatar> {
    theme::AVATAR_COLOURS
        .iter()
        .map(|colour| Avatar::Colour([colour.r(), colour.g(), colour.b()]))
        .chain(SYMBOLS.iter().map(|symbol| Avatar::Emoji((*symbol).to_owned())))
}

/// Draws an avatar: a coloured disc, or a symbol on a disc.
pub fn avatar(ui: &mut egui::Ui, avatar: &Avatar, size: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let painter = ui.painter();
    match avatar {
        Avatar::Colour([red, green, blue]) => {
            painter.circle_filled(rect.center(), size / 2.0, egui::Color32::from_rgb(*red, *green, *blue));
        }
        Avatar::Emoji(symbol) => {
            painter.circle_filled(rect.center(), size / 2.0, theme::AVATAR_SYMBOL_DISC);
            painter.text(rect.center(), egui::Align2::CENTER_CENTER, symbol, egui::FontId::proportional(size * 0.6), theme::INK);
        }
    }
    response
}

/// A profile error in words.
#[must_use]
pub fn profile_error(error: &ProfileError) -> String {
    match error {
        ProfileError::EmptyName => tr!("store-profile-error-empty"),
        ProfileError::NameTooLong => tr!("store-profile-error-long", max = MAX_NAME),
        ProfileError::Taken(name) => tr!("store-profile-error-taken", name = name),
        ProfileError::Unknown => tr!("store-profile-error-unknown"),
    }
}

fn store_error(error: &crate::store::StoreError) -> String {
    match error {
        crate::store::StoreError::Profile(error) => profile_error(error),
        other => other.to_string(),
    }
}

fn button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> bool {
    ui.add(egui::Button::new(text).min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked()
}

impl ProfilesScreen {
    /// Draws the screen and applies the edits asked for.
    pub fn show(&mut self, ui: &mut egui::Ui, store: &mut Store) -> Option<ProfilesRequest> {
        let mut request = None;
        ui.horizontal(|ui| {
            if button(ui, tr!("store-back")) {
                request = Some(ProfilesRequest::Back);
            }
            ui.label(RichText::new(tr!("store-profiles")).size(22.0).strong());
        });
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
            if let Some(error) = &self.error {
                ui.colored_label(theme::ACCENT, error);
            }
            self.new_profile(ui, store);
            ui.add_space(8.0);
            if store.profiles().all().is_empty() {
                ui.label(RichText::new(tr!("store-profile-none")).color(theme::INK_DIM));
            }
            let recent: Vec<String> = store.profiles().recent().map(|profile| profile.name.clone()).collect();
            if !recent.is_empty() {
                ui.label(RichText::new(tr!("store-profile-recent", names = recent.join(", "))).color(theme::INK_DIM));
            }
            for profile in store.profiles().all().to_vec() {
                egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(10.0).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    if let Some(asked) = self.profile_row(ui, store, &profile) {
                        request = Some(asked);
                    }
                });
            }
        });
        request
    }

    fn new_profile(&mut self, ui: &mut egui::Ui, store: &mut Store) {
        egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(10.0).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(tr!("store-profile-new")).strong());
            ui.horizontal_wrapped(|ui| {
                let label = ui.label(tr!("store-profile-name"));
                ui.add(
                    egui::TextEdit::singleline(&mut self.new_name)
                        .char_limit(MAX_NAME)
                        .desired_width(200.0)
                        .min_size(egui::vec2(0.0, theme::TOUCH)),
                )
                .labelled_by(label.id);
            });
            ui.label(tr!("store-profile-avatar"));
            ui.horizontal_wrapped(|ui| {
                for (index, choice) in avatar_choices().enumerate() {
                    let selected = self.new_avatar == index;
                    let frame = egui::Frame::new().inner_margin(3.0).stroke(if selected {
                        egui::Stroke::new(2.0, theme::ACCENT)
                    } else {
                        egui::Stroke::NONE
                    });
                    let response = frame.show(ui, |ui| avatar(ui, &choice, theme::AVATAR)).response.interact(egui::Sense::click());
                    if response.clicked() {
                        self.new_avatar = index;
                    }
                }
            });
            if ui
                .add(
                    egui::Button::new(RichText::new(tr!("store-profile-create")).strong())
                        .fill(theme::ACCENT_DARK)
                        .min_size(egui::vec2(0.0, theme::TOUCH)),
                )
                .clicked()
            {
                let choice = avatar_choices().nth(self.new_avatar).unwrap_or(Avatar::Colour([0x80; 3]));
                let name = self.new_name.clone();
                match store.edit_profiles(|book| book.create(&name, choice, jiff::Timestamp::now())) {
                    Ok(_) => {
                        self.new_name.clear();
                        self.error = None;
                    }
                    Err(error) => self.error = Some(store_error(&error)),
                }
            }
        });
    }

    fn profile_row(&mut self, ui: &mut egui::Ui, store: &mut Store, profile: &crate::store::profiles::Profile) -> Option<ProfilesRequest> {
        let mut request = None;
        let renaming = self.renaming.as_ref().is_some_and(|(id, _)| *id == profile.id);
        ui.horizontal_wrapped(|ui| {
            avatar(ui, &profile.avatar, theme::AVATAR);
            ui.label(RichText::new(&profile.name).size(19.0).strong());
            ui.label(
                RichText::new(tr!("store-profile-since", date = profile.created.strftime("%Y-%m-%d").to_string()))
                    .small()
                    .color(theme::INK_DIM),
            );
        });
        if renaming && let Some((_, name)) = &mut self.renaming {
            let label = ui.label(tr!("store-profile-new-name"));
            let edit = egui::TextEdit::singleline(name)
                .char_limit(MAX_NAME)
                .desired_width(ui.available_width().min(320.0))
                .min_size(egui::vec2(0.0, theme::TOUCH));
            let entered = ui.add(edit).labelled_by(label.id).lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
            let new_name = name.clone();
            ui.horizontal_wrapped(|ui| {
                if button(ui, tr!("store-profile-save")) || entered {
                    match store.edit_profiles(|book| book.rename(profile.id, &new_name)) {
                        Ok(_) => {
                            self.renaming = None;
                            self.error = None;
                        }
                        Err(error) => self.error = Some(store_error(&error)),
                    }
                }
                if button(ui, tr!("store-cancel")) {
                    self.renaming = None;
                }
            });
        }
        ui.horizontal_wrapped(|ui| {
            if button(ui, tr!("store-statistics")) {
                request = Some(ProfilesRequest::Statistics(profile.id));
            }
            if button(ui, tr!("store-profile-rename")) {
                self.renaming = Some((profile.id, profile.name.clone()));
            }
            if button(ui, tr!("store-profile-delete")) {
                self.confirm_delete = Some(profile.id);
            }
        });
        if self.confirm_delete == Some(profile.id) {
            ui.colored_label(theme::ACCENT, tr!("store-profile-delete-confirm", name = &profile.name));
            ui.horizontal_wrapped(|ui| {
                if button(ui, tr!("store-profile-delete-yes", name = &profile.name)) {
                    if let Err(error) = store.edit_profiles(|book| book.delete(profile.id)) {
                        self.error = Some(store_error(&error));
                    }
                    self.confirm_delete = None;
                }
                if button(ui, tr!("store-cancel")) {
                    self.confirm_delete = None;
                }
            });
        }
        request
    }
}
