//! `tiamat match --merge`: the report of a match played in shards, from the shards' PGN files.
//! Games are put back in game-number order (the `Round` tag) and counted as one run counts them:
//! the first engine has White in odd-numbered games.

use std::collections::BTreeMap;

use tiamat_engine::{Color, GameResult};

use super::arbiter::{Forfeit, GameRecord};
use super::stats::{Sprt, SprtDecision, Tally};
use super::{count_game, pgn, print_finished, print_summary, Faults};

/// One game as its PGN tags give it.
struct Game {
    file: String,
    record: GameRecord,
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, value)| value.as_str())
}

fn read_game(file: &str, tags: &[(String, String)]) -> Result<(usize, Game), String> {
    let need =
        |name: &str| tag(tags, name).ok_or_else(|| format!("{file}: a game without a {name} tag"));
    let round_text = need("Round")?;
    let round: usize = round_text
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("{file}: Round '{round_text}' is not a game number"))?;
    let result = match need("Result")? {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        "1/2-1/2" => GameResult::Draw,
        other => return Err(format!("{file}: game {round} has no result ('{other}')")),
    };
    let forfeit = match tag(tags, "Forfeit") {
        None => None,
        Some(kind) => {
            let kind = Forfeit::from_tag(kind)
                .ok_or_else(|| format!("{file}: game {round}: unknown Forfeit '{kind}'"))?;
            let loser = match result {
                GameResult::WhiteWins => Color::Black,
                GameResult::BlackWins => Color::White,
                GameResult::Draw => {
                    return Err(format!("{file}: game {round}: a drawn game with a Forfeit"))
                }
            };
            Some((loser, kind))
        }
    };
    let record = GameRecord {
        white: need("White")?.to_string(),
        black: need("Black")?.to_string(),
        start_position: None,
        moves: Vec::new(),
        result,
        reason: tag(tags, "Termination").unwrap_or("").to_string(),
        forfeit,
    };
    Ok((
        round,
        Game {
            file: file.to_string(),
            record,
        },
    ))
}

/// Lists at most 20 game numbers.
fn list(numbers: &[usize]) -> String {
    let shown: Vec<String> = numbers.iter().take(20).map(usize::to_string).collect();
    match numbers.len().saturating_sub(shown.len()) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// Reads `files` and prints the match report; errors name missing, doubled and foreign games.
pub fn run(files: &[String], games: Option<usize>, sprt: Option<&Sprt>) -> Result<(), String> {
    let mut by_round: BTreeMap<usize, Game> = BTreeMap::new();
    let mut problems = Vec::new();
    for file in files {
        let text =
            std::fs::read_to_string(file).map_err(|e| format!("cannot read '{file}': {e}"))?;
        for tags in pgn::read_tags(&text).map_err(|e| format!("{file}: {e}"))? {
            let (round, game) = read_game(file, &tags)?;
            if let Some(other) = by_round.get(&round) {
                problems.push(format!("game {round} is in {} and in {file}", other.file));
            } else {
                by_round.insert(round, game);
            }
        }
    }
    let Some((&last, first_game)) = by_round.iter().next_back() else {
        return Err("no games in the PGN files".to_string());
    };
    let expected = games.unwrap_or(last);
    let missing: Vec<usize> = (1..=expected)
        .filter(|n| !by_round.contains_key(n))
        .collect();
    if !missing.is_empty() {
        problems.push(format!(
            "{} of {expected} games missing: game {}",
            missing.len(),
            list(&missing)
        ));
    }
    let extra: Vec<usize> = by_round.range(expected + 1..).map(|(&n, _)| n).collect();
    if !extra.is_empty() {
        problems.push(format!(
            "games beyond the {expected} of the match: game {}",
            list(&extra)
        ));
    }
    // The first engine has White in odd-numbered games.
    let names = if last % 2 == 1 {
        [
            first_game.record.white.clone(),
            first_game.record.black.clone(),
        ]
    } else {
        [
            first_game.record.black.clone(),
            first_game.record.white.clone(),
        ]
    };
    for (&round, game) in &by_round {
        let first_is_white = round % 2 == 1;
        let pairing = if first_is_white {
            [&game.record.white, &game.record.black]
        } else {
            [&game.record.black, &game.record.white]
        };
        if pairing != [&names[0], &names[1]] {
            problems.push(format!(
                "{}: game {round} is {} vs {}, not a game of {} vs {}",
                game.file, game.record.white, game.record.black, names[0], names[1]
            ));
        }
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    let mut tally = Tally::default();
    let mut faults = [Faults::default(), Faults::default()];
    let mut decision = SprtDecision::Continue;
    for (&round, game) in &by_round {
        let record = &game.record;
        count_game(
            &mut tally,
            &mut faults,
            record.result,
            round % 2 == 1,
            record.forfeit,
        );
        print_finished(round, record, &names, &tally);
        if let Some(sprt) = sprt {
            decision = sprt.decide_after(decision, &tally);
        }
    }
    print_summary(sprt, &names, &tally, &faults, decision);
    Ok(())
}
