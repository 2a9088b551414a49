//! The keeper, the table's one hook into the store: a match is saved after every action (a
//! burst of actions while a save is written is saved together once it is durable), and a
//! decided match is recorded with its save removed.

use crate::store_support;

use cardtable::session::host::Host;
use cardtable::session::seating::Occupant;
use cardtable::store::Store;
use cardtable::store::keeper::{MatchKeeper, SaveStatus};
use cardtable::store::profiles::Avatar;
use cardtable::store::record::{MatchId, SeatRecord};
use cardtable_engine::{AnyOptions, GameKind, GameRng, Phase, Seat};
use store_support::{at, play, seats};

#[test]
fn every_action_ends_up_saved_and_the_decided_match_recorded() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut store = Store::open(dir.path()).expect("opens");
    let mut host = Host::new(AnyOptions::defaults(GameKind::HundredOne), seats(), 21).expect("table");
    let mut keeper = MatchKeeper::new(&host, at(10));
    let mut rng = GameRng::from_seed(21);
    keeper.sync(&host, &mut store, at(10));
    assert_eq!(keeper.status(), &SaveStatus::Nothing, "nothing to save before the first action");
    for _ in 0..5 {
        play(&mut host, &mut rng, 1);
        keeper.sync(&host, &mut store, at(11));
    }
    keeper.wait();
    keeper.sync(&host, &mut store, at(12));
    keeper.wait();
    assert_eq!(keeper.status(), &SaveStatus::Saved);
    store.flush();
    assert_eq!(store.unfinished().len(), 1);
    assert_eq!(store.unfinished()[0].steps.len(), 5, "the latest action is in the save");
    while host.phase() != Phase::MatchOver {
        play(&mut host, &mut rng, 1);
        keeper.sync(&host, &mut store, at(13));
    }
    assert_eq!(keeper.wait(), &SaveStatus::Recorded);
    assert!(store.unfinished().is_empty());
    let id: &MatchId = keeper.id();
    assert!(store.history().iter().any(|summary| &summary.id == id));
    store.flush();
    drop(store);
    let store = Store::open(dir.path()).expect("opens");
    assert!(store.unfinished().is_empty(), "the save was removed once the record was durable");
    let summary = store.history().iter().find(|summary| &summary.id == keeper.id()).expect("recorded");
    assert_eq!(summary.seats[0].name, "Ana");
    assert!(!dir.path().join(format!("saved/{id}.json")).exists() && !dir.path().join(format!("saved/{id}.bak.json")).exists());
}

#[test]
fn a_match_saved_and_recorded_before_a_crash_is_not_offered_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut store = Store::open(dir.path()).expect("opens");
    let mut host = Host::new(AnyOptions::defaults(GameKind::CrazyEights), seats(), 5).expect("table");
    play(&mut host, &mut GameRng::from_seed(5), 100_000);
    let id = MatchId::new(at(0), 5);
    // The crash: the record is durable, the save is still there.
    let saved = cardtable::store::saved::SavedMatch::of(id.clone(), at(0), at(1), &host, store.profiles());
    store.save_unfinished(saved).expect("writable").wait().expect("durable");
    store.flush();
    let record = cardtable::store::record::MatchRecord::from_host(id.clone(), at(0), at(2), &host, store.profiles()).expect("decided");
    std::fs::write(dir.path().join(format!("history/matches/{id}.json")), cardtable::store::document::encode(&record).expect("encodes"))
        .expect("written");
    drop(store);
    let store = Store::open(dir.path()).expect("opens");
    assert!(store.unfinished().is_empty(), "the recorded match is not offered for resuming");
    assert_eq!(store.history().len(), 1);
    store.flush();
    assert!(!dir.path().join(format!("saved/{id}.json")).exists(), "and its save is gone");
}

/// Issue 30, item 5: at a hosted table a guest who calls himself " ANA " is not credited to the
/// host device's profile "Ana"; the seat the host device played is, in the save and the record.
#[test]
fn a_hosted_match_credits_only_the_seats_played_at_this_device() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut store = Store::open(dir.path()).expect("opens");
    for name in ["Ana", "Bo"] {
        store.edit_profiles(|book| book.create(name, Avatar::Emoji("★".into()), at(0))).expect("created").1.wait().expect("durable");
    }
    let seats = vec![Occupant::Human { name: "Bo".into() }, Occupant::Human { name: "ana".into() }];
    let mut host = Host::new(AnyOptions::defaults(GameKind::CrazyEights), seats, 8).expect("table");
    let mut keeper = MatchKeeper::new(&host, at(10)).played_here([Seat(0)].into_iter().collect());
    let mut rng = GameRng::from_seed(8);
    play(&mut host, &mut rng, 3);
    keeper.sync(&host, &mut store, at(11));
    keeper.wait();
    store.flush();
    let credited = |seats: &[SeatRecord]| seats.iter().map(|seat| seat.profile.is_some()).collect::<Vec<_>>();
    assert_eq!(credited(&store.unfinished()[0].seats), [true, false], "the save credits only the host device's seat");
    while host.phase() != Phase::MatchOver {
        play(&mut host, &mut rng, 1);
        keeper.sync(&host, &mut store, at(12));
    }
    assert_eq!(keeper.wait(), &SaveStatus::Recorded);
    store.flush();
    let id = keeper.id().clone();
    let record = store.open_record(&id).expect("readable").expect("recorded");
    assert_eq!(credited(&record.seats), [true, false], "the record credits only the host device's seat");
    assert_eq!(record.seats[1].name, "ana", "the guest keeps the name it played under");
}
