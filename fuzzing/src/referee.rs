//! The engine crate's rules behind a text interface, for tests that drive the binary and must
//! judge its answers in any registered variant: which moves are legal, whether a line of moves
//! can be played, whether a reported mate exists, and how the CECP front end writes moves.

use std::any::Any;
use std::cell::RefCell;

pub use tiamat::cecp::Coords;
use tiamat_engine::core::complete_turn;
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

/// A replayed line: its states (the set position first) for reuse by the next replay.
struct Replayed<G> {
    line: Line,
    states: Vec<G>,
}

thread_local! {
    /// The last line replayed: protocol tests ask about one growing line again and again, so
    /// each replay continues from the longest prefix played before instead of from the start.
    static LAST_REPLAY: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// The state at the end of `line` and the keys of the states before it (oldest first).
fn replay<G: Game>(line: &Line) -> Result<(G, Vec<u64>), String> {
    let cached = LAST_REPLAY.with(|last| {
        last.borrow_mut()
            .take()
            .and_then(|any| any.downcast::<Replayed<G>>().ok())
    });
    let mut states = match cached {
        Some(cached)
            if cached.line.variant == line.variant && cached.line.position == line.position =>
        {
            let shared = cached
                .line
                .moves
                .iter()
                .zip(&line.moves)
                .take_while(|(a, b)| a == b)
                .count();
            let mut states = cached.states;
            states.truncate(shared + 1);
            states
        }
        _ => {
            let root = match &line.position {
                Some(text) => G::from_position_string(&line.variant, text),
                None => G::start_position(&line.variant),
            }
            .map_err(|err| err.to_string())?;
            vec![root]
        }
    };
    let mut history: Vec<u64> = states[..states.len() - 1].iter().map(G::key).collect();
    let mut failure = None;
    for text in &line.moves[states.len() - 1..] {
        let pos = states.last().expect("never empty");
        let mv = match pos.parse_move(text) {
            Ok(mv) => mv,
            Err(err) => {
                failure = Some(err.to_string());
                break;
            }
        };
        if pos.forbidden_by_history(&mv, &history) {
            failure = Some(format!("'{text}' is forbidden by the game's history"));
            break;
        }
        history.push(pos.key());
        let next = pos.play(&mv);
        states.push(next);
    }
    let pos = states.last().expect("never empty").clone();
    // Also after a failure: the moves before the bad one are kept for the next replay.
    let replayed = Line {
        moves: line.moves[..states.len() - 1].to_vec(),
        ..line.clone()
    };
    LAST_REPLAY.with(|last| {
        *last.borrow_mut() = Some(Box::new(Replayed {
            line: replayed,
            states,
        }))
    });
    match failure {
        Some(err) => Err(err),
        None => Ok((pos, history)),
    }
}

fn kind(line: &Line) -> Result<GameKind, String> {
    GameKind::from_variant(&line.variant).ok_or_else(|| format!("unknown variant {}", line.variant))
}

/// The moves legal in `pos` after the earlier states `history`.
fn legal_list<G: Game>(pos: &G, history: &[u64]) -> Vec<G::Move> {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    MoveList::as_slice(&moves)
        .iter()
        .filter(|mv| !pos.forbidden_by_history(mv, history))
        .cloned()
        .collect()
}

/// Wire text of every move legal at the end of `line` (history included).
pub fn legal_moves(line: &Line) -> Result<Vec<String>, String> {
    with_game!(kind(line)?, G => {
        let (pos, history) = replay::<G>(line)?;
        Ok(legal_list(&pos, &history).iter().map(|mv| pos.move_to_wire(mv)).collect())
    })
}

/// A random legal move at the end of `line` in wire form, `below(n)` choosing among `n`: one of
/// [`legal_moves`], or where turns go action by action a whole turn, built by a random walk
/// over the actions (never a list of every turn, which can hold hundreds of thousands).
pub fn random_move(line: &Line, below: &mut dyn FnMut(usize) -> usize) -> Option<String> {
    with_game!(kind(line).ok()?, G => {
        let (pos, history) = replay::<G>(line).ok()?;
        if !pos.multi_action_turns() {
            let legal = legal_list(&pos, &history);
            return (!legal.is_empty()).then(|| pos.move_to_wire(&legal[below(legal.len())]));
        }
        // Mid-turn, the actions that end the turn first: a random walk through an activation
        // network (One's Waves and Starchilds) could go on far, through many dead ends.
        let mut shuffled = |state: &G, moves: &[<G as Game>::Move]| {
            let mut order: Vec<usize> = (0..moves.len()).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, below(i + 1));
            }
            if state.turn_in_progress() {
                order.sort_by_key(|&i| state.play(&moves[i]).turn_in_progress());
            }
            order
        };
        let mut actions = Vec::new();
        complete_turn(&pos, &mut actions, &mut shuffled)?;
        let turn = pos.join_turn(&actions)?;
        (!pos.forbidden_by_history(&turn, &history)).then(|| pos.move_to_wire(&turn))
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

/// The result (`1-0`, `0-1`, `1/2-1/2`) when the game is over at the end of `line`.
pub fn result(line: &Line) -> Result<Option<&'static str>, String> {
    with_game!(kind(line)?, G => {
        let (pos, history) = replay::<G>(line)?;
        Ok(pos.ending(&history).map(|ending| ending.result.pgn()))
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

/// Where to play `variant` from: its start position, or for a variant without a fixed start the
/// position string of [`crate::properties::first_position`].
pub fn first_line(variant: &str) -> Option<Line> {
    let kind = GameKind::from_variant(variant)?;
    if start_position(variant).is_some() {
        return Some(Line::start(variant));
    }
    with_game!(kind, G => crate::properties::first_position::<G>(variant).map(|pos| Line {
        variant: variant.to_string(),
        position: Some(pos.position_string()),
        moves: Vec::new(),
    }))
}

/// The lines the CECP front end sends on `variant <name>`: the start position's `setup` and
/// `piece` lines (`None` for variants XBoard knows or cannot draw, and without a start).
pub fn cecp_setup(variant: &str) -> Option<String> {
    let kind = GameKind::from_variant(variant)?;
    with_game!(kind, G => G::start_position(variant).ok().and_then(|pos| pos.cecp_setup()))
}

/// The piece placement XBoard should show at the end of `line`: the first FEN field of the
/// position's `setup` line (gates under pieces show the piece, holdings follow in `[...]`), or of
/// the position string for a variant XBoard knows itself (chess).
pub fn xboard_placement(line: &Line) -> Result<String, String> {
    with_game!(kind(line)?, G => {
        let (pos, _) = replay::<G>(line)?;
        let fen = match pos.cecp_setup() {
            Some(setup) => setup
                .lines()
                .next()
                .and_then(|first| first.split_whitespace().nth(3))
                .map(str::to_string)
                .ok_or_else(|| format!("no position in the setup line: {setup}"))?,
            None => pos.position_string(),
        };
        Ok(fen.split_whitespace().next().unwrap_or_default().to_string())
    })
}

/// How the CECP front end writes squares in `variant` (from its `setup` line, as it does).
pub fn cecp_coords(variant: &str) -> Coords {
    Coords::for_variant(variant, cecp_setup(variant).as_deref())
}

/// Every move legal at the end of `line`, as its wire text and the text the CECP front end
/// writes for it in `move`.
pub fn cecp_moves(line: &Line, coords: Coords) -> Result<Vec<(String, String)>, String> {
    let legal = legal_moves(line)?;
    // As the CECP front end gives them to XBoard (`AnySession::xboard_moves`).
    let given = with_game!(kind(line)?, G => {
        let (pos, history) = replay::<G>(line)?;
        legal_list(&pos, &history)
            .iter()
            .map(|mv| pos.xboard_legs(mv).unwrap_or_else(|| pos.move_to_wire(mv)))
            .collect::<Vec<_>>()
    });
    let texts = coords.move_texts(&given);
    Ok(legal.into_iter().zip(texts).collect())
}

/// Whether a CECP thinking line's PV (each move in XBoard's coordinates, a cascade as its first
/// ply) can be played from the end of `line`, trying every move each text may stand for.
pub fn cecp_pv_playable(line: &Line, coords: Coords, pv: &[&str]) -> bool {
    if coords.whole_turns() {
        // Whole turns in the wire form, played as they are.
        let mut line = line.clone();
        return pv.iter().all(|mv| {
            line = line.with(mv);
            playable(&line).is_ok()
        });
    }
    let Some((first, rest)) = pv.split_first() else {
        return true;
    };
    legal_moves(line)
        .unwrap_or_default()
        .iter()
        .filter(|wire| coords.wire_to_xboard(wire) == *first)
        .any(|wire| cecp_pv_playable(&line.with(wire), coords, rest))
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
    // Listing the turns that go action by action can take minutes before the budget is
    // looked at (One's start has millions): such a mate is left undecided.
    if pos.multi_action_turns() {
        return None;
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
    if pos.multi_action_turns() {
        return None;
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
    fn every_variant_has_a_first_line_with_moves() {
        assert_eq!(first_line("chess"), Some(Line::start("chess")));
        for variant in crate::variant_names() {
            let line = first_line(variant).unwrap_or_else(|| panic!("{variant}: no first line"));
            assert!(!legal_moves(&line).unwrap().is_empty(), "{variant}");
        }
        // A randomised variant starts from its fixed counterpart's setup.
        let random = first_line("classical14random").unwrap();
        assert_eq!(random.position, start_position("classical14"), "{random:?}");
    }

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
