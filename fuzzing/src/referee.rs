//! The engine crate's rules behind a text interface, for tests that drive the binary and must
//! judge its answers in any registered variant: which moves are legal, whether a line of moves
//! can be played, whether a reported mate exists.

use tiamat_engine::{Game, GameResult, MoveList};
use tiamat_perft::complete_turns;

use crate::registry::{with_game, GameKind};

/// A game as a protocol sets it up: a variant, a position string (`None`: the start position)
/// and the moves played from it (wire or human text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub variant: String,
    pub position: Option<String>,
    pub moves: Vec<String>,
}

impl Line {
    pub fn start(variant: &str) -> Self {
        Line {
            variant: variant.to_string(),
            position: None,
            moves: Vec::new(),
        }
    }

    /// This line with one more move.
    pub fn with(&self, mv: &str) -> Self {
        let mut next = self.clone();
        next.moves.push(mv.to_string());
        next
    }
}

/// The state at the end of `line` and the keys of the states before it (oldest first).
fn replay<G: Game>(line: &Line) -> Result<(G, Vec<u64>), String> {
    let mut pos = match &line.position {
        Some(text) => G::from_position_string(&line.variant, text),
        None => G::start_position(&line.variant),
    }
    .map_err(|err| err.to_string())?;
    let mut history = Vec::new();
    for text in &line.moves {
        let mv = pos.parse_move(text).map_err(|err| err.to_string())?;
        if pos.forbidden_by_history(&mv, &history) {
            return Err(format!("'{text}' is forbidden by the game's history"));
        }
        history.push(pos.key());
        pos = pos.play(&mv);
    }
    Ok((pos, history))
}

fn kind(line: &Line) -> Result<GameKind, String> {
    GameKind::from_variant(&line.variant).ok_or_else(|| format!("unknown variant {}", line.variant))
}

/// Wire text of every move legal at the end of `line` (history included).
pub fn legal_moves(line: &Line) -> Result<Vec<String>, String> {
    with_game!(kind(line)?, G => {
        let (pos, history) = replay::<G>(line)?;
        let mut moves = <G as Game>::MoveList::default();
        pos.legal_moves(&mut moves);
        Ok(MoveList::as_slice(&moves)
            .iter()
            .filter(|mv| !pos.forbidden_by_history(mv, &history))
            .map(|mv| pos.move_to_wire(mv))
            .collect())
    })
}

/// Whether `line` can be played (its position string reads and every move is legal in turn).
pub fn playable(line: &Line) -> Result<(), String> {
    with_game!(kind(line)?, G => replay::<G>(line).map(|_| ()))
}

/// The position string at the end of `line`.
pub fn position_string(line: &Line) -> Result<String, String> {
    with_game!(kind(line)?, G => replay::<G>(line).map(|(pos, _)| pos.position_string()))
}

/// Whether the game is over at the end of `line`.
pub fn is_over(line: &Line) -> Result<bool, String> {
    with_game!(kind(line)?, G => {
        let (pos, history) = replay::<G>(line)?;
        Ok(pos.ending(&history).is_some())
    })
}

/// Whether White (the first player) is to move at the end of `line`.
pub fn white_to_move(line: &Line) -> Result<bool, String> {
    with_game!(kind(line)?, G => {
        let (pos, _) = replay::<G>(line)?;
        Ok(pos.side_to_move() == tiamat_engine::Color::White)
    })
}

/// The start position string of `variant`, if it has one.
pub fn start_position(variant: &str) -> Option<String> {
    let kind = GameKind::from_variant(variant)?;
    with_game!(kind, G => G::start_position(variant).ok().map(|pos| pos.position_string()))
}

/// Does the side to move at the end of `line` mate within `moves` of its own turns? `None` when
/// the search would take more than `budget` nodes to decide.
pub fn forced_mate_within(line: &Line, moves: u32, budget: u64) -> Result<Option<bool>, String> {
    with_game!(kind(line)?, G => {
        let (pos, _) = replay::<G>(line)?;
        let mut nodes = 0;
        Ok(mates_within(&pos, moves, &mut nodes, budget))
    })
}

/// Is the side to move at the end of `line` mated within `moves` of the opponent's turns (every
/// reply allows a forced mate)? `None` when undecided within `budget` nodes.
pub fn mated_within(line: &Line, moves: u32, budget: u64) -> Result<Option<bool>, String> {
    with_game!(kind(line)?, G => {
        let (pos, _) = replay::<G>(line)?;
        let mut nodes = 0;
        Ok(loses_within(&pos, moves, &mut nodes, budget))
    })
}

/// The side that just completed a turn has won.
fn mover_won<G: Game>(pos: &G) -> bool {
    let mover = !pos.side_to_move();
    matches!(pos.ending(&[]), Some(ending) if ending.result == GameResult::win_for(mover))
}

fn mates_within<G: Game>(pos: &G, moves: u32, nodes: &mut u64, budget: u64) -> Option<bool> {
    if moves == 0 || pos.ending(&[]).is_some() {
        return Some(false);
    }
    let mut undecided = false;
    for turn in complete_turns(pos) {
        *nodes += 1;
        if *nodes > budget {
            return None;
        }
        if mover_won(&turn.state) {
            return Some(true);
        }
        match loses_within(&turn.state, moves - 1, nodes, budget) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => undecided = true,
        }
    }
    if undecided {
        None
    } else {
        Some(false)
    }
}

fn loses_within<G: Game>(pos: &G, moves: u32, nodes: &mut u64, budget: u64) -> Option<bool> {
    if pos.ending(&[]).is_some() {
        return Some(mover_won(pos));
    }
    if moves == 0 {
        return Some(false);
    }
    for turn in complete_turns(pos) {
        *nodes += 1;
        if *nodes > budget {
            return None;
        }
        if mover_won(&turn.state) {
            return Some(false);
        }
        match mates_within(&turn.state, moves, nodes, budget) {
            Some(true) => {}
            other => return other,
        }
    }
    Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_legality_and_mates_in_chess() {
        let start = Line::start("chess");
        let moves = legal_moves(&start).unwrap();
        assert_eq!(moves.len(), 20);
        assert!(playable(&start.with("e2e4").with("e7e5")).is_ok());
        assert!(playable(&start.with("e2e5")).is_err());
        // Back-rank mate in one: Re8#.
        let mate1 = Line {
            variant: "chess".into(),
            position: Some("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1".into()),
            moves: vec![],
        };
        assert_eq!(forced_mate_within(&mate1, 1, 10_000), Ok(Some(true)));
        assert_eq!(mated_within(&mate1.with("e1e8"), 0, 10_000), Ok(Some(true)));
        assert_eq!(forced_mate_within(&start, 2, 100_000), Ok(Some(false)));
        // Fool's mate position after 1.f3 e5 2.g4: Black mates in one, White is mated in one.
        let fool = start.with("f2f3").with("e7e5").with("g2g4");
        assert_eq!(forced_mate_within(&fool, 1, 10_000), Ok(Some(true)));
        assert_eq!(
            mated_within(&start.with("f2f3").with("e7e5"), 1, 100_000),
            Ok(Some(false))
        );
    }
}
