//! Judges a UCI engine's output lines against what was asked of it: every line is a UCI answer,
//! every `go` gets exactly one `bestmove`, and every move named (`bestmove`, `ponder`, `pv`,
//! `currmove`) is legal by the engine crate's rules; a reported short mate must exist.

use std::collections::VecDeque;

use crate::referee::{self, Line};

/// Mates up to this many moves are verified by an exhaustive search.
const MATE_CHECK_MOVES: i64 = 2;
/// Node budget of that search; beyond it the mate counts as undecided.
const MATE_CHECK_NODES: u64 = 20_000;

/// A `go` waiting for its `bestmove`.
#[derive(Clone, Debug)]
pub struct Go {
    pub line: Line,
    pub searchmoves: Vec<String>,
}

#[derive(Default)]
pub struct UciJudge {
    /// Searches asked for and not yet answered, oldest first (the engine answers in order).
    pub pending: VecDeque<Go>,
    pub readyoks: usize,
    pub info_strings: usize,
    pub bestmoves: usize,
    /// Reported mates a bounded search confirmed.
    pub mates_checked: usize,
    /// The last `bestmove` text.
    pub last_best: Option<String>,
}

impl UciJudge {
    /// Records a `go` sent for `line`.
    pub fn go(&mut self, line: &Line, searchmoves: Vec<String>) {
        self.pending.push_back(Go {
            line: line.clone(),
            searchmoves,
        });
    }

    /// Judges one output line; `Err` says what is wrong with it.
    pub fn handle(&mut self, text: &str) -> Result<(), String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.first().copied() {
            Some("readyok") if words.len() == 1 => {
                self.readyoks += 1;
                Ok(())
            }
            Some("bestmove") => self.bestmove(text, &words[1..]),
            Some("info") => self.info(text, &words[1..]),
            _ => Err(format!("not a UCI answer: '{text}'")),
        }
    }

    fn bestmove(&mut self, text: &str, words: &[&str]) -> Result<(), String> {
        let go = self
            .pending
            .pop_front()
            .ok_or_else(|| format!("'{text}' answers no go"))?;
        self.bestmoves += 1;
        let legal = referee::legal_moves(&go.line)
            .map_err(|err| format!("model line does not replay: {err}"))?;
        let (best, ponder) = match words {
            [best] => (*best, None),
            [best, "ponder", ponder] => (*best, Some(*ponder)),
            _ => return Err(format!("malformed bestmove line '{text}'")),
        };
        self.last_best = Some(best.to_string());
        if best == "(none)" {
            if !legal.is_empty() && !referee::is_over(&go.line).unwrap_or(false) {
                return Err(format!("'{text}' though moves are legal in {:?}", go.line));
            }
            return Ok(());
        }
        // Where turns go action by action the legal list holds actions, and a whole turn
        // is legal when it plays.
        let whole_turn = || referee::playable(&go.line.with(best)).is_ok();
        if !legal.iter().any(|mv| mv == best) && !whole_turn() {
            return Err(format!("'{text}': {best} is not legal in {:?}", go.line));
        }
        if !go.searchmoves.is_empty() && !go.searchmoves.iter().any(|mv| mv == best) {
            return Err(format!("'{text}': {best} is not among the searchmoves"));
        }
        if let Some(ponder) = ponder {
            if referee::playable(&go.line.with(best).with(ponder)).is_err() {
                return Err(format!(
                    "'{text}': ponder move {ponder} is not legal after {best}"
                ));
            }
        }
        Ok(())
    }

    fn info(&mut self, text: &str, words: &[&str]) -> Result<(), String> {
        if words.first() == Some(&"string") {
            // Why a search answers `bestmove (none)`: part of the answer (which `bestmove`
            // judges), not a refused command.
            let explains_no_move = text.starts_with("info string no legal move");
            if !explains_no_move || self.pending.is_empty() {
                self.info_strings += 1;
            }
            return Ok(());
        }
        let line = match self.pending.front() {
            Some(go) => go.line.clone(),
            None => return Err(format!("'{text}' outside a search")),
        };
        let mut i = 0;
        let mut mate = None;
        let mut exact = true;
        let mut first_move = None;
        while i < words.len() {
            let number = |at: usize| words.get(at).and_then(|w| w.parse::<i64>().ok());
            match words[i] {
                "depth" | "seldepth" | "multipv" | "nodes" | "nps" | "hashfull" | "time"
                | "currmovenumber" | "tbhits" => {
                    if number(i + 1).is_none() {
                        return Err(format!("'{text}': {} needs a number", words[i]));
                    }
                    i += 2;
                }
                "score" => {
                    match (words.get(i + 1).copied(), number(i + 2)) {
                        (Some("cp"), Some(_)) => {}
                        (Some("mate"), Some(moves)) => mate = Some(moves),
                        _ => return Err(format!("'{text}': malformed score")),
                    }
                    i += 3;
                    if matches!(words.get(i).copied(), Some("lowerbound" | "upperbound")) {
                        exact = false;
                        i += 1;
                    }
                }
                "currmove" => {
                    let mv = words.get(i + 1).copied().unwrap_or("");
                    if referee::playable(&line.with(mv)).is_err() {
                        return Err(format!("'{text}': currmove {mv} is not legal"));
                    }
                    i += 2;
                }
                "pv" => {
                    first_move = words.get(i + 1).copied();
                    let mut pv = line.clone();
                    for mv in &words[i + 1..] {
                        pv = pv.with(mv);
                        referee::playable(&pv)
                            .map_err(|err| format!("'{text}': pv is not playable: {err}"))?;
                    }
                    i = words.len();
                }
                other => return Err(format!("'{text}': unknown info field '{other}'")),
            }
        }
        match mate {
            Some(moves) if exact => self.check_mate(text, &line, first_move, moves),
            _ => Ok(()),
        }
    }

    /// A reported mate must exist: decided by a bounded exhaustive search when it is short. The
    /// score belongs to the line's first move (with MultiPV, not every line is the best), so
    /// the check is made after that move when the PV names one.
    fn check_mate(
        &mut self,
        text: &str,
        line: &Line,
        first_move: Option<&str>,
        moves: i64,
    ) -> Result<(), String> {
        if moves == 0 || moves.abs() > MATE_CHECK_MOVES {
            return Ok(());
        }
        let verdict = match (first_move, moves > 0) {
            (Some(mv), true) => {
                referee::mated_within(&line.with(mv), moves as u32 - 1, MATE_CHECK_NODES)
            }
            (Some(mv), false) => {
                referee::forced_mate_within(&line.with(mv), (-moves) as u32, MATE_CHECK_NODES)
            }
            (None, true) => referee::forced_mate_within(line, moves as u32, MATE_CHECK_NODES),
            (None, false) => referee::mated_within(line, (-moves) as u32, MATE_CHECK_NODES),
        };
        match verdict {
            Ok(Some(false)) => Err(format!("'{text}': there is no such mate in {line:?}")),
            Ok(Some(true)) => {
                self.mates_checked += 1;
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_correct_answers_and_names_wrong_ones() {
        let mut judge = UciJudge::default();
        let start = Line::start("chess");
        judge.go(&start, Vec::new());
        judge
            .handle("info depth 1 score cp 20 nodes 20 pv e2e4 e7e5")
            .unwrap();
        assert!(judge.handle("info depth 2 pv e2e5").is_err());
        judge.handle("bestmove e2e4 ponder e7e5").unwrap();
        assert!(judge.handle("bestmove e2e4").is_err(), "no go pending");
        judge.go(&start, vec!["d2d4".into()]);
        assert!(judge.handle("bestmove e2e4").is_err(), "not a searchmove");
        judge.go(&start, Vec::new());
        assert!(judge.handle("bestmove e2e5").is_err());
        let mate = Line {
            variant: "chess".into(),
            position: Some("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1".into()),
            moves: vec![],
        };
        judge.go(&mate, Vec::new());
        judge.handle("info depth 3 score mate 1 pv e1e8").unwrap();
        assert_eq!(judge.mates_checked, 1);
        assert!(judge.handle("info depth 3 score mate -1 pv e1e2").is_err());
        assert!(judge.handle("uciok now").is_err());
        // A MultiPV line's mate belongs to its own first move, not to the position.
        let mut judge = UciJudge::default();
        let start = Line::start("chess").with("h2h3").with("a7a6").with("h1h2");
        judge.go(&start.with("f7f5").with("e2e3"), Vec::new());
        judge
            .handle("info depth 6 multipv 19 score mate -1 pv g7g5 d1h5")
            .unwrap();
        assert!(judge
            .handle("info depth 6 multipv 18 score mate -1 pv g8f6")
            .is_err());
    }

    #[test]
    fn the_reason_for_no_move_is_part_of_the_answer_and_other_info_strings_count() {
        let mut judge = UciJudge::default();
        let mated = Line {
            variant: "chess".into(),
            position: Some("4R1k1/5ppp/8/8/8/8/8/6K1 b - - 1 1".into()),
            moves: vec![],
        };
        judge.go(&mated, Vec::new());
        judge
            .handle("info string no legal move: White mates")
            .unwrap();
        judge.handle("bestmove (none)").unwrap();
        assert_eq!(judge.info_strings, 0);
        judge
            .handle("info string no legal move: White mates")
            .unwrap();
        assert_eq!(
            judge.info_strings, 1,
            "outside a search it answers a command"
        );
        judge.go(&mated, Vec::new());
        judge
            .handle("info string not searching: bad input")
            .unwrap();
        assert_eq!(judge.info_strings, 2, "a refused go still counts");
    }
}
