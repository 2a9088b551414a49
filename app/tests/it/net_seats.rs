//! Issue 30, items 1 and 3, on the real table core without sockets (its clock is the test's):
//! seats held by silent devices, a reopened seat raced by a script, a person let go under
//! churn, a seated device reconnecting as fast as it can. Each test reproduces the attack as
//! the issue measured it; `net_hostile` tries them over QUIC.

use crate::net_support;

use std::time::Duration;

use cardtable::net::protocol::{ClientMsg, JoinAs, LobbyProblem, Refusal};
use cardtable::net::table::Effect;
use cardtable::net::table::people::ConnId;
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameKind, Seat};
use net_support::memory::Memory;

/// A Crazy Eights table of `seats` open seats in its lobby.
fn lobby(seats: usize) -> Memory {
    Memory::new(AnyOptions::defaults(GameKind::CrazyEights), seats, 30)
}

/// Lets `wait` pass on the table's clock in ticks of 100 ms, as the host's task does.
fn wait(table: &mut Memory, wait: Duration) {
    let end = table.clock + wait;
    while table.clock < end {
        table.clock += Duration::from_millis(100);
        let mut effects = table.core.tick(table.clock);
        effects.extend(table.core.flush());
        table.deliver(effects);
    }
}

/// Who sits in each seat, by name ("" for an open seat).
fn seated(table: &Memory) -> Vec<String> {
    table.core.seats().iter().map(|control| control.name().to_owned()).collect()
}

/// Issue 30: devices without the table's seat code can neither sit, nor stand in line, nor
/// hold a freed seat back, however they ask; a guest with the code sits at once.
#[test]
fn devices_without_the_seat_code_hold_no_seat_and_a_guest_with_it_sits_at_once() {
    let mut table = lobby(2);
    // Eight devices without the code ask for a seat again and again, then go silent.
    for index in 0..8_u64 {
        table.join_with_code(ConnId(index + 1), &format!("Mute {index}"), JoinAs::Player, None);
        for seat in [None, Some(Seat(0)), Some(Seat(1))] {
            table.send(ConnId(index + 1), ClientMsg::Sit { seat });
        }
    }
    assert_eq!(seated(&table), ["", ""], "nobody without the code sits");
    let refused = table.devices[&ConnId(1)].table.refusal.clone();
    assert_eq!(refused, Some(Refusal::Lobby(LobbyProblem::NeedsSeatCode)), "told in words why");
    wait(&mut table, Duration::from_secs(30));
    let ana = ConnId(20);
    table.join(ana, "Ana", JoinAs::Player);
    table.send(ana, ClientMsg::Sit { seat: None });
    assert_eq!(seated(&table)[0], "Ana", "seated at once, no line and no hold");
    // A seat freed while the devices without the code wait is not held for them.
    table.send(ana, ClientMsg::Leave);
    let bea = ConnId(21);
    table.join(bea, "Bea", JoinAs::Player);
    table.send(bea, ClientMsg::Sit { seat: None });
    assert_eq!(seated(&table)[0], "Bea", "seated at once after a seat freed");
}

#[test]
fn seats_held_by_silent_devices_are_offered_to_a_guest_in_line() {
    let mut table = lobby(3);
    // Three devices sit down and say nothing more (issue: 3 of 3 held a table for 70 s).
    for index in 0..3_u64 {
        table.join(ConnId(index + 1), &format!("Mute {index}"), JoinAs::Player);
        table.send(ConnId(index + 1), ClientMsg::Sit { seat: None });
    }
    wait(&mut table, Duration::from_secs(70));
    let ana = ConnId(10);
    table.join(ana, "Ana", JoinAs::Player);
    table.send(ana, ClientMsg::Sit { seat: None });
    assert!(!seated(&table).contains(&"Ana".to_owned()), "every seat is held: Ana waits in line");
    // Ana is in line; the longest silent seat is offered back and held for the line.
    wait(&mut table, Duration::from_secs(3));
    let seats = seated(&table);
    assert!(seats.contains(&"Ana".to_owned()), "Ana is seated within 3 s: {seats:?}");
    assert_eq!(seats.iter().filter(|name| name.starts_with("Mute")).count(), 2, "{seats:?}");
    assert!(!table.devices[&ana].closed);
}

#[test]
fn a_seat_that_frees_goes_to_the_guest_who_came_first_not_the_fastest_script() {
    let mut table = lobby(2);
    table.join(ConnId(1), "Bea", JoinAs::Player);
    table.send(ConnId(1), ClientMsg::Sit { seat: Some(Seat(0)) });
    table.join(ConnId(2), "Cy", JoinAs::Player);
    table.send(ConnId(2), ClientMsg::Sit { seat: Some(Seat(1)) });
    let (ana, script) = (ConnId(3), ConnId(4));
    table.join(ana, "Ana", JoinAs::Player);
    wait(&mut table, Duration::from_secs(1));
    table.join(script, "Script", JoinAs::Player);
    // The script asks for a seat again and again while none is free.
    for _ in 0..20 {
        table.send(script, ClientMsg::Sit { seat: None });
        wait(&mut table, Duration::from_millis(100));
    }
    // Bea leaves; the script asks at once, Ana clicks 300 ms later.
    table.send(ConnId(1), ClientMsg::Leave);
    table.send(script, ClientMsg::Sit { seat: Some(Seat(0)) });
    table.clock += Duration::from_millis(300);
    table.send(ana, ClientMsg::Sit { seat: Some(Seat(0)) });
    assert_eq!(seated(&table)[0], "", "the freed seat is held, not raced");
    wait(&mut table, Duration::from_secs(3));
    assert_eq!(seated(&table), ["Ana", "Cy"], "the seat goes to the guest who came first");
}

#[test]
fn a_person_slow_to_click_sit_is_not_let_go_under_churn() {
    for click_after in [Duration::from_secs(1), Duration::from_secs(3)] {
        let mut table = lobby(2);
        let chatty: Vec<ConnId> = (1..=8).map(ConnId).collect();
        for (index, &conn) in chatty.iter().enumerate() {
            table.join(conn, &format!("Chatty {index}"), JoinAs::Player);
        }
        wait(&mut table, Duration::from_secs(15));
        let ana = ConnId(100);
        table.join(ana, "Ana", JoinAs::Player);
        let mut next = 200_u64;
        let mut elapsed = Duration::ZERO;
        // A new Hello every 0.5 s; the chatty ones say something every 100 ms.
        while elapsed < click_after {
            for &conn in &chatty {
                table.send(conn, ClientMsg::Ready { ready: false });
            }
            if elapsed.as_millis().is_multiple_of(500) {
                table.join(ConnId(next), &format!("New {next}"), JoinAs::Player);
                next += 1;
            }
            wait(&mut table, Duration::from_millis(100));
            elapsed += Duration::from_millis(100);
        }
        assert!(!table.devices[&ana].closed, "Ana was let go before clicking Sit after {click_after:?}");
        table.send(ana, ClientMsg::Sit { seat: None });
        assert!(seated(&table).contains(&"Ana".to_owned()), "{:?}", seated(&table));
    }
}

#[test]
fn a_seated_guest_reconnecting_in_a_loop_costs_the_others_a_message_a_tick() {
    let mut table = Memory::new(AnyOptions::defaults(GameKind::CrazyEights), 3, 31);
    table.seat_and_start(0, 2, BotLevel::Random, false);
    let (attacker, other) = (ConnId(1), ConnId(2));
    let token = table.devices[&attacker].token.expect("a token");
    let before = table.devices[&other].frames;
    let start = table.clock;
    let mut welcomed = 0;
    // 1,535 comebacks a second for two seconds; the host ticks every 100 ms.
    for (comeback, conn) in (0..3_070_u32).zip(1_000_u64..) {
        table.clock = start + Duration::from_micros(u64::from(comeback) * 651);
        let hello = net_support::quic::hello("Guest 0", Some(token));
        let effects = table.core.join(ConnId(conn), hello, table.clock);
        welcomed += usize::from(effects.iter().any(|effect| matches!(effect, Effect::Welcome(..))));
        table.deliver(effects);
        if comeback % 153 == 0 {
            let mut effects = table.core.tick(table.clock);
            effects.extend(table.core.flush());
            table.deliver(effects);
        }
    }
    let received = table.devices[&other].frames - before;
    eprintln!("3,070 comebacks in 2 s: {welcomed} let back, the other guest received {received} frames");
    assert!(received <= 20, "the other guest received {received} frames in 2 s");
    assert!(welcomed <= 6, "{welcomed} comebacks let back in 2 s");
}
