//! The resume tokens a table has given (issue 30, item 6, guest side): a token it never gave
//! comes from another table answering with the same identity (a data folder copied, the table
//! opened again since), and its bearer is told so rather than let in as a stranger. A token this
//! table gave whose place was let go since is simply a newcomer again.

use std::collections::{HashSet, VecDeque};

use crate::net::protocol::ResumeToken;

/// Most tokens remembered: one per Hello let in, so a device joining and leaving in a loop
/// pushes out the oldest, whose bearers are then told their seat is not known here (and may
/// join again as new guests), never more memory.
pub const MAX_ISSUED_TOKENS: usize = 4_096;

/// The tokens given by this table, the oldest first out, and those of devices the host removed.
#[derive(Debug, Default)]
pub struct IssuedTokens {
    order: VecDeque<ResumeToken>,
    known: HashSet<ResumeToken>,
    /// Tokens of removed devices: they no longer let anyone back (one per removal by the host,
    /// a person's click, so never many).
    removed: HashSet<ResumeToken>,
}

impl IssuedTokens {
    /// Notes `token` as given by this table.
    pub fn issue(&mut self, token: ResumeToken) {
        if !self.known.insert(token) {
            return;
        }
        self.order.push_back(token);
        if self.order.len() > MAX_ISSUED_TOKENS
            && let Some(oldest) = self.order.pop_front()
        {
            self.known.remove(&oldest);
        }
    }

    /// The host removed the bearer of `token`: it no longer lets anyone back.
    pub fn revoke(&mut self, token: ResumeToken) {
        self.removed.insert(token);
    }

    /// Whether the host removed the bearer of `token`.
    #[must_use]
    pub fn revoked(&self, token: &ResumeToken) -> bool {
        self.removed.contains(token)
    }

    /// Whether this table gave `token`.
    #[must_use]
    pub fn gave(&self, token: &ResumeToken) -> bool {
        self.known.contains(token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_given_are_known_within_the_bound() {
        let mut issued = IssuedTokens::default();
        let token = |n: u32| {
            let mut bytes = [0; 16];
            bytes[..4].copy_from_slice(&n.to_be_bytes());
            ResumeToken(bytes)
        };
        issued.issue(token(0));
        assert!(issued.gave(&token(0)));
        assert!(!issued.gave(&token(1)), "a token never given");
        for n in 1..=u32::try_from(MAX_ISSUED_TOKENS).expect("small") {
            issued.issue(token(n));
        }
        assert!(!issued.gave(&token(0)), "the oldest made room");
        assert!(issued.gave(&token(1)));
        assert_eq!(issued.order.len(), MAX_ISSUED_TOKENS);
        assert_eq!(issued.known.len(), MAX_ISSUED_TOKENS);
    }
}
