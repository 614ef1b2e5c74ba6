//! A small deterministic generator (xorshift) for random playouts and generated inputs, so that
//! a run with a fixed seed replays exactly, and the random walk such playouts take.

use super::{Game, MoveList};

#[derive(Clone, Copy, Debug)]
pub struct Xorshift(pub u64);

impl Xorshift {
    /// The next state; the seed must not be zero.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// The positions of a random game: `start`, then after each position the result of its legal
/// move number `below(count of moves)`, until a position without legal moves, the last one given.
/// A position's move is drawn when the position is given, so a walk cut by `take(n)` draws `n`
/// numbers (fewer where it ends first), whatever its consumer looks at.
pub fn random_walk<G: Game, B: FnMut(usize) -> usize>(start: G, below: B) -> RandomWalk<G, B> {
    RandomWalk {
        next: Some(start),
        below,
        moves: G::MoveList::default(),
    }
}

/// The iterator of [`random_walk`].
pub struct RandomWalk<G: Game, B> {
    next: Option<G>,
    below: B,
    moves: G::MoveList,
}

impl<G: Game, B: FnMut(usize) -> usize> Iterator for RandomWalk<G, B> {
    type Item = G;

    fn next(&mut self) -> Option<G> {
        let pos = self.next.take()?;
        self.moves.clear();
        pos.legal_moves(&mut self.moves);
        if !self.moves.is_empty() {
            let pick = (self.below)(self.moves.len());
            self.next = Some(pos.play(&self.moves.as_slice()[pick]));
        }
        Some(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::Chess;

    #[test]
    fn a_walk_plays_the_drawn_moves_and_draws_once_a_position_given() {
        let start = Chess::start_position("chess").unwrap();
        let mut draws = 0;
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
        let walk: Vec<Chess> = random_walk(start, |n| {
            draws += 1;
            rng.below(n)
        })
        .take(6)
        .collect();
        assert_eq!(draws, 6);
        // The same generator, move by move.
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
        let mut pos = start;
        for given in walk {
            assert_eq!(given, pos);
            let mut moves = <Chess as Game>::MoveList::default();
            pos.legal_moves(&mut moves);
            pos = pos.play(&moves[rng.below(moves.len())]);
        }
    }

    #[test]
    fn a_walk_ends_at_a_position_without_legal_moves() {
        let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let mated = Chess::from_position_string("chess", mated).unwrap();
        let mut draws = 0;
        let walk: Vec<Chess> = random_walk(mated, |_| {
            draws += 1;
            0
        })
        .collect();
        assert_eq!((walk, draws), (vec![mated], 0));
        // One move before the mate, the walk gives both positions.
        let before = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
        let before = Chess::from_position_string("chess", before).unwrap();
        let mut moves = <Chess as Game>::MoveList::default();
        before.legal_moves(&mut moves);
        let mate = moves
            .iter()
            .position(|mv| before.move_to_wire(mv) == "d8h4")
            .unwrap();
        assert_eq!(random_walk(before, |_| mate).count(), 2);
    }
}
