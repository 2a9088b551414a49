//! What each game puts on the table: the facts every table shows (turn, seats, hand, offers),
//! the centre (pile, stock, what to follow), the log's sentences, how cards move, and the
//! viewer's own area. One file per game, each with its [`GameTable`] type; this one holds the
//! contract and finds a game's table by its kind.

pub mod crazy_eights;
pub mod dunno;
pub mod fool108;
pub mod hundred_one;
pub mod widgets;
pub mod youglouf;

use cardtable_engine::{AnyAction, AnyEvent, AnyOptions, AnyView, GameKind, RoundEnd, Seat};

use super::badges::Badge;
pub use super::facts::{SeatFacts, SlotLook, TableFacts};
use super::hand::HandState;
use super::keys::Keys;
use super::motion::Motion;
use crate::tr;
use crate::ui::card::CardLook;

/// What the generic table hands a game to draw the viewer's own area.
#[derive(Debug, Clone, Copy)]
pub struct OwnArea<'a> {
    /// Every seat's name.
    pub names: &'a [String],
    /// The seat whose cards are shown.
    pub seat: Seat,
    /// Card height.
    pub height: f32,
    /// How cards look.
    pub look: CardLook,
    /// The keys pressed this frame.
    pub keys: &'a Keys,
    /// Seconds before a card may be taken (a snap window's grace), if it runs.
    pub grace_left: Option<f64>,
    /// The device went to this seat to act out of turn (a snap).
    pub out_of_turn: bool,
    /// A seat's slot clicked on the table this frame.
    pub clicked_slot: Option<(Seat, u8)>,
    /// The table's last answer that was not a move (a refusal from the session), said in the
    /// area's message line.
    pub message: Option<&'a str>,
    /// The table's own id, under which the area's blocks keep the tallest they have been.
    pub still: egui::Id,
    /// The width the area has in the window (its blocks may overflow; this does not grow).
    pub width: f32,
}

impl<'a> OwnArea<'a> {
    /// `seat`'s area as shown with these keys, with nothing else going on (no grace, no snap
    /// in progress, no slot clicked).
    #[must_use]
    pub fn shown(names: &'a [String], seat: Seat, height: f32, look: CardLook, keys: &'a Keys) -> OwnArea<'a> {
        OwnArea {
            names,
            seat,
            height,
            look,
            keys,
            grace_left: None,
            out_of_turn: false,
            clicked_slot: None,
            message: None,
            still: egui::Id::NULL,
            width: 0.0,
        }
    }
}

/// A move another person at this device may make out of turn, while the device shows
/// someone else's cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutOfTurn {
    /// This action, at once and without showing any card ("One!").
    Call(AnyAction, String),
    /// The device goes to that person first, who then chooses (a snap).
    TakeDevice(String),
}

/// One seat's cards in its panel round the table, for [`GameTable::seat_cards`].
#[derive(Debug, Clone, Copy)]
pub struct SeatCards<'a> {
    /// The seat's name (its cards' labels say whose they are).
    pub owner: &'a str,
    /// What the table shows of the seat.
    pub facts: &'a SeatFacts,
    /// Which of its cards on the table the viewer may click now.
    pub clickable: &'a [u8],
    /// Which of them are picked so far.
    pub picked: &'a [u8],
    /// The seats' card height.
    pub height: f32,
    /// The panel's inside width.
    pub width: f32,
    /// How cards look.
    pub look: CardLook,
}

/// One game's part of the table. One type per game, owning its own state at the table (a
/// Youglouf board's picks in progress); the generic table never names a game.
pub trait GameTable: std::fmt::Debug + Send + Sync {
    /// A fresh instance for a new table.
    fn fresh(&self) -> Box<dyn GameTable>;

    /// What every table shows of this view.
    fn facts(&self, view: &AnyView) -> TableFacts;

    /// Draws the centre of the table (stock, pile, what to follow, the game's own state).
    fn centre(&self, ui: &mut egui::Ui, view: &AnyView, height: f32, look: CardLook);

    /// A sentence for an event, with names, or `None` for events not worth a line.
    fn describe(&self, event: &AnyEvent, name: &dyn Fn(Seat) -> String) -> Option<String>;

    /// How the event moves cards across the table, for the animation.
    fn motions(&self, event: &AnyEvent) -> Vec<Motion>;

    /// The banners the event puts on the seat it hits (or the pile) for a moment.
    fn badges(&self, event: &AnyEvent) -> Vec<Badge>;

    /// The card a seat drew from the stock, if the event is such a draw (the log joins a run
    /// of them into one line).
    fn drawn(&self, event: &AnyEvent) -> Option<Drawn>;

    /// A line under the centre about the step the round is at.
    fn status(&self, _ui: &mut egui::Ui, _view: &AnyView, _names: &[String]) {}

    /// Whether the viewer's own area says its total on a phone, so the turn's line leaves it
    /// out (a line that wrapped pushed the decks up out of view).
    fn own_total_on_phone(&self) -> bool {
        false
    }

    /// Which of `seat`'s cards on the table the viewer may click now.
    fn clickable(&self, _view: &AnyView, _seat: Seat) -> Vec<u8> {
        Vec::new()
    }

    /// Draws the viewer's own cards and controls; returns the action chosen. The default is a
    /// hand of cards with the offers of [`GameTable::facts`].
    fn own_area(
        &mut self,
        ui: &mut egui::Ui,
        _view: &AnyView,
        facts: &TableFacts,
        hand: &mut HandState,
        area: &OwnArea<'_>,
    ) -> Option<AnyAction> {
        let with = super::hand::HandLook {
            names: area.names,
            height: area.height,
            look: area.look,
            keys: area.keys,
            message: area.message,
            still: area.still,
            width: area.width,
        };
        let shown = ui.scope(|ui| super::hand::show(ui, facts, hand, &with));
        super::motion::note_spot(ui.ctx(), super::motion::Spot::Seat(area.seat), shown.response.rect);
        shown.inner
    }

    /// Forgets choices in progress (after an action).
    fn reset(&mut self) {}

    /// Draws a seat's cards in its panel round the table, as the viewer knows them; returns
    /// one of them clicked. The default: the seat's hand, face down and fanned.
    fn seat_cards(&self, ui: &mut egui::Ui, seat: &SeatCards<'_>) -> Option<u8> {
        crate::ui::card::hidden_hand(ui, seat.facts.cards, seat.height);
        None
    }

    /// The height of a seat's cards in a phone's strip of seats ([`GameTable::seat_cards`] at
    /// that height). The default: a small fan of card backs with their count.
    fn strip_card_height(&self) -> f32 {
        STRIP_CARDS
    }

    /// The width [`GameTable::seat_cards`] takes with room for all a seat's cards, at `height`.
    /// The default: a fan of card backs, two cards wide.
    fn seat_cards_width(&self, height: f32) -> f32 {
        crate::ui::card::width_for(height) * 2.0
    }

    /// Three cards that show the game's look at a glance (the start screen fans them on the
    /// game's card): the cards its rules turn on.
    fn showcase(&self) -> [cardtable_engine::Card; 3];

    /// The words on the "play again" button, for a rematch with these options.
    fn play_again(&self, _rematch: &AnyOptions) -> String {
        tr!("results-play-again")
    }

    /// What another person at this device may do out of turn now, from their own view.
    fn out_of_turn(&self, _view: &AnyView, _name: &str) -> Option<OutOfTurn> {
        None
    }

    /// The game's rules as the app plays them (`assets/rules/<language>/<id>.md`): English,
    /// then Russian.
    fn rules(&self) -> [&'static str; 2];

    /// Every house rule of the game, with a one-line explanation and its default.
    fn options_editor(&self, ui: &mut egui::Ui, _options: &mut AnyOptions) {
        ui.label(egui::RichText::new(tr!("setup-no-house-rules")).color(crate::ui::theme::INK_DIM));
    }
}

/// A seat's fan of card backs in a phone's strip of seats: as tall as the row's two lines.
const STRIP_CARDS: f32 = 32.0;

/// A card drawn from the stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drawn {
    /// Who drew it.
    pub seat: Seat,
    /// Its face, if the viewer saw it.
    pub card: Option<cardtable_engine::Card>,
}

/// Writes a game module's `drawn` for its event type, whose `Drew { seat, card }` and
/// `DrewFaceDown { seat }` are draws from the stock.
macro_rules! drawn_from {
    ($event:ident) => {
        /// A card drawn from the stock by a seat (its face if the viewer saw it), for the log's
        /// runs.
        #[must_use]
        pub fn drawn(event: &$event) -> Option<$crate::ui::table::games::Drawn> {
            match event {
                $event::Drew { seat, card } => Some($crate::ui::table::games::Drawn { seat: *seat, card: Some(*card) }),
                $event::DrewFaceDown { seat } => Some($crate::ui::table::games::Drawn { seat: *seat, card: None }),
                _ => None,
            }
        }
    };
}
pub(crate) use drawn_from;

/// Implements the parts of [`GameTable`] every game has from its module's functions
/// (`facts`, `centre`, `describe`, `motions`, `drawn`) and its rules' file name, plus any
/// methods given in braces. `$game` is the engine's game type: its view and events are taken
/// out of the `Any*` enums with the engine's typed down-casts.
macro_rules! game_table {
    ($table:ty, $game:ty, $module:ident, rules $rules:literal $(, { $($extra:tt)* })? $(,)?) => {
        impl $crate::ui::table::games::GameTable for $table {
            fn rules(&self) -> [&'static str; 2] {
                [
                    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/rules/en/", $rules, ".md")),
                    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/rules/ru/", $rules, ".md")),
                ]
            }

            fn fresh(&self) -> Box<dyn $crate::ui::table::games::GameTable> {
                Box::new(<$table>::default())
            }

            fn facts(&self, view: &cardtable_engine::AnyView) -> $crate::ui::table::facts::TableFacts {
                match view.downcast::<$game>() {
                    Some(view) => $module::facts(view),
                    None => $crate::ui::table::facts::TableFacts::default(),
                }
            }

            fn centre(&self, ui: &mut egui::Ui, view: &cardtable_engine::AnyView, height: f32, look: $crate::ui::card::CardLook) {
                if let Some(view) = view.downcast::<$game>() {
                    $module::centre(ui, view, height, look);
                }
            }

            fn describe(&self, event: &cardtable_engine::AnyEvent, name: &dyn Fn(cardtable_engine::Seat) -> String) -> Option<String> {
                event.downcast::<$game>().and_then(|event| $module::describe(event, name))
            }

            fn motions(&self, event: &cardtable_engine::AnyEvent) -> Vec<$crate::ui::table::motion::Motion> {
                event.downcast::<$game>().map($module::motions).unwrap_or_default()
            }

            fn badges(&self, event: &cardtable_engine::AnyEvent) -> Vec<$crate::ui::table::badges::Badge> {
                event.downcast::<$game>().map($module::badges).unwrap_or_default()
            }

            fn drawn(&self, event: &cardtable_engine::AnyEvent) -> Option<$crate::ui::table::games::Drawn> {
                event.downcast::<$game>().and_then($module::drawn)
            }

            $($($extra)*)?
        }
    };
}
pub(crate) use game_table;

/// The game's part of the table (a stateless instance: [`GameTable::fresh`] makes one to own).
#[must_use]
pub fn for_kind(kind: GameKind) -> &'static dyn GameTable {
    match kind {
        GameKind::CrazyEights => &crazy_eights::CrazyEightsTable,
        GameKind::Fool108 => &fool108::Fool108Table,
        GameKind::HundredOne => &hundred_one::HundredOneTable,
        GameKind::Dunno => &dunno::DunnoTable,
        GameKind::Youglouf => &youglouf::YOUGLOUF_TABLE,
    }
}

/// A sentence for an event, with names, or `None` for events not worth a line.
#[must_use]
pub fn describe(event: &AnyEvent, names: &[String]) -> Option<String> {
    let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_else(|| format!("#{}", seat.0 + 1));
    for_kind(event.kind()).describe(event, &name)
}

/// The card a seat drew from the stock, if `event` is such a draw.
#[must_use]
pub fn drawn(event: &AnyEvent) -> Option<Drawn> {
    for_kind(event.kind()).drawn(event)
}

/// How a round ended, in a sentence.
#[must_use]
pub fn round_end(end: RoundEnd, name: &dyn Fn(Seat) -> String) -> String {
    match end {
        RoundEnd::WentOut(seat) => tr!("log-went-out", name = name(seat)),
        RoundEnd::LastHolder(seat) => tr!("log-last-holder", name = name(seat)),
        RoundEnd::Blocked => tr!("log-blocked"),
        RoundEnd::Called(seat) => tr!("log-called", name = name(seat)),
        RoundEnd::TurnCap => tr!("log-turn-cap"),
    }
}
