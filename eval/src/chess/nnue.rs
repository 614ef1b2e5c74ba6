//! The chess network (NNUE): a perspective network `(768 -> HIDDEN) x 2 -> 1`.
//!
//! Inputs: one per (piece colour relative to the perspective, kind, square), the square mirrored
//! top to bottom for Black's perspective, so both perspectives share one weight matrix. Each
//! perspective's hidden layer (its accumulator) goes through a squared clipped ReLU; the output
//! takes the side to move's half first, with one set of output weights per material bucket
//! (by the number of pieces on the board).
//!
//! Inference is in integers: accumulators and their weights in `i16` at scale [`QA`], output
//! weights at scale [`QB`]. An accumulator only changes by the weight columns of the pieces that
//! moved, so along the search's line ([`NnuePath`]) it is derived from its parent's, and only
//! for positions that are evaluated.
//!
//! The weights (`nnue.bin`) are written by `tiamat-tune nnue` through [`Network::to_bytes`].

use std::sync::LazyLock;

use tiamat_engine::games::chess::{squares, Bitboard, Chess, PieceType};
use tiamat_engine::Color;

pub const INPUTS: usize = 768;
pub const HIDDEN: usize = 256;
pub const BUCKETS: usize = 8;
/// Scale of the accumulator (an activation of 1.0 is `QA`).
pub const QA: i32 = 255;
/// Scale of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output.
pub const SCALE: i32 = 400;
/// The largest output weight: `QA * weight` must fit an `i16` in the output's products.
pub const OUTPUT_WEIGHT_LIMIT: i32 = 127;

// The output's per-half sums stay within `i32` for up to 256 hidden units (see `screlu_dot`).
const _: () = assert!(HIDDEN <= 256);

const MAGIC: &[u8; 8] = b"TIAMATNN";
const VERSION: u32 = 1;

/// The committed network.
pub static NETWORK: LazyLock<Network> = LazyLock::new(|| {
    Network::from_bytes(include_bytes!("nnue.bin")).expect("the committed network is well formed")
});

/// Pieces by colour and kind: index `colour * 6 + kind`.
pub type Placement = [Bitboard; 12];

pub fn placement(pos: &Chess) -> Placement {
    let mut out = [0; 12];
    for color in [Color::White, Color::Black] {
        for kind in PieceType::ALL {
            out[color.index() * 6 + kind.index()] = pos.pieces(color, kind);
        }
    }
    out
}

/// The input a piece of `color` and `kind` on `square` feeds in `perspective`'s half.
#[inline]
pub fn feature(perspective: Color, color: Color, kind: usize, square: usize) -> usize {
    let relative = usize::from(color != perspective);
    let square = match perspective {
        Color::White => square,
        Color::Black => square ^ 56,
    };
    (relative * 6 + kind) * 64 + square
}

/// Output bucket by the number of pieces on the board (kings included).
#[inline]
pub fn bucket(pieces: u32) -> usize {
    (pieces.saturating_sub(2) as usize / 4).min(BUCKETS - 1)
}

/// The two halves of the hidden layer, indexed by the perspective's `Color::index()`.
#[derive(Clone, Copy)]
pub struct Accumulator([[i16; HIDDEN]; 2]);

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator([[0; HIDDEN]; 2])
    }
}

pub struct Network {
    feature_weights: Vec<[i16; HIDDEN]>,
    feature_bias: [i16; HIDDEN],
    /// Per bucket: the side to move's half, then the other.
    output_weights: Vec<[[i16; HIDDEN]; 2]>,
    output_bias: [i16; BUCKETS],
}

impl Network {
    /// A network from its quantised parts: `feature_weights` row by row (input-major,
    /// `INPUTS * HIDDEN`), `output_weights` bucket by bucket (`BUCKETS * 2 * HIDDEN`).
    pub fn from_parts(
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: &[i16],
    ) -> Result<Network, String> {
        if feature_weights.len() != INPUTS * HIDDEN
            || feature_bias.len() != HIDDEN
            || output_weights.len() != BUCKETS * 2 * HIDDEN
            || output_bias.len() != BUCKETS
        {
            return Err("the network's parts have the wrong sizes".to_string());
        }
        if output_weights
            .iter()
            .any(|w| i32::from(*w).abs() > OUTPUT_WEIGHT_LIMIT)
        {
            return Err(format!(
                "an output weight lies beyond +-{OUTPUT_WEIGHT_LIMIT}"
            ));
        }
        let row = |chunk: &[i16]| -> [i16; HIDDEN] { chunk.try_into().expect("HIDDEN values") };
        Ok(Network {
            feature_weights: feature_weights.chunks_exact(HIDDEN).map(row).collect(),
            feature_bias: row(feature_bias),
            output_weights: output_weights
                .chunks_exact(2 * HIDDEN)
                .map(|b| [row(&b[..HIDDEN]), row(&b[HIDDEN..])])
                .collect(),
            output_bias: output_bias.try_into().expect("BUCKETS values"),
        })
    }

    /// The quantised parts, as [`Network::from_parts`] takes them.
    pub fn parts(&self) -> (Vec<i16>, Vec<i16>, Vec<i16>, Vec<i16>) {
        (
            self.feature_weights.iter().flatten().copied().collect(),
            self.feature_bias.to_vec(),
            self.output_weights
                .iter()
                .flatten()
                .flatten()
                .copied()
                .collect(),
            self.output_bias.to_vec(),
        )
    }

    /// The file format: magic, version, inputs, hidden units, buckets (`u32` each), then the
    /// feature weights, feature biases, output weights and output biases as little-endian `i16`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(20 + 2 * (INPUTS * HIDDEN + HIDDEN * (1 + 2 * BUCKETS)));
        out.extend_from_slice(MAGIC);
        for n in [VERSION, INPUTS as u32, HIDDEN as u32, BUCKETS as u32] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        let (fw, fb, ow, ob) = self.parts();
        for v in fw.iter().chain(&fb).chain(&ow).chain(&ob) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let header = MAGIC.len() + 16;
        if bytes.len() < header || &bytes[..MAGIC.len()] != MAGIC {
            return Err("not a Tiamat network file".to_string());
        }
        let word = |i: usize| {
            let at = MAGIC.len() + 4 * i;
            u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
        };
        let shape = [word(0), word(1), word(2), word(3)];
        let expected = [VERSION, INPUTS as u32, HIDDEN as u32, BUCKETS as u32];
        if shape != expected {
            return Err(format!(
                "network shape {shape:?} (version, inputs, hidden, buckets), this build reads {expected:?}"
            ));
        }
        let values: Vec<i16> = bytes[header..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        let sizes = [INPUTS * HIDDEN, HIDDEN, BUCKETS * 2 * HIDDEN, BUCKETS];
        if values.len() != sizes.iter().sum::<usize>() || !(bytes.len() - header).is_multiple_of(2)
        {
            return Err("the network file has the wrong length".to_string());
        }
        let (feature_weights, rest) = values.split_at(sizes[0]);
        let (feature_bias, rest) = rest.split_at(sizes[1]);
        let (output_weights, output_bias) = rest.split_at(sizes[2]);
        Network::from_parts(feature_weights, feature_bias, output_weights, output_bias)
    }

    /// The accumulator of a placement, from scratch.
    pub fn refresh(&self, placement: &Placement) -> Accumulator {
        let mut acc = Accumulator([self.feature_bias; 2]);
        for (piece, &board) in placement.iter().enumerate() {
            let (color, kind) = piece_of(piece);
            for sq in squares(board) {
                for perspective in [Color::White, Color::Black] {
                    let row = &self.feature_weights[feature(perspective, color, kind, sq.index())];
                    add(&mut acc.0[perspective.index()], row);
                }
            }
        }
        acc
    }

    /// `next` becomes the accumulator of `after`, given `previous`, the one of `before`.
    fn update(
        &self,
        previous: &Accumulator,
        next: &mut Accumulator,
        before: &Placement,
        after: &Placement,
    ) {
        *next = *previous;
        for (piece, (&was, &is)) in before.iter().zip(after).enumerate() {
            if was == is {
                continue;
            }
            let (color, kind) = piece_of(piece);
            for perspective in [Color::White, Color::Black] {
                let half = &mut next.0[perspective.index()];
                for sq in squares(was & !is) {
                    sub(
                        half,
                        &self.feature_weights[feature(perspective, color, kind, sq.index())],
                    );
                }
                for sq in squares(is & !was) {
                    add(
                        half,
                        &self.feature_weights[feature(perspective, color, kind, sq.index())],
                    );
                }
            }
        }
    }

    /// The evaluation in centipawns for `side` to move, from its accumulator.
    pub fn output(&self, acc: &Accumulator, side: Color, pieces: u32) -> i32 {
        let b = bucket(pieces);
        let weights = &self.output_weights[b];
        let sum = i64::from(screlu_dot(&acc.0[side.index()], &weights[0]))
            + i64::from(screlu_dot(&acc.0[(!side).index()], &weights[1]));
        let out = sum / i64::from(QA) + i64::from(self.output_bias[b]);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The evaluation of `pos` for the side to move, from scratch.
    pub fn evaluate(&self, pos: &Chess) -> i32 {
        let acc = self.refresh(&placement(pos));
        self.output(&acc, pos.side(), pos.occupied().count_ones())
    }
}

fn piece_of(index: usize) -> (Color, usize) {
    let color = if index < 6 {
        Color::White
    } else {
        Color::Black
    };
    (color, index % 6)
}

#[inline]
fn add(half: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in half.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline]
fn sub(half: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in half.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

/// `sum(clamp(a, 0, QA)^2 * w)`. `clamp(a) * w` fits an `i16` (|w| <= 127), and each term is
/// at most `255^2 * 127`, so 256 of them fit an `i32`.
#[inline]
fn screlu_dot(half: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    let mut sum = 0i32;
    for (&a, &w) in half.iter().zip(weights) {
        let v = a.clamp(0, QA as i16);
        sum += i32::from(v.wrapping_mul(w)) * i32::from(v);
    }
    sum
}

/// The accumulators along the search's line, one entry per ply.
#[derive(Default)]
pub struct NnuePath {
    entries: Vec<PathEntry>,
}

#[derive(Clone, Copy, Default)]
struct PathEntry {
    placement: Placement,
    acc: Accumulator,
    /// `acc` belongs to `placement`.
    computed: bool,
}

impl NnuePath {
    fn entry(&mut self, ply: usize) -> &mut PathEntry {
        if self.entries.len() <= ply {
            self.entries.resize(ply + 1, PathEntry::default());
        }
        &mut self.entries[ply]
    }

    pub fn root(&mut self, network: &Network, root: &Chess) {
        let placement = placement(root);
        *self.entry(0) = PathEntry {
            placement,
            acc: network.refresh(&placement),
            computed: true,
        };
    }

    /// The position at `ply` (reached by a move from the one at `ply - 1`) is `pos`; its
    /// accumulator is computed when it is evaluated.
    pub fn play(&mut self, ply: usize, pos: &Chess) {
        let entry = self.entry(ply);
        entry.placement = placement(pos);
        entry.computed = false;
    }

    pub fn evaluate(&mut self, network: &Network, ply: usize, pos: &Chess) -> i32 {
        // Any computed entry below serves as a start: each step applies the difference of two
        // placements, so a position the path was not told of is still evaluated right.
        let placement = placement(pos);
        let entry = self.entry(ply);
        if entry.placement != placement {
            entry.placement = placement;
            entry.computed = false;
        }
        let mut first = ply;
        while !self.entries[first].computed && first > 0 {
            first -= 1;
        }
        if !self.entries[first].computed {
            let entry = &mut self.entries[first];
            entry.acc = network.refresh(&entry.placement);
            entry.computed = true;
        }
        for i in first + 1..=ply {
            let (done, rest) = self.entries.split_at_mut(i);
            let previous = &done[i - 1];
            let next = &mut rest[0];
            network.update(
                &previous.acc,
                &mut next.acc,
                &previous.placement,
                &next.placement,
            );
            next.computed = true;
        }
        network.output(
            &self.entries[ply].acc,
            pos.side(),
            pos.occupied().count_ones(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiamat_engine::core::random::Xorshift;
    use tiamat_engine::games::chess::ChessMoveList;
    use tiamat_engine::Game;

    fn pos(fen: &str) -> Chess {
        Chess::from_position_string("chess", fen).unwrap()
    }

    #[test]
    fn the_committed_network_reads_and_writes_back() {
        let bytes = include_bytes!("nnue.bin");
        let network = Network::from_bytes(bytes).unwrap();
        assert_eq!(network.to_bytes(), bytes.to_vec());
        assert!(Network::from_bytes(&bytes[..bytes.len() - 2]).is_err());
        assert!(Network::from_bytes(b"TIAMATNN").is_err());
        let mut wrong_shape = bytes.to_vec();
        wrong_shape[MAGIC.len() + 8] ^= 1;
        assert!(Network::from_bytes(&wrong_shape).is_err());
    }

    #[test]
    fn output_weights_beyond_the_limit_are_refused() {
        let (fw, fb, mut ow, ob) = NETWORK.parts();
        ow[5] = (OUTPUT_WEIGHT_LIMIT + 1) as i16;
        assert!(Network::from_parts(&fw, &fb, &ow, &ob).is_err());
    }

    #[test]
    fn features_mirror_between_the_perspectives() {
        // White's pawn on e2 is, for Black, an enemy pawn on e7.
        let e2 = 12;
        let e7 = 52;
        assert_eq!(feature(Color::White, Color::White, 0, e2), e2);
        assert_eq!(feature(Color::Black, Color::White, 0, e2), 6 * 64 + e7);
        assert_eq!(feature(Color::Black, Color::Black, 5, e7), 5 * 64 + e2);
        assert_eq!(bucket(32), BUCKETS - 1);
        assert_eq!(bucket(2), 0);
    }

    #[test]
    fn colour_mirrored_positions_evaluate_alike() {
        for (a, b) in crate::chess::tests::MIRRORED_PAIRS {
            assert_eq!(NETWORK.evaluate(&pos(a)), NETWORK.evaluate(&pos(b)), "{a}");
        }
    }

    #[test]
    fn the_option_switches_between_the_evaluations() {
        use crate::chess::{ChessEval, ChessEvaluator};
        use tiamat_engine::search::Evaluator;
        let position = pos("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let mut evaluator = ChessEvaluator::default();
        assert_eq!(evaluator.evaluate(&position), ChessEval.evaluate(&position));
        evaluator.set_network(true);
        assert_eq!(evaluator.evaluate(&position), NETWORK.evaluate(&position));
        assert_ne!(NETWORK.evaluate(&position), ChessEval.evaluate(&position));
        evaluator.set_network(false);
        assert_eq!(evaluator.evaluate(&position), ChessEval.evaluate(&position));
    }

    /// The path's accumulators, updated move by move (captures, castling, en passant,
    /// promotions, null moves, lines abandoned for siblings), give the evaluation from scratch.
    #[test]
    fn the_path_evaluates_as_from_scratch() {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ];
        let mut rng = Xorshift(0x1234_5678u64);
        for start in starts {
            let root = pos(start);
            let mut path = NnuePath::default();
            path.root(&NETWORK, &root);
            for _ in 0..40 {
                let mut line = vec![root];
                for ply in 0..12 {
                    let current = line[ply];
                    let mut moves = ChessMoveList::default();
                    current.legal_moves(&mut moves);
                    let child = if moves.is_empty() || rng.below(8) == 0 {
                        match current.null_move() {
                            Some(null) => null,
                            None => break,
                        }
                    } else {
                        current.play(&moves.as_slice()[rng.below(moves.len())])
                    };
                    path.play(ply + 1, &child);
                    line.push(child);
                    // Evaluated only now and then, as the search does.
                    if rng.below(3) == 0 {
                        assert_eq!(
                            path.evaluate(&NETWORK, ply + 1, &child),
                            NETWORK.evaluate(&child),
                            "{}",
                            child.position_string()
                        );
                    }
                }
                let last = line.len() - 1;
                assert_eq!(
                    path.evaluate(&NETWORK, last, &line[last]),
                    NETWORK.evaluate(&line[last])
                );
            }
        }
    }
}
