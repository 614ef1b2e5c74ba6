//! The complete turns of one Croatian position that only one of the engine's two generators
//! finds: the whole-turn list against the turns walked action by action, compared by key.
//!
//!   cargo run --release -p tiamat-engine --example croatian_turn_diff -- VARIANT \
//!       [--position P] [--moves "M1 M2"]

use std::collections::HashMap;
use std::process::ExitCode;

use tiamat_engine::core::perft::complete_turns;
use tiamat_engine::core::Game;
use tiamat_engine::games::croatian::Croatian;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("croatian_turn_diff: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let usage = "usage: croatian_turn_diff VARIANT [--position P] [--moves M]";
    let mut args = std::env::args().skip(1);
    let variant = args.next().ok_or(usage)?;
    let (mut position, mut moves) = (None, String::new());
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--position" => position = Some(args.next().ok_or("--position needs a value")?),
            "--moves" => moves = args.next().ok_or("--moves needs a value")?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    let mut pos = match &position {
        Some(text) => Croatian::from_position_string(&variant, text),
        None => Croatian::start_position(&variant),
    }
    .map_err(|e| format!("{e:?}"))?;
    for text in moves.split_whitespace() {
        let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
        pos = pos.play(&mv);
    }
    let whole = pos.clone().by_action(false);
    let mut listed = Vec::new();
    whole.legal_moves(&mut listed);
    let whole_keys: HashMap<u64, String> = listed
        .iter()
        .map(|mv| (whole.play(mv).key(), whole.move_to_wire(mv)))
        .collect();
    let walked: HashMap<u64, String> = complete_turns(&pos.clone().by_action(true))
        .into_iter()
        .map(|turn| (turn.state.key(), turn.text()))
        .collect();
    println!(
        "whole turns {} ({} distinct), walked {}",
        listed.len(),
        whole_keys.len(),
        walked.len()
    );
    for (key, text) in &whole_keys {
        if !walked.contains_key(key) {
            println!("only listed whole: {text}");
        }
    }
    for (key, text) in &walked {
        if !whole_keys.contains_key(key) {
            println!("only walked: {text}");
        }
    }
    Ok(())
}
