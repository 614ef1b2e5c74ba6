//! The command line, read with clap's derive API. Each subcommand's options are a struct next to
//! its code (`perft_cli::PerftArgs`, `bench::BenchArgs`, `matchrunner::MatchArgs`), so a new flag
//! is one field there.

use clap::{Parser, Subcommand};

use crate::bench::BenchArgs;
use crate::matchrunner::MatchArgs;
use crate::perft_cli::PerftArgs;

const ABOUT: &str = "A chess-variant engine: orthodox chess, the Croatian Chess family, Dragons \
                     Archers & Oxen, Dragonchess, Makromachy and Dynamo, over UCI and CECP/XBoard.";

const AFTER_HELP: &str =
    "Without a command Tiamat speaks UCI or CECP/XBoard on standard input and \
                          output, chosen by the first command it reads (uci, or xboard/protover).\n\
                          For move-generator debugging it also follows the perftree calling \
                          convention: tiamat <depth> \"<fen>\" [\"<moves>\"].\n\
                          RUST_LOG=debug shows the protocol traffic, the time plans and why each \
                          search stopped on standard error.";

#[derive(Parser, Debug)]
#[command(name = "tiamat", version, about = ABOUT, after_help = AFTER_HELP, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

#[derive(Subcommand, Debug)]
pub enum CliCommand {
    /// Count the leaf nodes of the game tree (perft), or check a variant's perft suite
    Perft(PerftArgs),
    /// Search fixed positions to a fixed depth: node count (the search's signature) and speed
    Bench(BenchArgs),
    /// Play engines against each other, our rules as the arbiter
    Match(MatchArgs),
}

/// Whether `args` (without the program name) follow the perftree convention: a depth first.
pub fn is_perftree(args: &[String]) -> bool {
    args.first()
        .is_some_and(|first| first.parse::<u32>().is_ok())
}
