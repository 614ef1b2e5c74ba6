//! The chess network's trainer: the network of `tiamat_eval::chess::nnue` in floating point,
//! fitted to self-play positions (`datagen`'s lines) by Adam on mini-batches, then quantised into
//! the file the engine compiles in.
//!
//! The target blends the game's result with the search's score, both as an expected result:
//! `lambda * result + (1 - lambda) * sigmoid(k * score)`, against `sigmoid(k * eval)`, where `k`
//! is fitted to the data first (the scale on which our scores predict results), so that the
//! network's centipawns stay on the search's scale. Squared error. One run of positions in
//! twenty is held out; its loss shows when the fit stops generalising.

use std::fs::File;
use std::io::Write;
use std::time::Instant;

use tiamat_engine::games::chess::{squares, Chess, PieceType};
use tiamat_engine::{Color, Game};
use tiamat_eval::chess::nnue::{
    bucket, feature, Network, BUCKETS, HIDDEN, INPUTS, OUTPUT_WEIGHT_LIMIT, QA, QB, SCALE,
};

use crate::datagen::read_positions;
use crate::tuned::ChessTuning;
use crate::Flags;

/// The largest feature weight or bias, so that accumulators stay far inside `i16`.
const FEATURE_LIMIT: f32 = 1.98;
const OUTPUT_LIMIT: f32 = OUTPUT_WEIGHT_LIMIT as f32 / QB as f32;
/// The output bias is stored at scale `QA * QB` in an `i16`.
const OUTPUT_BIAS_LIMIT: f32 = i16::MAX as f32 / (QA * QB) as f32;

struct Sample {
    /// Range of this position's pieces in `Data::pieces`.
    start: u32,
    len: u8,
    side: Color,
    bucket: u8,
    /// The result and the score from the side to move's point of view.
    result: f32,
    score: f32,
}

/// Positions with their pieces packed as `colour * 384 + kind * 64 + square`.
#[derive(Default)]
struct Data {
    samples: Vec<Sample>,
    pieces: Vec<u16>,
}

impl Data {
    fn push(&mut self, pos: &Chess, result: f32, score: f32) {
        let start = self.pieces.len() as u32;
        for color in [Color::White, Color::Black] {
            for kind in PieceType::ALL {
                for sq in squares(pos.pieces(color, kind)) {
                    self.pieces
                        .push((color.index() * 384 + kind.index() * 64 + sq.index()) as u16);
                }
            }
        }
        let len = self.pieces.len() as u32 - start;
        // The lines are from White's point of view, the network from the side to move's.
        let (result, score) = match pos.side() {
            Color::White => (result, score),
            Color::Black => (1.0 - result, -score),
        };
        self.samples.push(Sample {
            start,
            len: len as u8,
            side: pos.side(),
            bucket: bucket(len) as u8,
            result,
            score,
        });
    }

    /// The inputs of a sample in each perspective (White's, Black's).
    fn features(&self, s: &Sample) -> impl Iterator<Item = [usize; 2]> + '_ {
        self.pieces[s.start as usize..s.start as usize + usize::from(s.len)]
            .iter()
            .map(|&packed| {
                let packed = usize::from(packed);
                let color = if packed < 384 {
                    Color::White
                } else {
                    Color::Black
                };
                let (kind, sq) = ((packed % 384) / 64, packed % 64);
                [
                    feature(Color::White, color, kind, sq),
                    feature(Color::Black, color, kind, sq),
                ]
            })
    }
}

/// The network in floating point, laid out as the quantised one.
#[derive(Clone)]
struct Params {
    feature_weights: Vec<f32>,
    feature_bias: Vec<f32>,
    output_weights: Vec<f32>,
    output_bias: Vec<f32>,
}

impl Params {
    fn zeros() -> Params {
        Params {
            feature_weights: vec![0.0; INPUTS * HIDDEN],
            feature_bias: vec![0.0; HIDDEN],
            output_weights: vec![0.0; BUCKETS * 2 * HIDDEN],
            output_bias: vec![0.0; BUCKETS],
        }
    }

    fn random(seed: u64) -> Params {
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut uniform = |bound: f32| {
            rng ^= rng >> 12;
            rng ^= rng << 25;
            rng ^= rng >> 27;
            let unit = (rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * unit - 1.0) * bound
        };
        let mut p = Params::zeros();
        // About thirty inputs are on: accumulators start spread around the activation's knee.
        p.feature_weights
            .iter_mut()
            .for_each(|w| *w = uniform(0.18));
        p.output_weights
            .iter_mut()
            .for_each(|w| *w = uniform(1.0 / (2.0 * HIDDEN as f32).sqrt()));
        p
    }

    fn slices_mut(&mut self) -> [&mut [f32]; 4] {
        [
            &mut self.feature_weights,
            &mut self.feature_bias,
            &mut self.output_weights,
            &mut self.output_bias,
        ]
    }

    fn clip(&mut self) {
        let limits = [
            FEATURE_LIMIT,
            FEATURE_LIMIT,
            OUTPUT_LIMIT,
            OUTPUT_BIAS_LIMIT,
        ];
        for (slice, limit) in self.slices_mut().into_iter().zip(limits) {
            slice.iter_mut().for_each(|w| *w = w.clamp(-limit, limit));
        }
    }

    fn add(&mut self, other: &Params) {
        let others = [
            &other.feature_weights,
            &other.feature_bias,
            &other.output_weights,
            &other.output_bias,
        ];
        for (slice, other) in self.slices_mut().into_iter().zip(others) {
            slice
                .iter_mut()
                .zip(other.iter())
                .for_each(|(a, b)| *a += b);
        }
    }

    fn quantised(&self) -> Result<Network, String> {
        let q = |values: &[f32], scale: i32| -> Vec<i16> {
            values
                .iter()
                .map(|v| (v * scale as f32).round().clamp(-32_767.0, 32_767.0) as i16)
                .collect()
        };
        Network::from_parts(
            &q(&self.feature_weights, QA),
            &q(&self.feature_bias, QA),
            &q(&self.output_weights, QB),
            &q(&self.output_bias, QA * QB),
        )
    }

    /// The network's output (`eval / SCALE`) for a sample, with the activations kept for the
    /// backward pass: `acc` is the two accumulators, side to move first.
    fn forward(&self, data: &Data, s: &Sample, acc: &mut [Vec<f32>; 2]) -> f32 {
        let us = s.side.index();
        for (half, out) in acc.iter_mut().enumerate() {
            out.copy_from_slice(&self.feature_bias);
            let perspective = if half == 0 { us } else { 1 - us };
            for f in data.features(s) {
                let row = &self.feature_weights[f[perspective] * HIDDEN..][..HIDDEN];
                out.iter_mut().zip(row).for_each(|(a, w)| *a += w);
            }
        }
        let b = usize::from(s.bucket);
        let weights = &self.output_weights[b * 2 * HIDDEN..][..2 * HIDDEN];
        let mut out = self.output_bias[b];
        for (half, values) in acc.iter().enumerate() {
            let w = &weights[half * HIDDEN..][..HIDDEN];
            out += values
                .iter()
                .zip(w)
                .map(|(a, w)| {
                    let c = a.clamp(0.0, 1.0);
                    c * c * w
                })
                .sum::<f32>();
        }
        out
    }

    /// Adds `d loss / d out = g` of one sample into `grad`.
    fn backward(&self, data: &Data, s: &Sample, acc: &[Vec<f32>; 2], g: f32, grad: &mut Params) {
        let b = usize::from(s.bucket);
        grad.output_bias[b] += g;
        let us = s.side.index();
        for (half, values) in acc.iter().enumerate() {
            let w = &self.output_weights[b * 2 * HIDDEN + half * HIDDEN..][..HIDDEN];
            let gw = &mut grad.output_weights[b * 2 * HIDDEN + half * HIDDEN..][..HIDDEN];
            let mut delta = [0f32; HIDDEN];
            for i in 0..HIDDEN {
                let a = values[i];
                let c = a.clamp(0.0, 1.0);
                gw[i] += g * c * c;
                delta[i] = if a > 0.0 && a < 1.0 {
                    g * w[i] * 2.0 * a
                } else {
                    0.0
                };
            }
            grad.feature_bias
                .iter_mut()
                .zip(&delta)
                .for_each(|(a, d)| *a += d);
            let perspective = if half == 0 { us } else { 1 - us };
            for f in data.features(s) {
                let row = &mut grad.feature_weights[f[perspective] * HIDDEN..][..HIDDEN];
                row.iter_mut().zip(&delta).for_each(|(a, d)| *a += d);
            }
        }
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

struct Settings {
    k: f32,
    lambda: f32,
}

impl Settings {
    fn target(&self, s: &Sample) -> f32 {
        self.lambda * s.result + (1.0 - self.lambda) * sigmoid(self.k * s.score)
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(
        args,
        &[
            "data",
            "out",
            "epochs",
            "batch",
            "rate",
            "final-rate",
            "lambda",
            "threads",
            "limit",
            "seed",
            "init",
            "mirror",
        ],
    )?;
    let files = flags
        .text("data")
        .ok_or("nnue needs --data FILE[,FILE...]")?;
    let out = flags
        .text("out")
        .ok_or("nnue needs --out FILE")?
        .to_string();
    let epochs: usize = flags.number("epochs", 30)?;
    let batch: usize = flags.number("batch", 1_024)?;
    let rate: f32 = flags.number("rate", 0.002)?;
    let final_rate: f32 = flags.number("final-rate", rate / 20.0)?;
    let lambda: f32 = flags.number("lambda", 0.5)?;
    let threads: usize = flags.number::<usize>("threads", 1)?.max(1);
    let limit: usize = flags.number("limit", usize::MAX)?;
    let seed: u64 = flags.number("seed", 1)?;
    let mirror: bool = flags.number("mirror", false)?;
    let start = Instant::now();
    let (train, held_out) = load(files, limit, mirror)?;
    let k = fit_k(&train);
    eprintln!(
        "{} training and {} held-out positions, loaded in {:.0} s; k = {k:.6}",
        train.samples.len(),
        held_out.samples.len(),
        start.elapsed().as_secs_f64()
    );
    let settings = Settings { k, lambda };
    let mut params = match flags.text("init") {
        Some(path) => dequantised(path)?,
        None => Params::random(seed),
    };
    let results_only = Settings { k, lambda: 1.0 };
    eprintln!(
        "start: loss {:.6}, held out {:.6} (results alone {:.6})",
        loss(&params, &train, &settings, threads),
        loss(&params, &held_out, &settings, threads),
        loss(&params, &held_out, &results_only, threads),
    );
    let mut adam = Adam::new();
    let mut best_held_out = f64::INFINITY;
    let mut order: Vec<u32> = (0..train.samples.len() as u32).collect();
    let mut rng = seed | 1;
    for epoch in 0..epochs {
        let progress = if epochs > 1 {
            epoch as f32 / (epochs - 1) as f32
        } else {
            0.0
        };
        let epoch_rate = rate * (final_rate / rate).powf(progress);
        shuffle(&mut order, &mut rng);
        for chunk in order.chunks(batch) {
            let grad = batch_gradient(&params, &train, chunk, &settings, threads);
            adam.step(&mut params, &grad, epoch_rate, chunk.len() as f32);
            params.clip();
        }
        let held_out_loss = loss(&params, &held_out, &settings, threads);
        eprintln!(
            "epoch {:>3}: rate {epoch_rate:.6}, loss {:.6}, held out {held_out_loss:.6} (results alone {:.6}), {:.0} s",
            epoch + 1,
            loss(&params, &train, &settings, threads),
            loss(&params, &held_out, &results_only, threads),
            start.elapsed().as_secs_f64()
        );
        // Small data overfits within a few epochs: the file keeps the best generalising network.
        if held_out_loss < best_held_out || held_out.samples.is_empty() {
            best_held_out = held_out_loss;
            write(&params, &out)?;
            eprintln!("wrote {out}");
        }
    }
    Ok(())
}

fn write(params: &Params, path: &str) -> Result<(), String> {
    let bytes = params.quantised()?.to_bytes();
    let mut file = File::create(path).map_err(|e| format!("{path}: {e}"))?;
    file.write_all(&bytes).map_err(|e| format!("{path}: {e}"))
}

/// A network file as the starting point of a new fit.
fn dequantised(path: &str) -> Result<Params, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    Ok(unquantised(&Network::from_bytes(&bytes)?))
}

fn unquantised(network: &Network) -> Params {
    let (fw, fb, ow, ob) = network.parts();
    let d = |values: Vec<i16>, scale: i32| -> Vec<f32> {
        values
            .into_iter()
            .map(|v| f32::from(v) / scale as f32)
            .collect()
    };
    Params {
        feature_weights: d(fw, QA),
        feature_bias: d(fb, QA),
        output_weights: d(ow, QB),
        output_bias: d(ob, QA * QB),
    }
}

/// `pos` mirrored left to right (files a and h swapped, the en-passant square too), where no
/// side may castle: without castling rights the chess rules are symmetric that way, so the
/// mirror is as valid a position, with the same result and score.
fn mirrored(pos: &Chess) -> Option<Chess> {
    let text = pos.position_string();
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    if fields.len() < 4 || fields[2] != "-" {
        return None;
    }
    // A rank's text read backwards is the mirrored rank: each digit counts empty squares.
    fields[0] = fields[0]
        .split('/')
        .map(|rank| rank.chars().rev().collect::<String>())
        .collect::<Vec<_>>()
        .join("/");
    if let Some(file) = fields[3].bytes().next().filter(|f| f.is_ascii_lowercase()) {
        fields[3].replace_range(..1, &char::from(b'h' - (file - b'a')).to_string());
    }
    Chess::from_position_string("chess", &fields.join(" ")).ok()
}

/// The positions of `files`, training and held out; with `mirror`, each training position
/// without castling rights is also trained on mirrored left to right.
fn load(files: &str, limit: usize, mirror: bool) -> Result<(Data, Data), String> {
    let mut train = Data::default();
    let mut held_out = Data::default();
    read_positions(
        &ChessTuning,
        files,
        limit,
        |pos, result, score, is_held_out| {
            if is_held_out {
                held_out.push(&pos, result, score);
                return true;
            }
            train.push(&pos, result, score);
            if let Some(image) = mirror.then(|| mirrored(&pos)).flatten() {
                train.push(&image, result, score);
            }
            true
        },
    )?;
    if train.samples.is_empty() {
        return Err("no positions read".to_string());
    }
    Ok((train, held_out))
}

/// The scale on which the scores best predict the results (least squared error).
fn fit_k(data: &Data) -> f32 {
    let error = |k: f64| -> f64 {
        data.samples
            .iter()
            .map(|s| {
                let p = 1.0 / (1.0 + (-k * f64::from(s.score)).exp());
                (p - f64::from(s.result)).powi(2)
            })
            .sum()
    };
    crate::minimise(0.0005, 0.05, error) as f32
}

fn shuffle(order: &mut [u32], rng: &mut u64) {
    for i in (1..order.len()).rev() {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        let j = (*rng % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
}

/// The sum over `chunk` of each sample's gradient, split over `threads`.
fn batch_gradient(
    params: &Params,
    data: &Data,
    chunk: &[u32],
    settings: &Settings,
    threads: usize,
) -> Params {
    let per_thread = chunk.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = chunk
            .chunks(per_thread)
            .map(|part| {
                scope.spawn(move || {
                    let mut grad = Params::zeros();
                    let mut acc = [vec![0f32; HIDDEN], vec![0f32; HIDDEN]];
                    for &i in part {
                        let s = &data.samples[i as usize];
                        let out = params.forward(data, s, &mut acc);
                        let scale = settings.k * SCALE as f32;
                        let p = sigmoid(scale * out);
                        let g = 2.0 * (p - settings.target(s)) * p * (1.0 - p) * scale;
                        params.backward(data, s, &acc, g, &mut grad);
                    }
                    grad
                })
            })
            .collect();
        let mut total: Option<Params> = None;
        for handle in handles {
            let grad = handle.join().expect("trainer thread");
            match &mut total {
                None => total = Some(grad),
                Some(t) => t.add(&grad),
            }
        }
        total.unwrap_or_else(Params::zeros)
    })
}

fn loss(params: &Params, data: &Data, settings: &Settings, threads: usize) -> f64 {
    if data.samples.is_empty() {
        return 0.0;
    }
    let per_thread = data.samples.len().div_ceil(threads).max(1);
    let total: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = data
            .samples
            .chunks(per_thread)
            .map(|part| {
                scope.spawn(move || {
                    let mut acc = [vec![0f32; HIDDEN], vec![0f32; HIDDEN]];
                    part.iter()
                        .map(|s| {
                            let out = params.forward(data, s, &mut acc);
                            let p = sigmoid(settings.k * SCALE as f32 * out);
                            f64::from((p - settings.target(s)).powi(2))
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("trainer thread"))
            .sum()
    });
    total / data.samples.len() as f64
}

struct Adam {
    m: Params,
    v: Params,
    t: i32,
}

impl Adam {
    fn new() -> Adam {
        Adam {
            m: Params::zeros(),
            v: Params::zeros(),
            t: 0,
        }
    }

    /// One step on the batch's summed gradient (`count` samples).
    fn step(&mut self, params: &mut Params, grad: &Params, rate: f32, count: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let grads = [
            &grad.feature_weights,
            &grad.feature_bias,
            &grad.output_weights,
            &grad.output_bias,
        ];
        let ms = self.m.slices_mut();
        let vs = self.v.slices_mut();
        for (((w, g), m), v) in params.slices_mut().into_iter().zip(grads).zip(ms).zip(vs) {
            for i in 0..w.len() {
                let g = g[i] / count;
                m[i] = B1 * m[i] + (1.0 - B1) * g;
                v[i] = B2 * v[i] + (1.0 - B2) * g * g;
                w[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POSITIONS: [(&str, f32, f32); 4] = [
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            0.5,
            30.0,
        ),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            1.0,
            40.0,
        ),
        ("8/5pk1/6p1/8/3P4/8/5PPP/6K1 w - - 0 1", 1.0, 150.0),
        ("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", 0.0, -900.0),
    ];

    fn data() -> (Data, Vec<Chess>) {
        let mut data = Data::default();
        let mut positions = Vec::new();
        for (text, result, score) in POSITIONS {
            let pos = Chess::from_position_string("chess", text).unwrap();
            data.push(&pos, result, score);
            positions.push(pos);
        }
        (data, positions)
    }

    /// The engine's integer inference computes the trainer's function (perspectives, buckets,
    /// activation and scales agree), up to the integer divisions.
    #[test]
    fn the_engine_evaluates_as_the_trainer() {
        let network = Params::random(7).quantised().unwrap();
        let params = unquantised(&network);
        let (data, positions) = data();
        let mut acc = [vec![0f32; HIDDEN], vec![0f32; HIDDEN]];
        for (sample, pos) in data.samples.iter().zip(&positions) {
            let float = params.forward(&data, sample, &mut acc) * SCALE as f32;
            let int = network.evaluate(pos) as f32;
            assert!((float - int).abs() <= 2.0, "{float} {int}");
        }
    }

    /// A position without castling rights mirrors left to right, en-passant square included,
    /// and its sample's inputs are the original's with each square's file mirrored.
    #[test]
    fn mirrored_samples_feed_the_mirrored_inputs() {
        let text = "8/5pk1/6p1/3pP3/8/2N5/5PPP/6K1 w - d6 0 2";
        let pos = Chess::from_position_string("chess", text).unwrap();
        let image = mirrored(&pos).unwrap();
        assert_eq!(
            image.position_string(),
            "8/1kp5/1p6/3Pp3/8/5N2/PPP5/1K6 w - e6 0 2"
        );
        assert_eq!(mirrored(&image).unwrap().position_string(), text);
        let mut data = Data::default();
        data.push(&pos, 1.0, 150.0);
        data.push(&image, 1.0, 150.0);
        let inputs = |s: &Sample| {
            let mut all: Vec<[usize; 2]> = data.features(s).collect();
            all.sort();
            all
        };
        let mut expected: Vec<[usize; 2]> = inputs(&data.samples[0])
            .into_iter()
            .map(|pair| pair.map(|f| f ^ 7))
            .collect();
        expected.sort();
        assert_eq!(inputs(&data.samples[1]), expected);
        assert_eq!(data.samples[1].bucket, data.samples[0].bucket);
        assert_eq!(data.samples[1].side, data.samples[0].side);
        // Castling rights break the symmetry: such positions are not mirrored.
        let castling = Chess::from_position_string("chess", POSITIONS[1].0).unwrap();
        assert!(mirrored(&castling).is_none());
        let one_side = "r3k3/8/8/8/8/8/8/4K3 b q - 0 1";
        assert!(mirrored(&Chess::from_position_string("chess", one_side).unwrap()).is_none());
    }

    #[test]
    fn a_fit_lowers_the_loss() {
        let (data, _) = data();
        let settings = Settings {
            k: 0.007,
            lambda: 0.5,
        };
        let mut params = Params::random(1);
        let before = loss(&params, &data, &settings, 1);
        let mut adam = Adam::new();
        let all: Vec<u32> = (0..data.samples.len() as u32).collect();
        for _ in 0..100 {
            let grad = batch_gradient(&params, &data, &all, &settings, 2);
            adam.step(&mut params, &grad, 0.002, all.len() as f32);
            params.clip();
        }
        let after = loss(&params, &data, &settings, 1);
        assert!(after < before / 4.0, "{before} -> {after}");
    }
}
