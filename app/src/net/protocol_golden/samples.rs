//! One sample of every message and of what messages carry, each encoded with the real codec
//! under a stable key. The games' values (events, views, results, actions, record steps) come
//! from seeded matches ([`super::games`]); the rest is built by hand, one value per variant.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;

use cardtable_engine::bots::BotLevel;
use cardtable_engine::{
    ActionError, AnyAction, AnyEvent, AnyOptions, BySeat, GameKind, Refusal as RuleRefusal, RoundEnd, RoundResult, ScoreKind, Seat,
    SeatScore, SeatSet, SetupError, Viewer,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::games::{GamePlays, play_game};
use super::variants::{leading_indices, variants};
use crate::net::codec::{decode_frame, encode_frame};
use crate::net::fair::{Contribution, RecordPart, SeedAsk, SeedDraw};
use crate::net::protocol::{
    ActionRequest, Admitted, ClientMsg, Hello, Holder, HostMsg, JoinAs, JoinRefusal, LobbyInfo, LobbyProblem, MatchStart, PROTOCOL_VERSION,
    PathKind, PeerPath, Refusal, ResumeToken, Role, SeatInfo, Update, Welcome,
};
use crate::session::host::Step;

/// The samples: each pinned frame by key, and every sampled value of each enum by type.
#[derive(Default)]
pub(super) struct Book {
    /// Each frame, in the order made, by its key.
    pub pins: Vec<(String, Vec<u8>)>,
    /// The postcard encoding of every sampled value, by its type's name.
    pub seen: BTreeMap<&'static str, Vec<Vec<u8>>>,
}

impl Book {
    /// Pins `value`'s frame under `key`, checking that it reads back as written.
    fn pin<T: Serialize + DeserializeOwned + PartialEq + Debug>(&mut self, key: String, value: &T) {
        let frame = encode_frame(value).unwrap_or_else(|error| panic!("{key}: {error}"));
        let (back, len) = decode_frame::<T>(&frame).unwrap_or_else(|error| panic!("{key}: {error}"));
        assert_eq!((&back, len), (value, frame.len()), "{key} reads back as it was written");
        assert!(self.pins.iter().all(|(known, _)| *known != key), "two samples are named {key}");
        self.pins.push((key, frame));
    }

    /// Notes a value of an enum whose variants must all be sampled.
    fn saw<T: Serialize>(&mut self, value: &T) -> &mut Book {
        let encoded = postcard::to_allocvec(value).expect("a sample encodes");
        self.seen.entry(std::any::type_name::<T>()).or_default().push(encoded);
        self
    }
}

/// The name of `value`'s variant, as serde knows it.
pub(super) fn variant<T: Serialize + DeserializeOwned>(value: &T) -> &'static str {
    let encoded = postcard::to_allocvec(value).expect("a sample encodes");
    variants::<T>(&[])[leading_indices(&encoded, 1)[0] as usize]
}

/// An action's kind: its variant's name in the game's notation type (`PlayEight`), read from
/// `Debug` since actions travel as their notation.
fn action_kind(action: AnyAction) -> String {
    let debug = format!("{action:?}");
    debug.split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty()).nth(1).unwrap_or("?").to_owned()
}

/// Every sample, in a fixed order.
pub(super) fn build() -> Book {
    let mut book = Book::default();
    let games: Vec<GamePlays> = GameKind::ALL.iter().map(|kind| play_game(*kind)).collect();
    greetings(&mut book);
    client(&mut book, &games);
    tables(&mut book);
    plays(&mut book, &games);
    results(&mut book);
    seeds_and_records(&mut book, &games);
    refusals(&mut book);
    book
}

/// A resume token with every byte different.
fn token() -> ResumeToken {
    ResumeToken(std::array::from_fn(|index| (index as u8).wrapping_mul(37).wrapping_add(11)))
}

/// A seat's share of a seed.
fn share(seat: u8) -> Contribution {
    Contribution(std::array::from_fn(|index| (index as u8).wrapping_mul(seat.wrapping_add(3))))
}

/// The seats of a table with one of every holder (a bot of every level).
fn seats(book: &mut Book) -> Vec<SeatInfo> {
    let mut holders = vec![Holder::Open, Holder::Guest, Holder::HostDevice];
    holders.extend(BotLevel::ALL.map(Holder::Bot));
    let names = ["", "Ana", "Борис", "Vera", "Chen", "Dara", "Émile"];
    holders
        .into_iter()
        .zip(names)
        .enumerate()
        .map(|(index, (holder, name))| {
            book.saw(&holder);
            if let Holder::Bot(level) = holder {
                book.saw(&level);
            }
            SeatInfo {
                name: name.to_owned(),
                holder,
                connected: index % 3 != 0,
                ready: index % 2 == 1,
                bot_in: (index % 3 == 0).then_some(97),
            }
        })
        .collect()
}

/// Hellos and Welcomes: every way of coming, and every answer.
fn greetings(book: &mut Book) {
    let seat_code = crate::net::protocol::SeatCode::from_number(482_913);
    for (join_as, resume, seat_code) in [(JoinAs::Player, None, seat_code), (JoinAs::Spectator, Some(token()), None)] {
        book.saw(&join_as);
        let name = variant(&join_as).to_lowercase();
        book.pin(format!("hello/{name}"), &Hello { version: PROTOCOL_VERSION, name: "Ana".to_owned(), join_as, resume, seat_code });
    }
    let admitted = Admitted { host_name: "Борис".to_owned(), token: token(), resumed: Some(Seat(2)), next_action: 17 };
    book.pin("welcome/admitted".to_owned(), &Welcome { version: PROTOCOL_VERSION, answer: Ok(admitted) });
    let refusals = [
        JoinRefusal::IncompatibleVersion { host: PROTOCOL_VERSION, guest: PROTOCOL_VERSION + 1 },
        JoinRefusal::BadName { name: "a\u{7}b".to_owned(), reason: "it holds control characters".to_owned() },
        JoinRefusal::Full,
        JoinRefusal::UnknownSeat,
        JoinRefusal::Removed,
        JoinRefusal::WrongSeatCode,
    ];
    for refusal in refusals {
        book.saw(&refusal);
        book.pin(format!("welcome/refused/{}", variant(&refusal)), &Welcome { version: PROTOCOL_VERSION, answer: Err(refusal) });
    }
}

/// Every guest message, and an action of every kind of every game.
fn client(book: &mut Book, games: &[GamePlays]) {
    let messages = [
        ("Sit/seat", ClientMsg::Sit { seat: Some(Seat(2)) }),
        ("Sit/any", ClientMsg::Sit { seat: None }),
        ("Watch", ClientMsg::Watch),
        ("Ready", ClientMsg::Ready { ready: true }),
        ("NextRound", ClientMsg::NextRound { base: 41 }),
        ("Leave", ClientMsg::Leave),
        ("SeedCommit", ClientMsg::SeedCommit(share(1).commitment())),
        ("SeedReveal", ClientMsg::SeedReveal(share(1))),
    ];
    for (key, message) in messages {
        book.saw(&message);
        book.pin(format!("client/{key}"), &message);
    }
    for game in games {
        let mut kinds = BTreeSet::new();
        for (step, (seat, action)) in game.plays.iter().flat_map(|played| played.actions().enumerate()) {
            let kind = action_kind(action);
            if kinds.insert(kind.clone()) {
                let message = ClientMsg::Act(ActionRequest { id: step as u64 + 1, base: step as u64 * 2, seat, action });
                book.saw(&message).saw(&action);
                book.pin(format!("client/Act/{}/{kind}", game.kind.id()), &message);
            }
        }
    }
}

/// The lobby, the start of a match and the seats, for every game's default options.
fn tables(book: &mut Book) {
    let seats = seats(book);
    let roles = [Role::Waiting, Role::Seated(vec![Seat(1)]), Role::Spectator];
    let commitments = vec![Some(share(0).commitment()), None, Some(share(2).commitment())];
    for (index, kind) in GameKind::ALL.iter().enumerate() {
        let options = AnyOptions::defaults(*kind);
        let you = roles[index % roles.len()].clone();
        book.saw(&options).saw(&you);
        let lobby = LobbyInfo {
            host_name: "Ana".to_owned(),
            options: options.clone(),
            seats: seats.clone(),
            others: vec!["Vera".to_owned(), "Zoe".to_owned()],
            asking: vec!["Zoe".to_owned()],
            needs_code: index % 2 == 0,
            you,
        };
        let message = HostMsg::Lobby(lobby);
        book.saw(&message);
        book.pin(format!("host/Lobby/{}", kind.id()), &message);
        let draw = SeedDraw { commitments: commitments.clone(), forfeited: SeatSet::only(Seat(1)) };
        let message = HostMsg::Started(MatchStart { options, seats: seats.clone(), you: Role::Seated(vec![Seat(0), Seat(2)]), draw });
        book.saw(&message);
        book.pin(format!("host/Started/{}", kind.id()), &message);
    }
    let message = HostMsg::Seats(seats);
    book.saw(&message);
    book.pin("host/Seats".to_owned(), &message);
    let paths = [PathKind::Lan, PathKind::Direct, PathKind::Relay];
    let message = HostMsg::Paths(
        paths
            .iter()
            .zip(["Bea", "Carl", "Dora"])
            .zip([2, 31, 84])
            .map(|((&path, name), rtt_ms)| PeerPath { name: name.to_owned(), path, rtt_ms })
            .collect(),
    );
    for path in paths {
        book.saw(&path);
    }
    book.saw(&message);
    book.pin("host/Paths".to_owned(), &message);
}

/// What the seeded matches showed: their options, views, events and results.
fn plays(book: &mut Book, games: &[GamePlays]) {
    for game in games {
        let id = game.kind.id();
        for (index, options) in game.options.iter().enumerate().skip(1) {
            book.saw(options);
            book.pin(format!("options/{id}/{index}"), options);
        }
        let first = &game.plays[0];
        for (seq, moment) in first.moments.iter().enumerate() {
            let viewer = match moment.viewer {
                Viewer::Seat(seat) => format!("seat-{}", seat.0),
                Viewer::Spectator => "spectator".to_owned(),
            };
            book.saw(&moment.viewer).saw(&moment.view);
            let update = Update {
                seq: seq as u64 * 10,
                viewer: moment.viewer,
                view: moment.view.clone(),
                events: moment.events.clone(),
                waiting_for: moment.waiting_for,
            };
            let message = HostMsg::Update(Box::new(update));
            book.saw(&message);
            book.pin(format!("host/Update/{id}/{}/{viewer}", moment.name), &message);
        }
        if let Some(round) = first.rounds.first() {
            let message = HostMsg::RoundOver(round.clone());
            book.saw(&message);
            book.pin(format!("host/RoundOver/{id}"), &message);
        }
        if let Some(result) = &first.result {
            let message = HostMsg::MatchOver(result.clone());
            book.saw(&message);
            book.pin(format!("host/MatchOver/{id}"), &message);
        }
        events(book, game);
    }
}

/// The first event of every kind and audience a game's matches showed, then those made by hand.
fn events(book: &mut Book, game: &GamePlays) {
    let mut pinned = BTreeSet::new();
    for addressed in game.plays.iter().flat_map(|played| &played.events).chain(&game.made) {
        let key = format!("event/{}/{}/{}", game.kind.id(), event_name(&addressed.event), variant(&addressed.audience));
        if pinned.insert(key.clone()) {
            book.saw(&addressed.event).saw(&addressed.audience);
            book.pin(key, addressed);
        }
    }
}

/// An event's variant name within its game (`drew`).
fn event_name(event: &AnyEvent) -> &'static str {
    let encoded = postcard::to_allocvec(event).expect("an event encodes");
    let indices = leading_indices(&encoded, 2);
    variants::<AnyEvent>(&indices[..1])[indices[1] as usize]
}

/// A round's end of every kind, and a score item of every kind (some happen once in many
/// matches), made by hand.
fn results(book: &mut Book) {
    let ends = [RoundEnd::WentOut(Seat(1)), RoundEnd::LastHolder(Seat(2)), RoundEnd::Blocked, RoundEnd::Called(Seat(0)), RoundEnd::TurnCap];
    let kinds = [
        ScoreKind::CardPoints,
        ScoreKind::QueenExit,
        ScoreKind::ResetToZero,
        ScoreKind::LoneQueen,
        ScoreKind::OnePenalty,
        ScoreKind::ReshufflePenalty,
        ScoreKind::DeclarerAdjustment,
        ScoreKind::GameWon,
    ];
    let mut score = SeatScore { items: Vec::new(), cards: vec!["QS".parse().expect("a card"), "7H".parse().expect("a card")] };
    for (points, kind) in (-20..).step_by(7).zip(kinds) {
        book.saw(&kind);
        score.add(kind, points);
    }
    for (round, end) in (1..).zip(ends) {
        book.saw(&end);
        let scores = BySeat::from(vec![score.clone(), SeatScore::default(), SeatScore::default()]);
        let result = RoundResult { round, end, scores, totals: BySeat::from(vec![12, -3, 108]) };
        book.pin(format!("host/RoundOver/end/{}", variant(&end)), &HostMsg::RoundOver(result));
    }
}

/// The seed's asks and the record's parts, with every kind of step.
fn seeds_and_records(book: &mut Book, games: &[GamePlays]) {
    let commitments = vec![Some(share(0).commitment()), None, Some(share(2).commitment())];
    let asks = [SeedAsk::Commit { host: share(0).commitment() }, SeedAsk::Reveal { commitments }];
    for ask in asks {
        let key = format!("host/Seed/{}", variant(&ask));
        book.saw(&ask);
        let message = HostMsg::Seed(ask);
        book.saw(&message);
        book.pin(key, &message);
    }
    for game in games {
        // The steps around the first deal after the first: actions and a new round.
        let steps = &game.plays[0].steps;
        let deal = steps.iter().position(|step| *step == Step::NextRound).unwrap_or(0);
        let part: Vec<Step> = steps[deal.saturating_sub(3)..(deal + 3).min(steps.len())].to_vec();
        for step in &part {
            book.saw(step);
        }
        let part = RecordPart::Steps(part);
        book.saw(&part);
        let message = HostMsg::Record(part);
        book.saw(&message);
        book.pin(format!("host/Record/Steps/{}", game.kind.id()), &message);
    }
    let end = RecordPart::End { contributions: vec![Some(share(0)), None, Some(share(2))], steps: 1234 };
    book.saw(&end);
    book.pin("host/Record/End".to_owned(), &HostMsg::Record(end));
}

/// Every refusal the host sends: of the table, of the lobby, and of the rules, each rule with
/// its data.
fn refusals(book: &mut Book) {
    let mut all = vec![
        Refusal::NotSeated,
        Refusal::NotYourSeat { seat: Seat(3) },
        Refusal::NotYourTurn,
        Refusal::Stale { base: 40, current: 43 },
        Refusal::Duplicate { id: 7 },
        Refusal::SnapGrace { left_ms: 1_250 },
        Refusal::NoMatch,
        Refusal::NotDrawing,
    ];
    let problems = [
        LobbyProblem::SeatNotFree { seat: Seat(1) },
        LobbyProblem::NoFreeSeat,
        LobbyProblem::MatchRunning,
        LobbyProblem::OpenSeats { count: 2 },
        LobbyProblem::NotReady { names: "Ana, Vera".to_owned() },
        LobbyProblem::Setup(format!("{} is played by 2 to 6 players, not 7", GameKind::ALL[0].name())),
        LobbyProblem::HostOnly,
        LobbyProblem::NeedsSeatCode,
    ];
    for problem in problems {
        book.saw(&problem);
        all.push(Refusal::Lobby(problem));
    }
    let card = "9D".parse().expect("a card");
    let mut errors = vec![
        ActionError::NotYourTurn { seat: Seat(2) },
        ActionError::NoRound,
        ActionError::NotBetweenRounds,
        ActionError::NotInHand { seat: Seat(1), card },
    ];
    let (first, last) = (GameKind::ALL[0], GameKind::ALL[GameKind::ALL.len() - 1]);
    let setups = [
        SetupError::Players { game: last.name().to_owned(), players: 9, min: 2, max: 6 },
        SetupError::Dealer { dealer: Seat(5), players: 4 },
        SetupError::NotInDeck { card },
        SetupError::Option { option: "score_limit".to_owned(), reason: "at most 1000000".to_owned() },
        SetupError::UnknownGame {
            id: "poker".to_owned(),
            known: GameKind::ALL.iter().map(|kind| kind.id()).collect::<Vec<_>>().join(", "),
        },
        SetupError::OptionsMismatch { options: first.name().to_owned(), game: last.name().to_owned() },
    ];
    for setup in setups {
        book.saw(&setup);
        errors.push(ActionError::Setup(setup));
    }
    for rule in crate::refusal_samples::one_of_each() {
        book.saw(&rule);
        errors.push(ActionError::illegal("play 9D", rule));
    }
    for error in errors {
        book.saw(&error);
        all.push(Refusal::Illegal(error));
    }
    for (id, refusal) in (1..).zip(all) {
        book.saw(&refusal);
        let key = match &refusal {
            Refusal::Lobby(problem) => format!("Lobby/{}", variant(problem)),
            Refusal::Illegal(ActionError::Setup(setup)) => format!("Illegal/Setup/{}", variant(setup)),
            Refusal::Illegal(ActionError::Illegal { refusal, .. }) => format!("Illegal/Illegal/{}", rule_key(refusal)),
            Refusal::Illegal(error) => format!("Illegal/{}", variant(error)),
            other => variant(other).to_owned(),
        };
        let message = HostMsg::Refused { id, refusal };
        book.saw(&message);
        book.pin(format!("host/Refused/{key}"), &message);
    }
}

/// A rule's stable key without its prefix (`does-not-follow`).
fn rule_key(refusal: &RuleRefusal) -> String {
    refusal.key().trim_start_matches("refusal-").to_owned()
}
