//! Replays stay bit-identical: a few seeded matches per game, played by a fixed policy that
//! lives in this test (its own RNG, one draw for the seat and one for the action, exactly as on
//! `main` before the hot-path work of issue 18), are pinned by the SHA-256 of everything they
//! produce: every action taken, every event with its audience, and every state after a round
//! ends, serialized. A change to dealing, reshuffles, the RNG, the order of legal actions or a
//! rule's effect changes a digest and fails here.
//!
//! The digests were taken on `main` at 1d92089. Never update them to make a change pass: a
//! changed digest means saved replays no longer replay.

use cardtable_engine::{Addressed, Game, GameKind, GameRng, GameVisitor, Phase, Seat, TableSetup};
use serde::Serialize;
use sha2::{Digest, Sha256};

/// Decisions after which a pinned match is cut short (long enough for several rounds).
const MAX_DECISIONS: usize = 3_000;

/// Writes `value`'s JSON into the hash, then a separator. What a round records of what seats
/// showed they lack (`lacking`, the bots' inference of issue 18) is cut out of the JSON: it
/// came after the digests were taken, is derived from the public moves, and cannot change how
/// a match replays. Everything else is hashed byte for byte, in field order.
fn absorb(hasher: &mut Sha256, value: &impl Serialize) {
    let json = serde_json::to_string(value).expect("engine values serialize");
    hasher.update(without_field(&json, "lacking").as_bytes());
    hasher.update(b"\n");
}

/// `json` without every `"name":value` member (and its separating comma). The values cut are
/// numbers, arrays and objects, never strings, so brackets can be counted.
fn without_field(json: &str, name: &str) -> String {
    let key = format!("\"{name}\":");
    let mut out = String::with_capacity(json.len());
    let mut rest = json;
    while let Some(at) = rest.find(&key) {
        let (before, after) = rest.split_at(at);
        let mut depth = 0_i32;
        let mut end = key.len();
        for (offset, byte) in after.bytes().enumerate().skip(key.len()) {
            match byte {
                b'[' | b'{' => depth += 1,
                b']' | b'}' | b',' if depth == 0 => break,
                b']' | b'}' => depth -= 1,
                _ => {}
            }
            end = offset + 1;
        }
        let mut kept = before;
        let mut remainder = &after[end..];
        if let Some(stripped) = kept.strip_suffix(',') {
            kept = stripped;
        } else if let Some(stripped) = remainder.strip_prefix(',') {
            remainder = stripped;
        }
        out.push_str(kept);
        rest = remainder;
    }
    out.push_str(rest);
    out
}

/// Plays one match of `G` under the test's policy and returns its digest.
struct PinnedMatch {
    players: usize,
    seed: u64,
}

impl GameVisitor for PinnedMatch {
    type Output = String;

    fn visit<G: Game>(self) -> String {
        let mut game = G::new_match(TableSetup::new(self.players, self.seed), G::Options::default(), None).expect("default table sets up");
        let mut policy = GameRng::from_seed(self.seed.rotate_left(17) ^ 0xD1B5_4A32_D192_ED03);
        let mut hasher = Sha256::new();
        absorb(&mut hasher, &game);
        for _ in 0..MAX_DECISIONS {
            match game.phase() {
                Phase::Playing => {
                    let to_act: Vec<Seat> = game.to_act().iter().collect();
                    let seat = to_act[policy.below(to_act.len())];
                    let legal = game.legal_actions(seat);
                    let action = legal[policy.below(legal.len())];
                    absorb(&mut hasher, &(seat, action.to_string(), legal.len()));
                    let events: Vec<Addressed<G::Event>> = game.apply(seat, action).expect("a legal action applies");
                    absorb(&mut hasher, &events);
                }
                Phase::RoundOver => {
                    absorb(&mut hasher, &game);
                    let mut events: Vec<Addressed<G::Event>> = Vec::new();
                    game.start_next_round(None, &mut events).expect("the next round deals");
                    absorb(&mut hasher, &events);
                }
                Phase::MatchOver => break,
            }
        }
        absorb(&mut hasher, &game);
        format!("{:x}", hasher.finalize())
    }
}

/// The pinned matches: game, seats, seed, digest.
const PINNED: &[(&str, usize, u64, &str)] = &[
    ("crazy-eights", 2, 11, "ad4355bf81f23fae30098c50932ece78ed3fb2e23c461e7b79af5ed1fc34ce06"),
    ("crazy-eights", 4, 18, "34565a3f2f9acc4ab3e92c2a6c3b4b0b5955951bbfdfae0089f7185e679ded8e"),
    ("crazy-eights", 8, 25, "20f77b30700db5544168a53b7da323219ba2ce26ea4209576b481de3d211975c"),
    ("fool108", 2, 11, "0d57b082f5c9811a8042e8a4ae11709bd3d8f9ccac9965ed095bed0df6289045"),
    ("fool108", 4, 18, "8db00d676fe3802b14b56bc481aa58898eab78303045fd7d17b567b269e2937f"),
    ("fool108", 6, 25, "b216647fd3395ae02265e018f292d8e146b09d6030874957430f914d239b1e39"),
    ("hundred-one", 2, 11, "d687b8df7e4c2e1a0b9484e9892db8fb7d4f3764ce8e1209508a0b5a6fe942c5"),
    ("hundred-one", 4, 18, "0bbd368f43b14cc3d9b2e6f538f6b93d5f75c0395a370b49826874e35ef31415"),
    ("hundred-one", 6, 25, "f0354013dbb9506579277489dc307b20996811093476a072d607ed6ca4d0c6c2"),
    ("dunno", 2, 11, "e1ed47a5144a3a0387a4562359455dc472176d5e7262a8f5c35860bfefd665d3"),
    ("dunno", 4, 18, "5252b201d7b562bb8a8a9cf1a8f43fee3f1695e0c890d50c7fe8440a6ead07c4"),
    ("dunno", 6, 25, "b420aeef5130337f5e2677a8bf5fcfb39d9a424ea84c8f3beee90f35d1412eb5"),
    ("youglouf", 3, 11, "116aef4c87c1583372aef0be18033492e595078f367de181e20abc85e756b476"),
    ("youglouf", 4, 18, "19fadd79c4477d49a9fa29a2673b12548acab32e28e28f8de7171f0013907aea"),
    ("youglouf", 6, 25, "bc63099b6c2db9c644a6c09e1670559112245ffc5f3b1e240e8468a9bd6a942f"),
];

#[test]
fn seeded_matches_replay_to_their_pinned_digests() {
    let mut mismatches = Vec::new();
    for &(id, players, seed, digest) in PINNED {
        let kind = GameKind::ALL.iter().copied().find(|kind| kind.id() == id).expect("a registered game");
        let actual = kind.visit(PinnedMatch { players, seed });
        if actual != digest {
            mismatches.push(format!("({id:?}, {players}, {seed}, {actual:?})"));
        }
    }
    assert!(mismatches.is_empty(), "matches no longer replay as pinned:\n{}", mismatches.join("\n"));
    for kind in GameKind::ALL {
        assert!(PINNED.iter().filter(|pinned| pinned.0 == kind.id()).count() >= 3, "{kind:?}: pin at least three matches");
    }
}
