//! The settings screen: language, four-colour suits, card size, card movement, bots' pace, Hard's
//! thinking time, the sounds' volume and mute, and the relay servers online play uses.

use egui::RichText;

use crate::i18n::Language;
use crate::net::invite::{MAX_RELAYS, check_relay};
use crate::settings::{AnimationSpeed, BotPace, CardSize, PUBLIC_RELAYS, Settings, ThinkTime, Volume};
use crate::tr;
use crate::ui::theme;

fn card_size_name(size: CardSize) -> String {
    match size {
        CardSize::Small => tr!("settings-card-size-small"),
        CardSize::Medium => tr!("settings-card-size-medium"),
        CardSize::Large => tr!("settings-card-size-large"),
    }
}

fn animation_name(speed: AnimationSpeed) -> String {
    match speed {
        AnimationSpeed::Off => tr!("settings-animation-off"),
        AnimationSpeed::Fast => tr!("settings-animation-fast"),
        AnimationSpeed::Slow => tr!("settings-animation-slow"),
    }
}

fn pace_name(pace: BotPace) -> String {
    match pace {
        BotPace::Fast => tr!("settings-bot-pace-fast"),
        BotPace::Normal => tr!("settings-bot-pace-normal"),
        BotPace::Slow => tr!("settings-bot-pace-slow"),
        BotPace::Step => tr!("settings-bot-pace-step"),
    }
}

fn think_name(think: ThinkTime) -> String {
    match think {
        ThinkTime::Fast => tr!("settings-think-time-fast"),
        ThinkTime::Normal => tr!("settings-think-time-normal"),
        ThinkTime::Long => tr!("settings-think-time-long"),
    }
}

/// One choice among several, as a row of touch-sized toggle buttons.
fn choice_row<T: Copy + PartialEq>(ui: &mut egui::Ui, title: String, value: &mut T, choices: &[T], name: impl Fn(T) -> String) {
    ui.label(RichText::new(title).strong());
    ui.horizontal_wrapped(|ui| {
        for &choice in choices {
            let button = egui::Button::selectable(*value == choice, name(choice)).min_size(egui::vec2(theme::TOUCH * 1.5, theme::TOUCH));
            if ui.add(button).clicked() {
                *value = choice;
            }
        }
    });
    ui.add_space(6.0);
}

/// Draws the settings; returns true when something changed (the caller saves and applies it).
pub fn show(ui: &mut egui::Ui, settings: &mut Settings) -> bool {
    let before = settings.clone();
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        choice_row(ui, tr!("settings-language"), &mut settings.language, &Language::ALL, |language| language.native_name().to_owned());
        ui.checkbox(&mut settings.four_colour, tr!("settings-four-colour"));
        ui.add_space(6.0);
        choice_row(ui, tr!("settings-card-size"), &mut settings.card_size, &CardSize::ALL, card_size_name);
        choice_row(ui, tr!("settings-animation"), &mut settings.animation, &AnimationSpeed::ALL, animation_name);
        choice_row(ui, tr!("settings-bot-pace"), &mut settings.bot_pace, &BotPace::ALL, pace_name);
        choice_row(ui, tr!("settings-think-time"), &mut settings.think_time, &ThinkTime::ALL, think_name);
        ui.label(RichText::new(tr!("settings-sound")).strong());
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut settings.muted, tr!("settings-sound-mute"));
            let volume = egui::Slider::new(&mut settings.volume.0, 0..=Volume::MAX).suffix(" %").text(tr!("settings-sound-volume"));
            ui.add_enabled(!settings.muted, volume);
        });
        relays(ui, &mut settings.relays);
    });
    *settings != before
}

/// What the relay list's form holds between frames: the URL being typed and why the last one
/// was refused.
#[derive(Debug, Clone, Default)]
struct RelayForm {
    typed: String,
    problem: Option<String>,
}

/// The relay servers a table hosted online is reached through: each with Remove, a field to add
/// one (checked as an invite's relays are: it goes into invites), and the public ones back.
fn relays(ui: &mut egui::Ui, relays: &mut Vec<String>) {
    ui.label(RichText::new(tr!("settings-relays")).strong());
    ui.label(RichText::new(tr!("settings-relays-about")).small().color(theme::INK_DIM));
    let mut removed = None;
    for (index, url) in relays.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(url).monospace());
            let remove = egui::Button::new(tr!("settings-relay-remove")).min_size(egui::vec2(0.0, theme::TOUCH));
            if ui.add(remove).on_hover_text(url).clicked() {
                removed = Some(index);
            }
        });
    }
    if let Some(index) = removed {
        relays.remove(index);
    }
    if relays.is_empty() {
        ui.colored_label(theme::ACCENT, tr!("settings-relays-none"));
    }
    let id = ui.make_persistent_id("settings-relay-form");
    let mut form: RelayForm = ui.data_mut(|data| data.get_temp(id)).unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!("settings-relay-new"));
        let field = egui::TextEdit::singleline(&mut form.typed).hint_text("https://relay.example.org/").desired_width(260.0);
        ui.add(field.min_size(egui::vec2(0.0, theme::TOUCH * 0.8))).labelled_by(label.id);
        let add = egui::Button::new(tr!("settings-relay-add")).min_size(egui::vec2(0.0, theme::TOUCH));
        if ui.add(add).clicked() {
            form.problem = add_relay(relays, &form.typed).err();
            if form.problem.is_none() {
                form.typed.clear();
            }
        }
    });
    if let Some(problem) = &form.problem {
        ui.colored_label(theme::ACCENT, problem);
    }
    let public: Vec<String> = PUBLIC_RELAYS.iter().map(|url| (*url).to_owned()).collect();
    if *relays != public && ui.add(egui::Button::new(tr!("settings-relays-public")).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
        *relays = public;
    }
    ui.data_mut(|data| data.insert_temp(id, form));
}

/// Adds `typed` to `relays`, or says in words why not.
fn add_relay(relays: &mut Vec<String>, typed: &str) -> Result<(), String> {
    let url = typed.trim();
    check_relay(url).map_err(|error| tr!("settings-relay-bad", reason = error.to_string()))?;
    if relays.iter().any(|known| known == url) {
        return Err(tr!("settings-relay-twice"));
    }
    if relays.len() >= MAX_RELAYS {
        return Err(tr!("settings-relay-full", most = MAX_RELAYS));
    }
    relays.push(url.to_owned());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relay_is_added_only_when_an_invite_could_carry_it() {
        let mut relays = vec!["https://a.example/".to_owned()];
        assert_eq!(add_relay(&mut relays, " https://b.example/ "), Ok(()));
        assert_eq!(relays, ["https://a.example/", "https://b.example/"]);
        assert!(add_relay(&mut relays, "https://b.example/").is_err(), "not twice");
        assert!(add_relay(&mut relays, "ftp://c.example/").is_err_and(|why| why.contains("not an http or https URL")));
        assert!(add_relay(&mut relays, "https://c.example/?a&b").is_err(), "a character an invite cannot carry");
        assert_eq!(add_relay(&mut relays, "https://c.example/"), Ok(()));
        assert_eq!(add_relay(&mut relays, "https://d.example/"), Ok(()));
        assert!(add_relay(&mut relays, "https://e.example/").is_err(), "an invite carries at most four");
        assert_eq!(relays.len(), MAX_RELAYS);
    }
}
