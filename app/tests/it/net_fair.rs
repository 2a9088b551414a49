//! Fair play (issue 20, docs/lan.md "Fair play"), on the real table core and codec without
//! sockets: every seated device has a say in the seed; after the match each device replays the
//! host's record and checks it against every frame it was shown. A host that changes a card in
//! a guest's hand, records an illegal move or picks its share after seeing the commitments is
//! caught and told at the move where the record differs; a device that never reveals forfeits
//! its say, and the match still verifies; the record never reaches a device mid-match.

use crate::net_support;

use std::time::Duration;

use cardtable::net::fair::{Contribution, RecordPart, SeedAsk};
use cardtable::net::protocol::{ClientMsg, HostMsg, JoinAs};
use cardtable::net::table::people::ConnId;
use cardtable::net::table::{HostCommand, SeatPlan, TableConfig};
use cardtable::net::verify::{Checked, Differs, Verdict};
use cardtable::session::host::Step;
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, AnyView, GameKind, GameRng, Phase, Seat, SeatSet};
use net_support::memory::{Memory, Policy};

/// Matches of a few rounds: a low limit where the game has one (One Hundred and One plays to
/// 101; Dunno to two won rounds).
fn few_rounds(kind: GameKind) -> AnyOptions {
    let json = match kind {
        GameKind::CrazyEights => serde_json::json!({"score_limit": 200}),
        GameKind::Dunno => serde_json::json!({"wins_to_match": 2}),
        GameKind::Fool108 => serde_json::json!({"score_limit": 60}),
        GameKind::Youglouf => serde_json::json!({"score_limit": 400}),
        GameKind::HundredOne => serde_json::json!({}),
    };
    AnyOptions::from_json(kind, &json).expect("valid preset")
}

/// Four seats: three guests (conns 1–3) and a bot, a spectator (conn 4).
fn four_seats(kind: GameKind, seed: u64) -> Memory {
    let mut table = Memory::new(few_rounds(kind), 4, seed);
    table.policy = Policy::EagerRandom;
    table.seat_and_start(0, 3, BotLevel::Random, true);
    table
}

/// What a device concluded from the record, once it came.
fn checked(table: &Memory, conn: ConnId) -> &Checked {
    table.devices[&conn].table.checked().unwrap_or_else(|| panic!("{conn:?} holds the checked record"))
}

fn verdict(table: &Memory, conn: ConnId) -> Verdict {
    checked(table, conn).verdict
}

/// Every game, matches of several rounds: each guest and the spectator replay the host's record
/// and find it as played; their replay's seed, steps and rounds are the host's; and no record
/// frame reached anyone before the match was decided.
#[test]
fn every_device_verifies_every_game_and_keeps_the_hosts_replay() {
    for (index, &kind) in GameKind::ALL.iter().enumerate() {
        let mut table = four_seats(kind, 70 + index as u64);
        assert!(table.play_out(None, 400_000), "{kind}: the match ends");
        let host = table.core.host().expect("the match");
        let rounds = host.game().last_round().map_or(0, |round| round.round);
        assert!(rounds >= 2, "{kind}: a match of several rounds ({rounds})");
        for conn in (1..=4).map(ConnId) {
            let device = &table.devices[&conn];
            assert_eq!(device.early_record_frames, 0, "{kind} {conn:?}: no record before the end");
            assert!(device.record_frames >= 2, "{kind} {conn:?}: steps and the end of the record");
            let checked = checked(&table, conn);
            assert_eq!(checked.verdict, Verdict::Verified, "{kind} {conn:?}");
            assert_eq!(checked.seed, host.seed(), "{kind} {conn:?}: the seed");
            assert_eq!(checked.steps, host.steps(), "{kind} {conn:?}: the steps");
            assert_eq!(checked.rounds.len() as u32, rounds, "{kind} {conn:?}: every round replayed");
            assert_eq!(checked.rounds, device.table.rounds, "{kind} {conn:?}: the rounds it was shown");
        }
        eprintln!("{kind}: {rounds} rounds, {} steps verified on four devices", host.steps().len());
    }
}

/// Every seated guest device's share counts: each seat has a commitment, and another share
/// from one guest alone, all else the same, gives another seed.
#[test]
fn every_seated_device_has_a_say_in_the_seed() {
    let seed_with = |other_share: bool| {
        let table = start_with(GameKind::CrazyEights, 2, 5, |conn, device| {
            if other_share && conn == ConnId(2) {
                device.table = std::mem::take(&mut device.table).with_seeded_shares(GameRng::from_seed(99));
            }
        });
        let start = table.devices[&ConnId(1)].table.start.clone().expect("started");
        (table.core.host().expect("the match").seed(), start.draw)
    };
    let (seed, draw) = seed_with(false);
    assert_eq!(draw.forfeited, SeatSet::EMPTY);
    assert!(draw.commitments.iter().all(Option::is_some), "a commitment for every seat: {draw:?}");
    // The guests' commitments differ from each other and from the host's (seat 2, a bot's).
    let commitments: Vec<_> = draw.commitments.iter().flatten().collect();
    assert!(commitments[0] != commitments[1] && commitments[1] != commitments[2] && commitments[0] != commitments[2]);
    assert_eq!(seed_with(false).0, seed, "the same shares, the same seed");
    assert_ne!(seed_with(true).0, seed, "one guest's other share, another seed");
}

/// Seats `guests` guests from seat 0 with bots elsewhere; `prepare` runs on each device before
/// the match starts; the Start is given but the draw may still be waiting.
fn start_with(kind: GameKind, guests: u64, seed: u64, prepare: impl Fn(ConnId, &mut net_support::memory::Device)) -> Memory {
    let mut table = Memory::new(few_rounds(kind), 3, seed);
    table.policy = Policy::EagerRandom;
    for index in 0..guests {
        let conn = ConnId(index + 1);
        table.join(conn, &format!("Guest {index}"), JoinAs::Player);
        table.send(conn, ClientMsg::Sit { seat: Some(Seat(index as u8)) });
        prepare(conn, table.devices.get_mut(&conn).expect("joined"));
    }
    for seat in guests as u8..3 {
        let plan = SeatPlan::Bot { name: format!("Bot {seat}"), level: BotLevel::Random };
        table.command(HostCommand::SetSeat { seat: Seat(seat), plan });
    }
    for index in 0..guests {
        table.send(ConnId(index + 1), ClientMsg::Ready { ready: true });
    }
    table.command(HostCommand::Start);
    table
}

/// Issue 20: "A device that does not reveal in time forfeits its say, and the table says so."
#[test]
fn a_device_that_never_reveals_forfeits_its_say_and_the_match_still_verifies() {
    let mut table = start_with(GameKind::Dunno, 2, 9, |conn, device| device.withhold_reveal = conn == ConnId(2));
    assert!(table.core.host().is_none(), "the host waits for the share it was promised");
    let waited = TableConfig::new("Host").seeding_time;
    table.clock += waited - Duration::from_millis(1);
    let effects = table.core.tick(table.clock);
    table.deliver(effects);
    assert!(table.core.host().is_none(), "still within the time to reveal");
    table.clock += Duration::from_millis(1);
    let effects = table.core.tick(table.clock);
    table.deliver(effects);
    assert!(table.core.host().is_some(), "the match is dealt without the withheld share");
    for conn in [ConnId(1), ConnId(2)] {
        let start = table.devices[&conn].table.start.clone().expect("told of the start");
        assert_eq!(start.draw.forfeited, SeatSet::only(Seat(1)), "{conn:?} is told whose say was forfeited");
    }
    assert!(table.play_out(None, 200_000), "the match ends");
    for conn in [ConnId(1), ConnId(2)] {
        assert_eq!(verdict(&table, conn), Verdict::Verified, "{conn:?}");
    }
}

/// A device whose share does not answer its commitment forfeits its say (it cannot change its
/// share once it has seen the others' commitments either).
#[test]
fn a_share_that_does_not_answer_its_commitment_is_refused_and_forfeits() {
    let mut table = start_with(GameKind::CrazyEights, 2, 4, |conn, device| device.withhold_reveal = conn == ConnId(2));
    assert!(table.core.host().is_none(), "the draw waits for conn 2's share");
    table.send(ConnId(2), ClientMsg::SeedReveal(Contribution([7; 32])));
    assert!(table.core.host().is_some(), "a false share ends the draw at once");
    let start = table.devices[&ConnId(1)].table.start.clone().expect("started");
    assert_eq!(start.draw.forfeited, SeatSet::only(Seat(1)));
    // Once the draw is over, seed messages are refused.
    table.send(ConnId(2), ClientMsg::SeedCommit(Contribution([7; 32]).commitment()));
    assert_eq!(table.devices[&ConnId(2)].table.refusal, Some(cardtable::net::protocol::Refusal::NotDrawing));
}

/// Issue 20: "a host that changes a card in a guest's hand … is caught and reported": the
/// guest's replay shows another hand at that move.
#[test]
fn a_host_that_changes_a_card_in_a_guests_hand_is_caught_at_that_move() {
    let mut table = four_seats(GameKind::CrazyEights, 31);
    let changed_at = std::rc::Rc::new(std::cell::Cell::new(None));
    let changed = changed_at.clone();
    table.tamper = Some(Box::new(move |conn, message, _| {
        let HostMsg::Update(update) = message else { return };
        // Once, on a move where seat 0 is not asked to play: its guest plays on unharmed.
        if conn != ConnId(1) || changed.get().is_some() || update.seq < 3 || update.waiting_for.contains(Seat(0)) {
            return;
        }
        let AnyView::CrazyEights(view) = &mut update.view else { return };
        let Some(hand) = view.hand.as_mut() else { return };
        let missing =
            cardtable_engine::DeckKind::Standard52.cards().into_iter().find(|card| !hand.contains(card)).expect("a card not held");
        hand[0] = missing;
        changed.set(Some(update.seq));
    }));
    assert!(table.play_out(None, 400_000), "the match ends");
    let at_move = changed_at.get().expect("a hand was changed");
    assert_eq!(verdict(&table, ConnId(1)), Verdict::Mismatch { at_move, what: Differs::View });
    for conn in [ConnId(2), ConnId(3), ConnId(4)] {
        assert_eq!(verdict(&table, conn), Verdict::Verified, "{conn:?} was shown the truth");
    }
}

/// Issue 20: "… or applies an illegal move": the record holds a move by a seat that was not to
/// play; every device's replay refuses it at that move.
#[test]
fn a_record_with_an_illegal_move_is_caught_at_that_move() {
    let mut table = four_seats(GameKind::Fool108, 12);
    let forged_at = std::rc::Rc::new(std::cell::Cell::new(None));
    let forged = forged_at.clone();
    table.tamper = Some(Box::new(move |_, message, _| {
        let HostMsg::Record(RecordPart::Steps(steps)) = message else { return };
        // The tenth step is taken by the next seat round the table instead.
        let Some(Step::Act(seat, _)) = steps.get_mut(9) else { return };
        *seat = Seat((seat.0 + 1) % 4);
        forged.set(Some(10));
    }));
    assert!(table.play_out(None, 400_000), "the match ends");
    let at_move = forged_at.get().expect("the record was forged");
    for conn in (1..=4).map(ConnId) {
        assert_eq!(verdict(&table, conn), Verdict::Mismatch { at_move, what: Differs::IllegalMove }, "{conn:?}");
    }
}

/// Issue 20: "… or picks the seed after seeing the commitments": a host that commits to one
/// share, and once the guests' commitments are in announces another (and reveals that one at
/// the end), is caught before the first move.
#[test]
fn a_host_that_picks_its_share_after_the_commitments_is_caught() {
    let mut table = Memory::new(few_rounds(GameKind::Youglouf), 3, 8);
    table.policy = Policy::EagerRandom;
    let chosen = Contribution([42; 32]);
    let mut first_commitment = None;
    table.tamper = Some(Box::new(move |_, message, _| match message {
        HostMsg::Seed(SeedAsk::Commit { host }) => first_commitment = Some(*host),
        HostMsg::Seed(SeedAsk::Reveal { commitments }) => {
            for commitment in commitments.iter_mut().filter(|commitment| **commitment == first_commitment) {
                *commitment = Some(chosen.commitment());
            }
        }
        HostMsg::Started(start) => {
            for commitment in start.draw.commitments.iter_mut().filter(|commitment| **commitment == first_commitment) {
                *commitment = Some(chosen.commitment());
            }
        }
        HostMsg::Record(RecordPart::End { contributions, .. }) => {
            // Seat 2 is the bot's, whose share is the host's.
            contributions[2] = Some(chosen);
        }
        _ => {}
    }));
    table.seat_and_start(0, 2, BotLevel::Random, false);
    assert!(table.play_out(None, 400_000), "the match ends");
    for conn in [ConnId(1), ConnId(2)] {
        assert_eq!(verdict(&table, conn), Verdict::Mismatch { at_move: 0, what: Differs::Shares }, "{conn:?}");
    }
}

/// Issue 20: "a guest holding the record mid-match is impossible": through a whole match,
/// checked frame by frame, no record part is sent before the match is decided, and a device
/// that asks anything of the draw mid-match is refused.
#[test]
fn no_device_holds_the_record_before_the_match_is_over() {
    let mut table = four_seats(GameKind::Youglouf, 3);
    let mut moves = 0;
    while table.core.host().is_some_and(|host| host.phase() != Phase::MatchOver) {
        for conn in (1..=4).map(ConnId) {
            let device = &table.devices[&conn];
            assert_eq!(device.record_frames, 0, "{conn:?} got a record part mid-match, at move {moves}");
            assert!(device.table.checked().is_none());
        }
        table.send(ConnId(1), ClientMsg::SeedReveal(Contribution([1; 32])));
        assert_eq!(table.devices[&ConnId(1)].table.refusal, Some(cardtable::net::protocol::Refusal::NotDrawing));
        assert!(table.step() && moves < 400_000, "the match goes on");
        moves += 1;
    }
    assert!(table.devices.values().all(|device| device.record_frames > 0 && device.early_record_frames == 0));
}

/// Issue 20: the record is sent when "the host leaves after a finished round", and the guests
/// verify the match as far as it went.
#[test]
fn a_host_that_closes_after_a_finished_round_sends_the_record() {
    let mut table = four_seats(GameKind::CrazyEights, 17);
    assert!(table.play_out(Some(1), 200_000), "a round is finished");
    assert!(table.core.host().is_some_and(|host| host.game().match_result().is_none()), "the match is not decided");
    assert!(table.devices.values().all(|device| device.record_frames == 0), "nothing before the host closes");
    table.close();
    let steps = table.core.host().expect("the match").steps().len();
    for conn in (1..=4).map(ConnId) {
        let checked = checked(&table, conn);
        assert_eq!((checked.verdict, checked.steps.len()), (Verdict::Verified, steps), "{conn:?}");
        assert_eq!(checked.rounds.len(), 1, "{conn:?}: the finished round");
    }
}

/// A table closed before its first round ended sends no record: nothing of a match that had not
/// shown a result is worth a replay, and its hands stay hidden.
#[test]
fn a_table_closed_in_its_first_round_sends_no_record() {
    let mut table = four_seats(GameKind::HundredOne, 6);
    for _ in 0..5 {
        assert!(table.step());
    }
    let effects = table.core.closing();
    assert!(effects.is_empty(), "{effects:?}");
}
