//! What went wrong on the network, in the player's language.

use crate::net::guest::{Ending, JoinError, Reconnecting};
use crate::net::protocol::{JoinRefusal, LobbyProblem, Refusal};
use crate::store::verdict::Differs;
use crate::tr;
use crate::ui::refusals;

/// A refusal from the host.
#[must_use]
pub fn refusal(refusal: &Refusal) -> String {
    match refusal {
        Refusal::NotSeated => tr!("net-refusal-not-seated"),
        Refusal::NotYourSeat { .. } => tr!("net-refusal-not-your-seat"),
        Refusal::NotYourTurn => tr!("net-refusal-not-your-turn"),
        Refusal::Stale { .. } => tr!("net-refusal-stale"),
        Refusal::Duplicate { .. } => tr!("net-refusal-duplicate"),
        Refusal::SnapGrace { .. } => tr!("net-refusal-snap-grace"),
        Refusal::Illegal(error) => tr!("net-refusal-illegal", reason = refusals::action_error(error)),
        Refusal::NoMatch => tr!("net-refusal-no-match"),
        Refusal::NotDrawing => tr!("net-refusal-not-drawing"),
        Refusal::Lobby(problem) => lobby_problem(problem),
    }
}

/// Why the lobby cannot do what was asked.
#[must_use]
pub fn lobby_problem(problem: &LobbyProblem) -> String {
    match problem {
        LobbyProblem::SeatNotFree { .. } => tr!("net-refusal-seat-not-free"),
        LobbyProblem::NoFreeSeat => tr!("net-refusal-no-free-seat"),
        LobbyProblem::MatchRunning => tr!("net-refusal-match-running"),
        LobbyProblem::OpenSeats { count } => tr!("net-refusal-open-seats", count = *count),
        LobbyProblem::NotReady { names } => tr!("net-refusal-not-ready", names = names),
        LobbyProblem::Setup(reason) => tr!("net-refusal-setup", reason = reason),
        LobbyProblem::HostOnly => tr!("net-refusal-host-only"),
        LobbyProblem::NeedsSeatCode => tr!("net-refusal-needs-seat-code"),
    }
}

/// How a connection ended.
#[must_use]
pub fn ending(ending: &Ending) -> String {
    match ending {
        Ending::HostLeft => tr!("net-ended-host-left"),
        Ending::Left => tr!("net-ended-left"),
        Ending::Replaced => tr!("net-ended-replaced"),
        Ending::Removed => tr!("net-ended-removed"),
        Ending::Lost(reason) => tr!("net-ended-lost", reason = reason),
        Ending::NotBack { tried, reason } => tr!("net-ended-not-back", seconds = tried.as_secs(), reason = reason),
        Ending::Protocol(reason) | Ending::Refused(reason) => tr!("net-ended-other", reason = reason),
    }
}

/// How a connection ended while this device waited in the lobby: there, a seat kept for an
/// away guest opens after its hold (no bot plays it).
#[must_use]
pub fn ending_in_lobby(ending: &Ending) -> String {
    match ending {
        Ending::NotBack { tried, reason } => tr!("net-ended-not-back-lobby", seconds = tried.as_secs(), reason = reason),
        other => self::ending(other),
    }
}

/// A lost connection being dialled again: "Reconnecting to Ana's table… (attempt 3)".
#[must_use]
pub fn reconnecting(trying: &Reconnecting) -> String {
    tr!("net-reconnecting", host = trying.host_name.as_str(), attempt = trying.attempt)
}

/// Why joining failed.
#[must_use]
pub fn join_error(error: &JoinError) -> String {
    match error {
        JoinError::IdentityChanged { expected, got, .. } => {
            tr!("net-error-identity", expected = expected.to_string(), got = got.to_string())
        }
        JoinError::Impostor { address, got } => tr!("net-error-impostor", address = address.to_string(), got = got.to_string()),
        JoinError::IncompatibleVersion { host, guest } => tr!("net-error-version", host = *host, guest = *guest),
        JoinError::Refused(JoinRefusal::UnknownSeat) => tr!("net-error-unknown-seat"),
        JoinError::Refused(JoinRefusal::Removed) => tr!("net-ended-removed"),
        JoinError::Refused(JoinRefusal::WrongSeatCode) => tr!("net-error-wrong-seat-code"),
        JoinError::Refused(refusal) => tr!("net-error-refused", reason = refusal.to_string()),
        JoinError::NotCardtable { address } => tr!("net-error-not-cardtable", address = address.to_string()),
        JoinError::Unreachable { address, .. } => tr!("net-error-unreachable", address = address.to_string()),
        JoinError::OnlineUnreachable { host, reason } => tr!("net-error-online-unreachable", code = host.to_string(), reason = reason),
        JoinError::Protocol(_) | JoinError::Tls(_) | JoinError::Socket(_) => {
            tr!("net-error-other", reason = error.to_string())
        }
    }
}

/// A host's record that does not replay as the match was played here, in words.
#[must_use]
pub fn mismatch(at_move: u64, what: Differs) -> String {
    let what = match what {
        Differs::Shares => tr!("fair-differs-shares"),
        Differs::IllegalMove => tr!("fair-differs-illegal-move"),
        Differs::View => tr!("fair-differs-view"),
        Differs::Events => tr!("fair-differs-events"),
        Differs::Waiting => tr!("fair-differs-waiting"),
        Differs::Round => tr!("fair-differs-round"),
        Differs::Result => tr!("fair-differs-result"),
        Differs::TooShort => tr!("fair-differs-too-short"),
        Differs::TooLong => tr!("fair-differs-too-long"),
    };
    if at_move == 0 { tr!("fair-mismatch-start", what = what) } else { tr!("fair-mismatch", at = at_move, what = what) }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// In the lobby no bot plays a seat whose guest did not come back: the words say it opened.
    #[test]
    fn a_guest_not_back_in_the_lobby_is_told_its_seat_opened_not_that_a_bot_plays_it() {
        let not_back = Ending::NotBack { tried: Duration::from_secs(120), reason: "timed out".to_owned() };
        let in_lobby = ending_in_lobby(&not_back);
        assert!(in_lobby.contains("opened for others") && !in_lobby.contains("bot"), "{in_lobby}");
        assert!(ending(&not_back).contains("A bot plays your seat"), "at the table");
        assert_eq!(ending_in_lobby(&Ending::HostLeft), ending(&Ending::HostLeft));
    }
}
