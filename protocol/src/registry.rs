//! The variant registry: the one place that lists every game. Everything else is generic.

/// Every game family the binary can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    Chess,
}

impl GameKind {
    pub const ALL: &'static [GameKind] = &[GameKind::Chess];
}
