//! The games the engine knows, listed once. From that one list come [`GameKind`] (ids used
//! in the CLI, files and messages), the `Any*` enums that carry any game's state, action,
//! event, view and options, and [`GameKind::visit`], which runs generic code for a kind.
//! Adding a game is one line in the list (`with_games!`, in `game_list.rs`).

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::card_set::CardCounts;
use crate::error::{ActionError, ParseActionError, SetupError};
use crate::event::Addressed;
use crate::game::{Game, Phase, TableSetup};
use crate::games;
use crate::kind::GameKind;
use crate::refusal::Refusal;
use crate::score::{MatchResult, RoundResult};
use crate::seat::{BySeat, Seat, SeatSet, Viewer};
use crate::standings::Better;
use crate::view::ViewHeader;

/// Options that could not be read, with the path of the field at fault (`score_limit: …`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionsError(String);

/// Reads a game's options from JSON, naming the field at fault on error.
///
/// # Errors
/// Unknown fields or values of the wrong type.
pub fn options_from_json<T: serde::de::DeserializeOwned>(json: &serde_json::Value) -> Result<T, OptionsError> {
    serde_path_to_error::deserialize(json.clone()).map_err(|error| OptionsError(error.to_string()))
}

/// Generic code to run for one game type, chosen at run time by [`GameKind::visit`].
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs for game type `G`.
    fn visit<G: Listed>(self) -> Self::Output;
}

/// A game of the one list, with its typed way into and out of the `Any*` enums. The list
/// writes it for every game, so generic code (a [`GameVisitor`], the bots' roster) unwraps
/// any game's view, event, action or options without a match over the games.
pub trait Listed: Game {
    /// This game's view, if `view` is one.
    fn view_of(view: &AnyView) -> Option<&Self::View>;
    /// This game's event, if `event` is one.
    fn event_of(event: &AnyEvent) -> Option<&Self::Event>;
    /// This game's action, if `action` is one.
    fn action_of(action: &AnyAction) -> Option<Self::Action>;
    /// This game's options, if `options` are.
    fn options_of(options: &AnyOptions) -> Option<&Self::Options>;
    /// This game's options, to change, if `options` are.
    fn options_of_mut(options: &mut AnyOptions) -> Option<&mut Self::Options>;
    /// `action` as any game's action.
    fn any_action(action: Self::Action) -> AnyAction;
}

impl AnyView {
    /// Game `G`'s view, if this is one.
    #[must_use]
    pub fn downcast<G: Listed>(&self) -> Option<&G::View> {
        G::view_of(self)
    }
}

impl AnyEvent {
    /// Game `G`'s event, if this is one.
    #[must_use]
    pub fn downcast<G: Listed>(&self) -> Option<&G::Event> {
        G::event_of(self)
    }
}

impl AnyAction {
    /// Game `G`'s action, if this is one.
    #[must_use]
    pub fn downcast<G: Listed>(&self) -> Option<G::Action> {
        G::action_of(self)
    }
}

impl AnyOptions {
    /// Game `G`'s options, if these are.
    #[must_use]
    pub fn downcast<G: Listed>(&self) -> Option<&G::Options> {
        G::options_of(self)
    }

    /// Game `G`'s options, to change, if these are.
    #[must_use]
    pub fn downcast_mut<G: Listed>(&mut self) -> Option<&mut G::Options> {
        G::options_of_mut(self)
    }
}

macro_rules! register_games {
    ($( $variant:ident => $ty:path, id $id:literal, name $name:literal, pitch $pitch:literal; )*) => {
        impl GameKind {
            /// Runs `visitor` with this kind's game type.
            pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
                match self { $(GameKind::$variant => visitor.visit::<$ty>()),* }
            }

            /// Which match totals lead in this game.
            #[must_use]
            pub const fn better(self) -> Better {
                match self { $(GameKind::$variant => <$ty as Game>::BETTER),* }
            }

            /// The cards each seat is dealt at the start of a round.
            #[must_use]
            pub const fn hand_size(self) -> usize {
                match self { $(GameKind::$variant => <$ty as Game>::HAND_SIZE),* }
            }
        }

        /// Any game's match state.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum AnyGame { $( #[doc = $name] #[serde(rename = $id)] $variant($ty), )* }

        /// Any game's action.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum AnyAction { $( #[doc = $name] #[serde(rename = $id)] $variant(<$ty as Game>::Action), )* }

        /// Any game's event.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum AnyEvent { $( #[doc = $name] #[serde(rename = $id)] $variant(<$ty as Game>::Event), )* }

        /// Any game's per-seat view.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum AnyView { $( #[doc = $name] #[serde(rename = $id)] $variant(<$ty as Game>::View), )* }

        impl AnyView {
            /// Which game's view this is.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self { $(AnyView::$variant(_) => GameKind::$variant),* }
            }

            /// What every game's view shows: viewer, phase, round, dealer, turn, totals, results.
            #[must_use]
            pub fn header(&self) -> &ViewHeader {
                match self { $(AnyView::$variant(view) => &view.header),* }
            }

            /// Round on, round over, or match decided, as the viewer sees it.
            #[must_use]
            pub fn phase(&self) -> Phase {
                self.header().phase
            }

            /// The last finished round, from its end until the next deal.
            #[must_use]
            pub fn last_round(&self) -> Option<&RoundResult> {
                self.header().last_round.as_ref()
            }

            /// The match's result once decided.
            #[must_use]
            pub fn result(&self) -> Option<&MatchResult> {
                self.header().result.as_ref()
            }

            /// The open snap window as the viewer sees it (see [`Game::view_snap_window`]).
            #[must_use]
            pub fn snap_window(&self) -> Option<u32> {
                match self { $(AnyView::$variant(view) => <$ty as Game>::view_snap_window(view)),* }
            }

            /// The viewer's legal actions now (none for a spectator), in the game's order.
            #[must_use]
            pub fn legal(&self) -> Vec<AnyAction> {
                match self { $(AnyView::$variant(view) => view.legal.iter().copied().map(AnyAction::$variant).collect()),* }
            }
        }

        impl AnyEvent {
            /// Which game's event this is.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self { $(AnyEvent::$variant(_) => GameKind::$variant),* }
            }
        }

        /// Any game's options.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum AnyOptions { $( #[doc = $name] #[serde(rename = $id)] $variant(<$ty as Game>::Options), )* }

        impl AnyOptions {
            /// Milliseconds an open snap window holds back the turn's taking of a card.
            #[must_use]
            pub fn snap_grace_ms(&self) -> u32 {
                match self { $(AnyOptions::$variant(options) => <$ty as Game>::snap_grace_ms(options)),* }
            }

            /// The default options of `kind`.
            #[must_use]
            pub fn defaults(kind: GameKind) -> AnyOptions {
                match kind { $(GameKind::$variant => AnyOptions::$variant(Default::default())),* }
            }

            /// The game these options are for.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self { $(AnyOptions::$variant(_) => GameKind::$variant),* }
            }

            /// Seat counts the game can be played with under these options.
            #[must_use]
            pub fn seat_range(&self) -> std::ops::RangeInclusive<usize> {
                match self { $(AnyOptions::$variant(options) => <$ty>::seat_range(options)),* }
            }

            /// The seat count a new table of this game starts with.
            #[must_use]
            pub fn default_players(&self) -> usize {
                match self { $(AnyOptions::$variant(options) => <$ty>::default_players(options)),* }
            }

            /// Reads `kind`'s options from JSON; missing fields take their defaults.
            ///
            /// # Errors
            /// Unknown fields or values of the wrong type, with the field's path in the message.
            pub fn from_json(kind: GameKind, json: &serde_json::Value) -> Result<AnyOptions, crate::registry::OptionsError> {
                match kind { $(GameKind::$variant => crate::registry::options_from_json(json).map(AnyOptions::$variant)),* }
            }
        }

        impl AnyAction {
            /// Reads an action of `kind` from its notation.
            ///
            /// # Errors
            /// The text is not an action of that game.
            pub fn parse(kind: GameKind, text: &str) -> Result<AnyAction, ParseActionError> {
                match kind { $(GameKind::$variant => text.parse().map(AnyAction::$variant)),* }
            }

            /// The game this action belongs to.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self { $(AnyAction::$variant(_) => GameKind::$variant),* }
            }
        }

        impl std::fmt::Display for AnyAction {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self { $(AnyAction::$variant(action) => action.fmt(f)),* }
            }
        }

        impl AnyGame {
            /// A new match of the options' game.
            ///
            /// # Errors
            /// As [`Game::new_match`].
            pub fn new_match(setup: TableSetup, options: AnyOptions, stacked: Option<&[Card]>) -> Result<AnyGame, SetupError> {
                match options { $(AnyOptions::$variant(options) => <$ty>::new_match(setup, options, stacked).map(AnyGame::$variant)),* }
            }

            /// A new match of the options' game and the events of its first deal.
            ///
            /// # Errors
            /// As [`Game::start_match`].
            pub fn start_match(setup: TableSetup, options: AnyOptions, stacked: Option<&[Card]>) -> Result<(AnyGame, Vec<Addressed<AnyEvent>>), SetupError> {
                match options {
                    $(AnyOptions::$variant(options) => {
                        let mut events = Vec::new();
                        let game = <$ty>::start_match(setup, options, stacked, &mut events)?;
                        let events = events.into_iter().map(|addressed| Addressed { audience: addressed.audience, event: AnyEvent::$variant(addressed.event) }).collect();
                        Ok((AnyGame::$variant(game), events))
                    })*
                }
            }

            /// Which game this is.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self { $(AnyGame::$variant(_) => GameKind::$variant),* }
            }

            /// The match's options.
            #[must_use]
            pub fn options(&self) -> AnyOptions {
                match self { $(AnyGame::$variant(game) => AnyOptions::$variant(game.options().clone())),* }
            }

            /// Options for "play again".
            #[must_use]
            pub fn rematch_options(&self) -> AnyOptions {
                match self { $(AnyGame::$variant(game) => AnyOptions::$variant(game.rematch_options())),* }
            }

            /// Number of seats.
            #[must_use]
            pub fn players(&self) -> usize {
                match self { $(AnyGame::$variant(game) => game.players()),* }
            }

            /// Seats with a decision now.
            #[must_use]
            pub fn to_act(&self) -> SeatSet {
                match self { $(AnyGame::$variant(game) => game.to_act()),* }
            }

            /// Seats the round waits for (the rest of `to_act` may act optionally).
            #[must_use]
            pub fn waiting_for(&self) -> SeatSet {
                match self { $(AnyGame::$variant(game) => game.waiting_for()),* }
            }

            /// `seat`'s legal actions.
            #[must_use]
            pub fn legal_actions(&self, seat: Seat) -> Vec<AnyAction> {
                match self { $(AnyGame::$variant(game) => game.legal_actions(seat).into_iter().map(AnyAction::$variant).collect()),* }
            }

            /// Applies `seat`'s action; refuses an action of another game.
            ///
            /// # Errors
            /// As [`Game::apply_with`]; the state is then unchanged.
            pub fn apply(&mut self, seat: Seat, action: AnyAction) -> Result<Vec<Addressed<AnyEvent>>, ActionError> {
                match (self, action) {
                    $((AnyGame::$variant(game), AnyAction::$variant(action)) => {
                        Ok(game.apply(seat, action)?.into_iter().map(|addressed| Addressed { audience: addressed.audience, event: AnyEvent::$variant(addressed.event) }).collect())
                    })*
                    #[allow(unreachable_patterns)]
                    (game, action) => Err(ActionError::illegal(action, Refusal::WrongGame { action_game: action.kind(), table_game: game.kind() })),
                }
            }

            /// Deals the next round.
            ///
            /// # Errors
            /// As [`Game::start_next_round`].
            pub fn start_next_round(&mut self, stacked: Option<&[Card]>) -> Result<Vec<Addressed<AnyEvent>>, ActionError> {
                match self {
                    $(AnyGame::$variant(game) => {
                        let mut events = Vec::new();
                        game.start_next_round(stacked, &mut events)?;
                        Ok(events.into_iter().map(|addressed| Addressed { audience: addressed.audience, event: AnyEvent::$variant(addressed.event) }).collect())
                    })*
                }
            }

            /// What `viewer` may know now.
            #[must_use]
            pub fn view(&self, viewer: Viewer) -> AnyView {
                match self { $(AnyGame::$variant(game) => AnyView::$variant(game.view(viewer))),* }
            }

            /// The open snap window (see [`Game::snap_window`]).
            #[must_use]
            pub fn snap_window(&self) -> Option<u32> {
                match self { $(AnyGame::$variant(game) => game.snap_window()),* }
            }

            /// Milliseconds an open snap window holds back the turn's taking of a card.
            #[must_use]
            pub fn snap_grace_ms(&self) -> u32 {
                match self { $(AnyGame::$variant(game) => <$ty as Game>::snap_grace_ms(game.options())),* }
            }

            /// Whether `action` takes a card, which an open snap window's grace holds back.
            #[must_use]
            pub fn waits_for_snap_grace(action: AnyAction) -> bool {
                match action { $(AnyAction::$variant(action) => <$ty as Game>::waits_for_snap_grace(&action)),* }
            }

            /// Round on, round over, or match decided.
            #[must_use]
            pub fn phase(&self) -> Phase {
                match self { $(AnyGame::$variant(game) => game.phase()),* }
            }

            /// The last finished round.
            #[must_use]
            pub fn last_round(&self) -> Option<&RoundResult> {
                match self { $(AnyGame::$variant(game) => game.last_round()),* }
            }

            /// Running totals.
            #[must_use]
            pub fn totals(&self) -> &BySeat<i32> {
                match self { $(AnyGame::$variant(game) => game.totals()),* }
            }

            /// The match result once decided.
            #[must_use]
            pub fn match_result(&self) -> Option<&MatchResult> {
                match self { $(AnyGame::$variant(game) => game.match_result()),* }
            }

            /// Every card in every zone.
            #[must_use]
            pub fn card_counts(&self) -> CardCounts {
                match self { $(AnyGame::$variant(game) => game.card_counts()),* }
            }

            /// Cards `viewer` may know.
            #[must_use]
            pub fn known_counts(&self, viewer: Viewer) -> CardCounts {
                match self { $(AnyGame::$variant(game) => game.known_counts(viewer)),* }
            }

            /// Every card `seat` holds, face up (a replay's reveal).
            #[must_use]
            pub fn revealed_hand(&self, seat: Seat) -> Vec<Card> {
                match self { $(AnyGame::$variant(game) => game.revealed_hand(seat)),* }
            }
        }

        $(
            impl Listed for $ty {
                fn view_of(view: &AnyView) -> Option<&Self::View> {
                    match view {
                        AnyView::$variant(view) => Some(view),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn event_of(event: &AnyEvent) -> Option<&Self::Event> {
                    match event {
                        AnyEvent::$variant(event) => Some(event),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn action_of(action: &AnyAction) -> Option<Self::Action> {
                    match action {
                        AnyAction::$variant(action) => Some(*action),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn options_of(options: &AnyOptions) -> Option<&Self::Options> {
                    match options {
                        AnyOptions::$variant(options) => Some(options),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn options_of_mut(options: &mut AnyOptions) -> Option<&mut Self::Options> {
                    match options {
                        AnyOptions::$variant(options) => Some(options),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn any_action(action: Self::Action) -> AnyAction {
                    AnyAction::$variant(action)
                }
            }
        )*
    };
}

with_games!(register_games);

#[cfg(test)]
mod tests {
    use super::*;

    /// Each game's typed down-casts take its own view, event, action and options out of the
    /// `Any*` enums, refuse another game's, and its action goes back in as it came out.
    struct DowncastsAreTheGamesOwn(GameKind);

    impl GameVisitor for DowncastsAreTheGamesOwn {
        type Output = ();

        fn visit<G: Listed>(self) {
            let mut options = AnyOptions::defaults(self.0);
            let setup = TableSetup::new(G::default_players(&G::Options::default()), 3);
            let (game, events) = AnyGame::start_match(setup, options.clone(), None).expect("a table");
            let ours = self.0 == G::KIND;
            let view = game.view(Viewer::Seat(Seat(0)));
            assert_eq!(view.downcast::<G>().is_some(), ours, "{} view as {}", self.0, G::KIND);
            assert!(events.iter().all(|addressed| addressed.event.downcast::<G>().is_some() == ours), "{} events as {}", self.0, G::KIND);
            assert_eq!(options.downcast::<G>().is_some(), ours, "{} options as {}", self.0, G::KIND);
            assert_eq!(options.downcast_mut::<G>().is_some(), ours, "{} options as {}", self.0, G::KIND);
            let seat = game.to_act().first().expect("someone acts");
            for action in game.legal_actions(seat) {
                match action.downcast::<G>() {
                    Some(typed) => assert_eq!(G::any_action(typed), action, "{} round trip", G::KIND),
                    None => assert!(!ours, "{} action as {}", self.0, G::KIND),
                }
            }
        }
    }

    #[test]
    fn each_game_downcasts_to_its_own_types_only() {
        for &kind in GameKind::ALL {
            for &as_kind in GameKind::ALL {
                as_kind.visit(DowncastsAreTheGamesOwn(kind));
            }
        }
    }
}
