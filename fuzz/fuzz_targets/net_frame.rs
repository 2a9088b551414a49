//! The network frame and every message a device decodes from one: a guest's Hello and
//! messages (what a host reads from any device on the network) and the host's Welcome and
//! messages (what a guest reads). Whatever decodes must encode again and decode to the same.

#![no_main]

use cardtable::net::codec::{HEADER_LEN, decode_frame, encode_frame, payload_len, peek_version};
use cardtable::net::protocol::{ClientMsg, Hello, HostMsg, Welcome};
use libfuzzer_sys::fuzz_target;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Decodes `bytes` as a frame of `T`; a message that decodes survives a round trip.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(bytes: &[u8]) {
    if let Ok((message, used)) = decode_frame::<T>(bytes) {
        assert!(used <= bytes.len());
        let frame = encode_frame(&message).expect("a decoded message encodes");
        let (again, _) = decode_frame::<T>(&frame).expect("an encoded message decodes");
        assert_eq!(again, message);
    }
}

fuzz_target!(|bytes: &[u8]| {
    if let Some(prefix) = bytes.first_chunk::<HEADER_LEN>() {
        let _ = payload_len(*prefix);
        let _ = peek_version(&bytes[HEADER_LEN..]);
    }
    round_trip::<Hello>(bytes);
    round_trip::<ClientMsg>(bytes);
    round_trip::<Welcome>(bytes);
    round_trip::<HostMsg>(bytes);
});
