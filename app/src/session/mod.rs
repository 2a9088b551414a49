//! The authority over a match: the [`host::Host`] owns the true engine state and its RNG and
//! hands each seat only its own view and events. Hot-seat runs it in-process; LAN play will run
//! the same Host behind the network. The UI talks to a session, never to engine state.

pub mod bots;
pub mod host;
pub mod replay;
pub mod seating;
