//! Issue 30, item 5: names a person can trust at a table. A name that hides or misleads (a
//! right-to-left override, invisible characters, a line separator, a tower of accents) is
//! refused in words; a name that is the host's or another device's is numbered, whatever its
//! case, spaces or width; what everyone reads in the lobby is the normalised name.

use crate::net_support;

use cardtable::net::protocol::{ClientMsg, JoinAs};
use cardtable::net::table::people::ConnId;
use cardtable_engine::{AnyOptions, GameKind};
use net_support::memory::Memory;

#[test]
fn misleading_names_are_refused_and_taken_names_numbered() {
    let mut table = Memory::new(AnyOptions::defaults(GameKind::CrazyEights), 4, 3);
    let refused = ["\u{202E}tsoH", "\u{200B}\u{200B}", "\u{E0041}\u{E0042}", "Ana\u{2028}Host", &format!("Z{}", "\u{301}".repeat(23))];
    for (index, name) in refused.iter().enumerate() {
        let conn = ConnId(100 + index as u64);
        table.join(conn, name, JoinAs::Player);
        assert!(table.devices[&conn].closed, "{name:?} is refused");
    }
    let names = [(1, "  host "), (2, " ANA "), (3, "ana"), (4, "Ａｎａ")];
    for (conn, name) in names {
        table.join(ConnId(conn), name, JoinAs::Player);
        assert!(!table.devices[&ConnId(conn)].closed, "{name:?} is let in");
        table.send(ConnId(conn), ClientMsg::Sit { seat: None });
    }
    let lobby = table.devices[&ConnId(1)].table.lobby.clone().expect("a lobby");
    let seats: Vec<String> = lobby.seats.iter().map(|seat| seat.name.clone()).collect();
    assert_eq!(seats, ["host 2", "ANA", "ana 2", "Ａｎａ 3"], "seated under names nobody else at the table has");
    let everyone: Vec<String> = std::iter::once(lobby.host_name).chain(seats).collect();
    let keys: std::collections::HashSet<String> = everyone.iter().map(|name| cardtable::person_name::key(name)).collect();
    assert_eq!(keys.len(), everyone.len(), "no two read alike: {everyone:?}");
}
