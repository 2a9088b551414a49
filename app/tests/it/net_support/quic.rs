//! Hosting and joining over real loopback QUIC, and guests that play at random until the match
//! is decided.

use std::net::SocketAddr;
use std::time::Duration;

use cardtable::net::guest::{Ending, GuestEvent, GuestLink, JoinRequest, Reconnected, join};
use cardtable::net::identity::{Fingerprint, Identity};
use cardtable::net::limits::HostLimits;
use cardtable::net::protocol::{ClientMsg, Hello, HostMsg, JoinAs, LobbyInfo, PROTOCOL_VERSION, ResumeToken, SeatCode};
use cardtable::net::record::network_record;
use cardtable::net::remote::{RemoteTable, view_legal, view_phase};
use cardtable::net::server::{HostHandle, HostSettings, start_host};
use cardtable::net::session::LinkStatus;
use cardtable::net::table::{HostCommand, SeatPlan, TableConfig, TableCore};
use cardtable::net::tls::{Liveness, Pin};
use cardtable::session::authority::Pacing;
use cardtable::store::profiles::ProfileBook;
use cardtable::store::record::{MatchRecord, NetworkPlay};
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameRng, MatchResult, Phase, RoundResult, Seat, Viewer};

/// A runtime for one test (two workers: the machine has two cores).
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime")
}

/// `options` with Youglouf's snap grace time off: random players over QUIC act the moment they
/// can, and the grace time has its own test (net_rules.rs).
pub fn no_snap_grace(options: AnyOptions) -> AnyOptions {
    match options {
        AnyOptions::Youglouf(mut youglouf) => {
            youglouf.snap_grace_ms = 0;
            AnyOptions::Youglouf(youglouf)
        }
        other => other,
    }
}

/// Quick liveness for tests: a silent peer is gone after a second.
pub fn quick_liveness() -> Liveness {
    Liveness { keep_alive: Duration::from_millis(200), idle_timeout: Duration::from_secs(1) }
}

/// Host settings for tests: loopback, no bot pace, quick liveness, and no message rate limit
/// (random players at a table of unpaced bots act far faster than a person could; the limit
/// has its own test in net_hostile.rs).
pub fn settings() -> HostSettings {
    HostSettings {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        liveness: quick_liveness(),
        bot_pace: Pacing::INSTANT,
        tick: Duration::from_millis(50),
        audit: None,
        waker: None,
        limits: HostLimits {
            message_burst: u32::MAX,
            messages_per_second: u32::MAX,
            // Every test device connects from 127.0.0.1, many of them within a second; the
            // handshake rates have their own tests (net_hostile_admission).
            handshake_burst_per_address: u32::MAX,
            handshake_burst: u32::MAX,
            ..HostLimits::default()
        },
    }
}

/// Hosts a table of `seats` seats with `config` and `settings`; returns the handle and the
/// host's identity.
pub fn host(options: AnyOptions, seats: usize, config: TableConfig, settings: HostSettings) -> (HostHandle, Identity) {
    let identity = Identity::generate().expect("identity");
    let config = with_test_seat_code(config);
    let table = TableCore::new(config, options, seats, 17).expect("table");
    let handle = start_host(table, &identity, settings).expect("host starts");
    (handle, identity)
}

pub use super::memory::{test_seat_code, with_test_seat_code};

/// A Hello for `name` with the tests' seat code.
pub fn hello(name: &str, resume: Option<ResumeToken>) -> Hello {
    hello_with_code(name, resume, Some(test_seat_code()))
}

/// A Hello for `name` with `seat_code` (none: a guest who did not type it).
pub fn hello_with_code(name: &str, resume: Option<ResumeToken>, seat_code: Option<SeatCode>) -> Hello {
    Hello { version: PROTOCOL_VERSION, name: name.to_owned(), join_as: JoinAs::Player, resume, seat_code }
}

/// Joins at `address`, pinning `host`.
pub async fn join_pinned(address: SocketAddr, host: Fingerprint, hello: Hello) -> GuestLink {
    let mut request = JoinRequest::new(address, Pin::Fingerprint(host), hello);
    request.liveness = quick_liveness();
    join(request).await.expect("joins")
}

/// Waits (up to 10 s) for a message to the host's device that satisfies `wanted`.
pub async fn host_sees(handle: &mut HostHandle, mut wanted: impl FnMut(&HostMsg) -> bool) -> HostMsg {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let message = handle.recv().await.expect("the table runs");
            if wanted(&message) {
                return message;
            }
        }
    })
    .await
    .expect("the host's device saw it in time")
}

/// Waits until the lobby shows every seat taken and every guest ready.
pub async fn lobby_ready(handle: &mut HostHandle) -> LobbyInfo {
    let message = host_sees(handle, |message| {
        matches!(message, HostMsg::Lobby(lobby) if lobby.seats.iter().all(|seat| seat.ready && seat.holder != cardtable::net::protocol::Holder::Open))
    })
    .await;
    let HostMsg::Lobby(lobby) = message else { unreachable!("filtered") };
    lobby
}

/// A guest playing at random.
pub struct Player {
    /// The connection.
    pub link: GuestLink,
    /// What it knows.
    pub table: RemoteTable,
    /// Its seat.
    pub seat: Seat,
    rng: GameRng,
    acted_on: Option<u64>,
    messages: usize,
    /// Each time its connection was lost and it got back to the table by itself.
    pub rejoined: Vec<Reconnected>,
}

/// How a guest's match ended, as it saw it.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The result it was told.
    pub result: MatchResult,
    /// The rounds it recorded.
    pub rounds: Vec<RoundResult>,
    /// Frames it received.
    pub messages: usize,
    /// What the device would keep in its score history.
    pub record: MatchRecord,
}

impl Player {
    /// A guest on `link` that will sit in `seat`.
    pub fn new(link: GuestLink, seat: Seat, seed: u64) -> Player {
        let table = RemoteTable::new(link.admitted().next_action);
        Player { link, table, seat, rng: GameRng::from_seed(seed), acted_on: None, messages: 0, rejoined: Vec::new() }
    }

    /// Sits down and says ready.
    pub fn sit(&self) {
        self.link.send(ClientMsg::Sit { seat: Some(self.seat) });
        self.link.send(ClientMsg::Ready { ready: true });
    }

    /// Plays until the match result and the host's record arrive (or `limit` passes); panics
    /// if the connection ends.
    pub async fn play(&mut self, limit: Duration) -> Outcome {
        let seat = self.seat;
        let decided = move |table: &RemoteTable| {
            table.result.is_some()
                && table.checked().is_some()
                && table.latest(Viewer::Seat(seat)).is_some_and(|latest| view_phase(latest) == Phase::MatchOver)
        };
        if let Err(ending) = self.play_until(limit, decided).await {
            panic!("the connection ended: {ending}");
        }
        let status = LinkStatus {
            start: self.table.start.clone(),
            rounds: self.table.rounds.clone(),
            result: self.table.result.clone(),
            matches: 1,
            checked: self.table.checked().cloned(),
            ..LinkStatus::default()
        };
        let now = jiff::Timestamp::now();
        let record = network_record(&status, &ProfileBook::default(), false, now, u64::from(seat.0)).expect("a decided match is recorded");
        Outcome { result: self.table.result.clone().expect("decided"), rounds: self.table.rounds.clone(), messages: self.messages, record }
    }

    /// Plays until `done` holds for what it knows (or `limit` passes, which panics); the
    /// connection's end, if it comes first, is returned.
    pub async fn play_until(&mut self, limit: Duration, done: impl Fn(&RemoteTable) -> bool) -> Result<(), Ending> {
        let deadline = tokio::time::Instant::now() + limit;
        self.move_if_asked();
        while !done(&self.table) {
            match tokio::time::timeout_at(deadline, self.link.next()).await.expect("in time") {
                Some(GuestEvent::Message(message)) => {
                    self.messages += 1;
                    if let Some(answer) = self.table.apply(message) {
                        self.link.send(answer);
                    }
                }
                Some(GuestEvent::Reconnecting(_)) => {}
                // A move sent before a lost connection may never have arrived: decide anew on
                // the table the host sends again.
                Some(GuestEvent::Reconnected(back)) => {
                    self.acted_on = None;
                    self.rejoined.push(back);
                }
                Some(GuestEvent::Ended(ending)) => return Err(ending),
                None => return Err(Ending::Lost("no word".to_owned())),
            }
            self.move_if_asked();
        }
        Ok(())
    }

    /// Takes in messages without acting until `done` holds (or `limit` passes, which panics).
    pub async fn watch_until(&mut self, limit: Duration, done: impl Fn(&RemoteTable) -> bool) -> Result<(), Ending> {
        let deadline = tokio::time::Instant::now() + limit;
        while !done(&self.table) {
            match tokio::time::timeout_at(deadline, self.link.next()).await.expect("in time") {
                Some(GuestEvent::Message(message)) => {
                    if let Some(answer) = self.table.apply(message) {
                        self.link.send(answer);
                    }
                }
                Some(GuestEvent::Reconnecting(_) | GuestEvent::Reconnected(_)) => {}
                Some(GuestEvent::Ended(ending)) => return Err(ending),
                None => return Err(Ending::Lost("no word".to_owned())),
            }
        }
        Ok(())
    }

    /// Acts once per state when the round waits for this seat; asks for the next round.
    pub fn move_if_asked(&mut self) {
        let Some(latest) = self.table.latest(Viewer::Seat(self.seat)) else { return };
        let seq = latest.seq;
        if self.acted_on == Some(seq) {
            return;
        }
        match view_phase(latest) {
            Phase::RoundOver => {
                if let Some(message) = self.table.next_round() {
                    self.acted_on = Some(seq);
                    self.link.send(message);
                }
            }
            Phase::Playing if latest.waiting_for.contains(self.seat) => {
                let legal = view_legal(latest);
                if legal.is_empty() {
                    return;
                }
                let view = latest.view.clone();
                let action = super::memory::Policy::EagerRandom.choose(self.seat, &view, &legal, &mut self.rng).unwrap_or(legal[0]);
                self.acted_on = Some(seq);
                let message = self.table.act(self.seat, action);
                self.link.send(message);
            }
            _ => {}
        }
    }
}

/// Ana (seat 0) and Bea (seat 1) sit and say ready, the host starts the match, and both see
/// the deal (both listen at once: the devices draw the seed together).
pub async fn sit_start_and_see_the_deal(handle: &mut HostHandle, ana: &mut Player, bea: &mut Player) {
    ana.sit();
    bea.sit();
    lobby_ready(handle).await;
    handle.command(HostCommand::Start);
    let has_view = |seat| move |table: &RemoteTable| table.latest(Viewer::Seat(seat)).is_some();
    let (ana_dealt, bea_dealt) = tokio::join!(
        ana.watch_until(Duration::from_secs(10), has_view(Seat(0))),
        bea.watch_until(Duration::from_secs(10), has_view(Seat(1)))
    );
    ana_dealt.expect("Ana sees the deal");
    bea_dealt.expect("Bea sees the deal");
}

/// Bots in seats `from..seats`.
pub fn fill_with_bots(handle: &HostHandle, from: usize, seats: usize) {
    for index in from..seats {
        handle.command(HostCommand::SetSeat {
            seat: Seat(index as u8),
            plan: SeatPlan::Bot { name: format!("Bot {index}"), level: BotLevel::Random },
        });
    }
}

/// A frame audit for the host: decodes every frame sent to a guest and leak-checks it against
/// the game as it was when the frame was made.
#[derive(Clone, Default)]
#[allow(clippy::disallowed_types, reason = "a test's audit, shared with the host's frame hook and read after the match")]
pub struct LeakAudit {
    /// Frames checked.
    pub frames: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    /// What leaked (must stay empty).
    pub leaks: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    viewers: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<cardtable::net::table::people::ConnId, Viewer>>>,
}

impl LeakAudit {
    /// The audit hook to put in [`HostSettings::audit`].
    pub fn hook(&self) -> cardtable::net::server::FrameAudit {
        let audit = self.clone();
        std::sync::Arc::new(move |conn, frame: &[u8], host: Option<&cardtable::session::host::Host>| {
            use cardtable::net::codec::decode_frame;
            audit.frames.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Ok((message, _)) = decode_frame::<HostMsg>(frame) else {
                if decode_frame::<cardtable::net::protocol::Welcome>(frame).is_err() {
                    audit.leaks.lock().expect("lock").push(format!("an undecodable frame to {conn:?}"));
                }
                return;
            };
            let mut viewers = audit.viewers.lock().expect("lock");
            match &message {
                HostMsg::Lobby(lobby) => {
                    if let Some(viewer) = super::memory::viewer_of(&lobby.you) {
                        viewers.insert(conn, viewer);
                    }
                }
                HostMsg::Started(start) => {
                    viewers.insert(conn, super::memory::viewer_of(&start.you).unwrap_or(Viewer::Spectator));
                }
                _ => {}
            }
            let viewer = viewers.get(&conn).copied().unwrap_or(Viewer::Spectator);
            if let Some(host) = host
                && let Err(leak) = super::leak::check(&message, viewer, host.game())
            {
                audit.leaks.lock().expect("lock").push(leak);
            }
        })
    }
}

/// Lets every player play the match to its end, then checks each agrees with the result the
/// host's device was told, rounds included; returns that result.
pub async fn play_all_and_agree(handle: &mut HostHandle, players: Vec<Player>, what: &str) -> MatchResult {
    let mut games = tokio::task::JoinSet::new();
    for mut player in players {
        games.spawn(async move { player.play(Duration::from_secs(240)).await });
    }
    // The host's device reads its line while the match is played, as the window does each
    // frame: its queue is bounded, and a long match sends it more than the queue holds.
    let mut outcomes = Vec::new();
    let mut told = None;
    let everyone_done = async {
        while !games.is_empty() || told.is_none() {
            tokio::select! {
                Some(game) = games.join_next(), if !games.is_empty() => outcomes.push(game.expect("a guest's task")),
                message = handle.recv() => {
                    if let HostMsg::MatchOver(result) = message.expect("the table runs") {
                        told = Some(result);
                    }
                }
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(300), everyone_done).await.expect("the match ends on every device in time");
    let expected = told.expect("the host's device was told the result");
    // The table task publishes its match after it sends the move's frames: on a loaded machine
    // the guests may be done before the last step is published.
    let longest = outcomes.iter().map(|outcome| outcome.record.steps.len()).max().unwrap_or(0);
    let published = async {
        loop {
            match handle.hosted() {
                Some(hosted) if hosted.steps().len() >= longest => return hosted,
                _ => tokio::time::sleep(Duration::from_millis(10)).await,
            }
        }
    };
    let hosted = tokio::time::timeout(Duration::from_secs(10), published).await.expect("the host publishes the match it played");
    for outcome in outcomes {
        assert_eq!(outcome.result, expected, "{what}: a guest disagrees on the result");
        // What the guest's history keeps: the same result and rounds, its own seat, and the
        // host's record checked on the guest: the very match the host played, replayable.
        let record = &outcome.record;
        assert_eq!((&record.result, &record.rounds), (&expected, &outcome.rounds), "{what}: the guest's record");
        assert_eq!(record.network.as_ref().map(|network| (network.seats.iter().count(), network.decided)), Some((1, true)), "{what}");
        assert!(record.network.as_ref().is_some_and(NetworkPlay::verified), "{what}: {:?}", record.network);
        assert!(record.replays(), "{what}: a verified record replays");
        assert_eq!((record.seed, record.steps.as_slice()), (hosted.seed(), hosted.steps()), "{what}: the guest keeps the host's match");
        assert_eq!(outcome.rounds.len() as u32, expected.rounds, "{what}: a guest missed a round");
        assert_eq!(outcome.rounds.last().map(|round| &round.totals), Some(&expected.totals), "{what}: the last round's totals");
    }
    expected
}
