//! Versioned files: every file the store writes is a JSON envelope naming its kind and schema
//! version around the data. Reading tells current, older (migrated step by step, as
//! [`Document::migrate`] says) and newer files apart, and names the damage of a bad file.

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A kind of file the store keeps.
pub trait Document: Serialize + DeserializeOwned {
    /// The kind written into every file of this type (`profiles`), so a file put in the wrong
    /// place is recognised.
    const KIND: &'static str;
    /// The schema version this build writes.
    const SCHEMA: u32;
    /// The largest file of this kind read: a bigger one is damage, set aside unread (a file
    /// that never ends, or fills the memory, must not hang or kill the start).
    const MAX_BYTES: u64 = 16 * 1024 * 1024;

    /// Checks what the types cannot say (seat counts, ids, lengths that must agree), so that no
    /// use of a value read from a file can panic.
    ///
    /// # Errors
    /// What makes no sense, in words.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }

    /// Upgrades `data` of schema `from` to schema `from + 1`.
    ///
    /// # Errors
    /// The data does not have the shape schema `from` had.
    fn migrate(from: u32, data: Value) -> Result<Value, String> {
        let _ = data;
        Err(format!("no migration from format {from}"))
    }

    /// Whether the original of an upgraded file may go, now that the upgraded file, written,
    /// read back as `reread` (this is the upgraded value). No by default: the original is kept
    /// beside it (`name.v<from>.json`). Only a kind whose files are many and large says yes,
    /// and only when nothing was lost.
    fn original_redundant(&self, reread: &Self) -> bool {
        let _ = reread;
        false
    }
}

/// How every file of `T` written by this build begins (the envelope's header, as [`encode`]
/// writes it), so a file already in the current format is told apart by its first bytes.
#[must_use]
pub fn current_header<T: Document>() -> String {
    header(T::KIND, T::SCHEMA)
}

/// How a file of `kind` and `schema` written by [`encode`] (of this or an earlier build) begins.
#[must_use]
pub fn header(kind: &str, schema: u32) -> String {
    format!("{{\n  \"cardtable\": \"{kind}\",\n  \"schema\": {schema},\n")
}

#[derive(Serialize)]
struct EnvelopeOut<'a, T> {
    cardtable: &'a str,
    schema: u32,
    data: &'a T,
}

#[derive(Deserialize)]
struct EnvelopeIn<T> {
    cardtable: String,
    schema: u32,
    data: T,
}

/// How a file is damaged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Damage {
    /// The file is gone although its backup is there.
    #[error("the file is missing")]
    Missing,
    /// The file has no bytes (or only whitespace).
    #[error("the file is empty")]
    Empty,
    /// The file ends in the middle of its data.
    #[error("the file is cut short ({0})")]
    Truncated(String),
    /// The file is not JSON.
    #[error("the file is not readable data ({0})")]
    Garbage(String),
    /// The file is JSON but not a Cardtable file of this kind.
    #[error("the file is not a Cardtable {expected} file (it says {found:?})")]
    WrongKind {
        /// The kind expected here.
        expected: &'static str,
        /// The kind the file names, if any.
        found: String,
    },
    /// The file is larger than any file of its kind can be; it was not read.
    #[error("the file is too large ({size} bytes; at most {limit} are read)")]
    TooLarge {
        /// Its size in bytes.
        size: u64,
        /// The most read of a file of this kind.
        limit: u64,
    },
    /// The file names the right kind but its data does not fit the format (or makes no sense
    /// in it: [`Document::check`]).
    #[error("the data does not fit format {schema}: {reason}")]
    Shape {
        /// The schema the file claims.
        schema: u32,
        /// What did not fit.
        reason: String,
    },
}

/// A file that was read.
#[derive(Debug, Clone, PartialEq)]
pub enum Decoded<T> {
    /// Written in this build's schema.
    Current(T),
    /// Written in an older schema and upgraded in memory.
    Migrated {
        /// The upgraded data.
        value: T,
        /// The schema the file had.
        from: u32,
    },
    /// Written by a newer build. `value` holds what this build could read of it, if anything.
    Newer {
        /// The data, when it still fits this build's types.
        value: Option<T>,
        /// The file's schema.
        found: u32,
    },
}

impl<T> Decoded<T> {
    /// The value, whatever the schema was.
    pub fn into_value(self) -> Option<T> {
        match self {
            Decoded::Current(value) | Decoded::Migrated { value, .. } => Some(value),
            Decoded::Newer { value, .. } => value,
        }
    }
}

/// Nesting depth up to which files are indented; deeper values stay on one line, so a history
/// index has one match per line and a record one step per line: readable, and a third of the
/// size (and parse time) of fully indented JSON.
const INDENTED_LEVELS: usize = 3;

/// JSON indented for its first [`INDENTED_LEVELS`] levels and compact below.
#[derive(Default)]
struct ShallowPretty {
    depth: usize,
    has_value: bool,
}

impl ShallowPretty {
    fn indented(&self) -> bool {
        self.depth <= INDENTED_LEVELS
    }

    fn newline<W: ?Sized + std::io::Write>(writer: &mut W, depth: usize) -> std::io::Result<()> {
        writer.write_all(b"\n")?;
        (0..depth).try_for_each(|_| writer.write_all(b"  "))
    }

    fn open<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, bracket: &[u8]) -> std::io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        writer.write_all(bracket)
    }

    fn close<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, bracket: &[u8]) -> std::io::Result<()> {
        let indented = self.indented();
        self.depth -= 1;
        if self.has_value && indented {
            Self::newline(writer, self.depth)?;
        }
        writer.write_all(bracket)
    }

    fn item<W: ?Sized + std::io::Write>(&self, writer: &mut W, first: bool) -> std::io::Result<()> {
        if !first {
            writer.write_all(b",")?;
        }
        if self.indented() { Self::newline(writer, self.depth) } else { Ok(()) }
    }
}

impl serde_json::ser::Formatter for ShallowPretty {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.open(writer, b"[")
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.close(writer, b"]")
    }

    fn begin_array_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        self.item(writer, first)
    }

    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _writer: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.open(writer, b"{")
    }

    fn end_object<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.close(writer, b"}")
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        self.item(writer, first)
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        writer.write_all(if self.indented() { b": " } else { b":" })
    }

    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _writer: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// `value` in an envelope of `T`'s kind and schema, indented for reading (see
/// [`INDENTED_LEVELS`]).
///
/// # Errors
/// The value cannot be represented in JSON (a map with non-string keys: a bug).
pub fn encode<T: Document>(value: &T) -> Result<Vec<u8>, serde_json::Error> {
    let mut bytes = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut bytes, ShallowPretty::default());
    EnvelopeOut { cardtable: T::KIND, schema: T::SCHEMA, data: value }.serialize(&mut serializer)?;
    bytes.push(b'\n');
    Ok(bytes)
}

fn syntax_damage(error: &serde_json::Error) -> Damage {
    if error.is_eof() { Damage::Truncated(error.to_string()) } else { Damage::Garbage(error.to_string()) }
}

/// Reads a file's bytes as a `T`, migrating older schemas.
///
/// # Errors
/// The damage that makes the bytes unreadable.
pub fn decode<T: Document>(bytes: &[u8]) -> Result<Decoded<T>, Damage> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Damage::Empty);
    }
    // A first pass reads only the header (the data is skipped, not built), so a current file
    // is then parsed once straight into its types.
    let header: EnvelopeIn<IgnoredAny> = serde_json::from_slice(bytes).map_err(|error| match error.classify() {
        serde_json::error::Category::Data => Damage::WrongKind { expected: T::KIND, found: "no Cardtable header".to_owned() },
        _ => syntax_damage(&error),
    })?;
    if header.cardtable != T::KIND {
        return Err(Damage::WrongKind { expected: T::KIND, found: header.cardtable });
    }
    let shape = |error: serde_json::Error| Damage::Shape { schema: header.schema, reason: error.to_string() };
    let checked = |value: T| value.check().map(|()| value).map_err(|reason| Damage::Shape { schema: header.schema, reason });
    match header.schema.cmp(&T::SCHEMA) {
        std::cmp::Ordering::Equal => {
            let envelope: EnvelopeIn<T> = serde_json::from_slice(bytes).map_err(shape)?;
            Ok(Decoded::Current(checked(envelope.data)?))
        }
        std::cmp::Ordering::Greater => {
            // What a newer file holds that makes no sense here is not read, as if it did not fit.
            let value = serde_json::from_slice::<EnvelopeIn<T>>(bytes).ok().and_then(|envelope| checked(envelope.data).ok());
            Ok(Decoded::Newer { value, found: header.schema })
        }
        std::cmp::Ordering::Less => {
            let envelope: EnvelopeIn<Value> = serde_json::from_slice(bytes).map_err(shape)?;
            if envelope.schema == 0 {
                return Err(Damage::Shape { schema: 0, reason: "format 0 never existed".to_owned() });
            }
            let mut data = envelope.data;
            for from in envelope.schema..T::SCHEMA {
                data = T::migrate(from, data).map_err(|reason| Damage::Shape { schema: from, reason })?;
            }
            let value = serde_json::from_value(data).map_err(shape)?;
            Ok(Decoded::Migrated { value: checked(value)?, from: header.schema })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Tally {
        count: u32,
        label: String,
    }

    impl Document for Tally {
        const KIND: &'static str = "tally";
        const SCHEMA: u32 = 2;
        fn migrate(from: u32, mut data: Value) -> Result<Value, String> {
            match from {
                1 => {
                    let object = data.as_object_mut().ok_or("not an object")?;
                    object.insert("label".into(), Value::String("migrated".into()));
                    Ok(data)
                }
                _ => Err(format!("no migration from {from}")),
            }
        }
    }

    #[test]
    fn files_are_indented_at_the_top_and_compact_below() {
        let text = String::from_utf8(encode(&Tally { count: 3, label: "x".into() }).expect("encodes")).expect("UTF-8");
        assert!(text.starts_with(&current_header::<Tally>()), "{text}");
        assert_eq!(
            text,
            "{\n  \"cardtable\": \"tally\",\n  \"schema\": 2,\n  \"data\": {\n    \"count\": 3,\n    \"label\": \"x\"\n  }\n}\n"
        );
        let deep = serde_json::json!({ "a": [[1, [2, 3]], {"b": {"c": [4]}}], "e": [] });
        let mut bytes = Vec::new();
        deep.serialize(&mut serde_json::Serializer::with_formatter(&mut bytes, ShallowPretty::default())).expect("encodes");
        let back: Value = serde_json::from_slice(&bytes).expect("valid JSON");
        assert_eq!(back, deep);
        let text = String::from_utf8(bytes).expect("UTF-8");
        assert!(text.contains("[2,3]") && text.contains(r#"{"c":[4]}"#), "values below the third level stay on one line: {text}");
    }

    #[test]
    fn a_current_file_round_trips_and_older_ones_migrate() {
        let tally = Tally { count: 3, label: "x".into() };
        let bytes = encode(&tally).expect("encodes");
        assert_eq!(decode::<Tally>(&bytes), Ok(Decoded::Current(tally)));
        let old = br#"{"cardtable":"tally","schema":1,"data":{"count":5}}"#;
        assert_eq!(decode::<Tally>(old), Ok(Decoded::Migrated { value: Tally { count: 5, label: "migrated".into() }, from: 1 }));
    }

    #[test]
    fn newer_files_are_recognised_and_read_when_they_still_fit() {
        let newer = br#"{"cardtable":"tally","schema":9,"data":{"count":5,"label":"y","extra":true}}"#;
        assert_eq!(decode::<Tally>(newer), Ok(Decoded::Newer { value: Some(Tally { count: 5, label: "y".into() }), found: 9 }));
        let changed = br#"{"cardtable":"tally","schema":9,"data":{"total":5}}"#;
        assert_eq!(decode::<Tally>(changed), Ok(Decoded::Newer { value: None, found: 9 }));
    }

    #[test]
    fn each_kind_of_damage_is_named() {
        let good = encode(&Tally { count: 1, label: "z".into() }).expect("encodes");
        assert_eq!(decode::<Tally>(b""), Err(Damage::Empty));
        assert_eq!(decode::<Tally>(b"  \n"), Err(Damage::Empty));
        assert!(matches!(decode::<Tally>(&good[..good.len() / 2]), Err(Damage::Truncated(_))));
        assert!(matches!(decode::<Tally>(b"\x00\xffPK\x03garbage"), Err(Damage::Garbage(_))));
        assert!(matches!(decode::<Tally>(br#"{"cardtable":"other","schema":2,"data":{}}"#), Err(Damage::WrongKind { .. })));
        assert!(matches!(decode::<Tally>(br#"[1,2,3]"#), Err(Damage::WrongKind { .. })));
        assert!(matches!(decode::<Tally>(br#"{"cardtable":"tally","schema":2,"data":{"count":"three"}}"#), Err(Damage::Shape { .. })));
        assert!(matches!(decode::<Tally>(br#"{"cardtable":"tally","schema":0,"data":{}}"#), Err(Damage::Shape { .. })));
    }
}
