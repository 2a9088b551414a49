//! What clippy cannot ban by module, checked in the screens' source (outside their tests):
//!
//! - **Screens do not write.** No `&mut Store`, none of the store's writing calls, no file IO
//!   in `app/src/ui/`: a screen returns a request and the app applies it after drawing, off
//!   the frame (docs/architecture.md, "ui: never changes a match itself"). A clippy ban of the
//!   store's methods would also ban them in the app layer and the tests that use them rightly.
//! - **Sizes and colours are the theme's.** No literal text size (`.size(22.0)`,
//!   `FontId::proportional(13.0)`) and no `Color32::` outside `ui/theme.rs`, in the screens or
//!   the window (`app.rs`, `app/`). Clippy bans the colour constructors (clippy.toml); this
//!   also catches the constants (`Color32::WHITE`) and the sizes.
//!
//! Every occurrence fails: none is left (the screens' store writes moved to the app, and the
//! screens' sizes and colours to the theme, in issue 27).

use std::path::{Path, PathBuf};

/// A pattern and why it is not wanted.
struct Rule {
    /// The text looked for.
    pattern: &'static str,
    /// Followed by a digit (a literal size), or anything.
    before_digit: bool,
    /// Why it is not wanted where it is found.
    why: &'static str,
}

/// What a screen must not do to the store or the disk.
const WRITES: &[Rule] = &[
    Rule { pattern: "&mut Store", before_digit: false, why: "a screen that can change the store: take `&Store` and return a request" },
    Rule {
        pattern: "&mut crate::store::Store",
        before_digit: false,
        why: "a screen that can change the store: take `&Store` and return a request",
    },
    Rule { pattern: "edit_profiles(", before_digit: false, why: "writes the profiles: return a request, the app writes" },
    Rule {
        pattern: "open_record(",
        before_digit: false,
        why: "reads (and may repair) a record inside the frame: the app does, off the frame",
    },
    Rule { pattern: ".record(", before_digit: false, why: "records a match: the app's keeper does" },
    Rule { pattern: "left_out_of_export(", before_digit: false, why: "changes the history: the app does" },
    Rule { pattern: "save_unfinished(", before_digit: false, why: "writes a save: the app's keeper does" },
    Rule { pattern: "discard_unfinished(", before_digit: false, why: "removes a save: return a request, the app does" },
    Rule { pattern: "save_settings(", before_digit: false, why: "writes settings: return a request, the app writes" },
    Rule { pattern: "save_known(", before_digit: false, why: "writes the known hosts: return a request, the app writes" },
    Rule { pattern: "dismiss_notices(", before_digit: false, why: "changes the store: return a request, the app applies it" },
    Rule { pattern: "export::export(", before_digit: false, why: "runs a whole export inside the frame: the app runs it off the frame" },
    Rule { pattern: "fs::", before_digit: false, why: "file IO in a screen: the store or the app's commands do it, off the frame" },
];

/// Sizes and colours made outside the theme.
const LOOKS: &[Rule] = &[
    Rule { pattern: ".size(", before_digit: true, why: "a literal text size: name it in ui/theme.rs" },
    Rule { pattern: "FontId::proportional(", before_digit: true, why: "a literal text size: name it in ui/theme.rs" },
    Rule { pattern: "FontId::monospace(", before_digit: true, why: "a literal text size: name it in ui/theme.rs" },
    Rule { pattern: "FontId::new(", before_digit: true, why: "a literal text size: name it in ui/theme.rs" },
    Rule { pattern: "Color32::", before_digit: false, why: "a colour outside the theme: name it in ui/theme.rs" },
    Rule { pattern: "Rgba::", before_digit: false, why: "a colour outside the theme: name it in ui/theme.rs" },
    Rule { pattern: "hex_color!", before_digit: false, why: "a colour outside the theme: name it in ui/theme.rs" },
];

/// The crate's `src` folder.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `path` (or `path` itself), sorted.
fn rust_files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_owned()];
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()))
        .flatten()
        .flat_map(|entry| rust_files(&entry.path()))
        .filter(|file| file.extension().is_some_and(|extension| extension == "rs"))
        .collect();
    files.sort();
    files
}

/// `line` without its comment and without the text of its string and character literals (a
/// pattern or a brace in them is not code).
fn bare(line: &str) -> String {
    let mut kept = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => break,
            '"' => {
                // To the closing quote, past escaped ones.
                while let Some(inner) = chars.next() {
                    match inner {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                kept.push_str("\"\"");
            }
            '\'' => {
                // A character literal ('{', '\'', '\u{7b}'), or a lifetime ('a), which is kept.
                let mut ahead = chars.clone();
                let literal = match ahead.next() {
                    Some('\\') => true,
                    Some(_) => ahead.next() == Some('\''),
                    None => false,
                };
                if literal {
                    if chars.next() == Some('\\') {
                        chars.next();
                    }
                    for inner in chars.by_ref() {
                        if inner == '\'' {
                            break;
                        }
                    }
                    kept.push_str("' '");
                } else {
                    kept.push(c);
                }
            }
            _ => kept.push(c),
        }
    }
    kept
}

/// A file's code, line by line (numbered as in the file): comments, literals' text and
/// `#[cfg(test)]` modules blanked.
fn code(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(bare).collect();
    let mut index = 0;
    while index + 1 < lines.len() {
        let opens_tests = lines[index].trim() == "#[cfg(test)]" && lines[index + 1].split_whitespace().any(|word| word == "mod");
        if !opens_tests {
            index += 1;
            continue;
        }
        // Blank the module, from its attribute to the brace that closes it.
        let (mut opens, mut closes) = (0_usize, 0_usize);
        while index < lines.len() {
            let line = std::mem::take(&mut lines[index]);
            opens += line.matches('{').count();
            closes += line.matches('}').count();
            index += 1;
            if opens > 0 && closes >= opens {
                break;
            }
        }
    }
    lines
}

/// Whether `c` may be part of a name.
fn in_name(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Where `rule` is broken in `lines`, by line number. A pattern that starts with a name starts
/// a name (`fs::` is not found in `Prefs::`).
fn found(lines: &[String], rule: &Rule) -> Vec<usize> {
    let starts_name = rule.pattern.starts_with(in_name);
    let mut numbers = Vec::new();
    for (number, line) in (1..).zip(lines) {
        for (at, _) in line.match_indices(rule.pattern) {
            let before = line[..at].chars().next_back();
            let next = line[at + rule.pattern.len()..].chars().next();
            if (!starts_name || !before.is_some_and(in_name)) && (!rule.before_digit || next.is_some_and(|c| c.is_ascii_digit())) {
                numbers.push(number);
            }
        }
    }
    numbers
}

/// Checks `rules` in every file under `roots` (under `app/src`) but `exempt`; the problems found.
fn check(roots: &[&str], exempt: &[&str], rules: &[Rule]) -> Vec<String> {
    let mut problems = Vec::new();
    for file in roots.iter().flat_map(|root| rust_files(&src().join(root))) {
        let name = file.strip_prefix(src()).expect("under src").to_string_lossy().replace('\\', "/");
        if exempt.contains(&name.as_str()) {
            continue;
        }
        let lines = code(&std::fs::read_to_string(&file).unwrap_or_else(|error| panic!("{name}: {error}")));
        for rule in rules {
            let numbers = found(&lines, rule);
            if !numbers.is_empty() {
                let places: Vec<String> = numbers.iter().map(|number| format!("app/src/{name}:{number}")).collect();
                problems.push(format!("`{}` {}: {}", rule.pattern, rule.why, places.join(", ")));
            }
        }
    }
    problems
}

/// No screen writes to the store or the disk.
#[test]
fn screens_do_not_write() {
    let problems = check(&["ui"], &["ui/guard.rs"], WRITES);
    assert!(problems.is_empty(), "screens draw and ask; the app writes:\n{}", problems.join("\n"));
}

/// Text sizes and colours come from the theme.
#[test]
fn sizes_and_colours_come_from_the_theme() {
    let problems = check(&["ui", "app.rs", "app"], &["ui/theme.rs", "ui/guard.rs"], LOOKS);
    assert!(problems.is_empty(), "ui/theme.rs is the one place colours and sizes are defined:\n{}", problems.join("\n"));
}

/// The checks see what they look for, and not in comments or tests.
#[test]
fn the_checks_find_their_patterns() {
    let text = "let a = RichText::new(x).size(22.0); // .size(9.0)\nlet b = x.size(height * 0.5);\n#[cfg(test)]\nmod tests {\n    fn f(store: &mut Store) {}\n}\n";
    let lines = code(text);
    assert_eq!(found(&lines, &LOOKS[0]), [1]);
    assert_eq!(found(&lines, &WRITES[0]), Vec::<usize>::new());
    assert_eq!(found(&code("fn show(store: &mut Store)"), &WRITES[0]), [1]);
    let after = "#[cfg(test)]\nmod tests {\n    const B: char = '{';\n    fn f() { let s = \"}}\"; }\n}\nfn g(store: &mut Store) {}\n";
    assert_eq!(found(&code(after), &WRITES[0]), [6], "code after a test module is checked");
    assert_eq!(found(&code("let s = \"&mut Store\"; fn f<'a>(x: &'a mut Store) {}"), &WRITES[0]), Vec::<usize>::new());
    assert_eq!(bare(r#"let (q, b, u) = ('\'', '{', '\u{7b}'); x.size(1.0)"#), "let (q, b, u) = (' ', ' ', ' '); x.size(1.0)");
    let files = WRITES.iter().find(|rule| rule.pattern == "fs::").expect("the file IO rule");
    assert_eq!(found(&code("std::fs::write(path, bytes); Prefs::load();"), files), [1]);
    assert_eq!(found(&code("Prefs::load();"), files), Vec::<usize>::new());
}
