//! Byte arrays (fingerprints, tokens) as hex text in human-readable files and as raw bytes in
//! frames: `#[serde(with = "hex_bytes")]`.

use std::borrow::Cow;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes `bytes` as lower-case hex for text formats, as bytes otherwise.
///
/// # Errors
/// The serializer's own errors.
pub fn serialize<S: Serializer, const N: usize>(bytes: &[u8; N], serializer: S) -> Result<S::Ok, S::Error>
where
    [u8; N]: Serialize,
{
    if serializer.is_human_readable() { serializer.serialize_str(&hex::encode(bytes)) } else { bytes.serialize(serializer) }
}

/// Reads what [`serialize`] wrote.
///
/// # Errors
/// Text that is not exactly `2 * N` hex digits, or the deserializer's own errors.
pub fn deserialize<'de, D: Deserializer<'de>, const N: usize>(deserializer: D) -> Result<[u8; N], D::Error>
where
    [u8; N]: Deserialize<'de>,
{
    if deserializer.is_human_readable() {
        let text = Cow::<str>::deserialize(deserializer)?;
        let mut bytes = [0; N];
        hex::decode_to_slice(text.as_bytes(), &mut bytes).map_err(serde::de::Error::custom)?;
        Ok(bytes)
    } else {
        <[u8; N]>::deserialize(deserializer)
    }
}
