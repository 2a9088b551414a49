//! The messages between a host and its guests, as typed enums. A guest's first frame is a
//! [`Hello`] and the host's first frame a [`Welcome`]; both open with the protocol version so
//! that any version of either side can read that much and say "incompatible version" in words.
//! After that a guest sends [`ClientMsg`]s and the host sends [`HostMsg`]s.
//!
//! What the host sends a guest is already filtered to that guest's seat: a view made for its
//! viewer and the events addressed to it (ARCHITECTURE.md, rule 2). No message carries the
//! true state, another seat's hand, the stock order or the seed.

use std::fmt;

use cardtable_engine::bots::BotLevel;
use cardtable_engine::{ActionError, Addressed, AnyAction, AnyEvent, AnyOptions, AnyView, MatchResult, RoundResult, Seat, SeatSet, Viewer};
use serde::{Deserialize, Serialize};

use super::fair::{Commitment, Contribution, RecordPart, SeedAsk, SeedDraw};
pub use super::seat_code::SeatCode;
use crate::session::authority::Refused;

/// The QUIC application protocol (ALPN) every Cardtable host and guest offer. It stays the same
/// across versions: the version is checked in the first frames, where it can be answered.
pub const ALPN: &[u8] = b"cardtable";

/// The version of the messages below; a host admits only guests of the same version.
/// 2: a refused action carries the rule it breaks as data (`Refusal`), not an English sentence.
/// 3: the match seed is drawn by every seated device (commit, then reveal) and every device
/// receives the full record once the match is over (`super::fair`).
/// 4: an update's events carry their audience.
/// 5: a Hello with a resume token the table never gave is refused (`JoinRefusal::UnknownSeat`);
/// the host may remove a guest (`CloseCode::Removed`, then `JoinRefusal::Removed`).
/// 6: sitting needs the table's seat code (`Hello::seat_code`, `JoinRefusal::WrongSeatCode`)
/// or the host's "Let in" (`LobbyInfo::needs_code`, `LobbyInfo::asking`).
/// 7: an away guest's seat says how long it is still held for its guest (`SeatInfo::bot_in`).
/// 8: the host tells each guest how the other guests' devices reach it (`HostMsg::Paths`).
pub const PROTOCOL_VERSION: u32 = 8;

/// Longest profile name a host accepts, in characters as a reader counts them.
pub const MAX_NAME_CHARS: usize = crate::person_name::MOST_CHARACTERS;

/// A secret the host gives each guest so it can take its seat back after a drop or a restart.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ResumeToken(#[serde(with = "super::hex_bytes")] pub [u8; 16]);

impl ResumeToken {
    /// A fresh token from the operating system's random source.
    ///
    /// # Errors
    /// The system has no random source.
    pub fn generate() -> Result<ResumeToken, getrandom::Error> {
        let mut bytes = [0; 16];
        getrandom::fill(&mut bytes)?;
        Ok(ResumeToken(bytes))
    }
}

impl fmt::Debug for ResumeToken {
    // A token is a credential: logs show only that there is one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ResumeToken(..)")
    }
}

/// What a guest comes for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum JoinAs {
    /// To take a seat and play.
    Player,
    /// To watch: a spectator sees no hand.
    Spectator,
}

/// A guest's first frame.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The guest's [`PROTOCOL_VERSION`]; first, so every version can read it.
    pub version: u32,
    /// The guest's profile name, shown at the table.
    pub name: String,
    /// Play or watch.
    pub join_as: JoinAs,
    /// The token of a seat this guest held at this host, to take it back.
    pub resume: Option<ResumeToken>,
    /// The table's seat code, as the guest typed it or its invite carried it: sitting needs
    /// it (or the host's "Let in"). A wrong one is refused; none lets the guest in to wait.
    pub seat_code: Option<SeatCode>,
}

/// The host's first frame.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Welcome {
    /// The host's [`PROTOCOL_VERSION`]; first, so every version can read it.
    pub version: u32,
    /// Admitted, or why not.
    pub answer: Result<Admitted, JoinRefusal>,
}

/// A guest let in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Admitted {
    /// The host's profile name.
    pub host_name: String,
    /// The token to keep for taking this place back later.
    pub token: ResumeToken,
    /// The seat given back, when the Hello resumed one during a match.
    pub resumed: Option<Seat>,
    /// The id the guest's next action must carry at least (ids already used are duplicates).
    pub next_action: u64,
}

/// Why a host turned a guest away (the connection then closes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum JoinRefusal {
    /// The two sides speak different protocol versions.
    #[error("incompatible version: the host speaks protocol {host}, this device protocol {guest}; update both to the same Cardtable")]
    IncompatibleVersion {
        /// The host's version.
        host: u32,
        /// The guest's version.
        guest: u32,
    },
    /// The profile name shows nothing, is too long, or holds hidden characters.
    #[error("the name {name:?} cannot be used at a table: {reason}")]
    BadName {
        /// The name as received (cut to a readable length).
        name: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The host takes no more guests.
    #[error("the table is full")]
    Full,
    /// The Hello came back with a resume token this table never gave: another table answering
    /// with the same identity (a copied data folder), or the table was opened again since.
    #[error("this table does not know your seat: it is another table of the same host, or it was opened again")]
    UnknownSeat,
    /// The host removed this device from the table: its token no longer lets it back.
    #[error("the host removed you from this table")]
    Removed,
    /// The seat code given is not this table's.
    #[error("that is not this table's seat code: look at the host's screen again")]
    WrongSeatCode,
}

/// Who holds a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Holder {
    /// Nobody yet.
    Open,
    /// A guest on another device.
    Guest,
    /// A person at the host's own device (hot-seat).
    HostDevice,
    /// A bot of this level (also a guest's seat after its grace period ran out).
    Bot(BotLevel),
}

/// One seat as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The name shown (empty while open).
    pub name: String,
    /// Who holds it.
    pub holder: Holder,
    /// Whether the holder's device is connected (always true for bots and the host's device).
    pub connected: bool,
    /// In the lobby: the holder is ready to start.
    pub ready: bool,
    /// While a guest's device is away: whole seconds, from when this was sent, until a bot
    /// plays the seat (every device counts them down on its own clock).
    pub bot_in: Option<u32>,
}

/// The seats as the table screen names them: a bot by its level, everyone else a person.
#[must_use]
pub fn occupants(seats: &[SeatInfo]) -> Vec<crate::session::seating::Occupant> {
    use crate::session::seating::Occupant;
    seats
        .iter()
        .map(|seat| match seat.holder {
            Holder::Bot(level) => Occupant::Bot { name: seat.name.clone(), level },
            Holder::Open | Holder::Guest | Holder::HostDevice => Occupant::Human { name: seat.name.clone() },
        })
        .collect()
}

/// Where a participant is at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// In the lobby without a seat yet.
    Waiting,
    /// Playing these seats (a guest has one; the host's device may have several).
    Seated(Vec<Seat>),
    /// Watching.
    Spectator,
}

/// The table being formed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LobbyInfo {
    /// The host's profile name.
    pub host_name: String,
    /// The game and house rules the host chose.
    pub options: AnyOptions,
    /// The seats, in order.
    pub seats: Vec<SeatInfo>,
    /// Names of the guests without a seat (waiting or watching).
    pub others: Vec<String>,
    /// Names of the guests who asked to sit without the table's seat code: the host may let
    /// them in.
    pub asking: Vec<String>,
    /// The recipient needs the table's seat code (or the host's "Let in") to sit.
    pub needs_code: bool,
    /// The recipient's place.
    pub you: Role,
}

/// A match begins.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchStart {
    /// The game and house rules.
    pub options: AnyOptions,
    /// The seats, in order.
    pub seats: Vec<SeatInfo>,
    /// The recipient's place.
    pub you: Role,
    /// How the deal's seed was drawn: each seat's commitment and who forfeited a say.
    pub draw: SeedDraw,
}

/// The state of the match as one viewer may see it, after a change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Update {
    /// The host's state number: every applied action or deal adds one. An action names the
    /// number it was decided on, so the host can refuse it when the table moved on.
    pub seq: u64,
    /// Whose view this is.
    pub viewer: Viewer,
    /// What the viewer may know now, its legal actions included.
    pub view: AnyView,
    /// What happened since the last update, as far as the viewer may see it, each event with
    /// its audience as the host holds it (a device that plays several seats keeps one log).
    pub events: Vec<Addressed<AnyEvent>>,
    /// The seats the round waits for (others may have optional decisions).
    pub waiting_for: SeatSet,
}

/// Why the host refused an action; the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum Refusal {
    /// The sender holds no seat.
    #[error("you have no seat at this table")]
    NotSeated,
    /// The seat named is not the sender's.
    #[error("{seat} is not yours")]
    NotYourSeat {
        /// The seat named.
        seat: Seat,
    },
    /// The seat has no decision now.
    #[error("it is not your decision now")]
    NotYourTurn,
    /// The action was decided on an older state.
    #[error("the table moved on: you acted on state {base}, it is at {current}")]
    Stale {
        /// The state the action was decided on.
        base: u64,
        /// The state now.
        current: u64,
    },
    /// An action with this id (or a later one) was already received from the sender.
    #[error("action {id} was already received")]
    Duplicate {
        /// The repeated id.
        id: u64,
    },
    /// A Youglouf snap window is open: the turn may take a card once its grace time is over.
    #[error("others may still snap: wait {left_ms} ms before taking a card")]
    SnapGrace {
        /// How long is left, in milliseconds.
        left_ms: u64,
    },
    /// The rules refuse the action.
    #[error("{0}")]
    Illegal(ActionError),
    /// No match is being played (the lobby, or between matches).
    #[error("no match is being played")]
    NoMatch,
    /// A share of a seed came when none was asked for (or came twice).
    #[error("no seed is being drawn with this device now")]
    NotDrawing,
    /// A lobby request that cannot be met (seat taken, not in the lobby, ...).
    #[error("{0}")]
    Lobby(LobbyProblem),
}

impl From<Refused> for Refusal {
    fn from(refused: Refused) -> Refusal {
        match refused {
            Refused::NotYourTurn => Refusal::NotYourTurn,
            Refused::SnapGrace { left_ms } => Refusal::SnapGrace { left_ms },
            Refused::Illegal(error) => Refusal::Illegal(error),
        }
    }
}

/// Why a lobby request or the start of a match cannot be done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum LobbyProblem {
    /// The seat is taken or not at the table.
    #[error("{seat} is not free")]
    SeatNotFree {
        /// The seat asked for.
        seat: Seat,
    },
    /// Every seat is taken.
    #[error("every seat is taken")]
    NoFreeSeat,
    /// A match is being played.
    #[error("a match is being played")]
    MatchRunning,
    /// Seats are still open.
    #[error("{count} seat(s) are still open")]
    OpenSeats {
        /// How many.
        count: usize,
    },
    /// Seated guests have not said they are ready.
    #[error("not ready yet: {names}")]
    NotReady {
        /// Their names.
        names: String,
    },
    /// The game cannot be played with this table.
    #[error("{0}")]
    Setup(String),
    /// Only the host's device may do this.
    #[error("only the host may do this")]
    HostOnly,
    /// The guest joined without the table's seat code: the host must let it in to sit.
    #[error("you joined without the table's seat code: the host has been asked to let you in")]
    NeedsSeatCode,
}

/// An action a seat takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRequest {
    /// The sender's own number for this action, rising: a repeated or older id is a duplicate.
    pub id: u64,
    /// The [`Update::seq`] the action was decided on.
    pub base: u64,
    /// The seat acting.
    pub seat: Seat,
    /// The action.
    pub action: AnyAction,
}

/// What a guest (or the host's own device) sends after its Hello.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClientMsg {
    /// Take this seat, or any open one.
    Sit {
        /// The seat wanted, or `None` for the first open one.
        seat: Option<Seat>,
    },
    /// Leave one's seat and watch instead.
    Watch,
    /// Ready (or not) to start.
    Ready {
        /// Whether ready.
        ready: bool,
    },
    /// Take an action at the table.
    Act(ActionRequest),
    /// Ready for the next round once a round is over.
    NextRound {
        /// The [`Update::seq`] of the round's end.
        base: u64,
    },
    /// Leave the table for good (the seat goes to a bot at once).
    Leave,
    /// This device's commitment to its share of the match seed (answers [`SeedAsk::Commit`]).
    SeedCommit(Commitment),
    /// This device's share of the match seed (answers [`SeedAsk::Reveal`]).
    SeedReveal(Contribution),
}

/// What the host sends a guest after its Welcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum HostMsg {
    /// The table being formed changed.
    Lobby(LobbyInfo),
    /// A match begins.
    Started(MatchStart),
    /// The seats changed during a match (someone dropped, came back, or a bot took over).
    Seats(Vec<SeatInfo>),
    /// The state after a change, for one viewer (boxed: by far the largest message).
    Update(Box<Update>),
    /// A round is over: its result, for every device's history.
    RoundOver(RoundResult),
    /// The match is decided: its result, for every device's history.
    MatchOver(MatchResult),
    /// A match is about to begin: take part in drawing its seed.
    Seed(SeedAsk),
    /// A piece of the finished match's full record (sent only once it is over).
    Record(RecordPart),
    /// The sender's action or request was refused; nothing changed.
    Refused {
        /// The action's id (0 for requests other than actions).
        id: u64,
        /// Why.
        refusal: Refusal,
    },
    /// How the other guests' devices reach the host now (sent when it changes), so every
    /// table says how each device is connected, not only the host's.
    Paths(Vec<PeerPath>),
}

/// The path a connection's packets take now (it travels: `HostMsg::Paths`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PathKind {
    /// Straight over the home network (quinn).
    Lan,
    /// Online, straight between the two devices (a punched or open path).
    Direct,
    /// Online, through a relay server.
    Relay,
}

impl fmt::Display for PathKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PathKind::Lan => "LAN",
            PathKind::Direct => "direct",
            PathKind::Relay => "via relay",
        })
    }
}

/// How one other device reaches the host: its player's name, the path and the round trip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeerPath {
    /// The device's player, as the host names it.
    pub name: String,
    /// LAN, direct or via relay.
    pub path: PathKind,
    /// The round trip, in milliseconds.
    pub rtt_ms: u32,
}

/// Why a connection was closed, sent as the QUIC application close code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CloseCode {
    /// The guest left, or the connection ended normally.
    Normal = 0,
    /// The host closed the table.
    HostLeft = 1,
    /// A frame was malformed or too large.
    Protocol = 2,
    /// The versions differ.
    Version = 3,
    /// The seat was resumed on a newer connection.
    Replaced = 4,
    /// The host turned the guest away.
    Refused = 5,
    /// The guest could not keep up with the frames sent to it.
    TooSlow = 6,
    /// The host removed the guest from the table.
    Removed = 7,
}

impl CloseCode {
    /// The code with this number, if known.
    #[must_use]
    pub fn from_u64(code: u64) -> Option<CloseCode> {
        [
            CloseCode::Normal,
            CloseCode::HostLeft,
            CloseCode::Protocol,
            CloseCode::Version,
            CloseCode::Replaced,
            CloseCode::Refused,
            CloseCode::TooSlow,
            CloseCode::Removed,
        ]
        .into_iter()
        .find(|close| *close as u64 == code)
    }
}

/// Checks a profile name received from the network and returns it as it will be shown
/// (normalised by [`crate::person_name::normalise`]).
///
/// # Errors
/// Nothing visible, longer than [`MAX_NAME_CHARS`], or holding control, format or bidi
/// characters or a tower of accents.
pub fn check_name(name: &str) -> Result<String, JoinRefusal> {
    crate::person_name::normalise(name)
        .map_err(|problem| JoinRefusal::BadName { name: name.chars().take(MAX_NAME_CHARS + 8).collect(), reason: problem.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_bounded_and_printable() {
        assert!(check_name("Ana").is_ok());
        assert!(check_name("Мария").is_ok());
        assert!(check_name("  ").is_err());
        assert!(check_name(&"x".repeat(MAX_NAME_CHARS + 1)).is_err());
        assert!(check_name("a\u{7}b").is_err());
    }

    #[test]
    fn close_codes_round_trip_through_their_numbers() {
        for code in 0..8 {
            if let Some(close) = CloseCode::from_u64(code) {
                assert_eq!(close as u64, code);
            }
        }
        assert_eq!(CloseCode::from_u64(1), Some(CloseCode::HostLeft));
        assert_eq!(CloseCode::from_u64(99), None);
    }

    #[test]
    fn tokens_are_random_and_never_logged() {
        let first = ResumeToken::generate().expect("random");
        let second = ResumeToken::generate().expect("random");
        assert_ne!(first, second);
        assert_eq!(format!("{first:?}"), "ResumeToken(..)");
    }
}
