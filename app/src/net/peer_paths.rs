//! What the host tells each guest of the other guests' paths (`HostMsg::Paths`), so every
//! device's table says how each device is connected. The host measures every guest's line about
//! once a second; a guest is told only when its picture would change enough to read: a device
//! came or went, a path changed kind, or a round trip moved by more than [`RTT_STEP_MS`] and
//! a fifth. A steady table sends nothing.

use std::collections::HashMap;

use super::protocol::PeerPath;
use super::table::people::ConnId;

/// A round trip that moved by less than this (milliseconds), or by less than a fifth, is not
/// told again: a guest would read the same table.
pub const RTT_STEP_MS: u32 = 10;

/// The paths each guest was last told, by connection.
#[derive(Debug, Default)]
pub(crate) struct PathsTold {
    told: HashMap<ConnId, Vec<PeerPath>>,
}

impl PathsTold {
    /// Which guests to tell what, given every guest's path as just `measured` (by its
    /// connection): each is told the others' paths, when they differ enough from what it was
    /// told last. Connections no longer measured are forgotten.
    pub(crate) fn news_for_guests(&mut self, measured: &[(ConnId, PeerPath)]) -> Vec<(ConnId, Vec<PeerPath>)> {
        self.told.retain(|conn, _| measured.iter().any(|(open, _)| open == conn));
        let mut tell = Vec::new();
        for (conn, _) in measured {
            let others: Vec<PeerPath> = measured.iter().filter(|(other, _)| other != conn).map(|(_, path)| path.clone()).collect();
            let news = match self.told.get(conn) {
                Some(told) => reads_differently(told, &others),
                None => !others.is_empty(),
            };
            if news {
                self.told.insert(*conn, others.clone());
                tell.push((*conn, others));
            }
        }
        tell
    }
}

/// Whether a guest told `told` would read its table differently with `now`.
fn reads_differently(told: &[PeerPath], now: &[PeerPath]) -> bool {
    told.len() != now.len()
        || told.iter().zip(now).any(|(before, after)| {
            let moved = before.rtt_ms.abs_diff(after.rtt_ms);
            before.name != after.name || before.path != after.path || (moved > RTT_STEP_MS && moved * 5 > before.rtt_ms)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::protocol::PathKind;

    fn path(name: &str, path: PathKind, rtt_ms: u32) -> PeerPath {
        PeerPath { name: name.to_owned(), path, rtt_ms }
    }

    #[test]
    fn each_guest_is_told_the_others_and_only_what_changes_enough() {
        let mut told = PathsTold::default();
        let (bea, carl) = (ConnId(1), ConnId(2));
        // One guest: nobody else to tell it about.
        assert!(told.news_for_guests(&[(bea, path("Bea", PathKind::Direct, 12))]).is_empty());
        // A second comes: each is told the other.
        let both = [(bea, path("Bea", PathKind::Direct, 12)), (carl, path("Carl", PathKind::Relay, 84))];
        let tell = told.news_for_guests(&both);
        assert_eq!(tell, vec![(bea, vec![both[1].1.clone()]), (carl, vec![both[0].1.clone()])]);
        // The same again, and round trips that move a little: nothing.
        assert!(told.news_for_guests(&both).is_empty());
        let jitter = [(bea, path("Bea", PathKind::Direct, 19)), (carl, path("Carl", PathKind::Relay, 97))];
        assert!(told.news_for_guests(&jitter).is_empty(), "a few milliseconds are not news");
        // Carl goes direct: only Bea is told (Carl's own line is his to measure).
        let direct = [(bea, path("Bea", PathKind::Direct, 12)), (carl, path("Carl", PathKind::Direct, 30))];
        assert_eq!(told.news_for_guests(&direct), vec![(bea, vec![direct[1].1.clone()])]);
        // Bea's round trip doubles: Carl is told.
        let slow = [(bea, path("Bea", PathKind::Direct, 40)), (carl, path("Carl", PathKind::Direct, 30))];
        assert_eq!(told.news_for_guests(&slow), vec![(carl, vec![slow[0].1.clone()])]);
        // Carl leaves: Bea is told nobody else is there, and Carl is forgotten.
        assert_eq!(told.news_for_guests(&slow[..1]), vec![(bea, Vec::new())]);
        assert_eq!(told.told.len(), 1);
    }
}
