//! The shuffle no single device chooses (docs/lan.md, "Fair play"): before a match's first deal
//! every device holding a seat commits to a random [`Contribution`] by its [`Commitment`]
//! (a hash); once every commitment is in, each reveals; the match seed is a hash of the
//! contributions in seat order ([`match_seed`]). The host commits first, before it sees
//! anything, and learns the others' contributions only after their commitments are fixed, so
//! no device, the host included, can choose the deal. At the end the host sends the whole
//! [`RecordPart`]s, and every device replays them ([`super::verify`]).

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::session::host::Step;

/// Prefix of every commitment's hash, so a commitment is never another hash of the same bytes.
const COMMIT_DOMAIN: &[u8] = b"cardtable commit v1\0";
/// Prefix of the seed's hash.
const SEED_DOMAIN: &[u8] = b"cardtable seed v1\0";
/// Steps per record frame: a step takes at most a dozen bytes, so a part stays far below the
/// 64 KiB frame limit.
pub const STEPS_PER_PART: usize = 2_000;

/// A device's secret share of a match seed: 32 random bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Contribution(#[serde(with = "super::hex_bytes")] pub [u8; 32]);

/// A device's promise of its contribution: SHA-256 of a domain prefix and the contribution.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Commitment(#[serde(with = "super::hex_bytes")] pub [u8; 32]);

impl Contribution {
    /// A fresh contribution from the operating system's random source.
    ///
    /// # Errors
    /// The system has no random source.
    pub fn generate() -> Result<Contribution, getrandom::Error> {
        let mut bytes = [0; 32];
        getrandom::fill(&mut bytes)?;
        Ok(Contribution(bytes))
    }

    /// The commitment that binds this contribution.
    #[must_use]
    pub fn commitment(&self) -> Commitment {
        Commitment(Sha256::new().chain_update(COMMIT_DOMAIN).chain_update(self.0).finalize().into())
    }
}

impl std::fmt::Debug for Contribution {
    // A contribution is secret until the match is over: logs show only its commitment.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Contribution(commits to {:?})", self.commitment())
    }
}

impl std::fmt::Debug for Commitment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Commitment({})", hex::encode(&self.0[..6]))
    }
}

/// The seed of a match from each seat's contribution (`None`: the seat's device forfeited its
/// say): SHA-256 of a domain prefix, then per seat in order a presence byte and the 32 bytes,
/// its first eight bytes read as a little-endian number.
#[must_use]
pub fn match_seed(contributions: &[Option<Contribution>]) -> u64 {
    let mut hash = Sha256::new().chain_update(SEED_DOMAIN);
    for contribution in contributions {
        match contribution {
            Some(contribution) => hash.update([1].iter().chain(&contribution.0).copied().collect::<Vec<u8>>()),
            None => hash.update([0; 33]),
        }
    }
    let digest: [u8; 32] = hash.finalize().into();
    u64::from_le_bytes(digest[..8].try_into().expect("eight bytes"))
}

/// How the seed of the match being played was drawn, as every device is told when it begins.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SeedDraw {
    /// Each seat's commitment (its device's; the host's for its own and the bots' seats);
    /// `None` for a seat whose device made none in time.
    pub commitments: Vec<Option<Commitment>>,
    /// Seats whose device did not commit or reveal in time (or revealed what it had not
    /// committed to): their say in the deal is forfeited.
    pub forfeited: cardtable_engine::SeatSet,
}

/// The host's asks while a seed is drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeedAsk {
    /// Commit to a contribution now; the host's own commitment comes first, so it is bound
    /// before it sees anyone's.
    Commit {
        /// The host's commitment.
        host: Commitment,
    },
    /// Every commitment is in (each seat's, `None` where none came): reveal now.
    Reveal {
        /// The commitments by seat.
        commitments: Vec<Option<Commitment>>,
    },
}

/// A piece of a finished match's full record, sent to every device once the match is over
/// (decided, or the host closed the table after a finished round) and never before.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum RecordPart {
    /// The next steps, in order (at most [`STEPS_PER_PART`]).
    Steps(Vec<Step>),
    /// The record is complete: the contributions by seat (`None` for forfeited seats) and the
    /// number of steps sent.
    End {
        /// Each seat's revealed contribution.
        contributions: Vec<Option<Contribution>>,
        /// How many steps the record holds.
        steps: u64,
    },
}

/// The record of a match as the frames that carry it.
#[must_use]
pub fn record_parts(contributions: &[Option<Contribution>], steps: &[Step]) -> Vec<RecordPart> {
    let mut parts: Vec<RecordPart> = steps.chunks(STEPS_PER_PART).map(|chunk| RecordPart::Steps(chunk.to_vec())).collect();
    parts.push(RecordPart::End { contributions: contributions.to_vec(), steps: steps.len() as u64 });
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn share(byte: u8) -> Contribution {
        Contribution([byte; 32])
    }

    /// A commitment binds its contribution: another contribution has another commitment, and
    /// the same one always the same.
    #[test]
    fn a_commitment_binds_its_contribution() {
        assert_eq!(share(1).commitment(), share(1).commitment());
        assert_ne!(share(1).commitment(), share(2).commitment());
        // Domain-separated: not the plain hash of the bytes.
        assert_ne!(share(1).commitment().0, <[u8; 32]>::from(Sha256::digest([1; 32])));
        assert_ne!(Contribution::generate().expect("random"), Contribution::generate().expect("random"));
    }

    /// Every contribution, its seat and a forfeit change the seed; the same contributions give
    /// the same seed on every device.
    #[test]
    fn every_seat_has_its_say_in_the_seed() {
        let all = [Some(share(1)), Some(share(2)), Some(share(3))];
        let seed = match_seed(&all);
        assert_eq!(seed, match_seed(&all));
        assert_ne!(seed, match_seed(&[Some(share(1)), Some(share(2)), Some(share(4))]), "the last seat's share counts");
        assert_ne!(seed, match_seed(&[Some(share(2)), Some(share(1)), Some(share(3))]), "the order of seats counts");
        assert_ne!(seed, match_seed(&[Some(share(1)), None, Some(share(3))]), "a forfeit counts");
        assert_ne!(match_seed(&[None, Some(share(0))]), match_seed(&[Some(share(0)), None]));
    }

    /// A record goes in parts below the frame limit and ends with the contributions.
    #[test]
    fn a_long_record_travels_in_parts() {
        let steps = vec![Step::NextRound; STEPS_PER_PART * 2 + 1];
        let parts = record_parts(&[Some(share(1))], &steps);
        assert_eq!(parts.len(), 4);
        for part in &parts {
            let frame = crate::net::codec::encode_frame(part).expect("encodes");
            assert!(frame.len() < crate::net::codec::MAX_FRAME, "{} bytes", frame.len());
        }
        assert_eq!(parts.last(), Some(&RecordPart::End { contributions: vec![Some(share(1))], steps: steps.len() as u64 }));
    }
}
