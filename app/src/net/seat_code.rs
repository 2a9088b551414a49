//! A table's seat code (issue 30): six digits drawn when the table opens and shown big on the
//! host's screen, never announced and never derived from the host's identity, so knowing it
//! shows that a guest saw the host's screen (or was sent the invite, which carries it). Sitting
//! needs it, or the host's "Let in". The join code, by contrast, is derived from the host's
//! certificate, which discovery announces: anyone on the network can compute it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Digits in a seat code.
pub const SEAT_CODE_DIGITS: usize = 6;

/// One more than the largest seat code (10^6).
const SEAT_CODE_SPACE: u32 = 1_000_000;

/// Why a text is not a seat code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatCodeError {
    /// Not six digits (spaces and dashes between them are fine).
    #[error("a seat code is six digits, like 482 913")]
    NotSixDigits,
}

/// A table's seat code, 000 000 to 999 999 (shown as `482 913`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct SeatCode(u32);

impl SeatCode {
    /// A fresh code from the operating system's random source.
    ///
    /// # Errors
    /// The system has no random source.
    pub fn generate() -> Result<SeatCode, getrandom::Error> {
        // Rejection sampling keeps every code equally likely (2^32 is not a multiple of 10^6).
        let limit = u32::MAX - u32::MAX % SEAT_CODE_SPACE;
        loop {
            let value = getrandom::u32()?;
            if value < limit {
                return Ok(SeatCode(value % SEAT_CODE_SPACE));
            }
        }
    }

    /// The code with this number, if it has at most six digits.
    #[must_use]
    pub fn from_number(number: u32) -> Option<SeatCode> {
        (number < SEAT_CODE_SPACE).then_some(SeatCode(number))
    }

    /// The code as six digits without a space, as an invite writes it.
    #[must_use]
    pub fn digits(self) -> String {
        format!("{:06}", self.0)
    }
}

impl TryFrom<u32> for SeatCode {
    type Error = SeatCodeError;

    fn try_from(number: u32) -> Result<SeatCode, SeatCodeError> {
        SeatCode::from_number(number).ok_or(SeatCodeError::NotSixDigits)
    }
}

impl From<SeatCode> for u32 {
    fn from(code: SeatCode) -> u32 {
        code.0
    }
}

impl fmt::Display for SeatCode {
    // Two groups of three, as a person reads a code aloud.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:03} {:03}", self.0 / 1000, self.0 % 1000)
    }
}

impl fmt::Debug for SeatCode {
    // A seat code is a credential of the table: logs show only that there is one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatCode(..)")
    }
}

impl FromStr for SeatCode {
    type Err = SeatCodeError;

    /// Six digits; spaces and dashes between them are ignored (a person types `482 913` or
    /// `482-913`).
    fn from_str(text: &str) -> Result<SeatCode, SeatCodeError> {
        let mut number = 0u32;
        let mut digits = 0;
        for character in text.trim().chars() {
            match character {
                ' ' | '-' => {}
                digit @ '0'..='9' if digits < SEAT_CODE_DIGITS => {
                    number = number * 10 + digit.to_digit(10).unwrap_or(0);
                    digits += 1;
                }
                _ => return Err(SeatCodeError::NotSixDigits),
            }
        }
        if digits == SEAT_CODE_DIGITS { Ok(SeatCode(number)) } else { Err(SeatCodeError::NotSixDigits) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_as_typed_and_show_in_two_groups() {
        let code: SeatCode = "482 913".parse().expect("a code");
        assert_eq!(code.to_string(), "482 913");
        assert_eq!(code.digits(), "482913");
        assert_eq!("482-913".parse::<SeatCode>(), Ok(code));
        assert_eq!(" 482913 ".parse::<SeatCode>(), Ok(code));
        assert_eq!("007 001".parse::<SeatCode>().map(SeatCode::digits), Ok("007001".to_owned()));
        for wrong in ["", "48291", "4829134", "48a913", "482_913", "４８２９１３"] {
            assert_eq!(wrong.parse::<SeatCode>(), Err(SeatCodeError::NotSixDigits), "{wrong:?}");
        }
        assert_eq!(SeatCode::from_number(1_000_000), None);
        assert_eq!(format!("{code:?}"), "SeatCode(..)");
    }

    #[test]
    fn generated_codes_differ() {
        let codes: std::collections::HashSet<u32> = (0..32).map(|_| SeatCode::generate().expect("random").0).collect();
        assert!(codes.len() > 30, "32 random codes of a million mostly differ: {}", codes.len());
        assert!(codes.iter().all(|code| *code < SEAT_CODE_SPACE));
    }
}
