//! `tiamat-tune`: self-play training data and the Texel tuner for the chess evaluation.
//!
//! ```text
//! tiamat-tune datagen --out FILE [--games N] [--nodes N] [--threads T] [--openings FILE]
//!                     [--random-plies N] [--seed S] [--variant chess]
//! tiamat-tune texel --data FILE[,FILE...] [--epochs N] [--lambda L] [--rate R] [--threads T]
//!                   [--limit N] [--out FILE]
//! ```

mod datagen;
mod texel;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("datagen") => datagen::run(&args[1..]),
        Some("texel") => texel::run(&args[1..]),
        _ => Err("usage: tiamat-tune datagen ... | texel ... (see the crate docs)".to_string()),
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
