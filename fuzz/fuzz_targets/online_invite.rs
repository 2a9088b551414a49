//! An online table's invite, as anyone may paste one (`net::invite::Invite::from_str`): read
//! strictly and bounded, or refused in words.

#![no_main]

use cardtable::net::invite::{Invite, MAX_ADDRESSES, MAX_INVITE, MAX_RELAYS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    if let Ok(invite) = text.parse::<Invite>() {
        assert!(text.trim().len() <= MAX_INVITE);
        assert!(invite.relays.len() <= MAX_RELAYS && invite.addresses.len() <= MAX_ADDRESSES);
        assert!(!invite.relays.is_empty() || !invite.addresses.is_empty());
        // What a host writes reads back the same.
        let again = invite.to_string();
        assert_eq!(again.parse::<Invite>().as_ref(), Ok(&invite), "{again}");
    } else if let Err(error) = text.parse::<Invite>() {
        // Every refusal is said in words of bounded length (it never echoes a whole invite).
        assert!(error.to_string().len() < 600, "{error}");
    }
});
