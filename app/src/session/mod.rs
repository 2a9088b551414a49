//! The authority over a match and how the table reaches it. A [`host::Host`] holds the true
//! engine state, its RNG and its steps, and hands each seat only its own view and events; only
//! this layer applies an action to it, through the checks of an [`authority::Authority`]. One
//! [`runner::MatchRunner`] owns each live match (the authority, its bots and their worker, the
//! snap clock); hot-seat play ([`local::LocalTable`]) and a networked table's core are thin
//! lines into it. The app holds a [`Session`] and the table screen reads it, never engine
//! state; a guest's session only ever holds what the host sent to its seat.

pub mod authority;
pub mod bots;
pub mod host;
pub mod local;
pub mod playout;
pub mod replay;
pub mod runner;
pub mod seating;
pub mod snap_clock;
pub mod tutorial;

use cardtable_engine::{ActionError, Addressed, AnyAction, AnyEvent, AnyOptions, AnyView, GameKind, Phase, Seat, SeatSet, Viewer};

use crate::settings::BotPace;
use authority::Refused;
use host::Host;
use seating::Occupant;

/// Why a session did not do what the table asked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SessionError {
    /// The authority refused the action; nothing changed.
    #[error(transparent)]
    Refused(#[from] Refused),
    /// The seat is not played from this device.
    #[error("{0} is not played from this device")]
    NotLocal(Seat),
    /// Only the device that hosts the match deals the next round.
    #[error("the host deals the next round")]
    NotTheDealer,
    /// The connection to the host is gone.
    #[error("the host cannot be reached: {0}")]
    Disconnected(String),
    /// No move of the person's can be taken back here.
    #[error("there is no move to take back")]
    NothingToUndo,
    /// A tutorial waits for the move its note asks for.
    #[error("the tutorial asks for another move")]
    NotTheLesson,
    /// Only the device that hosts a networked match hands a seat to a bot.
    #[error("only the host hands a seat to a bot")]
    NotTheHost,
}

impl From<ActionError> for SessionError {
    fn from(error: ActionError) -> SessionError {
        SessionError::Refused(Refused::Illegal(error))
    }
}

/// Where a tutorial stands: the note for the step it waits for, and whether its script is done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coaching {
    /// The note shown now, as a message id of the `tutorial` translations.
    pub message: String,
    /// Which note this is, from 1.
    pub lesson: usize,
    /// How many notes the tutorial has.
    pub lessons: usize,
    /// The script is played out: the table plays on as an ordinary one.
    pub done: bool,
    /// The person's move the script waits for, if it waits for the person.
    pub expected: Option<AnyAction>,
}

/// What the table screen needs from a match, wherever its authority runs.
pub trait Session: std::fmt::Debug {
    /// The game being played.
    fn kind(&self) -> GameKind;

    /// Who sits in each seat.
    fn occupants(&self) -> &[Occupant];

    /// The seats that people play on this device (several in hot-seat play).
    fn local_seats(&self) -> SeatSet;

    /// What `viewer` may see now; `None` when this device holds nothing for that viewer (a LAN
    /// guest has only its own seat).
    fn view(&self, viewer: Viewer) -> Option<AnyView>;

    /// Every event this device may know of, oldest first, with its audience (the table shows a
    /// viewer those it includes).
    fn history(&self) -> &[Addressed<AnyEvent>];

    /// Round on, over, or match decided.
    fn phase(&self) -> Phase;

    /// The seats the round waits for (the other seats to act have optional decisions).
    fn waiting_for(&self) -> SeatSet;

    /// Takes a local seat's action.
    ///
    /// # Errors
    /// The seat is not local, or the action is not legal now (nothing changes).
    fn act(&mut self, seat: Seat, action: AnyAction) -> Result<(), SessionError>;

    /// Whether this device deals the next round (a LAN guest waits for the host).
    fn deals(&self) -> bool;

    /// Deals the next round.
    ///
    /// # Errors
    /// No round is over, the match is decided, or another device deals.
    fn next_round(&mut self) -> Result<(), SessionError>;

    /// Lets time pass to `now` (seconds): bots move, messages arrive. Returns how many seconds
    /// may pass before it needs polling again (`None`: only on input).
    fn poll(&mut self, now: f64) -> Option<f64>;

    /// Sets how bots' moves are paced.
    fn set_pace(&mut self, pace: BotPace);

    /// In step mode, whether a bot's move waits for the player's go-ahead.
    fn bot_move_waiting(&self) -> bool;

    /// In step mode, lets the waiting bot move.
    fn step(&mut self);

    /// Seconds until the seat at turn may take a card, while a snap window's grace time runs
    /// (Youglouf, RULES.md §5 ruling); `None` when it may now.
    fn grace_left(&self, now: f64) -> Option<f64>;

    /// The options and seats for "play again", if this device may start it.
    fn rematch(&self) -> Option<(AnyOptions, Vec<Occupant>)>;

    /// The authority, when it runs on this device (for saving and the post-match record).
    fn host(&self) -> Option<&Host>;

    /// Seats whose player's device dropped off the network (shown "away" at the table).
    fn away(&self) -> SeatSet {
        SeatSet::EMPTY
    }

    /// When (seconds on the clock [`Session::poll`] is given) a bot plays the away `seat`, if
    /// the host said how long it holds it.
    fn bot_due(&self, _seat: Seat) -> Option<f64> {
        None
    }

    /// Whether this device may have a bot play an away guest's seat at once (the host's).
    fn hands_seats_to_bots(&self) -> bool {
        false
    }

    /// A bot plays the away `seat` now, as when its hold runs out.
    ///
    /// # Errors
    /// This device does not host the match ([`Session::hands_seats_to_bots`] is false).
    fn bot_now(&mut self, _seat: Seat) -> Result<(), SessionError> {
        Err(SessionError::NotTheHost)
    }

    /// The tutorial's note, when this table is a tutorial.
    fn coaching(&self) -> Option<Coaching> {
        None
    }

    /// Whether this table takes moves back at all (one person among bots, a match that replays
    /// from its seed), so its Undo button stands in its place even when nothing can be taken
    /// back now.
    fn offers_undo(&self) -> bool {
        false
    }

    /// Whether the one person at a table of bots may take back their last move of this round.
    fn can_undo(&self) -> bool {
        false
    }

    /// Takes back the person's last move of this round and every bot move after it.
    ///
    /// # Errors
    /// There is no move to take back here ([`Session::can_undo`] is false).
    fn undo(&mut self) -> Result<(), SessionError> {
        Err(SessionError::NothingToUndo)
    }
}
