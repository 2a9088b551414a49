//! Reading a scenario step by hand: `{"seat": N, "action": "..."}` or `"next-round"`, and for
//! anything else an error that shows both forms (serde's untagged enums can only say that
//! nothing matched).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::{Keyword, Step};
use crate::seat::Seat;

/// What a step may look like, for error messages.
const FORMS: &str = r#"a step is {"seat": N, "action": "..."} or "next-round""#;

/// The most characters of a bad step quoted back in an error.
const QUOTED: usize = 60;

fn quoted(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(QUOTED) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

impl Step {
    /// The step `value` describes.
    ///
    /// # Errors
    /// `value` is neither form of a step; the message says which part is wrong.
    fn from_value(value: &Value) -> Result<Step, String> {
        match value {
            Value::String(word) if word == "next-round" => Ok(Step::Keyword(Keyword::NextRound)),
            Value::Object(fields) => {
                if let Some(extra) = fields.keys().find(|key| !matches!(key.as_str(), "seat" | "action")) {
                    return Err(format!("unknown field `{extra}` in a step; {FORMS}"));
                }
                let seat = fields.get("seat").ok_or_else(|| format!("the step has no `seat`; {FORMS}"))?;
                let seat = seat
                    .as_u64()
                    .and_then(|number| u8::try_from(number).ok())
                    .ok_or_else(|| format!("`seat` must be a seat number from 0, not {}", quoted(seat)))?;
                let action = fields.get("action").ok_or_else(|| format!("the step has no `action`; {FORMS}"))?;
                let action = action.as_str().ok_or_else(|| format!("`action` must be text like \"draw\", not {}", quoted(action)))?;
                Ok(Step::Act { seat: Seat(seat), action: action.to_owned() })
            }
            other => Err(format!("unknown step {}; {FORMS}", quoted(other))),
        }
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Step, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Step::from_value(&value).map_err(D::Error::custom)
    }
}
