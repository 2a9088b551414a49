//! The LAN host's table fed decoded client messages directly, without a network: the real
//! `TableCore` behind the in-memory driver of the LAN tests (`app/tests/it/net_support`), whose
//! leak check is the oracle: every frame the table makes for a device is encoded, decoded and
//! checked to show no card that device may not know. Devices join in the lobby only: a device
//! joining during a match is sent earlier events and rounds' results (which reveal those
//! rounds' hands by design) that the check, judging by what is known now, cannot judge. The
//! input picks the game and table, then
//! a list of operations: a device's message (decoded from the input's bytes as the host decodes
//! a frame), a Hello, a legitimate move by the guests and bots, a dropped connection, time.

#![no_main]

// The LAN tests' own leak check and in-memory table, shared rather than copied (`memory`
// reaches the check as `super::leak`).
#[allow(dead_code)]
#[path = "../../app/tests/it/net_support/leak.rs"]
mod leak;
#[allow(dead_code)]
#[path = "../../app/tests/it/net_support/memory.rs"]
mod memory;

use std::time::Duration;

use cardtable::net::codec::decode_payload;
use cardtable::net::protocol::{ClientMsg, Hello, JoinAs, PROTOCOL_VERSION};
use cardtable::net::table::people::ConnId;
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameKind};
use libfuzzer_sys::fuzz_target;
use memory::{Memory, Policy};

/// The input, read a byte or a slice at a time (zeros once it runs out).
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&first, rest)) = self.0.split_first() else { return 0 };
        self.0 = rest;
        first
    }

    fn slice(&mut self, most: usize) -> &[u8] {
        let len = usize::from(self.byte()) % (most + 1);
        let (taken, rest) = self.0.split_at(len.min(self.0.len()));
        self.0 = rest;
        taken
    }
}

/// The guests' devices: four slots (0 is the host's own device), each on a connection that
/// is never reused once closed, as the transport numbers them.
#[derive(Default)]
struct Devices {
    conns: [u64; 5],
    joined: [bool; 5],
}

impl Devices {
    fn slot(byte: u8) -> usize {
        1 + usize::from(byte % 4)
    }

    fn conn(&self, slot: usize) -> ConnId {
        ConnId(self.conns[slot] * 8 + slot as u64)
    }
}

fuzz_target!(|bytes: &[u8]| {
    let mut input = Input(bytes);
    let kind = GameKind::ALL[usize::from(input.byte()) % GameKind::ALL.len()];
    let options = AnyOptions::defaults(kind);
    let range = options.seat_range();
    let (fewest, most) = (*range.start(), (*range.end()).min(6));
    let seats = fewest + usize::from(input.byte()) % (most - fewest + 1);
    let setup = input.byte();
    let mut table = Memory::new(options, seats, u64::from(setup));
    table.policy = Policy::EagerRandom;
    // The transport hands the table a device's messages only after its Hello.
    let mut devices = Devices::default();
    if setup & 1 == 1 {
        let guests = 1 + usize::from(setup >> 1) % seats.min(3);
        let spectator = setup & 0x80 != 0;
        table.seat_and_start(usize::from(setup >> 3) % seats, guests, BotLevel::Random, spectator);
        devices.joined.iter_mut().take(1 + guests + usize::from(spectator)).skip(1).for_each(|slot| *slot = true);
    }
    // Each operation costs a few bytes; a bound keeps every input quick (every move makes a
    // frame for each device, and each frame is leak-checked: a long input is a slow one).
    for _ in 0..40 {
        if input.0.is_empty() {
            break;
        }
        let op = input.byte();
        match op % 6 {
            0 | 1 => {
                let slot = Devices::slot(op >> 3);
                // A connection the table closed carries nothing more.
                let open = devices.joined[slot] && !table.devices.get(&devices.conn(slot)).is_some_and(|device| device.closed);
                if let Ok(message) = decode_payload::<ClientMsg>(input.slice(48))
                    && open
                {
                    table.send(devices.conn(slot), message);
                }
            }
            2 => {
                let hello = decode_payload::<Hello>(input.slice(48)).unwrap_or_else(|_| Hello {
                    version: PROTOCOL_VERSION,
                    name: format!("Guest {}", Devices::slot(op >> 3)),
                    join_as: if op & 0x80 == 0 { JoinAs::Player } else { JoinAs::Spectator },
                    resume: None,
                    seat_code: Some(memory::test_seat_code()),
                });
                let slot = Devices::slot(op >> 3);
                // Joining during a match is left out: the catch-up it gets replays earlier
                // events (and earlier rounds' results) that were visible when they happened, and
                // the leak check can only judge a frame by what its viewer may know now.
                if !devices.joined[slot] && table.core.host().is_none() {
                    devices.joined[slot] = true;
                    let effects = table.core.join(devices.conn(slot), hello, table.clock);
                    table.deliver(effects);
                }
            }
            3 => {
                // One to four moves: the corpus grows longer matches out of short steps.
                for _ in 0..=(op >> 6) {
                    table.step();
                }
            }
            4 => {
                let slot = Devices::slot(op >> 3);
                if devices.joined[slot] {
                    devices.joined[slot] = false;
                    let effects = table.core.disconnected(devices.conn(slot), table.clock);
                    table.deliver(effects);
                    devices.conns[slot] += 1;
                }
            }
            _ => {
                table.clock += Duration::from_secs(u64::from(op >> 3) * 8);
                let effects = table.core.tick(table.clock);
                table.deliver(effects);
            }
        }
    }
});
