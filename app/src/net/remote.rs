//! What a device knows of a networked table, built only from the host's messages: the lobby,
//! the seats, its latest view per seat it plays, the events it was shown, the rounds finished
//! and the match result (kept even if the host leaves, for this device's own history). It also
//! numbers this device's actions and names the state they were decided on.

use cardtable_engine::{AnyAction, AnyEvent, GameRng, MatchResult, Phase, RoundResult, Seat, SeatSet, Viewer};

use super::fair::{Contribution, SeedAsk};
use super::protocol::{ActionRequest, ClientMsg, Holder, HostMsg, LobbyInfo, MatchStart, Refusal, Role, SeatInfo, Update};
use super::verify::{Checked, Witness};

/// Events kept per viewer for the table's log.
const LOG_LIMIT: usize = 500;

/// One viewer's latest state and log.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewerState {
    /// The latest update for this viewer.
    pub latest: Update,
    /// The events shown to this viewer, oldest first (the latest [`LOG_LIMIT`]).
    pub log: Vec<AnyEvent>,
}

/// A device's picture of a networked table.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RemoteTable {
    /// The lobby as last told (until a match starts).
    pub lobby: Option<LobbyInfo>,
    /// The match being played, as announced.
    pub start: Option<MatchStart>,
    /// Who holds each seat, kept up to date during the match.
    pub seats: Vec<SeatInfo>,
    /// Per viewer (each seat this device plays, or the spectator).
    pub viewers: Vec<ViewerState>,
    /// Rounds of this match finished so far, in order.
    pub rounds: Vec<RoundResult>,
    /// The match result, once decided.
    pub result: Option<MatchResult>,
    /// The last refusal the host sent.
    pub refusal: Option<Refusal>,
    /// What this device was shown of the match, to check the host's record at the end.
    pub witness: Witness,
    /// Where this device's shares of match seeds come from: the system's random source, or
    /// (tests) a seeded generator so a table's games can be played again.
    shares: Option<GameRng>,
    next_action: u64,
}

impl RemoteTable {
    /// A table whose actions are numbered from `next_action` (the host's Welcome says where).
    #[must_use]
    pub fn new(next_action: u64) -> RemoteTable {
        RemoteTable { next_action, ..RemoteTable::default() }
    }

    /// Draws this device's shares of match seeds from `rng` instead of the system's random
    /// source (tests and fuzzing, which must play the same games again).
    #[must_use]
    pub fn with_seeded_shares(mut self, rng: GameRng) -> RemoteTable {
        self.shares = Some(rng);
        self
    }

    /// A new share of a match seed.
    fn new_share(&mut self) -> Option<Contribution> {
        match &mut self.shares {
            Some(rng) => {
                let mut bytes = [0; 32];
                for chunk in bytes.chunks_mut(8) {
                    chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
                }
                Some(Contribution(bytes))
            }
            None => Contribution::generate().inspect_err(|error| tracing::error!(%error, "no random source for a share of the seed")).ok(),
        }
    }

    /// Takes in one message from the host; returns this device's answer when the message asks
    /// for one (its share of a match seed), to send to the host.
    #[must_use = "the answer goes to the host"]
    pub fn apply(&mut self, message: HostMsg) -> Option<ClientMsg> {
        match message {
            HostMsg::Seed(SeedAsk::Commit { host }) => {
                let share = self.new_share()?;
                let seats = match self.role() {
                    Some(Role::Seated(seats)) => seats.iter().copied().collect(),
                    _ => SeatSet::EMPTY,
                };
                self.witness.committed(share, seats, host);
                return Some(ClientMsg::SeedCommit(share.commitment()));
            }
            HostMsg::Seed(SeedAsk::Reveal { .. }) => return self.witness.own().map(ClientMsg::SeedReveal),
            HostMsg::Record(part) => {
                self.witness.record(part, self.start.as_ref(), &self.rounds, self.result.as_ref());
            }
            HostMsg::Lobby(lobby) => {
                self.seats.clone_from(&lobby.seats);
                self.lobby = Some(lobby);
                self.start = None;
            }
            HostMsg::Started(start) => {
                // A device that comes back to the same match is told its start again: what it
                // saw before still counts. Another match has other commitments.
                let same_match = self.start.as_ref().is_some_and(|known| known.draw == start.draw);
                self.witness.begin(same_match);
                self.seats.clone_from(&start.seats);
                self.start = Some(start);
                self.lobby = None;
                self.viewers.clear();
                self.rounds.clear();
                self.result = None;
                self.refusal = None;
            }
            HostMsg::Seats(seats) => self.seats = seats,
            HostMsg::Update(update) => self.take_update(*update),
            HostMsg::RoundOver(round) => match self.rounds.iter_mut().find(|known| known.round == round.round) {
                Some(known) => *known = round,
                None => self.rounds.push(round),
            },
            HostMsg::MatchOver(result) => self.result = Some(result),
            HostMsg::Refused { refusal, .. } => self.refusal = Some(refusal),
        }
        None
    }

    /// The host's record of the last match, checked against what this device saw, once it
    /// arrived.
    #[must_use]
    pub fn checked(&self) -> Option<&Checked> {
        self.witness.checked()
    }

    fn take_update(&mut self, update: Update) {
        self.witness.shown(&update);
        match self.viewers.iter_mut().find(|state| state.latest.viewer == update.viewer) {
            Some(state) => {
                state.log.extend(update.events.iter().cloned());
                let excess = state.log.len().saturating_sub(LOG_LIMIT);
                state.log.drain(..excess);
                state.latest = update;
            }
            None => self.viewers.push(ViewerState { log: update.events.clone(), latest: update }),
        }
    }

    /// The latest update for `viewer`.
    #[must_use]
    pub fn latest(&self, viewer: Viewer) -> Option<&Update> {
        self.viewers.iter().find(|state| state.latest.viewer == viewer).map(|state| &state.latest)
    }

    /// This device's place at the table.
    #[must_use]
    pub fn role(&self) -> Option<&Role> {
        self.start.as_ref().map(|start| &start.you).or_else(|| self.lobby.as_ref().map(|lobby| &lobby.you))
    }

    /// Seats whose guest's connection dropped (a bot takes over only after the grace period).
    #[must_use]
    pub fn away(&self) -> SeatSet {
        Seat::all(self.seats.len())
            .filter(|seat| !self.seats[seat.index()].connected && self.seats[seat.index()].holder == Holder::Guest)
            .collect()
    }

    /// The newest state number seen.
    #[must_use]
    pub fn seq(&self) -> u64 {
        self.viewers.iter().map(|state| state.latest.seq).max().unwrap_or(0)
    }

    /// The message that takes `action` for `seat`, decided on the latest state seen.
    pub fn act(&mut self, seat: Seat, action: AnyAction) -> ClientMsg {
        let id = self.next_action;
        self.next_action += 1;
        self.refusal = None;
        ClientMsg::Act(ActionRequest { id, base: self.seq(), seat, action })
    }

    /// The message that asks for the next round, if a round is over.
    #[must_use]
    pub fn next_round(&self) -> Option<ClientMsg> {
        let over = self.viewers.iter().any(|state| view_phase(&state.latest) == Phase::RoundOver);
        over.then(|| ClientMsg::NextRound { base: self.seq() })
    }
}

/// The phase an update shows.
#[must_use]
pub fn view_phase(update: &Update) -> Phase {
    update.view.phase()
}

/// The legal actions an update offers its viewer.
#[must_use]
pub fn view_legal(update: &Update) -> Vec<AnyAction> {
    update.view.legal()
}
