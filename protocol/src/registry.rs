//! The variant registry: the one place that lists every game. Everything else is generic and
//! reaches a concrete game type only through [`with_game!`].

use tiamat_engine::Game;

/// Declares every game family once: the `GameKind` enum, its `ALL` list and the `with_game!`
/// dispatch all come from this one list.
macro_rules! games {
    ($($kind:ident => $path:path,)+) => {
        /// Every game family the binary can play.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum GameKind {
            $($kind,)+
        }

        impl GameKind {
            pub const ALL: &'static [GameKind] = &[$(GameKind::$kind,)+];
        }

        /// Runs `body` with the type alias `G` bound to the game type of `kind`, so generic code
        /// is monomorphised per game: `with_game!(kind, G => run_perft::<G>(...))`.
        macro_rules! with_game {
            ($kind_value:expr, $G:ident => $body:expr) => {
                match $kind_value {
                    $($crate::registry::GameKind::$kind => {
                        type $G = $path;
                        $body
                    })+
                }
            };
        }
        pub(crate) use with_game;
    };
}

games! {
    Chess => ::tiamat_engine::games::chess::Chess,
    Dao => ::tiamat_engine::games::dao::Dao,
    Dynamo => ::tiamat_engine::games::dynamo::Dynamo,
    Makromachy => ::tiamat_engine::games::makromachy::Makromachy,
    Dragonchess => ::tiamat_engine::games::dragonchess::Dragonchess,
    Croatian => ::tiamat_engine::games::croatian::Croatian,
}

impl GameKind {
    /// The variant names (protocol.md) this family plays.
    pub fn variants(self) -> &'static [&'static str] {
        with_game!(self, G => G::variants())
    }

    /// The family playing the variant `name`.
    pub fn from_variant(name: &str) -> Option<GameKind> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.variants().contains(&name))
    }
}

/// Every variant name the binary plays, in registry order.
pub fn variant_names() -> Vec<&'static str> {
    GameKind::ALL
        .iter()
        .flat_map(|kind| kind.variants().iter().copied())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_maps_back_to_its_family() {
        for &kind in GameKind::ALL {
            for name in kind.variants() {
                assert_eq!(GameKind::from_variant(name), Some(kind));
            }
        }
        assert_eq!(GameKind::from_variant("chess"), Some(GameKind::Chess));
        assert_eq!(GameKind::from_variant("no-such-game"), None);
        assert!(variant_names().contains(&"chess"));
        assert_eq!(GameKind::from_variant("dao"), Some(GameKind::Dao));
    }
}
