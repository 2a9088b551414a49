//! Events: what happened, each addressed to an audience so hidden cards reach only their seat.

use serde::{Deserialize, Serialize};

use crate::seat::{Seat, Viewer};

/// Who may see an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Everyone, spectators included.
    All,
    /// Only this seat (the card it drew).
    Only(Seat),
    /// Everyone but this seat, spectators included (the public side of a private event).
    AllBut(Seat),
}

impl Audience {
    /// Whether `viewer` may see an event with this audience.
    #[must_use]
    pub fn includes(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Audience::All, _) | (Audience::AllBut(_), Viewer::Spectator) => true,
            (Audience::Only(seat), Viewer::Seat(me)) => seat == me,
            (Audience::Only(_), Viewer::Spectator) => false,
            (Audience::AllBut(seat), Viewer::Seat(me)) => seat != me,
        }
    }
}

/// An event with its audience.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Addressed<E> {
    /// Who may see it.
    pub audience: Audience,
    /// What happened.
    pub event: E,
}

/// The events `viewer` may see, in order.
pub fn visible_to<E: Clone>(events: &[Addressed<E>], viewer: Viewer) -> Vec<E> {
    events.iter().filter(|addressed| addressed.audience.includes(viewer)).map(|addressed| addressed.event.clone()).collect()
}

/// Where a game sends its events.
pub trait EventSink<E> {
    /// Records one event for `audience`.
    fn emit(&mut self, audience: Audience, event: E);

    /// Whether events are kept; playouts skip building costly events when not.
    fn wants_events(&self) -> bool {
        true
    }
}

impl<E> EventSink<E> for Vec<Addressed<E>> {
    fn emit(&mut self, audience: Audience, event: E) {
        self.push(Addressed { audience, event });
    }
}

/// Events held back until it is known they happened (a deal that may be refused), or not
/// kept at all (`None`, when the final sink keeps none).
impl<E> EventSink<E> for Option<Vec<Addressed<E>>> {
    fn emit(&mut self, audience: Audience, event: E) {
        if let Some(kept) = self {
            kept.push(Addressed { audience, event });
        }
    }

    fn wants_events(&self) -> bool {
        self.is_some()
    }
}

/// A sink that drops every event: random playouts and searches use it.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoEvents;

impl<E> EventSink<E> for NoEvents {
    fn emit(&mut self, _audience: Audience, _event: E) {}

    fn wants_events(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn audiences_include_the_right_viewers() {
        let me = Viewer::Seat(Seat(1));
        let other = Viewer::Seat(Seat(2));
        assert!(Audience::Only(Seat(1)).includes(me));
        assert!(!Audience::Only(Seat(1)).includes(other));
        assert!(!Audience::Only(Seat(1)).includes(Viewer::Spectator));
        assert!(!Audience::AllBut(Seat(1)).includes(me));
        assert!(Audience::AllBut(Seat(1)).includes(other));
        assert!(Audience::AllBut(Seat(1)).includes(Viewer::Spectator));
        assert!(Audience::All.includes(Viewer::Spectator));
    }
}
