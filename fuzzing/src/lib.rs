//! # tiamat-fuzzing
//!
//! The properties every parser and front end must keep, written once against the `Game` seam and
//! run for every game in the variant registry. The `fuzz/` crate's cargo-fuzz targets call the
//! `fuzz_*` entry points with raw bytes; the tests replay the committed corpus and deterministic
//! mutations of it through the same functions.
//!
//! A property that does not hold panics with a message naming the variant and the input.
//!
//! Fuzz inputs name their variant in a first line (`chess\n...`). When that line is not a
//! variant name (a mutated input), its bytes pick one, so every input exercises some game.

use tiamat_engine::core::perft::parse_suite;
use tiamat_engine::Game;

pub mod consistency;
pub mod mutate;
pub mod properties;
pub mod referee;
pub mod select;
pub mod streams;
pub mod uci_judge;

#[allow(dead_code)]
#[path = "../../protocol/src/registry.rs"]
mod registry;

pub use properties::{
    check_board_view, check_move_text, check_position_string, check_random_turns, sample_positions,
};
pub use registry::{variant_names, GameKind};
pub use select::{split_variant, Selected};

/// Variants the protocol stress sessions search only within a node limit
/// ([`stress_search_nodes`]): the five that go action by action. A depth-limited search of
/// Conquest of Tlalocan's start runs for minutes and a depth-1 search of Discovery's for seconds;
/// with Hemera's Dawn and Tamoanchan Revisited searched to depth 3, the four-thread session took
/// 168 s instead of 14.
pub const NODE_LIMITED: &[&str] = &["hemerasdawn", "tamoanchan", "tlalocan", "discovery", "one"];

/// The node limit of a stress session's search in a [`NODE_LIMITED`] variant.
pub const STRESS_NODES: u64 = 500;

/// The node limit the stress sessions add to a search of `variant`, where it needs one.
pub fn stress_search_nodes(variant: &str) -> Option<u64> {
    NODE_LIMITED.contains(&variant).then_some(STRESS_NODES)
}

/// The variants the protocol stress sessions play: every registered one.
pub fn stress_variant_names() -> Vec<&'static str> {
    variant_names()
}

/// [`check_board_view`] over every sample position of `variant`; the number of positions checked.
pub fn check_board_views(variant: &'static str) -> usize {
    let Some(kind) = GameKind::from_variant(variant) else {
        return 0;
    };
    registry::with_game!(kind, G => {
        let samples = sample_positions::<G>(variant);
        samples.iter().for_each(check_board_view);
        samples.len()
    })
}

/// [`check_random_turns`] from each position of `variant`'s perft suite whose turns go action by
/// action, `walks` walks from each (seeded by the position); the number of turns checked.
pub fn check_suite_turns(variant: &'static str, walks: usize) -> usize {
    let Some(kind) = GameKind::from_variant(variant) else {
        return 0;
    };
    registry::with_game!(kind, G => {
        let positions = tiamat_engine::core::perft::suite_positions(G::perft_suite(variant));
        let mut turns = 0;
        for text in positions {
            let pos = G::from_position_string(variant, text)
                .unwrap_or_else(|err| panic!("{variant} suite '{text}': {err}"));
            if !pos.multi_action_turns() {
                continue;
            }
            let seed = text.bytes().fold(0x7u64, |h, b| h.rotate_left(5) ^ u64::from(b));
            let mut rng = mutate::Rng::new(seed);
            turns += check_random_turns(&pos, &mut rng, walks, 95, 2_000);
        }
        turns
    })
}

/// Position string target: `<variant>\n<position string>`.
pub fn fuzz_position_string(data: &[u8]) {
    let Selected { variant, rest } = split_variant(data);
    let text = String::from_utf8_lossy(rest);
    let Some(kind) = GameKind::from_variant(variant) else {
        return;
    };
    registry::with_game!(kind, G => check_position_string::<G>(variant, &text))
}

/// Move text target: `<variant>\n<position>\n<move text>`. The position line is a position
/// string, or (when it does not parse) picks one of the variant's sample positions.
pub fn fuzz_move_text(data: &[u8]) {
    let Selected { variant, rest } = split_variant(data);
    let text = String::from_utf8_lossy(rest);
    let (position_line, move_text) = text.split_once('\n').unwrap_or(("", &text));
    let Some(kind) = GameKind::from_variant(variant) else {
        return;
    };
    registry::with_game!(kind, G => {
        let pos = match G::from_position_string(variant, position_line) {
            Ok(pos) => Some(pos),
            Err(_) => properties::pick_sample::<G>(variant, position_line),
        };
        if let Some(pos) = pos {
            check_move_text::<G>(&pos, move_text);
        }
    })
}

/// Seed inputs for `target` (`position_string`, `move_text`) built from every registered
/// variant's sample positions: valid inputs and near misses. The committed corpus is made from
/// these (`cargo run -p tiamat-fuzzing --bin seed-corpus`), and the tests add them afresh so a
/// newly registered game is covered before its corpus is.
pub fn generated_seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    generated_seeds_of(target, &[])
}

/// The generated seeds of `target` for the variants named in `only` (every variant if empty).
pub fn generated_seeds_of(target: &str, only: &[String]) -> Vec<(String, Vec<u8>)> {
    let mut seeds = Vec::new();
    for &kind in GameKind::ALL {
        for &variant in kind.variants() {
            if only.is_empty() || only.iter().any(|v| v == variant) {
                registry::with_game!(kind, G => seeds.extend(seeds_for::<G>(target, variant)));
            }
        }
    }
    seeds
}

fn seeds_for<G: Game>(target: &str, variant: &'static str) -> Vec<(String, Vec<u8>)> {
    use tiamat_engine::MoveList;
    let samples = sample_positions::<G>(variant);
    let mut seeds = Vec::new();
    let mut add = |name: String, text: String| seeds.push((name, text.into_bytes()));
    for (index, pos) in samples.iter().enumerate().step_by(3) {
        let written = pos.position_string();
        match target {
            "position_string" => {
                add(
                    format!("{variant}-{index}"),
                    format!("{variant}\n{written}"),
                );
                let cut = written.len() * 2 / 3;
                let cut = (0..=cut)
                    .rev()
                    .find(|&at| written.is_char_boundary(at))
                    .unwrap_or(0);
                add(
                    format!("{variant}-{index}-cut"),
                    format!("{variant}\n{}", &written[..cut]),
                );
            }
            "move_text" => {
                let mut moves = G::MoveList::default();
                pos.legal_moves(&mut moves);
                for (n, mv) in moves.as_slice().iter().enumerate().step_by(7).take(3) {
                    let wire = pos.move_to_wire(mv);
                    let human = pos.move_to_human(mv);
                    add(
                        format!("{variant}-{index}-{n}-wire"),
                        format!("{variant}\n{written}\n{wire}"),
                    );
                    add(
                        format!("{variant}-{index}-{n}-human"),
                        format!("{variant}\n{index}\n{human}"),
                    );
                    let mut near = wire.clone();
                    near.pop();
                    add(
                        format!("{variant}-{index}-{n}-near"),
                        format!("{variant}\n{index}\n{near}"),
                    );
                }
            }
            "uci_stream" | "cecp_stream" if index >= 12 => {}
            "uci_stream" => {
                let moves = played_moves::<G>(pos, &mut Vec::new());
                let setup = if index == 0 && G::start_position(variant).is_ok() {
                    "startpos".to_string()
                } else {
                    format!("fen {written}")
                };
                add(
                    format!("{variant}-{index}"),
                    format!(
                        "{variant}\nucinewgame\nisready\nposition {setup} moves {moves}\n\
                         go depth 2\nisready\nstop\nposition {setup}\ngo infinite\nstop\n\
                         go ponder nodes 500\nponderhit\nsetoption name MultiPV value 3\n\
                         go movetime 5\nd\ngo perft 1\nposition {setup} moves {moves} zz9\n"
                    ),
                );
            }
            "cecp_stream" => {
                let moves = played_moves::<G>(pos, &mut Vec::new());
                let cecp_name = streams::cecp_variant_name(variant);
                let usermoves: String = moves
                    .split_whitespace()
                    .map(|mv| format!("usermove {mv}\n"))
                    .collect();
                add(
                    format!("{variant}-{index}"),
                    format!(
                        "{variant}\nnew\nvariant {cecp_name}\nsd 2\npost\nforce\nsetboard {written}\n\
                         {usermoves}go\nping 1\nforce\nundo\nremove\nanalyze\n.\n\
                         exit\nhard\nplayother\ngo\n?\nsetboard {written}x\n\
                         memory 1\ncores 2\nlevel 40 0:01 1\ntime 100\notim 100\n\
                         result 1/2-1/2\nusermove zz9\n"
                    ),
                );
            }
            _ => {}
        }
    }
    seeds.extend(suite_seeds::<G>(target, variant));
    seeds
}

/// The most moves a suite position may have to give seeds (`suite_seeds`).
const SMALL_SUITE_POSITION: u64 = 500;

/// Where turns go action by action (a sample position's moves are mostly first actions): the
/// positions of the variant's perft suite, each aimed at one rule, whole turns from them in
/// their wire and human forms, and short sessions playing such a turn.
fn suite_seeds<G: Game>(target: &str, variant: &'static str) -> Vec<(String, Vec<u8>)> {
    use tiamat_engine::MoveList;
    let mut seeds = Vec::new();
    let mut add = |name: String, text: String| seeds.push((name, text.into_bytes()));
    let Some(suite) = G::perft_suite(variant).and_then(|text| parse_suite(text).ok()) else {
        return seeds;
    };
    // The start positions are among the samples; a position with thousands of moves makes
    // every mutation of it slow to check.
    let small = suite.entries.iter().filter(|entry| {
        entry
            .counts
            .iter()
            .any(|&(depth, count)| depth == 1 && count <= SMALL_SUITE_POSITION)
    });
    for (index, text) in small.map(|entry| entry.position).enumerate() {
        let Ok(pos) = G::from_position_string(variant, text) else {
            continue;
        };
        if !pos.multi_action_turns() {
            break;
        }
        let written = pos.position_string();
        let name = format!("{variant}-suite-{index}");
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        let turns: Vec<(String, String)> = moves
            .as_slice()
            .iter()
            .step_by(7)
            .filter_map(|mv| properties::whole_turn_from(&pos, mv))
            .take(3)
            .map(|(turn, _)| (pos.move_to_wire(&turn), pos.move_to_human(&turn)))
            .collect();
        let first = turns.first().map_or("", |(wire, _)| wire.as_str());
        match target {
            "position_string" => add(name, format!("{variant}\n{written}")),
            "move_text" => {
                for (n, (wire, human)) in turns.iter().enumerate() {
                    add(
                        format!("{name}-{n}-wire"),
                        format!("{variant}\n{written}\n{wire}"),
                    );
                    add(
                        format!("{name}-{n}-human"),
                        format!("{variant}\n{written}\n{human}"),
                    );
                }
            }
            "uci_stream" => add(
                name,
                format!(
                    "{variant}\nucinewgame\nposition fen {written} moves {first}\nd\ngo depth 1\n\
                     isready\nstop\nposition fen {written}\ngo nodes 200\nstop\n"
                ),
            ),
            "cecp_stream" => add(
                name,
                format!(
                    "{variant}\nnew\nvariant {}\nforce\nsetboard {written}\nusermove {first}\n\
                     undo\nsd 1\ngo\n?\nexit\n",
                    streams::cecp_variant_name(variant)
                ),
            ),
            _ => {}
        }
    }
    seeds
}

/// The wire texts of two legal moves played in turn from `pos` (fewer if the game ends).
fn played_moves<G: Game>(pos: &G, out: &mut Vec<String>) -> String {
    use tiamat_engine::MoveList;
    let mut pos = pos.clone();
    for _ in 0..2 {
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        let Some(mv) = MoveList::as_slice(&moves).first().cloned() else {
            break;
        };
        out.push(pos.move_to_wire(&mv));
        pos = pos.play(&mv);
    }
    out.join(" ")
}

/// The fuzz targets, as named in `fuzz/fuzz_targets/` and `fuzz/corpus/`.
pub const TARGETS: &[&str] = &["position_string", "move_text", "uci_stream", "cecp_stream"];

/// The entry point of a target by name.
pub fn target(name: &str) -> Option<fn(&[u8])> {
    match name {
        "position_string" => Some(fuzz_position_string),
        "move_text" => Some(fuzz_move_text),
        "uci_stream" => Some(streams::fuzz_uci_stream),
        "cecp_stream" => Some(streams::fuzz_cecp_stream),
        _ => None,
    }
}
