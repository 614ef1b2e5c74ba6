//! The fast generator (`Croatian` through the `Game` seam) against the reference: the same set
//! of resulting states, compared by key, on the start positions and along seeded random games.
//! Variants the fast generator does not play yet are skipped with a message, so Miranda's Veil
//! and Nineteen are covered as soon as they land.

use crate::core::perft::parse_suite;
use crate::core::{deep_tests, Game};
use crate::games::croatian::{crosscheck, Croatian};

/// The positions to start from: the setup, or for the randomized flavours the openings file.
fn starts(variant: &str) -> Vec<Croatian> {
    let openings = match variant {
        "classical14random" => include_str!("../../../../openings/classical14random.txt"),
        "classical20random" => include_str!("../../../../openings/classical20random.txt"),
        "classical26random" => include_str!("../../../../openings/classical26random.txt"),
        "croatianties14random" => include_str!("../../../../openings/croatianties14random.txt"),
        "croatianties20random" => include_str!("../../../../openings/croatianties20random.txt"),
        "croatianties26random" => include_str!("../../../../openings/croatianties26random.txt"),
        _ => {
            let start = Croatian::start_position(variant).expect("a start position");
            return vec![start.by_action(false)];
        }
    };
    openings
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Croatian::from_position_string(variant, l).expect("an opening"))
        .map(|pos| pos.by_action(false))
        .collect()
}

/// Compares the successors of one position; the error names both sides' extra states.
fn compare(variant: &str, pos: &Croatian) -> Result<(), String> {
    let c = crosscheck::compare(variant, pos)?;
    if c.agrees() {
        return Ok(());
    }
    Err(format!(
        "{variant} {}: reference {} moves, fast {} ({} distinct)\n only the reference: {:#?}\n only the fast generator: {:#?}",
        pos.position_string(),
        c.reference,
        c.fast,
        c.fast_distinct,
        c.only_reference,
        c.only_fast
    ))
}

/// Positions along random games from each start, half the moves chosen among captures,
/// promotions and cascades so that Pyramids, Waves and Stars come into play.
fn walk(variant: &str, games: usize, plies: usize, seed: u64) -> Vec<Croatian> {
    let mut state = seed;
    let mut below = |n: usize| {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    };
    let starts = starts(variant);
    let mut out = Vec::new();
    for game in 0..games {
        let mut pos = starts[game % starts.len()].clone();
        for _ in 0..plies {
            out.push(pos.clone());
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let lively: Vec<_> = moves
                .iter()
                .filter(|m| pos.is_tactical(m) || m.plies().len() > 1)
                .collect();
            let mv = if !lively.is_empty() && below(2) == 0 {
                lively[below(lively.len())]
            } else {
                &moves[below(moves.len())]
            };
            pos = pos.play(mv);
        }
    }
    out
}

/// Compares the two generators along the random walks of `variants`; `size` gives the number
/// of games and their plies.
fn agree(variants: &[&str], size: impl Fn(&str) -> (usize, usize)) {
    let mut failures = Vec::new();
    let mut compared = 0;
    for &variant in variants {
        let (games, plies) = size(variant);
        for pos in walk(variant, games, plies, 0x5eed ^ variant.len() as u64) {
            compared += 1;
            if let Err(e) = compare(variant, &pos) {
                failures.push(e);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {compared} positions differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fast_generator_agrees_with_the_reference() {
    let (games, plies): (usize, usize) = if deep_tests() { (40, 120) } else { (5, 60) };
    let known: Vec<&str> = super::variants().collect();
    let mut variants = Vec::new();
    for &variant in <Croatian as Game>::variants() {
        if !known.contains(&variant) {
            eprintln!("{variant}: the reference does not play it; skipped");
        } else if variant != "hemerasdawn" {
            variants.push(variant);
        }
    }
    for variant in super::variants() {
        if !<Croatian as Game>::variants().contains(&variant) {
            eprintln!("{variant}: the fast generator does not play it yet; skipped");
        }
    }
    agree(&variants, |variant| {
        // The 20x20 and 26x26 boards are plain chess-like games and slow to compare: fewer.
        if variant.contains("20") || variant.contains("26") {
            (games.div_ceil(3), plies * 2 / 3)
        } else {
            (games, plies)
        }
    });
}

/// Hemera's Dawn has thousands of cascades in most positions: one short game in the normal
/// run, many long ones with `TIAMAT_DEEP=1`.
#[test]
fn fast_generator_agrees_with_the_reference_in_hemerasdawn() {
    let size = if deep_tests() { (12, 60) } else { (2, 16) };
    agree(&["hemerasdawn"], |_| size);
}

/// The perft suites of the fast generator (their counts other than the start's are its own)
/// reproduced by the reference: every count up to 30,000 leaves, up to 2,000,000 with
/// `TIAMAT_DEEP=1`.
#[test]
fn reference_reproduces_the_perft_suites() {
    let budget = if deep_tests() { 2_000_000 } else { 30_000 };
    let mut checked = 0;
    for variant in super::variants() {
        if let Some(text) = <Croatian as Game>::perft_suite(variant) {
            checked += super::check_suite(variant, &parse_suite(text).unwrap(), budget);
        }
    }
    assert!(checked >= 100, "only {checked} counts checked");
}

/// The Hemera's Dawn positions of reference-counts.txt compared move by move, at the root and
/// after each of its moves.
#[test]
fn fast_generator_agrees_on_the_rule_aimed_positions() {
    let counts = include_str!("reference-counts.txt");
    let suite = parse_suite(counts).unwrap();
    let mut failures = Vec::new();
    let mut compared = 0;
    for entry in &suite.entries {
        let Some(("hemerasdawn", _)) = entry.name.split_once('/') else {
            continue;
        };
        let variant = "hemerasdawn";
        let root = Croatian::from_position_string(variant, entry.position)
            .expect("a position")
            .by_action(false);
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        for pos in std::iter::once(root.clone()).chain(moves.iter().map(|m| root.play(m))) {
            compared += 1;
            if let Err(e) = compare(variant, &pos) {
                failures.push(format!("{}: {e}", entry.name));
            }
        }
    }
    assert!(compared >= 100, "only {compared} positions compared");
    assert!(
        failures.is_empty(),
        "{} of {compared} positions differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
