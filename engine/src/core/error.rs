use std::fmt;

/// A position string that could not be read. `field` names the part that failed
/// (e.g. "piece placement", "castling", "en passant") so the user can find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub field: &'static str,
    pub message: String,
}

impl PositionError {
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        PositionError {
            field,
            message: message.into(),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad {}: {}", self.field, self.message)
    }
}

impl std::error::Error for PositionError {}

/// A move text that names no legal move in the given position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text does not follow the wire or human grammar of the game.
    Unparsable { text: String, reason: String },
    /// The text reads as a move, but that move is not legal here.
    Illegal { text: String, reason: String },
    /// The text fits more than one legal move (human notation without enough disambiguation).
    Ambiguous { text: String },
}

impl MoveError {
    pub fn unparsable(text: &str, reason: impl Into<String>) -> Self {
        MoveError::Unparsable {
            text: text.to_string(),
            reason: reason.into(),
        }
    }

    pub fn illegal(text: &str, reason: impl Into<String>) -> Self {
        MoveError::Illegal {
            text: text.to_string(),
            reason: reason.into(),
        }
    }

    pub fn text(&self) -> &str {
        match self {
            MoveError::Unparsable { text, .. }
            | MoveError::Illegal { text, .. }
            | MoveError::Ambiguous { text } => text,
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unparsable { text, reason } => {
                write!(f, "cannot read move '{text}': {reason}")
            }
            MoveError::Illegal { text, reason } => write!(f, "illegal move '{text}': {reason}"),
            MoveError::Ambiguous { text } => write!(f, "ambiguous move '{text}'"),
        }
    }
}

impl std::error::Error for MoveError {}
