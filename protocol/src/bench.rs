//! `tiamat bench [depth]`: fixed positions, fixed depth, one thread; prints nodes and nps.

use std::process::ExitCode;

pub fn run(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}
