//! Who sits down at a quick game: the profile that played last, or a first profile made from
//! the name the player gives on first use.

use cardtable_engine::{AnyOptions, GameKind};

use super::{CardtableApp, Screen};
use crate::session::seating::{quick_level, quick_seating};
use crate::store::profiles::ProfileEdit;
use crate::tr;
use crate::ui;

impl CardtableApp {
    /// Every profile's name, the most recently used first (the setup form offers them).
    pub(super) fn profile_names(&self) -> Vec<String> {
        let Some(store) = &self.store else { return Vec::new() };
        let book = store.profiles();
        let mut names: Vec<String> = book.recent().map(|profile| profile.name.clone()).collect();
        for profile in book.all() {
            if !names.contains(&profile.name) {
                names.push(profile.name.clone());
            }
        }
        names
    }

    /// The name of the profile that played last: the app remembers who sits down (matches
    /// are counted for a profile when a seat has its name).
    pub(super) fn last_player(&self) -> Option<String> {
        let profiles = self.store.as_ref()?.profiles();
        // A profile made but not yet played with counts too: the newest made.
        profiles.recent().next().or_else(|| profiles.all().last()).map(|profile| profile.name.clone())
    }

    /// Whether a quick game should ask the player's name first: there is a writable store
    /// and no profile in it yet.
    pub(super) fn needs_first_name(&self) -> bool {
        self.store.as_ref().is_some_and(|store| store.read_only().is_none() && store.profiles().all().is_empty())
    }

    /// Makes a profile named `name` and sits down at the quick game the name screen waited
    /// for; a refused name stays on that screen, which says why.
    pub(super) fn first_name_given(&mut self, name: &str, ctx: &egui::Context) {
        let Screen::FirstName(screen) = &self.screen else { return };
        let kind = screen.kind;
        let avatar = ui::profiles::avatar_choices().next().unwrap_or(crate::store::profiles::Avatar::Colour([0x80; 3]));
        if self.edit_profile(&ProfileEdit::Create { name: name.to_owned(), avatar }, ctx) {
            self.quick_play(kind);
        }
    }

    /// Sits the last player down at once with bots at `kind`'s default rules (the command
    /// line's `--quick-play` too: a script or a screenshot has nobody to ask a name of).
    pub fn quick_play(&mut self, kind: GameKind) {
        let options = AnyOptions::defaults(kind);
        let name = self.last_player().unwrap_or_else(|| tr!("setup-default-player", number = 1));
        let seats = quick_seating(&name, options.default_players(), quick_level(kind));
        self.sit_down(options, seats);
    }
}
