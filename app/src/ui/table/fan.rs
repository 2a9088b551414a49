//! Where each card of a hand goes so that the whole hand fits the width: cards overlap (each
//! shows a strip of its left edge) and, past what an overlap can hold, take more rows; the
//! cards a player may touch now (playable or picked) are never covered, so they stay whole.

/// A card's place in the hand: its row (from 0, top) and its left edge from the hand's left.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    /// The row, from 0.
    pub row: usize,
    /// The left edge, in points from the hand's left edge.
    pub x: f32,
}

/// The least strip of a covered card left in view, as a share of the card's width: enough for
/// its rank and suit in the corner, and for a finger.
pub const LEAST_STRIP: f32 = 0.36;

/// Places `whole.len()` cards of width `card` (a gap of `gap` between uncovered ones) in
/// `width`: each row takes as many cards as fit with covered cards a strip of
/// [`LEAST_STRIP`] wide and whole ones whole, then spreads them over the width (never further
/// apart than side by side). Only a window narrower than one card leaves cards past its edge.
#[must_use]
pub fn fan(whole: &[bool], card: f32, gap: f32, width: f32) -> Vec<Place> {
    let least = card * LEAST_STRIP;
    let mut rows: Vec<&[bool]> = Vec::new();
    let mut start = 0;
    while start < whole.len() {
        // The row grows while its cards, the last one whole, still fit.
        let mut end = start + 1;
        let mut used = card;
        while end < whole.len() {
            let before_last = if whole[end - 1] { card + gap } else { least };
            if used + before_last > width + 0.5 {
                break;
            }
            used += before_last;
            end += 1;
        }
        rows.push(&whole[start..end]);
        start = end;
    }
    let steps: Vec<f32> = rows.iter().map(|row| strip(row, card, gap, width)).collect();
    place(&rows, &steps, card, gap)
}

/// The strip width of the covered cards of one row: the room left spread over them, never
/// wider than a whole card and its gap.
fn strip(row: &[bool], card: f32, gap: f32, width: f32) -> f32 {
    let Some((_, before_last)) = row.split_last() else { return card + gap };
    let whole = before_last.iter().filter(|&&whole| whole).count() as f32;
    let covered = before_last.len() as f32 - whole;
    if covered == 0.0 {
        return card + gap;
    }
    let left = width - card - whole * (card + gap);
    (left / covered).min(card + gap)
}

fn place(rows: &[&[bool]], steps: &[f32], card: f32, gap: f32) -> Vec<Place> {
    let mut places = Vec::new();
    for (row, (cards, &step)) in rows.iter().zip(steps).enumerate() {
        let mut x = 0.0;
        for &whole in *cards {
            places.push(Place { row, x });
            x += if whole { card + gap } else { step };
        }
    }
    places
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARD: f32 = 60.0;
    const GAP: f32 = 6.0;

    /// Every card lies inside `width`, and a card marked whole is covered by no later card of
    /// its row (later cards are drawn on top).
    fn check(whole: &[bool], width: f32) -> Vec<Place> {
        let places = fan(whole, CARD, GAP, width);
        assert_eq!(places.len(), whole.len());
        for (index, place) in places.iter().enumerate() {
            assert!(place.x >= 0.0 && place.x + CARD <= width + 0.5, "card {index} of {} at {place:?} leaves {width}", whole.len());
            let next = places.get(index + 1).filter(|next| next.row == place.row);
            if let Some(next) = next {
                assert!(next.x > place.x, "cards go left to right");
                let shown = next.x - place.x;
                if whole[index] {
                    assert!(shown >= CARD, "whole card {index} is covered: {shown}");
                } else {
                    assert!(shown >= CARD * LEAST_STRIP - 0.01, "card {index} shows only {shown}");
                }
            }
        }
        places
    }

    #[test]
    fn a_small_hand_lies_side_by_side_in_one_row() {
        let places = check(&[false; 5], 1000.0);
        assert!(places.iter().all(|place| place.row == 0));
        assert_eq!(places[1].x, CARD + GAP);
    }

    #[test]
    fn a_big_hand_overlaps_to_fit_and_keeps_playable_cards_whole() {
        for count in [8, 14, 20, 30, 54] {
            for width in [336.0, 600.0, 1000.0, 1600.0] {
                let mut whole = vec![false; count];
                // A few playable cards, spread out, as after a forced draw.
                for index in (0..count).step_by(5) {
                    whole[index] = true;
                }
                let places = check(&whole, width);
                let rows = places.iter().map(|place| place.row).max().unwrap_or(0) + 1;
                let most = if count <= 30 { 4 } else { 6 };
                assert!(rows <= most, "{count} cards at {width} take {rows} rows");
            }
        }
    }

    #[test]
    fn more_rows_only_when_one_cannot_hold_the_hand() {
        let one = fan(&[false; 14], CARD, GAP, 1000.0);
        assert!(one.iter().all(|place| place.row == 0), "14 cards overlap in one row at 1000 points");
        let phone = check(&[false; 20], 336.0);
        assert!(phone.iter().any(|place| place.row > 0), "20 cards take two rows on a phone");
    }
}
