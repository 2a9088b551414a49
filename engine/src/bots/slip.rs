//! Easy's human slips that must not change however often a question is asked.
//!
//! A table offers optional actions ("One!", a snap) after every action, so a slip drawn
//! afresh at each offer would almost never stick: asked ten times, a bot that forgets a third
//! of the time still remembers. A person who forgot to call "One!" with these two cards keeps
//! forgetting until something changes; so the slip is a fixed function of the situation
//! (SplitMix64 over the numbers that describe it), not a draw from the bot's RNG.

/// One step of SplitMix64: a well-mixed 64-bit value from any 64-bit input.
const fn mix(mut value: u64) -> u64 {
    value = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    value = (value ^ (value >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    value = (value ^ (value >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    value ^ (value >> 31)
}

/// Whether the bot slips in the situation `facts` describe, `numerator` times in
/// `denominator`: the same facts always give the same answer.
#[must_use]
pub fn slips(facts: &[u64], numerator: u64, denominator: u64) -> bool {
    let hash = facts.iter().fold(0x05EE_D0F5_111B_u64, |hash, &fact| mix(hash ^ fact));
    hash % denominator.max(1) < numerator
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_is_stable_for_a_situation_and_near_its_rate_over_many() {
        assert_eq!(slips(&[3, 1, 4], 1, 3), slips(&[3, 1, 4], 1, 3));
        let slipped = (0..3_000u64).filter(|&situation| slips(&[situation, 7], 1, 3)).count();
        assert!((900..1_100).contains(&slipped), "{slipped} slips in 3,000 situations at one in three");
        assert!(!slips(&[1], 0, 3));
        assert!(slips(&[1], 3, 3));
    }
}
