//! `tiamat match`: engine-vs-engine games for every variant, with our own rules as the arbiter.
//!
//! ```text
//! tiamat match --engine cmd=PATH [arg=ARG]... [proto=uci|cecp] [name=NAME] [tc=TC] [option.NAME=VALUE]...
//!              --engine ... (the second engine)
//!              [--variant chess] [--games 2] [--tc 10+0.1 | st=1 | depth=6 | nodes=20000]
//!              [--openings FILE] [--concurrency 1] [--pgn FILE] [--sprt elo0,elo1,alpha,beta]
//!              [--time-margin MS] [--move-timeout S] [--max-plies N] [--event NAME] [--shard i/n]
//! tiamat match --merge FILE... [--games N] [--sprt elo0,elo1,alpha,beta]
//! ```
//! `cmd=self` runs this binary; an engine's `tc=` (any `--tc` form) gives it its own time control
//! instead of `--tc` (time odds, as cutechess-cli's per-engine `tc=`). With `--openings`, each
//! position string (one per line, `#` starts a comment) is played twice with colours swapped;
//! without it every game starts from the variant's start position, colours alternating.
//!
//! A match can be split across machines: `--shard i/n` plays every n-th pair of games from the
//! i-th (game numbers, openings and colours as in the whole match), and
//! `tiamat match --merge a.pgn b.pgn ... [--games N] [--sprt ...]` reads the shards' PGN files and
//! prints the report one run of the whole match would print.

mod arbiter;
mod merge;
pub mod pgn;
mod player;
mod stats;

use std::fs::OpenOptions;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use clap::Args;
use tiamat_engine::{Color, Game, GameResult};

use crate::registry::{with_game, GameKind};
pub use arbiter::TimeControl;
use arbiter::{Forfeit, GameRecord, GameSetup};
use player::{EngineSpec, Player, Protocol};
pub use stats::Sprt;
use stats::{SprtDecision, Tally};

/// Everything a match needs, read from the command line.
#[derive(Clone, Debug)]
struct MatchConfig {
    engines: [EngineSpec; 2],
    variant: String,
    games: usize,
    /// Each engine's time control, in the order of `engines`.
    controls: [TimeControl; 2],
    openings: Vec<String>,
    concurrency: usize,
    /// Shard i of n (1-based).
    shard: (usize, usize),
    pgn_path: Option<String>,
    sprt: Option<Sprt>,
    time_margin: Duration,
    move_timeout: Duration,
    max_plies: usize,
    event: String,
}

/// `tiamat match`: its options.
#[derive(Args, Clone, Debug)]
#[command(
    after_help = "cmd=self runs this binary. With --openings, each position string (one per \
                        line, # starts a comment) is played twice with colours swapped; without \
                        it every game starts from the variant's start position, colours \
                        alternating."
)]
pub struct MatchArgs {
    #[command(flatten)]
    pub engines: EngineWords,
    /// The variant played
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// How many games [default: 2]
    #[arg(long)]
    pub games: Option<usize>,
    /// Time control of both engines: 10+0.1 (seconds + increment), st=1, depth=6 or
    /// nodes=20000; an engine's tc= replaces it for that engine
    #[arg(long, default_value = "10+0.1", value_parser = TimeControl::parse)]
    pub tc: TimeControl,
    /// A file of start positions (one position string per line)
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Games played at once
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Append the games to this PGN file
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<String>,
    /// Stop early on a sequential probability ratio test: elo0,elo1,alpha,beta
    #[arg(long, value_parser = Sprt::parse)]
    pub sprt: Option<Sprt>,
    /// Play only shard i of n: every n-th pair of games from the i-th (1 <= i <= n); merge the
    /// shards' PGN files with --merge
    #[arg(long, value_name = "i/n", value_parser = tiamat_perft::units::parse_shard, conflicts_with = "sprt")]
    pub shard: Option<(usize, usize)>,
    /// Report on the games of these PGN files (the shards of one match) as one run would;
    /// with --games N every game 1..N must be there, with --sprt the test is run over them
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["shard", "pgn", "openings"])]
    pub merge: Vec<String>,
    /// Time an engine may overrun its clock before it loses, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub time_margin: u64,
    /// How long a move may take beyond st=, or at all in depth= and nodes= games, in seconds
    #[arg(long, value_name = "S", default_value_t = 60)]
    pub move_timeout: u64,
    /// Adjudicate a draw after this many plies (0: never)
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub max_plies: usize,
    /// The PGN Event tag
    #[arg(long, default_value = "Tiamat match")]
    pub event: String,
}

/// Games in a match when `--games` is not given.
const DEFAULT_GAMES: usize = 2;

/// The words of each `--engine` (`cmd=PATH proto=cecp ...`), kept apart per engine: clap's
/// derive flattens repeated multi-value options, so this one is read by hand.
#[derive(Clone, Debug, Default)]
pub struct EngineWords(pub Vec<Vec<String>>);

const ENGINE: &str = "engine";

impl clap::FromArgMatches for EngineWords {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let engines = matches
            .get_occurrences::<String>(ENGINE)
            .map(|engines| engines.map(|words| words.cloned().collect()).collect())
            .unwrap_or_default();
        Ok(EngineWords(engines))
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for EngineWords {
    fn augment_args(command: clap::Command) -> clap::Command {
        command.arg(
            clap::Arg::new(ENGINE)
                .long(ENGINE)
                .required_unless_present("merge")
                .num_args(1..)
                .action(clap::ArgAction::Append)
                .value_name("KEY=VALUE")
                .help(
                    "An engine, given twice: cmd=PATH [arg=ARG]... [proto=uci|cecp] [name=NAME] \
                     [tc=TC] [option.NAME=VALUE]...; tc= (any --tc form) gives this engine its \
                     own time control (time odds)",
                ),
        )
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

pub fn run(args: &MatchArgs) -> ExitCode {
    if !args.merge.is_empty() {
        return match merge::run(&args.merge, args.games, args.sprt.as_ref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("tiamat match: {message}");
                ExitCode::from(2)
            }
        };
    }
    let config = match config(args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("tiamat match: {message}");
            return ExitCode::from(2);
        }
    };
    let Some(kind) = GameKind::from_variant(&config.variant) else {
        eprintln!(
            "tiamat match: unknown variant '{}' (known: {})",
            config.variant,
            crate::registry::variant_names().join(", ")
        );
        return ExitCode::from(2);
    };
    with_game!(kind, G => run_match::<G>(&config))
}

fn config(args: &MatchArgs) -> Result<MatchConfig, String> {
    let engines = args
        .engines
        .0
        .iter()
        .map(|words| parse_engine(words))
        .collect::<Result<Vec<_>, _>>()?;
    let [(first, first_tc), (second, second_tc)]: [(EngineSpec, Option<TimeControl>); 2] = engines
        .try_into()
        .map_err(|found: Vec<_>| format!("need exactly two --engine, got {}", found.len()))?;
    let engines = [first, second];
    let controls = [first_tc.unwrap_or(args.tc), second_tc.unwrap_or(args.tc)];
    let openings = match &args.openings {
        Some(path) => read_openings(path)?,
        None => Vec::new(),
    };
    Ok(MatchConfig {
        engines,
        variant: args.variant.clone(),
        games: args.games.unwrap_or(DEFAULT_GAMES),
        controls,
        openings,
        concurrency: args.concurrency.max(1),
        shard: args.shard.unwrap_or((1, 1)),
        pgn_path: args.pgn.clone(),
        sprt: args.sprt,
        time_margin: Duration::from_millis(args.time_margin),
        move_timeout: Duration::from_secs(args.move_timeout),
        max_plies: args.max_plies,
        event: args.event.clone(),
    })
}

/// One `--engine`'s settings and its own time control, if it has one.
fn parse_engine(words: &[String]) -> Result<(EngineSpec, Option<TimeControl>), String> {
    let mut command = None;
    let mut control = None;
    let mut args = Vec::new();
    let mut protocol = Protocol::Uci;
    let mut name = None;
    let mut options = Vec::new();
    for word in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("engine setting '{word}' is not key=value"))?;
        match key {
            "cmd" => command = Some(value.to_string()),
            "arg" => args.push(value.to_string()),
            "proto" => protocol = Protocol::parse(value)?,
            "name" => name = Some(value.to_string()),
            "tc" => control = Some(TimeControl::parse(value)?),
            _ => match key.strip_prefix("option.") {
                Some(option) => options.push((option.to_string(), value.to_string())),
                None => return Err(format!("unknown engine setting '{key}'")),
            },
        }
    }
    let mut command = command.ok_or("an --engine needs cmd=PATH")?;
    if command == "self" {
        command = std::env::current_exe()
            .map_err(|e| format!("cannot find this binary: {e}"))?
            .display()
            .to_string();
    }
    let name = name.unwrap_or_else(|| {
        std::path::Path::new(&command)
            .file_name()
            .map_or(command.clone(), |n| n.to_string_lossy().into_owned())
    });
    let spec = EngineSpec {
        name,
        command,
        args,
        protocol,
        options,
    };
    Ok((spec, control))
}

fn read_openings(path: &str) -> Result<Vec<String>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("cannot read openings '{path}': {e}"))?;
    let lines: Vec<String> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return Err(format!("openings file '{path}' has no positions"));
    }
    Ok(lines)
}

/// What each finished game contributes to the summary.
struct Finished {
    index: usize,
    record: GameRecord,
    /// Which engine had White.
    first_is_white: bool,
}

/// Per-engine counts of games lost to something other than play.
#[derive(Default)]
struct Faults {
    illegal: u32,
    crashes: u32,
    time_forfeits: u32,
    hangs: u32,
    protocol: u32,
}

impl Faults {
    fn add(&mut self, forfeit: Forfeit) {
        match forfeit {
            Forfeit::IllegalMove => self.illegal += 1,
            Forfeit::Crash => self.crashes += 1,
            Forfeit::OnTime => self.time_forfeits += 1,
            Forfeit::Hang => self.hangs += 1,
            Forfeit::ProtocolError => self.protocol += 1,
            Forfeit::Resignation => {}
        }
    }
}

fn run_match<G: Game>(config: &MatchConfig) -> ExitCode {
    // Check every opening before the first game so a typo does not cost a match.
    let mut starts: Vec<(G, Option<String>)> = Vec::new();
    if config.openings.is_empty() {
        match G::start_position(&config.variant) {
            Ok(pos) => starts.push((pos, None)),
            Err(e) => {
                eprintln!("tiamat match: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        for text in &config.openings {
            match G::from_position_string(&config.variant, text) {
                Ok(pos) => starts.push((pos, Some(text.clone()))),
                Err(e) => {
                    eprintln!("tiamat match: opening '{text}': {e}");
                    return ExitCode::from(2);
                }
            }
        }
    }
    let mut pgn_file = match &config.pgn_path {
        Some(path) => match OpenOptions::new().create(true).append(true).open(path) {
            Ok(file) => Some(file),
            Err(e) => {
                eprintln!("tiamat match: cannot write '{path}': {e}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let names = [
        config.engines[0].name.clone(),
        config.engines[1].name.clone(),
    ];
    let (shard, shards) = config.shard;
    // Pairs of games (one opening, both colours) stay together in one shard.
    let games: Vec<usize> = (0..config.games)
        .filter(|index| (index / 2) % shards == shard - 1)
        .collect();
    let next_game = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<Finished>();
    let mut tally = Tally::default();
    let mut faults = [Faults::default(), Faults::default()];
    let mut decision = SprtDecision::Continue;
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.min(games.len().max(1)) {
            let sender = sender.clone();
            let (next_game, stop, starts, games) = (&next_game, &stop, &starts, &games);
            scope.spawn(move || loop {
                let Some(&index) = games.get(next_game.fetch_add(1, Ordering::SeqCst)) else {
                    return;
                };
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let (start, start_text) = &starts[(index / 2) % starts.len()];
                let first_is_white = index % 2 == 0;
                let record = play_one(config, start, start_text.as_deref(), first_is_white);
                if sender
                    .send(Finished {
                        index,
                        record,
                        first_is_white,
                    })
                    .is_err()
                {
                    return;
                }
            });
        }
        drop(sender);
        let date = pgn::today();
        for finished in receiver {
            let record = &finished.record;
            count_game(
                &mut tally,
                &mut faults,
                record.result,
                finished.first_is_white,
                record.forfeit,
            );
            print_finished(finished.index + 1, record, &names, &tally);
            if let Some(file) = pgn_file.as_mut() {
                let context = pgn::PgnContext {
                    event: &config.event,
                    round: finished.index + 1,
                    variant: &config.variant,
                    date: &date,
                    controls: if finished.first_is_white {
                        [&config.controls[0], &config.controls[1]]
                    } else {
                        [&config.controls[1], &config.controls[0]]
                    },
                };
                if let Err(e) = file.write_all(pgn::write_game(record, &context).as_bytes()) {
                    eprintln!("tiamat match: cannot write PGN: {e}");
                }
            }
            if let Some(sprt) = &config.sprt {
                decision = sprt.decide_after(decision, &tally);
                if decision != SprtDecision::Continue {
                    stop.store(true, Ordering::SeqCst);
                }
            }
        }
    });
    print_summary(config.sprt.as_ref(), &names, &tally, &faults, decision);
    ExitCode::SUCCESS
}

/// Adds a game to the first engine's tally and to the faults of the engine that forfeited.
fn count_game(
    tally: &mut Tally,
    faults: &mut [Faults; 2],
    result: GameResult,
    first_is_white: bool,
    forfeit: Option<(Color, Forfeit)>,
) {
    let first_color = if first_is_white {
        Color::White
    } else {
        Color::Black
    };
    match result {
        GameResult::Draw => tally.draws += 1,
        r if r == GameResult::win_for(first_color) => tally.wins += 1,
        _ => tally.losses += 1,
    }
    if let Some((color, kind)) = forfeit {
        faults[usize::from(color != first_color)].add(kind);
    }
}

/// The lines printed as each game finishes.
fn print_finished(number: usize, record: &GameRecord, names: &[String; 2], tally: &Tally) {
    println!(
        "Finished game {number} ({} vs {}): {} {{{}}}",
        record.white,
        record.black,
        record.result.pgn(),
        record.reason
    );
    println!("Score of {}", score_line(names, tally));
}

fn play_one<G: Game>(
    config: &MatchConfig,
    start: &G,
    start_text: Option<&str>,
    first_is_white: bool,
) -> GameRecord {
    let (white, black) = if first_is_white { (0, 1) } else { (1, 0) };
    let (white_spec, black_spec) = (&config.engines[white], &config.engines[black]);
    let setup = GameSetup {
        start,
        start_text,
        controls: [config.controls[white], config.controls[black]],
        time_margin: config.time_margin,
        move_timeout: config.move_timeout,
        max_plies: config.max_plies,
    };
    let mut white = match Player::start(white_spec, &config.variant) {
        Ok(p) => p,
        Err(e) => return failed_start(white_spec, black_spec, Color::White, &e),
    };
    let mut black = match Player::start(black_spec, &config.variant) {
        Ok(p) => p,
        Err(e) => return failed_start(white_spec, black_spec, Color::Black, &e),
    };
    arbiter::play_game(&setup, [&mut white, &mut black])
}

fn failed_start(
    white: &EngineSpec,
    black: &EngineSpec,
    side: Color,
    error: &player::PlayerError,
) -> GameRecord {
    let kind = match error {
        player::PlayerError::Protocol(_) => Forfeit::ProtocolError,
        _ => Forfeit::Crash,
    };
    GameRecord {
        white: white.name.clone(),
        black: black.name.clone(),
        start_position: None,
        moves: Vec::new(),
        result: GameResult::win_for(!side),
        reason: format!("{side} failed to start: {error:?}"),
        forfeit: Some((side, kind)),
    }
}

/// `A vs B: wins - losses - draws  [score] games`, as cutechess-cli writes it.
fn score_line(names: &[String; 2], tally: &Tally) -> String {
    format!(
        "{} vs {}: {} - {} - {}  [{:.3}] {}",
        names[0],
        names[1],
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score(),
        tally.games()
    )
}

fn print_summary(
    sprt: Option<&Sprt>,
    names: &[String; 2],
    tally: &Tally,
    faults: &[Faults; 2],
    decision: SprtDecision,
) {
    println!("Final score of {} games", score_line(names, tally));
    println!("{}", elo_line(tally));
    if let Some(sprt) = sprt {
        let (lower, upper) = sprt.bounds();
        let verdict = match decision {
            SprtDecision::AcceptH0 => "H0 accepted",
            SprtDecision::AcceptH1 => "H1 accepted",
            SprtDecision::Continue => "no decision",
        };
        println!(
            "SPRT: llr {:.2} ({lower:.2}, {upper:.2}), elo0 {} elo1 {}: {verdict}",
            sprt.llr(tally),
            sprt.elo0,
            sprt.elo1
        );
    }
    for (name, f) in names.iter().zip(faults) {
        println!(
            "{name}: illegal moves {}, crashes {}, time forfeits {}, hangs {}, protocol errors {}",
            f.illegal, f.crashes, f.time_forfeits, f.hangs, f.protocol
        );
    }
}

/// The Elo difference with its 95% interval, as the README's tables write it: `+225.3 +/- 55.8`
/// when both ends are finite, the interval itself when the score's interval reaches 0 or 1
/// (`+inf [+566.2, +inf]`).
fn elo_line(tally: &Tally) -> String {
    // Adding 0.0 turns -0.0 into 0.0.
    let show = |value: Option<f64>, infinite: &str| {
        value.map_or(infinite.to_string(), |v| format!("{:+.1}", v + 0.0))
    };
    let infinite_elo = if tally.score() >= 1.0 { "+inf" } else { "-inf" };
    let elo = show(tally.elo(), infinite_elo);
    match tally.elo_interval() {
        Some((Some(lo), Some(hi))) => {
            format!("Elo difference: {elo} +/- {:.1}", (hi - lo) / 2.0 + 0.0)
        }
        Some((lo, hi)) => format!(
            "Elo difference: {elo} [{}, {}]",
            show(lo, "-inf"),
            show(hi, "+inf")
        ),
        None => format!("Elo difference: {elo} (too few games for an interval)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    /// The command line read as `tiamat match` reads it.
    fn parse_args(args: &[String]) -> Result<MatchConfig, String> {
        use clap::Parser;
        #[derive(Parser)]
        struct Match {
            #[command(flatten)]
            args: MatchArgs,
        }
        let line = std::iter::once("match".to_string()).chain(args.iter().cloned());
        let parsed = Match::try_parse_from(line).map_err(|e| e.to_string())?;
        config(&parsed.args)
    }

    #[test]
    fn engines_and_options_parse() {
        let config = parse_args(&words(
            "--engine cmd=/bin/a proto=cecp name=A option.Hash=16 arg=-x --engine cmd=/bin/b \
             --variant dynamo --games 10 --tc depth=3 --concurrency 2 --sprt 0,5,0.05,0.05",
        ))
        .unwrap();
        assert_eq!(config.engines[0].name, "A");
        assert_eq!(config.engines[0].protocol, Protocol::Cecp);
        assert_eq!(
            config.engines[0].options,
            vec![("Hash".into(), "16".into())]
        );
        assert_eq!(config.engines[0].args, vec!["-x".to_string()]);
        assert_eq!(config.engines[1].name, "b");
        assert_eq!(config.engines[1].protocol, Protocol::Uci);
        assert_eq!(config.variant, "dynamo");
        assert_eq!(config.games, 10);
        assert_eq!(config.controls, [TimeControl::Depth(3); 2]);
        assert_eq!(config.concurrency, 2);
        assert!(config.sprt.is_some());
    }

    #[test]
    fn an_engine_may_have_its_own_time_control() {
        let config = parse_args(&words(
            "--engine cmd=/bin/a tc=2+0.2 --engine cmd=/bin/b --tc 1+0.1",
        ))
        .unwrap();
        let clock = |base: u64, increment: u64| TimeControl::Clock {
            base: Duration::from_secs(base),
            increment: Duration::from_millis(increment),
        };
        assert_eq!(config.controls, [clock(2, 200), clock(1, 100)]);
        assert!(parse_args(&words("--engine cmd=/bin/a tc=x --engine cmd=/bin/b")).is_err());
    }

    #[test]
    fn bad_arguments_are_reported() {
        for bad in [
            "--engine cmd=/bin/a",
            "--engine cmd=/bin/a --engine cmd=/bin/b --games x",
            "--engine cmd=/bin/a --engine cmd=/bin/b --frobnicate 1",
            "--engine proto=uci --engine cmd=/bin/b",
            "--engine cmd=/bin/a proto=smoke --engine cmd=/bin/b",
            "--engine cmd=/bin/a junk --engine cmd=/bin/b",
            "--engine cmd=/bin/a --engine cmd=/bin/b --tc",
            "--engine cmd=/bin/a tc= --engine cmd=/bin/b",
        ] {
            assert!(parse_args(&words(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn elo_lines_show_open_intervals_and_no_negative_zero() {
        let tally = |wins, losses, draws| Tally {
            wins,
            losses,
            draws,
        };
        assert_eq!(
            elo_line(&tally(9, 1, 0)),
            "Elo difference: +381.7 [+159.0, +inf]"
        );
        assert_eq!(elo_line(&tally(0, 0, 6)), "Elo difference: +0.0 +/- 254.6");
        assert_eq!(
            elo_line(&tally(3, 0, 0)),
            "Elo difference: +inf [-42.9, +inf]"
        );
        // The README's figure for 100 straight wins, and a count whose interval once rounded
        // to a finite upper end.
        assert_eq!(
            elo_line(&tally(100, 0, 0)),
            "Elo difference: +inf [+566.2, +inf]"
        );
        assert_eq!(
            elo_line(&tally(0, 10, 0)),
            "Elo difference: -inf [-inf, -166.2]"
        );
        assert_eq!(
            elo_line(&tally(1, 0, 0)),
            "Elo difference: +inf (too few games for an interval)"
        );
    }
}
