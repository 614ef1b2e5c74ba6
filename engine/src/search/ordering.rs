//! Move-ordering memory: killers, butterfly history and countermoves, generic over any move type
//! (moves are hashed into fixed-size tables), and the continuation history of the games that
//! name their moves' piece and square (`Game::piece_square`).

use std::hash::{Hash, Hasher};

use crate::core::{Color, PIECE_SQUARES};

/// Priority bands of the move picker, highest first.
pub const TT_MOVE: i32 = 1 << 30;
pub const GOOD_TACTICAL: i32 = 1 << 28;
pub const KILLER: i32 = 1 << 27;
pub const COUNTER: i32 = (1 << 27) - 4;
pub const BAD_TACTICAL: i32 = -(1 << 28);

const HISTORY_BITS: u32 = 16;
const COUNTER_BITS: u32 = 12;
const HISTORY_MAX: i32 = 16_384;

/// A small multiplicative hasher: moves are a few bytes and need speed, not DoS resistance.
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

pub fn move_hash<M: Hash>(mv: &M) -> u64 {
    let mut hasher = MoveHasher::default();
    mv.hash(&mut hasher);
    // The top bits mix best.
    hasher.finish()
}

fn slot(hash: u64, bits: u32) -> usize {
    (hash >> (64 - bits)) as usize
}

/// Gravity update: the entry moves toward +-HISTORY_MAX and never leaves that range.
fn gravity(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let value = i32::from(*entry);
    *entry = (value + bonus - value * bonus.abs() / HISTORY_MAX) as i16;
}

/// Quiet-move history per side (butterfly table indexed by the move's hash), countermoves, and
/// the continuation history: for a move's piece and square, how well each piece and square
/// answered it.
pub struct History<M> {
    butterfly: Vec<i16>,
    counters: Vec<Option<M>>,
    continuation: Vec<i16>,
}

impl<M: Clone + PartialEq + Hash> History<M> {
    pub fn new() -> Self {
        History {
            butterfly: vec![0; 2 << HISTORY_BITS],
            counters: vec![None; 2 << COUNTER_BITS],
            continuation: vec![0; PIECE_SQUARES * PIECE_SQUARES],
        }
    }

    pub fn clear(&mut self) {
        self.butterfly.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|c| *c = None);
        self.continuation.iter_mut().for_each(|h| *h = 0);
    }

    fn index(side: Color, hash: u64) -> usize {
        (side.index() << HISTORY_BITS) | slot(hash, HISTORY_BITS)
    }

    pub fn score(&self, side: Color, hash: u64) -> i32 {
        i32::from(self.butterfly[Self::index(side, hash)])
    }

    pub fn update(&mut self, side: Color, hash: u64, bonus: i32) {
        gravity(&mut self.butterfly[Self::index(side, hash)], bonus);
    }

    /// How well the move `current` (a `Game::piece_square`) did after `previous`; 0 for values
    /// out of range.
    pub fn continuation(&self, previous: usize, current: usize) -> i32 {
        self.continuation
            .get(previous * PIECE_SQUARES + current)
            .filter(|_| current < PIECE_SQUARES)
            .map_or(0, |&h| i32::from(h))
    }

    pub fn update_continuation(&mut self, previous: usize, current: usize, bonus: i32) {
        if current < PIECE_SQUARES {
            if let Some(entry) = self
                .continuation
                .get_mut(previous * PIECE_SQUARES + current)
            {
                gravity(entry, bonus);
            }
        }
    }

    pub fn counter(&self, side: Color, previous_hash: u64) -> Option<&M> {
        self.counters[(side.index() << COUNTER_BITS) | slot(previous_hash, COUNTER_BITS)].as_ref()
    }

    pub fn set_counter(&mut self, side: Color, previous_hash: u64, mv: &M) {
        self.counters[(side.index() << COUNTER_BITS) | slot(previous_hash, COUNTER_BITS)] =
            Some(mv.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_stays_bounded() {
        let mut history: History<u16> = History::new();
        let h = move_hash(&0x1234u16);
        for _ in 0..1_000 {
            history.update(Color::White, h, 2_000);
        }
        assert!(history.score(Color::White, h) <= HISTORY_MAX);
        assert!(history.score(Color::White, h) > 10_000);
        assert_eq!(history.score(Color::Black, h), 0);
        for _ in 0..1_000 {
            history.update(Color::White, h, -2_000);
        }
        assert!(history.score(Color::White, h) >= -HISTORY_MAX);
        assert!(history.score(Color::White, h) < -10_000);
    }

    #[test]
    fn continuation_history_is_per_pair_and_bounded() {
        let mut history: History<u16> = History::new();
        for _ in 0..1_000 {
            history.update_continuation(5, 700, 2_000);
        }
        assert!(history.continuation(5, 700) <= HISTORY_MAX);
        assert!(history.continuation(5, 700) > 10_000);
        assert_eq!(history.continuation(700, 5), 0);
        assert_eq!(history.continuation(6, 700), 0);
        history.update_continuation(5, PIECE_SQUARES, 2_000);
        assert_eq!(history.continuation(5, PIECE_SQUARES), 0);
        history.clear();
        assert_eq!(history.continuation(5, 700), 0);
    }

    #[test]
    fn different_moves_hash_apart() {
        let a = slot(move_hash(&0x0c1cu16), HISTORY_BITS);
        let b = slot(move_hash(&0x0c1du16), HISTORY_BITS);
        assert_ne!(a, b);
    }
}
