//! Self-play training data: the engine plays itself at a fixed node count from book openings
//! (each followed by a few random plies, so that no two games repeat), and every position it
//! searched is written with the game's result.
//!
//! Output, one position a line: `position string;result;score`, the result from White's point
//! of view (1, 0.5 or 0) and the search's score in centipawns, also from White's point of view.
//! Positions in check, where the search chose a tactical move (captures and promotions: not
//! quiet, so the static evaluation cannot be expected to match the result) or that score as a
//! mate are left out.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use tiamat_engine::games::chess::Chess;
use tiamat_engine::games::croatian::Croatian;
use tiamat_engine::games::dao::Dao;
use tiamat_engine::games::dragonchess::Dragonchess;
use tiamat_engine::games::dynamo::Dynamo;
use tiamat_engine::games::makromachy::Makromachy;
use tiamat_engine::search::{Control, Limits, Options, Score, Searcher};
use tiamat_engine::{Color, GameResult, MoveList};
use tiamat_eval::HasEvaluator;

use crate::tuned::{self, Tuned};
use crate::Flags;

/// Scores at least this large on several plies in a row end the game as a win.
const RESIGN_SCORE: i32 = 1_000;
const RESIGN_PLIES: usize = 6;
/// Scores this close to zero for this many plies, past `DRAW_FROM_PLY`, end it as a draw.
const DRAW_SCORE: i32 = 10;
const DRAW_PLIES: usize = 16;
const DRAW_FROM_PLY: usize = 80;
const MAX_PLIES: usize = 400;
/// An opening the first search already scores beyond this is skipped as decided.
const OPENING_BOUND: i32 = 300;

struct Config {
    variant: String,
    out: String,
    games: usize,
    nodes: u64,
    threads: usize,
    openings: Vec<String>,
    random_plies: usize,
    seed: u64,
    /// Search with the game's trained network (`UseNNUE`) instead of the hand-written evaluation.
    nnue: bool,
}

pub fn run(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(
        args,
        &[
            "out",
            "games",
            "nodes",
            "threads",
            "openings",
            "random-plies",
            "seed",
            "variant",
            "nnue",
        ],
    )?;
    let openings = match flags.text("openings") {
        Some(path) => read_openings(path)?,
        None => Vec::new(),
    };
    let config = Config {
        variant: flags.text("variant").unwrap_or("chess").to_string(),
        out: flags
            .text("out")
            .ok_or("datagen needs --out FILE")?
            .to_string(),
        games: flags.number("games", 1_000)?,
        nodes: flags.number("nodes", 5_000)?,
        threads: flags.number("threads", 1)?,
        openings,
        random_plies: flags.number("random-plies", 2)?,
        seed: flags.number("seed", 1)?,
        nnue: flags.number("nnue", false)?,
    };
    match config.variant.as_str() {
        "chess" => return generate::<Chess>(&config),
        "dao" => return generate::<Dao>(&config),
        "dragonchess" => return generate::<Dragonchess>(&config),
        "dynamo" => return generate::<Dynamo>(&config),
        "makromachy" => return generate::<Makromachy>(&config),
        _ => {}
    }
    tuned::croatian(&config.variant)?;
    generate::<Croatian>(&config)
}

fn read_openings(path: &str) -> Result<Vec<String>, String> {
    let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut lines = Vec::new();
    for line in BufReader::new(file).lines() {
        let line = line.map_err(|e| format!("{path}: {e}"))?;
        let line = line.trim();
        if !line.is_empty() && !line.starts_with('#') {
            lines.push(line.to_string());
        }
    }
    Ok(lines)
}

fn generate<G: HasEvaluator>(config: &Config) -> Result<(), String> {
    let file = File::create(&config.out).map_err(|e| format!("{}: {e}", config.out))?;
    let out = Mutex::new(BufWriter::new(file));
    let next_game = AtomicUsize::new(0);
    let written = AtomicUsize::new(0);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let options = Options {
                    use_network: config.nnue,
                    ..Options::default()
                };
                let mut searcher = Searcher::new(G::Evaluator::default(), options);
                loop {
                    let game = next_game.fetch_add(1, Ordering::Relaxed);
                    if game >= config.games {
                        break;
                    }
                    let Some(lines) = play_game::<G>(config, game, &mut searcher) else {
                        continue;
                    };
                    let mut out = out.lock().expect("writer lock");
                    for line in &lines {
                        // A failed write shows in the final flush.
                        let _ = writeln!(out, "{line}");
                    }
                    // Whole games on disk: a run stopped early keeps every finished game.
                    let _ = out.flush();
                    let total = written.fetch_add(lines.len(), Ordering::Relaxed) + lines.len();
                    if (game + 1).is_multiple_of(50) {
                        eprintln!(
                            "{} games, {total} positions, {:.0} s",
                            game + 1,
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    out.into_inner()
        .expect("writer lock")
        .flush()
        .map_err(|e| format!("{}: {e}", config.out))?;
    eprintln!(
        "{} games, {} positions in {:.0} s",
        config.games,
        written.load(Ordering::Relaxed),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Reads one line of the output: the position, the result and the score.
fn parse_line<T: Tuned>(tuned: &T, line: &str) -> Option<(T::Position, f32, f32)> {
    let mut fields = line.split(';');
    let (text, result, score) = (fields.next()?, fields.next()?, fields.next()?);
    Some((
        tuned.parse(text)?,
        result.parse().ok()?,
        score.parse().ok()?,
    ))
}

/// Reads the positions of `files` (comma-separated, as written here), offering each to `take`
/// with whether it is held out, until `limit` were taken (`take` returns whether it took the
/// position). One run of 64 positions in twenty is held out, not single positions, whose
/// neighbours in training would make the held-out loss look better.
pub fn read_positions<T: Tuned>(
    tuned: &T,
    files: &str,
    limit: usize,
    mut take: impl FnMut(T::Position, f32, f32, bool) -> bool,
) -> Result<(), String> {
    let mut count = 0usize;
    for path in files.split(',') {
        let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for line in BufReader::new(file).lines() {
            if count >= limit {
                return Ok(());
            }
            let line = line.map_err(|e| format!("{path}: {e}"))?;
            let Some((pos, result, score)) = parse_line(tuned, &line) else {
                continue;
            };
            let held_out = ((count + 1) / 64).is_multiple_of(20);
            if take(pos, result, score, held_out) {
                count += 1;
            }
        }
    }
    Ok(())
}

/// A small deterministic generator (xorshift*), seeded per game.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

fn white_view(score: Score, side: Color) -> i32 {
    let relative = match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 32_000,
        Score::Mate(_) => -32_000,
    };
    match side {
        Color::White => relative,
        Color::Black => -relative,
    }
}

/// Plays one game; `None` when its opening is unusable. Returns the lines to write.
fn play_game<G: HasEvaluator>(
    config: &Config,
    game: usize,
    searcher: &mut Searcher<G, G::Evaluator>,
) -> Option<Vec<String>> {
    let mut rng = Rng::new(config.seed ^ (game as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let mut pos = match config.openings.is_empty() {
        true => G::start_position(&config.variant).ok()?,
        false => G::from_position_string(
            &config.variant,
            &config.openings[game % config.openings.len()],
        )
        .ok()?,
    };
    let mut history: Vec<u64> = Vec::new();
    for _ in 0..config.random_plies {
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        let moves = moves.as_slice();
        if moves.is_empty() {
            return None;
        }
        let mv = moves[rng.below(moves.len())].clone();
        history.push(pos.key());
        pos = pos.play(&mv);
    }
    searcher.clear();
    let limits = Limits {
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    let control = Control::new();
    let mut records: Vec<(String, i32)> = Vec::new();
    let mut decisive = 0usize;
    let mut quiet = 0usize;
    let mut result = GameResult::Draw;
    for ply in 0..MAX_PLIES {
        if let Some(ending) = pos.ending(&history) {
            result = ending.result;
            break;
        }
        let outcome = searcher.search(&pos, &history, &limits, &control, &mut |_| {});
        let best = outcome.best?;
        let score = white_view(outcome.score, pos.side_to_move());
        if ply == 0 && score.abs() > OPENING_BOUND {
            return None;
        }
        if !pos.in_check() && !pos.is_tactical(&best) && score.abs() < RESIGN_SCORE * 2 {
            records.push((pos.position_string(), score));
        }
        decisive = if score.abs() >= RESIGN_SCORE {
            decisive + 1
        } else {
            0
        };
        quiet = if score.abs() <= DRAW_SCORE {
            quiet + 1
        } else {
            0
        };
        if decisive >= RESIGN_PLIES {
            result = GameResult::win_for(if score > 0 {
                Color::White
            } else {
                Color::Black
            });
            break;
        }
        if ply >= DRAW_FROM_PLY && quiet >= DRAW_PLIES {
            break;
        }
        history.push(pos.key());
        pos = pos.play(&best);
    }
    let label = match result {
        GameResult::WhiteWins => "1",
        GameResult::BlackWins => "0",
        GameResult::Draw => "0.5",
    };
    Some(
        records
            .into_iter()
            .map(|(text, score)| format!("{text};{label};{score}"))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tuned::ChessTuning;
    use tiamat_engine::Game;

    #[test]
    fn scores_are_turned_to_whites_view() {
        assert_eq!(white_view(Score::Cp(40), Color::White), 40);
        assert_eq!(white_view(Score::Cp(40), Color::Black), -40);
        assert_eq!(white_view(Score::Mate(3), Color::Black), -32_000);
        assert_eq!(white_view(Score::Mate(-2), Color::Black), 32_000);
    }

    #[test]
    fn random_choices_stay_in_range_and_vary() {
        let mut rng = Rng::new(7);
        let picks: Vec<usize> = (0..200).map(|_| rng.below(5)).collect();
        assert!(picks.iter().all(|&p| p < 5));
        assert!((0..5).all(|v| picks.contains(&v)));
    }

    /// `games` short games of `variant` through the command line, from the book `openings` if
    /// any, with `extra` flags; each line split into its position, result and score.
    fn short_run_with(
        variant: &str,
        openings: Option<&str>,
        games: usize,
        extra: &[&str],
    ) -> Vec<(String, String, i32)> {
        // Tests run side by side: each run writes its own file.
        static RUNS: AtomicUsize = AtomicUsize::new(0);
        let out = std::env::temp_dir().join(format!(
            "datagen-{variant}-{}-{}.txt",
            RUNS.fetch_add(1, Ordering::Relaxed),
            std::process::id()
        ));
        let games = games.to_string();
        let mut args: Vec<String> = [
            "--out",
            out.to_str().unwrap(),
            "--games",
            &games,
            "--nodes",
            "300",
            "--seed",
            "3",
            "--variant",
            variant,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        if let Some(path) = openings {
            args.extend(["--openings".to_string(), path.to_string()]);
        }
        args.extend(extra.iter().map(|s| s.to_string()));
        run(&args).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        std::fs::remove_file(&out).ok();
        text.lines()
            .map(|line| {
                let fields: Vec<&str> = line.split(';').collect();
                assert_eq!(fields.len(), 3, "{line}");
                (
                    fields[0].to_string(),
                    fields[1].to_string(),
                    fields[2].parse::<i32>().unwrap(),
                )
            })
            .collect()
    }

    fn short_run(
        variant: &str,
        openings: Option<&str>,
        games: usize,
    ) -> Vec<(String, String, i32)> {
        short_run_with(variant, openings, games, &[])
    }

    fn check_lines<T: Tuned>(tuned: &T, lines: &[(String, String, i32)])
    where
        T::Position: Game,
    {
        assert!(lines.len() > 10, "{}", lines.len());
        for (text, result, score) in lines {
            let pos = tuned.parse(text).expect(text);
            assert!(!pos.in_check(), "{text}");
            assert!(["1", "0", "0.5"].contains(&result.as_str()), "{text}");
            assert!(score.abs() < 2 * RESIGN_SCORE, "{text}");
        }
    }

    #[test]
    fn a_short_run_writes_labelled_quiet_positions() {
        check_lines(&ChessTuning, &short_run("chess", None, 2));
    }

    /// `--nnue true` plays the games with the chess network, not the hand-written evaluation.
    #[test]
    fn the_network_plays_chess_games_when_asked() {
        let book = "../openings/sprt/chess.txt";
        let network = short_run_with("chess", Some(book), 2, &["--nnue", "true"]);
        check_lines(&ChessTuning, &network);
        let hand_written = short_run_with("chess", Some(book), 2, &["--nnue", "false"]);
        assert_ne!(network, hand_written);
        assert_eq!(short_run("chess", Some(book), 2), hand_written);
    }

    #[test]
    fn a_short_croatianties14_run_from_the_book_writes_labelled_quiet_positions() {
        let book = "../openings/sprt/croatianties14.txt";
        let lines = short_run("croatianties14", Some(book), 2);
        let tuning = tuned::croatian("croatianties14").unwrap();
        check_lines(&tuning, &lines);
        // The first game starts from its book line (8 plies) and two random plies, not from the
        // start: its first position is at move 6.
        let first_move: u32 = lines[0].0.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(first_move >= 6, "{}", lines[0].0);
        // Started the same way, the whole run again writes the same lines.
        assert_eq!(short_run("croatianties14", Some(book), 2), lines);
    }

    #[test]
    fn a_short_dao_run_from_the_book_writes_labelled_quiet_positions() {
        let book = "../openings/sprt/dao.txt";
        let lines = short_run("dao", Some(book), 2);
        check_lines(&tuned::dao(), &lines);
        // Every line's position is quiet for DAO's own rules, and the book's start shows.
        let first_move: u32 = lines[0].0.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(first_move >= 6, "{}", lines[0].0);
    }

    #[test]
    fn a_short_dynamo_run_from_the_book_writes_labelled_quiet_positions() {
        let book = "../openings/sprt/dynamo.txt";
        // Dynamo's games are short and few of their positions quiet: eight games for a few dozen.
        let lines = short_run("dynamo", Some(book), 8);
        check_lines(&tuned::dynamo(), &lines);
        // The book's start shows: its lines are at move 5, two random plies later move 6 (the
        // move number is the sixth field; the seventh is the last turn).
        let first_move: u32 = lines[0].0.split(' ').nth(5).unwrap().parse().unwrap();
        assert!(first_move >= 6, "{}", lines[0].0);
    }

    #[test]
    fn a_short_makromachy_run_from_the_book_writes_labelled_quiet_positions() {
        let book = "../openings/sprt/makromachy.txt";
        let lines = short_run("makromachy", Some(book), 2);
        check_lines(&tuned::makromachy(), &lines);
        // The book's eight plies and two random ones: the first position is at move 6.
        let first_move: u32 = lines[0].0.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(first_move >= 6, "{}", lines[0].0);
    }

    #[test]
    fn a_short_dragonchess_run_from_the_book_writes_labelled_quiet_positions() {
        let book = "../openings/sprt/dragonchess.txt";
        let lines = short_run("dragonchess", Some(book), 2);
        check_lines(&tuned::dragonchess(), &lines);
        // The book's eight plies and two random ones: the first position is at move 6.
        let first_move: u32 = lines[0].0.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(first_move >= 6, "{}", lines[0].0);
    }

    #[test]
    fn variants_with_turns_of_several_plies_are_refused() {
        let args = |v: &str| -> Vec<String> {
            ["--out", "/nonexistent/x", "--variant", v]
                .iter()
                .map(|s| s.to_string())
                .collect()
        };
        let refused = run(&args("mirandasveil")).unwrap_err();
        assert!(refused.contains("one ply"), "{refused}");
        let unknown = run(&args("croatianties15")).unwrap_err();
        assert!(unknown.contains("unknown variant"), "{unknown}");
    }
}
