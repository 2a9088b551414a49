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

    /// Upgrades `data` of schema `from` to schema `from + 1`.
    ///
    /// # Errors
    /// The data does not have the shape schema `from` had.
    fn migrate(from: u32, data: Value) -> Result<Value, String> {
        let _ = data;
        Err(format!("no migration from format {from}"))
    }
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
    /// The file names the right kind but its data does not fit the format.
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

/// `value` as a pretty-printed envelope of `T`'s kind and schema.
///
/// # Errors
/// The value cannot be represented in JSON (a map with non-string keys: a bug).
pub fn encode<T: Document>(value: &T) -> Result<Vec<u8>, serde_json::Error> {
    let mut bytes = serde_json::to_vec_pretty(&EnvelopeOut { cardtable: T::KIND, schema: T::SCHEMA, data: value })?;
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
    match header.schema.cmp(&T::SCHEMA) {
        std::cmp::Ordering::Equal => {
            let envelope: EnvelopeIn<T> = serde_json::from_slice(bytes).map_err(shape)?;
            Ok(Decoded::Current(envelope.data))
        }
        std::cmp::Ordering::Greater => {
            let value = serde_json::from_slice::<EnvelopeIn<T>>(bytes).ok().map(|envelope| envelope.data);
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
            Ok(Decoded::Migrated { value, from: header.schema })
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
