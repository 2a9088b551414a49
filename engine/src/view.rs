//! What every game's per-seat view opens with: who looks, where the match stands, whose
//! decision it is, the totals and results. Built in one place ([`ViewHeader::new`]) from the
//! match shell, so each game's view adds only what its own rules show.

use serde::{Deserialize, Serialize};

use crate::match_shell::{MatchShell, Phase};
use crate::score::{MatchResult, RoundResult};
use crate::seat::{BySeat, Seat, SeatSet, Viewer};

/// The part of a view every game shares.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ViewHeader {
    /// Who is looking.
    pub viewer: Viewer,
    /// Round on, over, or match decided.
    pub phase: Phase,
    /// The current (or last) round number, from 1.
    pub round: u32,
    /// The round's dealer.
    pub dealer: Seat,
    /// Whose turn it is.
    pub turn: Seat,
    /// Seats with a decision now (several at once for optional actions such as snaps).
    pub to_act: SeatSet,
    /// Match totals.
    pub totals: BySeat<i32>,
    /// The round just finished, hands revealed, until the next deal.
    pub last_round: Option<RoundResult>,
    /// The match result once decided.
    pub result: Option<MatchResult>,
}

impl ViewHeader {
    /// The header `viewer` sees of a match: the phase, round number, totals and results from
    /// its `shell`, the round's `dealer` and `turn`, and the seats `to_act`.
    #[must_use]
    pub fn new<O>(shell: &MatchShell<O>, viewer: Viewer, dealer: Seat, turn: Seat, to_act: SeatSet) -> ViewHeader {
        ViewHeader {
            viewer,
            phase: shell.phase,
            round: shell.score.rounds_finished + u32::from(shell.phase == Phase::Playing),
            dealer,
            turn,
            to_act,
            totals: shell.score.totals.clone(),
            last_round: shell.last_round.clone(),
            result: shell.result.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, TableSetup};
    use crate::games::crazy_eights::{CrazyEights, CrazyEightsOptions};
    use crate::registry::AnyView;

    /// The header counts the round being played, and the last one once it is over.
    #[test]
    fn the_round_number_is_the_one_played_or_just_finished() {
        let mut shell = MatchShell::new(TableSetup::new(3, 7), ());
        let header = |shell: &MatchShell<()>| ViewHeader::new(shell, Viewer::Spectator, Seat(0), Seat(1), SeatSet::EMPTY);
        assert_eq!(header(&shell).round, 1);
        shell.score.rounds_finished = 1;
        shell.phase = Phase::RoundOver;
        assert_eq!(header(&shell).round, 1);
        shell.phase = Phase::Playing;
        assert_eq!(header(&shell).round, 2);
    }

    #[test]
    fn any_view_reads_its_header() {
        let game = CrazyEights::new_match(TableSetup::new(3, 7), CrazyEightsOptions::default(), None).expect("a table of three");
        let view = AnyView::CrazyEights(game.view(Viewer::Seat(Seat(2))));
        assert_eq!(view.header().viewer, Viewer::Seat(Seat(2)));
        assert_eq!(view.header().to_act, game.to_act());
        assert_eq!(view.phase(), Phase::Playing);
    }
}
