//! The Texel tuner: fits an evaluation's parameters (chess's, a Croatian variant's, DAO's,
//! Dynamo's, Makromachy's or Dragonchess's, `tuned::Tuned`) to game results by logistic regression,
//! `sigmoid(k * eval)` against the result (optionally blended with the search's own score),
//! minimising the mean squared error with Adam over the whole data set each epoch.
//!
//! The evaluation is linear in its parameters apart from the draw scaling, which is taken as
//! fixed per position, so each position is traced once (`Tuned::trace`) and the fit runs on
//! the coefficients alone. An L2 pull toward the starting weights (`--l2`) keeps rarely used
//! parameters near their values. One run of positions in twenty is held out: its loss, printed
//! beside the training loss, shows when the fit stops generalising.

use std::fs::File;
use std::io::Write;
use std::time::Instant;

use crate::datagen::read_positions;
use crate::tuned::{self, ChessTuning, Tuned};
use crate::Flags;

struct Position {
    /// Range of this position's coefficients in `Data::coefficients`.
    start: u32,
    len: u16,
    /// Middlegame share, 0..=1.
    mg: f32,
    scale: f32,
    tempo: f32,
    result: f32,
    score: f32,
}

struct Data {
    positions: Vec<Position>,
    coefficients: Vec<(u16, i16)>,
}

impl Data {
    fn coefficients(&self, p: &Position) -> &[(u16, i16)] {
        &self.coefficients[p.start as usize..p.start as usize + usize::from(p.len)]
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(
        args,
        &[
            "data", "epochs", "lambda", "rate", "out", "threads", "limit", "l2", "variant",
            "freeze", "only",
        ],
    )?;
    match flags.text("variant").unwrap_or("chess") {
        "chess" => fit(&ChessTuning, &flags),
        "dao" => fit(&tuned::dao(), &flags),
        "dynamo" => fit(&tuned::dynamo(), &flags),
        "makromachy" => fit(&tuned::makromachy(), &flags),
        "dragonchess" => fit(&tuned::dragonchess(), &flags),
        variant => fit(&tuned::croatian(variant)?, &flags),
    }
}

fn fit<T: Tuned>(tuned: &T, flags: &Flags) -> Result<(), String> {
    let files = flags
        .text("data")
        .ok_or("texel needs --data FILE[,FILE...]")?;
    let epochs: usize = flags.number("epochs", 1_000)?;
    let lambda: f64 = flags.number("lambda", 1.0)?;
    let rate: f64 = flags.number("rate", 1.0)?;
    let threads: usize = flags.number("threads", 1)?;
    let limit: usize = flags.number("limit", usize::MAX)?;
    let l2: f64 = flags.number("l2", 1e-8)?;
    let start = Instant::now();
    let (train, held_out) = load(tuned, files, limit)?;
    eprintln!(
        "{} training and {} held-out positions, {} coefficients, loaded in {:.0} s",
        train.positions.len(),
        held_out.positions.len(),
        train.coefficients.len(),
        start.elapsed().as_secs_f64()
    );
    let mut weights = tuned.start();
    let k = fit_k(&train, &weights, threads);
    eprintln!(
        "k = {k:.6}; loss {:.6}, held out {:.6}",
        loss(&train, &weights, k, lambda, threads),
        loss(&held_out, &weights, k, lambda, threads)
    );
    let initial = weights.clone();
    let fitted = fitted_parameters(tuned, flags)?;
    let mut adam = Adam::new(weights.len());
    for epoch in 1..=epochs {
        let mut gradient = gradient(&train, &weights, k, lambda, threads);
        // A parameter that is not fitted gets no gradient, so Adam never moves it.
        for (g, &fit) in gradient.iter_mut().zip(&fitted) {
            if !fit {
                *g = [0.0; 2];
            }
        }
        // The mean error's gradient plus a pull toward the starting weights: a parameter that
        // few positions use stays near its value unless the data insist.
        let n = train.positions.len() as f64;
        for ((g, w), w0) in gradient.iter_mut().zip(&weights).zip(&initial) {
            for j in 0..2 {
                g[j] = g[j] * 2.0 * k / n + 2.0 * l2 * (w[j] - w0[j]);
            }
        }
        adam.step(&mut weights, &gradient, rate);
        if epoch.is_multiple_of(50) || epoch == epochs {
            eprintln!(
                "epoch {epoch}: loss {:.6}, held out {:.6} (against results alone {:.6}), {:.0} s",
                loss(&train, &weights, k, lambda, threads),
                loss(&held_out, &weights, k, lambda, threads),
                loss(&held_out, &weights, k, 1.0, threads),
                start.elapsed().as_secs_f64()
            );
        }
    }
    let text = tuned.source(&weights);
    match flags.text("out") {
        Some(path) => {
            let mut file = File::create(path).map_err(|e| format!("{path}: {e}"))?;
            file.write_all(text.as_bytes())
                .map_err(|e| format!("{path}: {e}"))?;
            eprintln!("wrote {path}");
        }
        None => print!("{text}"),
    }
    Ok(())
}

/// Which parameters the fit moves: all, less the sections named by `--freeze`, or only those
/// named by `--only` (comma-separated section names). Screening a new term compares fits with
/// and without it from one build.
fn fitted_parameters<T: Tuned>(tuned: &T, flags: &Flags) -> Result<Vec<bool>, String> {
    let count = tuned.start().len();
    let named = |list: &str| -> Result<Vec<bool>, String> {
        let mut mask = vec![false; count];
        for name in list.split(',') {
            let &(_, start, len) = tuned
                .sections()
                .iter()
                .find(|(section, _, _)| *section == name)
                .ok_or_else(|| format!("unknown section '{name}'"))?;
            mask[start..start + len].fill(true);
        }
        Ok(mask)
    };
    match (flags.text("freeze"), flags.text("only")) {
        (Some(_), Some(_)) => Err("--freeze and --only exclude each other".to_string()),
        (Some(list), None) => Ok(named(list)?.into_iter().map(|frozen| !frozen).collect()),
        (None, Some(list)) => named(list),
        (None, None) => Ok(vec![true; count]),
    }
}

fn load<T: Tuned>(tuned: &T, files: &str, limit: usize) -> Result<(Data, Data), String> {
    let mut train = Data {
        positions: Vec::new(),
        coefficients: Vec::new(),
    };
    let mut held_out = Data {
        positions: Vec::new(),
        coefficients: Vec::new(),
    };
    read_positions(tuned, files, limit, |pos, result, score, is_held_out| {
        let trace = tuned.trace(&pos);
        if trace.scale == 0.0 {
            return false;
        }
        let data = if is_held_out {
            &mut held_out
        } else {
            &mut train
        };
        data.positions.push(Position {
            start: data.coefficients.len() as u32,
            len: trace.coefficients.len() as u16,
            mg: trace.phase as f32 / trace.full_phase as f32,
            scale: trace.scale as f32,
            tempo: trace.tempo as f32,
            result,
            score,
        });
        data.coefficients.extend(
            trace
                .coefficients
                .iter()
                .map(|&(param, c)| (param as u16, c as i16)),
        );
        true
    })?;
    if train.positions.is_empty() {
        return Err("no positions read".to_string());
    }
    Ok((train, held_out))
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn evaluate(data: &Data, p: &Position, weights: &[[f64; 2]]) -> f64 {
    let mg = f64::from(p.mg);
    let (mut a, mut b) = (0.0, 0.0);
    for &(param, c) in data.coefficients(p) {
        let w = &weights[usize::from(param)];
        a += w[0] * f64::from(c);
        b += w[1] * f64::from(c);
    }
    (a * mg + b * (1.0 - mg)) * f64::from(p.scale) + f64::from(p.tempo)
}

fn target(p: &Position, k: f64, lambda: f64) -> f64 {
    lambda * f64::from(p.result) + (1.0 - lambda) * sigmoid(k * f64::from(p.score))
}

/// Runs `work` over `threads` slices of the positions and sums what each returns.
fn parallel<T: Send, F>(data: &Data, threads: usize, work: F, mut merge: impl FnMut(T))
where
    F: Fn(&[Position]) -> T + Sync,
{
    let chunk = data.positions.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = data
            .positions
            .chunks(chunk)
            .map(|slice| scope.spawn(|| work(slice)))
            .collect();
        for handle in handles {
            merge(handle.join().expect("tuner thread"));
        }
    });
}

fn loss(data: &Data, weights: &[[f64; 2]], k: f64, lambda: f64, threads: usize) -> f64 {
    if data.positions.is_empty() {
        return 0.0;
    }
    let mut total = 0.0;
    parallel(
        data,
        threads,
        |slice| {
            slice
                .iter()
                .map(|p| {
                    let error = sigmoid(k * evaluate(data, p, weights)) - target(p, k, lambda);
                    error * error
                })
                .sum::<f64>()
        },
        |part| total += part,
    );
    total / data.positions.len() as f64
}

fn gradient(
    data: &Data,
    weights: &[[f64; 2]],
    k: f64,
    lambda: f64,
    threads: usize,
) -> Vec<[f64; 2]> {
    let mut total = vec![[0.0; 2]; weights.len()];
    parallel(
        data,
        threads,
        |slice| {
            let mut part = vec![[0.0; 2]; weights.len()];
            for p in slice {
                let s = sigmoid(k * evaluate(data, p, weights));
                let common = (s - target(p, k, lambda)) * s * (1.0 - s) * f64::from(p.scale);
                let mg = common * f64::from(p.mg);
                let eg = common * (1.0 - f64::from(p.mg));
                for &(param, c) in data.coefficients(p) {
                    let g = &mut part[usize::from(param)];
                    g[0] += mg * f64::from(c);
                    g[1] += eg * f64::from(c);
                }
            }
            part
        },
        |part| {
            for (t, p) in total.iter_mut().zip(part) {
                t[0] += p[0];
                t[1] += p[1];
            }
        },
    );
    total
}

/// The scaling constant that best fits the current weights to the results.
fn fit_k(data: &Data, weights: &[[f64; 2]], threads: usize) -> f64 {
    crate::minimise(0.0005, 0.05, |k| loss(data, weights, k, 1.0, threads))
}

struct Adam {
    m: Vec<[f64; 2]>,
    v: Vec<[f64; 2]>,
    t: i32,
}

impl Adam {
    fn new(n: usize) -> Self {
        Adam {
            m: vec![[0.0; 2]; n],
            v: vec![[0.0; 2]; n],
            t: 0,
        }
    }

    fn step(&mut self, weights: &mut [[f64; 2]], gradient: &[[f64; 2]], rate: f64) {
        const B1: f64 = 0.9;
        const B2: f64 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        for i in 0..weights.len() {
            for j in 0..2 {
                let g = gradient[i][j];
                self.m[i][j] = B1 * self.m[i][j] + (1.0 - B1) * g;
                self.v[i][j] = B2 * self.v[i][j] + (1.0 - B2) * g * g;
                let step = rate * (self.m[i][j] / c1) / ((self.v[i][j] / c2).sqrt() + 1e-12);
                weights[i][j] -= step;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn current() -> Vec<[f64; 2]> {
        ChessTuning.start()
    }

    #[test]
    fn the_committed_weights_are_the_tuners_output() {
        let committed = include_str!("../../eval/src/chess/weights.rs");
        assert_eq!(ChessTuning.source(&current()), committed);
        use tiamat_eval::croatian::{CLASSICAL14, CROATIANTIES, CROATIANTIES14, CROATIANTIES20};
        for (variant, set, committed) in [
            (
                "classical14",
                &CLASSICAL14,
                include_str!("../../eval/src/croatian/classical14.rs"),
            ),
            (
                "croatianties",
                &CROATIANTIES,
                include_str!("../../eval/src/croatian/croatianties.rs"),
            ),
            (
                "croatianties14",
                &CROATIANTIES14,
                include_str!("../../eval/src/croatian/croatianties14.rs"),
            ),
            (
                "croatianties20",
                &CROATIANTIES20,
                include_str!("../../eval/src/croatian/croatianties20.rs"),
            ),
        ] {
            let tuning = tuned::croatian(variant).unwrap();
            let weights: Vec<[f64; 2]> = set.iter().map(|&w| [f64::from(w); 2]).collect();
            assert_eq!(tuning.source(&weights), committed, "{variant}");
        }
        let weights: Vec<[f64; 2]> = tiamat_eval::dao::TUNED
            .iter()
            .map(|&w| [f64::from(w); 2])
            .collect();
        let committed = include_str!("../../eval/src/dao/tuned.rs");
        assert_eq!(tuned::dao().source(&weights), committed);
        let weights: Vec<[f64; 2]> = tiamat_eval::dynamo::TUNED
            .iter()
            .map(|&w| [f64::from(w); 2])
            .collect();
        let committed = include_str!("../../eval/src/dynamo/tuned.rs");
        assert_eq!(tuned::dynamo().source(&weights), committed);
        let weights: Vec<[f64; 2]> = tiamat_eval::makromachy::TUNED
            .iter()
            .map(|&w| [f64::from(w); 2])
            .collect();
        let committed = include_str!("../../eval/src/makromachy/tuned.rs");
        assert_eq!(tuned::makromachy().source(&weights), committed);
        let weights: Vec<[f64; 2]> = tiamat_eval::dragonchess::TUNED
            .iter()
            .map(|&w| [f64::from(w); 2])
            .collect();
        let committed = include_str!("../../eval/src/dragonchess/tuned.rs");
        assert_eq!(tuned::dragonchess().source(&weights), committed);
    }

    #[test]
    fn the_fit_lowers_the_loss_and_k_is_positive() {
        // A white pawn up, White won; the same position with colours swapped, Black won.
        let lines = [
            "4k3/8/8/8/8/8/4PP2/4K3 w - - 0 1;1;150",
            "4k3/4pp2/8/8/8/8/8/4K3 b - - 0 1;0;-150",
            "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1;0.5;0",
        ];
        let path = std::env::temp_dir().join(format!("texel-{}.txt", std::process::id()));
        // The first run of 64 positions is held out; thirty copies leave some to train on.
        std::fs::write(&path, format!("{}\n", lines.join("\n")).repeat(30)).unwrap();
        let (data, held_out) = load(&ChessTuning, path.to_str().unwrap(), usize::MAX).unwrap();
        std::fs::remove_file(&path).ok();
        assert_eq!(held_out.positions.len(), 63);
        assert_eq!(data.positions.len(), 27);
        assert_fifty_steps_lower_the_loss(&data, current());
    }

    #[test]
    fn freeze_and_only_choose_the_fitted_sections() {
        let mask = |args: &[&str]| {
            let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            fitted_parameters(
                &ChessTuning,
                &Flags::parse(&args, &["freeze", "only"]).unwrap(),
            )
        };
        let count = ChessTuning.start().len();
        assert_eq!(mask(&[]).unwrap(), vec![true; count]);
        let frozen = mask(&["--freeze", "material,hanging"]).unwrap();
        let only = mask(&["--only", "material,hanging"]).unwrap();
        for i in 0..count {
            let named = i < 6 || i == tiamat_eval::chess::HANGING;
            assert_eq!(frozen[i], !named, "{i}");
            assert_eq!(only[i], named, "{i}");
        }
        assert!(mask(&["--only", "no_such_section"]).is_err());
        assert!(mask(&["--freeze", "material", "--only", "hanging"]).is_err());
    }

    /// A self-play file of `games` short games of `variant` from its SPRT openings.
    fn short_selfplay(variant: &str, games: usize) -> String {
        let path = std::env::temp_dir().join(format!("texel-{variant}-{}.txt", std::process::id()));
        let path = path.to_str().unwrap().to_string();
        let openings = format!("../openings/sprt/{variant}.txt");
        let games = games.to_string();
        let args: Vec<String> = [
            "--out",
            &path,
            "--games",
            &games,
            "--nodes",
            "300",
            "--variant",
            variant,
            "--openings",
            &openings,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        crate::datagen::run(&args).unwrap();
        path
    }

    /// Fitting the scale and then 50 Adam steps from `weights` lowers the loss on `data`.
    fn assert_fifty_steps_lower_the_loss(data: &Data, mut weights: Vec<[f64; 2]>) {
        let k = fit_k(data, &weights, 1);
        assert!(k > 0.0);
        let before = loss(data, &weights, k, 1.0, 1);
        let mut adam = Adam::new(weights.len());
        for _ in 0..50 {
            let g = gradient(data, &weights, k, 1.0, 1);
            adam.step(&mut weights, &g, 1.0);
        }
        assert!(loss(data, &weights, k, 1.0, 1) < before);
    }

    /// The command line reaches the same fit: no epochs write `variant`'s hand set back.
    fn assert_no_epochs_write_the_hand_set<T: Tuned>(tuned: &T, variant: &str, data: &str) {
        let out = format!("{data}.rs");
        let args: Vec<String> = ["--variant", variant, "--data", data, "--epochs", "0"]
            .iter()
            .map(|s| s.to_string())
            .chain(["--out".to_string(), out.clone()])
            .collect();
        run(&args).unwrap();
        let written = std::fs::read_to_string(&out).unwrap();
        std::fs::remove_file(&out).ok();
        assert_eq!(written, tuned.source(&tuned.start()));
    }

    #[test]
    fn a_dao_fit_starts_from_the_hand_set_and_lowers_the_loss() {
        let path = short_selfplay("dao", 4);
        let (data, held_out) = load(&tuned::dao(), &path, usize::MAX).unwrap();
        assert_no_epochs_write_the_hand_set(&tuned::dao(), "dao", &path);
        std::fs::remove_file(&path).ok();
        assert!(data.positions.len() > 20 && !held_out.positions.is_empty());
        let weights = tuned::dao().start();
        assert_eq!(weights[tiamat_eval::dao::ARCHER_SCREENED][0], -60.0);
        assert_fifty_steps_lower_the_loss(&data, weights);
    }

    #[test]
    fn a_dynamo_fit_starts_from_the_hand_set_and_lowers_the_loss() {
        // Dynamo's games are short and few of their positions quiet: twelve games give about a
        // hundred positions, more than the first held-out run of 63.
        let path = short_selfplay("dynamo", 12);
        let (data, held_out) = load(&tuned::dynamo(), &path, usize::MAX).unwrap();
        assert_no_epochs_write_the_hand_set(&tuned::dynamo(), "dynamo", &path);
        std::fs::remove_file(&path).ok();
        assert!(data.positions.len() > 20 && !held_out.positions.is_empty());
        let weights = tuned::dynamo().start();
        assert_eq!(weights[tiamat_eval::dynamo::KING_EDGE][0], -90.0);
        assert_fifty_steps_lower_the_loss(&data, weights);
    }

    #[test]
    fn a_makromachy_fit_starts_from_the_hand_set_and_lowers_the_loss() {
        // Its short games write fewer positions: enough to fill the held-out run and train on.
        let path = short_selfplay("makromachy", 12);
        let (data, held_out) = load(&tuned::makromachy(), &path, usize::MAX).unwrap();
        std::fs::remove_file(&path).ok();
        assert!(data.positions.len() > 20 && !held_out.positions.is_empty());
        let weights = tuned::makromachy().start();
        assert_eq!(weights[tiamat_eval::makromachy::FLYER_XRAY][0], -35.0);
        assert_eq!(weights[tiamat_eval::makromachy::VALUE + 1][0], 1310.0);
        assert_fifty_steps_lower_the_loss(&data, weights);
    }

    #[test]
    fn a_dragonchess_fit_starts_from_the_hand_set_and_lowers_the_loss() {
        let path = short_selfplay("dragonchess", 8);
        let tuning = tuned::dragonchess();
        let (data, held_out) = load(&tuning, &path, usize::MAX).unwrap();
        assert_no_epochs_write_the_hand_set(&tuning, "dragonchess", &path);
        std::fs::remove_file(&path).ok();
        assert!(data.positions.len() > 20 && !held_out.positions.is_empty());
        let weights = tuning.start();
        assert_eq!(weights[tiamat_eval::dragonchess::KING_OFF_MIDDLE][0], -40.0);
        assert_eq!(weights[tiamat_eval::dragonchess::FROZEN + 9][0], 605.0);
        assert_fifty_steps_lower_the_loss(&data, weights);
    }

    #[test]
    fn a_croatianties14_fit_starts_from_the_hand_set_and_lowers_the_loss() {
        let path = short_selfplay("croatianties14", 4);
        let tuning = tuned::croatian("croatianties14").unwrap();
        let (data, held_out) = load(&tuning, &path, usize::MAX).unwrap();
        std::fs::remove_file(&path).ok();
        assert!(data.positions.len() > 20 && !held_out.positions.is_empty());
        let weights = tuning.start();
        assert_eq!(weights[tiamat_eval::croatian::KING_ATTACKER][0], -18.0);
        assert_fifty_steps_lower_the_loss(&data, weights);
    }
}
