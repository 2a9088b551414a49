//! The host's checks on every action, at the table core (the same code the QUIC host runs):
//! wrong seat, wrong time, illegal, stale and replayed actions are refused, only to their
//! sender, with the state unchanged; Youglouf snaps race and the first to reach the host counts;
//! the lobby starts only a full, ready table; a dropped guest's seat waits its grace period,
//! then a bot plays it until the guest comes back with its token.

use crate::net_support;

use std::time::{Duration, Instant};

use cardtable::net::protocol::{ActionRequest, ClientMsg, Holder, HostMsg, JoinAs, LobbyProblem, Refusal};
use cardtable::net::remote::{view_legal, view_phase};
use cardtable::net::table::people::ConnId;
use cardtable::net::table::{Effect, HostCommand, ROUND_END_PAUSE, SeatPlan};
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyAction, AnyOptions, AnyView, GameKind, GameRng, Phase, Seat, SeatSet, Viewer};
use net_support::memory::{Memory, Policy};

/// A Crazy Eights table: guests in seats 0 and 1 (conns 1 and 2), a bot in seat 2, a spectator
/// (conn 3). The dealer is seat 0, so seat 1 plays first.
fn crazy_eights() -> Memory {
    let mut table = Memory::new(AnyOptions::defaults(GameKind::CrazyEights), 3, 11);
    table.seat_and_start(0, 2, BotLevel::Random, true);
    table
}

/// Sends `request` from `conn` and checks it is refused with `expected`, to `conn` only, and
/// that nothing at the table changed.
fn assert_refused(table: &mut Memory, conn: ConnId, request: ActionRequest, expected: &Refusal) {
    let before = table.core.host().expect("a match").game().clone();
    let seq = table.core.seq();
    let effects = table.core.receive(conn, ClientMsg::Act(request), Instant::now());
    assert_eq!(effects.len(), 1, "only the sender hears of a refusal: {effects:?}");
    let Effect::Send(to, HostMsg::Refused { id, refusal }) = &effects[0] else { panic!("{effects:?}") };
    assert_eq!((*to, *id), (conn, request.id));
    assert_eq!(refusal, expected);
    assert_eq!(table.core.host().expect("a match").game(), &before, "a refused action changes nothing");
    assert_eq!(table.core.seq(), seq);
}

fn seat_view(table: &Memory, conn: ConnId, seat: Seat) -> cardtable::net::protocol::Update {
    table.devices[&conn].table.latest(Viewer::Seat(seat)).expect("an update").clone()
}

/// RULES.md, common terms ("whose turn it is") and ARCHITECTURE.md rule 3: the host decides.
#[test]
fn wrong_seat_wrong_time_illegal_stale_and_replayed_actions_are_refused_with_nothing_changed() {
    let mut table = crazy_eights();
    let (first, second, watcher) = (ConnId(1), ConnId(2), ConnId(3));
    let turn = seat_view(&table, second, Seat(1));
    assert!(turn.waiting_for.contains(Seat(1)), "seat 1 plays first");
    let legal = view_legal(&turn);
    let request = |id, base, seat, action| ActionRequest { id, base, seat, action };

    assert_refused(&mut table, watcher, request(1, turn.seq, Seat(1), legal[0]), &Refusal::NotSeated);
    assert_refused(&mut table, first, request(1, turn.seq, Seat(1), legal[0]), &Refusal::NotYourSeat { seat: Seat(1) });
    assert_refused(&mut table, first, request(1, turn.seq, Seat(0), legal[0]), &Refusal::NotYourTurn);
    assert_refused(
        &mut table,
        second,
        request(1, turn.seq + 3, Seat(1), legal[0]),
        &Refusal::Stale { base: turn.seq + 3, current: turn.seq },
    );
    // A card seat 1 does not hold, and an action of another game.
    let AnyView::CrazyEights(view) = &turn.view else { panic!("Crazy Eights") };
    let hand = view.hand.clone().expect("own hand");
    let missing = cardtable_engine::DeckKind::Standard52
        .cards()
        .into_iter()
        .find(|card| !hand.contains(card) && card.rank() != Some(cardtable_engine::Rank::Eight))
        .expect("a card not held");
    let not_held = AnyAction::parse(GameKind::CrazyEights, &format!("play {missing}")).expect("notation");
    let before = table.core.host().expect("a match").game().clone();
    let effects = table.core.receive(second, ClientMsg::Act(request(1, turn.seq, Seat(1), not_held)), Instant::now());
    assert!(
        matches!(&effects[..], [Effect::Send(to, HostMsg::Refused { refusal: Refusal::Illegal(_), .. })] if *to == second),
        "{effects:?}"
    );
    assert_eq!(table.core.host().expect("a match").game(), &before);
    let foreign = AnyAction::parse(GameKind::Dunno, "draw").expect("notation");
    let effects = table.core.receive(second, ClientMsg::Act(request(1, turn.seq, Seat(1), foreign)), Instant::now());
    assert!(matches!(&effects[..], [Effect::Send(_, HostMsg::Refused { refusal: Refusal::Illegal(_), .. })]), "{effects:?}");

    // A legal action is taken once; the same frame again is a duplicate, even where the
    // action would still be legal, and a new id on the old state is stale.
    let accepted = request(5, turn.seq, Seat(1), legal[0]);
    table.send(second, ClientMsg::Act(accepted));
    assert_eq!(table.core.seq(), turn.seq + 1, "applied");
    assert_refused(&mut table, second, accepted, &Refusal::Duplicate { id: 5 });
    assert_refused(&mut table, second, request(4, turn.seq + 1, Seat(1), legal[0]), &Refusal::Duplicate { id: 4 });
    assert_refused(&mut table, second, request(6, turn.seq, Seat(1), legal[0]), &Refusal::Stale { base: turn.seq, current: turn.seq + 1 });
}

/// RULES.md §5, "Snapping": any seat may snap while the window is open; on the network the
/// first snap to reach the host counts and the other, decided on the same state, is stale.
#[test]
fn youglouf_snaps_race_and_the_first_to_reach_the_host_counts() {
    let mut table = Memory::new(AnyOptions::defaults(GameKind::Youglouf), 3, 5);
    table.policy = Policy::EagerRandom;
    table.seat_and_start(0, 3, BotLevel::Random, false);
    let snappers = |table: &Memory| -> Vec<(ConnId, Seat, AnyAction)> {
        (1..=3)
            .filter_map(|index| {
                let conn = ConnId(index);
                let seat = Seat(index as u8 - 1);
                let latest = table.devices[&conn].table.latest(Viewer::Seat(seat))?;
                let snap = view_legal(latest).into_iter().find(|action| action.to_string().starts_with("snap"))?;
                Some((conn, seat, snap))
            })
            .collect()
    };
    let mut steps = 0;
    while snappers(&table).len() < 2 {
        assert!(table.step() && steps < 5_000, "a snap window for two seats opens");
        steps += 1;
    }
    let racers = snappers(&table);
    let (first, second) = (racers[0], racers[1]);
    let base = table.core.seq();
    let first_message = table.devices.get_mut(&first.0).expect("device").table.act(first.1, first.2);
    let second_message = table.devices.get_mut(&second.0).expect("device").table.act(second.1, second.2);
    let ClientMsg::Act(second_request) = second_message else { panic!("an action") };
    table.send(first.0, first_message);
    assert_eq!(table.core.seq(), base + 1, "the first snap counts");
    assert_refused(&mut table, second.0, second_request, &Refusal::Stale { base, current: base + 1 });
}

#[test]
fn the_lobby_starts_only_a_full_table_of_ready_guests() {
    let mut table = Memory::new(AnyOptions::defaults(GameKind::Dunno), 3, 2);
    table.join(ConnId(1), "Ana", JoinAs::Player);
    table.send(ConnId(1), ClientMsg::Sit { seat: None });
    table.command(HostCommand::SetSeat { seat: Seat(1), plan: SeatPlan::HostDevice { name: "Host".into() } });
    let refused = |table: &Memory| match table.local.last() {
        Some(HostMsg::Refused { refusal: Refusal::Lobby(problem), .. }) => Some(problem.clone()),
        _ => None,
    };
    table.command(HostCommand::Start);
    assert_eq!(refused(&table), Some(LobbyProblem::OpenSeats { count: 1 }));
    table.command(HostCommand::SetSeat { seat: Seat(2), plan: SeatPlan::Bot { name: "Boris".into(), level: BotLevel::Random } });
    table.command(HostCommand::Start);
    assert_eq!(refused(&table), Some(LobbyProblem::NotReady { names: "Ana".into() }));
    // A guest cannot take a seat that is not open.
    table.send(ConnId(1), ClientMsg::Sit { seat: Some(Seat(2)) });
    assert!(matches!(table.devices[&ConnId(1)].table.refusal, Some(Refusal::Lobby(LobbyProblem::SeatNotFree { .. }))));
    table.send(ConnId(1), ClientMsg::Ready { ready: true });
    table.command(HostCommand::Start);
    assert!(table.core.host().is_some(), "a full, ready table starts");
    // The host's own device plays its seat like a guest, through the same checks.
    let Some(HostMsg::Update(update)) =
        table.local.iter().rev().find(|message| matches!(message, HostMsg::Update(update) if update.viewer == Viewer::Seat(Seat(1))))
    else {
        panic!("the host's device sees its seat")
    };
    assert_eq!(update.viewer, Viewer::Seat(Seat(1)));
    table.command(HostCommand::Configure { options: AnyOptions::defaults(GameKind::Youglouf), seats: 4 });
    assert_eq!(refused(&table), Some(LobbyProblem::MatchRunning), "no reconfiguring during a match");
}

/// A table opens with every seat open, and the host's plan for its seats arrives a moment
/// later: a guest quick enough to sit before it keeps its seat when the plan says "open for a
/// guest" (it was unseated, and waited without a seat until let go: net_window and the NAT lab
/// failed so under load). A plan that gives the seat to the host or a bot still takes it.
#[test]
fn a_guest_who_sat_before_the_hosts_plan_keeps_the_seat_the_plan_opens_for_guests() {
    let mut table = Memory::new(AnyOptions::defaults(GameKind::Dunno), 2, 2);
    table.join(ConnId(1), "Ana", JoinAs::Player);
    table.send(ConnId(1), ClientMsg::Sit { seat: Some(Seat(0)) });
    use cardtable::net::table::people::SeatControl;
    let anas = |table: &Memory| matches!(&table.core.seats()[0], SeatControl::Person { name, .. } if name == "Ana");
    assert!(anas(&table), "Ana sat down");
    table.command(HostCommand::SetSeat { seat: Seat(0), plan: SeatPlan::Open });
    assert!(anas(&table), "still Ana's");
    table.command(HostCommand::SetSeat { seat: Seat(0), plan: SeatPlan::Bot { name: "Boris".into(), level: BotLevel::Random } });
    assert!(matches!(&table.core.seats()[0], SeatControl::Bot { .. }), "the host gave the seat to a bot");
}

/// Issue 29: the seats told while a guest is away say how long its seat is still held, and
/// the host's "Let a bot play now" hands it to a bot at once, as the end of the hold does: the
/// guest who comes back takes it back. A seat nobody is away from is left as it is.
#[test]
fn the_host_lets_a_bot_play_an_away_seat_at_once_and_its_guest_takes_it_back() {
    let mut table = crazy_eights();
    let token = table.devices[&ConnId(2)].token.expect("a token");
    let dropped_at = Instant::now();
    let effects = table.core.disconnected(ConnId(2), dropped_at);
    table.deliver(effects);
    assert_eq!(table.devices[&ConnId(1)].table.seats[1].bot_in, Some(120), "told the whole hold at the drop");
    assert_eq!(table.devices[&ConnId(1)].table.seats[0].bot_in, None, "a seat whose guest is here is not held");
    // Later news of the seats counts from the drop, not from the message.
    let effects =
        table.core.join(ConnId(9), net_support::quic::hello_with_code("Watcher", None, None), dropped_at + Duration::from_secs(18));
    let started = effects.iter().find_map(|effect| match effect {
        Effect::Send(ConnId(9), HostMsg::Started(start)) => Some(start.seats[1].bot_in),
        _ => None,
    });
    assert_eq!(started, Some(Some(102)), "{effects:?}");
    table.deliver(effects);
    // Seat 0's guest is here: nothing changes.
    table.command(HostCommand::BotNow(Seat(0)));
    assert_eq!(table.devices[&ConnId(1)].table.seats[0].holder, Holder::Guest);
    assert!(table.core.bot_turn(Instant::now()).is_none(), "seat 1 still waits for its guest");
    table.command(HostCommand::BotNow(Seat(1)));
    assert_eq!(table.core.bot_turn(Instant::now()).map(|turn| turn.seat), Some(Seat(1)), "a bot plays seat 1 now");
    for conn in [ConnId(1), ConnId(3)] {
        let seat = &table.devices[&conn].table.seats[1];
        assert!(matches!(seat.holder, Holder::Bot(_)) && seat.bot_in.is_none(), "{conn:?}: {seat:?}");
        assert_eq!(table.devices[&conn].table.away(), SeatSet::EMPTY, "{conn:?}");
    }
    let effects = table.core.join(ConnId(8), net_support::quic::hello("Guest 1", Some(token)), Instant::now());
    let Some(Effect::Welcome(_, welcome)) = effects.first() else { panic!("a welcome: {effects:?}") };
    assert_eq!(welcome.answer.as_ref().expect("admitted").resumed, Some(Seat(1)));
    table.deliver(effects);
    assert!(table.core.bot_turn(Instant::now()).is_none(), "the person decides again");
}

/// Issue 10, "Faults": a dropped guest is shown as disconnected, its seat waits the grace
/// period, then a bot plays it; the guest's token gives it back, hand and all.
#[test]
fn a_dropped_seat_waits_its_grace_then_a_bot_plays_it_until_its_guest_returns() {
    let mut table = crazy_eights();
    let before = seat_view(&table, ConnId(2), Seat(1));
    assert!(before.waiting_for.contains(Seat(1)), "seat 1 is to play");
    let token = table.devices[&ConnId(2)].token.expect("a token");
    // Seat 1 (conn 2) drops: the others are told at once, the seat is kept.
    let dropped_at = Instant::now();
    let effects = table.core.disconnected(ConnId(2), dropped_at);
    let told: Vec<_> = effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Send(to, HostMsg::Seats(seats)) => Some((*to, seats[1].clone())),
            _ => None,
        })
        .collect();
    assert!(told.iter().any(|(to, _)| *to == ConnId(1)) && told.iter().any(|(to, _)| *to == ConnId(3)), "{told:?}");
    assert!(told.iter().all(|(_, seat)| !seat.connected && seat.holder == Holder::Guest));
    table.deliver(effects);
    // Every other device's table shows seat 1 away (issue 19).
    for conn in [ConnId(1), ConnId(3)] {
        assert_eq!(table.devices[&conn].table.away(), SeatSet::only(Seat(1)), "{conn:?}");
    }
    assert!(table.core.bot_turn(Instant::now()).is_none(), "the table waits for seat 1 during its grace");
    let effects = table.core.tick(dropped_at + Duration::from_secs(119));
    table.deliver(effects);
    assert!(table.core.bot_turn(Instant::now()).is_none(), "still within two minutes");
    let effects = table.core.tick(dropped_at + Duration::from_secs(120));
    table.deliver(effects);
    assert_eq!(table.core.bot_turn(Instant::now()).map(|turn| turn.seat), Some(Seat(1)), "a bot now plays seat 1");
    assert!(matches!(table.devices[&ConnId(1)].table.seats[1].holder, Holder::Bot(_)));

    // A Hello without the token is somebody new: the seat stays with the bot.
    let now = Instant::now();
    table.core.join(ConnId(7), net_support::quic::hello("Guest 1", None), now);
    // (The bot's decision was handed out above, once: the seat's control tells who plays it.)
    assert!(table.core.seats()[1].bot_level().is_some(), "the seat stays with the bot");
    // With its token (kept across an app restart in known-hosts.json) the guest takes its seat
    // back, hand and all, on a new connection.
    let effects = table.core.join(ConnId(8), net_support::quic::hello("Guest 1", Some(token)), now);
    let Some(Effect::Welcome(_, welcome)) = effects.first() else { panic!("a welcome: {effects:?}") };
    assert_eq!(welcome.answer.as_ref().expect("admitted").resumed, Some(Seat(1)));
    table.deliver(effects);
    assert!(table.core.bot_turn(Instant::now()).is_none(), "the person decides again");
    let back = seat_view(&table, ConnId(8), Seat(1));
    assert_eq!(back.view, before.view, "the same seat, the same hand, the same state");
    // The others are told at the host's next tick (issue 30: comebacks cost them a message a
    // tick at most).
    let effects = table.core.flush();
    table.deliver(effects);
    assert_eq!(table.devices[&ConnId(1)].table.seats[1].holder, Holder::Guest);
    assert!(table.devices[&ConnId(1)].table.seats[1].connected);
}

/// RULES.md §5 ruling: a snap window stays open until the next turn takes a card, and the
/// network gives it a grace time (default 2 s) before the next turn may take one.
#[test]
fn youglouf_turns_wait_for_the_snap_grace_time_before_taking_a_card() {
    let mut table = Memory::new(AnyOptions::defaults(GameKind::Youglouf), 3, 8);
    table.policy = Policy::EagerRandom;
    table.seat_and_start(0, 3, BotLevel::Random, false);
    let draw = AnyAction::Youglouf(cardtable_engine::games::youglouf::YougloufAction::Draw);
    let mut steps = 0;
    let (conn, seat) = loop {
        assert!(table.step() && steps < 5_000, "a snap window opens before a turn that may draw");
        steps += 1;
        if table.core.snap_grace_left().is_none() {
            continue;
        }
        let waiting = (1..=3).map(ConnId).find_map(|conn| {
            let seat = Seat(conn.0 as u8 - 1);
            let latest = table.devices[&conn].table.latest(Viewer::Seat(seat))?;
            (latest.waiting_for.contains(seat) && view_legal(latest).contains(&draw)).then_some((conn, seat))
        });
        if let Some(found) = waiting {
            break found;
        }
    };
    let opened = table.clock;
    let seq = table.core.seq();
    let request = ActionRequest { id: 1_000_000, base: seq, seat, action: draw };
    let before = table.core.host().expect("a match").game().clone();
    let effects = table.core.receive(conn, ClientMsg::Act(request), opened + Duration::from_millis(1_500));
    assert!(
        matches!(&effects[..], [Effect::Send(_, HostMsg::Refused { refusal: Refusal::SnapGrace { left_ms }, .. })] if *left_ms <= 500),
        "{effects:?}"
    );
    assert_eq!(table.core.host().expect("a match").game(), &before);
    let effects = table.core.receive(conn, ClientMsg::Act(request), opened + Duration::from_millis(2_000));
    table.deliver(effects);
    assert_eq!(table.core.seq(), seq + 1, "after the grace time the turn takes its card");
}

/// A table of bots, watched: the round's standings stay up for [`ROUND_END_PAUSE`] before the
/// next deal (nobody at the table is there to ask for it), so watchers see them and every frame
/// of the ended round goes out before the next round's. Found by the `table_messages` fuzz
/// target: the next round used to be dealt in the same breath as the round's last move.
#[test]
fn a_table_of_bots_shows_the_standings_for_a_pause_before_dealing_again() {
    let mut table = Memory::new(AnyOptions::defaults(GameKind::CrazyEights), 3, 5);
    table.seat_and_start(0, 0, BotLevel::Normal, true);
    let watcher = ConnId(1);
    let phase = |table: &Memory| table.core.host().expect("a match").phase();
    let mut moves = 0;
    while phase(&table) == Phase::Playing {
        // One bot move at a time, without `step`'s own handling of a round's end.
        table.clock += Duration::from_secs(5);
        let turn = table.core.bot_turn(table.clock).expect("a bot's turn");
        let view = turn.view.clone();
        let action = Policy::Bot(BotLevel::Normal).choose(turn.seat, &view, &turn.legal, &mut GameRng::from_seed(moves));
        let effects = table.core.bot_acted(&turn, action, table.clock);
        table.deliver(effects);
        moves += 1;
        assert!(moves < 2_000, "the round ends");
    }
    assert_eq!(phase(&table), Phase::RoundOver, "the round's end waits: nobody at the table asked for the next one");
    assert_eq!(
        table.devices[&watcher].table.latest(Viewer::Spectator).map(view_phase),
        Some(Phase::RoundOver),
        "the watcher sees the standings"
    );
    let ended = table.clock;
    let wake = table.core.wake_at().expect("the host wakes to deal the next round");
    assert!(wake > Instant::now(), "not at once");
    let effects = table.core.tick(ended + ROUND_END_PAUSE / 2);
    table.deliver(effects);
    assert_eq!(phase(&table), Phase::RoundOver, "still the standings halfway through the pause");
    let effects = table.core.tick(ended + ROUND_END_PAUSE);
    table.deliver(effects);
    assert_eq!(phase(&table), Phase::Playing, "the next round is dealt after the pause");
    assert_eq!(table.devices[&watcher].table.latest(Viewer::Spectator).map(view_phase), Some(Phase::Playing));
}
