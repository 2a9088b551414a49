//! The player's settings: language, card look and size, animation, bot pace, Hard's
//! thinking time, sound and the relay servers online play uses. Pure data
//! with RULES-free defaults; the store keeps it in the config directory.

use serde::{Deserialize, Serialize};

use crate::i18n::Language;

/// How big cards are drawn, relative to the layout's own size for the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardSize {
    /// Smaller cards: more of a big hand fits on a line.
    Small,
    /// The layout's own size.
    #[default]
    Medium,
    /// Larger cards, easier to read from a distance.
    Large,
}

impl CardSize {
    /// Every size, smallest first.
    pub const ALL: [CardSize; 3] = [CardSize::Small, CardSize::Medium, CardSize::Large];

    /// The factor applied to the layout's card height.
    #[must_use]
    pub const fn scale(self) -> f32 {
        match self {
            CardSize::Small => 0.8,
            CardSize::Medium => 1.0,
            CardSize::Large => 1.25,
        }
    }
}

/// How fast cards travel across the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnimationSpeed {
    /// No movement: cards appear where they land.
    Off,
    /// Quick.
    #[default]
    Fast,
    /// Slower, easier to follow.
    Slow,
}

impl AnimationSpeed {
    /// Every speed, in menu order.
    pub const ALL: [AnimationSpeed; 3] = [AnimationSpeed::Off, AnimationSpeed::Fast, AnimationSpeed::Slow];

    /// Seconds a card takes to travel (0 = no animation).
    #[must_use]
    pub const fn seconds(self) -> f64 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Fast => 0.25,
            AnimationSpeed::Slow => 0.5,
        }
    }
}

/// How bots' moves are paced so a person can follow them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotPace {
    /// A short pause after each bot move.
    Fast,
    /// A pause long enough to read each move.
    #[default]
    Normal,
    /// A long pause.
    Slow,
    /// Each bot move waits for Enter (or the "Next move" button), as in the Dunno seed.
    Step,
}

impl BotPace {
    /// Every pace, in menu order.
    pub const ALL: [BotPace; 4] = [BotPace::Fast, BotPace::Normal, BotPace::Slow, BotPace::Step];

    /// Seconds between two bot moves; `None` in step mode (wait for the player).
    #[must_use]
    pub const fn pause(self) -> Option<f64> {
        match self {
            BotPace::Fast => Some(0.35),
            BotPace::Normal => Some(0.8),
            BotPace::Slow => Some(1.6),
            BotPace::Step => None,
        }
    }
}

/// How long a Hard bot thinks over a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThinkTime {
    /// The game's iteration budget: a few milliseconds, the same move for the same deal.
    #[default]
    Fast,
    /// Half a second of search.
    Normal,
    /// Two seconds of search: the strongest play.
    Long,
}

impl ThinkTime {
    /// Every thinking time, shortest first.
    pub const ALL: [ThinkTime; 3] = [ThinkTime::Fast, ThinkTime::Normal, ThinkTime::Long];

    /// Milliseconds of search per decision; 0 for the game's iteration budget.
    #[must_use]
    pub const fn millis(self) -> u32 {
        match self {
            ThinkTime::Fast => 0,
            ThinkTime::Normal => 500,
            ThinkTime::Long => 2_000,
        }
    }
}

/// How loud the table's sounds are, in percent (0 to 100; a larger number in a settings file
/// counts as 100).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Volume(pub u8);

impl Default for Volume {
    fn default() -> Volume {
        Volume(70)
    }
}

impl Volume {
    /// The most there is.
    pub const MAX: u8 = 100;

    /// The factor applied to the sounds' samples: the square of the share, so the slider's
    /// lower half stays quiet, as ears hear it.
    #[must_use]
    pub fn gain(self) -> f32 {
        let share = f32::from(self.0.min(Volume::MAX)) / f32::from(Volume::MAX);
        share * share
    }
}

/// The iroh project's public relay servers (iroh 1.4's `defaults::prod`): free, rate-limited,
/// for casual play; anyone may run their own (`cardtable relay`) and list it instead.
pub const PUBLIC_RELAYS: [&str; 4] = [
    "https://use1-1.relay.n0.iroh.link./",
    "https://usw1-1.relay.n0.iroh.link./",
    "https://euc1-1.relay.n0.iroh.link./",
    "https://aps1-1.relay.n0.iroh.link./",
];

fn public_relays() -> Vec<String> {
    PUBLIC_RELAYS.iter().map(|url| (*url).to_owned()).collect()
}

/// Everything the player can set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The language the window speaks.
    pub language: Language,
    /// Four-colour suits (colour-blind friendly): diamonds blue, clubs green.
    pub four_colour: bool,
    /// How big cards are drawn.
    pub card_size: CardSize,
    /// How fast cards travel.
    pub animation: AnimationSpeed,
    /// How bots' moves are paced.
    pub bot_pace: BotPace,
    /// How long Hard bots think.
    pub think_time: ThinkTime,
    /// The relay servers a table hosted online is reached through (and a guest adds to an
    /// invite's): `https://…` URLs, at most [`crate::net::invite::MAX_RELAYS`] of them.
    pub relays: Vec<String>,
    /// The table's sounds are off.
    pub muted: bool,
    /// How loud the table's sounds are.
    pub volume: Volume,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Language::default(),
            four_colour: false,
            card_size: CardSize::default(),
            animation: AnimationSpeed::default(),
            bot_pace: BotPace::default(),
            think_time: ThinkTime::default(),
            relays: public_relays(),
            muted: false,
            volume: Volume::default(),
        }
    }
}

impl Settings {
    /// The gain sounds are played at: 0 when muted.
    #[must_use]
    pub fn sound_gain(&self) -> f32 {
        if self.muted { 0.0 } else { self.volume.gain() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settings_file_missing_fields_takes_the_defaults_for_them() {
        let settings: Settings = serde_json::from_str(r#"{"language":"russian","four_colour":true}"#).expect("parses");
        assert_eq!(settings.language, Language::Russian);
        assert!(settings.four_colour);
        assert_eq!(settings.bot_pace, BotPace::Normal);
        assert_eq!(settings.card_size, CardSize::Medium);
        assert_eq!(settings.think_time, ThinkTime::Fast);
        assert_eq!(settings.relays.len(), PUBLIC_RELAYS.len(), "the public relays unless the player listed others");
    }

    #[test]
    fn thinking_times_grow_and_read_from_their_names() {
        let millis = ThinkTime::ALL.map(ThinkTime::millis);
        assert!(millis.windows(2).all(|pair| pair[0] < pair[1]), "{millis:?}");
        let settings: Settings = serde_json::from_str(r#"{"think_time":"long"}"#).expect("parses");
        assert_eq!(settings.think_time, ThinkTime::Long);
    }

    /// A settings file that names its language by code (as the store's version-1 fixture does)
    /// is read, not set aside as damaged.
    #[test]
    fn a_language_named_by_its_code_is_read() {
        let settings: Settings = serde_json::from_str(r#"{"language":"ru","four_colour":true}"#).expect("parses");
        assert_eq!(settings.language, Language::Russian);
        let settings: Settings = serde_json::from_str(r#"{"language":"en"}"#).expect("parses");
        assert_eq!(settings.language, Language::English);
    }

    #[test]
    fn sound_is_on_by_default_muting_silences_it_and_a_big_volume_is_bounded() {
        let mut settings = Settings::default();
        assert!(!settings.muted);
        assert!(settings.sound_gain() > 0.3 && settings.sound_gain() < 1.0, "{}", settings.sound_gain());
        settings.muted = true;
        assert_eq!(settings.sound_gain(), 0.0);
        let loud: Settings = serde_json::from_str(r#"{"volume":250}"#).expect("parses");
        assert_eq!(loud.sound_gain(), 1.0);
        let older: Settings = serde_json::from_str(r#"{"language":"en"}"#).expect("parses");
        assert_eq!(older.volume, Volume::default());
    }

    #[test]
    fn step_mode_has_no_pause_and_the_paces_grow() {
        assert_eq!(BotPace::Step.pause(), None);
        let pauses: Vec<f64> = [BotPace::Fast, BotPace::Normal, BotPace::Slow].map(|pace| pace.pause().expect("timed")).to_vec();
        assert!(pauses.windows(2).all(|pair| pair[0] < pair[1]), "{pauses:?}");
    }
}
