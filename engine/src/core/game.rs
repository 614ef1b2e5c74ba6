//! The one seam between the rules of a game and everything generic (search, perft, protocols).
//! See the crate documentation for how each game family maps onto it.

use std::fmt::Debug;
use std::hash::Hash;

use super::view::{BoardView, MoveInput};
use super::{Color, MoveError, MoveList, PositionError};

/// How a finished game ended, from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    /// A win for `color`.
    pub fn win_for(color: Color) -> Self {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// PGN result text: `1-0`, `0-1`, `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// Why a game ended, for protocol output (`result 1-0 {White mates}`) and match records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub result: GameResult,
    /// Human text, e.g. "White mates", "stalemate", "threefold repetition", "50-move rule".
    pub reason: String,
}

impl Ending {
    pub fn new(result: GameResult, reason: impl Into<String>) -> Self {
        Ending {
            result,
            reason: reason.into(),
        }
    }
}

/// Which moves [`Game::moves_unless`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSet {
    /// `legal_moves`.
    Legal,
    /// `tactical_moves`.
    Tactical,
    /// `quiescence_moves`.
    Quiescence,
}

/// A move generation given up before it finished ([`Game::moves_unless`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GaveUp;

/// One game (or family of variants played by one ruleset) behind the seam.
///
/// A value is a complete game state: everything that decides the legal moves is inside it
/// (castling and other tags, en-passant data, reserves, dragon state, the last turn's effect),
/// and `key()` covers all of it. Move history that only matters for draws and for the
/// history-dependent legality of a few games is passed in as a slice of earlier keys.
///
/// A `Move` is one *action*. In most games every action ends the turn. In games whose turns are
/// built from several actions, `play` may return a state with `turn_in_progress() == true`: the same
/// side acts again, and the turn is complete when an action returns a state where it is false.
/// Games whose complete turns are few enough to list may instead make each `Move` a complete turn;
/// they then never report a turn in progress.
/// How many values `Game::piece_square` may take: the continuation history keeps one entry
/// for each pair of them.
pub const PIECE_SQUARES: usize = 1024;

pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// One action (or one complete turn; see above). May be larger than a machine word.
    type Move: Clone + PartialEq + Eq + Hash + Debug + Send + Sync + 'static;
    /// The list `legal_moves` fills; `ArrayVec` where the count is bounded, `Vec` where not.
    type MoveList: MoveList<Self::Move>;

    /// The variant names (protocol.md) this type plays.
    fn variants() -> &'static [&'static str];

    /// The start position of `variant`. Randomised variants without a fixed start return an error.
    fn start_position(variant: &str) -> Result<Self, PositionError>;

    /// Reads the game's documented position string (FEN for chess).
    fn from_position_string(variant: &str, text: &str) -> Result<Self, PositionError>;

    /// Writes the position string; `from_position_string` of it gives back an equal state.
    fn position_string(&self) -> String;

    /// The variant name this state is playing.
    fn variant(&self) -> &'static str;

    fn side_to_move(&self) -> Color;

    /// 64-bit Zobrist key of everything that decides legal moves (not the move counters).
    fn key(&self) -> u64;

    /// Appends every legal action to `out` (which the caller has cleared). Exact: a move in the
    /// list is legal, and a legal move is listed once.
    fn legal_moves(&self, out: &mut Self::MoveList);

    /// How many moves `legal_moves` would list. Perft counts its last ply with this, so a game
    /// may override it with a counter that does not build the moves.
    fn legal_move_count(&self) -> usize {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// Whether `mv` is one of `legal_moves` (the protocols check every move of a principal
    /// variation with it). Games whose full move list is costly may check one move directly.
    fn is_legal(&self, mv: &Self::Move) -> bool {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.as_slice().contains(mv)
    }

    /// Whether the game gives its moves codes (`move_code`, `move_from_code`), in every state or
    /// in those `move_codes` names. The transposition table then keeps a node's best move as its
    /// code, and the search tries that move, then the tactical moves, before it generates the
    /// rest, which a cut-off often makes unnecessary. Without codes (the default) the table keeps
    /// the move's index in `legal_moves`, so every node generates all its moves first.
    const MOVE_CODES: bool = false;

    /// Whether this state's moves have codes: `MOVE_CODES`, unless a game whose variants differ
    /// decides per variant (every state of one search answers alike).
    fn move_codes(&self) -> bool {
        Self::MOVE_CODES
    }

    /// Whether quiescence out of check tries the table's move first and keeps its best move in
    /// the table: where the moves have codes, unless the game leaves that out.
    fn quiescence_table_move(&self) -> bool {
        self.move_codes()
    }

    /// A number that tells `mv` (one of `legal_moves`) from every other legal move of this
    /// state, for `move_from_code` to read back. Only called where `move_codes` is true. Below
    /// 2^48 - 1 (`search::tt::MOVE_LIMIT`): the table keeps 48 bits of a move.
    fn move_code(&self, _mv: &Self::Move) -> u64 {
        0
    }

    /// The legal move of this state whose `move_code` is `code`, or `None` when there is none
    /// (the code may come from another state, one whose key shares the table's entry) or when
    /// the game cannot tell without its full list (the search then does without the table's
    /// move). Never another move. The default looks it up in `legal_moves`; a game overrides it
    /// with a direct test, or the table's move saves nothing.
    fn move_from_code(&self, code: u64) -> Option<Self::Move> {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves
            .as_slice()
            .iter()
            .find(|mv| self.move_code(mv) == code)
            .cloned()
    }

    /// Appends the legal moves that `is_tactical` accepts, the ones quiescence searches, to `out`
    /// (which the caller has cleared). Exact: the same moves as `legal_moves` filtered by
    /// `is_tactical`, in any order. The default filters the full list; a game overrides it with a
    /// generator that never builds (or tests the legality of) the quiet moves.
    fn tactical_moves(&self, out: &mut Self::MoveList) {
        self.legal_moves(out);
        let moves = out.as_mut_slice();
        let mut kept = 0;
        for i in 0..moves.len() {
            if self.is_tactical(&moves[i]) {
                moves.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The tactical moves quiescence searches: `tactical_moves`, less the ones that only tell
    /// apart where pieces that no move takes end up (a Serpent's capture with its displaced
    /// Pawns on other fields), of which one stands for all. Every move listed is one of
    /// `tactical_moves`. The default lists them all.
    fn quiescence_moves(&self, out: &mut Self::MoveList) {
        self.tactical_moves(out);
    }

    /// `legal_moves`, `tactical_moves` or `quiescence_moves` (by `set`) for a caller that cannot
    /// wait for ever (the search, whose clock runs): a game whose one generation can take seconds (cascades over
    /// in-air states) asks `give_up` now and then, a few microseconds of work apart, and stops
    /// with `Err(GaveUp)` when it answers true, `out` then holding an incomplete list. The
    /// default generates the whole list without asking.
    fn moves_unless(
        &self,
        set: MoveSet,
        out: &mut Self::MoveList,
        _give_up: &mut dyn FnMut() -> bool,
    ) -> Result<(), GaveUp> {
        match set {
            MoveSet::Legal => self.legal_moves(out),
            MoveSet::Tactical => self.tactical_moves(out),
            MoveSet::Quiescence => self.quiescence_moves(out),
        }
        Ok(())
    }

    /// Appends the legal moves that `is_tactical` rejects to `out` (which may hold moves
    /// already): with `tactical_moves`, every legal move once. The search generates these last,
    /// when neither the table's move nor a tactical one cut the node off. The default filters
    /// the full list; a game with move codes overrides it with a generator of its own.
    fn quiet_moves(&self, out: &mut Self::MoveList) {
        let mut all = Self::MoveList::default();
        self.legal_moves(&mut all);
        for mv in all.as_slice() {
            if !self.is_tactical(mv) {
                out.push(mv.clone());
            }
        }
    }

    /// The state after `mv`, which must be one of `legal_moves`.
    fn play(&self, mv: &Self::Move) -> Self;

    /// `*out = self.play(mv)`, where `out` is an earlier state of the game kept for reuse:
    /// a game with large states may build the child there instead of moving it in.
    fn play_into(&self, mv: &Self::Move, out: &mut Self) {
        *out = self.play(mv);
    }

    /// True while the side to move is in the middle of a turn made of several actions.
    fn turn_in_progress(&self) -> bool {
        false
    }

    /// Whether `mv` (one of `legal_moves`) ends the turn: `play(mv)` leaves no turn in progress.
    /// Quiescence asks it of every action of a turn in progress, to know whether the turn can
    /// end there. The default plays the move; a game with turns of several actions tells it
    /// from the move.
    fn ends_turn(&self, mv: &Self::Move) -> bool {
        !self.play(mv).turn_in_progress()
    }

    /// Whether any action can leave a turn in progress. When false, perft may count the legal
    /// moves of the last ply without playing them.
    const MULTI_ACTION_TURNS: bool = false;

    /// Whether two different action sequences can end in the same state. When true, perft
    /// deduplicates complete turns by the resulting key.
    const TURNS_CAN_COINCIDE: bool = false;

    /// Whether this state's turns may be built from several actions: `MULTI_ACTION_TURNS`,
    /// unless a game whose variants differ decides per variant (or per position). Perft and the
    /// protocols ask this; the constant says whether any state of the game may.
    fn multi_action_turns(&self) -> bool {
        Self::MULTI_ACTION_TURNS
    }

    /// Whether this state's complete turns can coincide: `TURNS_CAN_COINCIDE`, unless a game
    /// decides per variant (or per position).
    fn turns_can_coincide(&self) -> bool {
        Self::TURNS_CAN_COINCIDE
    }

    /// Whether `action` (a legal move here) is the first action of `turn` (a whole turn from
    /// here): how `searchmoves`, given as turns, pick root actions. The default: the same move.
    fn starts_turn(&self, action: &Self::Move, turn: &Self::Move) -> bool {
        action == turn
    }

    /// The complete turn that the actions of `actions` make, played in order from here (the
    /// last one ends the turn), as one move that `play`, `is_legal` and `move_to_wire` take from
    /// here: how the protocols name a turn built from actions. `None` where the game has no such
    /// move; the default: a single action is its own turn.
    fn join_turn(&self, actions: &[Self::Move]) -> Option<Self::Move> {
        match actions {
            [only] => Some(only.clone()),
            _ => None,
        }
    }

    /// The state after the side to move passes (a "null move"), for null-move pruning in the
    /// search: same position, other side to move, en-passant rights dropped. `None` (the default)
    /// where passing makes no sense for the game; the search then never prunes by null move.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// The game ended with the move that led here by a rule of its own, other than the side to
    /// move having no move (a Croatian self-checkmate): the search scores such a state by its
    /// result, and `default_ending` reports it. `None` (the default) while play goes on.
    fn decided(&self) -> Option<Ending> {
        None
    }

    /// Is the side to move's royal piece attacked (or, per game, in the game's sense of check)?
    fn in_check(&self) -> bool;

    /// Whether `mv` (one of `legal_moves`) ends the turn and leaves the opponent in check
    /// (`play(mv).in_check()`), where the game tells it without playing the move: the search
    /// then plays only the moves it does not prune. `None` (the default) where it cannot; it
    /// is never `Some` for a move that leaves a turn in progress.
    fn gives_check(&self, _mv: &Self::Move) -> Option<bool> {
        None
    }

    /// Moves that change material or are otherwise forcing enough for quiescence search
    /// (captures, promotions, pushes off the board, ...).
    fn is_tactical(&self, mv: &Self::Move) -> bool;

    /// The moving piece and the square it goes to, as one number below
    /// [`PIECE_SQUARES`], for the search's continuation history (which quiet move tends to
    /// follow which). `None`, the default, where the game gives none: the search then orders
    /// by its other memories alone.
    fn piece_square(&self, _mv: &Self::Move) -> Option<usize> {
        None
    }

    /// Plies since the last move that resets the fifty-move count.
    fn halfmove_clock(&self) -> u32;

    /// Plies since the last irreversible move: positions further back cannot repeat. The
    /// halfmove clock, unless the game resets that clock on a move that can be taken back.
    fn repetition_window(&self) -> u32 {
        self.halfmove_clock()
    }

    /// The game is over in this state, given the keys of the earlier states of the game
    /// (oldest first, not including this one). `None` while play goes on.
    /// The default covers checkmate/stalemate (no legal move), threefold repetition and the
    /// 100-ply rule; games override what differs.
    fn ending(&self, history: &[u64]) -> Option<Ending> {
        default_ending(self, history)
    }

    /// Legality that depends on history (Makromachy's Eagle-check repetition): true when `mv`,
    /// legal on the board, is forbidden given the earlier keys.
    fn forbidden_by_history(&self, _mv: &Self::Move, _history: &[u64]) -> bool {
        false
    }

    /// The wire form: unique per legal move (UCI long algebraic, extended per game).
    fn move_to_wire(&self, mv: &Self::Move) -> String;

    /// [`Game::move_to_wire`] of each of `moves` (legal here). A game whose wire form depends on
    /// the other legal moves lists and writes them once here, not once a move.
    fn moves_to_wire(&self, moves: &[Self::Move]) -> Vec<String> {
        moves.iter().map(|mv| self.move_to_wire(mv)).collect()
    }

    /// The game's human notation (SAN for chess, EAN for the Croatian family, ...).
    fn move_to_human(&self, mv: &Self::Move) -> String;

    /// Reads a move in the wire form or in the human notation and checks it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// A multi-line text picture of the board for the `d` command.
    fn board_text(&self) -> String;

    /// The same board as data for a graphical front end: grids with the game's square names,
    /// pieces with their tags, reserves and markers (see [`super::view`]).
    fn board_view(&self) -> BoardView;

    /// How a person enters `mv` (one of `legal_moves`) by clicks, and the squares it changes.
    fn move_input(&self, mv: &Self::Move) -> MoveInput;

    /// What XBoard needs to draw and play this variant when it does not know it: the `setup`
    /// line and any `piece` lines (CECP protocol 2 engine-defined variants), one command per line.
    /// `None` for variants XBoard knows (chess) or cannot draw (Dragonchess's three boards).
    fn cecp_setup(&self) -> Option<String> {
        None
    }

    // XBoard (CECP) move text. XBoard writes a move of several legs as from-to legs joined by
    // commas ([`xboard`](super::xboard)); the front end gives it, for each legal move, the
    // move's `xboard_legs` or else its wire form (the move's *given* text), turned into XBoard's
    // text by the three hooks after it. Squares are in this game's numbering: the front end
    // converts the ranks where XBoard numbers them from 0.

    /// The move as XBoard's comma-joined legs (`e5d5,d5d6`, our square names) where XBoard
    /// would play its wire form wrongly: an en-passant capture whose victim XBoard's own rule
    /// does not find (it knows only its Pawn's double step) goes as the capturer's leg onto the
    /// victim and on to the target, which XBoard plays as a capture of the square in between.
    /// `None` (the default): XBoard is given the wire form.
    fn xboard_legs(&self, _mv: &Self::Move) -> Option<String> {
        None
    }

    /// A given text (see above) as XBoard's text where the other legal moves are not at hand (a
    /// principal variation). The default: a move through several squares (`g2h3h4`) as its
    /// legs (`g2h3,h3h4`), any other text as it is.
    fn cecp_move_text(given: &str) -> String {
        super::xboard::split_legs(given).unwrap_or_else(|| given.to_string())
    }

    /// XBoard's texts for the legal moves, from their given texts (see above): one for each and
    /// no text for two. The default: each one's [`Game::cecp_move_text`].
    fn cecp_move_texts(given: &[String]) -> Vec<String> {
        given
            .iter()
            .map(|text| Self::cecp_move_text(text))
            .collect()
    }

    /// Which legal move (an index into `given`, their given texts) XBoard means by `text`, a
    /// text that is neither a wire form nor notation `parse_move` reads: what
    /// [`Game::cecp_move_texts`] wrote, or what XBoard passes on in its own way. The default:
    /// the move written as `text`, or whose text XBoard relays as castling (`c1c1,c1c1` comes
    /// back as `c1c1,c1b1`).
    fn cecp_read_move(given: &[String], text: &str) -> Option<usize> {
        super::xboard::read_written(&Self::cecp_move_texts(given), text)
    }

    /// The perft suite of `variant` where the game keeps one: positions with known counts in the
    /// format of [`perft`](super::perft), in the game's folder (`perft/<variant>.txt`). The tests
    /// check the suite of every variant in the registry.
    fn perft_suite(_variant: &str) -> Option<&'static str> {
        None
    }

    /// The positions `tiamat bench` searches for `variant`. The default: its perft suite's.
    fn bench_positions(variant: &str) -> Vec<&'static str> {
        super::perft::suite_positions(Self::perft_suite(variant))
    }
}

/// The endings shared by most games: an end the game decided by its own rule (`decided`), no
/// legal turn (mate if in check, else stalemate = draw; where turns are built from actions, a
/// first action that only leads to dead ends is no turn),
/// threefold repetition, and 100 plies without an irreversible move.
pub fn default_ending<G: Game>(pos: &G, history: &[u64]) -> Option<Ending> {
    if let Some(end) = pos.decided() {
        return Some(end);
    }
    if has_legal_turn(pos, history, &mut || false) == Some(false) {
        return Some(if pos.in_check() {
            let winner = !pos.side_to_move();
            Ending::new(
                GameResult::win_for(winner),
                format!("{} mates", winner.title()),
            )
        } else {
            Ending::new(GameResult::Draw, "stalemate")
        });
    }
    if repetitions(pos.key(), pos.repetition_window(), history) >= 2 {
        return Some(Ending::new(GameResult::Draw, "threefold repetition"));
    }
    if pos.halfmove_clock() >= 100 {
        return Some(Ending::new(GameResult::Draw, "50-move rule"));
    }
    None
}

/// The complete turns a line of actions from `root` plays, each joined into one move
/// ([`Game::join_turn`]), with the state after the last of them; a turn the line leaves
/// unfinished, or that cannot be joined, is left out (and the line ends there).
pub fn whole_turns<G: Game>(root: &G, line: &[G::Move]) -> (Vec<G::Move>, G) {
    let mut turns = Vec::new();
    let mut start = root.clone();
    let mut pos = root.clone();
    let mut actions: Vec<G::Move> = Vec::new();
    for mv in line {
        if !pos.is_legal(mv) {
            break;
        }
        actions.push(mv.clone());
        pos = pos.play(mv);
        if pos.turn_in_progress() {
            continue;
        }
        let Some(turn) = start.join_turn(&actions) else {
            break;
        };
        turns.push(turn);
        actions.clear();
        start = pos.clone();
    }
    (turns, start)
}

/// Plays on from `state`, reached by `actions` (which the walk extends), until a turn ends: a
/// depth-first walk over the actions, each state's tried in the order `order` gives (indices
/// into its legal moves), backing out of dead ends, and never entering again a state in progress
/// it has backed out of (keyed like perft's turn walk; an activation network can reach one state
/// by many paths). The state where the turn ended, or `None` when no path of actions ends one
/// (`actions` is then as it was). A complete state with no actions yet starts a turn. A turn
/// that loses the game by the game's own rule (a Croatian turn that checkmates its own King) is
/// taken only when no other turn can be completed.
pub fn complete_turn<G: Game>(
    state: &G,
    actions: &mut Vec<G::Move>,
    order: &mut impl FnMut(&G, &[G::Move]) -> Vec<usize>,
) -> Option<G> {
    let mover = state.side_to_move();
    let refused_one = std::cell::Cell::new(false);
    let loses = |end: &G| {
        let loses = end
            .decided()
            .is_some_and(|ending| ending.result == GameResult::win_for(!mover));
        refused_one.set(refused_one.get() || loses);
        loses
    };
    let mut dead_ends = std::collections::HashSet::new();
    walk_to_turn_end(state, actions, order, &mut dead_ends, &loses).or_else(|| {
        refused_one.get().then(|| {
            let mut dead_ends = std::collections::HashSet::new();
            walk_to_turn_end(state, actions, order, &mut dead_ends, &|_: &G| false)
        })?
    })
}

fn walk_to_turn_end<G: Game>(
    state: &G,
    actions: &mut Vec<G::Move>,
    order: &mut impl FnMut(&G, &[G::Move]) -> Vec<usize>,
    dead_ends: &mut std::collections::HashSet<u64>,
    refused: &dyn Fn(&G) -> bool,
) -> Option<G> {
    if !state.turn_in_progress() && !actions.is_empty() {
        return (!refused(state)).then(|| state.clone());
    }
    if state.turn_in_progress() && dead_ends.contains(&state.key()) {
        return None;
    }
    let mut moves = G::MoveList::default();
    state.legal_moves(&mut moves);
    let moves = moves.as_slice();
    for i in order(state, moves) {
        actions.push(moves[i].clone());
        if let Some(end) =
            walk_to_turn_end(&state.play(&moves[i]), actions, order, dead_ends, refused)
        {
            return Some(end);
        }
        actions.pop();
    }
    if state.turn_in_progress() {
        dead_ends.insert(state.key());
    }
    None
}

/// Whether the side to move has a legal complete turn (`history` may forbid first actions),
/// found rather than listed: where turns are built from actions, a depth-first walk that tries
/// each state's turn-ending actions before going on with the others, expands each state in
/// progress once and stops at the first turn. `None` when `give_up`, asked before each move
/// generation, answers true first.
pub fn has_legal_turn<G: Game>(
    pos: &G,
    history: &[u64],
    give_up: &mut dyn FnMut() -> bool,
) -> Option<bool> {
    let allowed = |state: &G, mv: &G::Move| {
        !std::ptr::eq(state, pos) || !pos.forbidden_by_history(mv, history)
    };
    if give_up() {
        return None;
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    if !pos.multi_action_turns() {
        return Some(moves.as_slice().iter().any(|mv| allowed(pos, mv)));
    }
    let mut seen = std::collections::HashSet::new();
    let mut waiting: Vec<G> = Vec::new();
    let mut state = pos;
    let mut owned;
    loop {
        let mut going_on = Vec::new();
        for mv in moves.as_slice().iter().filter(|mv| allowed(state, mv)) {
            let next = state.play(mv);
            if !next.turn_in_progress() {
                return Some(true);
            }
            if seen.insert(next.key()) {
                going_on.push(next);
            }
        }
        waiting.extend(going_on.into_iter().rev());
        let Some(next) = waiting.pop() else {
            return Some(false);
        };
        if give_up() {
            return None;
        }
        owned = next;
        state = &owned;
        moves = G::MoveList::default();
        state.legal_moves(&mut moves);
    }
}

/// How often `key` appears among the last `window` entries of `history`.
pub fn repetitions(key: u64, window: u32, history: &[u64]) -> usize {
    let start = history.len().saturating_sub(window as usize);
    history[start..].iter().filter(|&&k| k == key).count()
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::core::view::{BoardView, MoveInput};

    thread_local! {
        static GENERATIONS: Cell<usize> = const { Cell::new(0) };
    }

    /// A turn climbs a ladder of `RUNGS` one or two rungs an action (the turn in progress) and
    /// may end only on the rung `end`: the paths to a rung are Fibonacci-many, the states one.
    #[derive(Clone, Debug)]
    struct Ladder {
        at: u8,
        end: Option<u8>,
        /// A rung where the turn may also end, losing the game (`Game::decided`).
        losing_end: Option<u8>,
        climbing: bool,
    }

    const RUNGS: u8 = 60;
    const END_TURN: u8 = 0;

    impl Game for Ladder {
        type Move = u8;
        type MoveList = Vec<u8>;
        const MULTI_ACTION_TURNS: bool = true;
        const TURNS_CAN_COINCIDE: bool = true;

        fn variants() -> &'static [&'static str] {
            &["ladder"]
        }
        fn start_position(_: &str) -> Result<Self, PositionError> {
            Err(PositionError::new("variant", "no start"))
        }
        fn from_position_string(_: &str, _: &str) -> Result<Self, PositionError> {
            Err(PositionError::new("position", "not read"))
        }
        fn position_string(&self) -> String {
            self.at.to_string()
        }
        fn variant(&self) -> &'static str {
            "ladder"
        }
        fn side_to_move(&self) -> Color {
            Color::White
        }
        fn key(&self) -> u64 {
            u64::from(self.at) | u64::from(self.climbing) << 8
        }
        fn legal_moves(&self, out: &mut Vec<u8>) {
            GENERATIONS.with(|n| n.set(n.get() + 1));
            if self.climbing && (self.end == Some(self.at) || self.losing_end == Some(self.at)) {
                out.push(END_TURN);
            }
            out.extend((1..=2).filter(|step| self.at + step <= RUNGS));
        }
        fn play(&self, mv: &u8) -> Self {
            Ladder {
                at: self.at + mv,
                end: self.end,
                losing_end: self.losing_end,
                climbing: *mv != END_TURN,
            }
        }
        fn turn_in_progress(&self) -> bool {
            self.climbing
        }
        fn decided(&self) -> Option<Ending> {
            (!self.climbing && self.losing_end == Some(self.at))
                .then(|| Ending::new(GameResult::BlackWins, "White loses by its own turn"))
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

    fn walk(end: Option<u8>) -> (Option<bool>, usize) {
        GENERATIONS.with(|n| n.set(0));
        let start = Ladder {
            at: 0,
            end,
            losing_end: None,
            climbing: false,
        };
        let found = has_legal_turn(&start, &[], &mut || false);
        (found, GENERATIONS.with(Cell::get))
    }

    #[test]
    fn a_legal_turn_deep_in_the_action_tree_is_found_expanding_each_state_once() {
        // Every state of the ladder once at most: the paths to the top are about 10^12.
        let (found, generations) = walk(Some(RUNGS));
        assert_eq!(found, Some(true));
        assert!(generations <= usize::from(RUNGS) + 1, "{generations}");
        let (found, _) = walk(Some(1));
        assert_eq!(found, Some(true));
    }

    #[test]
    fn without_a_legal_end_every_state_is_a_dead_end_once() {
        let (found, generations) = walk(None);
        assert_eq!(found, Some(false));
        assert!(generations <= usize::from(RUNGS) + 1, "{generations}");
    }

    #[test]
    fn completing_a_turn_backs_out_of_each_dead_end_once() {
        // No legal end: every state is a dead end, each generated once, not once per path.
        GENERATIONS.with(|n| n.set(0));
        let start = Ladder {
            at: 0,
            end: None,
            losing_end: None,
            climbing: false,
        };
        let mut actions = Vec::new();
        let mut in_order = |_: &Ladder, moves: &[u8]| (0..moves.len()).collect();
        assert!(complete_turn(&start, &mut actions, &mut in_order).is_none());
        assert!(actions.is_empty());
        let generations = GENERATIONS.with(Cell::get);
        assert!(generations <= usize::from(RUNGS) + 1, "{generations}");
        // With the end at the top, the walk climbs there.
        let start = Ladder {
            end: Some(RUNGS),
            ..start
        };
        let end = complete_turn(&start, &mut actions, &mut in_order).unwrap();
        assert_eq!(end.at, RUNGS);
        assert!(!end.turn_in_progress());
    }

    #[test]
    fn completing_a_turn_avoids_an_end_that_loses_while_another_is_reachable() {
        let mut actions = Vec::new();
        let mut in_order = |_: &Ladder, moves: &[u8]| (0..moves.len()).collect();
        // The losing end on rung 1 comes first in the order; the walk climbs on to the top.
        let start = Ladder {
            at: 0,
            end: Some(RUNGS),
            losing_end: Some(1),
            climbing: false,
        };
        let end = complete_turn(&start, &mut actions, &mut in_order).unwrap();
        assert_eq!((end.at, end.decided().is_none()), (RUNGS, true));
        // Where it is the only end, it is taken.
        actions.clear();
        let start = Ladder { end: None, ..start };
        let end = complete_turn(&start, &mut actions, &mut in_order).unwrap();
        assert_eq!(end.at, 1);
        assert!(end.decided().is_some());
    }

    #[test]
    fn the_walk_gives_up_when_told() {
        let start = Ladder {
            at: 0,
            end: Some(RUNGS),
            losing_end: None,
            climbing: false,
        };
        let mut asked = 0;
        let found = has_legal_turn(&start, &[], &mut || {
            asked += 1;
            asked > 5
        });
        assert_eq!(found, None);
    }
}
