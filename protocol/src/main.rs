//! The `tiamat` binary: speaks UCI or CECP/XBoard (chosen by the first command) and offers the
//! `perft`, `bench` and `match` commands.

use std::process::ExitCode;

use clap::Parser;
use tiamat::cli::{is_perftree, Cli, CliCommand};
use tiamat::{bench, frontend, logging, matchrunner, perft_cli};

fn main() -> ExitCode {
    logging::init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    // The perftree calling convention: `tiamat <depth> "<fen>" ["<moves>"]`.
    if is_perftree(&args) {
        return perft_cli::perftree(&args);
    }
    // Usage, version and argument errors exit here (0 for --help and --version, 2 for errors).
    match Cli::parse().command {
        None => frontend::run(),
        Some(CliCommand::Perft(args)) => perft_cli::run(&args),
        Some(CliCommand::Bench(args)) => bench::run(&args),
        Some(CliCommand::Match(args)) => matchrunner::run(&args),
    }
}
