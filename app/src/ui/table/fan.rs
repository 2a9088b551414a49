//! Where each card of a hand goes in its one row: side by side when they fit, else overlapping
//! (each covered card shows a strip of its left edge, never narrower than a finger), and past
//! that the row is wider than its room and scrolls sideways inside it. The cards a player may
//! touch now (playable or picked) are never covered, so they stay whole.

/// The least strip of a covered card left in view, as a share of the card's width: enough for
/// its rank and suit in the corner.
pub const LEAST_STRIP: f32 = 0.36;

/// The cards' places in a hand's row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Each card's left edge, in points from the row's left edge.
    pub x: Vec<f32>,
    /// The width the row takes, its last card whole (more than the room: it scrolls).
    pub width: f32,
}

/// The narrowest strip a covered card of width `card` shows: its corner, and never less than
/// `finger` (a touch target) nor more than the card itself.
#[must_use]
pub fn least_strip(card: f32, finger: f32) -> f32 {
    (card * LEAST_STRIP).max(finger).min(card)
}

/// Places `whole.len()` cards of width `card` (a gap of `gap` after each uncovered one) in one
/// row of room `width`: covered cards share what the whole ones leave, never less than
/// [`least_strip`] each nor further apart than side by side. A row that cannot fit at the
/// least strips is as wide as it takes (the hand scrolls it).
#[must_use]
pub fn row(whole: &[bool], card: f32, gap: f32, finger: f32, width: f32) -> Row {
    let Some((_, before_last)) = whole.split_last() else { return Row { x: Vec::new(), width: 0.0 } };
    let uncovered = before_last.iter().filter(|&&whole| whole).count() as f32;
    let covered = before_last.len() as f32 - uncovered;
    let side_by_side = card + gap;
    let step = if covered == 0.0 {
        side_by_side
    } else {
        ((width - card - uncovered * side_by_side) / covered).clamp(least_strip(card, finger), side_by_side)
    };
    let mut x = Vec::with_capacity(whole.len());
    let mut at = 0.0;
    for &whole in whole {
        x.push(at);
        at += if whole { side_by_side } else { step };
    }
    let width = x.last().map_or(0.0, |last| last + card);
    Row { x, width }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARD: f32 = 60.0;
    const GAP: f32 = 6.0;
    const FINGER: f32 = 44.0;

    /// Cards go left to right, a card marked whole is covered by no later card (later cards
    /// are drawn on top), a covered one shows at least a finger's strip, and the row fits its
    /// room whenever the least strips allow it.
    fn check(whole: &[bool], width: f32) -> Row {
        let row = row(whole, CARD, GAP, FINGER, width);
        assert_eq!(row.x.len(), whole.len());
        for (index, pair) in row.x.windows(2).enumerate() {
            let shown = pair[1] - pair[0];
            let least = if whole[index] { CARD } else { FINGER };
            assert!(shown >= least - 0.01, "card {index} of {} shows only {shown}", whole.len());
        }
        let least: f32 = whole
            .split_last()
            .map_or(0.0, |(_, before)| CARD + before.iter().map(|&whole| if whole { CARD + GAP } else { FINGER }).sum::<f32>());
        if least <= width {
            assert!(row.width <= width + 0.5, "{} cards fit {width} but take {}", whole.len(), row.width);
        } else {
            assert!((row.width - least).abs() < 0.5, "a row past its room takes the least it can: {} not {least}", row.width);
        }
        row
    }

    #[test]
    fn a_small_hand_lies_side_by_side() {
        let row = check(&[false; 5], 1000.0);
        assert_eq!(row.x[1], CARD + GAP);
    }

    #[test]
    fn a_big_hand_overlaps_then_scrolls_and_keeps_playable_cards_whole() {
        for count in [1, 8, 13, 14, 20, 24, 30] {
            for width in [328.0, 600.0, 956.0, 1600.0] {
                let mut whole = vec![false; count];
                // A few playable cards, spread out, as after a forced draw.
                for index in (0..count).step_by(5) {
                    whole[index] = true;
                }
                check(&whole, width);
            }
        }
    }

    #[test]
    fn a_strip_is_a_finger_wide_even_where_the_corner_is_narrower() {
        assert_eq!(least_strip(60.0, FINGER), FINGER);
        assert!((least_strip(200.0, FINGER) - 72.0).abs() < 0.01);
        let phone = row(&[false; 13], CARD, GAP, FINGER, 328.0);
        assert!(phone.width > 328.0, "13 cards take more than a phone's row: it scrolls");
        assert!((phone.x[1] - FINGER).abs() < 0.01);
    }
}
