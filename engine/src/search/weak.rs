//! Deliberately weak players, so every variant has a baseline to measure the real search against:
//! a random mover and a one-ply player that takes the move with the best static evaluation
//! (a mate in one first). Selected with the engine's `PlayStyle` option in both protocols.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::time::Clock;
use super::{Bound, Evaluator, IterationInfo, Outcome, Report, Score};
use crate::core::zobrist::KeyGenerator;
use crate::core::{Game, GameResult, MoveList};

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

    pub fn name(self) -> &'static str {
        match self {
            PlayStyle::Search => "search",
            PlayStyle::OnePly => "oneply",
            PlayStyle::Random => "random",
        }
    }
}

/// The weak styles' answer, reported as a one-ply iteration.
pub(super) fn play<G: Game, E: Evaluator<G>>(
    root: &G,
    history: &[u64],
    eval: &E,
    style: PlayStyle,
    clock: &Clock,
    report: &mut dyn FnMut(Report<G::Move>),
) -> Outcome<G::Move> {
    // Seeded from the clock so that games between weak players differ.
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let choice = choose(root, history, eval, style, seed, &|| clock.hard_expired());
    let (best, value) = match choice {
        Some((mv, value)) => (Some(mv), value),
        None => (None, 0),
    };
    let score = Score::Cp(value.clamp(-super::MATE_BOUND, super::MATE_BOUND));
    if let Some(mv) = &best {
        report(Report::Iteration(IterationInfo {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes: 1,
            nps: 0,
            hashfull: 0,
            time: Duration::ZERO,
            pv: vec![mv.clone()],
        }));
    }
    Outcome {
        best,
        ponder: None,
        score,
        depth: 1,
        nodes: 1,
    }
}

/// The one-ply values are scaled by this and noise below it added, to break ties at random.
const NOISE: i64 = 1024;

/// The move `style` picks and its one-ply value; `None` without a legal move. Once
/// `out_of_time`, the one-ply player looks at no further move (where a move's evaluation is
/// costly, hundreds of cascades on a busy machine, the clock would run out first).
fn choose<G: Game, E: Evaluator<G>>(
    pos: &G,
    history: &[u64],
    eval: &E,
    style: PlayStyle,
    seed: u64,
    out_of_time: &dyn Fn() -> bool,
) -> Option<(G::Move, i32)> {
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
    if style == PlayStyle::Random {
        let pick = moves[(random.next() % moves.len() as u64) as usize].clone();
        return Some((pick, 0));
    }
    // Each child's value, exact where it is cheap to know; a quiet child's (no check, the
    // opponent to move) is exact unless the opponent has no reply, a stalemate, which is asked
    // only of the children that could still be chosen: the replies of every child cost as much
    // as a two-ply search where moves are many (cascades of Waves).
    let mut values: Vec<(i64, i32, bool, G::Move)> = Vec::with_capacity(moves.len());
    for mv in moves {
        if !values.is_empty() && out_of_time() {
            break;
        }
        let child = pos.play(&mv);
        let (value, exact) = one_ply_value(pos, &child, eval);
        // Low bits of noise break ties without ever outweighing a centipawn.
        let keyed = i64::from(value) * NOISE + (random.next() % NOISE as u64) as i64;
        values.push((keyed, value, exact, mv));
    }
    values.sort_by_key(|&(keyed, ..)| std::cmp::Reverse(keyed));
    // The most a stalemate (value 0, noise only) can be keyed.
    let stalemate = NOISE - 1;
    let mut best: Option<(i64, i32, G::Move)> = None;
    for (keyed, value, exact, mv) in values {
        // A losing player looks for a stalemate among all its moves, each a generation of
        // replies: only while time allows.
        if best
            .as_ref()
            .is_some_and(|(b, ..)| *b >= keyed.max(stalemate) || out_of_time())
        {
            break;
        }
        let (keyed, value) = if exact || has_reply(&pos.play(&mv)) {
            (keyed, value)
        } else {
            (keyed.rem_euclid(NOISE), 0)
        };
        if best.as_ref().is_none_or(|(b, ..)| keyed > *b) {
            best = Some((keyed, value, mv));
        }
    }
    best.map(|(_, value, mv)| (mv, value))
}

fn has_reply<G: Game>(pos: &G) -> bool {
    let mut replies = G::MoveList::default();
    pos.legal_moves(&mut replies);
    !replies.is_empty()
}

/// The mover's view of `child`: a mate beats everything, a stalemate is zero. Whether the value
/// is exact: a child without check with the opponent to move is a stalemate when the opponent
/// has no reply, which is not looked at here.
fn one_ply_value<G: Game, E: Evaluator<G>>(pos: &G, child: &G, eval: &E) -> (i32, bool) {
    let same_side = child.side_to_move() == pos.side_to_move();
    if let Some(end) = child.decided() {
        let value = match end.result {
            GameResult::Draw => 0,
            r if r == GameResult::win_for(pos.side_to_move()) => super::MATE,
            _ => -super::MATE,
        };
        return (value, true);
    }
    let in_check = child.in_check();
    if (in_check || same_side) && !has_reply(child) {
        let value = match (in_check, same_side) {
            (false, _) => 0,
            (true, false) => super::MATE,
            (true, true) => -super::MATE,
        };
        return (value, true);
    }
    let value = eval.evaluate(child);
    if same_side {
        (value, true)
    } else {
        (-value, in_check)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::Chess;

    /// Material only, enough to tell a capture from a quiet move.
    struct Material;

    impl Evaluator<Chess> for Material {
        type Path = ();

        fn evaluate(&self, pos: &Chess) -> i32 {
            let text = pos.position_string();
            let board = text.split(' ').next().unwrap_or("");
            let value = |c: char| match c.to_ascii_lowercase() {
                'p' => 100,
                'n' | 'b' => 300,
                'r' => 500,
                'q' => 900,
                _ => 0,
            };
            let white: i32 = board
                .chars()
                .filter(char::is_ascii_uppercase)
                .map(value)
                .sum();
            let black: i32 = board
                .chars()
                .filter(char::is_ascii_lowercase)
                .map(value)
                .sum();
            (white - black) * pos.side_to_move().sign()
        }
    }

    fn pick(fen: &str, style: PlayStyle, seed: u64) -> String {
        let pos = Chess::from_position_string("chess", fen).unwrap();
        let (mv, _) = choose(&pos, &[], &Material, style, seed, &|| false).unwrap();
        pos.move_to_wire(&mv)
    }

    #[test]
    fn one_ply_takes_the_queen_and_prefers_mate() {
        // The knight can take a knight on d4, the rook mates on the back rank: mate first.
        for seed in 0..8 {
            assert_eq!(
                pick(
                    "7k/6pp/8/8/3n4/5N2/6PP/R5K1 w - - 0 1",
                    PlayStyle::OnePly,
                    seed
                ),
                "a1a8"
            );
        }
        for seed in 0..8 {
            assert_eq!(
                pick("4k3/8/8/q7/8/8/8/R3K3 w - - 0 1", PlayStyle::OnePly, seed),
                "a1a5"
            );
        }
    }

    #[test]
    fn one_ply_out_of_time_answers_with_the_moves_looked_at() {
        // Out of time from the start, only the first legal move is looked at, not the mate.
        let pos =
            Chess::from_position_string("chess", "7k/6pp/8/8/3n4/5N2/6PP/R5K1 w - - 0 1").unwrap();
        let mut legal = <Chess as Game>::MoveList::default();
        pos.legal_moves(&mut legal);
        let (mv, _) = choose(&pos, &[], &Material, PlayStyle::OnePly, 0, &|| true).unwrap();
        assert_eq!(mv, legal.as_slice()[0]);
        assert_ne!(pos.move_to_wire(&mv), "a1a8");
    }

    #[test]
    fn one_ply_never_stalemates_when_winning() {
        // No mate in one; Qb6 and Qc7 stalemate the King on a8, and every move keeps the Queen.
        let fen = "k7/8/8/2Q5/8/8/8/4K3 w - - 0 1";
        for seed in 0..32 {
            let text = pick(fen, PlayStyle::OnePly, seed);
            let pos = Chess::from_position_string("chess", fen).unwrap();
            let child = pos.play(&pos.parse_move(&text).unwrap());
            assert!(has_reply(&child) || child.in_check(), "{seed}: {text}");
        }
    }

    #[test]
    fn random_moves_are_legal_and_vary_with_the_seed() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let picks: std::collections::HashSet<String> = (0..32)
            .map(|seed| pick(start, PlayStyle::Random, seed))
            .collect();
        assert!(picks.len() > 5, "{picks:?}");
        let pos = Chess::start_position("chess").unwrap();
        for text in picks {
            assert!(pos.parse_move(&text).is_ok(), "{text}");
        }
    }

    #[test]
    fn no_move_without_legal_moves() {
        let mated = Chess::from_position_string("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert!(choose(&mated, &[], &Material, PlayStyle::OnePly, 0, &|| false).is_none());
    }

    #[test]
    fn styles_parse_case_insensitively() {
        assert_eq!(PlayStyle::parse("OnePly"), Some(PlayStyle::OnePly));
        assert_eq!(PlayStyle::parse("best"), None);
        for name in PlayStyle::NAMES {
            assert_eq!(PlayStyle::parse(name).map(PlayStyle::name), Some(name));
        }
    }
}
