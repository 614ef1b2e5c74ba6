//! The generic searcher: one implementation over the `Game` seam, monomorphised per game.
//!
//! The protocols own the threads that read input; they call [`Searcher::search`] on a worker
//! thread and signal it through a shared [`Control`].
//!
//! Layout: `worker` (iterative deepening, PVS, quiescence, Lazy-SMP threads), `tt` (the shared
//! lock-free transposition table), `ordering` (killers, history, countermoves), `params` (the
//! numeric parameters), `time` (how long to think). Search threads run with large stacks, so deep recursion over big game states is
//! safe; reports reach the caller's callback on the caller's thread.

mod ordering;
mod params;
mod time;
pub(crate) mod tt;
mod weak;
mod worker;

#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::core::{complete_turn, whole_turns, Game, MoveList, MoveSet};

use ordering::History;
pub use params::{ParamOverrides, ParamRange, SearchParams};
use time::{Clock, LagMeter, TimePlan};
use tt::TranspositionTable;
pub use weak::PlayStyle;
use worker::{RootMove, Shared, Worker, MAX_PLY};

/// Centipawn scale; mate scores are `MATE - plies` (or its negation).
pub const MATE: i32 = 32_000;
/// Scores beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - 1_000;
pub const INFINITY: i32 = 32_767;

/// Static evaluation of a position from the side to move's point of view, in centipawns.
///
/// An evaluator that learns from the moves played (a network's accumulators, updated rather than
/// recomputed) keeps that state in its [`Evaluator::Path`], one per search thread: the search
/// announces the root and every position it reaches by one move (`path_root`, `path_play`) and
/// evaluates through `evaluate_path` with the position's ply. Evaluators that compute each
/// position from scratch set `type Path = ();` and leave the default methods.
pub trait Evaluator<G: Game>: Send + Sync + 'static {
    /// What the evaluator keeps along the line a search thread is on.
    type Path: Send + Default;

    fn evaluate(&self, pos: &G) -> i32;

    /// The search starts from `root` (ply 0).
    fn path_root(&self, _path: &mut Self::Path, _root: &G) {}

    /// The search reached `child` (at `ply + 1`) from `parent` (at `ply`) by one move, a null
    /// move or one action of a turn.
    fn path_play(&self, _path: &mut Self::Path, _ply: usize, _parent: &G, _child: &G) {}

    /// `evaluate(pos)` for the position the path holds at `ply`.
    fn evaluate_path(&self, _path: &mut Self::Path, _ply: usize, pos: &G) -> i32 {
        self.evaluate(pos)
    }

    /// Switches between a trained network and the hand-written evaluation where the game has
    /// both (the `UseNNUE` option); no effect elsewhere.
    fn set_network(&mut self, _enabled: bool) {}

    /// The static exchange value of `mv` in centipawns: what the mover expects to win (or, when
    /// negative, lose) on the target square. The search orders tactical moves by it, searches
    /// losing ones late and prunes them near the leaves; it also asks it of quiet moves near the
    /// leaves, to prune those that leave a piece en prise. The neutral default (0) keeps moves in
    /// generation order and prunes nothing.
    fn capture_order(&self, _pos: &G, _mv: &G::Move) -> i32 {
        0
    }

    /// Whether null-move pruning is sound enough here (false where zugzwang is likely, e.g. with
    /// little material left). Consulted only for games that offer `Game::null_move`.
    fn zugzwang_unlikely(&self, _pos: &G) -> bool {
        true
    }

    /// The search's parameters for this game: the shared defaults unless the game tunes its own.
    fn search_params(&self) -> SearchParams {
        SearchParams::DEFAULT
    }
}

/// A score as the protocols print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (full moves, UCI convention); negative when the side to move is mated.
    Mate(i32),
}

impl Score {
    /// Converts an internal score (relative to the side to move at the root) into protocol form.
    pub fn from_internal(value: i32) -> Score {
        if value > MATE_BOUND {
            Score::Mate((MATE - value + 1) / 2)
        } else if value < -MATE_BOUND {
            Score::Mate(-(MATE + value) / 2)
        } else {
            Score::Cp(value)
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// What the `go` command asked for. Times are for the side to move unless named per colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits<M> {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Remaining clock time, indexed by `Color::index()`.
    pub time: [Option<Duration>; 2],
    pub increment: [Duration; 2],
    pub movestogo: Option<u32>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    pub infinite: bool,
    /// Only these root moves (empty = all).
    pub searchmoves: Vec<M>,
}

impl<M> Limits<M> {
    /// The same limits over other root moves (e.g. the protocol's text parsed into moves).
    pub fn with_searchmoves<N>(&self, searchmoves: Vec<N>) -> Limits<N> {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            time: self.time,
            increment: self.increment,
            movestogo: self.movestogo,
            mate: self.mate,
            infinite: self.infinite,
            searchmoves,
        }
    }
}

impl<M> Default for Limits<M> {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            time: [None, None],
            increment: [Duration::ZERO; 2],
            movestogo: None,
            mate: None,
            infinite: false,
            searchmoves: Vec::new(),
        }
    }
}

/// Engine options that shape the search.
#[derive(Clone, Debug)]
pub struct Options {
    pub threads: usize,
    pub hash_mb: usize,
    pub multipv: usize,
    pub move_overhead: Duration,
    /// `Search` plays at full strength; the weak styles give every variant a baseline opponent.
    pub play_style: PlayStyle,
    /// Evaluate with the game's trained network where it has one (`UseNNUE`).
    pub use_network: bool,
    /// Search parameters set on top of the game's own (`SearchParams`).
    pub search_params: ParamOverrides,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            hash_mb: 16,
            multipv: 1,
            play_style: PlayStyle::Search,
            use_network: false,
            search_params: ParamOverrides::default(),
            move_overhead: Duration::from_millis(30),
        }
    }
}

/// Shared between the protocol thread and the search. `stop` ends the search as soon as possible;
/// while `pondering` is set, time limits are not applied (they start counting at `ponderhit`).
#[derive(Debug, Default)]
pub struct Control {
    pub stop: AtomicBool,
    pub pondering: AtomicBool,
}

impl Control {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// One completed iteration (or aspiration re-search bound) of one MultiPV line.
#[derive(Clone, Debug)]
pub struct IterationInfo<M> {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    /// Per mille of the transposition table in use.
    pub hashfull: u32,
    pub time: Duration,
    pub pv: Vec<M>,
}

/// What the search tells the protocol while it runs.
#[derive(Clone, Debug)]
pub enum Report<M> {
    Iteration(IterationInfo<M>),
    /// The root move being searched, reported at long depths.
    CurrMove {
        depth: u32,
        mv: M,
        number: usize,
    },
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    /// `None` only when the root has no legal move.
    pub best: Option<M>,
    pub ponder: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// Holds what lives across searches (transposition table, histories, options).
pub struct Searcher<G: Game, E: Evaluator<G>> {
    eval: E,
    options: Options,
    tt: TranspositionTable,
    histories: Vec<History<G::Move>>,
    null_move: bool,
    thread_nodes: Vec<u64>,
    lag: LagMeter,
    /// The table may hold entries: a search has run since it was allocated or cleared.
    table_used: bool,
}

/// A searcher's transposition table handed on to the searcher of the next game
/// ([`Searcher::into_table`], [`Searcher::with_table`]): switching games then neither allocates
/// and faults in a new table nor holds two at once.
pub struct SpareTable {
    table: TranspositionTable,
    hash_mb: usize,
    /// Not cleared since a search wrote it: the next searcher clears it first.
    used: bool,
}

impl SpareTable {
    /// The `Hash` size the table was allocated for.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }
}

/// Stack for each search thread, and for the thread a front end searches on: deep recursion
/// over large game states (completing a One turn through its network of actions).
pub const THREAD_STACK: usize = 64 * 1024 * 1024;

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    pub fn new(eval: E, options: Options) -> Self {
        let tt = TranspositionTable::new(options.hash_mb);
        Self::build(eval, options, tt)
    }

    /// A searcher like [`Searcher::new`]'s that takes over `spare`, cleared, when it has the
    /// size `options` asks for.
    pub fn with_table(eval: E, options: Options, spare: SpareTable) -> Self {
        if spare.hash_mb != options.hash_mb {
            // The old table goes before the new one is allocated.
            drop(spare);
            return Self::new(eval, options);
        }
        let mut searcher = Self::build(eval, options, spare.table);
        searcher.table_used = spare.used;
        searcher.clear();
        searcher
    }

    fn build(mut eval: E, options: Options, tt: TranspositionTable) -> Self {
        eval.set_network(options.use_network);
        Searcher {
            eval,
            tt,
            histories: Vec::new(),
            options,
            null_move: true,
            thread_nodes: Vec::new(),
            lag: LagMeter::default(),
            table_used: false,
        }
    }

    /// The table, for the searcher of the next game (which clears it: giving it up costs
    /// nothing, even when no game follows).
    pub fn into_table(self) -> SpareTable {
        SpareTable {
            table: self.tt,
            hash_mb: self.options.hash_mb,
            used: self.table_used,
        }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Applies new options (resizing the table when `hash_mb` changes).
    pub fn set_options(&mut self, options: Options) {
        drop(self.set_options_from(options, None));
    }

    /// [`Searcher::set_options`], where a resize takes over `spare` (cleared) when it has the new
    /// size and hands back the table it gives up, for a later searcher: in-process sessions
    /// that resize (a CECP `memory` each) then need not allocate and fault in a table each.
    pub fn set_options_from(
        &mut self,
        options: Options,
        spare: Option<SpareTable>,
    ) -> Option<SpareTable> {
        let mut given_up = None;
        if options.hash_mb != self.options.hash_mb {
            let table = match spare.filter(|spare| spare.hash_mb == options.hash_mb) {
                Some(spare) => {
                    if spare.used {
                        spare.table.clear();
                    }
                    spare.table
                }
                None => TranspositionTable::new(options.hash_mb),
            };
            given_up = Some(SpareTable {
                table: std::mem::replace(&mut self.tt, table),
                hash_mb: self.options.hash_mb,
                used: self.table_used,
            });
            self.table_used = false;
        }
        self.eval.set_network(options.use_network);
        self.options = options;
        given_up
    }

    /// Turns null-move pruning on or off (on by default; it is applied only where the game offers
    /// `Game::null_move` and the evaluator calls zugzwang unlikely). Games where zugzwang is
    /// common, or analysis of zugzwang studies, may turn it off.
    pub fn set_null_move(&mut self, enabled: bool) {
        self.null_move = enabled;
    }

    /// Nodes searched by each thread in the last search, the main thread first (how much of the
    /// work the helpers took over shows in the main thread's share).
    pub fn thread_nodes(&self) -> &[u64] {
        &self.thread_nodes
    }

    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Forgets everything learned (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {
        // A table no search has written is clear already (a GUI's `ucinewgame` before the
        // first search would otherwise rewrite every byte of it).
        if self.table_used {
            self.tt.clear();
            self.table_used = false;
        }
        self.histories.iter_mut().for_each(History::clear);
    }

    /// Searches `root` (with `history`, the keys of the game's earlier states, oldest first)
    /// within `limits`, reporting progress through `report`. Returns when a limit is reached or
    /// `control.stop` is set. With `limits.infinite` or while `control.pondering` is set, a search
    /// that has nothing left to do waits for `stop` (or for pondering to end) before returning.
    ///
    /// Where turns are built from several actions the outcome still names whole turns: the
    /// best move is the turn the best line starts with, completed where the line stops
    /// mid-turn (`complete_turn`), and the ponder move the reply the line goes on with, when it
    /// has a whole one.
    pub fn search(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits<G::Move>,
        control: &Control,
        report: &mut dyn FnMut(Report<G::Move>),
    ) -> Outcome<G::Move> {
        let (outcome, line) = self.search_line(root, history, limits, control, report);
        let starts_turn = |best: &G::Move| root.play(best).turn_in_progress();
        if !root.multi_action_turns() || !outcome.best.as_ref().is_some_and(starts_turn) {
            return outcome;
        }
        let (turns, _) = whole_turns(root, &line);
        let best = match turns.first() {
            Some(first) => Some(first.clone()),
            None => {
                // The line stops mid-turn: its actions, then the rest of the turn.
                let mut state = root.clone();
                let mut actions = Vec::new();
                for mv in &line {
                    if !state.is_legal(mv) {
                        break;
                    }
                    actions.push(mv.clone());
                    state = state.play(mv);
                }
                let mut order = |state: &G, moves: &[G::Move]| {
                    completion_order(&self.tt, &self.eval, state, moves)
                };
                if complete_turn(&state, &mut actions, &mut order).is_none() {
                    actions.clear();
                    complete_turn(root, &mut actions, &mut order);
                }
                root.join_turn(&actions)
            }
        };
        // Root actions are the first actions of the `searchmoves` turns: the answer is one
        // of those turns as given, the best line's where it is one.
        let mut ponder = turns.get(1).cloned();
        let best = match (best, &outcome.best) {
            (Some(best), Some(first)) if !limits.searchmoves.is_empty() => {
                let key = root.play(&best).key();
                let given = |turn: &&G::Move| root.play(turn).key() == key;
                match limits.searchmoves.iter().find(given) {
                    Some(turn) => Some(turn.clone()),
                    None => {
                        ponder = None;
                        limits
                            .searchmoves
                            .iter()
                            .find(|turn| root.starts_turn(first, turn))
                            .cloned()
                    }
                }
            }
            (best, _) => best,
        };
        // A turn whose text the game's own reader does not take back (a path of actions the
        // notation cannot name) gives way to the shortest-ended turn, which it does.
        let best = best.map(|turn| {
            if reads_back(root, &turn) {
                return turn;
            }
            log::debug!("answer {} does not read back", root.move_to_wire(&turn));
            let mut actions = Vec::new();
            let mut order = |state: &G, moves: &[G::Move]| {
                ranked_by_value(&self.eval, state, moves, None, true)
            };
            match complete_turn(root, &mut actions, &mut order).and(root.join_turn(&actions)) {
                Some(short) if reads_back(root, &short) => short,
                _ => turn,
            }
        });
        // A game that cannot join its actions into one move answers with the first action.
        match best {
            Some(best) => Outcome {
                best: Some(best),
                ponder,
                ..outcome
            },
            None => outcome,
        }
    }

    fn search_line(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits<G::Move>,
        control: &Control,
        report: &mut dyn FnMut(Report<G::Move>),
    ) -> (Outcome<G::Move>, Vec<G::Move>) {
        self.table_used = true;
        let side = root.side_to_move();
        self.lag.observe(limits, side);
        let overhead = self.lag.overhead(self.options.move_overhead);
        let plan = TimePlan::new(limits, side, overhead);
        log::debug!(
            "time plan for {side}: clock {:?} + {:?}, moves to go {:?}, move time {:?}, \
             overhead {overhead:?} -> soft {:?}, hard {:?}",
            limits.time[side.index()],
            limits.increment[side.index()],
            limits.movestogo,
            limits.movetime,
            plan.soft,
            plan.hard
        );
        let clock = Clock::new(plan.clone(), control.pondering.load(Ordering::Relaxed));
        if self.options.play_style != PlayStyle::Search {
            let style = self.options.play_style;
            let outcome = weak::play(root, history, &self.eval, style, &clock, report);
            wait_for_release(limits, control);
            let line = outcome.best.iter().cloned().collect();
            return (outcome, line);
        }
        let (root_moves, in_part) = self.root_moves(root, history, limits, &clock, control);
        if root_moves.is_empty() {
            let score = if root.in_check() || root.turn_in_progress() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            };
            wait_for_release(limits, control);
            let outcome = Outcome {
                best: None,
                ponder: None,
                score,
                depth: 0,
                nodes: 0,
            };
            return (outcome, Vec::new());
        }
        self.tt.new_search();
        let threads = self.options.threads.max(1);
        while self.histories.len() < threads {
            self.histories.push(History::new());
        }
        let max_depth = limits
            .depth
            .map_or(MAX_PLY as u32 - 8, |d| d.clamp(1, MAX_PLY as u32 - 8));
        let params = self
            .options
            .search_params
            .apply(self.eval.search_params())
            .clamped();
        let shared = Shared {
            tt: &self.tt,
            eval: &self.eval,
            control,
            limits,
            abort: AtomicBool::new(false),
            nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            null_move: self.null_move,
            multipv: self.options.multipv.max(1),
            reductions: params.reduction_table(),
            params,
            _game: std::marker::PhantomData,
        };
        let (sender, receiver) = std::sync::mpsc::channel();
        let shared = &shared;
        let result = std::thread::scope(|scope| {
            let mut histories = self.histories.iter_mut();
            let main_history = histories.next().expect("one history per thread");
            let main_moves = root_moves.clone();
            let main = std::thread::Builder::new()
                .name("search-main".into())
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, move || {
                    let mut worker = Worker::new(
                        0,
                        shared,
                        main_history,
                        history,
                        main_moves,
                        Some(clock),
                        Some(sender),
                    );
                    worker.iterate(root, max_depth);
                    if !worker.stopped {
                        wait_for_release(limits, control);
                    }
                    shared.abort.store(true, Ordering::SeqCst);
                    shared.nodes[0].store(worker.nodes, Ordering::Relaxed);
                    let spent = worker.clock.as_ref().and_then(Clock::spent);
                    (worker.root_moves, worker.completed_depth, spent)
                })
                .expect("spawn the main search thread");
            for (id, helper_history) in histories.take(threads - 1).enumerate() {
                let moves = root_moves.clone();
                std::thread::Builder::new()
                    .name(format!("search-{}", id + 1))
                    .stack_size(THREAD_STACK)
                    .spawn_scoped(scope, move || {
                        let mut worker =
                            Worker::new(id + 1, shared, helper_history, history, moves, None, None);
                        worker.iterate(root, max_depth);
                        shared.nodes[id + 1].store(worker.nodes, Ordering::Relaxed);
                    })
                    .expect("spawn a search thread");
            }
            for message in receiver {
                report(message);
            }
            main.join().expect("main search thread")
        });
        let (root_moves, depth, spent) = result;
        self.lag.searched(limits, side, spent, &plan);
        // A game may drop some of what it lists only once its list is whole (Croatian null
        // teleports): from a list given up in part, the best move the game calls legal.
        let best = root_moves
            .iter()
            .find(|m| !in_part || root.is_legal(&m.mv))
            .unwrap_or(&root_moves[0]);
        let ponder = best
            .pv
            .get(1)
            .cloned()
            .or_else(|| self.ponder_from_table(root, &best.mv));
        self.thread_nodes = shared
            .nodes
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .collect();
        let mut line = best.pv.clone();
        if line.len() == 1 {
            line.extend(ponder.clone());
        }
        let outcome = Outcome {
            best: Some(best.mv.clone()),
            ponder,
            // A first iteration cut short may leave the move unscored.
            score: if best.score == -INFINITY {
                Score::Cp(0)
            } else {
                Score::from_internal(best.score)
            },
            depth,
            nodes: shared.total_nodes(),
        };
        (outcome, line)
    }

    /// The legal root moves (minus `searchmoves` exclusions), tactical ones by exchange value
    /// first, so that the first iteration starts well ordered. Where listing them all takes
    /// longer than the clock allows (a Serpent's walks among many Pawns can have hundreds of
    /// thousands of outcomes), the search chooses among those listed by then; `true` with such
    /// a list.
    fn root_moves(
        &self,
        root: &G,
        history: &[u64],
        limits: &Limits<G::Move>,
        clock: &Clock,
        control: &Control,
    ) -> (Vec<RootMove<G::Move>>, bool) {
        let mut moves = G::MoveList::default();
        let mut give_up = || control.stopped() || clock.root_listing_expired();
        let mut in_part = root
            .moves_unless(MoveSet::Legal, &mut moves, &mut give_up)
            .is_err();
        let mut root_moves = self.ranked_root_moves(root, history, limits, moves.as_slice());
        if in_part {
            log::debug!(
                "root moves listed in part: {} by {:?}",
                root_moves.len(),
                clock.elapsed()
            );
            if root_moves.is_empty() {
                // Nothing to play yet: the whole list, however long it takes.
                let mut all = G::MoveList::default();
                root.legal_moves(&mut all);
                root_moves = self.ranked_root_moves(root, history, limits, all.as_slice());
                in_part = false;
            }
        }
        (root_moves, in_part)
    }

    /// `moves` as root moves: those `history` and `searchmoves` allow, tactical ones by
    /// exchange value first.
    fn ranked_root_moves(
        &self,
        root: &G,
        history: &[u64],
        limits: &Limits<G::Move>,
        moves: &[G::Move],
    ) -> Vec<RootMove<G::Move>> {
        let mut root_moves: Vec<(i32, RootMove<G::Move>)> = moves
            .iter()
            .enumerate()
            .filter(|(_, mv)| !root.forbidden_by_history(mv, history))
            .filter(|(_, mv)| {
                // Where turns are built from actions, a searchmove picks its first action.
                limits.searchmoves.is_empty()
                    || limits
                        .searchmoves
                        .iter()
                        .any(|turn| root.starts_turn(mv, turn))
            })
            .map(|(i, mv)| {
                let order = if root.is_tactical(mv) {
                    1 + self.eval.capture_order(root, mv).max(-1_000) + 1_000
                } else {
                    0
                };
                (
                    order,
                    RootMove {
                        mv: mv.clone(),
                        stored: tt::stored_move(root, mv, i),
                        score: -INFINITY,
                        previous_score: -INFINITY,
                        pv: vec![mv.clone()],
                        seldepth: 0,
                        searched: false,
                    },
                )
            })
            .collect();
        root_moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        root_moves.into_iter().map(|(_, rm)| rm).collect()
    }

    /// The expected reply after `best`, from the table, when the line stopped at one move.
    fn ponder_from_table(&self, root: &G, best: &G::Move) -> Option<G::Move> {
        let child = root.play(best);
        let hit = self.tt.probe(child.key(), 1)?;
        tt::table_move(&child, hit.mv)
    }
}

/// The order in which a turn is completed from `state` (the answer's, and each MultiPV line's
/// first turn): the table's move first, then the actions by the static value of the state each
/// leaves, for the side acting.
fn completion_order<G: Game, E: Evaluator<G>>(
    tt: &TranspositionTable,
    eval: &E,
    state: &G,
    moves: &[G::Move],
) -> Vec<usize> {
    let preferred = tt
        .probe(state.key(), 0)
        .and_then(|hit| tt::stored_index(state, moves, hit.mv));
    ranked_by_value(eval, state, moves, preferred, false)
}

/// Indices of `moves` (from `state`) by the static value of the state each leaves, best first
/// for the side acting, `first` (when given) before all, and with `ends_first` the actions that
/// end the turn before those that leave it in progress.
fn ranked_by_value<G: Game, E: Evaluator<G>>(
    eval: &E,
    state: &G,
    moves: &[G::Move],
    first: Option<usize>,
    ends_first: bool,
) -> Vec<usize> {
    let side = state.side_to_move();
    let mut ranked: Vec<((bool, i32), usize)> = moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let child = state.play(mv);
            let value = if Some(i) == first {
                INFINITY
            } else if child.side_to_move() == side {
                eval.evaluate(&child)
            } else {
                -eval.evaluate(&child)
            };
            let ends = ends_first && (Some(i) == first || !child.turn_in_progress());
            ((ends, value), i)
        })
        .collect();
    ranked.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
    ranked.into_iter().map(|(_, i)| i).collect()
}

/// Whether `turn`'s wire text reads back, from `root`, as a move that leaves the same state.
fn reads_back<G: Game>(root: &G, turn: &G::Move) -> bool {
    root.parse_move(&root.move_to_wire(turn))
        .is_ok_and(|read| root.play(&read).key() == root.play(turn).key())
}

/// With `go infinite`, or while pondering, the answer waits until the protocol releases it.
fn wait_for_release<M>(limits: &Limits<M>, control: &Control) {
    while !control.stopped() && (limits.infinite || control.pondering.load(Ordering::Relaxed)) {
        std::thread::sleep(Duration::from_millis(1));
    }
}
