//! Reads standard input and hands the session to the UCI or the CECP front end, chosen by the
//! first command (`uci` or `xboard`).

use std::process::ExitCode;

pub fn run() -> ExitCode {
    ExitCode::SUCCESS
}
