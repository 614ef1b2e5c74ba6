//! The Croatian variants through the real binary: variant selection, position strings, moves in
//! wire form (UCI long algebraic and XAN cascades) and human form (EAN), search replies.

use tiamat_engine::core::complete_turn;
use tiamat_engine::games::croatian::{Croatian, Move};
use tiamat_engine::Game;
use tiamat_tests::Engine;

fn uci(variant: &str) -> Engine {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect_prefix("uciok");
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    engine.send("ucinewgame");
    engine
}

#[test]
fn uci_plays_a_pyramid_cascade_and_searches() {
    let mut engine = uci("mayanascendancy");
    // TA-3: Qk2-f7 activates the Pyramid on f7, which activates the one on i7.
    let setup = "11k/12/12/12/12/2B2A2A3/12/12/12/12/5A4Q1/6K5 w - 0 1";
    engine.send(&format!("position fen {setup} moves Qk2-f7~Af7-i7~Ai7-i9"));
    assert_eq!(
        engine.fen(),
        "11k/12/12/8A3/12/2B2Q2A3/12/12/12/12/5A6/6K5 b - 1 1"
    );
    let moves = engine.legal_moves();
    assert!(moves == ["l12l11", "l12k11"], "{moves:?}");
    engine.send("go depth 2");
    let best = engine.expect_prefix("bestmove");
    let mv = best.split_whitespace().nth(1).unwrap().to_string();
    assert!(moves.contains(&mv), "{mv} not in {moves:?}");
    // Human notation is read too.
    engine.send(&format!("position fen {setup} moves Qf7~Ai7~Ai9"));
    assert!(engine.fen().starts_with("11k/12/12/8A3/"));
    engine.send("quit");
    assert!(engine.finish());
}

#[test]
fn uci_start_position_of_every_fixed_variant() {
    for (variant, count) in [
        ("croatianties", 44),
        ("ageofaquarius", 96),
        ("croatianties14", 104),
    ] {
        let mut engine = uci(variant);
        engine.send("position startpos");
        assert_eq!(engine.legal_moves().len(), count, "{variant}");
        engine.send("position startpos moves e2e4");
        let fen = engine.fen();
        assert!(fen.contains(" b e4:e3 0 1"), "{variant}: {fen}");
        engine.send("quit");
        assert!(engine.finish());
    }
}

#[test]
fn cecp_defines_the_board_for_xboard() {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.expect_prefix("feature done=1");
    engine.send("variant croatianties");
    let setup = engine.expect_prefix("setup (");
    assert!(setup.contains("10x10+0_fairy renbqkbner/"), "{setup}");
    engine.expect_prefix("piece E& NN");
    engine.send("force");
    // XBoard numbers the ranks of a 10-rank board from 0: our rush e2-e5 is its e1e4.
    engine.send("usermove e1e4");
    engine.send("sd 2");
    engine.send("go");
    let reply = engine.expect_prefix("move ");
    assert!(reply.len() > 5, "{reply}");
    let transcript = engine.transcript();
    assert!(
        !transcript.contains("Illegal") && !transcript.contains("Error"),
        "{transcript}"
    );
    engine.send("quit");
    assert!(engine.finish());
}

/// Conquest of Tlalocan goes action by action inside the engine, and whole turns on the wire:
/// a cascade sent as one move text is read, `go perft` counts whole turns, and `bestmove`
/// names a whole turn (a cascade of several plies where the search chose one) that the engine
/// then reads back.
#[test]
fn uci_tlalocan_speaks_whole_turns() {
    let mut engine = uci("tlalocan");
    engine.send("position startpos moves Gg2-h1~Wh1-h24~Wh24-q24~Wq24-w24~Rw24-x24|||R");
    let fen = engine.fen();
    assert!(fen.contains(" b - "), "{fen}");
    // The dark Waves h24 and q24 moved on, the dark Rook w24 was oblationed in the Star x24.
    let first_row = fen.split('/').next().unwrap();
    assert_eq!(first_row, "tr&nbscuWeahqk&haewucsbnwT", "{fen}");
    engine.send("position startpos");
    engine.send("go perft 1");
    let total = engine.expect_prefix("Nodes searched");
    assert!(total.ends_with(" 3910"), "{total}");
    engine.send("go depth 2");
    let best = engine.expect_prefix("bestmove");
    let mv = best.split_whitespace().nth(1).unwrap().to_string();
    // An action that leaves a piece in the air is written `g2h1~3`.
    let half = mv
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .ends_with('~');
    assert!(!half, "{best}: half a turn");
    engine.send(&format!("position startpos moves {mv}"));
    let fen = engine.fen();
    assert!(fen.contains(" b "), "{mv}: {fen}");
    engine.send("quit");
    assert!(engine.finish());
}

/// For the variants that go action by action, a turn whose first action activates a piece
/// (so that action alone is no move on the wire).
const ACTIVATING_TURNS: [(&str, &str); 2] = [
    ("tlalocan", "Gg2-h1~Wh1-h24~Wh24-q24~Wq24-w24~Rw24-x24|||R"),
    ("discovery", "G::g2-h1~Wh1-h24~Wh24-v10"),
];

/// The state after `text`, which must be a whole turn from `pos`: read by the engine crate,
/// leaving no turn in progress and the other side to move.
fn after_whole_turn(pos: &Croatian, text: &str) -> Croatian {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} does not read: {e}"));
    let next = pos.play(&mv);
    assert!(!next.turn_in_progress(), "{text}: half a turn");
    assert_ne!(next.side_to_move(), pos.side_to_move(), "{text}");
    next
}

/// Over CECP the action-by-action variants take and give whole turns: a bare move and a
/// `usermove` of a turn whose first action activates are read along the action tree, the
/// first action alone is refused, and every thinking line's moves and the engine's `move` are
/// whole turns.
#[test]
fn cecp_action_variants_speak_whole_turns() {
    for (variant, turn) in ACTIVATING_TURNS {
        let start = Croatian::start_position(variant).unwrap();
        let after = after_whole_turn(&start, turn);
        let mut engine = Engine::start();
        engine.send("xboard");
        engine.send("protover 2");
        engine.expect_prefix("feature done=1");
        engine.send(&format!("variant {variant}"));
        engine.send("force");
        engine.send("usermove g2h1");
        let refused = engine.expect_prefix("Illegal move");
        assert!(refused.ends_with(" g2h1"), "{variant}: {refused}");
        engine.send(&format!("usermove {turn}"));
        let quiet = engine.sync_cecp(1);
        assert!(quiet.is_empty(), "{variant}: {quiet:?}");
        engine.send("post");
        // Discovery's depth 1 alone takes seconds: a second a move.
        engine.send("st 1");
        engine.send("go");
        let lines = engine.read_until(|line| line.starts_with("move "));
        for line in &lines[..lines.len() - 1] {
            let mut pos = after.clone();
            for text in line.split_whitespace().skip(4) {
                pos = after_whole_turn(&pos, text);
            }
        }
        let reply = lines.last().unwrap().strip_prefix("move ").unwrap();
        let after_reply = after_whole_turn(&after, reply);
        // Protocol 1 sends moves as bare words: a turn whose first action activates.
        let mut actions = Vec::new();
        let mut activating_first = |state: &Croatian, moves: &[Move]| {
            let mut order: Vec<usize> = (0..moves.len()).collect();
            order.sort_by_key(|&i| !state.play(&moves[i]).turn_in_progress());
            order
        };
        complete_turn(&after_reply, &mut actions, &mut activating_first).unwrap();
        engine.send("force");
        if actions.len() > 1 {
            let next = after_reply.join_turn(&actions).unwrap();
            engine.send(&after_reply.move_to_wire(&next));
        } else {
            // The reply left no turn that activates (a Wave gone out of reach): the start's.
            engine.send("new");
            engine.send(&format!("variant {variant}"));
            engine.send("force");
            engine.sync_cecp(2);
            engine.send(turn);
        }
        let quiet = engine.sync_cecp(3);
        assert!(quiet.is_empty(), "{variant}: {quiet:?}");
        engine.send("quit");
        assert!(engine.finish(), "{variant}");
    }
}

/// Over UCI too: a turn whose first action activates is read, every `info pv` move and the
/// `bestmove` are whole turns, and `searchmoves` of whole turns is answered with one of them.
#[test]
fn uci_action_variants_speak_whole_turns() {
    for (variant, turn) in ACTIVATING_TURNS {
        let start = Croatian::start_position(variant).unwrap();
        let after = after_whole_turn(&start, turn);
        let mut engine = uci(variant);
        engine.send(&format!("position startpos moves {turn}"));
        assert_eq!(engine.fen(), after.position_string(), "{variant}");
        engine.send("go nodes 3000");
        let lines = engine.read_until(|line| line.starts_with("bestmove"));
        for line in &lines {
            if let Some((_, pv)) = line.split_once(" pv ") {
                let mut pos = after.clone();
                for text in pv.split_whitespace() {
                    pos = after_whole_turn(&pos, text);
                }
            }
        }
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        after_whole_turn(&after, best);
        // One given turn whose first action activates: the search may find a better ending of
        // that action, but answers with the turn given.
        let given = "G::g2-h1~Wh1-h2~P::h2-g2";
        let given_state = after_whole_turn(&start, given);
        engine.send("position startpos");
        engine.send(&format!("go nodes 3000 searchmoves {given}"));
        let best = engine.expect_prefix("bestmove");
        let best = best.split_whitespace().nth(1).unwrap();
        assert_eq!(
            after_whole_turn(&start, best).key(),
            given_state.key(),
            "{variant}: {best}"
        );
        engine.send("quit");
        assert!(engine.finish(), "{variant}");
    }
}

/// With MultiPV the action variants rank whole turns: each line of an iteration begins with a
/// whole turn, the lines are numbered from 1 without gaps, and no two begin with turns that
/// end in the same position (two first actions, or two endings of one, that come to one state).
#[test]
fn uci_multipv_ranks_distinct_whole_turns() {
    for (variant, turn) in ACTIVATING_TURNS {
        let start = Croatian::start_position(variant).unwrap();
        let after = after_whole_turn(&start, turn);
        let mut engine = uci(variant);
        engine.send("setoption name MultiPV value 6");
        engine.send(&format!("position startpos moves {turn}"));
        engine.send("go depth 1 nodes 20000");
        let lines = engine.read_until(|line| line.starts_with("bestmove"));
        // The lines of each reported depth, in order.
        let mut by_depth: std::collections::BTreeMap<u32, Vec<(usize, String)>> =
            Default::default();
        for line in &lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            let field = |name: &str| {
                words
                    .iter()
                    .position(|w| *w == name)
                    .and_then(|i| words.get(i + 1))
                    .and_then(|w| w.parse::<usize>().ok())
            };
            if let (Some(depth), Some(multipv)) = (field("depth"), field("multipv")) {
                let (_, pv) = line
                    .split_once(" pv ")
                    .unwrap_or_else(|| panic!("{variant}: no pv in '{line}'"));
                by_depth
                    .entry(depth as u32)
                    .or_default()
                    .push((multipv, pv.to_string()));
            }
        }
        let (_, last) = by_depth.iter().next_back().expect("an iteration reported");
        assert!(last.len() > 1, "{variant}: {last:?}");
        let mut ends = Vec::new();
        for (i, (multipv, pv)) in last.iter().enumerate() {
            assert_eq!(*multipv, i + 1, "{variant}: {last:?}");
            let first = pv.split_whitespace().next().unwrap();
            let end = after_whole_turn(&after, first).key();
            assert!(
                !ends.contains(&end),
                "{variant}: {first} repeats a turn: {last:?}"
            );
            ends.push(end);
        }
        engine.send("quit");
        assert!(engine.finish(), "{variant}");
    }
}

/// The moves of a One game (match runner, against the one-ply player) after which the one-ply
/// player, completing its turn through the network of Waves and Starchilds, overflowed the stack
/// of the thread the front end searches on.
const ONE_DEEP_COMPLETION: [&str; 8] = [
    "b8|z20= Mbb3 a2b3|y20= Mba2 a2|x20= Mab3 2b3|z19= Mbb2 x20=Q Mbb3 ab3|y18= Mbb2 ",
    "y18=Q Mbb3 b3|z18= Mbb2 z18=Q Mbb3 y20=Q Mbb2 z20=Q Mbb3 z19=Q Mbb2 Qv24* Uv24* ",
    "Qu22* Uu22* Qv23* Ux20* Qr23* Or23* Qu24* tu24* Qz24* z24* Ra1|z18 y19|b1=Q ",
    "Rz1|x19 Qa1|y1 Rx20* Qx1* Rx24* x24* Bb3 S..x24<x23..z18* Bw24* Nw24* d13 Qw1* ",
    "g13 Qx2* Ug3 S..y3<y4.z2* t13 Su5* t12 Qw2* Gw2* Ss5* Ev3 St12* Ek25* Sg13* ",
    "Em26* Sk5* Hk5* Cm26* ss13 Cp2* Gp2* Mbd1 Cy26* Mdl1 Mm26>y26=Q Off21 Qw26* ",
    "Off20 Qt26* Gut26* Ql1|b2 x22 Qb24* Nb24* x13 Ev24 o13 Ep12 z13 g14 l13 Ug24 l10 ",
    "El10* uu13 Ep2* ",
];

#[test]
fn uci_one_ply_player_completes_a_turn_through_the_network() {
    let mut engine = uci("one");
    engine.send("setoption name PlayStyle value oneply");
    let moves = ONE_DEEP_COMPLETION.concat();
    engine.send(&format!("position startpos moves {}", moves.trim_end()));
    engine.send("go depth 1");
    let best = engine.expect_prefix("bestmove");
    let best = best.split_whitespace().nth(1).unwrap().to_string();
    let mut pos = Croatian::start_position("one").unwrap();
    for text in moves.split_whitespace() {
        pos = pos.play(&pos.parse_move(text).unwrap());
    }
    after_whole_turn(&pos, &best);
    engine.send("quit");
    assert!(engine.finish());
}

/// A One middle game (after 7 turns, dark to move; some root lists cut short by the clock here
/// used to hold a null teleport): whatever the budget, `go` answers with a legal whole turn.
#[test]
fn uci_one_answers_a_tiny_budget_with_a_legal_turn() {
    let mut engine = uci("one");
    let fen = "tr&nbsicuewahqk&haweucisbnQT/p|p|p|p|p|g|p|g|p|p|g|p|g|g|p|g|p|p|g|p|g|p|p|p|rp|/\
        p|p|p|p|g|p|p|p|g|g|p|p|g|g|p|p|g|g|p|p|p|g|p|p|1p|/4o|3o|o|2o|o|2o|o|3o|4/\
        5o|1o|2o|1o|o|1o|2o|1o|5/26/26/24M1/26/26/26/26/26/26/26/26/26/1I24/1M24/R25/26/\
        5O|1O|2O|1O|O|1O|1UO|1O|5/4O|3O|O|2O|O|2O|O|3O|4/\
        P|1P|P|G|P|P|P|G|G|P|P|G|G|P|P|G|G|P|P|P|G|P|P|P|P|/\
        P|1P|P|1G|P|G|P|P|G|P|G|G|P|G|P|P|G|P|G|P|P|P|P|P|/\
        T2qP1CUEWAHQK&HAWE1CISBNR&t b - 0 7 PNBSq";
    for go in [
        "go wtime 50 btime 50 winc 10 binc 10",
        "go wtime 1 btime 1",
        "go movetime 1",
    ] {
        engine.send(&format!("position fen {fen}"));
        engine.send(go);
        let answer = engine.expect_prefix("bestmove");
        let best = answer.split_whitespace().nth(1).unwrap().to_string();
        assert_ne!(best, "(none)", "{go}");
        engine.send(&format!("position fen {fen} moves {best}"));
        let lines = engine.sync_uci();
        assert!(
            !lines.iter().any(|l| l.contains("not changed")),
            "{go}: {best}: {lines:?}"
        );
        assert!(
            engine.fen().contains(" w "),
            "{go}: {best} leaves a turn in progress"
        );
    }
    engine.send("quit");
    assert!(engine.finish());
}
