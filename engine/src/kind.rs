//! Which game: [`GameKind`], the ids used in the CLI, files and messages, the names players
//! know and each game's tutorial text, made from the one list of games (`with_games!`).

use serde::{Deserialize, Serialize};

/// A game id that names no game (in the CLI, a file or a message).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{id}`; known games: {known}")]
pub struct UnknownGame {
    /// The id given.
    pub id: String,
    /// The ids that exist, comma separated.
    pub known: String,
}

macro_rules! game_kinds {
    ($( $variant:ident => $ty:path, id $id:literal, name $name:literal, pitch $pitch:literal; )*) => {
        /// One of the games, by id.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum GameKind {
            $(
                #[doc = $name]
                #[serde(rename = $id)]
                $variant,
            )*
        }

        impl GameKind {
            /// Every registered game, in menu order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),*];

            /// The id used in the CLI, files and messages (`crazy-eights`).
            #[must_use]
            pub const fn id(self) -> &'static str {
                match self { $(GameKind::$variant => $id),* }
            }

            /// The game's name as players know it.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self { $(GameKind::$variant => $name),* }
            }

            /// One line that says what the game is like.
            #[must_use]
            pub const fn pitch(self) -> &'static str {
                match self { $(GameKind::$variant => $pitch),* }
            }

            /// The game's tutorial as written (`assets/tutorials/<id>.json`): a scenario of the
            /// engine's format (docs/scenarios.md) with the lessons the app shows beside it. It
            /// is found here, by the game's id, so no other place keeps a list of the games;
            /// the engine only carries the text (the app reads it).
            #[must_use]
            pub const fn tutorial(self) -> &'static str {
                match self { $(GameKind::$variant => include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/tutorials/", $id, ".json"))),* }
            }
        }
    };
}

with_games!(game_kinds);

impl GameKind {
    /// The kind with this id.
    ///
    /// # Errors
    /// Unknown id; the message lists the known ones.
    pub fn from_id(id: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL.iter().copied().find(|kind| kind.id() == id).ok_or_else(|| UnknownGame {
            id: id.to_owned(),
            known: GameKind::ALL.iter().map(|kind| kind.id()).collect::<Vec<_>>().join(", "),
        })
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl std::str::FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(id: &str) -> Result<GameKind, UnknownGame> {
        GameKind::from_id(id)
    }
}
