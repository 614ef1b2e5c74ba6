//! What one move list costs in a Croatian position, listed as whole turns or as actions: the
//! number of moves and the time of one `legal_moves` call, and with `--perft D` the distinct
//! whole turns D deep (perft, through the actions in `actions`), for the choice of the variants that go
//! action by action. Run one way per process to read its peak memory:
//!
//!   /usr/bin/time -v cargo run --release -p tiamat-engine --example croatian_listing -- \
//!       VARIANT whole|actions|diff [--position P] [--moves "M1 M2"] [--perft D [--divide]]
//!
//! `diff` lists the complete turns that only one of the two ways finds (compared by key).
//! `--divide` prints each complete turn with the perft D-1 below it (as `tiamat perft --divide`,
//! through the way chosen): Hemera's Dawn's depth 2 per child, through the actions.

use std::process::ExitCode;
use std::time::Instant;

use std::collections::HashMap;

use tiamat_engine::core::perft::{complete_turns, perft};
use tiamat_engine::core::Game;
use tiamat_engine::games::croatian::Croatian;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("croatian_listing: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let usage =
        "usage: croatian_listing VARIANT whole|actions|diff [--position P] [--moves M] [--perft D [--divide]]";
    let mut args = std::env::args().skip(1);
    let variant = args.next().ok_or(usage)?;
    let way = args.next();
    let by_action = match way.as_deref() {
        Some("whole") | Some("diff") => false,
        Some("actions") => true,
        _ => return Err(usage.into()),
    };
    let (mut position, mut moves, mut depth, mut divide) = (None, String::new(), 0, false);
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--perft" => {
                let text = args.next().ok_or("--perft needs a depth")?;
                depth = text
                    .parse()
                    .map_err(|_| format!("'{text}' is not a depth"))?;
            }
            "--position" => position = Some(args.next().ok_or("--position needs a value")?),
            "--moves" => moves = args.next().ok_or("--moves needs a value")?,
            "--divide" => divide = true,
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
    if way.as_deref() == Some("diff") {
        return print_differences(&pos);
    }
    let pos = pos.by_action(by_action);
    let started = Instant::now();
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let listed = started.elapsed();
    println!(
        "{} moves listed in {:.3} s",
        list.len(),
        listed.as_secs_f64()
    );
    drop(list);
    if divide && depth > 0 {
        let started = Instant::now();
        let mut nodes = 0;
        for turn in complete_turns(&pos) {
            let below = perft(&turn.state, depth - 1);
            nodes += below;
            println!("{}\t{below}", turn.text());
        }
        let took = started.elapsed().as_secs_f64();
        println!("perft {depth}: {nodes} in {took:.3} s");
    } else if depth > 0 {
        let started = Instant::now();
        let nodes = perft(&pos, depth);
        let took = started.elapsed().as_secs_f64();
        println!("perft {depth}: {nodes} in {took:.3} s");
    }
    Ok(())
}

/// The turns from `pos` that only the whole-turn list or only the walk through the actions finds.
fn print_differences(pos: &Croatian) -> Result<(), String> {
    let whole = pos.clone().by_action(false);
    let mut listed = Vec::new();
    whole.legal_moves(&mut listed);
    let listed: HashMap<u64, String> = listed
        .iter()
        .map(|mv| (whole.play(mv).key(), whole.move_to_wire(mv)))
        .collect();
    let walked: HashMap<u64, String> = complete_turns(&pos.clone().by_action(true))
        .into_iter()
        .map(|turn| (turn.state.key(), turn.text()))
        .collect();
    println!(
        "{} turns listed whole, {} walked",
        listed.len(),
        walked.len()
    );
    for (key, text) in &listed {
        if !walked.contains_key(key) {
            println!("only listed whole: {text}");
        }
    }
    for (key, text) in &walked {
        if !listed.contains_key(key) {
            println!("only walked: {text}");
        }
    }
    Ok(())
}
