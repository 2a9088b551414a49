//! Bot seats at a local table: each decision is made from the bot's own view and legal actions
//! (never the true state) on a worker thread, so a searching bot never freezes the window.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use cardtable_engine::bots::{Bot, BotLevel, IsmctsConfig, make_bot};
use cardtable_engine::games::crazy_eights::CrazyEights;
use cardtable_engine::games::fool108::Fool108Action;
use cardtable_engine::games::youglouf::{SlotView, YougloufAction};
use cardtable_engine::{AnyAction, AnyView, Game, GameKind, GameRng, Seat};

/// The levels a game's bots offer (Random only until a game has its heuristics and search).
#[must_use]
pub fn levels(kind: GameKind) -> &'static [BotLevel] {
    match kind {
        GameKind::CrazyEights => &BotLevel::ALL,
        _ => &[BotLevel::Random],
    }
}

/// One decision of a typed bot, converting the game-agnostic view and actions.
fn decide_typed<G: Game>(
    bot: &mut dyn Bot<G>,
    seat: Seat,
    view: &G::View,
    legal: &[AnyAction],
    rng: &mut GameRng,
    wrap: fn(G::Action) -> AnyAction,
    unwrap: fn(&AnyAction) -> Option<G::Action>,
) -> Option<AnyAction> {
    let typed: Vec<G::Action> = legal.iter().filter_map(unwrap).collect();
    bot.decide(seat, view, &typed, rng).map(|decision| wrap(decision.action))
}

/// The bot's choice for `seat`, from its view and legal actions only.
#[must_use]
pub fn decide(level: BotLevel, seat: Seat, view: &AnyView, legal: &[AnyAction], rng: &mut GameRng) -> Option<AnyAction> {
    match view {
        AnyView::CrazyEights(view) => {
            let mut bot = make_bot::<CrazyEights>(level, IsmctsConfig::default());
            let unwrap = |action: &AnyAction| if let AnyAction::CrazyEights(action) = action { Some(*action) } else { None };
            decide_typed(bot.as_mut(), seat, view, legal, rng, AnyAction::CrazyEights, unwrap)
        }
        // Games without their own bots yet play uniformly at random (their only level).
        _ => (!legal.is_empty()).then(|| legal[rng.below(legal.len())]),
    }
}

/// A bot's answer to an optional decision ("One!", a Youglouf snap) that the round does not
/// wait for: `None` lets it pass. Declaring "One!" costs nothing, so every level declares;
/// a bot snaps only a card it knows to match the open deck's top.
#[must_use]
pub fn optional_decision(_level: BotLevel, _seat: Seat, view: &AnyView, legal: &[AnyAction], _rng: &mut GameRng) -> Option<AnyAction> {
    match view {
        AnyView::Fool108(_) => legal.iter().copied().find(|action| matches!(action, AnyAction::Fool108(Fool108Action::One))),
        AnyView::Youglouf(view) => {
            let top = view.open_deck.last()?.rank()?;
            let own = view.viewer.seat()?;
            let slot = view.slots[own].iter().position(|slot| matches!(slot, SlotView::Known(card) if card.rank() == Some(top)))?;
            let snap = AnyAction::Youglouf(YougloufAction::Snap(u8::try_from(slot).ok()?));
            legal.contains(&snap).then_some(snap)
        }
        _ => None,
    }
}

/// A decision being made on a worker thread.
#[derive(Debug)]
pub struct PendingDecision {
    /// The seat deciding.
    pub seat: Seat,
    receiver: Receiver<Option<AnyAction>>,
}

impl PendingDecision {
    /// Starts `level`'s decision for `seat` on a worker thread.
    #[must_use]
    pub fn start(level: BotLevel, seat: Seat, view: AnyView, legal: Vec<AnyAction>, seed: u64) -> PendingDecision {
        let (sender, receiver) = channel();
        std::thread::spawn(move || {
            let mut rng = GameRng::from_seed(seed);
            // The table may have been left meanwhile; then nobody listens, which is fine.
            let _ = sender.send(decide(level, seat, &view, &legal, &mut rng));
        });
        PendingDecision { seat, receiver }
    }

    /// The decision once made: `Ok(None)` while thinking, `Err` if the worker died.
    ///
    /// # Errors
    /// The worker thread ended without answering (it panicked).
    pub fn poll(&self) -> Result<Option<Option<AnyAction>>, TryRecvError> {
        match self.receiver.try_recv() {
            Ok(action) => Ok(Some(action)),
            Err(TryRecvError::Empty) => Ok(None),
            Err(error) => Err(error),
        }
    }
}
