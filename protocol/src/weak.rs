//! Deliberately weak players, so every variant has a baseline to measure the real search against:
//! a random mover and a one-ply player that takes the reply with the best static evaluation
//! (mates in one first). Selected with the `Play Style` option of both protocols.

use tiamat_engine::core::zobrist::KeyGenerator;
use tiamat_engine::search::Evaluator;
use tiamat_engine::{Game, MoveList};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayStyle {
    /// The full search.
    Search,
    /// Best static evaluation after one ply.
    OnePly,
    /// A uniformly random legal move.
    Random,
}

impl PlayStyle {
    pub const NAMES: [&'static str; 3] = ["search", "oneply", "random"];

    pub fn parse(text: &str) -> Option<PlayStyle> {
        match text.to_ascii_lowercase().as_str() {
            "search" => Some(PlayStyle::Search),
            "oneply" => Some(PlayStyle::OnePly),
            "random" => Some(PlayStyle::Random),
            _ => None,
        }
    }
}

/// Picks a move for the weak styles; `None` when there is no legal move (or the style is `Search`).
/// `seed` varies the choice between equal moves so games between weak players differ.
pub fn weak_move<G: Game, E: Evaluator<G>>(
    pos: &G,
    history: &[u64],
    eval: &E,
    style: PlayStyle,
    seed: u64,
) -> Option<G::Move> {
    let mut list = G::MoveList::default();
    pos.legal_moves(&mut list);
    let moves: Vec<G::Move> = list
        .as_slice()
        .iter()
        .filter(|mv| !pos.forbidden_by_history(mv, history))
        .cloned()
        .collect();
    if moves.is_empty() {
        return None;
    }
    let mut random = KeyGenerator::new(seed ^ pos.key());
    match style {
        PlayStyle::Search => None,
        PlayStyle::Random => Some(moves[(random.next() % moves.len() as u64) as usize].clone()),
        PlayStyle::OnePly => {
            let mut best: Option<(i64, G::Move)> = None;
            for mv in moves {
                let child = pos.play(&mv);
                let value = one_ply_value(pos, &child, eval);
                // Low bits of noise break ties without ever outweighing a centipawn.
                let keyed = (value as i64) * 1024 + (random.next() % 1024) as i64;
                if best.as_ref().is_none_or(|(b, _)| keyed > *b) {
                    best = Some((keyed, mv));
                }
            }
            best.map(|(_, mv)| mv)
        }
    }
}

/// The mover's view of `child`: mate beats everything, stalemate is zero.
fn one_ply_value<G: Game, E: Evaluator<G>>(pos: &G, child: &G, eval: &E) -> i32 {
    const MATE: i32 = 1_000_000;
    let same_side = child.side_to_move() == pos.side_to_move();
    let mut replies = G::MoveList::default();
    child.legal_moves(&mut replies);
    if replies.is_empty() {
        let mated = child.in_check();
        return match (mated, same_side) {
            (false, _) => 0,
            (true, false) => MATE,
            (true, true) => -MATE,
        };
    }
    let value = eval.evaluate(child);
    if same_side {
        value
    } else {
        -value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles_parse_case_insensitively() {
        assert_eq!(PlayStyle::parse("OnePly"), Some(PlayStyle::OnePly));
        assert_eq!(PlayStyle::parse("random"), Some(PlayStyle::Random));
        assert_eq!(PlayStyle::parse("search"), Some(PlayStyle::Search));
        assert_eq!(PlayStyle::parse("best"), None);
        for name in PlayStyle::NAMES {
            assert!(PlayStyle::parse(name).is_some());
        }
    }
}
