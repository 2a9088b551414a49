//! Digests of what the store keeps, to tell a file changed after it was written (by hand, by
//! another program) from one as written: a save carries the digest of what it holds, and the
//! history index the digest of each record it has seen replay. SHA-256, named by a domain so a
//! digest of one kind can never stand for another. A digest proves nothing against a program
//! that can write the folder (it can compute one too); it catches edits, not forgeries.

use sha2::{Digest as _, Sha256};

/// The SHA-256 of `parts`, each counted with its length, after `domain`, in lowercase hex.
#[must_use]
pub fn of(domain: &str, parts: &[&[u8]]) -> String {
    let mut hash = Sha256::new().chain_update(domain.as_bytes()).chain_update([0]);
    for part in parts {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part);
    }
    hex::encode(hash.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digest_depends_on_the_domain_and_where_parts_begin() {
        let digest = of("a", &[b"xy", b"z"]);
        assert_eq!(digest.len(), 64);
        assert_ne!(digest, of("b", &[b"xy", b"z"]));
        assert_ne!(digest, of("a", &[b"x", b"yz"]));
        assert_eq!(digest, of("a", &[b"xy", b"z"]));
    }
}
