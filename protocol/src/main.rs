//! The `tiamat` binary: speaks UCI or CECP/XBoard (chosen by the first command) and offers the
//! `perft`, `bench` and `match` commands.

use std::process::ExitCode;

use tiamat::{bench, frontend, matchrunner, perft_cli};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => frontend::run(),
        Some("perft") => perft_cli::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("match") => matchrunner::run(&args[1..]),
        // The perftree calling convention: `tiamat <depth> "<fen>" ["<moves>"]`.
        Some(first) if first.parse::<u32>().is_ok() => perft_cli::perftree(&args),
        Some(other) => {
            eprintln!("tiamat: unknown command '{other}' (try: perft, bench, match, or no argument for UCI/CECP)");
            ExitCode::from(2)
        }
    }
}
