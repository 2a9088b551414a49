//! Seats round the table, per-seat containers, sets of seats and the direction of play.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// Most seats any game allows (Crazy Eights: 8).
pub const MAX_SEATS: usize = 8;

/// A place at the table, numbered `0..n` clockwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's number as an index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat `steps` places clockwise at a table of `players`.
    #[must_use]
    #[inline]
    pub const fn clockwise(self, steps: usize, players: usize) -> Seat {
        // Play steps one or two seats at a time: a subtraction instead of a runtime division,
        // which only a step past a whole lap (a dealer many rounds on) still needs.
        let mut index = self.0 as usize + steps;
        if index >= players {
            index -= players;
            if index >= players {
                index %= players;
            }
        }
        Seat(index as u8)
    }

    /// All seats of a table of `players`, in order.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..players).map(|index| Seat(index as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who is looking: a seated player, or a spectator who sees no hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The player in this seat.
    Seat(Seat),
    /// Someone watching the table: sees only what is public.
    Spectator,
}

impl Viewer {
    /// The viewer's seat, if seated.
    #[must_use]
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator => None,
        }
    }
}

/// Direction of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Increasing seat numbers.
    #[default]
    Clockwise,
    /// Decreasing seat numbers.
    Counterclockwise,
}

impl Direction {
    /// The other direction.
    #[must_use]
    pub const fn reversed(self) -> Direction {
        match self {
            Direction::Clockwise => Direction::Counterclockwise,
            Direction::Counterclockwise => Direction::Clockwise,
        }
    }

    /// The seat one step from `seat` in this direction at a table of `players`.
    #[must_use]
    #[inline]
    pub const fn step(self, seat: Seat, players: usize) -> Seat {
        match self {
            Direction::Clockwise if seat.index() + 1 >= players => Seat(0),
            Direction::Clockwise => Seat(seat.0 + 1),
            Direction::Counterclockwise if seat.0 == 0 => Seat((players - 1) as u8),
            Direction::Counterclockwise => Seat(seat.0 - 1),
        }
    }
}

/// A value per seat, indexed by [`Seat`] rather than by arithmetic on integers.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BySeat<T>(Vec<T>);

impl<T> BySeat<T> {
    /// One value per seat, made from the seat.
    pub fn from_fn(players: usize, make: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(Seat::all(players).map(make).collect())
    }

    /// Number of seats.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no seats.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The values in seat order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &T> {
        self.0.iter()
    }

    /// The values in seat order, mutably.
    pub fn iter_mut(&mut self) -> impl ExactSizeIterator<Item = &mut T> {
        self.0.iter_mut()
    }

    /// Each seat with its value.
    pub fn seats(&self) -> impl ExactSizeIterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(index, value)| (Seat(index as u8), value))
    }

    /// A new per-seat container of `f` applied to each value.
    pub fn map<U>(&self, mut f: impl FnMut(Seat, &T) -> U) -> BySeat<U> {
        BySeat(self.seats().map(|(seat, value)| f(seat, value)).collect())
    }

    /// The values as a slice in seat order.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }
}

impl<T: Clone> BySeat<T> {
    /// The same value in every seat.
    pub fn filled(players: usize, value: T) -> BySeat<T> {
        BySeat(vec![value; players])
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

impl<T> From<Vec<T>> for BySeat<T> {
    fn from(values: Vec<T>) -> BySeat<T> {
        BySeat(values)
    }
}

/// A set of seats (whose decision it is, winners, losers), as a bitmask.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Just this seat.
    #[must_use]
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Every seat of a table of `players`.
    #[must_use]
    pub const fn all(players: usize) -> SeatSet {
        SeatSet(((1u16 << players) - 1) as u8)
    }

    /// Adds a seat.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes a seat.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// Whether the seat is in the set. A seat past [`MAX_SEATS`] (a number read from outside,
    /// say) is in no set, rather than an overflowing shift.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        (seat.0 as usize) < MAX_SEATS && self.0 & (1 << seat.0) != 0
    }

    /// Number of seats in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat in the set.
    #[must_use]
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 { None } else { Some(Seat(self.0.trailing_zeros() as u8)) }
    }

    /// Whether every seat of this set is in `other`.
    #[must_use]
    pub const fn is_subset_of(self, other: SeatSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The seats of this set that are not in `other`.
    #[must_use]
    pub const fn without(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    /// The seats, ascending.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            let seat = SeatSet(rest).first()?;
            rest &= rest - 1;
            Some(seat)
        })
    }

    /// The `n`-th seat of the set, ascending from 0 (as `iter().nth(n)`, without walking
    /// the empty seats).
    #[must_use]
    pub const fn nth(self, n: usize) -> Option<Seat> {
        let mut rest = self.0;
        let mut skipped = 0;
        while skipped < n && rest != 0 {
            rest &= rest - 1;
            skipped += 1;
        }
        SeatSet(rest).first()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|seat| seat.0)).finish()
    }
}

impl Serialize for SeatSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // An exact length, which compact binary formats (the LAN's postcard frames) need.
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for seat in self.iter() {
            serde::ser::SerializeSeq::serialize_element(&mut seq, &seat)?;
        }
        serde::ser::SerializeSeq::end(seq)
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SeatSet, D::Error> {
        let seats = Vec::<Seat>::deserialize(deserializer)?;
        if let Some(seat) = seats.iter().find(|seat| seat.index() >= MAX_SEATS) {
            return Err(serde::de::Error::custom(format!("{seat} is beyond the {MAX_SEATS} seats of a table")));
        }
        Ok(seats.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_number_past_the_largest_table_is_in_no_set() {
        let every = SeatSet::all(MAX_SEATS);
        assert!(every.contains(Seat(7)));
        for outside in [8, 9, 200, 255] {
            assert!(!every.contains(Seat(outside)), "seat {outside}");
        }
    }

    #[test]
    fn clockwise_wraps_like_the_remainder_for_any_steps() {
        for players in 2..=MAX_SEATS {
            for seat in Seat::all(players) {
                for steps in 0..3 * players {
                    assert_eq!(seat.clockwise(steps, players), Seat(((seat.index() + steps) % players) as u8));
                }
                assert_eq!(Direction::Clockwise.step(seat, players), seat.clockwise(1, players));
                assert_eq!(Direction::Counterclockwise.step(seat, players), seat.clockwise(players - 1, players));
            }
        }
    }

    #[test]
    fn directions_step_round_the_table() {
        assert_eq!(Direction::Clockwise.step(Seat(3), 4), Seat(0));
        assert_eq!(Direction::Counterclockwise.step(Seat(0), 4), Seat(3));
        assert_eq!(Direction::Clockwise.reversed(), Direction::Counterclockwise);
    }

    #[test]
    fn seat_sets_hold_and_list_seats() {
        let mut set = SeatSet::EMPTY;
        set.insert(Seat(2));
        set.insert(Seat(7));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(2), Seat(7)]);
        assert_eq!((set.nth(0), set.nth(1), set.nth(2)), (Some(Seat(2)), Some(Seat(7)), None));
        assert_eq!(set.first(), Some(Seat(2)));
        set.remove(Seat(2));
        assert!(!set.contains(Seat(2)));
        assert_eq!(SeatSet::all(8).len(), 8);
        assert!(serde_json::from_str::<SeatSet>("[9]").is_err());
    }
}
