//! Search tests on a tiny game (tic-tac-toe, optionally with two-placement turns) that exercise the
//! generic machinery: mate scores, draws, multi-action turns, threads, stop and MultiPV. The
//! chess tests live with the chess evaluator.

use std::sync::atomic::Ordering;
use std::time::Duration;

use arrayvec::ArrayVec;

use super::*;
use crate::core::view::{BoardView, Grid, MoveInput, PieceView, SquareView};
use crate::core::zobrist::KeyGenerator;
use crate::core::{Color, MoveError, PositionError};

const CELL_KEYS: [[u64; 9]; 2] = {
    let mut generator = KeyGenerator::new(0x7ac7_ac70);
    [generator.table(), generator.table()]
};
const SIDE_KEY: u64 = 0x5151_2323_9898_0101;
const IN_PROGRESS_KEY: u64 = 0x0f0f_1234_8765_a5a5;
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Tic-tac-toe mapped onto the seam: a completed line leaves the opponent "in check" with no
/// legal move (mate); a full board is stalemate. With `double`, a turn is two placements.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ttt {
    cells: [Option<Color>; 9],
    side: Color,
    double: bool,
    in_progress: bool,
    /// History-dependent legality for the test: the centre is forbidden once the game has history.
    forbid_centre: bool,
    /// Each move generation counts in `GENERATIONS`, and the first one stops `STOPPED_IN_GENERATION`:
    /// a `stop` that arrives while the root's moves are generated.
    stops_in_generation: bool,
    /// Each move generation does `COSTLY_STEPS` steps of work (counted in `STEPS_DONE`), and the
    /// step `STOP_AT_STEP` stops `STOPPED_IN_COSTLY`: a `stop` that arrives while a node deep in
    /// the search generates its moves.
    costly: bool,
    /// The root's list is long in coming: `moves_unless` lists two empty cells, then works on
    /// until `give_up` says so, and `legal_moves` (the list waited for whole) is refused. The
    /// children list their moves as usual.
    lists_slowly: bool,
    /// With `lists_slowly`, the list given up in part starts with a move that is no legal move
    /// (the centre, taken): a game may drop some of what it lists only once the list is whole.
    lists_an_illegal_move: bool,
}

const COSTLY_STEPS: usize = 1_000;
const STOP_AT_STEP: usize = 4_500;
static STEPS_DONE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static STOPPED_IN_COSTLY: Control = Control {
    stop: std::sync::atomic::AtomicBool::new(false),
    pondering: std::sync::atomic::AtomicBool::new(false),
};

/// One step of a costly generation; whether `give_up` (asked before each) ended it.
fn costly_work(give_up: &mut dyn FnMut() -> bool) -> bool {
    for _ in 0..COSTLY_STEPS {
        if give_up() {
            return true;
        }
        if STEPS_DONE.fetch_add(1, Ordering::SeqCst) + 1 == STOP_AT_STEP {
            STOPPED_IN_COSTLY.stop();
        }
    }
    false
}

static GENERATIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static STOPPED_IN_GENERATION: Control = Control {
    stop: std::sync::atomic::AtomicBool::new(false),
    pondering: std::sync::atomic::AtomicBool::new(false),
};

impl Ttt {
    fn parse(text: &str, side: Color, double: bool) -> Ttt {
        let mut cells = [None; 9];
        for (i, c) in text.chars().enumerate() {
            cells[i] = match c {
                'X' => Some(Color::White),
                'O' => Some(Color::Black),
                _ => None,
            };
        }
        Ttt {
            cells,
            side,
            double,
            in_progress: false,
            forbid_centre: false,
            stops_in_generation: false,
            costly: false,
            lists_slowly: false,
            lists_an_illegal_move: false,
        }
    }

    fn has_line(&self, color: Color) -> bool {
        LINES
            .iter()
            .any(|line| line.iter().all(|&c| self.cells[c] == Some(color)))
    }
}

impl Game for Ttt {
    type Move = u8;
    type MoveList = ArrayVec<u8, 9>;
    const MULTI_ACTION_TURNS: bool = true;

    fn variants() -> &'static [&'static str] {
        &["ttt"]
    }
    fn start_position(_: &str) -> Result<Self, PositionError> {
        Ok(Ttt::parse(".........", Color::White, false))
    }
    fn from_position_string(_: &str, text: &str) -> Result<Self, PositionError> {
        Ok(Ttt::parse(text, Color::White, false))
    }
    fn position_string(&self) -> String {
        self.cells
            .iter()
            .map(|c| match c {
                Some(Color::White) => 'X',
                Some(Color::Black) => 'O',
                None => '.',
            })
            .collect()
    }
    fn variant(&self) -> &'static str {
        "ttt"
    }
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn key(&self) -> u64 {
        let mut key = 0;
        for (i, c) in self.cells.iter().enumerate() {
            if let Some(color) = c {
                key ^= CELL_KEYS[color.index()][i];
            }
        }
        if self.side == Color::Black {
            key ^= SIDE_KEY;
        }
        if self.in_progress {
            key ^= IN_PROGRESS_KEY;
        }
        key
    }
    fn legal_moves(&self, out: &mut Self::MoveList) {
        assert!(!self.lists_slowly, "the whole list was waited for");
        if self.stops_in_generation {
            GENERATIONS.fetch_add(1, Ordering::SeqCst);
            STOPPED_IN_GENERATION.stop();
        }
        if self.costly {
            costly_work(&mut || false);
        }
        if self.has_line(Color::White) || self.has_line(Color::Black) {
            return;
        }
        for (i, c) in self.cells.iter().enumerate() {
            if c.is_none() {
                out.push(i as u8);
            }
        }
    }
    fn moves_unless(
        &self,
        set: crate::core::MoveSet,
        out: &mut Self::MoveList,
        give_up: &mut dyn FnMut() -> bool,
    ) -> Result<(), crate::core::GaveUp> {
        if self.costly && costly_work(give_up) {
            return Err(crate::core::GaveUp);
        }
        if self.lists_slowly {
            let empty = (0..9u8).filter(|&i| self.cells[usize::from(i)].is_none());
            if self.lists_an_illegal_move {
                out.push(4);
            }
            out.extend(empty.take(2));
            while !give_up() {
                std::thread::sleep(Duration::from_millis(1));
            }
            return Err(crate::core::GaveUp);
        }
        let plain = Ttt {
            costly: false,
            ..self.clone()
        };
        if set == crate::core::MoveSet::Legal {
            plain.legal_moves(out);
        } else {
            plain.tactical_moves(out);
        }
        Ok(())
    }
    /// Answered without the list, which `lists_slowly` refuses.
    fn is_legal(&self, mv: &u8) -> bool {
        let free = self
            .cells
            .get(usize::from(*mv))
            .is_some_and(Option::is_none);
        free && !self.has_line(Color::White) && !self.has_line(Color::Black)
    }
    fn play(&self, mv: &u8) -> Self {
        let mut next = self.clone();
        next.lists_slowly = false;
        next.lists_an_illegal_move = false;
        next.cells[usize::from(*mv)] = Some(self.side);
        if self.double && !self.in_progress && !next.has_line(self.side) {
            next.in_progress = true;
        } else {
            next.in_progress = false;
            next.side = !self.side;
        }
        next
    }
    fn turn_in_progress(&self) -> bool {
        self.in_progress
    }
    fn in_check(&self) -> bool {
        self.has_line(!self.side)
    }
    fn forbidden_by_history(&self, mv: &u8, history: &[u64]) -> bool {
        self.forbid_centre && *mv == 4 && !history.is_empty()
    }
    fn is_tactical(&self, _: &u8) -> bool {
        false
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
    fn move_to_wire(&self, mv: &u8) -> String {
        mv.to_string()
    }
    fn move_to_human(&self, mv: &u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        text.parse()
            .map_err(|_| MoveError::unparsable(text, "not a cell"))
    }
    fn board_text(&self) -> String {
        self.position_string()
    }
    fn board_view(&self) -> BoardView {
        let piece = |c: &Option<Color>| c.map(|color| PieceView::new('X', color, "Mark"));
        BoardView {
            grids: vec![Grid::lettered("", 3, 3, |file, rank| {
                SquareView::new(
                    cell_name(rank * 3 + file),
                    false,
                    piece(&self.cells[rank * 3 + file]),
                )
            })],
            side_names: ["X", "O"],
            reserves: Vec::new(),
            exits: false,
            left_board: Vec::new(),
            notes: Vec::new(),
        }
    }
    fn move_input(&self, mv: &u8) -> MoveInput {
        MoveInput::through([cell_name(usize::from(*mv))], [])
    }
}

fn cell_name(cell: usize) -> String {
    format!("{}{}", (b'a' + (cell % 3) as u8) as char, cell / 3 + 1)
}

/// Counts lines still open for each side: enough to prefer the centre.
struct TttEval;

impl Evaluator<Ttt> for TttEval {
    type Path = ();

    fn evaluate(&self, pos: &Ttt) -> i32 {
        let open = |color: Color| {
            LINES
                .iter()
                .filter(|line| line.iter().all(|&c| pos.cells[c] != Some(!color)))
                .count() as i32
        };
        let side = pos.side;
        open(side) - open(!side)
    }
}

fn searcher(threads: usize, multipv: usize) -> Searcher<Ttt, TttEval> {
    Searcher::new(
        TttEval,
        Options {
            threads,
            hash_mb: 1,
            multipv,
            ..Options::default()
        },
    )
}

fn run(
    searcher: &mut Searcher<Ttt, TttEval>,
    pos: &Ttt,
    limits: Limits<u8>,
) -> (Outcome<u8>, Vec<IterationInfo<u8>>) {
    let control = Control::new();
    let mut infos = Vec::new();
    let outcome = searcher.search(pos, &[], &limits, &control, &mut |r| {
        if let Report::Iteration(info) = r {
            infos.push(info);
        }
    });
    (outcome, infos)
}

fn depth(d: u32) -> Limits<u8> {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn a_cleared_or_handed_on_table_searches_like_a_new_one() {
    let pos = Ttt::parse("X...O....", Color::White, false);
    let fresh = run(&mut searcher(1, 1), &pos, depth(6)).0.nodes;
    let mut used = searcher(1, 1);
    assert_eq!(run(&mut used, &pos, depth(6)).0.nodes, fresh);
    // What the table remembers shows in the count.
    assert_ne!(run(&mut used, &pos, depth(6)).0.nodes, fresh);
    used.clear();
    assert_eq!(run(&mut used, &pos, depth(6)).0.nodes, fresh);
    run(&mut used, &pos, depth(6));
    let options = used.options().clone();
    let mut next = Searcher::with_table(TttEval, options, used.into_table());
    assert_eq!(run(&mut next, &pos, depth(6)).0.nodes, fresh);
    // Another size allocates anew.
    let bigger = Options {
        hash_mb: 2,
        ..next.options().clone()
    };
    let mut resized = Searcher::with_table(TttEval, bigger.clone(), next.into_table());
    assert_eq!(run(&mut resized, &pos, depth(6)).0.nodes, fresh);
    // A resize hands back the table it gives up, and takes over a spare of its new size,
    // cleared. (A resize keeps the histories: `clear` drops them, and the table only if used.)
    let small = Options {
        hash_mb: 1,
        ..bigger.clone()
    };
    let given_up = resized.set_options_from(small, None).unwrap();
    assert_eq!(given_up.hash_mb(), 2);
    resized.clear();
    assert_eq!(run(&mut resized, &pos, depth(6)).0.nodes, fresh);
    let back = resized.set_options_from(bigger, Some(given_up)).unwrap();
    assert_eq!(back.hash_mb(), 1);
    resized.clear();
    assert_eq!(run(&mut resized, &pos, depth(6)).0.nodes, fresh);
    assert_eq!(resized.options().hash_mb, 2);
}

#[test]
fn finds_the_win_in_one_with_a_mate_score() {
    // X: 0 1 _ / O O _ / _ _ _ ; X to move wins at 2.
    let pos = Ttt::parse("XX.OO....", Color::White, false);
    let (outcome, _) = run(&mut searcher(1, 1), &pos, depth(4));
    assert_eq!(outcome.best, Some(2));
    assert_eq!(outcome.score, Score::Mate(1));
}

#[test]
fn a_mate_found_ends_the_deepening_with_the_depth_searched() {
    // Without a depth limit the search stops once the mate is confirmed, and reports the depth
    // it searched rather than the deepest one mate-distance pruning makes free.
    let pos = Ttt::parse("XX.OO....", Color::White, false);
    let limits = Limits {
        nodes: Some(u64::MAX),
        ..Limits::default()
    };
    let (outcome, infos) = run(&mut searcher(1, 1), &pos, limits);
    assert_eq!(outcome.score, Score::Mate(1));
    assert_eq!(outcome.depth, 3);
    assert_eq!(infos.last().unwrap().depth, 3);
    // A depth asked for is searched to.
    let (outcome, _) = run(&mut searcher(1, 1), &pos, depth(7));
    assert_eq!((outcome.score, outcome.depth), (Score::Mate(1), 7));
}

#[test]
fn blocks_and_sees_the_loss_when_both_threats_cannot_be_met() {
    // X X . / X O O / . . .  with O to move: X threatens 2 and 6; O cannot stop both.
    let pos = Ttt::parse("XX.XOO...", Color::Black, false);
    let (outcome, _) = run(&mut searcher(1, 1), &pos, depth(6));
    assert_eq!(outcome.score, Score::Mate(-1));
}

#[test]
fn empty_board_is_a_draw() {
    let pos = Ttt::parse(".........", Color::White, false);
    let (outcome, infos) = run(&mut searcher(1, 1), &pos, depth(9));
    assert_eq!(outcome.score, Score::Cp(0));
    assert_eq!(outcome.depth, 9);
    assert_eq!(infos.last().unwrap().depth, 9);
    assert!(outcome.nodes > 0);
}

#[test]
fn both_actions_of_a_turn_cost_no_depth_and_no_sign_change() {
    // Two placements per turn: X wins at once by filling 1 and 2 in the same turn.
    let pos = Ttt::parse("X..OO....", Color::White, true);
    let (outcome, infos) = run(&mut searcher(1, 1), &pos, depth(1));
    assert!(matches!(outcome.best, Some(1) | Some(2)));
    assert!(
        matches!(outcome.score, Score::Mate(n) if n > 0),
        "{:?}",
        outcome.score
    );
    assert_eq!(infos[0].pv.len(), 2, "{:?}", infos[0].pv);
}

#[test]
fn a_dead_end_mid_turn_is_a_loss_for_that_path() {
    // One empty cell at the start of a two-placement turn: the first placement leaves no
    // second action.
    let pos = Ttt::parse("XOXXOOOX.", Color::White, true);
    let (outcome, _) = run(&mut searcher(1, 1), &pos, depth(2));
    assert_eq!(outcome.best, Some(8));
    assert!(
        matches!(outcome.score, Score::Mate(n) if n <= 0),
        "{:?}",
        outcome.score
    );
}

#[test]
fn moves_forbidden_by_history_are_never_chosen() {
    // Only the centre wins at once (0-4-8).
    let free = Ttt::parse("X.O.....X", Color::White, false);
    let (outcome, _) = run(&mut searcher(1, 1), &free, depth(3));
    assert_eq!((outcome.best, outcome.score), (Some(4), Score::Mate(1)));
    let forbidding = Ttt {
        forbid_centre: true,
        ..free
    };
    let control = Control::new();
    let outcome = searcher(1, 1).search(&forbidding, &[1], &depth(3), &control, &mut |_| {});
    assert_ne!(outcome.best, Some(4));
    assert_ne!(outcome.score, Score::Mate(1));
}

#[test]
fn multipv_lines_are_distinct_and_ordered() {
    let pos = Ttt::parse("XX.OO....", Color::White, false);
    let (_, infos) = run(&mut searcher(1, 3), &pos, depth(5));
    let last: Vec<_> = infos.iter().filter(|i| i.depth == 5).collect();
    assert_eq!(last.len(), 3);
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    let firsts: Vec<u8> = last.iter().map(|i| i.pv[0]).collect();
    assert_eq!(firsts[0], 2);
    assert!(firsts[1] != firsts[0] && firsts[2] != firsts[0] && firsts[1] != firsts[2]);
    let internal = |s: Score| match s {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => MATE - n,
        Score::Mate(n) => -MATE - n,
    };
    assert!(internal(last[0].score) >= internal(last[1].score));
    assert!(internal(last[1].score) >= internal(last[2].score));
}

#[test]
fn searchmoves_restricts_the_root() {
    let pos = Ttt::parse("XX.OO....", Color::White, false);
    let limits = Limits {
        depth: Some(4),
        searchmoves: vec![5, 7],
        ..Limits::default()
    };
    let (outcome, _) = run(&mut searcher(1, 1), &pos, limits);
    assert!(matches!(outcome.best, Some(5) | Some(7)));
}

#[test]
fn threads_agree_with_one_thread() {
    for text in ["XX.OO....", ".........", "X...O....", "XO..X...O"] {
        let pos = Ttt::parse(text, Color::White, false);
        let (single, _) = run(&mut searcher(1, 1), &pos, depth(9));
        let (multi, _) = run(&mut searcher(4, 1), &pos, depth(9));
        assert_eq!(single.score, multi.score, "{text}");
        let mut legal = ArrayVec::<u8, 9>::new();
        pos.legal_moves(&mut legal);
        assert!(legal.contains(&multi.best.unwrap()));
    }
}

#[test]
fn infinite_search_waits_for_stop_and_answers() {
    let pos = Ttt::parse(".........", Color::White, false);
    let control = Control::new();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let mut searcher = searcher(2, 1);
    std::thread::scope(|scope| {
        let control = &control;
        let handle = scope.spawn(move || searcher.search(&pos, &[], &limits, control, &mut |_| {}));
        std::thread::sleep(Duration::from_millis(50));
        assert!(
            !handle.is_finished(),
            "an infinite search must wait for stop"
        );
        control.stop();
        let outcome = handle.join().unwrap();
        assert!(outcome.best.is_some());
    });
}

#[test]
fn pondering_holds_the_answer_until_ponderhit() {
    let pos = Ttt::parse("XX.OO....", Color::White, false);
    let control = Control::new();
    control.pondering.store(true, Ordering::SeqCst);
    let limits = depth(3);
    let mut searcher = searcher(1, 1);
    std::thread::scope(|scope| {
        let control = &control;
        let handle = scope.spawn(move || searcher.search(&pos, &[], &limits, control, &mut |_| {}));
        std::thread::sleep(Duration::from_millis(50));
        assert!(!handle.is_finished());
        control.pondering.store(false, Ordering::SeqCst);
        assert_eq!(handle.join().unwrap().best, Some(2));
    });
}

/// An infinite search of `pos` that only `control`'s stop ends.
fn search_until_stopped(pos: &Ttt, control: &Control) -> Outcome<u8> {
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    searcher(1, 1).search(pos, &[], &limits, control, &mut |_| {})
}

#[test]
fn a_stop_during_the_root_generation_answers_without_searching() {
    // However costly a node's generation, the first root move (ordered before the search) is
    // the answer to a `stop` that came meanwhile: no subtree is searched first.
    let mut pos = Ttt::parse("X...O....", Color::White, false);
    pos.stops_in_generation = true;
    let outcome = search_until_stopped(&pos, &STOPPED_IN_GENERATION);
    assert_eq!(
        GENERATIONS.load(Ordering::SeqCst),
        1,
        "only the root's moves generated"
    );
    pos.stops_in_generation = false;
    assert!(outcome.best.is_some_and(|mv| pos.is_legal(&mv)));
}

#[test]
fn a_stop_during_a_costly_generation_below_the_root_ends_it() {
    // The stop comes halfway through the fifth generation (the root's is the first): the
    // generation asks the search, gives up at once, and the search answers with a root move.
    // A generation that cannot give up would finish its thousand steps first.
    let mut pos = Ttt::parse("X...O....", Color::White, false);
    pos.costly = true;
    let outcome = search_until_stopped(&pos, &STOPPED_IN_COSTLY);
    let steps = STEPS_DONE.load(Ordering::SeqCst);
    assert_eq!(steps, STOP_AT_STEP, "no step of work after the stop");
    pos.costly = false;
    assert!(outcome.best.is_some_and(|mv| pos.is_legal(&mv)));
}

/// The answer from a position whose root list only comes in part by the 200 ms move time
/// (`Ttt::lists_slowly`), its first listed move an illegal one with `lists_an_illegal_move`.
fn answer_from_a_slow_list(lists_an_illegal_move: bool) -> Option<u8> {
    let mut pos = Ttt::parse("X...O....", Color::White, false);
    pos.lists_slowly = true;
    pos.lists_an_illegal_move = lists_an_illegal_move;
    let limits = Limits {
        movetime: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    searcher(1, 1)
        .search(&pos, &[], &limits, &Control::new(), &mut |_| {})
        .best
}

#[test]
fn a_root_list_longer_than_the_clock_allows_is_searched_as_far_as_it_got() {
    // A Serpent among many Pawns can have hundreds of thousands of first moves: the search
    // chooses among those listed by the time the clock says so.
    let best = answer_from_a_slow_list(false);
    assert!(matches!(best, Some(1 | 2)), "{best:?}");
}

#[test]
fn a_move_listed_in_part_that_the_whole_list_would_drop_is_never_the_answer() {
    // The move listed first, taking the opponent's centre, would win: the answer is one of the
    // legal moves listed after it.
    let best = answer_from_a_slow_list(true);
    assert!(matches!(best, Some(1 | 2)), "{best:?}");
}

#[test]
fn no_legal_move_gives_no_best_move() {
    let won = Ttt::parse("XXXOO....", Color::Black, false);
    let (outcome, _) = run(&mut searcher(1, 1), &won, depth(3));
    assert_eq!(outcome.best, None);
    assert_eq!(outcome.score, Score::Mate(0));
    let full = Ttt::parse("XOXXOOOXX", Color::Black, false);
    let (outcome, _) = run(&mut searcher(1, 1), &full, depth(3));
    assert_eq!(outcome.best, None);
    assert_eq!(outcome.score, Score::Cp(0));
}

/// Turns through a network of actions without end, as One's Waves and Starchilds activate each
/// other: from every state `WAYS` actions go on with the turn and `ENDINGS` end it, and a state
/// in progress remembers its whole path, so that no two paths meet and the table merges none:
/// only what the actions cost bounds a search.
#[derive(Clone, Debug)]
struct Network {
    /// The actions since the game's start, hashed.
    path: u64,
    side: Color,
    in_progress: bool,
}

const WAYS: u8 = 6;
const ENDINGS: u8 = 6;

fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Game for Network {
    type Move = u8;
    type MoveList = ArrayVec<u8, 12>;
    const MULTI_ACTION_TURNS: bool = true;

    fn variants() -> &'static [&'static str] {
        &["network"]
    }
    fn start_position(_: &str) -> Result<Self, PositionError> {
        Ok(Network {
            path: 1,
            side: Color::White,
            in_progress: false,
        })
    }
    fn from_position_string(_: &str, _: &str) -> Result<Self, PositionError> {
        Err(PositionError::new("position", "not read"))
    }
    fn position_string(&self) -> String {
        format!("{:x}", self.path)
    }
    fn variant(&self) -> &'static str {
        "network"
    }
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn key(&self) -> u64 {
        let side = if self.side == Color::Black {
            SIDE_KEY
        } else {
            0
        };
        let progress = if self.in_progress { IN_PROGRESS_KEY } else { 0 };
        self.path ^ side ^ progress
    }
    fn legal_moves(&self, out: &mut Self::MoveList) {
        out.extend(0..WAYS + ENDINGS);
    }
    fn play(&self, mv: &u8) -> Self {
        let goes_on = *mv < WAYS;
        Network {
            path: mix(self.path ^ u64::from(*mv + 1)),
            side: if goes_on { self.side } else { !self.side },
            in_progress: goes_on,
        }
    }
    fn turn_in_progress(&self) -> bool {
        self.in_progress
    }
    fn in_check(&self) -> bool {
        false
    }
    fn is_tactical(&self, _: &u8) -> bool {
        false
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
    fn move_to_wire(&self, mv: &u8) -> String {
        mv.to_string()
    }
    fn move_to_human(&self, mv: &u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        Err(MoveError::unparsable(text, "not read"))
    }
    fn board_text(&self) -> String {
        self.position_string()
    }
    fn board_view(&self) -> BoardView {
        BoardView {
            grids: Vec::new(),
            side_names: ["White", "Black"],
            reserves: Vec::new(),
            exits: false,
            left_board: Vec::new(),
            notes: Vec::new(),
        }
    }
    fn move_input(&self, _: &u8) -> MoveInput {
        MoveInput::through(Vec::<String>::new(), [])
    }
}

/// A value from the path, for the side to move.
struct NetworkEval;

impl Evaluator<Network> for NetworkEval {
    type Path = ();

    fn evaluate(&self, pos: &Network) -> i32 {
        (mix(pos.key()) % 201) as i32 - 100
    }
}

#[test]
fn actions_that_go_on_with_a_turn_spend_its_budget_so_an_iteration_ends() {
    // Without a cost, depth 1 alone would walk 6^128 paths; a node limit far above the bound
    // lets that fail rather than run for ever.
    let start = Network::start_position("network").unwrap();
    let mut searcher = Searcher::new(
        NetworkEval,
        Options {
            threads: 1,
            hash_mb: 1,
            ..Options::default()
        },
    );
    for (depth, bound) in [(1, 100), (2, 2_000), (3, 20_000)] {
        let limits = Limits {
            depth: Some(depth),
            nodes: Some(1_000_000),
            ..Limits::default()
        };
        searcher.clear();
        let (outcome, infos) = run_network(&mut searcher, &start, limits);
        assert_eq!(outcome.depth, depth);
        assert!(
            outcome.nodes <= bound,
            "depth {depth}: {} nodes",
            outcome.nodes
        );
        // A whole turn costs one ply, however long: two plies reach the end of the reply.
        if depth >= 2 {
            let line = &infos.last().unwrap().pv;
            let turns_ended = line
                .iter()
                .scan(start.clone(), |pos, mv| {
                    *pos = pos.play(mv);
                    Some(!pos.turn_in_progress())
                })
                .filter(|&ended| ended)
                .count();
            assert!(turns_ended >= 2, "depth {depth}: {line:?}");
        }
    }
}

fn run_network(
    searcher: &mut Searcher<Network, NetworkEval>,
    pos: &Network,
    limits: Limits<u8>,
) -> (Outcome<u8>, Vec<IterationInfo<u8>>) {
    let control = Control::new();
    let mut infos = Vec::new();
    let outcome = searcher.search(pos, &[], &limits, &control, &mut |r| {
        if let Report::Iteration(info) = r {
            infos.push(info);
        }
    });
    (outcome, infos)
}
