//! The shared transposition table: lock-free, one entry = three `AtomicU64` (key xor data xor
//! move, data, move).
//!
//! A torn write (two threads storing into one entry at once) leaves words whose xor no longer
//! gives the probed key, so it reads as a miss rather than as another position's data. A move is
//! stored as its `Game::move_code` where the game has one (the search can then try it before
//! generating any move), else as its index in the game's legal move list (generation order is
//! deterministic per state); either keeps the table generic over any `Game::Move`.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use super::{Bound, MATE_BOUND};
use crate::core::{Game, MoveList};

const BUCKET: usize = 4;
const DEPTH_OFFSET: i32 = 2;
/// The stored move meaning "no move".
pub const NO_MOVE: u64 = u64::MAX;

#[derive(Default)]
struct Entry {
    key_check: AtomicU64,
    data: AtomicU64,
    mv: AtomicU64,
}

/// A decoded hit.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The move's code or list index (see the module documentation), or `NO_MOVE`.
    pub mv: u64,
    /// Already adjusted to the probing node's ply.
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

impl Hit {
    /// Whether the stored score decides a search of the window `alpha..beta` by itself.
    pub fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

pub struct TranspositionTable {
    entries: Vec<Entry>,
    buckets: usize,
    generation: AtomicU8,
}

fn pack(score: i32, eval: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let bound_bits: u64 = match bound {
        Bound::Exact => 3,
        Bound::Lower => 2,
        Bound::Upper => 1,
    };
    let depth_bits = (depth + DEPTH_OFFSET).clamp(0, 255) as u64;
    (u64::from(score as i16 as u16) << 16)
        | (u64::from(eval as i16 as u16) << 32)
        | (depth_bits << 48)
        | (bound_bits << 56)
        | (u64::from(generation & 0x3f) << 58)
}

fn bound_of(data: u64) -> Option<Bound> {
    match (data >> 56) & 3 {
        3 => Some(Bound::Exact),
        2 => Some(Bound::Lower),
        1 => Some(Bound::Upper),
        _ => None,
    }
}

fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 0xff) as i32 - DEPTH_OFFSET
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8 & 0x3f
}

/// What the table stores for `mv`, move `index` of `pos`'s `legal_moves`: its code where the
/// game has move codes, else the index.
pub fn stored_move<G: Game>(pos: &G, mv: &G::Move, index: usize) -> u64 {
    if G::MOVE_CODES {
        pos.move_code(mv)
    } else {
        index as u64
    }
}

/// Where the move the table stored as `stored` stands in `moves`, `pos`'s legal moves.
pub fn stored_index<G: Game>(pos: &G, moves: &[G::Move], stored: u64) -> Option<usize> {
    if stored == NO_MOVE {
        return None;
    }
    (0..moves.len()).find(|&i| stored_move(pos, &moves[i], i) == stored)
}

/// The legal move of `pos` that the table stored as `stored`, if there is one.
pub fn table_move<G: Game>(pos: &G, stored: u64) -> Option<G::Move> {
    if stored == NO_MOVE {
        None
    } else if G::MOVE_CODES {
        pos.move_from_code(stored)
    } else {
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        let index = usize::try_from(stored).ok()?;
        moves.as_slice().get(index).cloned()
    }
}

/// Mate scores are stored relative to the node, not the root, so they stay true wherever the
/// position is met again.
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl TranspositionTable {
    pub fn new(megabytes: usize) -> Self {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Entry>())).max(1);
        let mut entries = Vec::with_capacity(buckets * BUCKET);
        entries.resize_with(buckets * BUCKET, Entry::default);
        TranspositionTable {
            entries,
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    pub fn clear(&self) {
        for entry in &self.entries {
            entry.key_check.store(0, Ordering::Relaxed);
            entry.data.store(0, Ordering::Relaxed);
            entry.mv.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Ages the table: entries from earlier searches become the first to be replaced.
    pub fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) & 0x3f;
        self.generation.store(next, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Entry] {
        let index = ((u128::from(key) * self.buckets as u128) >> 64) as usize;
        &self.entries[index * BUCKET..(index + 1) * BUCKET]
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        for entry in self.bucket(key) {
            let data = entry.data.load(Ordering::Relaxed);
            let mv = entry.mv.load(Ordering::Relaxed);
            let check = entry.key_check.load(Ordering::Relaxed);
            if check ^ data ^ mv != key {
                continue;
            }
            let bound = bound_of(data)?;
            return Some(Hit {
                mv,
                score: score_from_tt(i32::from((data >> 16) as u16 as i16), ply),
                eval: i32::from((data >> 32) as u16 as i16),
                depth: depth_of(data),
                bound,
            });
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: u64,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        // Same key first; otherwise the entry worth least (shallow or from an old search).
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        let mut mv = mv;
        for (i, entry) in bucket.iter().enumerate() {
            let data = entry.data.load(Ordering::Relaxed);
            let stored_move = entry.mv.load(Ordering::Relaxed);
            let check = entry.key_check.load(Ordering::Relaxed);
            if check ^ data ^ stored_move == key {
                // Keep a deeper exact-ish result of this search unless ours is exact.
                if bound != Bound::Exact
                    && generation_of(data) == generation & 0x3f
                    && depth_of(data) > depth + 3
                    && bound_of(data).is_some()
                {
                    return;
                }
                // Without a move of our own, the entry's move stays.
                if mv == NO_MOVE {
                    mv = stored_move;
                }
                victim = i;
                break;
            }
            let worth = if bound_of(data).is_none() {
                i32::MIN
            } else {
                let age = (i32::from(generation) - i32::from(generation_of(data))) & 0x3f;
                depth_of(data) - 8 * age
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let data = pack(score_to_tt(score, ply), eval, depth, bound, generation);
        let entry = &bucket[victim];
        entry.data.store(data, Ordering::Relaxed);
        entry.mv.store(mv, Ordering::Relaxed);
        entry.key_check.store(key ^ data ^ mv, Ordering::Relaxed);
    }

    /// Per mille of a sample of entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) & 0x3f;
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| {
                let data = e.data.load(Ordering::Relaxed);
                bound_of(data).is_some() && generation_of(data) == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        tt.store(0xdead_beef_1234_5678, 3, 17, -250, 40, 7, Bound::Lower);
        let hit = tt.probe(0xdead_beef_1234_5678, 3).expect("hit");
        assert_eq!(hit.mv, 17);
        assert_eq!(hit.score, -250);
        assert_eq!(hit.eval, 40);
        assert_eq!(hit.depth, 7);
        assert_eq!(hit.bound, Bound::Lower);
        assert!(tt.probe(0x1234, 0).is_none());
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // Mate in 2 plies from a node at ply 5 is MATE - 7 at the root.
        tt.store(42, 5, NO_MOVE, MATE - 7, 0, 4, Bound::Exact);
        // Met again at ply 1 it is mate in 2 plies from there: MATE - 3.
        assert_eq!(tt.probe(42, 1).unwrap().score, MATE - 3);
    }

    #[test]
    fn torn_entry_reads_as_miss() {
        let tt = TranspositionTable::new(1);
        tt.store(99, 0, 1, 10, 0, 3, Bound::Exact);
        let entry = tt
            .bucket(99)
            .iter()
            .find(|e| e.data.load(Ordering::Relaxed) != 0);
        entry.unwrap().data.fetch_xor(1 << 20, Ordering::Relaxed);
        assert!(tt.probe(99, 0).is_none());
        tt.store(98, 0, 5, 10, 0, 3, Bound::Exact);
        let entry = tt
            .bucket(98)
            .iter()
            .find(|e| e.mv.load(Ordering::Relaxed) == 5);
        entry.unwrap().mv.store(6, Ordering::Relaxed);
        assert!(tt.probe(98, 0).is_none());
    }

    #[test]
    fn hashfull_counts_current_entries() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for key in 1..200_000u64 {
            tt.store(
                key.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                0,
                0,
                0,
                0,
                1,
                Bound::Exact,
            );
        }
        assert!(tt.hashfull() > 300);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}
