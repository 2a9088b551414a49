//! Matches played on by a policy, step by step, through the authority's checks: soaks,
//! benchmarks and tests build the matches they need here, since only the session layer changes
//! a match. Moves are made ten seconds apart on the authority's clock, so a snap window's grace
//! has always passed.

use cardtable_engine::{AnyAction, GameRng, Phase, Seat};

use super::authority::{Authority, Pacing, Refused};
use super::host::Host;

/// Seconds between two steps: longer than any snap window's grace.
const STEP_APART: f64 = 10.0;

/// A match being played on by a policy.
#[derive(Debug, Clone)]
pub struct Playout {
    authority: Authority,
}

impl Playout {
    /// Plays on from `host`.
    #[must_use]
    pub fn new(host: Host) -> Playout {
        Playout { authority: Authority::new(host, Pacing::INSTANT, 0.0) }
    }

    /// The match so far.
    #[must_use]
    pub fn host(&self) -> &Host {
        self.authority.host()
    }

    /// The match so far, to keep.
    #[must_use]
    pub fn into_host(self) -> Host {
        self.authority.into_host()
    }

    /// The time of the next step on the authority's clock.
    fn next_time(&self) -> f64 {
        (self.authority.seq() + 1) as f64 * STEP_APART
    }

    /// One step: the next deal once a round is over, else the move `choose` picks from the legal
    /// actions of the seat the round waits for (or, when it waits for none, of a seat that may
    /// act out of turn). Returns `false`, doing nothing, once the match is over.
    ///
    /// # Errors
    /// The authority refused the move chosen; nothing changed.
    pub fn step(&mut self, choose: impl FnOnce(&Host, Seat, &[AnyAction]) -> AnyAction) -> Result<bool, Refused> {
        let now = self.next_time();
        let host = self.authority.host();
        match host.phase() {
            Phase::MatchOver => return Ok(false),
            Phase::RoundOver => self.authority.next_round(now)?,
            Phase::Playing => {
                let Some(seat) = host.waiting_for().first().or_else(|| host.to_act().first()) else { return Ok(false) };
                let legal = host.legal_actions(seat);
                let action = choose(host, seat, &legal);
                self.authority.act(seat, action, now)?;
            }
        }
        Ok(true)
    }

    /// One step with a move drawn uniformly from the legal ones by `rng`.
    ///
    /// # Errors
    /// Never for a legal move; as [`Playout::step`].
    pub fn random_step(&mut self, rng: &mut GameRng) -> Result<bool, Refused> {
        self.step(|_, _, legal| legal[rng.below(legal.len())])
    }

    /// `seat`'s chosen `action` (a scripted situation), ten seconds after the last step.
    ///
    /// # Errors
    /// The authority refuses it; nothing changed.
    pub fn act(&mut self, seat: Seat, action: AnyAction) -> Result<(), Refused> {
        let now = self.next_time();
        self.authority.act(seat, action, now)
    }
}

/// `host` played on by random legal moves, at most `steps` steps or to the match's end.
///
/// # Errors
/// Never for legal moves (a refusal would be a fault of the authority).
pub fn random(host: Host, rng: &mut GameRng, steps: usize) -> Result<Host, Refused> {
    let mut playout = Playout::new(host);
    for _ in 0..steps {
        if !playout.random_step(rng)? {
            break;
        }
    }
    Ok(playout.into_host())
}

#[cfg(test)]
mod tests {
    use cardtable_engine::{AnyOptions, GameKind};

    use super::*;
    use crate::session::seating::quick_seating;

    #[test]
    fn a_random_playout_of_every_game_ends_its_match_through_the_checks() {
        for &kind in GameKind::ALL {
            let seats = quick_seating("Ana", 3, cardtable_engine::bots::BotLevel::Random);
            let host = Host::new(AnyOptions::defaults(kind), seats, 9).expect("table");
            let played = random(host, &mut GameRng::from_seed(9), 1_000_000).expect("legal moves pass");
            assert_eq!(played.phase(), Phase::MatchOver, "{kind}");
            let mut playout = Playout::new(played);
            assert_eq!(playout.random_step(&mut GameRng::from_seed(1)), Ok(false), "{kind}: nothing after the end");
        }
    }
}
