//! The generic search proved on orthodox chess with the chess evaluator: exact mate scores,
//! stalemate avoidance, repetition draws, limits, stop, MultiPV and threads.

use std::sync::atomic::Ordering;
use std::time::Duration;

use tiamat_engine::games::chess::{Chess, ChessMove, ChessMoveList};
use tiamat_engine::search::{
    Control, IterationInfo, Limits, Options, Outcome, Report, Score, Searcher,
};
use tiamat_engine::Game;
use tiamat_eval::chess::ChessEval;

const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/R5K1 w - - 0 20",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "8/8/1p2k1p1/3p3p/1p1P1P1P/1P2K3/8/8 w - - 0 40",
    "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
    "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 50",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "8/8/8/8/8/5k2/7q/6K1 w - - 0 1",
    "8/P7/8/8/8/8/7k/K7 w - - 0 1",
    "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
];

fn pos(fen: &str) -> Chess {
    Chess::from_position_string("chess", fen).unwrap()
}

fn searcher(threads: usize, multipv: usize) -> Searcher<Chess, ChessEval> {
    Searcher::new(
        ChessEval,
        Options {
            threads,
            multipv,
            hash_mb: 8,
            ..Options::default()
        },
    )
}

fn search(
    searcher: &mut Searcher<Chess, ChessEval>,
    p: &Chess,
    history: &[u64],
    limits: Limits<ChessMove>,
) -> (Outcome<ChessMove>, Vec<IterationInfo<ChessMove>>) {
    let control = Control::new();
    let mut infos = Vec::new();
    let outcome = searcher.search(p, history, &limits, &control, &mut |r| {
        if let Report::Iteration(info) = r {
            infos.push(info);
        }
    });
    (outcome, infos)
}

fn depth(d: u32) -> Limits<ChessMove> {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn legal(p: &Chess) -> Vec<ChessMove> {
    let mut list = ChessMoveList::default();
    p.legal_moves(&mut list);
    list.as_slice().to_vec()
}

/// Every move of `pv` is legal in turn.
fn assert_pv_legal(p: &Chess, pv: &[ChessMove]) {
    let mut current = *p;
    for mv in pv {
        assert!(
            legal(&current).contains(mv),
            "{} in {}",
            p.move_to_wire(mv),
            current.position_string()
        );
        current = current.play(mv);
    }
}

#[test]
fn mate_in_one() {
    let p = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let (outcome, _) = search(&mut searcher(1, 1), &p, &[], depth(6));
    assert_eq!(p.move_to_wire(&outcome.best.unwrap()), "a1a8");
    assert_eq!(outcome.score, Score::Mate(1));
}

#[test]
fn mate_in_two() {
    let p = pos("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1");
    let (outcome, infos) = search(&mut searcher(1, 1), &p, &[], depth(8));
    assert_eq!(p.move_to_wire(&outcome.best.unwrap()), "d2d8");
    assert_eq!(outcome.score, Score::Mate(2));
    assert_pv_legal(&p, &infos.last().unwrap().pv);
    // The defender sees its own mate with the negative score.
    let after = p.play(&outcome.best.unwrap());
    let (defence, _) = search(&mut searcher(1, 1), &after, &[], depth(8));
    assert_eq!(defence.score, Score::Mate(-1));
}

#[test]
fn mate_in_three() {
    let p = pos("rr4k1/5ppp/8/8/8/3R4/3R1PPP/3R2K1 w - - 0 1");
    let (outcome, _) = search(&mut searcher(1, 1), &p, &[], depth(10));
    assert_eq!(p.move_to_wire(&outcome.best.unwrap()), "d3d8");
    assert_eq!(outcome.score, Score::Mate(3));
}

#[test]
fn mate_limit_stops_at_the_mate() {
    let p = pos("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1");
    let limits = Limits {
        mate: Some(2),
        ..Limits::default()
    };
    let (outcome, _) = search(&mut searcher(1, 1), &p, &[], limits);
    assert_eq!(outcome.score, Score::Mate(2));
}

#[test]
fn mated_side_has_no_move() {
    let p = pos("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    let (outcome, _) = search(&mut searcher(1, 1), &p, &[], depth(3));
    assert_eq!(outcome.best, None);
    assert_eq!(outcome.score, Score::Mate(0));
}

#[test]
fn winning_side_does_not_stalemate() {
    // Kb2 (and other quiet moves keeping a7, b7 and b8 covered) stalemate at once.
    let p = pos("k7/2Q5/8/8/8/8/8/1K6 w - - 0 1");
    for d in [1, 2, 4, 8, 12] {
        let (outcome, _) = search(&mut searcher(1, 1), &p, &[], depth(d));
        let after = p.play(&outcome.best.unwrap());
        assert!(!legal(&after).is_empty() || after.in_check(), "depth {d}");
        let winning = match outcome.score {
            Score::Cp(cp) => cp > 500,
            Score::Mate(n) => n > 0,
        };
        assert!(winning, "depth {d}: {:?}", outcome.score);
    }
}

#[test]
fn losing_side_takes_the_repetition() {
    // Black is a queen down; Kh8-g8 repeats a position already seen twice: a draw.
    let p = pos("7k/6pp/8/8/8/8/5PPP/3Q2K1 b - - 10 40");
    let repeat = p.parse_move("h8g8").unwrap();
    let repeated_key = p.play(&repeat).key();
    let history = [repeated_key, 11, repeated_key, 12];
    let (outcome, _) = search(&mut searcher(1, 1), &p, &history, depth(8));
    assert_eq!(outcome.best, Some(repeat));
    assert_eq!(outcome.score, Score::Cp(0));
}

#[test]
fn winning_side_avoids_the_repetition() {
    let p = pos("6k1/6pp/8/8/8/8/5PPP/3Q2K1 w - - 10 40");
    let avoid = p.parse_move("d1d2").unwrap();
    let key = p.play(&avoid).key();
    let history = [key, 11, key, 12];
    let (outcome, _) = search(&mut searcher(1, 1), &p, &history, depth(8));
    assert_ne!(outcome.best, Some(avoid));
    assert!(
        matches!(outcome.score, Score::Cp(cp) if cp > 500)
            || matches!(outcome.score, Score::Mate(n) if n > 0)
    );
}

#[test]
fn every_position_gets_a_legal_move_and_pv() {
    let mut s = searcher(1, 1);
    for fen in POSITIONS {
        let p = pos(fen);
        let (outcome, infos) = search(&mut s, &p, &[], depth(6));
        let best = outcome.best.expect(fen);
        assert!(legal(&p).contains(&best), "{fen}");
        let last = infos.last().unwrap();
        assert_eq!(last.pv[0], best, "{fen}");
        assert_pv_legal(&p, &last.pv);
        assert_eq!(outcome.depth, 6);
    }
}

#[test]
fn multipv_lines_are_distinct_and_ordered() {
    let p = pos(POSITIONS[1]);
    let (_, infos) = search(&mut searcher(1, 4), &p, &[], depth(7));
    let lines: Vec<_> = infos.iter().filter(|i| i.depth == 7).collect();
    assert_eq!(
        lines.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    let mut firsts: Vec<ChessMove> = lines.iter().map(|i| i.pv[0]).collect();
    for line in &lines {
        assert_pv_legal(&p, &line.pv);
    }
    let cp = |s: Score| match s {
        Score::Cp(c) => c,
        Score::Mate(n) => {
            if n > 0 {
                100_000 - n
            } else {
                -100_000 - n
            }
        }
    };
    for pair in lines.windows(2) {
        assert!(
            cp(pair[0].score) >= cp(pair[1].score),
            "{:?}",
            lines.iter().map(|l| l.score).collect::<Vec<_>>()
        );
    }
    firsts.sort_by_key(|m| m.bits());
    firsts.dedup();
    assert_eq!(firsts.len(), 4);
}

#[test]
fn searchmoves_limits_the_root() {
    let p = pos(POSITIONS[0]);
    let only = vec![p.parse_move("a2a3").unwrap(), p.parse_move("h2h3").unwrap()];
    let limits = Limits {
        depth: Some(5),
        searchmoves: only.clone(),
        ..Limits::default()
    };
    let (outcome, _) = search(&mut searcher(1, 1), &p, &[], limits);
    assert!(only.contains(&outcome.best.unwrap()));
}

#[test]
fn node_limit_is_respected() {
    let p = pos(POSITIONS[1]);
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let (outcome, _) = search(&mut searcher(1, 1), &p, &[], limits);
    assert!(
        outcome.nodes >= 20_000 && outcome.nodes <= 20_010,
        "{}",
        outcome.nodes
    );
    assert!(legal(&p).contains(&outcome.best.unwrap()));
}

#[test]
fn clock_and_movetime_searches_return_legal_moves() {
    let p = pos(POSITIONS[6]);
    let movetime = Limits {
        movetime: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    let (outcome, _) = search(&mut searcher(1, 1), &p, &[], movetime);
    assert!(legal(&p).contains(&outcome.best.unwrap()));
    let clock = Limits {
        time: [
            Some(Duration::from_millis(200)),
            Some(Duration::from_millis(200)),
        ],
        increment: [Duration::from_millis(10); 2],
        ..Limits::default()
    };
    let (outcome, _) = search(&mut searcher(2, 1), &p, &[], clock);
    assert!(legal(&p).contains(&outcome.best.unwrap()));
}

#[test]
fn stop_from_another_thread_ends_an_infinite_search() {
    let p = pos(POSITIONS[1]);
    let control = Control::new();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let mut s = searcher(2, 1);
    std::thread::scope(|scope| {
        let control = &control;
        let p = &p;
        let handle = scope.spawn(move || s.search(p, &[], &limits, control, &mut |_| {}));
        std::thread::sleep(Duration::from_millis(200));
        control.stop();
        let outcome = handle.join().unwrap();
        assert!(legal(p).contains(&outcome.best.unwrap()));
        assert!(outcome.depth >= 1);
    });
}

#[test]
fn stop_while_pondering_answers() {
    let p = pos(POSITIONS[6]);
    let control = Control::new();
    control.pondering.store(true, Ordering::SeqCst);
    let limits = Limits {
        movetime: Some(Duration::from_millis(1)),
        ..Limits::default()
    };
    let mut s = searcher(1, 1);
    std::thread::scope(|scope| {
        let control = &control;
        let p = &p;
        let handle = scope.spawn(move || s.search(p, &[], &limits, control, &mut |_| {}));
        std::thread::sleep(Duration::from_millis(100));
        // Pondering suspends the 1 ms move time: the search is still running.
        assert!(!handle.is_finished());
        control.stop();
        assert!(legal(p).contains(&handle.join().unwrap().best.unwrap()));
    });
}

fn as_cp(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 10_000 - n,
        Score::Mate(n) => -10_000 - n,
    }
}

#[test]
fn four_threads_stay_legal_and_consistent() {
    let mut single = searcher(1, 1);
    let mut multi = searcher(4, 1);
    for fen in POSITIONS {
        let p = pos(fen);
        let (one, _) = search(&mut single, &p, &[], depth(7));
        let (four, infos) = search(&mut multi, &p, &[], depth(7));
        let best = four.best.expect(fen);
        assert!(legal(&p).contains(&best), "{fen}");
        assert_eq!(four.depth, 7);
        for info in &infos {
            assert_pv_legal(&p, &info.pv);
        }
        // Threads change the order of work, so shallow scores differ (a mate at the horizon
        // may be found by one and not the other); they must never disagree on who is winning.
        let (a, b) = (as_cp(one.score), as_cp(four.score));
        assert!(
            !((a > 300 && b < -300) || (a < -300 && b > 300)),
            "{fen}: {:?} vs {:?}",
            one.score,
            four.score
        );
    }
    // The known mates are found exactly by four threads as well.
    let p = pos("rr4k1/5ppp/8/8/8/3R4/3R1PPP/3R2K1 w - - 0 1");
    let (outcome, _) = search(&mut multi, &p, &[], depth(10));
    assert_eq!(outcome.score, Score::Mate(3));
}

#[test]
fn clear_forgets_the_table_and_search_repeats_exactly() {
    let p = pos(POSITIONS[6]);
    let mut s = searcher(1, 1);
    let (a, _) = search(&mut s, &p, &[], depth(8));
    s.clear();
    let (b, _) = search(&mut s, &p, &[], depth(8));
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.best, b.best);
}

#[test]
fn null_move_passes_the_turn_with_a_matching_key() {
    let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let passed = p.null_move().unwrap();
    let flipped = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 1 1");
    assert_eq!(passed.key(), flipped.key());
    assert_eq!(passed.side_to_move(), flipped.side_to_move());
    // An en-passant right does not survive a pass.
    let ep = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let passed = ep.null_move().unwrap();
    let flipped = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3");
    assert_eq!(passed.key(), flipped.key());
}
