//! A discovery announcement, as any device on the network may send one: the listener decodes
//! the datagram exactly so (`codec::decode_payload`, then the magic is checked).

#![no_main]

use cardtable::net::codec::decode_payload;
use cardtable::net::discovery::Announcement;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|datagram: &[u8]| {
    if let Ok(announcement) = decode_payload::<Announcement>(datagram) {
        let again = postcard::to_allocvec(&announcement).expect("a decoded announcement encodes");
        assert_eq!(decode_payload::<Announcement>(&again).expect("and decodes"), announcement);
        // What the join screen shows of it.
        let _ = (announcement.name.chars().count(), announcement.game.id(), announcement.open_seats, announcement.playing);
    }
});
