//! One search thread: iterative deepening with aspiration windows over a PVS alpha-beta search
//! and a quiescence search, generic over the `Game` seam.
//!
//! Turns made of several actions: when a child state has the same side to move, its score is
//! not negated and no depth is spent on the action: a whole turn, however long, costs one ply,
//! so the reply to a long turn is searched as deep as the reply to a short one. What bounds the
//! search inside a turn is the turn's budget (`TURN_BUDGET`): each action that goes on with the
//! turn spends some of it (`continuation_cost`, more for each later one at a node), and a way on
//! the budget cannot pay for is not searched; the root's turn, the one the search answers with,
//! has a larger budget in deeper iterations. So an iteration's work stays bounded however large
//! the network of actions is. Quiescence at a turn in progress stands pat where the turn can end
//! and searches the tactical actions, never the whole network (`qsearch_turn`). A state with no
//! legal action while a turn is in progress is a dead end, scored as a loss for the path that led
//! there (the mover avoids it).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use crate::core::{complete_turn, repetitions, Game, GameResult, GaveUp, MoveList, MoveSet};

use super::ordering::{move_hash, History, BAD_TACTICAL, COUNTER, GOOD_TACTICAL, KILLER, TT_MOVE};
use super::params::SearchParams;
use super::time::Clock;
use super::tt::{stored_move, Hit, TranspositionTable, NO_MOVE};
use super::{
    Bound, Control, Evaluator, IterationInfo, Limits, Report, Score, INFINITY, MATE, MATE_BOUND,
};

/// Deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 128;
const EVAL_NONE: i32 = -32_768;
/// Quiet evasions quiescence tries in check before it settles for the best score so far.
const QS_QUIET_EVASIONS: usize = 2;
/// The move hash recorded for a null move (countermoves and the "no two nulls" rule read it).
const NULL_HASH: u64 = 0;
/// Most nodes between two looks at the clock and the stop flags.
const POLL_INTERVAL: u64 = 256;
/// The interval shrinks in proportion while polls are further apart than this (games whose
/// nodes generate thousands of moves, cascades of Waves) and doubles below a quarter of it. It
/// starts at one node: a search that began with 256 nodes of a millisecond each between looks
/// at the clock overran a short hard limit by a quarter of a second.
const POLL_EVERY: Duration = Duration::from_millis(2);
/// Nodes the first iteration may spend before a node limit can cut it short: enough to finish
/// it in chess, so that the answer is searched. (`stop` and the hard time limit cut it at once.)
const FIRST_ITERATION_NODES: u64 = 16_384;
/// Quiescence plies after which only tactical moves that gain material are searched, so that
/// games with many material-changing moves (pushes off the board) cannot explode.
const QUIESCENCE_FULL_PLIES: i32 = 4;
/// What a turn's actions that go on with it may spend (`continuation_cost`): four along the
/// best-ordered way, or fewer through later-ordered ones; eight turns at most in progress are
/// searched from a turn's start.
const TURN_BUDGET: i32 = 16;
/// What the root's turn may spend more per ply of the iteration's depth beyond the first.
const ROOT_BUDGET_PER_DEPTH: i32 = 4;
/// What the first action at a node that goes on with the turn costs.
const CONTINUATION_COST: i32 = 4;
/// What each later one at the node costs more than the one before: the best-ordered way on is
/// followed far, the others, other turns, less.
const LATE_CONTINUATION_COST: i32 = 8;
/// How many plies back the moves lie whose continuation history orders a quiet move: the
/// opponent's last move and our own move before it.
const CONTINUATION_PLIES: [usize; 2] = [1, 2];
/// Actions going on with the turn that quiescence tries where no action ends it.
const QS_FORCED_CONTINUATIONS: usize = 2;

/// What every thread of one search shares.
pub struct Shared<'a, G: Game, E: Evaluator<G>> {
    pub tt: &'a TranspositionTable,
    pub eval: &'a E,
    pub control: &'a Control,
    pub limits: &'a Limits<G::Move>,
    /// Set by the main thread when it is done; helpers stop at once.
    pub abort: AtomicBool,
    /// Nodes of each thread, published at every poll.
    pub nodes: Vec<AtomicU64>,
    pub null_move: bool,
    pub multipv: usize,
    /// Late-move reductions by depth and move number, from `params`.
    pub reductions: Vec<[u8; 64]>,
    pub params: SearchParams,
    pub _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game, E: Evaluator<G>> Shared<'_, G, E> {
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

#[derive(Clone)]
pub struct RootMove<M> {
    pub mv: M,
    /// What the transposition table stores for the move (`tt::stored_move`).
    pub stored: u64,
    pub score: i32,
    pub previous_score: i32,
    pub pv: Vec<M>,
    pub seldepth: u32,
    /// Whether `score` was computed at the current depth.
    pub searched: bool,
}

/// A node's best score and move so far; `ply` and `pv_node` say where a new best is recorded
/// as the node's line.
struct Best {
    ply: usize,
    pv_node: bool,
    score: i32,
    /// What the transposition table stores for the best move.
    stored: u64,
}

impl Best {
    fn new(ply: usize, pv_node: bool, score: i32) -> Self {
        Best {
            ply,
            pv_node,
            score,
            stored: NO_MOVE,
        }
    }
}

/// The bound a node's best score is: exact only inside the window of a PV node.
fn node_bound(best_score: i32, original_alpha: i32, beta: i32, pv_node: bool) -> Bound {
    if best_score >= beta {
        Bound::Lower
    } else if pv_node && best_score > original_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// A state one move below a node, as the move loop sees it.
struct Child<'p, G> {
    pos: &'p G,
    /// The move left the turn with the same side (one action of several).
    same_side: bool,
    in_check: bool,
    /// The node's first searched move.
    first: bool,
}

/// The stages of a node's moves, in the order they are tried.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    /// The table's move, before any generation.
    TableMove,
    /// The tactical moves that do not lose material.
    GoodTactical,
    /// The node's moves not tried yet: the quiet moves join the losing tactical ones (every
    /// legal move where the game has no move codes).
    Rest,
}

/// A node's moves, generated stage by stage where the moves have codes (`Game::move_codes`):
/// a cut-off by the table's move or a good tactical move then saves generating the rest.
struct Picker<G: Game> {
    stage: Stage,
    /// Whether the moves come in stages; otherwise `moves` is the full list from the start.
    staged: bool,
    /// The table's move, where it was found without the full list; later stages leave it out.
    table_move: Option<G::Move>,
    /// The index of the table's move in `moves`, or `usize::MAX`.
    table_index: usize,
    /// Whether the table has a move for the node (tried or not).
    has_table_move: bool,
    /// The moves generated so far and their order scores (`i32::MIN` once taken or left out).
    moves: G::MoveList,
    scores: Vec<i32>,
    /// Picks since the moves were last scored, while they are picked by scanning the scores.
    scanned: u32,
    /// The moves not taken in the order they are picked, once sorted, and the next place in it.
    order: Option<Vec<u32>>,
    next: usize,
}

/// Moves picked by scanning the scores before the rest of a node's moves are sorted once: a
/// node that cuts off mostly does so within its first few moves, and one that tries them all
/// (a hundred or more on the large boards) then saves a scan per move.
const PICKS_BEFORE_SORT: u32 = 4;

impl<G: Game> Picker<G> {
    /// `stored` is the table's move for this node (or `NO_MOVE`); `excluded` is the move a
    /// singular-extension search leaves out; `give_up` may cut a costly generation short.
    /// `moves` and `scores` are emptied buffers to fill.
    fn new(
        pos: &G,
        stored: u64,
        excluded: Option<&G::Move>,
        (moves, scores): (G::MoveList, Vec<i32>),
        give_up: &mut dyn FnMut() -> bool,
    ) -> Result<Self, GaveUp> {
        let mut picker = Self {
            stage: Stage::Rest,
            staged: pos.move_codes(),
            table_move: None,
            table_index: usize::MAX,
            has_table_move: stored != NO_MOVE,
            moves,
            scores,
            scanned: 0,
            order: None,
            next: 0,
        };
        picker.moves.clear();
        picker.scores.clear();
        if picker.staged {
            picker.stage = Stage::TableMove;
            if stored != NO_MOVE {
                picker.table_move = pos.move_from_code(stored);
            }
            if let Some(mv) = picker
                .table_move
                .as_ref()
                .filter(|&mv| excluded != Some(mv))
            {
                picker.moves.push(mv.clone());
                picker.scores.push(TT_MOVE);
                picker.table_index = 0;
            }
        } else {
            pos.moves_unless(MoveSet::Legal, &mut picker.moves, give_up)?;
            if let Ok(index) = usize::try_from(stored) {
                picker.table_index = index;
            }
        }
        Ok(picker)
    }
}

impl<G: Game> Picker<G> {
    /// The best-scored move not taken yet if it scores at least `floor`, marked taken: the
    /// highest score, the earliest move among equal ones (as `pick_from`).
    fn pick(&mut self, floor: i32) -> Option<(usize, i32)> {
        if self.order.is_none() {
            if self.scanned < PICKS_BEFORE_SORT {
                self.scanned += 1;
                return pick_from(&mut self.scores, floor);
            }
            let scores = &self.scores;
            let mut order: Vec<u32> = (0..scores.len() as u32)
                .filter(|&i| scores[i as usize] != i32::MIN)
                .collect();
            // Stable: equal scores keep the earlier move first.
            order.sort_by_key(|&i| std::cmp::Reverse(scores[i as usize]));
            self.order = Some(order);
            self.next = 0;
        }
        let order = self.order.as_ref()?;
        while let Some(&i) = order.get(self.next) {
            let score = self.scores[i as usize];
            if score == i32::MIN {
                self.next += 1;
                continue;
            }
            if score < floor {
                return None;
            }
            self.next += 1;
            self.scores[i as usize] = i32::MIN;
            return Some((i as usize, score));
        }
        None
    }

    /// Scores were added or cleared: picking starts again by scanning.
    fn rescored(&mut self) {
        self.scanned = 0;
        self.order = None;
    }
}

struct Frame<M> {
    static_eval: i32,
    move_hash: u64,
    /// The `Game::piece_square` of the move played from this node (`None` for a null move).
    piece_square: Option<usize>,
    killers: [Option<M>; 2],
    /// The move a singular-extension search leaves out of this node.
    excluded: Option<M>,
    /// Double singular extensions on the path to this node, which are capped.
    double_extensions: u32,
    /// What is left of the budget of the turn this node is in (`TURN_BUDGET`).
    turn_budget: i32,
}

/// What the `n`th action (from 0) at a node that goes on with the turn costs.
fn continuation_cost(n: usize) -> i32 {
    CONTINUATION_COST + LATE_CONTINUATION_COST * n.min(1 << 20) as i32
}

pub struct Worker<'a, 'b, G: Game, E: Evaluator<G>> {
    id: usize,
    shared: &'a Shared<'b, G, E>,
    history: &'a mut History<G::Move>,
    /// Keys of every earlier state: the game's history, then the path from the root.
    keys: Vec<u64>,
    stack: Vec<Frame<G::Move>>,
    pv: Vec<Vec<G::Move>>,
    score_buffers: Vec<Vec<i32>>,
    /// A node's move list, kept per ply so that its room is reused rather than grown anew at
    /// every node.
    move_buffers: Vec<G::MoveList>,
    /// The quiet moves a node has searched: their hashes and `Game::piece_square`s.
    quiet_buffers: Vec<Vec<(u64, Option<usize>)>>,
    /// A node's child state, kept per ply so that each move is played into the same room
    /// (`Game::play_into`) instead of built and moved (a state may be large).
    child_buffers: Vec<Option<Box<G>>>,
    pub nodes: u64,
    /// The node count at which to poll next, the current interval, and when it last polled.
    next_poll: u64,
    poll_interval: u64,
    last_poll: Instant,
    node_limit: u64,
    seldepth: usize,
    root_depth: i32,
    pub completed_depth: u32,
    pub stopped: bool,
    pub clock: Option<Clock>,
    reporter: Option<Sender<Report<G::Move>>>,
    pub root_moves: Vec<RootMove<G::Move>>,
    /// The evaluator's state along the current line.
    path: E::Path,
}

impl<'a, 'b, G: Game, E: Evaluator<G>> Worker<'a, 'b, G, E> {
    pub fn new(
        id: usize,
        shared: &'a Shared<'b, G, E>,
        history: &'a mut History<G::Move>,
        game_history: &[u64],
        root_moves: Vec<RootMove<G::Move>>,
        clock: Option<Clock>,
        reporter: Option<Sender<Report<G::Move>>>,
    ) -> Self {
        let mut keys = Vec::with_capacity(game_history.len() + MAX_PLY + 2);
        keys.extend_from_slice(game_history);
        let node_limit = match (shared.limits.nodes, shared.nodes.len()) {
            (Some(limit), 1) => limit,
            _ => u64::MAX,
        };
        Worker {
            id,
            shared,
            history,
            keys,
            stack: (0..MAX_PLY + 2)
                .map(|_| Frame {
                    static_eval: EVAL_NONE,
                    move_hash: 1,
                    piece_square: None,
                    killers: [None, None],
                    excluded: None,
                    double_extensions: 0,
                    turn_budget: TURN_BUDGET,
                })
                .collect(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            score_buffers: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            move_buffers: (0..MAX_PLY + 2).map(|_| G::MoveList::default()).collect(),
            quiet_buffers: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            child_buffers: (0..MAX_PLY + 2).map(|_| None).collect(),
            nodes: 0,
            // The first node looks at the clock and the flags: a `stop` that came during the
            // root's move generation is seen before any work.
            next_poll: 1,
            poll_interval: 1,
            last_poll: Instant::now(),
            node_limit,
            seldepth: 0,
            root_depth: 0,
            completed_depth: 0,
            stopped: false,
            clock,
            reporter,
            root_moves,
            path: E::Path::default(),
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Counts a node and decides whether the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
        if self.nodes >= self.node_limit && self.may_stop() {
            self.stopped = true;
            log::debug!(
                "search {} stopped in depth {}: node limit",
                self.id,
                self.root_depth
            );
        }
        self.stopped
    }

    fn poll(&mut self) {
        let now = Instant::now();
        let since = now - self.last_poll;
        self.last_poll = now;
        if since > POLL_EVERY {
            let scaled = self.poll_interval as f64 * POLL_EVERY.as_secs_f64() / since.as_secs_f64();
            self.poll_interval = (scaled as u64).clamp(1, self.poll_interval / 2 + 1);
        } else if since < POLL_EVERY / 4 {
            self.poll_interval = (self.poll_interval * 2).min(POLL_INTERVAL);
        }
        self.next_poll = self.nodes + self.poll_interval;
        self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        if self.interrupted("") || !self.is_main() || !self.may_stop() {
            return;
        }
        let out_of_nodes = self
            .shared
            .limits
            .nodes
            .is_some_and(|limit| self.all_nodes() >= limit);
        if out_of_nodes {
            self.stopped = true;
            log::debug!("search stopped in depth {}: node limit", self.root_depth);
        }
    }

    /// Whether the search must stop at once, wherever it is (`where_` says where, for the log),
    /// and if so marks it stopped: `stop`, the hard time limit, or for a helper the main thread
    /// done. Past the hard limit, or on `stop`, even an unfinished first root move stops the
    /// search: the root moves are ordered before it starts, so a move is always ready, and one
    /// unsearched is better than a loss on time or an interface kept waiting.
    fn interrupted(&mut self, where_: &str) -> bool {
        if !self.is_main() {
            self.stopped |=
                self.shared.abort.load(Ordering::Relaxed) || self.shared.control.stopped();
            return self.stopped;
        }
        let pondering = self.shared.control.pondering.load(Ordering::Relaxed);
        if let Some(clock) = &mut self.clock {
            clock.observe(pondering);
        }
        let out_of_time = self.clock.as_ref().is_some_and(Clock::hard_expired);
        if out_of_time || self.shared.control.stopped() {
            self.stopped = true;
            let why = if out_of_time {
                "hard time limit"
            } else {
                "stop requested"
            };
            log::debug!("search stopped in depth {}{where_}: {why}", self.root_depth);
        }
        self.stopped
    }

    /// The node's moves of `set`, or `Err` when the search had to stop while they were being
    /// generated (a generation over thousands of cascades outlasts the clock).
    fn generate(&mut self, pos: &G, set: MoveSet, out: &mut G::MoveList) -> Result<(), GaveUp> {
        pos.moves_unless(set, out, &mut || {
            self.interrupted(" inside a move generation")
        })
    }

    /// Whether a node limit may end the search now: after the first iteration, or within it
    /// once a root move has been searched or it has run long (the best root move so far is
    /// played).
    fn may_stop(&self) -> bool {
        self.completed_depth >= 1
            || self.root_moves[0].searched
            || self.nodes >= FIRST_ITERATION_NODES
    }

    /// Nodes of every thread: this one's exact count plus the others' last published ones.
    fn all_nodes(&self) -> u64 {
        let published = self.shared.nodes[self.id].load(Ordering::Relaxed);
        self.shared.total_nodes() - published + self.nodes
    }

    fn evaluate(&mut self, pos: &G, ply: usize) -> i32 {
        self.shared
            .eval
            .evaluate_path(&mut self.path, ply, pos)
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The table's stored evaluation saves evaluating again.
    fn static_eval(&mut self, pos: &G, ply: usize, hit: Option<Hit>) -> i32 {
        match hit {
            Some(h) if h.eval != EVAL_NONE => h.eval,
            _ => self.evaluate(pos, ply),
        }
    }

    /// The score of a state the game decided by its own rule (`Game::decided`), for the side to
    /// move at `ply`.
    fn decided_score(pos: &G, ply: usize) -> Option<i32> {
        let end = pos.decided()?;
        Some(match end.result {
            GameResult::Draw => 0,
            r if r == GameResult::win_for(pos.side_to_move()) => MATE - ply as i32,
            _ => -MATE + ply as i32,
        })
    }

    /// Tells the evaluator's path that `child` was reached from `pos` (at `ply`) by one move.
    /// The caller plays the move itself: the child, borrowed here, is then made where it is
    /// kept instead of being copied there.
    #[inline]
    fn path_play(&mut self, pos: &G, ply: usize, child: &G) {
        self.shared.eval.path_play(&mut self.path, ply, pos, child);
    }

    /// Plays `mv` from `pos` into `slot`, the node's child buffer (made at its first use), and
    /// tells the evaluation's path.
    fn play_child<'s>(
        &mut self,
        pos: &G,
        ply: usize,
        mv: &G::Move,
        slot: &'s mut Option<Box<G>>,
    ) -> &'s G {
        let child = slot.get_or_insert_with(|| Box::new(pos.clone()));
        pos.play_into(mv, child);
        self.path_play(pos, ply, child);
        child
    }

    fn is_draw(&self, pos: &G) -> bool {
        let window = pos.repetition_window();
        pos.halfmove_clock() >= 100
            || (window >= 2 && repetitions(pos.key(), window, &self.keys) > 0)
    }

    fn update_pv(&mut self, ply: usize, mv: &G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv.clone());
        line.extend_from_slice(&tail[0]);
    }

    /// Takes the score of `mv`, move `i` of the node's `legal_moves` list where the game has no
    /// move codes, into the node's best; a new best inside the window becomes the node's line
    /// and raises alpha. Returns whether the move fails high.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn take_score(
        &mut self,
        best: &mut Best,
        alpha: &mut i32,
        beta: i32,
        pos: &G,
        i: usize,
        mv: &G::Move,
        score: i32,
    ) -> bool {
        if score > best.score {
            best.score = score;
            if score > *alpha {
                best.stored = stored_move(pos, mv, i);
                if best.pv_node {
                    self.update_pv(best.ply, mv);
                }
                if score >= beta {
                    return true;
                }
                *alpha = score;
            }
        }
        false
    }

    /// Searches `child` with the window and score seen from this node.
    #[allow(clippy::too_many_arguments)]
    fn child_search(
        &mut self,
        child: &Child<G>,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        let (pos, in_check) = (child.pos, child.in_check);
        if child.same_side {
            self.search(
                pos,
                ply + 1,
                depth,
                alpha,
                beta,
                in_check,
                pv_node,
                cut_node,
            )
        } else {
            -self.search(
                pos,
                ply + 1,
                depth,
                -beta,
                -alpha,
                in_check,
                pv_node,
                cut_node,
            )
        }
    }

    /// Principal variation search of one child: the first move gets the full window; a later
    /// one a null window at `reduction` less depth, searched again at full depth, then with the
    /// full window, only while it beats alpha.
    #[allow(clippy::too_many_arguments)]
    fn pvs_child(
        &mut self,
        child: &Child<G>,
        ply: usize,
        depth: i32,
        reduction: i32,
        alpha: i32,
        beta: i32,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        if child.first {
            return self.child_search(child, ply, depth, alpha, beta, pv_node, false);
        }
        let null_window = alpha + 1;
        let mut score = self.child_search(
            child,
            ply,
            depth - reduction,
            alpha,
            null_window,
            false,
            true,
        );
        if score > alpha && reduction > 0 {
            score = self.child_search(child, ply, depth, alpha, null_window, false, !cut_node);
        }
        if pv_node && score > alpha && score < beta {
            score = self.child_search(child, ply, depth, alpha, beta, true, false);
        }
        score
    }

    /// Gives a node's buffers back for the next node at `ply`.
    fn keep_buffers(
        &mut self,
        ply: usize,
        picker: Picker<G>,
        quiets: Vec<(u64, Option<usize>)>,
        child: Option<Box<G>>,
    ) {
        self.move_buffers[ply] = picker.moves;
        self.score_buffers[ply] = picker.scores;
        self.quiet_buffers[ply] = quiets;
        self.child_buffers[ply] = child;
    }

    /// Orders the moves of a node that have no score yet: the table's move (`table_index`;
    /// `table_move`, tried already, is left out), good tactical moves by exchange value,
    /// killers, the countermove, quiet moves by history, then losing tactical moves.
    fn score_moves(&self, pos: &G, ply: usize, picker: &mut Picker<G>) {
        let side = pos.side_to_move();
        let killers = &self.stack[ply].killers;
        let counter = if ply > 0 && picker.stage == Stage::Rest {
            self.history.counter(side, self.stack[ply - 1].move_hash)
        } else {
            None
        };
        let earlier = self.earlier_piece_squares(ply);
        let scores = &mut picker.scores;
        let start = scores.len();
        for (i, mv) in picker.moves.as_slice().iter().enumerate().skip(start) {
            let score = if i == picker.table_index {
                TT_MOVE
            } else if picker.table_move.as_ref() == Some(mv) {
                i32::MIN
            } else if pos.is_tactical(mv) {
                let gain = self.shared.eval.capture_order(pos, mv);
                if gain >= 0 {
                    GOOD_TACTICAL + gain
                } else {
                    BAD_TACTICAL + gain
                }
            } else if killers[0].as_ref() == Some(mv) {
                KILLER
            } else if killers[1].as_ref() == Some(mv) {
                KILLER - 1
            } else if counter == Some(mv) {
                COUNTER
            } else {
                self.history.score(side, move_hash(mv)) + self.continuation_score(pos, &earlier, mv)
            };
            scores.push(score);
        }
        picker.rescored();
    }

    /// The `Game::piece_square`s of the moves played `CONTINUATION_PLIES` before `ply`'s.
    fn earlier_piece_squares(&self, ply: usize) -> [Option<usize>; CONTINUATION_PLIES.len()] {
        CONTINUATION_PLIES.map(|back| {
            ply.checked_sub(back)
                .and_then(|p| self.stack[p].piece_square)
        })
    }

    /// What the continuation history says of quiet move `mv` after the `earlier` moves.
    fn continuation_score(&self, pos: &G, earlier: &[Option<usize>], mv: &G::Move) -> i32 {
        let Some(current) = pos.piece_square(mv) else {
            return 0;
        };
        earlier
            .iter()
            .flatten()
            .map(|&previous| self.history.continuation(previous, current))
            .sum()
    }

    /// The next move of the node (its index in `picker.moves`) and its order score, going on
    /// to the next stage when one is used up.
    fn next_move(&mut self, pos: &G, ply: usize, picker: &mut Picker<G>) -> Option<(usize, i32)> {
        loop {
            // Losing tactical moves wait for the quiet ones.
            let floor = if picker.stage == Stage::GoodTactical {
                GOOD_TACTICAL
            } else {
                i32::MIN + 1
            };
            if let Some(next) = picker.pick(floor) {
                return Some(next);
            }
            match picker.stage {
                Stage::TableMove => {
                    picker.stage = Stage::GoodTactical;
                    picker.moves.clear();
                    picker.scores.clear();
                    picker.rescored();
                    picker.table_index = usize::MAX;
                    if self
                        .generate(pos, MoveSet::Tactical, &mut picker.moves)
                        .is_err()
                    {
                        return None;
                    }
                }
                Stage::GoodTactical => {
                    picker.stage = Stage::Rest;
                    pos.quiet_moves(&mut picker.moves);
                }
                Stage::Rest => return None,
            }
            self.score_moves(pos, ply, picker);
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &mut self,
        pos: &G,
        ply: usize,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        in_check: bool,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(pos, ply, 0, alpha, beta, in_check, pv_node);
        }
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_progress = pos.turn_in_progress();
        if ply > 0 {
            if let Some(score) = Self::decided_score(pos, ply) {
                return score;
            }
            if self.is_draw(pos) {
                return 0;
            }
            if ply >= MAX_PLY {
                return if in_check { 0 } else { self.evaluate(pos, ply) };
            }
            // No line from here can be better than mating at once or worse than being mated now.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let key = pos.key();
        let excluded = self.stack[ply].excluded.clone();
        let hit = self.shared.tt.probe(key, ply);
        if let Some(h) = hit {
            if !pv_node && excluded.is_none() && h.depth >= depth && h.settles(alpha, beta) {
                return h.score;
            }
        }
        if ply > 0 && excluded.is_none() {
            self.stack[ply].double_extensions = self.stack[ply - 1].double_extensions;
        }

        let static_eval = if in_check {
            EVAL_NONE
        } else {
            self.static_eval(pos, ply, hit)
        };
        // The table's score bounds the static guess where it is more informed.
        let eval = match hit {
            Some(h) if static_eval != EVAL_NONE && h.score.abs() < MATE_BOUND => match h.bound {
                Bound::Lower if h.score > static_eval => h.score,
                Bound::Upper if h.score < static_eval => h.score,
                Bound::Exact => h.score,
                _ => static_eval,
            },
            _ => static_eval,
        };
        self.stack[ply].static_eval = static_eval;
        let improving = ply >= 2
            && static_eval != EVAL_NONE
            && self.stack[ply - 2].static_eval != EVAL_NONE
            && static_eval > self.stack[ply - 2].static_eval;
        self.stack[ply + 1].killers = [None, None];

        let params = self.shared.params;
        if !pv_node && !in_check && !in_progress && ply > 0 && excluded.is_none() {
            // Reverse futility: far above beta with little depth left.
            let margin =
                params.rfp_margin * depth - if improving { params.rfp_improving } else { 0 };
            if depth <= params.rfp_max_depth && eval - margin >= beta && eval < MATE_BOUND {
                return eval;
            }
            // Null move: if passing still fails high, a real move will too (zugzwang aside).
            if self.shared.null_move
                && depth >= params.nmp_min_depth
                && eval >= beta
                && beta > -MATE_BOUND
                && self.stack[ply - 1].move_hash != NULL_HASH
                && self.shared.eval.zugzwang_unlikely(pos)
            {
                if let Some(null) = pos.null_move() {
                    self.path_play(pos, ply, &null);
                    let r = params.nmp_base
                        + depth / params.nmp_depth_divisor
                        + ((eval - beta) / params.nmp_eval_divisor).min(3);
                    self.stack[ply].move_hash = NULL_HASH;
                    self.stack[ply].piece_square = None;
                    self.stack[ply + 1].turn_budget = TURN_BUDGET;
                    self.keys.push(key);
                    let null_in_check = null.in_check();
                    let score = -self.search(
                        &null,
                        ply + 1,
                        depth - r,
                        -beta,
                        -beta + 1,
                        null_in_check,
                        false,
                        !cut_node,
                    );
                    self.keys.pop();
                    if self.stopped {
                        return 0;
                    }
                    if score >= beta {
                        return if score >= MATE_BOUND { beta } else { score };
                    }
                }
            }
        }

        let buffers = (
            std::mem::take(&mut self.move_buffers[ply]),
            std::mem::take(&mut self.score_buffers[ply]),
        );
        let Ok(mut picker) = Picker::new(
            pos,
            hit.map_or(NO_MOVE, |h| h.mv),
            excluded.as_ref(),
            buffers,
            &mut || self.interrupted(" inside a move generation"),
        ) else {
            return 0;
        };
        if !picker.staged {
            self.score_moves(pos, ply, &mut picker);
        }
        // Without a table move, a cheaper first look at this node finds one for next time.
        let depth = if !picker.has_table_move
            && excluded.is_none()
            && depth >= params.iir_min_depth
            && (pv_node || cut_node)
        {
            depth - 1
        } else {
            depth
        };

        let mut quiets = std::mem::take(&mut self.quiet_buffers[ply]);
        quiets.clear();
        let mut child_slot = self.child_buffers[ply].take();

        let side = pos.side_to_move();
        let original_alpha = alpha;
        let mut best = Best::new(ply, pv_node, -INFINITY);
        let mut legal = 0usize;
        let mut searched = 0usize;
        let mut continuations = 0usize;
        let turn_budget = self.stack[ply].turn_budget;
        let mut may_end = None;
        let mut skip_quiets = false;
        let lmp_limit = (params.lmp_base + depth * depth) as usize / if improving { 1 } else { 2 };

        while let Some((i, move_score)) = self.next_move(pos, ply, &mut picker) {
            let mv = &picker.moves.as_slice()[i];
            if excluded.as_ref() == Some(mv) || pos.forbidden_by_history(mv, &self.keys) {
                continue;
            }
            legal += 1;
            // Singular extension: when every other move fails well below the table's score,
            // the table's move is searched deeper; when even those beat beta, the node is cut.
            let mut singular = 0;
            if let Some(h) = hit.filter(|h| {
                i == picker.table_index
                    && ply > 0
                    && excluded.is_none()
                    && !in_progress
                    && depth >= params.singular_min_depth
                    && h.depth >= depth - 3
                    && h.bound != Bound::Upper
                    && h.score.abs() < MATE_BOUND
            }) {
                let singular_beta = h.score - params.singular_margin * depth;
                self.stack[ply].excluded = Some(mv.clone());
                let score = self.search(
                    pos,
                    ply,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    in_check,
                    false,
                    cut_node,
                );
                self.stack[ply].excluded = None;
                if self.stopped {
                    self.keep_buffers(ply, picker, quiets, child_slot);
                    return 0;
                }
                if score < singular_beta {
                    singular = 1;
                    if !pv_node
                        && score < singular_beta - params.singular_double_margin
                        && self.stack[ply].double_extensions < 6
                    {
                        singular = 2;
                        self.stack[ply].double_extensions += 1;
                    }
                } else if singular_beta >= beta {
                    self.keep_buffers(ply, picker, quiets, child_slot);
                    return singular_beta;
                } else if h.score >= beta {
                    singular = -1;
                }
            }
            let tactical = pos.is_tactical(mv);
            // Where the game tells the check a move gives without playing it, a move pruned
            // below is never played.
            let known_check = pos.gives_check(mv);
            let played_first = known_check.is_none();
            let mut played_in_check = None;
            let mut same_side = false;
            if played_first {
                let child = self.play_child(pos, ply, mv, &mut child_slot);
                played_in_check = Some(child.in_check());
                same_side = child.side_to_move() == side;
            }
            let gives_check = known_check.unwrap_or(played_in_check == Some(true) && !same_side);

            let mut child_budget = TURN_BUDGET;
            let mut new_depth = depth - 1;
            if same_side {
                child_budget = turn_budget - continuation_cost(continuations);
                new_depth = depth;
                if child_budget < 0 {
                    // Beyond the budget only a node that has nothing better and no action that
                    // ends the turn looks on, and only by quiescence.
                    if best.score > -MATE_BOUND || *may_end.get_or_insert_with(|| ends_turn(pos)) {
                        continue;
                    }
                    new_depth = 0;
                }
                continuations += 1;
            } else if ply > 0 && !in_check && best.score > -MATE_BOUND {
                // A quiet check is never pruned: in games with many long-range pieces a quiet
                // mate in one is common, and pruning it lets even a 1-ply player mate us.
                if !tactical && !gives_check {
                    if skip_quiets {
                        continue;
                    }
                    if depth <= params.lmp_max_depth && quiets.len() >= lmp_limit {
                        skip_quiets = true;
                        continue;
                    }
                    let lmr_depth = (depth
                        - 1
                        - i32::from(
                            self.shared.reductions[depth.min(63) as usize][searched.min(63)],
                        ))
                    .max(0);
                    if lmr_depth <= params.futility_max_depth
                        && static_eval != EVAL_NONE
                        && move_score < COUNTER
                        && eval + params.futility_base + params.futility_per_depth * lmr_depth
                            <= alpha
                    {
                        continue;
                    }
                    if lmr_depth <= params.see_quiet_max_depth
                        && self.shared.eval.capture_order(pos, mv)
                            < -params.see_quiet_margin * lmr_depth * lmr_depth
                    {
                        continue;
                    }
                } else if tactical
                    && depth <= params.see_tactical_max_depth
                    && move_score < TT_MOVE
                    && move_score - BAD_TACTICAL < -params.see_tactical_margin * depth
                    && move_score < GOOD_TACTICAL
                {
                    continue;
                }
            }

            let extension = if singular != 0 {
                singular
            } else {
                i32::from(gives_check && ply < 2 * self.root_depth as usize)
            };
            if !same_side {
                new_depth += extension;
            }
            let child = if played_first {
                child_slot.as_deref().expect("played above")
            } else {
                self.play_child(pos, ply, mv, &mut child_slot)
            };
            let child_in_check = played_in_check.unwrap_or_else(|| child.in_check());
            let hash = move_hash(mv);
            self.stack[ply].move_hash = hash;
            let piece_square = pos.piece_square(mv);
            self.stack[ply].piece_square = piece_square;
            self.stack[ply + 1].turn_budget = child_budget;
            self.keys.push(key);
            searched += 1;

            let mut reduction = 0;
            if depth >= 3 && searched > 1 + usize::from(pv_node) && !same_side {
                if !tactical {
                    reduction =
                        i32::from(self.shared.reductions[depth.min(63) as usize][searched.min(63)]);
                    reduction -= i32::from(pv_node);
                    reduction += i32::from(!improving);
                    reduction += i32::from(cut_node);
                    reduction -= i32::from(move_score >= COUNTER);
                    reduction -= i32::from(child_in_check);
                    reduction -= move_score.clamp(-16_000, 16_000) / params.lmr_history_divisor;
                } else if move_score < GOOD_TACTICAL {
                    reduction = 1;
                }
                reduction = reduction.clamp(0, (new_depth - 1).max(0));
            }
            let score = self.pvs_child(
                &Child {
                    pos: child,
                    same_side,
                    in_check: child_in_check,
                    first: searched == 1,
                },
                ply,
                new_depth,
                reduction,
                alpha,
                beta,
                pv_node,
                cut_node,
            );
            self.keys.pop();
            if self.stopped {
                self.keep_buffers(ply, picker, quiets, child_slot);
                return 0;
            }

            if self.take_score(&mut best, &mut alpha, beta, pos, i, mv, score) {
                if !tactical {
                    self.reward_quiet(pos, ply, depth, mv, (hash, piece_square), &quiets);
                }
                break;
            }
            if !tactical {
                quiets.push((hash, piece_square));
            }
        }
        self.keep_buffers(ply, picker, quiets, child_slot);
        if self.stopped {
            return 0;
        }

        if legal == 0 && excluded.is_some() {
            return alpha;
        }
        if legal == 0 {
            // A turn in progress with no way on is a dead end for this path; otherwise the game
            // has no legal move: mate when in check, stalemate otherwise.
            return if in_progress || in_check {
                -MATE + ply as i32
            } else {
                0
            };
        }
        if searched == 0 {
            // Everything was pruned: fail low with the static guess.
            return alpha;
        }
        if excluded.is_some() {
            // Not the node's true score: the table keeps the full search's.
            return best.score;
        }
        let bound = node_bound(best.score, original_alpha, beta, pv_node);
        self.shared
            .tt
            .store(key, ply, best.stored, best.score, static_eval, depth, bound);
        best.score
    }

    fn reward_quiet(
        &mut self,
        pos: &G,
        ply: usize,
        depth: i32,
        mv: &G::Move,
        (hash, piece_square): (u64, Option<usize>),
        quiets: &[(u64, Option<usize>)],
    ) {
        let side = pos.side_to_move();
        let frame = &mut self.stack[ply];
        if frame.killers[0].as_ref() != Some(mv) {
            frame.killers[1] = frame.killers[0].take();
            frame.killers[0] = Some(mv.clone());
        }
        let bonus = self.shared.params.history_bonus(depth);
        self.history.update(side, hash, bonus);
        for &(other, _) in quiets {
            self.history.update(side, other, -bonus);
        }
        for previous in self.earlier_piece_squares(ply).into_iter().flatten() {
            if let Some(current) = piece_square {
                self.history.update_continuation(previous, current, bonus);
            }
            for &(_, other) in quiets {
                if let Some(other) = other {
                    self.history.update_continuation(previous, other, -bonus);
                }
            }
        }
        if ply > 0 {
            let previous = self.stack[ply - 1].move_hash;
            if previous != NULL_HASH {
                self.history.set_counter(side, previous, mv);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn qsearch(
        &mut self,
        pos: &G,
        ply: usize,
        qply: i32,
        alpha: i32,
        beta: i32,
        in_check: bool,
        pv_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(score) = Self::decided_score(pos, ply) {
            return score;
        }
        if pos.halfmove_clock() >= 100 {
            return 0;
        }
        if ply >= MAX_PLY {
            return if in_check { 0 } else { self.evaluate(pos, ply) };
        }
        let key = pos.key();
        let hit = self.shared.tt.probe(key, ply);
        if let Some(h) = hit {
            if !pv_node && h.settles(alpha, beta) {
                return h.score;
            }
        }
        if pos.turn_in_progress() {
            return self.qsearch_turn(pos, ply, qply, alpha, beta, pv_node, hit);
        }
        // Out of check only the tactical moves are searched, so only they are generated; the
        // table's move is used there only where the game says so: without move codes it is an
        // index into the full list and means nothing in theirs.
        let all_moves = in_check;
        let table_move = hit
            .filter(|_| all_moves || pos.quiescence_table_move())
            .map_or(NO_MOVE, |h| h.mv);

        let static_eval = if in_check {
            EVAL_NONE
        } else {
            self.static_eval(pos, ply, hit)
        };
        // Standing pat needs no moves: where generation is costly (cascades of Waves) most
        // quiescence nodes end here.
        if !all_moves && static_eval >= beta {
            return static_eval;
        }
        let mut list = std::mem::take(&mut self.move_buffers[ply]);
        list.clear();
        let set = if all_moves {
            MoveSet::Legal
        } else {
            MoveSet::Quiescence
        };
        if self.generate(pos, set, &mut list).is_err() {
            return 0;
        }
        let score = self.qsearch_moves(
            pos,
            ply,
            qply,
            alpha,
            beta,
            in_check,
            pv_node,
            (key, static_eval, table_move),
            list.as_slice(),
        );
        self.move_buffers[ply] = list;
        score
    }

    /// `qsearch` once its node's `moves` are listed.
    #[allow(clippy::too_many_arguments)]
    fn qsearch_moves(
        &mut self,
        pos: &G,
        ply: usize,
        qply: i32,
        mut alpha: i32,
        beta: i32,
        in_check: bool,
        pv_node: bool,
        (key, static_eval, table_move): (u64, i32, u64),
        moves: &[G::Move],
    ) -> i32 {
        let all_moves = in_check;
        if moves.is_empty() && all_moves {
            return -MATE + ply as i32;
        }

        let best_score;
        if in_check {
            best_score = -INFINITY;
        } else {
            if static_eval >= beta {
                return static_eval;
            }
            alpha = alpha.max(static_eval);
            best_score = static_eval;
        }

        let mut scores = std::mem::take(&mut self.score_buffers[ply]);
        scores.clear();
        let mut child_slot = self.child_buffers[ply].take();
        let side = pos.side_to_move();
        for (i, mv) in moves.iter().enumerate() {
            let score = if table_move != NO_MOVE
                && stored_move(pos, mv, i) == table_move
                && (in_check || pos.is_tactical(mv))
            {
                TT_MOVE
            } else if pos.is_tactical(mv) {
                // In check every evasion counts.
                self.quiescence_tactical_order(pos, mv, static_eval, alpha, qply, in_check)
            } else if in_check {
                self.history.score(side, move_hash(mv))
            } else {
                i32::MIN
            };
            scores.push(score);
        }

        let original_alpha = alpha;
        let mut best = Best::new(ply, pv_node, best_score);
        let mut legal_tried = 0usize;
        while let Some((i, _)) = pick(&mut scores) {
            let mv = &moves[i];
            if pos.forbidden_by_history(mv, &self.keys) {
                continue;
            }
            // Once a check is known not to mate, further quiet evasions are skipped: in games
            // where a check leaves a hundred replies, searching them all at every checking
            // capture makes quiescence explode.
            if in_check
                && legal_tried >= QS_QUIET_EVASIONS
                && best.score > -MATE_BOUND
                && !pos.is_tactical(mv)
            {
                continue;
            }
            legal_tried += 1;
            let child = self.play_child(pos, ply, mv, &mut child_slot);
            let same_side = child.side_to_move() == side;
            let child_in_check = child.in_check();
            self.keys.push(key);
            let score = self.qsearch_child(
                child,
                same_side,
                ply,
                qply,
                alpha,
                beta,
                child_in_check,
                pv_node,
            );
            self.keys.pop();
            if self.stopped {
                self.score_buffers[ply] = scores;
                self.child_buffers[ply] = child_slot;
                return 0;
            }
            if self.take_score(&mut best, &mut alpha, beta, pos, i, mv, score) {
                break;
            }
        }
        self.score_buffers[ply] = scores;
        self.child_buffers[ply] = child_slot;
        if in_check && legal_tried == 0 {
            return -MATE + ply as i32;
        }
        let bound = node_bound(best.score, original_alpha, beta, pv_node);
        let stored = if all_moves || pos.quiescence_table_move() {
            best.stored
        } else {
            NO_MOVE
        };
        self.shared
            .tt
            .store(key, ply, stored, best.score, static_eval, 0, bound);
        best.score
    }

    /// A tactical move's place in quiescence's order: by what it wins, or never searched
    /// (`i32::MIN`) unless `keep_all`, where it cannot help: a losing exchange cannot raise a
    /// quiet position's score, nor a gain that leaves it below alpha, nor, after the first
    /// plies, one that wins nothing.
    fn quiescence_tactical_order(
        &self,
        pos: &G,
        mv: &G::Move,
        static_eval: i32,
        alpha: i32,
        qply: i32,
        keep_all: bool,
    ) -> i32 {
        let gain = self.shared.eval.capture_order(pos, mv);
        let useless = gain < 0
            || static_eval + gain + self.shared.params.qs_futility_margin <= alpha
            || (gain == 0 && qply >= QUIESCENCE_FULL_PLIES);
        if useless && !keep_all {
            i32::MIN
        } else {
            GOOD_TACTICAL + gain
        }
    }

    /// Quiescence of `child` with the window and score seen from its parent at `ply`.
    #[allow(clippy::too_many_arguments)]
    fn qsearch_child(
        &mut self,
        child: &G,
        same_side: bool,
        ply: usize,
        qply: i32,
        alpha: i32,
        beta: i32,
        in_check: bool,
        pv_node: bool,
    ) -> i32 {
        if same_side {
            self.qsearch(child, ply + 1, qply + 1, alpha, beta, in_check, pv_node)
        } else {
            -self.qsearch(child, ply + 1, qply + 1, -beta, -alpha, in_check, pv_node)
        }
    }

    /// Quiescence at a turn in progress (`qsearch` past its table probe). The turn may stop at
    /// the static value of the state so far (the piece in the air counted) where an action ends
    /// it; beyond that only the tactical actions are searched, and at the first quiescence ply
    /// the actions that end the turn giving check, so that a turn ending in mate is seen at the
    /// horizon. Where no action ends the turn, a few of the ways on are tried: the network of
    /// actions is never walked whole, and a state left unresolved is taken at its static value.
    #[allow(clippy::too_many_arguments)]
    fn qsearch_turn(
        &mut self,
        pos: &G,
        ply: usize,
        qply: i32,
        mut alpha: i32,
        beta: i32,
        pv_node: bool,
        hit: Option<Hit>,
    ) -> i32 {
        let mut moves = G::MoveList::default();
        if self.generate(pos, MoveSet::Legal, &mut moves).is_err() {
            return 0;
        }
        let moves = moves.as_slice();
        if moves.is_empty() {
            return -MATE + ply as i32;
        }
        let ends: Vec<bool> = moves.iter().map(|mv| pos.ends_turn(mv)).collect();
        let may_end = ends.contains(&true);
        let static_eval = self.static_eval(pos, ply, hit);
        let mut best_score = -INFINITY;
        if may_end {
            if static_eval >= beta {
                return static_eval;
            }
            alpha = alpha.max(static_eval);
            best_score = static_eval;
        } else if qply >= QUIESCENCE_FULL_PLIES {
            return static_eval;
        }

        let table_move = hit.map_or(NO_MOVE, |h| h.mv);
        let side = pos.side_to_move();
        let mut scores = std::mem::take(&mut self.score_buffers[ply]);
        scores.clear();
        let mut child_slot = self.child_buffers[ply].take();
        for (i, mv) in moves.iter().enumerate() {
            let score = if pos.is_tactical(mv) {
                self.quiescence_tactical_order(pos, mv, static_eval, alpha, qply, false)
            } else if !ends[i] {
                if may_end {
                    i32::MIN
                } else {
                    self.history.score(side, move_hash(mv))
                }
            } else if qply == 0 {
                // Searched only if it gives check.
                self.history.score(side, move_hash(mv))
            } else {
                i32::MIN
            };
            let table = score != i32::MIN && stored_move(pos, mv, i) == table_move;
            scores.push(if table { TT_MOVE } else { score });
        }

        let key = pos.key();
        let original_alpha = alpha;
        let mut best = Best::new(ply, pv_node, best_score);
        let mut forced = 0usize;
        let mut unresolved = false;
        while let Some((i, _)) = pick(&mut scores) {
            let mv = &moves[i];
            if pos.forbidden_by_history(mv, &self.keys) {
                continue;
            }
            let tactical = pos.is_tactical(mv);
            if !ends[i] && !tactical {
                if forced >= QS_FORCED_CONTINUATIONS {
                    unresolved = true;
                    continue;
                }
                forced += 1;
            }
            let child = self.play_child(pos, ply, mv, &mut child_slot);
            let child_in_check = child.in_check();
            if ends[i] && !tactical && !child_in_check {
                continue;
            }
            self.keys.push(key);
            let score = self.qsearch_child(
                child,
                child.side_to_move() == side,
                ply,
                qply,
                alpha,
                beta,
                child_in_check,
                pv_node,
            );
            self.keys.pop();
            if self.stopped {
                self.score_buffers[ply] = scores;
                self.child_buffers[ply] = child_slot;
                return 0;
            }
            if self.take_score(&mut best, &mut alpha, beta, pos, i, mv, score) {
                break;
            }
        }
        self.score_buffers[ply] = scores;
        self.child_buffers[ply] = child_slot;
        if best.score <= -MATE_BOUND && (unresolved || best.score == -INFINITY) {
            // The ways on tried lead nowhere, others were not tried: no verdict.
            return static_eval;
        }
        let bound = node_bound(best.score, original_alpha, beta, pv_node);
        self.shared
            .tt
            .store(key, ply, best.stored, best.score, static_eval, 0, bound);
        best.score
    }

    /// Searches the root moves from `first` on (earlier ones are the MultiPV lines already
    /// found at this depth) and sorts them by score.
    fn root_search(
        &mut self,
        root: &G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        first: usize,
    ) -> i32 {
        self.pv[0].clear();
        let side = root.side_to_move();
        let key = root.key();
        let mut best_score = -INFINITY;
        let mut continuations = 0;
        let root_budget = TURN_BUDGET + ROOT_BUDGET_PER_DEPTH * (depth - 1);
        for i in first..self.root_moves.len() {
            let mv = self.root_moves[i].mv.clone();
            if self.is_main() && depth >= 12 {
                if let Some(clock) = &self.clock {
                    if clock.elapsed() > Duration::from_secs(3) {
                        self.send(Report::CurrMove {
                            depth: depth as u32,
                            mv: mv.clone(),
                            number: i + 1,
                        });
                    }
                }
            }
            let child = root.play(&mv);
            self.path_play(root, 0, &child);
            let same_side = child.side_to_move() == side;
            let child_in_check = child.in_check();
            let extension = i32::from(child_in_check && !same_side);
            // Every root move is searched: one the budget cannot pay for goes on with the
            // endings of its action only.
            let (new_depth, child_budget) = if same_side {
                continuations += 1;
                let budget = root_budget - continuation_cost(continuations - 1);
                (depth, budget.max(0))
            } else {
                (depth - 1 + extension, TURN_BUDGET)
            };
            self.stack[0].move_hash = move_hash(&mv);
            self.stack[0].piece_square = root.piece_square(&mv);
            self.stack[1].turn_budget = child_budget;
            self.keys.push(key);
            self.seldepth = 0;
            let score = self.pvs_child(
                &Child {
                    pos: &child,
                    same_side,
                    in_check: child_in_check,
                    first: i == first,
                },
                0,
                new_depth,
                0,
                alpha,
                beta,
                true,
                false,
            );
            self.keys.pop();
            if self.stopped {
                break;
            }
            let root_move = &mut self.root_moves[i];
            root_move.searched = true;
            if i == first || score > alpha {
                root_move.score = score;
                root_move.seldepth = self.seldepth as u32;
                root_move.pv.clear();
                root_move.pv.push(mv.clone());
                root_move.pv.extend_from_slice(&self.pv[1]);
            } else {
                root_move.score = -INFINITY;
            }
            best_score = best_score.max(score);
            if score > alpha {
                if score >= beta {
                    break;
                }
                alpha = score;
            }
        }
        // Stable: among equal scores the earlier (better ordered) move stays first.
        self.root_moves[first..].sort_by_key(|m| std::cmp::Reverse(m.score));
        if !self.stopped && first == 0 {
            let best = &self.root_moves[0];
            let bound = if best_score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.shared
                .tt
                .store(key, 0, best.stored, best_score, EVAL_NONE, depth, bound);
        }
        best_score
    }

    fn send(&self, report: Report<G::Move>) {
        if let Some(reporter) = &self.reporter {
            // The receiver lives until the search returns.
            let _ = reporter.send(report);
        }
    }

    fn info(&self, line: usize, depth: u32, bound: Bound) -> IterationInfo<G::Move> {
        let root_move = &self.root_moves[line];
        let nodes = self.all_nodes();
        let time = self
            .clock
            .as_ref()
            .map_or(Duration::ZERO, |clock| clock.elapsed());
        let nps = (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64;
        IterationInfo {
            depth,
            seldepth: root_move.seldepth.max(depth),
            multipv: line + 1,
            score: Score::from_internal(root_move.score),
            bound,
            nodes,
            nps,
            hashfull: self.shared.tt.hashfull(),
            time,
            pv: root_move.pv.clone(),
        }
    }

    /// This iteration's `lines` best lines as reports. Where turns are built from actions, each
    /// line's PV begins with a whole turn, completed as the answer is where the line stops
    /// mid-turn, and a line whose first turn ends where a better line's does is left out: the
    /// lines rank distinct turns, not first actions.
    fn line_reports(&self, root: &G, lines: usize, depth: u32) -> Vec<IterationInfo<G::Move>> {
        let mut reports: Vec<IterationInfo<G::Move>> = Vec::with_capacity(lines);
        let mut turns_ended = Vec::with_capacity(lines);
        for line in 0..lines {
            let mut info = self.info(line, depth, Bound::Exact);
            if root.multi_action_turns() {
                let (pv, ended) = self.whole_first_turn(root, &info.pv);
                if let Some(key) = ended {
                    if turns_ended.contains(&key) {
                        continue;
                    }
                    turns_ended.push(key);
                }
                info.pv = pv;
                info.multipv = reports.len() + 1;
            }
            reports.push(info);
        }
        reports
    }

    /// `pv` from `root` with its first turn whole (completed by `completion_order` where `pv`
    /// stops mid-turn), and the key of the state where that turn ends; `pv` as it is and `None`
    /// when no turn can be completed from where it stops.
    fn whole_first_turn(&self, root: &G, pv: &[G::Move]) -> (Vec<G::Move>, Option<u64>) {
        let mut state = root.clone();
        let mut actions = Vec::new();
        // The search's own line: legal as it stands.
        for mv in pv {
            actions.push(mv.clone());
            state = state.play(mv);
            if !state.turn_in_progress() {
                return (pv.to_vec(), Some(state.key()));
            }
        }
        let mut order = |state: &G, moves: &[G::Move]| {
            super::completion_order(self.shared.tt, self.shared.eval, state, moves)
        };
        match complete_turn(&state, &mut actions, &mut order) {
            Some(end) => (actions, Some(end.key())),
            None => (pv.to_vec(), None),
        }
    }

    /// Iterative deepening. Helper threads skip some depths so that threads spread over depths.
    pub fn iterate(&mut self, root: &G, max_depth: u32) {
        self.shared.eval.path_root(&mut self.path, root);
        let multipv = self.shared.multipv.min(self.root_moves.len()).max(1);
        let mut best_changes = 0u32;
        let mut stable_iterations = 0u32;
        let mut depth = 0u32;
        if self.shared.control.stopped() {
            self.stopped = true;
            if self.is_main() {
                log::debug!("search stopped before depth 1: stop requested");
            }
            return;
        }
        while depth < max_depth {
            depth += 1;
            if !self.is_main() && skip_depth(self.id, depth) {
                continue;
            }
            self.root_depth = depth as i32;
            for root_move in &mut self.root_moves {
                root_move.previous_score = root_move.score;
                root_move.searched = false;
            }
            let previous_best = self.root_moves[0].mv.clone();
            for line in 0..multipv {
                let previous = self.root_moves[line].previous_score;
                let mut delta = self.shared.params.aspiration_window;
                let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < MATE_BOUND {
                    (
                        (previous - delta).max(-INFINITY),
                        (previous + delta).min(INFINITY),
                    )
                } else {
                    (-INFINITY, INFINITY)
                };
                loop {
                    let score = self.root_search(root, depth as i32, alpha, beta, line);
                    if self.stopped {
                        break;
                    }
                    let bound = if score <= alpha {
                        Bound::Upper
                    } else if score >= beta {
                        Bound::Lower
                    } else {
                        Bound::Exact
                    };
                    if bound == Bound::Exact {
                        break;
                    }
                    if self.is_main()
                        && self
                            .clock
                            .as_ref()
                            .is_some_and(|c| c.elapsed() > Duration::from_secs(1))
                    {
                        self.send(Report::Iteration(self.info(line, depth, bound)));
                    }
                    if bound == Bound::Upper {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INFINITY);
                    } else {
                        beta = (score + delta).min(INFINITY);
                    }
                    delta += delta / 2;
                    if delta > 1_000 {
                        alpha = -INFINITY;
                        beta = INFINITY;
                    }
                }
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
            if !self.is_main() {
                continue;
            }
            for info in self.line_reports(root, multipv, depth) {
                self.send(Report::Iteration(info));
            }
            if self.root_moves[0].mv != previous_best {
                best_changes += 1;
                stable_iterations = 0;
            } else {
                stable_iterations += 1;
            }
            if self.finished_early(depth, best_changes, stable_iterations) {
                break;
            }
            if depth == max_depth {
                log::debug!("search stopped after depth {depth}: depth limit");
            }
            best_changes = best_changes * 3 / 4;
        }
    }

    /// Whether the main thread should stop between iterations.
    fn finished_early(&mut self, depth: u32, best_changes: u32, stable: u32) -> bool {
        let limits = self.shared.limits;
        if let Some(mate) = limits.mate {
            if let Score::Mate(n) = Score::from_internal(self.root_moves[0].score) {
                if n > 0 && n as u32 <= mate {
                    log::debug!("search stopped after depth {depth}: mate in {n} found");
                    return true;
                }
            }
        }
        if self.shared.control.stopped() {
            log::debug!("search stopped after depth {depth}: stop requested");
            return true;
        }
        if limits.depth.is_none()
            && self.shared.multipv == 1
            && mate_settled(self.root_moves[0].score, depth)
        {
            log::debug!("search stopped after depth {depth}: the mate is confirmed");
            return true;
        }
        if let Some(limit) = limits.nodes {
            if self.all_nodes() >= limit {
                log::debug!("search stopped after depth {depth}: node limit");
                return true;
            }
        }
        let pondering = self.shared.control.pondering.load(Ordering::Relaxed);
        let Some(clock) = &mut self.clock else {
            return false;
        };
        clock.observe(pondering);
        if !clock.timed() {
            return false;
        }
        clock.iteration_ended();
        if self.root_moves.len() == 1 && depth >= 4 && !pondering {
            log::debug!("search stopped after depth {depth}: the only legal move");
            return true;
        }
        let scale = match (best_changes, stable) {
            (c, _) if c >= 2 => 1.8,
            (1, _) => 1.3,
            (_, s) if s >= 6 => 0.6,
            _ => 1.0,
        };
        // An iteration costs about as much as all before it, so start one only with room left.
        let soft_expired = clock.soft_expired(scale * 0.65);
        let fits = clock.next_iteration_fits();
        if soft_expired || !fits {
            log::debug!(
                "search stopped after depth {depth} at {:?}: {} (soft limit scaled by {:.2})",
                clock.elapsed(),
                if soft_expired {
                    "soft time limit"
                } else {
                    "the next iteration would pass the hard limit"
                },
                scale * 0.65
            );
        }
        soft_expired || !fits
    }
}

/// Whether a mate score has been confirmed by a search more than twice as deep as the mate is long. Deeper
/// iterations cannot change it; mate-distance pruning makes them nearly free, so they would
/// only report depths that were never really searched.
fn mate_settled(score: i32, depth: u32) -> bool {
    let plies = MATE - score.abs();
    score.abs() > MATE_BOUND && depth > 2 * plies as u32
}

/// Whether an action of `pos`, a turn in progress, ends the turn.
fn ends_turn<G: Game>(pos: &G) -> bool {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves.as_slice().iter().any(|mv| pos.ends_turn(mv))
}

/// Picks the highest-scored remaining move and marks it taken; `i32::MIN` marks moves excluded
/// from the start.
fn pick(scores: &mut [i32]) -> Option<(usize, i32)> {
    pick_from(scores, i32::MIN + 1)
}

/// Picks the highest-scored remaining move if its score is at least `floor`, and marks it taken.
fn pick_from(scores: &mut [i32], floor: i32) -> Option<(usize, i32)> {
    // The highest score first (a scan without a branch per move), then its first move.
    let best_score = scores.iter().copied().max().filter(|&s| s >= floor)?;
    let i = scores.iter().position(|&s| s == best_score)?;
    scores[i] = i32::MIN;
    Some((i, best_score))
}

/// Helper threads skip depths in a fixed pattern (by thread number) so that they work ahead of
/// and behind the main thread rather than in lockstep with it.
fn skip_depth(id: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = (id - 1) % 20;
    !((depth + PHASE[i]) / SIZE[i]).is_multiple_of(2)
}

#[cfg(test)]
mod pick_tests {
    use super::{pick, pick_from};

    /// The highest score first, the earliest move among equal ones, none below the floor, and
    /// taken moves never again.
    #[test]
    fn picks_the_earliest_best_at_or_above_the_floor() {
        let mut scores = vec![3, 7, i32::MIN, 7, -2, 5];
        assert_eq!(pick_from(&mut scores, 6), Some((1, 7)));
        assert_eq!(pick_from(&mut scores, 6), Some((3, 7)));
        assert_eq!(pick_from(&mut scores, 6), None);
        let order: Vec<usize> = std::iter::from_fn(|| pick(&mut scores).map(|(i, _)| i)).collect();
        assert_eq!(order, [5, 0, 4]);
        assert_eq!(pick(&mut []), None);
    }
}
