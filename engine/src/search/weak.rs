//! Deliberately weak players, so every variant has a baseline to measure the real search against:
//! a random mover and a one-ply player that takes the move with the best static evaluation
//! (a mate in one first). Selected with the engine's `PlayStyle` option in both protocols.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::time::Clock;
use super::{Bound, Evaluator, IterationInfo, Outcome, Report, Score};
use crate::core::zobrist::KeyGenerator;
use crate::core::{complete_turn, has_legal_turn, Game, GameResult, MoveList};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayStyle {
    /// The full search.
    Search,
    /// Best static evaluation after one ply.
    OnePly,
    /// A uniformly random legal move.
    Random,
}

impl PlayStyle {
    pub const NAMES: [&'static str; 3] = ["search", "oneply", "random"];

    pub fn parse(text: &str) -> Option<PlayStyle> {
        match text.to_ascii_lowercase().as_str() {
            "search" => Some(PlayStyle::Search),
            "oneply" => Some(PlayStyle::OnePly),
            "random" => Some(PlayStyle::Random),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PlayStyle::Search => "search",
            PlayStyle::OnePly => "oneply",
            PlayStyle::Random => "random",
        }
    }
}

/// The weak styles' answer, reported as a one-ply iteration.
pub(super) fn play<G: Game, E: Evaluator<G>>(
    root: &G,
    history: &[u64],
    eval: &E,
    style: PlayStyle,
    clock: &Clock,
    report: &mut dyn FnMut(Report<G::Move>),
) -> Outcome<G::Move> {
    // Seeded from the clock so that games between weak players differ.
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let spare_over = || clock.hard_expired() || clock.soft_expired(SPARE_SHARE);
    let choice = choose(root, history, eval, style, seed, &spare_over, &|| {
        clock.hard_expired()
    });
    let (best, value) = match choice {
        Some((mv, value)) => (Some(mv), value),
        None => (None, 0),
    };
    let score = Score::Cp(value.clamp(-super::MATE_BOUND, super::MATE_BOUND));
    if let Some(mv) = &best {
        report(Report::Iteration(IterationInfo {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes: 1,
            nps: 0,
            hashfull: 0,
            time: Duration::ZERO,
            pv: vec![mv.clone()],
        }));
    }
    Outcome {
        best,
        ponder: None,
        score,
        depth: 1,
        nodes: 1,
    }
}

/// The one-ply values are scaled by this and noise below it added, to break ties at random.
const NOISE: i64 = 1024;

/// The most move generations the one-ply player spends on what it may leave unknown: whether a
/// check mates, whether a quiet move stalemates. Where one generation lists thousands of
/// actions (cascades of Waves), asking it of every move would spend the clock of a fast game.
const SPARE_GENERATIONS: usize = 24;

/// The share of its soft time limit after which the one-ply player asks nothing further.
const SPARE_SHARE: f64 = 0.25;

/// What a child of the root is known to be from one look at it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    /// The game ended: its value is exact.
    Exact,
    /// The opponent is to move: a mate or a stalemate when the opponent has no turn.
    Opponent,
    /// The same side acts again: the turn is completed, or found to be a dead end, once chosen.
    MidTurn,
}

/// Optional work allowed: a number of move generations and a clock.
struct Spare<'a> {
    generations: usize,
    out_of_time: &'a dyn Fn() -> bool,
}

impl Spare<'_> {
    /// Whether anything optional may still be done.
    fn left(&self) -> bool {
        self.generations > 0 && !(self.out_of_time)()
    }

    /// Whether one more generation may be spent (and counts it).
    fn take(&mut self) -> bool {
        if self.generations == 0 || (self.out_of_time)() {
            return false;
        }
        self.generations -= 1;
        true
    }

    /// Whether the opponent, to move in `child`, has a legal turn; `None` when that would cost
    /// more than is left.
    fn has_turn<G: Game>(&mut self, child: &G) -> Option<bool> {
        has_legal_turn(child, &[], &mut || !self.take())
    }
}

/// The move `style` picks and its one-ply value; `None` without a legal move. Where turns are
/// built from actions, the move is a whole turn: the first action by its one-ply value, then
/// completed by the static value of each next action, the first action dropped when it leads
/// only to dead ends. Once `out_of_time` (and after a few generations), the one-ply player asks
/// nothing optional (mates, stalemates), and once `hard_out_of_time` it looks at no further
/// move (on a busy machine the clock could run out first).
fn choose<G: Game, E: Evaluator<G>>(
    pos: &G,
    history: &[u64],
    eval: &E,
    style: PlayStyle,
    seed: u64,
    out_of_time: &dyn Fn() -> bool,
    hard_out_of_time: &dyn Fn() -> bool,
) -> Option<(G::Move, i32)> {
    let mut list = G::MoveList::default();
    pos.legal_moves(&mut list);
    let moves: Vec<G::Move> = list
        .as_slice()
        .iter()
        .filter(|mv| !pos.forbidden_by_history(mv, history))
        .cloned()
        .collect();
    if moves.is_empty() {
        return None;
    }
    let mut random = KeyGenerator::new(seed ^ pos.key());
    let mut spare = Spare {
        generations: SPARE_GENERATIONS,
        out_of_time,
    };
    if style == PlayStyle::Random {
        // A random first action, and its turn completed in random order.
        let mut order: Vec<usize> = (0..moves.len()).collect();
        shuffle(&mut order, &mut random);
        let mut shuffled = |_: &G, moves: &[G::Move]| {
            let mut order: Vec<usize> = (0..moves.len()).collect();
            shuffle(&mut order, &mut random);
            order
        };
        return order
            .into_iter()
            .find_map(|i| whole_turn(pos, &moves[i], &mut shuffled))
            .map(|turn| (turn, 0));
    }
    // Each child's value from one look: no child's replies are generated here, which would
    // cost as much as a two-ply search where moves are many (cascades of Waves). The children
    // are played again where needed rather than kept (a wide board's state is large).
    let mut values: Vec<(i64, i32, Seen, usize)> = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        if !values.is_empty() && hard_out_of_time() {
            break;
        }
        let (value, seen) = one_ply_value(pos, &pos.play(mv), eval);
        // Low bits of noise break ties without ever outweighing a centipawn.
        let keyed = i64::from(value) * NOISE + (random.next() % NOISE as u64) as i64;
        values.push((keyed, value, seen, i));
    }
    values.sort_by_key(|&(keyed, ..)| std::cmp::Reverse(keyed));
    // A mate in one first, the checks asked in order of value while spare work remains.
    for &(_, _, seen, i) in &values {
        if !spare.left() {
            break;
        }
        let child = pos.play(&moves[i]);
        if seen == Seen::Opponent && child.in_check() && spare.has_turn(&child) == Some(false) {
            return Some((moves[i].clone(), super::MATE));
        }
    }
    // The cheap completion: the turn ended as soon as it can be, by the best ending; an
    // activation network (One's Waves and Starchilds) could otherwise be walked far.
    let mut order = |state: &G, moves: &[G::Move]| {
        if hard_out_of_time() {
            (0..moves.len()).collect()
        } else {
            super::ranked_by_value(eval, state, moves, None, true)
        }
    };
    // The most a stalemate (value 0, noise only) can be keyed.
    let stalemate = NOISE - 1;
    let mut best: Option<(i64, i32, G::Move)> = None;
    for (keyed, value, seen, i) in values {
        let mv = &moves[i];
        let beaten = best.as_ref().map(|(b, ..)| *b);
        if beaten.is_some_and(|b| b >= keyed.max(stalemate)) {
            break;
        }
        if let Some(b) = beaten.filter(|&b| b >= keyed) {
            // Only a stalemate can do better than the best, and a losing player asks that of
            // only as many moves as spare work allows.
            if seen == Seen::Opponent && keyed.rem_euclid(NOISE) > b && spare.left() {
                let child = pos.play(mv);
                if !child.in_check() && spare.has_turn(&child) == Some(false) {
                    best = Some((keyed.rem_euclid(NOISE), 0, mv.clone()));
                }
            }
            continue;
        }
        let candidate = match seen {
            Seen::MidTurn => match whole_turn(pos, mv, &mut order) {
                Some(turn) => (keyed, value, turn),
                None => continue,
            },
            // The move about to be chosen must not stalemate by mistake: asked even without
            // spare work.
            Seen::Opponent if stalemates(&pos.play(mv), hard_out_of_time) => {
                (keyed.rem_euclid(NOISE), 0, mv.clone())
            }
            _ => (keyed, value, mv.clone()),
        };
        if beaten.is_none_or(|b| candidate.0 > b) {
            best = Some(candidate);
        }
    }
    best.map(|(_, value, mv)| (mv, value))
}

/// Whether the opponent, to move in `child`, is stalemated; false when not known in time.
fn stalemates<G: Game>(child: &G, out_of_time: &dyn Fn() -> bool) -> bool {
    !child.in_check() && has_legal_turn(child, &[], &mut || out_of_time()) == Some(false)
}

/// `first` (an action from `pos`) and the actions that complete its turn, in the order `order`
/// gives, as one move; `None` when every way on from `first` is a dead end. `first` itself
/// where the game cannot join actions into one move (the search then completes it).
fn whole_turn<G: Game>(
    pos: &G,
    first: &G::Move,
    order: &mut impl FnMut(&G, &[G::Move]) -> Vec<usize>,
) -> Option<G::Move> {
    let child = pos.play(first);
    if !child.turn_in_progress() {
        return Some(first.clone());
    }
    let mut actions = vec![first.clone()];
    complete_turn(&child, &mut actions, order)?;
    Some(pos.join_turn(&actions).unwrap_or_else(|| first.clone()))
}

fn shuffle(items: &mut [usize], random: &mut KeyGenerator) {
    for i in (1..items.len()).rev() {
        items.swap(i, (random.next() % (i as u64 + 1)) as usize);
    }
}

/// The mover's view of `child` from one look, and what more there is to know about it: a mate
/// beats everything; a child with the opponent to move is a mate or a stalemate when the
/// opponent has no turn, which is not looked at here.
fn one_ply_value<G: Game, E: Evaluator<G>>(pos: &G, child: &G, eval: &E) -> (i32, Seen) {
    if let Some(end) = child.decided() {
        let value = match end.result {
            GameResult::Draw => 0,
            r if r == GameResult::win_for(pos.side_to_move()) => super::MATE,
            _ => -super::MATE,
        };
        return (value, Seen::Exact);
    }
    let value = eval.evaluate(child);
    if child.side_to_move() == pos.side_to_move() {
        (value, Seen::MidTurn)
    } else {
        (-value, Seen::Opponent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::Chess;

    /// Material only, enough to tell a capture from a quiet move.
    struct Material;

    impl Evaluator<Chess> for Material {
        type Path = ();

        fn evaluate(&self, pos: &Chess) -> i32 {
            let text = pos.position_string();
            let board = text.split(' ').next().unwrap_or("");
            let value = |c: char| match c.to_ascii_lowercase() {
                'p' => 100,
                'n' | 'b' => 300,
                'r' => 500,
                'q' => 900,
                _ => 0,
            };
            let white: i32 = board
                .chars()
                .filter(char::is_ascii_uppercase)
                .map(value)
                .sum();
            let black: i32 = board
                .chars()
                .filter(char::is_ascii_lowercase)
                .map(value)
                .sum();
            (white - black) * pos.side_to_move().sign()
        }
    }

    fn pick(fen: &str, style: PlayStyle, seed: u64) -> String {
        let pos = Chess::from_position_string("chess", fen).unwrap();
        let (mv, _) = choose(&pos, &[], &Material, style, seed, &|| false, &|| false).unwrap();
        pos.move_to_wire(&mv)
    }

    #[test]
    fn one_ply_takes_the_queen_and_prefers_mate() {
        // The knight can take a knight on d4, the rook mates on the back rank: mate first.
        for seed in 0..8 {
            assert_eq!(
                pick(
                    "7k/6pp/8/8/3n4/5N2/6PP/R5K1 w - - 0 1",
                    PlayStyle::OnePly,
                    seed
                ),
                "a1a8"
            );
        }
        for seed in 0..8 {
            assert_eq!(
                pick("4k3/8/8/q7/8/8/8/R3K3 w - - 0 1", PlayStyle::OnePly, seed),
                "a1a5"
            );
        }
    }

    #[test]
    fn one_ply_out_of_time_answers_with_the_moves_looked_at() {
        // Out of time from the start, only the first legal move is looked at, not the mate.
        let pos =
            Chess::from_position_string("chess", "7k/6pp/8/8/3n4/5N2/6PP/R5K1 w - - 0 1").unwrap();
        let mut legal = <Chess as Game>::MoveList::default();
        pos.legal_moves(&mut legal);
        let (mv, _) = choose(
            &pos,
            &[],
            &Material,
            PlayStyle::OnePly,
            0,
            &|| true,
            &|| true,
        )
        .unwrap();
        assert_eq!(mv, legal.as_slice()[0]);
        assert_ne!(pos.move_to_wire(&mv), "a1a8");
    }

    #[test]
    fn one_ply_never_stalemates_when_winning() {
        // No mate in one; Qb6 and Qc7 stalemate the King on a8, and every move keeps the Queen.
        let fen = "k7/8/8/2Q5/8/8/8/4K3 w - - 0 1";
        for seed in 0..32 {
            let text = pick(fen, PlayStyle::OnePly, seed);
            let pos = Chess::from_position_string("chess", fen).unwrap();
            let child = pos.play(&pos.parse_move(&text).unwrap());
            let replies = has_legal_turn(&child, &[], &mut || false);
            assert!(replies == Some(true) || child.in_check(), "{seed}: {text}");
        }
    }

    thread_local! {
        static GENERATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// A game that counts its move generations (on this thread).
    #[derive(Clone, Debug)]
    struct Counted<G>(G);

    impl<G: Game> Game for Counted<G> {
        type Move = G::Move;
        type MoveList = G::MoveList;
        const MULTI_ACTION_TURNS: bool = G::MULTI_ACTION_TURNS;
        const TURNS_CAN_COINCIDE: bool = G::TURNS_CAN_COINCIDE;

        fn variants() -> &'static [&'static str] {
            G::variants()
        }
        fn start_position(variant: &str) -> Result<Self, crate::core::PositionError> {
            G::start_position(variant).map(Counted)
        }
        fn from_position_string(
            variant: &str,
            text: &str,
        ) -> Result<Self, crate::core::PositionError> {
            G::from_position_string(variant, text).map(Counted)
        }
        fn position_string(&self) -> String {
            self.0.position_string()
        }
        fn variant(&self) -> &'static str {
            self.0.variant()
        }
        fn side_to_move(&self) -> crate::core::Color {
            self.0.side_to_move()
        }
        fn key(&self) -> u64 {
            self.0.key()
        }
        fn legal_moves(&self, out: &mut Self::MoveList) {
            GENERATIONS.with(|n| n.set(n.get() + 1));
            self.0.legal_moves(out);
        }
        fn is_legal(&self, mv: &Self::Move) -> bool {
            self.0.is_legal(mv)
        }
        fn play(&self, mv: &Self::Move) -> Self {
            Counted(self.0.play(mv))
        }
        fn turn_in_progress(&self) -> bool {
            self.0.turn_in_progress()
        }
        fn multi_action_turns(&self) -> bool {
            self.0.multi_action_turns()
        }
        fn turns_can_coincide(&self) -> bool {
            self.0.turns_can_coincide()
        }
        fn starts_turn(&self, action: &Self::Move, turn: &Self::Move) -> bool {
            self.0.starts_turn(action, turn)
        }
        fn join_turn(&self, actions: &[Self::Move]) -> Option<Self::Move> {
            self.0.join_turn(actions)
        }
        fn decided(&self) -> Option<crate::core::Ending> {
            self.0.decided()
        }
        fn in_check(&self) -> bool {
            self.0.in_check()
        }
        fn is_tactical(&self, mv: &Self::Move) -> bool {
            self.0.is_tactical(mv)
        }
        fn halfmove_clock(&self) -> u32 {
            self.0.halfmove_clock()
        }
        fn repetition_window(&self) -> u32 {
            self.0.repetition_window()
        }
        fn move_to_wire(&self, mv: &Self::Move) -> String {
            self.0.move_to_wire(mv)
        }
        fn move_to_human(&self, mv: &Self::Move) -> String {
            self.0.move_to_human(mv)
        }
        fn parse_move(&self, text: &str) -> Result<Self::Move, crate::core::MoveError> {
            self.0.parse_move(text)
        }
        fn board_text(&self) -> String {
            self.0.board_text()
        }
        fn board_view(&self) -> crate::core::view::BoardView {
            self.0.board_view()
        }
        fn move_input(&self, mv: &Self::Move) -> crate::core::view::MoveInput {
            self.0.move_input(mv)
        }
    }

    /// Every move looks as good as every other: a player hunting for a stalemate asks them all.
    struct Level;

    /// A turn in progress looks better than any position: a player completing a turn by value
    /// alone would go on activating as long as it could.
    struct Restless;

    impl<G: Game> Evaluator<G> for Restless {
        type Path = ();

        fn evaluate(&self, pos: &G) -> i32 {
            if pos.turn_in_progress() {
                100
            } else {
                0
            }
        }
    }

    impl<G: Game> Evaluator<G> for Level {
        type Path = ();

        fn evaluate(&self, _: &G) -> i32 {
            0
        }
    }

    #[test]
    fn one_ply_in_one_asks_few_generations_and_answers_a_whole_turn() {
        use crate::games::croatian::Croatian;
        // One's start: about 2,300 first actions, all of one value here. Asking each whether it
        // stalemates (or, for an activation, generating its next actions) would be thousands of
        // generations, each listing thousands of actions.
        let start = Counted(Croatian::start_position("one").unwrap());
        let mut first = <Counted<Croatian> as Game>::MoveList::default();
        start.legal_moves(&mut first);
        assert!(first.len() > 2_000, "{}", first.len());
        for seed in 0..4 {
            GENERATIONS.with(|n| n.set(0));
            let never = || false;
            let (turn, _) = if seed % 2 == 0 {
                choose(&start, &[], &Level, PlayStyle::OnePly, seed, &never, &never)
            } else {
                choose(
                    &start,
                    &[],
                    &Restless,
                    PlayStyle::OnePly,
                    seed,
                    &never,
                    &never,
                )
            }
            .unwrap();
            let generations = GENERATIONS.with(std::cell::Cell::get);
            // The root's, the spare ones, and one per action of the turn chosen (with a few
            // dead ends backed out of).
            assert!(generations <= 1 + SPARE_GENERATIONS + 16, "{generations}");
            assert!(start.is_legal(&turn), "{}", start.move_to_wire(&turn));
            assert!(!start.play(&turn).turn_in_progress());
            // Restless starts with an activation: a turn of several actions.
            if seed % 2 == 1 {
                assert!(
                    starts_with_activation(&start, &turn),
                    "{}",
                    start.move_to_wire(&turn)
                );
            }
            assert!(start.parse_move(&start.move_to_wire(&turn)).is_ok());
        }
    }

    /// Whether `turn` starts with an action of `pos` that leaves the turn in progress.
    fn starts_with_activation<G: Game>(pos: &G, turn: &G::Move) -> bool {
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        moves
            .as_slice()
            .iter()
            .any(|mv| pos.starts_turn(mv, turn) && pos.play(mv).turn_in_progress())
    }

    #[test]
    fn a_losing_one_ply_player_asks_few_moves_whether_they_stalemate() {
        // 32 moves, all of one value: each could be the stalemate that saves a lost game, and
        // is asked only while spare work remains.
        let pos = Counted(
            Chess::from_position_string("chess", "4k3/8/8/3q4/8/8/8/4K3 b - - 0 1").unwrap(),
        );
        GENERATIONS.with(|n| n.set(0));
        let (mv, _) = choose(&pos, &[], &Level, PlayStyle::OnePly, 0, &|| false, &|| {
            false
        })
        .unwrap();
        assert!(pos.is_legal(&mv));
        let generations = GENERATIONS.with(std::cell::Cell::get);
        assert!(generations <= 1 + SPARE_GENERATIONS + 1, "{generations}");
        // Out of spare time, only the move chosen is asked (it must not stalemate).
        GENERATIONS.with(|n| n.set(0));
        choose(&pos, &[], &Level, PlayStyle::OnePly, 0, &|| true, &|| false).unwrap();
        assert!(GENERATIONS.with(std::cell::Cell::get) <= 2);
    }

    #[test]
    fn random_moves_are_legal_and_vary_with_the_seed() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let picks: std::collections::HashSet<String> = (0..32)
            .map(|seed| pick(start, PlayStyle::Random, seed))
            .collect();
        assert!(picks.len() > 5, "{picks:?}");
        let pos = Chess::start_position("chess").unwrap();
        for text in picks {
            assert!(pos.parse_move(&text).is_ok(), "{text}");
        }
    }

    #[test]
    fn no_move_without_legal_moves() {
        let mated = Chess::from_position_string("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert!(choose(
            &mated,
            &[],
            &Material,
            PlayStyle::OnePly,
            0,
            &|| false,
            &|| false
        )
        .is_none());
    }

    #[test]
    fn styles_parse_case_insensitively() {
        assert_eq!(PlayStyle::parse("OnePly"), Some(PlayStyle::OnePly));
        assert_eq!(PlayStyle::parse("best"), None);
        for name in PlayStyle::NAMES {
            assert_eq!(PlayStyle::parse(name).map(PlayStyle::name), Some(name));
        }
    }
}
