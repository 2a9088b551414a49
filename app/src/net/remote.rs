//! What a device knows of a networked table, built only from the host's messages: the lobby,
//! the seats, its latest view per seat it plays, one log of the events it was shown (each with
//! the audience the host gave it), the rounds finished and the match result (kept even if the
//! host leaves, for this device's own history). It also numbers this device's actions and
//! names the state they were decided on.

use cardtable_engine::{Addressed, AnyAction, AnyEvent, GameRng, MatchResult, Phase, RoundResult, Seat, SeatSet, Viewer};

use super::fair::{Contribution, SeedAsk};
use super::protocol::{ActionRequest, ClientMsg, Holder, HostMsg, LobbyInfo, MatchStart, PeerPath, Refusal, Role, SeatInfo, Update};
use super::verify::{Checked, Witness};

/// A device's picture of a networked table.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RemoteTable {
    /// The lobby as last told (until a match starts).
    pub lobby: Option<LobbyInfo>,
    /// The match being played, as announced.
    pub start: Option<MatchStart>,
    /// Who holds each seat, kept up to date during the match.
    pub seats: Vec<SeatInfo>,
    /// The latest update per viewer (each seat this device plays, or the spectator).
    pub viewers: Vec<Update>,
    /// The events of this match shown to any of this device's viewers, once each, oldest
    /// first.
    history: Vec<Addressed<AnyEvent>>,
    /// The state whose updates are being merged into `history`, where its events begin, and
    /// the viewers whose update for it came already.
    merging: Option<(u64, usize, Vec<Viewer>)>,
    /// Viewers whose first update since this device came back to the same match is still to
    /// come: it carries the host's last events, partly known already.
    catching_up: Vec<Viewer>,
    /// Rounds of this match finished so far, in order.
    pub rounds: Vec<RoundResult>,
    /// The match result, once decided.
    pub result: Option<MatchResult>,
    /// The last refusal the host sent.
    pub refusal: Option<Refusal>,
    /// How the other guests' devices reach the host, as last told.
    pub peer_paths: Vec<PeerPath>,
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
                // Back at the same match (a lost connection, dialled again): the log so far
                // stays, and the host's last events join it without repeats.
                self.catching_up = if same_match { self.viewers.iter().map(|latest| latest.viewer).collect() } else { Vec::new() };
                if !same_match {
                    self.history.clear();
                }
                self.viewers.clear();
                self.merging = None;
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
            HostMsg::Paths(paths) => self.peer_paths = paths,
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
        if let Some(index) = self.catching_up.iter().position(|viewer| *viewer == update.viewer) {
            self.catching_up.swap_remove(index);
            self.merge_catch_up(&update);
        } else {
            self.merge_events(&update);
        }
        match self.viewers.iter_mut().find(|latest| latest.viewer == update.viewer) {
            Some(latest) => *latest = update,
            None => self.viewers.push(update),
        }
    }

    /// Adds an update's events to the one log. A device that plays several seats gets one
    /// update per seat for each state, and an event every one of them may see comes in each:
    /// it is kept once, and an event only this viewer sees goes in its place among them (each
    /// viewer's events stay in the host's order).
    fn merge_events(&mut self, update: &Update) {
        let (from, earlier) = match &mut self.merging {
            Some((seq, from, viewers)) if *seq == update.seq && !viewers.contains(&update.viewer) => {
                viewers.push(update.viewer);
                (*from, viewers[..viewers.len() - 1].to_vec())
            }
            _ => {
                self.merging = Some((update.seq, self.history.len(), vec![update.viewer]));
                (self.history.len(), Vec::new())
            }
        };
        let mut cursor = from;
        for event in &update.events {
            let known = earlier.iter().any(|viewer| event.audience.includes(*viewer));
            match known.then(|| self.history[cursor..].iter().position(|kept| kept == event)).flatten() {
                Some(offset) => cursor += offset + 1,
                None => {
                    self.history.insert(cursor, event.clone());
                    cursor += 1;
                }
            }
        }
    }

    /// Adds the events of the host's catch-up update after the log's own: the host sends its
    /// last events for the viewer, and those this device was shown before the loss already end
    /// the log (the longest such overlap is taken; events missed while away follow it).
    fn merge_catch_up(&mut self, update: &Update) {
        let seen: Vec<&Addressed<AnyEvent>> = self.history.iter().filter(|event| event.audience.includes(update.viewer)).collect();
        let recent = &update.events;
        let overlap = (0..=recent.len().min(seen.len()))
            .rev()
            .find(|&count| seen[seen.len() - count..].iter().copied().eq(recent[..count].iter()))
            .unwrap_or(0);
        self.history.extend(recent[overlap..].iter().cloned());
        self.merging = None;
    }

    /// The events of this match shown to this device's viewers, each once, oldest first.
    #[must_use]
    pub fn history(&self) -> &[Addressed<AnyEvent>] {
        &self.history
    }

    /// The latest update for `viewer`.
    #[must_use]
    pub fn latest(&self, viewer: Viewer) -> Option<&Update> {
        self.viewers.iter().find(|latest| latest.viewer == viewer)
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
        self.viewers.iter().map(|latest| latest.seq).max().unwrap_or(0)
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
        let over = self.viewers.iter().any(|latest| view_phase(latest) == Phase::RoundOver);
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

#[cfg(test)]
mod tests {
    use super::*;
    use cardtable_engine::games::crazy_eights::CrazyEightsEvent;
    use cardtable_engine::{AnyGame, AnyOptions, Audience, Card, GameKind, TableSetup};

    fn addressed(audience: Audience, event: CrazyEightsEvent) -> Addressed<AnyEvent> {
        Addressed { audience, event: AnyEvent::CrazyEights(event) }
    }

    fn update(game: &AnyGame, seq: u64, seat: Seat, events: &[Addressed<AnyEvent>]) -> HostMsg {
        let viewer = Viewer::Seat(seat);
        let events = events.iter().filter(|event| event.audience.includes(viewer)).cloned().collect();
        HostMsg::Update(Box::new(Update { seq, viewer, view: game.view(viewer), events, waiting_for: game.waiting_for() }))
    }

    /// A device that plays seats 0 and 1 gets one update per seat for each state: the log
    /// keeps an event both may see once, each seat's own event in its place, and every event
    /// with the audience the host gave it.
    #[test]
    fn a_device_with_two_seats_keeps_one_log_in_the_hosts_order() {
        let game = AnyGame::new_match(TableSetup::new(3, 5), AnyOptions::defaults(GameKind::CrazyEights), None).expect("deal");
        let card: Card = "7H".parse().expect("a card");
        let host_order = [
            addressed(Audience::Only(Seat(0)), CrazyEightsEvent::Drew { seat: Seat(0), card }),
            addressed(Audience::AllBut(Seat(0)), CrazyEightsEvent::DrewFaceDown { seat: Seat(0) }),
            addressed(Audience::All, CrazyEightsEvent::Passed { seat: Seat(0) }),
            addressed(Audience::Only(Seat(2)), CrazyEightsEvent::Drew { seat: Seat(2), card }),
            addressed(Audience::AllBut(Seat(2)), CrazyEightsEvent::DrewFaceDown { seat: Seat(2) }),
        ];
        let mut table = RemoteTable::new(1);
        for seat in [Seat(1), Seat(0)] {
            assert_eq!(table.apply(update(&game, 7, seat, &host_order)), None);
        }
        let kept: Vec<_> = table.history().to_vec();
        let expected: Vec<_> = host_order.iter().filter(|event| event.audience != Audience::Only(Seat(2))).cloned().collect();
        assert_eq!(kept, expected, "each event once, in the host's order");
        // The next state's updates add only their own events.
        let next = [addressed(Audience::All, CrazyEightsEvent::Passed { seat: Seat(1) })];
        for seat in [Seat(0), Seat(1)] {
            assert_eq!(table.apply(update(&game, 8, seat, &next)), None);
        }
        assert_eq!(table.history().len(), expected.len() + 1);
        assert_eq!(table.history().last(), next.last());
    }

    /// A device back at the same match after a lost connection keeps its log: the host's
    /// catch-up update repeats the last events it saw, and only those it missed are added.
    #[test]
    fn a_device_back_at_the_same_match_keeps_its_log_and_adds_what_it_missed() {
        use crate::net::fair::SeedDraw;
        use crate::net::protocol::MatchStart;
        let game = AnyGame::new_match(TableSetup::new(3, 5), AnyOptions::defaults(GameKind::CrazyEights), None).expect("deal");
        let passed = |seat| addressed(Audience::All, CrazyEightsEvent::Passed { seat: Seat(seat) });
        let start = MatchStart {
            options: AnyOptions::defaults(GameKind::CrazyEights),
            seats: Vec::new(),
            you: Role::Seated(vec![Seat(1)]),
            draw: SeedDraw::default(),
        };
        let mut table = RemoteTable::new(1);
        assert_eq!(table.apply(HostMsg::Started(start.clone())), None);
        let before = [passed(0), passed(1), passed(2), passed(0)];
        assert_eq!(table.apply(update(&game, 4, Seat(1), &before)), None);
        // The connection is lost; meanwhile seats 1 and 2 pass. Back, the device is told the
        // start again and the host's last three events for its seat.
        assert_eq!(table.apply(HostMsg::Started(start)), None);
        assert_eq!(table.apply(update(&game, 6, Seat(1), &[passed(0), passed(1), passed(2)])), None);
        let whole: Vec<_> = [passed(0), passed(1), passed(2), passed(0), passed(1), passed(2)].to_vec();
        assert_eq!(table.history(), whole.as_slice(), "the log before the loss, then what was missed, once");
    }
}
