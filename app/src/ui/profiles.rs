//! The profiles screen: the people who play on this device, each with a name and an avatar
//! (a colour or a symbol); create, rename, re-picture, and delete after a confirmation.
//!
//! The screen only reads the profiles: an edit is asked for ([`ProfilesRequest::Edit`]) and the
//! app applies it after drawing. The book checks it at once (in memory), so a refusal is in
//! words on the next frame ([`ProfilesScreen::edited`]); the file is written on the store's
//! writer thread, and the screen says "Saved", or why not, once it is durable
//! ([`ProfilesScreen::saved`]).

use egui::RichText;

use crate::store::profiles::{Avatar, MAX_NAME, ProfileBook, ProfileEdit, ProfileError, ProfileId};
use crate::store::{StoreError, WriteFailed};
use crate::tr;
use crate::ui::theme;

/// Symbols an avatar can show (all in the embedded font).
pub const SYMBOLS: [&str; 8] = ["★", "♞", "♛", "☀", "☂", "♪", "☘", "⚓"];

/// What the profiles screen asks of the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProfilesRequest {
    /// Back to the start screen.
    Back,
    /// A profile's statistics.
    Statistics(ProfileId),
    /// Change the profiles (create, rename, delete).
    Edit(ProfileEdit),
}

/// How the last edit stands, as the screen says it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Status {
    /// Accepted; its file is being written.
    Saving,
    /// Accepted and durable.
    Saved,
    /// Refused, or its file could not be written: why, in words.
    Problem(String),
}

/// The profiles screen's state.
#[derive(Debug, Default)]
pub struct ProfilesScreen {
    new_name: String,
    new_avatar: usize,
    renaming: Option<(ProfileId, String)>,
    confirm_delete: Option<ProfileId>,
    status: Option<Status>,
}

/// Every avatar on offer: the colours, then the symbols.
pub(crate) fn avatar_choices() -> impl Iterator<Item = Avatar> {
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
            painter.circle_filled(rect.center(), size / 2.0, theme::avatar_colour([*red, *green, *blue]));
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

/// A store error in the player's words (a refused name says why).
pub(crate) fn store_error(error: &StoreError) -> String {
    match error {
        StoreError::Profile(error) => profile_error(error),
        other => other.to_string(),
    }
}

fn button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> bool {
    ui.add(egui::Button::new(text).min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked()
}

impl ProfilesScreen {
    /// How the edit this screen asked for went, as the app applied it: accepted (the field it
    /// came from is cleared, its file is being written) or refused, with why.
    pub fn edited(&mut self, edit: &ProfileEdit, outcome: Result<(), &StoreError>) {
        match outcome {
            Ok(()) => {
                match edit {
                    ProfileEdit::Create { .. } => self.new_name.clear(),
                    ProfileEdit::Rename { .. } => self.renaming = None,
                    ProfileEdit::Delete(_) => {}
                }
                self.status = Some(Status::Saving);
            }
            Err(error) => self.status = Some(Status::Problem(store_error(error))),
        }
    }

    /// How the profiles file's latest write went.
    pub fn saved(&mut self, outcome: Result<(), WriteFailed>) {
        // A refusal since stays on screen: it is about what the player just did.
        if self.status == Some(Status::Saving) {
            self.status = Some(match outcome {
                Ok(()) => Status::Saved,
                Err(failed) => Status::Problem(tr!("store-profile-not-saved", error = failed.message)),
            });
        }
    }

    /// Draws the screen; returns what the player asked for.
    pub fn show(&mut self, ui: &mut egui::Ui, book: &ProfileBook) -> Option<ProfilesRequest> {
        let mut request = None;
        ui.horizontal(|ui| {
            if button(ui, tr!("store-back")) {
                request = Some(ProfilesRequest::Back);
            }
            ui.label(RichText::new(tr!("store-profiles")).size(theme::TITLE_SIZE).strong());
        });
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
            match &self.status {
                Some(Status::Problem(error)) => {
                    ui.colored_label(theme::ACCENT, error);
                }
                Some(Status::Saving) => {
                    ui.label(RichText::new(tr!("store-profile-saving")).color(theme::INK_DIM));
                }
                Some(Status::Saved) => {
                    ui.label(RichText::new(tr!("store-profile-saved")).color(theme::INK_DIM));
                }
                None => {}
            }
            if let Some(edit) = self.new_profile(ui) {
                request = Some(ProfilesRequest::Edit(edit));
            }
            ui.add_space(8.0);
            if book.all().is_empty() {
                ui.label(RichText::new(tr!("store-profile-none")).color(theme::INK_DIM));
            }
            let recent: Vec<String> = book.recent().map(|profile| profile.name.clone()).collect();
            if !recent.is_empty() {
                ui.label(RichText::new(tr!("store-profile-recent", names = recent.join(", "))).color(theme::INK_DIM));
            }
            for profile in book.all().to_vec() {
                egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(10.0).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    if let Some(asked) = self.profile_row(ui, &profile) {
                        request = Some(asked);
                    }
                });
            }
        });
        request
    }

    fn new_profile(&mut self, ui: &mut egui::Ui) -> Option<ProfileEdit> {
        let mut edit = None;
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
                let avatar = avatar_choices().nth(self.new_avatar).unwrap_or(Avatar::Colour([0x80; 3]));
                edit = Some(ProfileEdit::Create { name: self.new_name.clone(), avatar });
            }
        });
        edit
    }

    fn profile_row(&mut self, ui: &mut egui::Ui, profile: &crate::store::profiles::Profile) -> Option<ProfilesRequest> {
        let mut request = None;
        let renaming = self.renaming.as_ref().is_some_and(|(id, _)| *id == profile.id);
        ui.horizontal_wrapped(|ui| {
            avatar(ui, &profile.avatar, theme::AVATAR);
            ui.label(RichText::new(&profile.name).size(theme::PROFILE_NAME_SIZE).strong());
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
                    request = Some(ProfilesRequest::Edit(ProfileEdit::Rename { id: profile.id, name: new_name.clone() }));
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
                    request = Some(ProfilesRequest::Edit(ProfileEdit::Delete(profile.id)));
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
