//! What one seat may know of a Youglouf match: every slot on the table, each either empty,
//! face down, or known, and known exactly when the viewer has seen the card and can still
//! place it (see `knowledge.rs`). A spectator knows what was shown to everyone.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::seat::{BySeat, Seat, SeatSet, Viewer};
use crate::view::ViewHeader;

use super::action::YougloufAction;
use super::event::{Power, Source};
use super::options::YougloufOptions;
use super::round::{Round, Stage};

/// One slot in front of a seat, as the viewer sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotView {
    /// A gap left by a snapped card.
    Empty,
    /// A face-down card the viewer cannot name.
    FaceDown,
    /// A face-down card the viewer has seen and can still place (or any card once the
    /// match is scored).
    Known(Card),
}

/// What the round waits for, as the viewer may see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepView {
    /// Seats take their one look at two cards.
    Looking,
    /// The turn player takes a card.
    Draw,
    /// The turn player holds a taken card.
    Holding {
        /// Where it came from.
        source: Source,
        /// The card, if the viewer has seen it (the taker, or everyone for an open-deck card).
        card: Option<Card>,
    },
    /// The turn player uses a power.
    Power(Power),
    /// The turn player ends the turn or declares.
    Finishing,
}

/// A seat's (or a spectator's) view of a Youglouf match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct YougloufView {
    /// What every game's view shows: viewer, phase, round, dealer, turn, totals, results.
    pub header: ViewHeader,
    /// The options.
    pub options: YougloufOptions,
    /// What the round waits for.
    pub step: StepView,
    /// Every seat's slots, as the viewer knows them.
    pub slots: BySeat<Vec<SlotView>>,
    /// Seats that have had their one look.
    pub looked: SeatSet,
    /// The open deck, bottom first (every card in it was seen face up).
    pub open_deck: Vec<Card>,
    /// Cards in the closed deck.
    pub closed_deck: usize,
    /// Whether the open deck's top can be snapped on now.
    pub snap_open: bool,
    /// The declarer, once someone has declared "Youglouf".
    pub declarer: Option<Seat>,
    /// The viewer's legal actions now.
    pub legal: Vec<YougloufAction>,
}

/// Whether `viewer` has seen the card the turn player holds.
#[must_use]
pub fn sees_held(round: &Round, viewer: Viewer, source: Source) -> bool {
    source == Source::Open || viewer == Viewer::Seat(round.turn)
}

/// The viewer's picture of every slot; `revealed` shows everything (the match is scored).
#[must_use]
pub fn slot_views(round: &Round, viewer: Viewer, revealed: bool) -> BySeat<Vec<SlotView>> {
    round.hands.map(|owner, hand| {
        hand.iter()
            .enumerate()
            .map(|(slot, card)| match card {
                None => SlotView::Empty,
                Some(card) if revealed || round.knowledge.knows(viewer, owner, slot) => SlotView::Known(*card),
                Some(_) => SlotView::FaceDown,
            })
            .collect()
    })
}

/// The round's stage as `viewer` sees it.
#[must_use]
pub fn step_view(round: &Round, viewer: Viewer) -> StepView {
    match round.stage {
        Stage::Looking => StepView::Looking,
        Stage::Draw => StepView::Draw,
        Stage::Holding { card, source } => StepView::Holding { source, card: sees_held(round, viewer, source).then_some(card) },
        Stage::Power(power) => StepView::Power(power),
        Stage::Finishing => StepView::Finishing,
    }
}
