//! What a device knows of a networked table, built only from the host's messages: the lobby,
//! the seats, its latest view per seat it plays, the events it was shown, the rounds finished
//! and the match result (kept even if the host leaves, for this device's own history). It also
//! numbers this device's actions and names the state they were decided on.

use cardtable_engine::{AnyAction, AnyEvent, MatchResult, Phase, RoundResult, Seat, SeatSet, Viewer};

use super::protocol::{ActionRequest, ClientMsg, Holder, HostMsg, LobbyInfo, MatchStart, Refusal, Role, SeatInfo, Update};

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
    next_action: u64,
}

impl RemoteTable {
    /// A table whose actions are numbered from `next_action` (the host's Welcome says where).
    #[must_use]
    pub fn new(next_action: u64) -> RemoteTable {
        RemoteTable { next_action, ..RemoteTable::default() }
    }

    /// Takes in one message from the host.
    pub fn apply(&mut self, message: HostMsg) {
        match message {
            HostMsg::Lobby(lobby) => {
                self.seats.clone_from(&lobby.seats);
                self.lobby = Some(lobby);
                self.start = None;
            }
            HostMsg::Started(start) => {
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
    }

    fn take_update(&mut self, update: Update) {
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
