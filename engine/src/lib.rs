//! Cardtable's rules engine: five shedding card games behind one contract ([`Game`]), pure and
//! deterministic. No IO, no clock, no ambient randomness: the same seed, options and actions
//! always replay the same match.

// The one list of games, first: its macro is visible to every module below.
#[macro_use]
mod game_list;

pub mod bots;
pub mod card;
pub mod card_set;
pub mod deal;
pub mod error;
pub mod event;
pub mod follow;
pub mod game;
pub mod games;
pub mod inference;
pub mod kind;
pub mod match_shell;
pub mod notation;
pub mod refusal;
pub mod registry;
pub mod rng;
pub mod scenario;
pub mod score;
pub mod seat;
pub mod setup;
pub mod sim;
pub mod standings;
pub mod view;

pub use card::{Card, DeckKind, Rank, Suit, parse_cards};
pub use card_set::{CardCounts, CardSet};
pub use error::{ActionError, ParseActionError, SetupError};
pub use event::{Addressed, Audience, EventSink, NoEvents};
pub use game::{Game, Phase, TableSetup};
pub use kind::GameKind;
pub use match_shell::MatchShell;
pub use refusal::{Refusal, RefusalArg, RefusalRule};
pub use registry::{AnyAction, AnyEvent, AnyGame, AnyOptions, AnyView, GameVisitor, Listed};
pub use rng::GameRng;
pub use score::{MatchResult, RoundEnd, RoundResult, ScoreKind, SeatScore};
pub use seat::{BySeat, Direction, Seat, SeatSet, Viewer};
pub use standings::{Better, places};
pub use view::ViewHeader;
