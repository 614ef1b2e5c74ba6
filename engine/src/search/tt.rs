//! The shared transposition table: lock-free, one entry = two `AtomicU64`, four entries to a
//! 64-byte bucket.
//!
//! `data` holds the score, static evaluation, depth, bound, age and the move's low 16 bits;
//! `check` holds the move's other 32 bits and 32 bits of the key xor a hash of `data`. A torn
//! write (two threads storing into one entry at once) leaves a `check` that no longer matches the
//! `data` beside it, so it reads as a miss rather than as another position's data, except by a
//! 2^-32 chance. The key's low 32 bits are checked; the bucket is chosen by its high bits.
//!
//! A move is stored as its `Game::move_code` where the state has codes (`Game::move_codes`; the
//! search can then try it before generating any move), else as its index in the game's legal
//! move list (generation order is deterministic per state); either keeps the table generic over
//! any `Game::Move`.
//! Either must be below `MOVE_LIMIT`; a larger one is stored as no move.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use super::{Bound, MATE_BOUND};
use crate::core::{Game, MoveList};

const BUCKET: usize = 4;
const DEPTH_OFFSET: i32 = 2;
/// The stored move meaning "no move".
pub const NO_MOVE: u64 = u64::MAX;
/// Stored moves (codes or indices) are below this: 48 bits, one value kept for "no move".
pub const MOVE_LIMIT: u64 = (1 << 48) - 1;

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// One cache line of entries.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; BUCKET]);

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
    buckets: Vec<Bucket>,
    /// A bit for each run of `CHUNK` buckets written since the table was last clear, so that a
    /// clear rewrites only those: a short search writes a few hundred entries of millions, and
    /// rewriting all 16 MB took a quarter of a CECP stream fuzzer's time.
    written: Vec<AtomicU64>,
    generation: AtomicU8,
}

/// Buckets to a bit of `TranspositionTable::written` (1 KB).
const CHUNK: usize = 16;

/// The `data` word without the move: score, eval, depth, bound and generation from bit 16.
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

/// The 32 bits of `check` that tie it to the key and to the `data` beside it.
fn seal(key: u64, data: u64) -> u64 {
    (key ^ data.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) & 0xffff_ffff
}

/// The two words of an entry: the move is stored plus one (0 = no move), split 32/16.
fn words(key: u64, mv: u64, data: u64) -> (u64, u64) {
    let field = if mv < MOVE_LIMIT { mv + 1 } else { 0 };
    let data = data | (field & 0xffff);
    (field >> 16 << 32 | seal(key, data), data)
}

/// The stored move of an entry whose key matched.
fn move_of(check: u64, data: u64) -> u64 {
    let field = (check >> 32) << 16 | (data & 0xffff);
    field.checked_sub(1).unwrap_or(NO_MOVE)
}

/// Whether an entry's words belong to `key` (and to one write).
fn matches(key: u64, check: u64, data: u64) -> bool {
    check & 0xffff_ffff == seal(key, data)
}

/// What the table stores for `mv`, move `index` of `pos`'s `legal_moves`: its code where the
/// state has move codes (`Game::move_codes`), else the index.
pub fn stored_move<G: Game>(pos: &G, mv: &G::Move, index: usize) -> u64 {
    if pos.move_codes() {
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
    } else if pos.move_codes() {
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
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::with_capacity(count);
        buckets.resize_with(count, Bucket::default);
        let written = (0..count.div_ceil(CHUNK).div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect();
        TranspositionTable {
            buckets,
            written,
            generation: AtomicU8::new(0),
        }
    }

    /// Empties every entry (only the chunks written since the last clear need it).
    pub fn clear(&self) {
        for (word_index, word) in self.written.iter().enumerate() {
            let mut bits = word.swap(0, Ordering::Relaxed);
            while bits != 0 {
                let start = (word_index * 64 + bits.trailing_zeros() as usize) * CHUNK;
                bits &= bits - 1;
                let end = (start + CHUNK).min(self.buckets.len());
                for entry in self.buckets[start..end].iter().flat_map(|b| &b.0) {
                    entry.check.store(0, Ordering::Relaxed);
                    entry.data.store(0, Ordering::Relaxed);
                }
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Notes that bucket `index` is about to be written.
    fn note_written(&self, index: usize) {
        let chunk = index / CHUNK;
        let word = &self.written[chunk / 64];
        let bit = 1 << (chunk % 64);
        // Read first: once a chunk is marked, stores need no read-modify-write.
        if word.load(Ordering::Relaxed) & bit == 0 {
            word.fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// Ages the table: entries from earlier searches become the first to be replaced.
    pub fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) & 0x3f;
        self.generation.store(next, Ordering::Relaxed);
    }

    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    fn bucket(&self, key: u64) -> &[Entry; BUCKET] {
        &self.buckets[self.index(key)].0
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        for entry in self.bucket(key) {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            if !matches(key, check, data) {
                continue;
            }
            let bound = bound_of(data)?;
            return Some(Hit {
                mv: move_of(check, data),
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
        let index = self.index(key);
        let bucket = &self.buckets[index].0;
        // Same key first; otherwise the entry worth least (shallow or from an old search).
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        let mut mv = mv;
        for (i, entry) in bucket.iter().enumerate() {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            if matches(key, check, data) {
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
                    mv = move_of(check, data);
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
        let (check, data) = words(key, mv, data);
        let entry = &bucket[victim];
        self.note_written(index);
        entry.data.store(data, Ordering::Relaxed);
        entry.check.store(check, Ordering::Relaxed);
    }

    /// Per mille of a sample of entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) & 0x3f;
        let sample = (self.buckets.len() * BUCKET).min(1000);
        let used = self
            .buckets
            .iter()
            .flat_map(|b| &b.0)
            .take(sample)
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
    fn a_clear_empties_every_entry_written() {
        let tt = TranspositionTable::new(1);
        let keys: Vec<u64> = (0..5000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &key in &keys {
            tt.store(key, 0, 1, 10, 0, 3, Bound::Exact);
        }
        assert!(keys.iter().any(|&key| tt.probe(key, 0).is_some()));
        tt.clear();
        assert!(tt
            .buckets
            .iter()
            .flat_map(|b| &b.0)
            .all(|e| e.data.load(Ordering::Relaxed) == 0 && e.check.load(Ordering::Relaxed) == 0));
        // And again after a second round of writes.
        tt.store(keys[0], 0, 1, 10, 0, 3, Bound::Exact);
        assert!(tt.probe(keys[0], 0).is_some());
        tt.clear();
        assert!(tt.probe(keys[0], 0).is_none());
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
    fn moves_up_to_the_limit_round_trip() {
        let tt = TranspositionTable::new(1);
        for (key, mv) in [
            (7u64, 0u64),
            (8, 0xffff),
            (9, 0x1_0000),
            (10, MOVE_LIMIT - 1),
            (11, NO_MOVE),
        ] {
            tt.store(key, 0, mv, 1, 2, 3, Bound::Upper);
            assert_eq!(tt.probe(key, 0).expect("hit").mv, mv);
        }
        // Too large to keep: stored as no move, never as another one.
        tt.store(12, 0, MOVE_LIMIT, 1, 2, 3, Bound::Upper);
        assert_eq!(tt.probe(12, 0).expect("hit").mv, NO_MOVE);
    }

    #[test]
    fn entries_fill_a_cache_line() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
    }

    #[test]
    fn torn_entry_reads_as_miss() {
        let tt = TranspositionTable::new(1);
        let key = 99;
        tt.store(key, 0, 1, 10, 0, 3, Bound::Exact);
        let entry = tt
            .bucket(key)
            .iter()
            .find(|e| e.data.load(Ordering::Relaxed) != 0)
            .unwrap();
        let first = entry.data.load(Ordering::Relaxed);
        // Another write of the same key, its data word landing beside the first's check.
        let (_, second) = words(key, 0x2_0001, pack(-10, 5, 4, Bound::Lower, 0));
        entry.data.store(second, Ordering::Relaxed);
        assert!(tt.probe(key, 0).is_none());
        // And its check word beside the first's data.
        let (check, _) = words(key, 0x2_0001, pack(-10, 5, 4, Bound::Lower, 0));
        entry.data.store(first, Ordering::Relaxed);
        entry.check.store(check, Ordering::Relaxed);
        assert!(tt.probe(key, 0).is_none());
        // Another key's entry does not read as this one's.
        let other = key ^ 0x5;
        let (check, data) = words(other, 1, pack(10, 0, 3, Bound::Exact, 0));
        entry.data.store(data, Ordering::Relaxed);
        entry.check.store(check, Ordering::Relaxed);
        assert!(tt.probe(key, 0).is_none());
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
