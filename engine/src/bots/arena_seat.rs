//! [`ArenaSeat`]: who sits at a seat of the arena (`cardtable sim --seats`). One of the four
//! levels the app seats, or one of the ceilings only a measurement may seat: Hard with a
//! multiple of its budget (`hard-10x`), and Hard that sees every hand (`hard-perfect`,
//! determinized from the true deal: the most any inference could give). The app's seats take
//! a [`BotLevel`], which has no such level, so no table a person plays at can seat them.

use std::fmt;
use std::str::FromStr;

use super::bot::{BotLevel, ParseBotLevelError};

/// The largest budget multiple a seat may ask for: ten times is the ceiling the docs measure;
/// a hundred keeps a mistyped figure from running for days.
pub const MOST_TIMES: u32 = 100;

/// A seat at the arena's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ArenaSeat {
    /// The level that plays.
    pub level: BotLevel,
    /// Hard only: its iteration budget multiplied by this (1: the level's own).
    pub times: u32,
    /// Hard only: searches determinizations of the true deal (every hand seen, only the
    /// stock's order unknown) instead of its view.
    pub sees_all: bool,
}

impl From<BotLevel> for ArenaSeat {
    fn from(level: BotLevel) -> ArenaSeat {
        ArenaSeat { level, times: 1, sees_all: false }
    }
}

impl ArenaSeat {
    /// Hard seeing every hand: the perfect-information ceiling.
    pub const PERFECT_HARD: ArenaSeat = ArenaSeat { level: BotLevel::Hard, times: 1, sees_all: true };

    /// Hard with `times` its iteration budget.
    #[must_use]
    pub const fn hard_times(times: u32) -> ArenaSeat {
        ArenaSeat { level: BotLevel::Hard, times, sees_all: false }
    }
}

impl fmt::Display for ArenaSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.level.id())?;
        if self.sees_all {
            f.write_str("-perfect")?;
        }
        if self.times != 1 {
            write!(f, "-{}x", self.times)?;
        }
        Ok(())
    }
}

impl serde::Serialize for ArenaSeat {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A seat that is not a level, `hard-perfect`, or one of those with `-Nx`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseArenaSeatError {
    /// Not a level.
    #[error(transparent)]
    Level(#[from] ParseBotLevelError),
    /// A ceiling asked of a level that does not search.
    #[error("`{text}`: only hard searches, so only hard takes -perfect or -Nx")]
    NotSearching {
        /// What was given.
        text: String,
    },
    /// A multiple that is not a whole number from 1 to [`MOST_TIMES`].
    #[error("`{text}`: the budget multiple must be a whole number from 1 to {MOST_TIMES}, as in hard-10x")]
    Times {
        /// What was given.
        text: String,
    },
}

impl FromStr for ArenaSeat {
    type Err = ParseArenaSeatError;

    fn from_str(text: &str) -> Result<ArenaSeat, ParseArenaSeatError> {
        let lower = text.trim().to_ascii_lowercase();
        let (rest, times) = match lower.rsplit_once('-') {
            Some((rest, multiple)) if multiple.ends_with('x') => {
                let times = multiple[..multiple.len() - 1]
                    .parse::<u32>()
                    .ok()
                    .filter(|times| (1..=MOST_TIMES).contains(times))
                    .ok_or_else(|| ParseArenaSeatError::Times { text: text.to_owned() })?;
                (rest, times)
            }
            _ => (lower.as_str(), 1),
        };
        let (level, sees_all) = match rest.strip_suffix("-perfect") {
            Some(level) => (level, true),
            None => (rest, false),
        };
        let level: BotLevel = level.parse().map_err(|_| ParseBotLevelError { text: text.to_owned() })?;
        if level != BotLevel::Hard && (sees_all || times != 1) {
            return Err(ParseArenaSeatError::NotSearching { text: text.to_owned() });
        }
        Ok(ArenaSeat { level, times, sees_all })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_and_write_the_same_text() {
        for text in ["random", "easy", "normal", "hard", "hard-perfect", "hard-10x", "hard-perfect-3x"] {
            let seat: ArenaSeat = text.parse().expect("a seat");
            assert_eq!(seat.to_string(), text);
            assert_eq!(serde_json::to_string(&seat).expect("json"), format!("\"{text}\""));
        }
        assert_eq!(" Hard-10X ".parse::<ArenaSeat>(), Ok(ArenaSeat::hard_times(10)));
        assert_eq!("hard-perfect".parse::<ArenaSeat>(), Ok(ArenaSeat::PERFECT_HARD));
        assert_eq!("normal".parse::<ArenaSeat>(), Ok(ArenaSeat::from(BotLevel::Normal)));
    }

    #[test]
    fn ceilings_are_hard_only_and_bounded() {
        assert!(matches!("normal-perfect".parse::<ArenaSeat>(), Err(ParseArenaSeatError::NotSearching { .. })));
        assert!(matches!("easy-2x".parse::<ArenaSeat>(), Err(ParseArenaSeatError::NotSearching { .. })));
        for bad in ["hard-0x", "hard-101x", "hard-x", "hard-1.5x"] {
            assert!(matches!(bad.parse::<ArenaSeat>(), Err(ParseArenaSeatError::Times { .. })), "{bad}");
        }
        assert!(matches!("expert".parse::<ArenaSeat>(), Err(ParseArenaSeatError::Level(_))));
        assert!(matches!("hard-perfectly".parse::<ArenaSeat>(), Err(ParseArenaSeatError::Level(_))));
    }

    /// The app seats a [`BotLevel`]: none of them is a ceiling, and a ceiling's name is no
    /// level, so settings, saved tables and the network cannot ask for one.
    #[test]
    fn no_level_the_app_seats_is_a_ceiling() {
        for level in BotLevel::ALL {
            let seat = ArenaSeat::from(level);
            assert!(!seat.sees_all && seat.times == 1);
        }
        for ceiling in ["hard-perfect", "hard-10x"] {
            assert!(ceiling.parse::<BotLevel>().is_err(), "{ceiling}");
        }
    }
}
