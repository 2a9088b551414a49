//! A discovery announcement, as any device on the network may send one: the listener reads the
//! datagram exactly so (`announcement::open`: layout, magic, the certificate's hash, the sender's
//! address; then `Unchecked::verify`: the signature against the certificate carried).

#![no_main]

use std::net::{IpAddr, Ipv4Addr};

use cardtable::net::announcement::open;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|datagram: &[u8]| {
    let from = IpAddr::V4(Ipv4Addr::LOCALHOST);
    if let Ok(unchecked) = open(datagram, from) {
        let _ = unchecked.sequence();
        if let Ok(announcement) = unchecked.verify() {
            // What the join screen shows of it.
            let _ = (announcement.name.chars().count(), announcement.game.id(), announcement.open_seats, announcement.playing);
        }
    }
});
