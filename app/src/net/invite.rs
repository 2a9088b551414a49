//! An online table's invite: one line of text a host hands its friends, in any chat.
//!
//! `cardtable:join?key=<64 hex digits>&code=K7QM-2XPA&relay=https://relay.example/&addr=203.0.113.7:47476`
//!
//! - `key`: the host's public key (its iroh endpoint id), which the connection proves: a guest
//!   holding the invite cannot be answered by anyone else;
//! - `code`: the short code derived from the key (its first 40 bits, like a LAN join code), to
//!   read aloud: a guest that types the code it heard catches an invite changed on its way;
//! - `relay` (up to [`MAX_RELAYS`]) and `addr` (up to [`MAX_ADDRESSES`]): where the host may be
//!   reached, through a relay server or directly; at least one of either;
//! - `seat` (optional, `seat=482913`): the table's seat code, so a friend with the link sits
//!   without typing it (the link is the proof that the host sent it).
//!
//! The invite is read strictly (it comes from outside): bounded in length and in every list,
//! every field known and given once, the code checked against the key. It needs nothing of
//! iroh, so the fuzz target reads it without building the online stack.

use std::fmt;
use std::net::SocketAddr;
use std::str::FromStr;

use super::identity::{Fingerprint, JoinCode};
use super::seat_code::SeatCode;

/// What an invite starts with.
pub const SCHEME: &str = "cardtable:join?";

/// The longest invite read, in bytes.
pub const MAX_INVITE: usize = 2048;

/// The most relay URLs an invite carries.
pub const MAX_RELAYS: usize = 4;

/// The most direct addresses an invite carries.
pub const MAX_ADDRESSES: usize = 16;

/// The longest relay URL, in bytes.
pub const MAX_RELAY_URL: usize = 256;

/// Why a text is not an invite.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InviteError {
    /// Longer than any invite.
    #[error("an invite is at most {MAX_INVITE} characters; this text has {0}")]
    TooLong(usize),
    /// It does not start as an invite does.
    #[error("an invite starts with `{SCHEME}`")]
    NotAnInvite,
    /// A field the invite format does not have.
    #[error("the invite has an unknown field `{0}`")]
    UnknownField(String),
    /// A field without `=`.
    #[error("the invite's field `{0}` has no value")]
    NoValue(String),
    /// A field that may appear once appears again.
    #[error("the invite gives `{0}` twice")]
    Twice(&'static str),
    /// A field it must have.
    #[error("the invite has no `{0}`")]
    Missing(&'static str),
    /// The key is not 64 hexadecimal digits.
    #[error("the invite's key is not 64 hexadecimal digits")]
    BadKey,
    /// The code is not a code.
    #[error("the invite's code is not a code like K7QM-2XPA")]
    BadCode,
    /// The code does not belong to the key: the invite was changed or cut.
    #[error("the invite's code {got} does not match its key (whose code is {expected}): the invite was changed or damaged")]
    CodeMismatch {
        /// The key's code.
        expected: JoinCode,
        /// The code written in the invite.
        got: JoinCode,
    },
    /// A relay URL that is not an http(s) URL an invite can carry.
    #[error("the relay `{url}` cannot be used: {reason}")]
    BadRelay {
        /// The URL, cut to [`MAX_RELAY_URL`] bytes.
        url: String,
        /// Why.
        reason: &'static str,
    },
    /// An address that is not `IP:port`.
    #[error("`{0}` is not an address like 203.0.113.7:47476 or [2001:db8::1]:47476")]
    BadAddress(String),
    /// More relays or addresses than an invite carries.
    #[error("an invite carries at most {MAX_RELAYS} relays and {MAX_ADDRESSES} addresses")]
    TooMany,
    /// The seat code is not six digits.
    #[error("the invite's seat code is not six digits")]
    BadSeatCode,
    /// Neither a relay nor an address: nothing to reach the host by.
    #[error("the invite names no relay and no address to reach the host by")]
    Unreachable,
}

/// An online table's invite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    /// The host's public key.
    pub key: [u8; 32],
    /// Relay servers the host is reached through.
    pub relays: Vec<String>,
    /// Addresses the host may be reached at directly.
    pub addresses: Vec<SocketAddr>,
    /// The table's seat code (`seat=482913`), so a friend with the link sits without typing
    /// it; an invite without it lets the guest in to wait for the host's "Let in".
    pub seat: Option<SeatCode>,
}

impl Invite {
    /// An invite for the host `key`, reached through `relays` and at `addresses` (each list
    /// cut to what an invite carries).
    ///
    /// # Errors
    /// A relay URL an invite cannot carry, or neither a relay nor an address.
    pub fn new(key: [u8; 32], relays: &[String], addresses: &[SocketAddr]) -> Result<Invite, InviteError> {
        for relay in relays {
            check_relay(relay)?;
        }
        let relays: Vec<String> = relays.iter().take(MAX_RELAYS).cloned().collect();
        let addresses: Vec<SocketAddr> = addresses.iter().take(MAX_ADDRESSES).copied().collect();
        if relays.is_empty() && addresses.is_empty() {
            return Err(InviteError::Unreachable);
        }
        Ok(Invite { key, relays, addresses, seat: None })
    }

    /// This invite carrying the table's seat code.
    #[must_use]
    pub fn with_seat(mut self, seat: SeatCode) -> Invite {
        self.seat = Some(seat);
        self
    }

    /// The host's identity, as known hosts keep it.
    #[must_use]
    pub fn host(&self) -> Fingerprint {
        Fingerprint(self.key)
    }

    /// The code to read aloud.
    #[must_use]
    pub fn code(&self) -> JoinCode {
        self.host().join_code()
    }
}

impl fmt::Display for Invite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{SCHEME}key={}&code={}", hex::encode(self.key), self.code())?;
        for relay in &self.relays {
            write!(f, "&relay={relay}")?;
        }
        for address in &self.addresses {
            write!(f, "&addr={address}")?;
        }
        if let Some(seat) = self.seat {
            write!(f, "&seat={}", seat.digits())?;
        }
        Ok(())
    }
}

impl FromStr for Invite {
    type Err = InviteError;

    fn from_str(text: &str) -> Result<Invite, InviteError> {
        let text = text.trim();
        if text.len() > MAX_INVITE {
            return Err(InviteError::TooLong(text.len()));
        }
        let fields = text.strip_prefix(SCHEME).ok_or(InviteError::NotAnInvite)?;
        let mut key = None;
        let mut code = None;
        let mut relays = Vec::new();
        let mut addresses = Vec::new();
        let mut seat = None;
        for field in fields.split('&') {
            let (name, value) = field.split_once('=').ok_or_else(|| InviteError::NoValue(cut(field, 32)))?;
            match name {
                "key" => {
                    let mut bytes = [0; 32];
                    hex::decode_to_slice(value, &mut bytes).map_err(|_| InviteError::BadKey)?;
                    once(&mut key, bytes, "key")?;
                }
                "code" => once(&mut code, value.parse::<JoinCode>().map_err(|_| InviteError::BadCode)?, "code")?,
                "relay" => {
                    check_relay(value)?;
                    push_bounded(&mut relays, value.to_owned(), MAX_RELAYS)?;
                }
                "addr" => {
                    let address = value.parse().map_err(|_| InviteError::BadAddress(cut(value, 64)))?;
                    push_bounded(&mut addresses, address, MAX_ADDRESSES)?;
                }
                "seat" => once(&mut seat, value.parse::<SeatCode>().map_err(|_| InviteError::BadSeatCode)?, "seat")?,
                other => return Err(InviteError::UnknownField(cut(other, 32))),
            }
        }
        let invite = Invite { key: key.ok_or(InviteError::Missing("key"))?, relays, addresses, seat };
        let got = code.ok_or(InviteError::Missing("code"))?;
        if got != invite.code() {
            return Err(InviteError::CodeMismatch { expected: invite.code(), got });
        }
        if invite.relays.is_empty() && invite.addresses.is_empty() {
            return Err(InviteError::Unreachable);
        }
        Ok(invite)
    }
}

/// Keeps `value` in `slot` unless the field was given before.
fn once<T>(slot: &mut Option<T>, value: T, name: &'static str) -> Result<(), InviteError> {
    if slot.replace(value).is_some() { Err(InviteError::Twice(name)) } else { Ok(()) }
}

fn push_bounded<T>(list: &mut Vec<T>, value: T, most: usize) -> Result<(), InviteError> {
    if list.len() == most {
        return Err(InviteError::TooMany);
    }
    list.push(value);
    Ok(())
}

/// At most `most` bytes of `text` (on a character boundary), to name it in an error.
fn cut(text: &str, most: usize) -> String {
    let mut end = text.len().min(most);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

/// A relay URL an invite can carry: http or https, a host, and only characters that need no
/// escaping inside the invite (no `&`, `=`, `#`, `%`, spaces or controls). Settings' relay
/// list is checked the same way, since its URLs go into invites.
///
/// # Errors
/// The URL is too long, not http(s), names no host, or holds a character an invite cannot carry.
pub fn check_relay(url: &str) -> Result<(), InviteError> {
    let bad = |reason| Err(InviteError::BadRelay { url: cut(url, MAX_RELAY_URL), reason });
    if url.len() > MAX_RELAY_URL {
        return bad("it is longer than 256 characters");
    }
    let Some(rest) = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://")) else {
        return bad("it is not an http or https URL");
    };
    if rest.is_empty() || rest.starts_with('/') {
        return bad("it names no host");
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-._~:/[]@!$'()*+,;".contains(c);
    if !url.chars().all(allowed) {
        return bad("it holds a character an invite cannot carry");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Invite {
        Invite::new(
            [7; 32],
            &["https://relay.example.org./".to_owned()],
            &["203.0.113.7:47476".parse().expect("v4"), "[2001:db8::1]:9".parse().expect("v6")],
        )
        .expect("an invite")
    }

    #[test]
    fn an_invite_reads_back_as_written() {
        let invite = sample();
        let text = invite.to_string();
        assert!(text.starts_with("cardtable:join?key=0707"), "{text}");
        assert!(text.contains(&format!("code={}", invite.code())), "{text}");
        assert_eq!(text.parse::<Invite>(), Ok(invite.clone()));
        assert_eq!(format!("  {text}\n").parse::<Invite>(), Ok(invite.clone()), "pasted with spaces round it");
        let seated = invite.with_seat("007 123".parse().expect("a code"));
        let text = seated.to_string();
        assert!(text.ends_with("&seat=007123"), "{text}");
        assert_eq!(text.parse::<Invite>(), Ok(seated));
    }

    #[test]
    fn a_changed_or_damaged_invite_is_refused_in_words() {
        let text = sample().to_string();
        let other_key = text.replacen("key=07", "key=08", 1);
        assert!(matches!(other_key.parse::<Invite>(), Err(InviteError::CodeMismatch { .. })), "a changed key no longer fits its code");
        let cases = [
            ("https://example.org/", InviteError::NotAnInvite),
            (&text.replacen("key=", "kee=", 1), InviteError::UnknownField("kee".to_owned())),
            (&format!("{text}&code={}", sample().code()), InviteError::Twice("code")),
            (&format!("{text}&addr"), InviteError::NoValue("addr".to_owned())),
            (&format!("{text}&addr=nowhere"), InviteError::BadAddress("nowhere".to_owned())),
            (&format!("{text}&seat=12345"), InviteError::BadSeatCode),
            (&format!("{text}&seat=123456&seat=123456"), InviteError::Twice("seat")),
            (&text.replacen("key=07", "key=zz", 1), InviteError::BadKey),
            (&format!("{SCHEME}key={}", hex::encode([7; 32])), InviteError::Missing("code")),
            (&format!("{SCHEME}key={}&code={}", hex::encode([7; 32]), sample().code()), InviteError::Unreachable),
        ];
        for (text, expected) in cases {
            assert_eq!(text.parse::<Invite>(), Err(expected), "{text}");
        }
        let relay = format!("{text}&relay=ftp://x");
        assert!(matches!(relay.parse::<Invite>(), Err(InviteError::BadRelay { .. })), "{relay}");
        let relay = format!("{text}&relay=https://x/?a%3d");
        assert!(matches!(relay.parse::<Invite>(), Err(InviteError::BadRelay { .. })), "{relay}");
    }

    #[test]
    fn an_invite_is_bounded_in_length_and_in_every_list() {
        let text = sample().to_string();
        let long = format!("{text}&addr={}", "1".repeat(MAX_INVITE));
        assert_eq!(long.parse::<Invite>(), Err(InviteError::TooLong(long.len())));
        let many_relays = format!("{text}{}", "&relay=https://r.example/".repeat(MAX_RELAYS));
        assert_eq!(many_relays.parse::<Invite>(), Err(InviteError::TooMany));
        let many_addresses = format!("{text}{}", "&addr=10.0.0.1:1".repeat(MAX_ADDRESSES - 1));
        assert_eq!(many_addresses.parse::<Invite>(), Err(InviteError::TooMany));
        let huge_relay = format!("https://{}", "r".repeat(MAX_RELAY_URL));
        assert!(matches!(Invite::new([1; 32], &[huge_relay], &[]), Err(InviteError::BadRelay { .. })));
    }
}
