//! One transcript per CECP (XBoard protocol 2) command, driving the real binary.

use std::time::{Duration, Instant};

use tiamat_tests::Engine;

/// White to move, 99 quiet plies behind: any quiet move ends the game by the 50-move rule
/// (no mate in one exists here).
const FIFTY_MOVES: &str = "7k/8/8/8/8/8/8/K5R1 w - - 99 80";
/// Fool's mate delivered: White to move is mated.
const WHITE_MATED: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";

fn xboard() -> Engine {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until(|line| line.contains("done=1"));
    engine
}

/// The move text of a `move ...` line.
fn move_of(line: &str) -> String {
    line.strip_prefix("move ")
        .unwrap_or_else(|| panic!("not a move line: {line}"))
        .to_string()
}

/// Whether `mv` is accepted as a legal move for the side to move now (and then taken back).
fn is_legal(engine: &mut Engine, mv: &str, ping: u32) -> bool {
    engine.send("force");
    engine.send(&format!("usermove {mv}"));
    let lines = engine.sync_cecp(ping);
    let legal = !lines.iter().any(|l| l.starts_with("Illegal move"));
    if legal {
        engine.send("undo");
    }
    legal
}

#[test]
fn protover_announces_the_features() {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let lines = engine.read_until(|line| line.contains("done=1"));
    let features = lines.join(" ");
    for feature in [
        "myname=\"Tiamat",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "memory=1",
        "smp=1",
        "analyze=1",
        "colors=0",
        "sigint=0",
        "reuse=1",
        "san=0",
        "done=1",
    ] {
        assert!(features.contains(feature), "{feature} missing: {features}");
    }
    // python-chess rejects sigterm=0 and reads an option's name up to its first space.
    assert!(!features.contains("sigterm"), "{features}");
    let options: Vec<&str> = features
        .split("option=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect();
    assert!(
        options.iter().any(|o| o.starts_with("PlayStyle -combo")),
        "{options:?}"
    );
    for option in options {
        let (name, kind) = option.split_once(' ').unwrap();
        assert!(kind.starts_with('-') && !name.is_empty(), "{option}");
    }
    let variants = lines
        .iter()
        .find_map(|l| l.split("variants=\"").nth(1))
        .expect("a variants feature");
    let variants: Vec<&str> = variants.split('"').next().unwrap().split(',').collect();
    assert!(variants.contains(&"normal"), "{variants:?}");
    assert!(
        !variants.contains(&"chess"),
        "chess is called normal: {variants:?}"
    );
    engine.send("accepted setboard");
    engine.send("rejected nps");
    assert!(engine.sync_cecp(1).is_empty());
}

#[test]
fn new_and_usermove_get_a_reply() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("sd 2");
    engine.send("usermove e2e4");
    let reply = move_of(&engine.expect_prefix("move "));
    // The reply is Black's: legal after e4, then it is White's turn again.
    engine.send("force");
    engine.send("new");
    engine.send("force");
    engine.send("usermove e2e4");
    assert!(is_legal(&mut engine, &reply, 2), "{reply}");
}

#[test]
fn force_then_go_plays_the_side_to_move() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("force");
    engine.send("usermove e2e4");
    engine.send("usermove e7e5");
    // In force mode nothing is played.
    assert!(engine.sync_cecp(1).is_empty());
    engine.send("sd 2");
    engine.send("go");
    let white = move_of(&engine.expect_prefix("move "));
    engine.send("force");
    engine.send("undo");
    assert!(is_legal(&mut engine, &white, 2));
    // `go` made the engine White: after Black's move it replies again.
    engine.send("usermove a2a3");
    engine.send("usermove a7a6");
    engine.send("go");
    engine.expect_prefix("move ");
}

#[test]
fn playother_makes_the_engine_wait_for_the_opponent() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("force");
    engine.send("sd 1");
    engine.send("playother");
    // White to move and the engine plays Black: nothing yet.
    assert!(engine.sync_cecp(1).is_empty());
    engine.send("usermove d2d4");
    engine.expect_prefix("move ");
}

#[test]
fn illegal_moves_and_unknown_commands_change_nothing() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("force");
    for bad in ["e2e5", "e7e5", "zz", "e2", "Ke2", "e1g1", "a1a1"] {
        engine.send(&format!("usermove {bad}"));
        let lines = engine.sync_cecp(1);
        assert!(
            lines.len() == 1 && lines[0].starts_with("Illegal move") && lines[0].ends_with(bad),
            "{bad}: {lines:?}"
        );
    }
    engine.send("frobnicate now");
    assert_eq!(
        engine.sync_cecp(2),
        vec!["Error (unknown command): frobnicate now".to_string()]
    );
    // Still the start position: White's e2e4 is legal, Black's e7e5 is not.
    assert!(is_legal(&mut engine, "e2e4", 3));
    assert!(!is_legal(&mut engine, "e7e5", 4));
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("force");
    engine.send("usermove e2e4");
    engine.send("usermove e7e5");
    engine.send("undo");
    // Black to move again: e7e5 is legal once more.
    assert!(is_legal(&mut engine, "e7e5", 1));
    engine.send("usermove e7e5");
    engine.send("usermove g1f3");
    engine.send("remove");
    // Two plies back: Black to move after e4.
    assert!(is_legal(&mut engine, "b8c6", 2));
    assert!(!is_legal(&mut engine, "g1f3", 3));
    engine.send("new");
    engine.send("undo");
    let lines = engine.sync_cecp(4);
    assert!(
        lines.len() == 1 && lines[0].starts_with("Error"),
        "{lines:?}"
    );
}

#[test]
fn setboard_sets_the_position_and_rejects_bad_ones() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("force");
    engine.send("setboard 4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    assert!(is_legal(&mut engine, "e8d8", 1));
    assert!(!is_legal(&mut engine, "e2e4", 2));
    engine.send("setboard this is not a position");
    let lines = engine.sync_cecp(3);
    assert!(
        lines.len() == 1 && lines[0].starts_with("tellusererror Illegal position"),
        "{lines:?}"
    );
    assert!(is_legal(&mut engine, "e8d8", 4), "the old position stays");
}

#[test]
fn variant_selects_a_game_and_rejects_unknown_ones() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("variant normal");
    assert!(engine.sync_cecp(1).is_empty());
    engine.send("variant nosuchgame");
    let lines = engine.sync_cecp(2);
    assert!(
        lines.len() == 1 && lines[0].starts_with("Error (unsupported variant)"),
        "{lines:?}"
    );
    engine.send("force");
    assert!(is_legal(&mut engine, "e2e4", 3));
}

#[test]
fn clock_commands_are_accepted() {
    let mut engine = xboard();
    engine.send("new");
    for command in [
        "level 40 5 0",
        "level 0 2:30 1",
        "level 0 1 0.5",
        "st 1",
        "sd 3",
        "time 3000",
        "otim 2500",
        "memory 32",
        "cores 2",
        "hard",
        "easy",
        "post",
        "nopost",
        "random",
        "computer",
    ] {
        engine.send(command);
        assert!(engine.sync_cecp(1).is_empty(), "{command} was not accepted");
    }
    for bad in [
        "level x y z",
        "st soon",
        "sd -1",
        "time x",
        "memory 0",
        "cores many",
    ] {
        engine.send(bad);
        let lines = engine.sync_cecp(2);
        assert!(
            lines.len() == 1 && lines[0].starts_with("Error"),
            "{bad}: {lines:?}"
        );
    }
    engine.send("level 40 5 0");
    engine.send("time 30000");
    engine.send("otim 30000");
    engine.send("usermove e2e4");
    engine.expect_prefix("move ");
}

#[test]
fn post_shows_thinking_in_cecp_format() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("post");
    engine.send("sd 3");
    engine.send("usermove e2e4");
    let lines = engine.read_until(|line| line.starts_with("move "));
    let thinking: Vec<&String> = lines
        .iter()
        .filter(|l| l.split_whitespace().count() >= 5)
        .collect();
    assert!(!thinking.is_empty(), "{lines:?}");
    for line in thinking {
        let fields: Vec<&str> = line.split_whitespace().collect();
        for number in &fields[..4] {
            assert!(number.parse::<i64>().is_ok(), "{line}");
        }
        // `sd 3` bounds the depth.
        assert!(fields[0].parse::<u32>().unwrap() <= 3, "{line}");
    }
    engine.send("nopost");
    engine.send("usermove d2d4");
    let lines = engine.read_until(|line| line.starts_with("move "));
    assert_eq!(lines.len(), 1, "nopost: {lines:?}");
}

#[test]
fn analyze_exit_and_status() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("force");
    engine.send("post");
    engine.send("analyze");
    // Thinking output arrives; `.` is accepted without an answer (python-chess, which sends it
    // when it stops analysing, reports any answer as unexpected output).
    engine.read_until(|line| line.split_whitespace().count() >= 5);
    engine.send(".");
    let lines = engine.sync_cecp(3);
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("stat01") || l.starts_with("Error")),
        "{lines:?}"
    );
    // A move in analyze mode is played and analysis goes on from there.
    engine.send("usermove e2e4");
    engine.send("exit");
    let lines = engine.sync_cecp(1);
    assert!(!lines.iter().any(|l| l.starts_with("move ")), "{lines:?}");
    assert!(is_legal(&mut engine, "e7e5", 2), "e2e4 was played");
}

#[test]
fn st_searches_the_whole_time() {
    // A lower bound only: a busy machine makes the answer later, never earlier.
    let mut engine = xboard();
    engine.send("new");
    engine.send("post");
    engine.send("st 1");
    engine.send("force");
    engine.sync_cecp(1);
    let started = Instant::now();
    engine.send("go");
    let lines = engine.read_until(|line| line.starts_with("move "));
    let took = started.elapsed();
    // XBoard's mate scores are 100000 and more.
    let mate = lines.iter().any(|line| {
        line.split_whitespace()
            .nth(1)
            .and_then(|score| score.parse::<i64>().ok())
            .is_some_and(|score| score.abs() >= 100_000)
    });
    assert!(
        mate || took >= Duration::from_millis(900),
        "st 1 answered after {took:?}"
    );
}

#[test]
fn question_mark_moves_now() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("st 1000");
    engine.send("usermove e2e4");
    engine.send("?");
    engine.expect_prefix("move ");
}

#[test]
fn ping_is_answered_with_pong() {
    let mut engine = xboard();
    engine.send("ping 17");
    assert_eq!(engine.expect_prefix("pong"), "pong 17");
}

#[test]
fn result_ends_the_game_for_the_engine() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("result 1-0 {White resigns}");
    engine.send("usermove e2e4");
    assert!(engine.sync_cecp(1).is_empty(), "no reply after result");
}

#[test]
fn the_engine_announces_the_end_of_the_game() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("force");
    engine.send(&format!("setboard {FIFTY_MOVES}"));
    engine.send("sd 2");
    engine.send("go");
    engine.expect_prefix("move ");
    assert_eq!(engine.next_line(), "1/2-1/2 {50-move rule}");
    // Asked to move when already mated, the engine names the result instead.
    engine.send("force");
    engine.send(&format!("setboard {WHITE_MATED}"));
    engine.send("go");
    assert_eq!(engine.expect_prefix("0-1"), "0-1 {Black mates}");
}

#[test]
fn pondering_keeps_the_game_right() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("hard");
    engine.send("sd 2");
    engine.send("usermove e2e4");
    engine.expect_prefix("move ");
    // Whether the engine predicted our reply or not, it answers each one with a move.
    for _ in 0..3 {
        let answered = [
            "d2d4", "g1f3", "b1c3", "a2a3", "h2h3", "b2b3", "g2g3", "e1e2",
        ]
        .into_iter()
        .any(|ours| {
            engine.send(&format!("usermove {ours}"));
            let line = engine.read_until(|l| l.starts_with("move ") || l.starts_with("Illegal"));
            line.last().unwrap().starts_with("move ")
        });
        assert!(answered, "{}", engine.transcript());
    }
    engine.send("easy");
    engine.send("force");
    let lines = engine.sync_cecp(10);
    assert!(lines.iter().all(|l| !l.starts_with("move ")), "{lines:?}");
}

#[test]
fn quit_ends_the_process() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("analyze");
    engine.send("quit");
    assert!(engine.finish());
}
