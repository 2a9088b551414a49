//! What a device keeps of a networked match in its own score history: the seats, every finished
//! round and the result, from what the host sent it (never the seed or others' cards).

use cardtable_engine::SeatSet;

use super::protocol::{Role, occupants};
use super::session::LinkStatus;
use crate::store::profiles::ProfileBook;
use crate::store::record::{CheckedRecord, MatchRecord, NetworkMatch};

/// The record of the link's current match, once there is one to keep: the match is decided
/// and the host's record of it came and was checked here, or the link ended (the host left)
/// or this device is `leaving`, after at least one finished round. `None` otherwise.
#[must_use]
pub fn network_record(status: &LinkStatus, profiles: &ProfileBook, leaving: bool, now: jiff::Timestamp, nonce: u64) -> Option<MatchRecord> {
    let start = status.start.as_ref()?;
    let closing = leaving || status.ending.is_some();
    let closed_after_a_round = closing && !status.rounds.is_empty();
    if status.result.is_none() && !closed_after_a_round {
        return None;
    }
    if status.checked.is_none() && !closing {
        // The host sends its record right after the result: it is checked before anything is kept.
        return None;
    }
    let played = match &start.you {
        Role::Seated(seats) => seats.iter().copied().collect(),
        Role::Waiting | Role::Spectator => SeatSet::EMPTY,
    };
    let seats = occupants(&start.seats);
    let seen = NetworkMatch {
        options: &start.options,
        seats: &seats,
        played,
        rounds: &status.rounds,
        result: status.result.as_ref(),
        started: status.started.unwrap_or(now),
        finished: now,
        nonce,
        checked: status.checked.as_ref().map(|checked| CheckedRecord {
            verdict: checked.verdict,
            seed: checked.seed,
            steps: &checked.steps,
            rounds: &checked.rounds,
        }),
    };
    Some(MatchRecord::from_network(seen, profiles))
}

#[cfg(test)]
mod tests {
    use cardtable_engine::bots::BotLevel;
    use cardtable_engine::{AnyOptions, GameKind, GameRng, Seat};

    use super::*;
    use crate::net::fair::SeedDraw;
    use crate::net::protocol::{Holder, MatchStart, SeatInfo};
    use crate::net::verify::{Checked, Differs, Verdict};
    use crate::session::host::Host;
    use crate::session::replay::{self, MatchStart as ReplayStart};
    use crate::session::seating::Occupant;
    use crate::store::Store;
    use crate::store::profiles::Avatar;
    use crate::store::record::NetworkPlay;

    fn seat(name: &str, holder: Holder) -> SeatInfo {
        SeatInfo { name: name.into(), holder, connected: true, ready: true, bot_in: None }
    }

    /// A 101 match between Ana, Bo and a bot played to its end by random legal moves, as the
    /// guest in seat 1 (Bo) hears of it: the start, every round, the result.
    fn heard_by_bo() -> LinkStatus {
        let options = AnyOptions::defaults(GameKind::HundredOne);
        let occupants = vec![
            Occupant::Human { name: "Ana".into() },
            Occupant::Human { name: "Bo".into() },
            Occupant::Bot { name: "Cy".into(), level: BotLevel::Easy },
        ];
        let host = Host::new(options.clone(), occupants.clone(), 5).expect("a table");
        let host = crate::session::playout::random(host, &mut GameRng::from_seed(5), usize::MAX).expect("legal");
        let start = ReplayStart { options: &options, seats: &occupants, seed: 5 };
        let rounds = replay::round_results(&start, host.steps()).expect("replays");
        let seats = vec![seat("Ana", Holder::HostDevice), seat("Bo", Holder::Guest), seat("Cy", Holder::Bot(BotLevel::Easy))];
        let checked = Checked { verdict: Verdict::Verified, seed: 5, steps: host.steps().to_vec(), rounds: rounds.clone() };
        LinkStatus {
            start: Some(MatchStart { options, seats, you: Role::Seated(vec![Seat(1)]), draw: SeedDraw::default() }),
            started: Some(jiff::Timestamp::from_second(1_700_000_000).expect("in range")),
            matches: 1,
            rounds,
            result: host.game().match_result().cloned(),
            checked: Some(checked),
            ..LinkStatus::default()
        }
    }

    /// Issue 30, item 5: the host numbered this device's "Bo" as "Bo 2" (another Bo was at the
    /// table); the seat played here is still credited to the profile it joined as, and no
    /// other seat is.
    #[test]
    fn a_numbered_name_is_credited_to_the_profile_it_joined_as() {
        let mut status = heard_by_bo();
        if let Some(start) = &mut status.start {
            start.seats[1].name = "Bo 2".into();
        }
        let mut profiles = ProfileBook::default();
        let now = jiff::Timestamp::from_second(1_700_000_600).expect("in range");
        profiles.create("Ana", Avatar::Emoji("★".into()), now).expect("created");
        let bo = profiles.create("Bo", Avatar::Emoji("♣".into()), now).expect("created");
        let mut record = network_record(&status, &profiles, false, now, 9).expect("decided");
        assert_eq!(record.seats[1].profile, None, "\"Bo 2\" is no profile's name");
        record.credit_played_seats(bo);
        let credited: Vec<_> = record.seats.iter().map(|seat| seat.profile).collect();
        assert_eq!(credited, [None, Some(bo), None], "only the seat played here");
    }

    /// A decided match whose record replayed here is kept with its result, rounds, seed and
    /// every step (it replays), marked as verified with this device's seat; profiles are
    /// matched only for the seats this device played. Before the record came, nothing is kept.
    #[test]
    fn a_decided_match_is_recorded_with_its_rounds_and_this_devices_seat() {
        let status = heard_by_bo();
        let mut waiting = status.clone();
        waiting.checked = None;
        assert!(
            network_record(&waiting, &ProfileBook::default(), false, jiff::Timestamp::UNIX_EPOCH, 1).is_none(),
            "the record is awaited"
        );
        let mut profiles = ProfileBook::default();
        let now = jiff::Timestamp::from_second(1_700_000_600).expect("in range");
        let ana = profiles.create("Ana", Avatar::Emoji("★".into()), now).expect("created");
        let bo = profiles.create("Bo", Avatar::Emoji("♣".into()), now).expect("created");
        let record = network_record(&status, &profiles, false, now, 9).expect("decided");
        assert_eq!(Some(&record.result), status.result.as_ref());
        assert_eq!(record.rounds, status.rounds);
        assert_eq!(record.network.as_ref().map(|network| (network.seats, network.decided)), Some((SeatSet::from_iter([Seat(1)]), true)));
        assert_eq!(record.seats[1].profile, Some(bo), "Bo played here");
        assert_ne!(record.seats[0].profile, Some(ana), "another device's Ana is not this device's Ana");
        assert_eq!(record.seats[2].bot, Some(BotLevel::Easy));
        let checked = status.checked.as_ref().expect("checked");
        assert!(record.replays() && record.network.as_ref().is_some_and(NetworkPlay::verified));
        assert_eq!((record.seed, &record.steps), (5, &checked.steps));
        let replayed =
            replay::rebuild(&ReplayStart { options: &record.options, seats: &record.occupants(), seed: record.seed }, &record.steps)
                .expect("the kept record replays");
        assert_eq!(replayed.game().match_result(), Some(&record.result));
        assert_eq!((record.started, record.finished), (status.started.expect("set"), now));

        let mut differs = status.clone();
        differs.checked = Some(Checked { verdict: Verdict::Mismatch { at_move: 37, what: Differs::View }, ..checked.clone() });
        let kept = network_record(&differs, &profiles, false, now, 9).expect("kept, marked");
        assert!(kept.steps.is_empty() && !kept.replays(), "a record that does not replay is not kept as a replay");
        assert_eq!(kept.network.and_then(|network| network.verdict), Some(Verdict::Mismatch { at_move: 37, what: Differs::View }));
    }

    /// Nothing is kept before a round is over; when the host leaves after one, the finished
    /// rounds are kept as an undecided match; the store keeps it and its statistics skip it.
    #[test]
    fn a_table_closed_after_a_round_keeps_its_rounds_undecided() {
        let mut status = heard_by_bo();
        status.result = None;
        status.checked = None;
        status.rounds.truncate(1);
        let now = jiff::Timestamp::from_second(1_700_000_600).expect("in range");
        assert!(network_record(&status, &ProfileBook::default(), false, now, 1).is_none(), "still playing");
        let leaving = network_record(&status, &ProfileBook::default(), true, now, 1).expect("leaving keeps the rounds");
        assert_eq!(leaving.network.as_ref().map(|network| (network.decided, network.verdict)), Some((false, Some(Verdict::NoRecord))));
        status.ending = Some(crate::net::guest::Ending::HostLeft);
        let record = network_record(&status, &ProfileBook::default(), false, now, 1).expect("kept");
        assert_eq!(record.rounds.len(), 1);
        assert_eq!(record.result.totals, status.rounds[0].totals);
        assert!(record.result.winners == SeatSet::EMPTY && record.result.losers == SeatSet::EMPTY, "nobody won an undecided match");
        let mut empty = status.clone();
        empty.rounds.clear();
        assert!(network_record(&empty, &ProfileBook::default(), true, now, 1).is_none(), "no round, nothing to keep");

        let dir = tempfile::tempdir().expect("tempdir");
        let mut store = Store::open(dir.path()).expect("opens");
        store.record(record.clone()).expect("writable").wait().expect("durable");
        store.flush();
        drop(store);
        let reopened = Store::open(dir.path()).expect("reopens");
        let summary = reopened.history().iter().find(|summary| summary.id == record.id).expect("in the history");
        assert!(!summary.decided());
    }
}
