//! A device's check of the host's record of a finished match: while the match is played the
//! device keeps a [`Witness`] of what it was shown (a digest of every update: its view, the
//! events, whom the round waited for; every round's result; the seed's commitments); once the
//! record has arrived it replays it with its own engine from the seed the shares give, and
//! every frame it was shown must come out the same ([`Witness::check`]). A record that passes
//! is a full replay, kept like a hot-seat match; one that does not is told in words, with the
//! first move where it differs.

use cardtable_engine::{Addressed, AnyEvent, AnyView, MatchResult, RoundResult, Seat, SeatSet, Viewer};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::fair::{Commitment, Contribution, RecordPart, SeedDraw, match_seed};
use super::protocol::{Holder, MatchStart, Update, occupants};
use crate::session::host::{Host, Step};
use crate::session::replay;
pub use crate::store::verdict::{Differs, Verdict};

/// Most updates a device keeps a digest of for one match (a match of the longest games takes a
/// few thousand); a host that sends more leaves a match that cannot be checked, never a device
/// that runs out of memory.
pub const MAX_WITNESSED: usize = 100_000;
/// Most steps a record may hold.
pub const MAX_RECORD_STEPS: usize = 200_000;

/// A digest of something shown, as postcard bytes hashed.
type Digest32 = [u8; 32];

fn digest_of<T: Serialize + ?Sized>(value: &T) -> Digest32 {
    let bytes = postcard::to_allocvec(value).unwrap_or_default();
    Sha256::digest(bytes).into()
}

/// One update as this device was shown it, in digest form.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Shown {
    seq: u64,
    viewer: Viewer,
    view: Digest32,
    events: usize,
    events_digest: Digest32,
    waiting_for: SeatSet,
}

impl Shown {
    fn of(update: &Update) -> Shown {
        Shown {
            seq: update.seq,
            viewer: update.viewer,
            view: digest_of(&update.view),
            events: update.events.len(),
            events_digest: digest_of(&update.events),
            waiting_for: update.waiting_for,
        }
    }
}

/// A checked record: the verdict, and when it holds, the whole match to keep.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// Whether the record replays as the match was played here.
    pub verdict: Verdict,
    /// The match's seed from the shares.
    pub seed: u64,
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// Every round's result, from the replay.
    pub rounds: Vec<RoundResult>,
}

/// What a device saw of the current match, and the record as it arrives.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Witness {
    /// This device's share, with the commitment it sent, once it was asked.
    own: Option<Contribution>,
    /// The seats this device held when it committed.
    own_seats: SeatSet,
    /// The host's commitment, as the host sent it before anyone else committed.
    host_commitment: Option<Commitment>,
    /// Whether the match the share was for has begun (a later start is another match's).
    begun: bool,
    shown: Vec<Shown>,
    overflowed: bool,
    steps: Vec<Step>,
    checked: Option<Checked>,
}

impl Witness {
    /// A match began (`same_match`: this device is told again of the match it knew, as when
    /// it comes back). A new match keeps only the share drawn for it.
    pub fn begin(&mut self, same_match: bool) {
        if same_match {
            return;
        }
        let drawn = if self.begun { Witness::default() } else { std::mem::take(self) };
        *self = Witness {
            own: drawn.own,
            own_seats: drawn.own_seats,
            host_commitment: drawn.host_commitment,
            begun: true,
            ..Witness::default()
        };
    }

    /// Notes this device's share for `seats`, and the host's commitment it answers: a new
    /// match is being drawn.
    pub fn committed(&mut self, own: Contribution, seats: SeatSet, host: Commitment) {
        *self = Witness { own: Some(own), own_seats: seats, host_commitment: Some(host), ..Witness::default() };
    }

    /// This device's share, to reveal.
    #[must_use]
    pub fn own(&self) -> Option<Contribution> {
        self.own
    }

    /// Notes an update this device was shown.
    pub fn shown(&mut self, update: &Update) {
        if self.checked.is_some() {
            return;
        }
        if self.shown.len() >= MAX_WITNESSED {
            self.overflowed = true;
            return;
        }
        self.shown.push(Shown::of(update));
    }

    /// Takes a part of the record; once it is whole, checks it against `start` and what this
    /// device was shown (`rounds`, `result`) and keeps the outcome ([`Witness::checked`]).
    pub fn record(&mut self, part: RecordPart, start: Option<&MatchStart>, rounds: &[RoundResult], result: Option<&MatchResult>) {
        if self.checked.is_some() {
            return;
        }
        match part {
            RecordPart::Steps(steps) => {
                if self.steps.len() + steps.len() > MAX_RECORD_STEPS {
                    self.overflowed = true;
                } else {
                    self.steps.extend(steps);
                }
            }
            RecordPart::End { contributions, steps } => {
                let Some(start) = start else { return };
                let steps_sent = std::mem::take(&mut self.steps);
                let mut checked = self.check(start, &contributions, steps_sent, rounds, result);
                if checked.verdict == Verdict::Verified && steps != checked.steps.len() as u64 {
                    checked.verdict = Verdict::Mismatch { at_move: checked.steps.len() as u64, what: Differs::TooShort };
                }
                self.shown.clear();
                self.checked = Some(checked);
            }
        }
    }

    /// The checked record, once the whole record arrived.
    #[must_use]
    pub fn checked(&self) -> Option<&Checked> {
        self.checked.as_ref()
    }

    /// Checks the record (`contributions`, `steps`) against everything this device saw.
    fn check(
        &self,
        start: &MatchStart,
        contributions: &[Option<Contribution>],
        steps: Vec<Step>,
        rounds: &[RoundResult],
        result: Option<&MatchResult>,
    ) -> Checked {
        let seed = match_seed(contributions);
        let mut checked = Checked { verdict: Verdict::Verified, seed, steps, rounds: Vec::new() };
        let mismatch = |at_move: usize, what| Verdict::Mismatch { at_move: at_move as u64, what };
        if self.overflowed {
            checked.verdict = mismatch(0, Differs::TooLong);
            return checked;
        }
        if !self.shares_answer_commitments(start, contributions) {
            checked.verdict = mismatch(0, Differs::Shares);
            return checked;
        }
        let seats = occupants(&start.seats);
        let replay_start = replay::MatchStart { options: &start.options, seats: &seats, seed };
        let Ok(mut host) = replay_start.host() else {
            checked.verdict = mismatch(0, Differs::IllegalMove);
            return checked;
        };
        let mut shown: Vec<&Shown> = self.shown.iter().collect();
        shown.sort_by_key(|shown| shown.seq);
        let mut next = 0;
        for moves in 0..=checked.steps.len() {
            while let Some(seen) = shown.get(next).filter(|seen| seen.seq == moves as u64) {
                if let Some(what) = differs(&host, seen) {
                    checked.verdict = mismatch(moves, what);
                    return checked;
                }
                next += 1;
            }
            if let Some(step) = checked.steps.get(moves)
                && replay::apply(&mut host, step).is_err()
            {
                checked.verdict = mismatch(moves + 1, Differs::IllegalMove);
                return checked;
            }
        }
        if let Some(seen) = shown.get(next) {
            checked.verdict = mismatch(usize::try_from(seen.seq).unwrap_or(usize::MAX), Differs::TooShort);
            return checked;
        }
        checked.rounds = replay::round_results(&replay_start, &checked.steps).unwrap_or_default();
        for round in rounds {
            if checked.rounds.iter().find(|replayed| replayed.round == round.round) != Some(round) {
                checked.verdict = mismatch(checked.steps.len(), Differs::Round);
                return checked;
            }
        }
        if result.is_some() && host.game().match_result() != result {
            checked.verdict = mismatch(checked.steps.len(), Differs::Result);
        }
        checked
    }

    /// Whether every seat's share answers its commitment (forfeited seats have none), the
    /// host's seats hold the commitment it sent first, and this device's seats hold its own.
    fn shares_answer_commitments(&self, start: &MatchStart, contributions: &[Option<Contribution>]) -> bool {
        let draw: &SeedDraw = &start.draw;
        if contributions.len() != start.seats.len() || draw.commitments.len() != start.seats.len() {
            return false;
        }
        Seat::all(start.seats.len()).all(|seat| {
            let index = seat.index();
            let share = contributions[index];
            let commitment = draw.commitments[index];
            let answers = if draw.forfeited.contains(seat) {
                share.is_none()
            } else {
                matches!((share, commitment), (Some(share), Some(commitment)) if share.commitment() == commitment)
            };
            let hosts = matches!(start.seats[index].holder, Holder::HostDevice | Holder::Bot(_));
            let host_bound = !hosts || self.host_commitment.is_none_or(|host| commitment == Some(host));
            let own_bound =
                !self.own_seats.contains(seat) || draw.forfeited.contains(seat) || self.own.is_some_and(|own| share == Some(own));
            answers && host_bound && own_bound
        })
    }
}

/// What differs between the replayed match and one update shown, if anything.
fn differs(host: &Host, seen: &Shown) -> Option<Differs> {
    let view: AnyView = host.view(seen.viewer);
    if digest_of(&view) != seen.view {
        return Some(Differs::View);
    }
    if host.waiting_for() != seen.waiting_for {
        return Some(Differs::Waiting);
    }
    let visible: Vec<&Addressed<AnyEvent>> = host.events_for(seen.viewer).collect();
    let Some(recent) = visible.len().checked_sub(seen.events).map(|from| &visible[from..]) else {
        return Some(Differs::Events);
    };
    let recent: Vec<Addressed<AnyEvent>> = recent.iter().map(|event| (*event).clone()).collect();
    (digest_of(&recent) != seen.events_digest).then_some(Differs::Events)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A view and its digest: another view, another digest.
    #[test]
    fn digests_tell_what_was_shown_apart() {
        assert_eq!(digest_of(&[1_u8, 2]), digest_of(&[1_u8, 2]));
        assert_ne!(digest_of(&[1_u8, 2]), digest_of(&[2_u8, 1]));
    }
}
