//! The Tiamat front ends as a library: the binary (`main.rs`) only dispatches its command line
//! here, and tests and fuzz targets drive whole protocol sessions in-process through
//! [`frontend::run_lines`].

pub mod bench;
pub mod cecp;
pub mod cli;
pub mod frontend;
pub mod logging;
pub mod matchrunner;
pub mod perft_cli;
pub mod registry;
pub mod session;
pub mod uci;
