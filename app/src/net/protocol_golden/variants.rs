//! The variants of a serde enum, read from its own `Deserialize`: serde hands every enum's list
//! of variant names to `deserialize_enum`, so a deserializer that stops there learns them
//! without a sample of each. Postcard writes a variant as its index in that list, so the
//! leading numbers of an encoding say which variant (and which variant inside a newtype
//! variant) a sample is. Together they let the golden test check that it pins every variant,
//! and fail when an enum grows one that no sample shows.

use std::fmt;

use serde::de::value::U32Deserializer;
use serde::de::{self, DeserializeOwned, DeserializeSeed, EnumAccess, IntoDeserializer, VariantAccess, Visitor};

/// Why a probe stopped: the variants it was sent for, or anything else.
#[derive(Debug)]
enum Stop {
    /// The enum at the end of the path, and its variants.
    Found(&'static [&'static str]),
    /// The path led to something else (a struct, a string, a unit variant).
    Other(String),
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Found(variants) => write!(f, "variants {variants:?}"),
            Stop::Other(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Stop {}

impl de::Error for Stop {
    fn custom<T: fmt::Display>(message: T) -> Stop {
        Stop::Other(message.to_string())
    }
}

/// A deserializer that follows `path` (one variant index per enum, each entering that newtype
/// variant) and stops at the next enum with its list of variants.
struct Probe<'a> {
    path: &'a [u32],
}

impl<'de> de::Deserializer<'de> for Probe<'_> {
    type Error = Stop;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Stop> {
        Err(Stop::Other("not an enum".to_owned()))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Stop> {
        match self.path.split_first() {
            None => Err(Stop::Found(variants)),
            Some((&index, rest)) => visitor.visit_enum(Pick { index, rest }),
        }
    }

    fn is_human_readable(&self) -> bool {
        // As postcard: types that write themselves differently for people take the byte path.
        false
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

/// One step of the path: the variant to enter.
struct Pick<'a> {
    index: u32,
    rest: &'a [u32],
}

impl<'de, 'a> EnumAccess<'de> for Pick<'a> {
    type Error = Stop;
    type Variant = Probe<'a>;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Probe<'a>), Stop> {
        let index: U32Deserializer<Stop> = self.index.into_deserializer();
        Ok((seed.deserialize(index)?, Probe { path: self.rest }))
    }
}

impl<'de> VariantAccess<'de> for Probe<'_> {
    type Error = Stop;

    fn unit_variant(self) -> Result<(), Stop> {
        Err(Stop::Other("a unit variant holds no enum".to_owned()))
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, Stop> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value, Stop> {
        Err(Stop::Other("the probe enters newtype variants only".to_owned()))
    }

    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], _visitor: V) -> Result<V::Value, Stop> {
        Err(Stop::Other("the probe enters newtype variants only".to_owned()))
    }
}

/// The variant names of the enum reached from `T` by `path`: `&[]` for `T`'s own, `&[2]` for
/// the enum inside `T`'s third (newtype) variant.
///
/// # Panics
/// The path does not lead to an enum.
pub(super) fn variants<T: DeserializeOwned>(path: &[u32]) -> &'static [&'static str] {
    match T::deserialize(Probe { path }) {
        Err(Stop::Found(variants)) => variants,
        Err(Stop::Other(message)) => panic!("{} {path:?} is not an enum: {message}", std::any::type_name::<T>()),
        Ok(_) => panic!("{} {path:?} deserialized from nothing", std::any::type_name::<T>()),
    }
}

/// The first `count` numbers of a postcard encoding (unsigned varints): for an enum, its
/// variant's index, then (for a newtype variant holding an enum) the inner variant's index.
///
/// # Panics
/// The bytes end before `count` numbers.
pub(super) fn leading_indices(mut bytes: &[u8], count: usize) -> Vec<u32> {
    let mut indices = Vec::with_capacity(count);
    for _ in 0..count {
        let (index, rest) = postcard::take_from_bytes::<u32>(bytes).expect("an encoding that opens with a variant index");
        indices.push(index);
        bytes = rest;
    }
    indices
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::protocol::HostMsg;
    use cardtable_engine::{AnyEvent, Audience, Seat};

    /// The probe reads an enum's variants in order, and those of an enum inside a variant.
    #[test]
    fn the_probe_names_variants_in_their_order() {
        assert_eq!(variants::<Audience>(&[]), ["all", "only", "all_but"]);
        assert_eq!(variants::<HostMsg>(&[])[0], "Lobby");
        let crazy_eights = variants::<AnyEvent>(&[0]);
        assert_eq!(crazy_eights[0], "round_started");
        let encoded = postcard::to_allocvec(&Audience::AllBut(Seat(3))).expect("encodes");
        assert_eq!(leading_indices(&encoded, 1), [2]);
    }
}
