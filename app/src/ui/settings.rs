//! The settings screen: language, four-colour suits, card size, card movement, bots' pace, Hard's
//! thinking time, the sounds' volume and mute.

use egui::RichText;

use crate::i18n::Language;
use crate::settings::{AnimationSpeed, BotPace, CardSize, Settings, ThinkTime, Volume};
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
    let before = *settings;
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
    });
    *settings != before
}
