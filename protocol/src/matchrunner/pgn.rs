//! PGN output with a `Variant` tag and the game's own move notation.

use std::fmt::Write;

use super::arbiter::{GameRecord, TimeControl};

pub struct PgnContext<'a> {
    pub event: &'a str,
    pub round: usize,
    pub variant: &'a str,
    pub date: &'a str,
    /// White's and Black's time controls.
    pub controls: [&'a TimeControl; 2],
}

/// Writes one game; the text ends with a blank line so games can be appended.
pub fn write_game(record: &GameRecord, context: &PgnContext<'_>) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{escaped}\"]");
    };
    tag("Event", context.event);
    tag("Site", "?");
    tag("Date", context.date);
    tag("Round", &context.round.to_string());
    tag("White", &record.white);
    tag("Black", &record.black);
    tag("Result", record.result.pgn());
    if context.variant != "chess" {
        tag("Variant", context.variant);
    }
    if let Some(fen) = &record.start_position {
        tag("SetUp", "1");
        tag("FEN", fen);
    }
    let [white, black] = context.controls;
    if white == black {
        tag("TimeControl", &white.pgn());
    } else {
        // Time odds, tagged as cutechess-cli does.
        tag("WhiteTimeControl", &white.pgn());
        tag("BlackTimeControl", &black.pgn());
    }
    tag("PlyCount", &record.moves.len().to_string());
    tag("Termination", &record.reason);
    if let Some(kind) = record.forfeit.and_then(|(_, kind)| kind.tag()) {
        tag("Forfeit", kind);
    }
    out.push('\n');

    let black_starts = record
        .start_position
        .as_deref()
        .is_some_and(|fen| fen.split_whitespace().nth(1) == Some("b"));
    let first_number = record
        .start_position
        .as_deref()
        .and_then(|fen| fen.split_whitespace().last()?.parse::<usize>().ok())
        .unwrap_or(1);
    let mut body = String::new();
    for (i, mv) in record.moves.iter().enumerate() {
        let ply = i + usize::from(black_starts);
        let number = first_number + ply / 2;
        if ply % 2 == 0 {
            let _ = write!(body, "{number}. ");
        } else if i == 0 {
            let _ = write!(body, "{number}... ");
        }
        let _ = write!(body, "{} {{{}}} ", mv.human, mv.comment);
    }
    let _ = write!(body, "{{{}}} {}", record.reason, record.result.pgn());
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
}
