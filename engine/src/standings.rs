//! Places at the table by match total: which way a game's totals count ([`Better`]) and the
//! places they give, ties sharing a place ("1, 2, 2, 4").

use crate::seat::BySeat;

/// Which totals are better in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Better {
    /// The lowest total leads (penalty points: Crazy Eights, 108 Fool, 101, Youglouf).
    Lower,
    /// The highest total leads (points won: Dunno).
    Higher,
}

impl Better {
    /// Whether total `a` stands strictly ahead of total `b`.
    #[must_use]
    pub const fn ahead(self, a: i32, b: i32) -> bool {
        match self {
            Better::Lower => a < b,
            Better::Higher => a > b,
        }
    }
}

/// Each seat's place by its total, from 1: one plus the number of seats strictly ahead, so
/// seats with equal totals share a place and the next place is skipped.
#[must_use]
pub fn places(totals: &BySeat<i32>, better: Better) -> BySeat<usize> {
    totals.map(|_, &total| 1 + totals.iter().filter(|&&other| better.ahead(other, total)).count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Seat;

    fn totals(values: &[i32]) -> BySeat<i32> {
        BySeat::from_fn(values.len(), |seat: Seat| values[seat.index()])
    }

    #[test]
    fn the_lowest_total_leads_and_ties_share_a_place() {
        let places = places(&totals(&[30, 12, 30, 45]), Better::Lower);
        assert_eq!(places.as_slice(), [2, 1, 2, 4]);
    }

    #[test]
    fn where_points_are_won_the_highest_total_leads() {
        let places = places(&totals(&[30, 12, 30, 45]), Better::Higher);
        assert_eq!(places.as_slice(), [2, 4, 2, 1]);
    }

    #[test]
    fn a_table_of_equals_is_all_first() {
        assert_eq!(places(&totals(&[0, 0, 0]), Better::Lower).as_slice(), [1, 1, 1]);
    }
}
