//! Perft, the leaf count of the game tree, and the perft suite files every game keeps in its
//! folder (`perft/<variant>.txt`, reached through [`Game::perft_suite`]).
//!
//! A perft node is a complete turn. For states whose turns are built from several actions
//! (`Game::multi_action_turns`), a child whose turn is still in progress stays in the same ply,
//! and only turns that complete are counted (a dead end counts nothing). Where two different
//! action sequences can end in the same state (`Game::turns_can_coincide`), the complete turns
//! from one position are deduplicated by their resulting key. Only when neither holds are the
//! moves of the last ply counted without being played (bulk counting).
//!
//! Suite file format, one position per line:
//!
//! ```text
//! # comment lines and blank lines are ignored
//! budget <nodes>
//! <name> | <position string> | <depth>:<count> <depth>:<count> ...
//! ```
//!
//! The position string is the game's own (FEN for chess); `|` separates the fields. The name ends
//! at the first `|` and the counts start after the last one, so a position string may itself
//! contain `|` (Dragonchess separates its three levels with it). `budget` is how many nodes a
//! count may have for `cargo test` to check it; `TIAMAT_DEEP=1` checks every count.

use std::collections::HashSet;

use super::{Game, MoveList};

/// Leaf count of the game tree `depth` complete turns deep.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if !pos.multi_action_turns() && !pos.turns_can_coincide() {
        return perft_listed(pos, depth);
    }
    // Each turn is counted as it is found: a list of a node's turns can take gigabytes.
    let mut total = 0;
    visit_turns(
        pos,
        &mut Vec::new(),
        false,
        &mut Seen::default(),
        &mut |_, state| total += perft(&state, depth - 1),
    );
    total
}

/// Leaf count `depth` turns deep when it is at most `budget`; `None` as soon as it is known to be
/// larger, without counting the rest (a variant's next depth may be hours away).
pub fn perft_within<G: Game>(pos: &G, depth: u32, budget: u64) -> Option<u64> {
    if depth <= 1 {
        let count = perft(pos, depth);
        return (count <= budget).then_some(count);
    }
    let mut total = 0;
    for state in turn_states(pos) {
        total += perft_within(&state, depth - 1, budget - total)?;
    }
    Some(total)
}

/// The states after every complete turn from `pos`: perft's children, deduplicated by key when
/// `G::TURNS_CAN_COINCIDE`.
pub fn turn_states<G: Game>(pos: &G) -> Vec<G> {
    let mut states = Vec::new();
    visit_turns(
        pos,
        &mut Vec::new(),
        false,
        &mut Seen::default(),
        &mut |_, state| states.push(state),
    );
    states
}

/// Leaf count with every listed move taken as one complete turn and nothing deduplicated (`depth
/// >= 1`): perft for games whose moves are complete turns, and the check that a generator lists
/// each turn once where `TURNS_CAN_COINCIDE` would otherwise hide a duplicate.
pub fn perft_listed<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 {
            1
        } else {
            pos.legal_move_count() as u64
        };
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .as_slice()
        .iter()
        .map(|mv| perft_listed(&pos.play(mv), depth - 1))
        .sum()
}

/// One complete turn from a position: the wire texts of its actions and the resulting state.
#[derive(Clone)]
pub struct Turn<G: Game> {
    pub actions: Vec<String>,
    /// The wire form of the turn joined into one move (`Game::join_turn`), where the game joins.
    pub joined: Option<String>,
    pub state: G,
}

impl<G: Game> Turn<G> {
    /// The turn's text: its joined wire form, else its actions' wire forms joined by spaces
    /// (one word for one-action turns).
    pub fn text(&self) -> String {
        self.joined
            .clone()
            .unwrap_or_else(|| self.actions.join(" "))
    }
}

/// Every complete turn from `pos`, in generation order, deduplicated by resulting key when
/// `G::TURNS_CAN_COINCIDE` (the first action path found names the turn).
pub fn complete_turns<G: Game>(pos: &G) -> Vec<Turn<G>> {
    list_turns(pos, |path, state| Turn {
        actions: action_texts(pos, path),
        joined: joined_text(pos, path),
        state,
    })
}

/// Every complete turn from `pos` as [`complete_turns`] lists them, as ([`Turn::text`], state)
/// pairs: the actions' own texts are only written for a turn the game does not join (each
/// needs the actions replayed, most of the cost of listing turns that join).
pub fn turn_texts<G: Game>(pos: &G) -> Vec<(String, G)> {
    list_turns(pos, |path, state| (turn_text(pos, path), state))
}

/// [`turn_texts`] with `count` of each state in its place, counted as the turn is found: no
/// list of states (each Croatian one is large, and moving them cost a tenth of a divide).
pub fn turn_counts<G: Game>(pos: &G, mut count: impl FnMut(&G) -> u64) -> Vec<(String, u64)> {
    list_turns(pos, |path, state| (turn_text(pos, path), count(&state)))
}

/// [`Turn::text`] of the turn `path` from `pos`.
fn turn_text<G: Game>(pos: &G, path: &[G::Move]) -> String {
    joined_text(pos, path).unwrap_or_else(|| action_texts(pos, path).join(" "))
}

/// What `entry` makes of each complete turn from `pos` (its actions and resulting state), in
/// generation order.
fn list_turns<G: Game, T>(pos: &G, mut entry: impl FnMut(&[G::Move], G) -> T) -> Vec<T> {
    let mut out = Vec::new();
    visit_turns(
        pos,
        &mut Vec::new(),
        true,
        &mut Seen::default(),
        &mut |path, state| out.push(entry(path, state)),
    );
    out
}

/// The wire form of the turn `path` joined into one move, where it has several actions and the
/// game joins them.
fn joined_text<G: Game>(pos: &G, path: &[G::Move]) -> Option<String> {
    if path.len() > 1 {
        pos.join_turn(path).map(|turn| pos.move_to_wire(&turn))
    } else {
        None
    }
}

/// The wire form of each action of `path`, each from the state it is played in.
fn action_texts<G: Game>(pos: &G, path: &[G::Move]) -> Vec<String> {
    let mut at = pos.clone();
    path.iter()
        .map(|mv| {
            let text = at.move_to_wire(mv);
            at = at.play(mv);
            text
        })
        .collect()
}

/// Keys of the states met while listing the turns from one position.
#[derive(Default)]
struct Seen {
    complete: HashSet<u64>,
    mid_turn: HashSet<u64>,
}

/// Calls `found` with (actions, state) for every distinct complete turn; the actions are only
/// kept when `with_path` (perft's inner nodes do not need them).
fn visit_turns<G: Game>(
    pos: &G,
    path: &mut Vec<G::Move>,
    with_path: bool,
    seen: &mut Seen,
    found: &mut impl FnMut(&[G::Move], G),
) {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let coincide = pos.turns_can_coincide();
    for mv in moves.as_slice() {
        let next = pos.play(mv);
        if with_path {
            path.push(mv.clone());
        }
        if next.turn_in_progress() {
            // Where turns can coincide, a state reached twice mid-turn completes the same way
            // twice: expand it once.
            if !coincide || seen.mid_turn.insert(next.key()) {
                visit_turns(&next, path, with_path, seen, found);
            }
        } else if !coincide || seen.complete.insert(next.key()) {
            found(path, next);
        }
        if with_path {
            path.pop();
        }
    }
}

/// A perft suite file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suite<'a> {
    /// The most nodes a count may have for the tests to check it (`None`: every count).
    pub budget: Option<u64>,
    pub entries: Vec<SuiteEntry<'a>>,
}

/// One position of a suite with its expected counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry<'a> {
    pub name: &'a str,
    pub position: &'a str,
    /// (depth, expected count), in file order.
    pub counts: Vec<(u32, u64)>,
}

impl Suite<'_> {
    /// The entry named `name`.
    pub fn entry(&self, name: &str) -> Option<&SuiteEntry<'_>> {
        self.entries.iter().find(|e| e.name == name)
    }
}

/// The positions of a suite file, in file order (none when there is no suite or it does not read).
pub fn suite_positions(text: Option<&'static str>) -> Vec<&'static str> {
    text.and_then(|text| parse_suite(text).ok())
        .map(|suite| suite.entries.iter().map(|entry| entry.position).collect())
        .unwrap_or_default()
}

/// Reads a suite file; errors name the line.
pub fn parse_suite(text: &str) -> Result<Suite<'_>, String> {
    let mut suite = Suite {
        budget: None,
        entries: Vec::new(),
    };
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |what: &str| format!("suite line {}: {what}", index + 1);
        let number = |text: &str| text.replace(',', "").parse::<u64>();
        if let Some(budget) = line.strip_prefix("budget ") {
            let budget = number(budget.trim()).map_err(|_| fail("bad budget"))?;
            suite.budget = Some(budget);
            continue;
        }
        let shape = "expected 'name | position | depth:count ...' or 'budget <nodes>'";
        let (Some((name, rest)), Some((_, counts))) = (line.split_once('|'), line.rsplit_once('|'))
        else {
            return Err(fail(shape));
        };
        let Some((position, _)) = rest.rsplit_once('|') else {
            return Err(fail(shape));
        };
        let mut parsed = Vec::new();
        for item in counts.split_whitespace() {
            let (depth, count) = item
                .split_once(':')
                .ok_or_else(|| fail(&format!("'{item}' is not depth:count")))?;
            let depth = depth
                .parse()
                .map_err(|_| fail(&format!("bad depth in '{item}'")))?;
            let count = number(count).map_err(|_| fail(&format!("bad count in '{item}'")))?;
            parsed.push((depth, count));
        }
        suite.entries.push(SuiteEntry {
            name: name.trim(),
            position: position.trim(),
            counts: parsed,
        });
    }
    Ok(suite)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suite_lines_split_at_the_first_and_last_bar() {
        let text = "# comment\n\nbudget 1,000\nstart | a|b|c w | 1:20 2:400\nend | x | 3:8,902\n";
        let suite = parse_suite(text).unwrap();
        assert_eq!(suite.budget, Some(1_000));
        assert_eq!(suite.entries.len(), 2);
        let start = suite.entry("start").unwrap();
        assert_eq!(start.position, "a|b|c w");
        assert_eq!(start.counts, [(1, 20), (2, 400)]);
        assert_eq!(suite.entry("end").unwrap().counts, [(3, 8_902)]);
    }

    #[test]
    fn perft_within_stops_past_its_budget() {
        let start = crate::games::chess::Chess::start_position("chess").unwrap();
        assert_eq!(perft_within(&start, 3, 8_902), Some(8_902));
        assert_eq!(perft_within(&start, 3, 8_901), None);
        assert_eq!(perft_within(&start, 1, 19), None);
        assert_eq!(perft_within(&start, 0, 1), Some(1));
    }

    #[test]
    fn bad_suite_lines_name_themselves() {
        assert!(parse_suite("start | x | 1:y")
            .unwrap_err()
            .contains("line 1"));
        assert!(parse_suite("ok | x | 1:2\nno bars here")
            .unwrap_err()
            .contains("line 2"));
        assert!(parse_suite("budget lots").unwrap_err().contains("budget"));
        assert_eq!(parse_suite("").unwrap().budget, None);
    }
}
