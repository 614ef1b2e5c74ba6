//! PGN output with a `Variant` tag and the game's own move notation, for the match runner's
//! games and the graphical front end's.

use std::fmt::Write;

pub use super::arbiter::PlayedMove;
use super::arbiter::{GameRecord, TimeControl};

pub struct PgnContext<'a> {
    pub event: &'a str,
    pub round: usize,
    pub variant: &'a str,
    pub date: &'a str,
    /// White's and Black's time controls.
    pub controls: [&'a TimeControl; 2],
}

/// One game as PGN writes it: the tags in order (the caller's, `SetUp` and `FEN` included),
/// the moves with their comments, a closing comment and the result (`1-0`, `*`, ...).
pub struct PgnGame<'a> {
    pub tags: Vec<(&'a str, String)>,
    /// The start position, whose side to move and fullmove number start the move numbers.
    pub start_position: Option<&'a str>,
    /// Black (the second side) moves first.
    pub black_starts: bool,
    pub moves: &'a [PlayedMove],
    pub closing_comment: Option<&'a str>,
    pub result: &'a str,
}

/// Writes one game of the match runner; the text ends with a blank line so games can be appended.
pub fn write_game(record: &GameRecord, context: &PgnContext<'_>) -> String {
    let mut tags = vec![
        ("Event", context.event.to_string()),
        ("Site", "?".to_string()),
        ("Date", context.date.to_string()),
        ("Round", context.round.to_string()),
        ("White", record.white.clone()),
        ("Black", record.black.clone()),
        ("Result", record.result.pgn().to_string()),
    ];
    if context.variant != "chess" {
        tags.push(("Variant", context.variant.to_string()));
    }
    if let Some(fen) = &record.start_position {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", fen.clone()));
    }
    let [white, black] = context.controls;
    if white == black {
        tags.push(("TimeControl", white.pgn()));
    } else {
        // Time odds, tagged as cutechess-cli does.
        tags.push(("WhiteTimeControl", white.pgn()));
        tags.push(("BlackTimeControl", black.pgn()));
    }
    tags.push(("PlyCount", record.moves.len().to_string()));
    tags.push(("Termination", record.reason.clone()));
    if let Some(kind) = record.forfeit.and_then(|(_, kind)| kind.tag()) {
        tags.push(("Forfeit", kind.to_string()));
    }
    write_pgn(&PgnGame {
        tags,
        start_position: record.start_position.as_deref(),
        black_starts: record
            .start_position
            .as_deref()
            .is_some_and(|fen| fen.split_whitespace().nth(1) == Some("b")),
        moves: &record.moves,
        closing_comment: Some(&record.reason),
        result: record.result.pgn(),
    })
}

/// Writes a game; moves without a comment are written bare. Ends with a blank line.
pub fn write_pgn(game: &PgnGame<'_>) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{escaped}\"]");
    }
    out.push('\n');
    let first_number = game.start_position.map_or(1, fullmove_number);
    let mut body = String::new();
    for (i, mv) in game.moves.iter().enumerate() {
        let ply = i + usize::from(game.black_starts);
        let number = first_number + ply / 2;
        if ply % 2 == 0 {
            let _ = write!(body, "{number}. ");
        } else if i == 0 {
            let _ = write!(body, "{number}... ");
        }
        let _ = write!(body, "{} ", mv.human);
        if !mv.comment.is_empty() {
            let _ = write!(body, "{{{}}} ", mv.comment);
        }
    }
    if let Some(comment) = game.closing_comment {
        let _ = write!(body, "{{{comment}}} ");
    }
    body.push_str(game.result);
    out.push_str(&wrap(&body, 80));
    out.push_str("\n\n");
    out
}

/// The tag pairs of every game in a PGN text, in order: each run of tag lines is one game.
pub fn read_tags(text: &str) -> Result<Vec<Vec<(String, String)>>, String> {
    let mut games: Vec<Vec<(String, String)>> = Vec::new();
    let mut in_tags = false;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
            in_tags = false;
            continue;
        };
        let bad = || format!("line {}: '{line}' is not a PGN tag", number + 1);
        let (name, value) = inner.split_once(' ').ok_or_else(bad)?;
        let value = value
            .trim()
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(bad)?;
        let mut unescaped = String::with_capacity(value.len());
        let mut chars = value.chars();
        while let Some(c) = chars.next() {
            unescaped.push(if c == '\\' {
                chars.next().unwrap_or(c)
            } else {
                c
            });
        }
        if !in_tags {
            games.push(Vec::new());
            in_tags = true;
        }
        if let Some(game) = games.last_mut() {
            game.push((name.to_string(), unescaped));
        }
    }
    Ok(games)
}

/// The fullmove number of a position string: its last field that is a number (Dynamo's last
/// field is the last turn), 1 when there is none.
fn fullmove_number(position: &str) -> usize {
    position
        .split_whitespace()
        .rev()
        .find_map(|field| field.parse().ok())
        .unwrap_or(1)
}

/// Today's date for the PGN `Date` tag (UTC, from the system clock).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Civil-from-days (proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Breaks text at spaces so no line exceeds `width` (PGN export format).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if line_len > 0 && line_len + 1 + word.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::arbiter::{Forfeit, PlayedMove};
    use super::*;
    use std::time::Duration;
    use tiamat_engine::GameResult;

    fn record(start: Option<&str>) -> GameRecord {
        GameRecord {
            white: "A".into(),
            black: "B \"x\"".into(),
            start_position: start.map(str::to_string),
            moves: vec![
                PlayedMove {
                    human: "e4".into(),
                    comment: "+0.30/5 0.10s".into(),
                },
                PlayedMove {
                    human: "e5".into(),
                    comment: "0.20s".into(),
                },
            ],
            result: GameResult::WhiteWins,
            reason: "Black loses on time".into(),
            forfeit: None,
        }
    }

    #[test]
    fn tags_moves_and_result() {
        let control = TimeControl::Clock {
            base: Duration::from_secs(10),
            increment: Duration::from_millis(100),
        };
        let ctx = PgnContext {
            event: "test",
            round: 3,
            variant: "dynamo",
            date: "2026.11.21",
            controls: [&control, &control],
        };
        let text = write_game(&record(None), &ctx);
        assert!(text.contains("[Variant \"dynamo\"]"));
        assert!(text.contains("[Black \"B \\\"x\\\"\"]"));
        assert!(text.contains("[TimeControl \"10+0.1\"]"));
        assert!(text.contains("1. e4 {+0.30/5 0.10s} e5 {0.20s} {Black loses on time} 1-0"));
        assert!(!text.contains("SetUp"));
    }

    #[test]
    fn black_to_move_start_numbers_with_ellipsis() {
        let control = TimeControl::Depth(3);
        let ctx = PgnContext {
            event: "t",
            round: 1,
            variant: "chess",
            date: "?",
            controls: [&control, &TimeControl::Depth(5)],
        };
        let fen = "4k3/8/8/8/8/8/8/4K3 b - - 0 17";
        let text = write_game(&record(Some(fen)), &ctx);
        assert!(text.contains("[WhiteTimeControl \"-\"]") && text.contains("[BlackTimeControl"));
        assert!(!text.contains("[TimeControl"));
        assert!(text.contains("[SetUp \"1\"]"));
        assert!(text.contains("17... e4"));
        assert!(text.contains("18. e5"));
        assert!(!text.contains("Variant"));
    }

    #[test]
    fn tags_read_back_with_the_forfeit() {
        let control = TimeControl::Depth(3);
        let ctx = PgnContext {
            event: "t",
            round: 7,
            variant: "chess",
            date: "?",
            controls: [&control, &control],
        };
        let mut lost_on_time = record(None);
        lost_on_time.forfeit = Some((tiamat_engine::Color::Black, Forfeit::OnTime));
        let text = write_game(&record(None), &ctx) + &write_game(&lost_on_time, &ctx);
        let games = read_tags(&text).unwrap();
        assert_eq!(games.len(), 2);
        let value = |game: usize, name: &str| {
            games[game]
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        assert_eq!(value(0, "Black").as_deref(), Some("B \"x\""));
        assert_eq!(value(0, "Round").as_deref(), Some("7"));
        assert_eq!(value(0, "Forfeit"), None);
        let kind = value(1, "Forfeit").unwrap();
        assert_eq!(Forfeit::from_tag(&kind), Some(Forfeit::OnTime));
        assert!(read_tags("[Event broken]\n").is_err());
    }

    #[test]
    fn date_is_formatted_as_pgn_wants() {
        let date = today();
        assert_eq!(date.len(), 10);
        assert_eq!(&date[4..5], ".");
    }
}
