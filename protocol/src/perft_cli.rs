//! `tiamat perft --variant V --fen F --depth N [--divide] [--threads T]` and the perftree
//! convention `tiamat <depth> "<fen>" ["<moves>"]`.

use std::process::ExitCode;

pub fn run(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}

pub fn perftree(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}
