//! Digests of what the store keeps, to tell a file changed after it was written (by hand, by
//! another program) from one as written: a save carries the digest of what it holds, and the
//! history index the digest of each record it has seen replay. SHA-256, named by a domain so a
//! digest of one kind can never stand for another. A digest proves nothing against a program
//! that can write the folder (it can compute one too); it catches edits, not forgeries.

use sha2::{Digest as _, Sha256};

/// A digest taken piece by piece, for what is too long to hold at once (a record copied into an
/// export): the same digest [`of`] gives for the same parts.
#[derive(Debug, Clone)]
pub struct Hasher(Sha256);

impl Hasher {
    /// A digest named by `domain`.
    #[must_use]
    pub fn new(domain: &str) -> Hasher {
        Hasher(Sha256::new().chain_update(domain.as_bytes()).chain_update([0]))
    }

    /// Begins a part of `len` bytes (its length is counted, so where parts begin matters); the
    /// bytes follow through [`Hasher::update`] or [`std::io::Write`].
    pub fn part(&mut self, len: u64) {
        self.0.update(len.to_le_bytes());
    }

    /// Adds bytes of the current part.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The digest, in lowercase hex.
    #[must_use]
    pub fn finish(self) -> String {
        hex::encode(self.0.finalize())
    }
}

impl std::io::Write for Hasher {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The SHA-256 of `parts`, each counted with its length, after `domain`, in lowercase hex.
#[must_use]
pub fn of(domain: &str, parts: &[&[u8]]) -> String {
    let mut hasher = Hasher::new(domain);
    for part in parts {
        hasher.part(part.len() as u64);
        hasher.update(part);
    }
    hasher.finish()
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

    #[test]
    fn a_digest_taken_piece_by_piece_is_the_same() {
        let mut hasher = Hasher::new("a");
        hasher.part(2);
        std::io::Write::write_all(&mut hasher, b"x").expect("in memory");
        hasher.update(b"y");
        hasher.part(1);
        hasher.update(b"z");
        assert_eq!(hasher.finish(), of("a", &[b"xy", b"z"]));
    }
}
