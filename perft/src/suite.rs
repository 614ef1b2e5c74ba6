//! Perft suites: positions with known counts, one file per game in `perft/suites/<game>.txt`.
//!
//! File format, one position per line:
//!
//! ```text
//! # comment lines and blank lines are ignored
//! <name> | <position string> | <depth>:<count> <depth>:<count> ...
//! ```
//!
//! The position string is the game's own (FEN for chess); `|` separates the fields. The name ends
//! at the first `|` and the counts start after the last one, so a position string may itself
//! contain `|` (Dragonchess separates its three levels with it).

use tiamat_engine::Game;

use crate::{perft_with, Options};

/// The suites shipped with the crate, by game variant name.
pub fn builtin(variant: &str) -> Option<&'static str> {
    match variant {
        "chess" => Some(include_str!("../suites/chess.txt")),
        "croatianties" => Some(include_str!("../suites/croatian-croatianties.txt")),
        "mayanascendancy" => Some(include_str!("../suites/croatian-mayanascendancy.txt")),
        "ageofaquarius" => Some(include_str!("../suites/croatian-ageofaquarius.txt")),
        "mirandasveil" => Some(include_str!("../suites/croatian-mirandasveil.txt")),
        "nineteen" => Some(include_str!("../suites/croatian-nineteen.txt")),
        "classical14" => Some(include_str!("../suites/croatian-classical14.txt")),
        "croatianties14" => Some(include_str!("../suites/croatian-croatianties14.txt")),
        "classical20" => Some(include_str!("../suites/croatian-classical20.txt")),
        "croatianties20" => Some(include_str!("../suites/croatian-croatianties20.txt")),
        "classical26" => Some(include_str!("../suites/croatian-classical26.txt")),
        "croatianties26" => Some(include_str!("../suites/croatian-croatianties26.txt")),
        "dao" => Some(include_str!("../suites/dao.txt")),
        "dynamo" => Some(include_str!("../suites/dynamo.txt")),
        "makromachy" => Some(include_str!("../suites/makromachy.txt")),
        "dragonchess" => Some(include_str!("../suites/dragonchess.txt")),
        _ => None,
    }
}

/// One position of a suite with its expected counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub position: String,
    /// (depth, expected count), in file order.
    pub counts: Vec<(u32, u64)>,
}

/// Reads a suite file; errors name the line.
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |what: &str| format!("suite line {}: {what}", index + 1);
        let (Some((name, rest)), Some((_, counts))) = (line.split_once('|'), line.rsplit_once('|'))
        else {
            return Err(fail("expected 'name | position | depth:count ...'"));
        };
        let Some((position, _)) = rest.rsplit_once('|') else {
            return Err(fail("expected 'name | position | depth:count ...'"));
        };
        let (name, position, counts) = (name.trim(), position.trim(), counts.trim());
        let mut parsed = Vec::new();
        for item in counts.split_whitespace() {
            let (depth, count) = item
                .split_once(':')
                .ok_or_else(|| fail(&format!("'{item}' is not depth:count")))?;
            let depth = depth
                .parse()
                .map_err(|_| fail(&format!("bad depth in '{item}'")))?;
            let count = count
                .replace(',', "")
                .parse()
                .map_err(|_| fail(&format!("bad count in '{item}'")))?;
            parsed.push((depth, count));
        }
        entries.push(Entry {
            name: name.to_string(),
            position: position.to_string(),
            counts: parsed,
        });
    }
    Ok(entries)
}

/// Runs every (position, depth) whose expected count is at most `max_nodes`; returns the
/// number of checks made, or a description of every mismatch.
pub fn run<G: Game>(
    variant: &str,
    entries: &[Entry],
    max_nodes: u64,
    options: &Options,
) -> Result<usize, String> {
    let mut checked = 0;
    let mut failures = Vec::new();
    for entry in entries {
        let pos = match G::from_position_string(variant, &entry.position) {
            Ok(pos) => pos,
            Err(e) => {
                failures.push(format!("{}: {e}", entry.name));
                continue;
            }
        };
        for &(depth, expected) in &entry.counts {
            if expected > max_nodes {
                continue;
            }
            let got = perft_with(&pos, depth, options);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, counted {got}",
                    entry.name
                ));
            }
        }
    }
    if failures.is_empty() {
        Ok(checked)
    } else {
        Err(failures.join("\n"))
    }
}
