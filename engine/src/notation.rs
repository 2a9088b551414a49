//! Serde through text notation: cards and actions are stored and sent as the same short text a
//! person types (`QS`, `play 8H S`), so saves, messages and scenarios stay readable.

/// Implements `Serialize` (via `Display`) and `Deserialize` (via `FromStr`) for a type whose
/// text notation is its serialized form.
#[macro_export]
macro_rules! serde_as_notation {
    ($type:ty) => {
        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        $crate::deserialize_from_notation!($type);
    };
}

/// Implements `Deserialize` for a type through its `FromStr` notation (a type that writes its
/// notation some faster way than `Display`, like `Card`, uses this half alone).
#[macro_export]
macro_rules! deserialize_from_notation {
    ($type:ty) => {
        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                let text = <std::borrow::Cow<'de, str> as serde::Deserialize<'de>>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
