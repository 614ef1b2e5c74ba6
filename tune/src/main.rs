//! `tiamat-tune`: self-play training data, the Texel tuner for the hand-written evaluations of
//! chess, of the Croatian variants whose every turn is one ply, of DAO, Dynamo, Makromachy and
//! Dragonchess, and the trainer of the chess network.
//!
//! ```text
//! tiamat-tune datagen --out FILE [--games N] [--nodes N] [--threads T] [--openings FILE]
//!                     [--random-plies N] [--seed S]
//!                     [--variant chess|dao|dynamo|makromachy|dragonchess|croatianties14|...]
//!                     [--nnue true|false]
//! tiamat-tune texel --data FILE[,FILE...] [--epochs N] [--lambda L] [--rate R] [--threads T]
//!                   [--limit N] [--l2 X] [--out FILE] [--freeze|--only SECTION[,SECTION...]]
//!                   [--variant chess|dao|dynamo|makromachy|dragonchess|croatianties14|...]
//! tiamat-tune nnue --data FILE[,FILE...] --out FILE [--epochs N] [--batch N] [--rate R]
//!                  [--final-rate R] [--lambda L] [--threads T] [--limit N] [--seed S]
//!                  [--init FILE] [--mirror true|false]
//! ```

mod datagen;
mod nnue;
mod texel;
mod tuned;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("datagen") => datagen::run(&args[1..]),
        Some("texel") => texel::run(&args[1..]),
        Some("nnue") => nnue::run(&args[1..]),
        _ => Err(
            "usage: tiamat-tune datagen ... | texel ... | nnue ... (see the crate docs)"
                .to_string(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tiamat-tune: {message}");
            ExitCode::from(2)
        }
    }
}

/// `--name value` pairs into a lookup; every flag takes one value.
pub struct Flags(Vec<(String, String)>);

impl Flags {
    pub fn parse(args: &[String], known: &[&str]) -> Result<Flags, String> {
        let mut pairs = Vec::new();
        let mut words = args.iter();
        while let Some(flag) = words.next() {
            let name = flag
                .strip_prefix("--")
                .filter(|name| known.contains(name))
                .ok_or_else(|| format!("unknown argument '{flag}'"))?;
            let value = words
                .next()
                .ok_or_else(|| format!("--{name} needs a value"))?;
            pairs.push((name.to_string(), value.clone()));
        }
        Ok(Flags(pairs))
    }

    pub fn text(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.text(name) {
            None => Ok(default),
            Some(text) => text
                .parse()
                .map_err(|_| format!("--{name}: '{text}' is not a number")),
        }
    }
}

/// The minimum of a function with one minimum in `[lo, hi]` (golden-section search).
pub fn minimise(mut lo: f64, mut hi: f64, f: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}
