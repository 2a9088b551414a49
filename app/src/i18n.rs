//! The one translation layer: every string the window shows goes through [`tr!`] (or
//! [`translate`]), in English or Russian, from the Fluent files under `assets/i18n/`.
//!
//! Messages live in one file per area (`assets/i18n/<lang>/<area>.ftl`), registered once in
//! [`RESOURCES`], so people working on different screens never edit the same file. Fluent
//! gives Russian its three plural forms (`{ $count -> [one] карта [few] карты *[many] карт }`).
//!
//! The language is process-wide ([`set_language`]): the UI is drawn from many small functions
//! and threading a translator through all of them would add a parameter everywhere for no
//! gain. A missing message shows its key (and logs it once) rather than panicking; the tests
//! below keep both languages complete and every key used in the code defined.

use std::collections::HashSet;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU8, Ordering};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use serde::{Deserialize, Serialize};

pub use fluent_bundle::FluentValue;

/// A language the window speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// English (the default).
    #[default]
    #[serde(alias = "en")]
    English,
    /// Russian.
    #[serde(alias = "ru")]
    Russian,
}

impl Language {
    /// Every language, in menu order.
    pub const ALL: [Language; 2] = [Language::English, Language::Russian];

    /// The BCP 47 code (`en`, `ru`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Russian => "ru",
        }
    }

    /// The language's name in itself, as a language menu shows it.
    #[must_use]
    pub const fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Russian => "Русский",
        }
    }

    const fn index(self) -> usize {
        match self {
            Language::English => 0,
            Language::Russian => 1,
        }
    }
}

/// One area's messages: its name, then the English and the Russian file.
struct Resource {
    area: &'static str,
    english: &'static str,
    russian: &'static str,
}

macro_rules! resources {
    ($($area:literal),* $(,)?) => {
        &[$(Resource {
            area: $area,
            english: include_str!(concat!("../../assets/i18n/en/", $area, ".ftl")),
            russian: include_str!(concat!("../../assets/i18n/ru/", $area, ".ftl")),
        }),*]
    };
}

/// Every area file, in both languages. Adding an area is one name here.
const RESOURCES: &[Resource] = resources!["app", "games", "table", "log", "settings", "about", "store", "net", "refusals", "tutorial"];

static CURRENT: AtomicU8 = AtomicU8::new(0);

/// Sets the language the window speaks from now on.
pub fn set_language(language: Language) {
    CURRENT.store(language.index() as u8, Ordering::Relaxed);
}

/// The language the window speaks now.
#[must_use]
pub fn language() -> Language {
    match CURRENT.load(Ordering::Relaxed) {
        1 => Language::Russian,
        _ => Language::English,
    }
}

type Bundle = FluentBundle<FluentResource>;

fn bundle(language: Language) -> Bundle {
    let langid = language.code().parse().expect("the language codes are valid BCP 47");
    let mut bundle = Bundle::new_concurrent(vec![langid]);
    // Unicode isolation marks around arguments are for bidirectional text; in egui they would
    // show as boxes.
    bundle.set_use_isolating(false);
    for resource in RESOURCES {
        let text = match language {
            Language::English => resource.english,
            Language::Russian => resource.russian,
        };
        let parsed = FluentResource::try_new(text.to_owned()).unwrap_or_else(|(partial, errors)| {
            tracing::error!(area = resource.area, language = language.code(), ?errors, "translation file has syntax errors");
            partial
        });
        if let Err(errors) = bundle.add_resource(parsed) {
            tracing::error!(area = resource.area, language = language.code(), ?errors, "translation file redefines messages");
        }
    }
    bundle
}

static BUNDLES: LazyLock<[Bundle; 2]> = LazyLock::new(|| [bundle(Language::English), bundle(Language::Russian)]);

/// Keys already reported missing, so a missing message is logged once, not every frame.
#[allow(
    clippy::disallowed_types,
    reason = "a set of the keys already reported, shared by every thread that translates: a lock held for one insertion, with nothing to send anywhere"
)]
static REPORTED: LazyLock<std::sync::Mutex<HashSet<String>>> = LazyLock::new(|| std::sync::Mutex::new(HashSet::new()));

fn report_missing(language: Language, key: &str, problem: &str) {
    let mut reported = REPORTED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if reported.insert(format!("{}:{key}", language.code())) {
        tracing::warn!(language = language.code(), key, problem, "translation problem");
    }
}

/// The message `key` in `language`, with its named arguments. A missing message gives the
/// key itself.
#[must_use]
pub fn translate(language: Language, key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let bundle = &BUNDLES[language.index()];
    let Some(pattern) = bundle.get_message(key).and_then(|message| message.value()) else {
        report_missing(language, key, "no such message");
        return key.to_owned();
    };
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors).into_owned();
    if !errors.is_empty() {
        report_missing(language, key, &format!("{errors:?}"));
    }
    text
}

/// A value a message can take as an argument.
pub trait Arg {
    /// The value as Fluent sees it.
    fn into_value(self) -> FluentValue<'static>;
}

impl Arg for &str {
    fn into_value(self) -> FluentValue<'static> {
        FluentValue::from(self.to_owned())
    }
}

impl Arg for String {
    fn into_value(self) -> FluentValue<'static> {
        FluentValue::from(self)
    }
}

impl Arg for &String {
    fn into_value(self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

macro_rules! numeric_args {
    ($($number:ty),*) => {$(
        impl Arg for $number {
            fn into_value(self) -> FluentValue<'static> {
                FluentValue::from(self)
            }
        }
    )*};
}

numeric_args!(i32, u32, i64, u64, usize, u8, f64);

/// The message `key` in the current language: `tr!("start-title")`, or with named arguments
/// `tr!("log-played", name = "Ana", card = "8♥")`.
#[macro_export]
macro_rules! tr {
    ($key:literal) => {
        $crate::i18n::translate($crate::i18n::language(), $key, &[])
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::translate(
            $crate::i18n::language(),
            $key,
            &[$((stringify!($name), $crate::i18n::Arg::into_value($value))),+],
        )
    };
}

pub use crate::tr;

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use super::*;

    /// The message ids one language defines.
    fn ids(language: Language) -> BTreeSet<String> {
        let mut ids = BTreeSet::new();
        for resource in RESOURCES {
            let text = match language {
                Language::English => resource.english,
                Language::Russian => resource.russian,
            };
            let parsed = FluentResource::try_new(text.to_owned())
                .unwrap_or_else(|(_, errors)| panic!("{}/{}.ftl does not parse: {errors:?}", language.code(), resource.area));
            for entry in parsed.entries() {
                if let fluent_syntax::ast::Entry::Message(message) = entry {
                    assert!(ids.insert(message.id.name.to_owned()), "{} is defined twice in {}", message.id.name, language.code());
                }
            }
        }
        ids
    }

    /// Every `tr!("key"` literal in the app's sources.
    fn keys_used() -> BTreeSet<String> {
        fn walk(dir: &Path, keys: &mut BTreeSet<String>) {
            for entry in std::fs::read_dir(dir).expect("source folder") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    walk(&path, keys);
                } else if path.extension().is_some_and(|extension| extension == "rs") {
                    let text = std::fs::read_to_string(&path).expect("source file");
                    // Doc comments show the macro with example keys; `include_str!("` ends
                    // like the macro does.
                    for line in text.lines().filter(|line| !line.trim_start().starts_with("//")) {
                        for (at, _) in line.match_indices("tr!(\"") {
                            if line[..at].ends_with(|before: char| before.is_alphanumeric() || before == '_') {
                                continue;
                            }
                            let rest = &line[at + 5..];
                            let key = &rest[..rest.find('"').expect("a closing quote on the same line")];
                            keys.insert(key.to_owned());
                        }
                    }
                }
            }
        }
        let mut keys = BTreeSet::new();
        walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut keys);
        keys
    }

    #[test]
    fn both_languages_define_the_same_messages() {
        let english = ids(Language::English);
        let russian = ids(Language::Russian);
        let only_english: Vec<_> = english.difference(&russian).collect();
        let only_russian: Vec<_> = russian.difference(&english).collect();
        assert!(only_english.is_empty(), "missing in Russian: {only_english:?}");
        assert!(only_russian.is_empty(), "missing in English: {only_russian:?}");
    }

    #[test]
    fn every_key_the_code_uses_is_defined() {
        let defined = ids(Language::English);
        let used = keys_used();
        assert!(used.len() > 20, "the scan found the keys ({} found)", used.len());
        let missing: Vec<_> = used.difference(&defined).collect();
        assert!(missing.is_empty(), "used in app/src but not in assets/i18n/en: {missing:?}");
    }

    /// The engine's refusals are translated by key (`ui::refusals`), not by `tr!` literals, so
    /// the scan above cannot see them: every rule the engine can refuse by has its message.
    #[test]
    fn every_refusal_rule_has_its_message_in_every_language() {
        let rules: Vec<String> = cardtable_engine::RefusalRule::all().map(cardtable_engine::RefusalRule::key).collect();
        assert!(rules.len() > 40, "the engine lists its rules ({} found)", rules.len());
        for language in Language::ALL {
            let defined = ids(language);
            let missing: Vec<_> = rules.iter().filter(|key| !defined.contains(*key)).collect();
            assert!(missing.is_empty(), "{} has no message for {missing:?}", language.code());
        }
    }

    #[test]
    fn arguments_are_placed_without_isolation_marks_and_russian_has_its_plurals() {
        let text = translate(Language::English, "seat-cards", &[("count", FluentValue::from(1))]);
        assert_eq!(text, "1 card");
        assert!(!text.contains('\u{2068}'));
        let forms: Vec<String> = [1, 3, 5, 21]
            .into_iter()
            .map(|count| translate(Language::Russian, "seat-cards", &[("count", FluentValue::from(count))]))
            .collect();
        assert_eq!(forms, ["1 карта", "3 карты", "5 карт", "21 карта"]);
    }

    /// Issue 19: "1 point", not "1 pts", in both languages, for scores of any sign.
    #[test]
    fn points_are_words_with_their_plurals() {
        let english: Vec<String> = [1, 2, 0, -10]
            .into_iter()
            .map(|points| translate(Language::English, "seat-total", &[("points", FluentValue::from(points))]))
            .collect();
        assert_eq!(english, ["1 point", "2 points", "0 points", "-10 points"]);
        let russian: Vec<String> = [1, 3, 5, 21]
            .into_iter()
            .map(|points| translate(Language::Russian, "seat-total", &[("points", FluentValue::from(points))]))
            .collect();
        assert_eq!(russian, ["1 очко", "3 очка", "5 очков", "21 очко"]);
    }

    /// Issue 29: Russian names a round "кон" everywhere, in the app's messages and the rules;
    /// "раунд" in some places read as another thing.
    #[test]
    fn russian_names_a_round_one_way() {
        let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/rules/ru");
        let mut texts: Vec<(String, String)> =
            RESOURCES.iter().map(|resource| (format!("ru/{}.ftl", resource.area), resource.russian.to_owned())).collect();
        for entry in std::fs::read_dir(&rules).expect("the Russian rules") {
            let path = entry.expect("entry").path();
            texts.push((path.display().to_string(), std::fs::read_to_string(&path).expect("a rules file")));
        }
        assert!(texts.iter().any(|(_, text)| text.contains("кон")), "the round's word is there to find");
        for (name, text) in &texts {
            let lower = text.to_lowercase();
            assert!(!lower.contains("раунд"), "{name} calls a round \"раунд\": the app says \"кон\"");
        }
        let round = translate(Language::Russian, "store-history-round", &[("round", FluentValue::from(3))]);
        assert_eq!(round, "Кон 3");
    }

    #[test]
    fn a_missing_message_shows_its_key() {
        assert_eq!(translate(Language::Russian, "no-such-message", &[]), "no-such-message");
    }
}
