//! XBoard's own conventions on a 10x10 board (Croatian Ties): ranks numbered from 0, and the
//! start position echoed back by `setboard` in XBoard's FEN dialect.

use tiamat_tests::Engine;

const START_PLACEMENT: &str = "renbqkbner/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RENBQKBNER";

fn croatian_ties() -> Engine {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.expect_prefix("feature done=1");
    engine.send("variant croatianties");
    let lines = engine.sync_cecp(0);
    let expected = format!("10x10+0_fairy {START_PLACEMENT} w");
    assert!(
        lines[0].starts_with("setup (") && lines[0].contains(&expected),
        "{lines:?}"
    );
    engine
}

/// Each square of an XBoard move on a 10-rank board is a file letter and one rank digit.
fn squares_of(mv: &str) -> Vec<(char, char)> {
    let chars: Vec<char> = mv.chars().collect();
    assert!(chars.len() == 4 || chars.len() == 5, "{mv}");
    vec![(chars[0], chars[1]), (chars[2], chars[3])]
}

#[test]
fn ranks_count_from_zero_both_ways() {
    let mut engine = croatian_ties();
    engine.send("force");
    // XBoard's e1e4 is our e2e5: the e-pawn's rush from its start rank.
    engine.send("usermove e1e4");
    assert!(engine.sync_cecp(1).is_empty(), "{}", engine.transcript());
    // Black's rush in our own wire text, e9e7, is XBoard's e10e8: a blocked Queen move.
    engine.send("usermove e9e7");
    let said = engine.sync_cecp(2);
    assert!(
        said.len() == 1 && said[0].starts_with("Illegal move"),
        "{said:?}"
    );
    engine.send("sd 2");
    engine.send("go");
    let reply = engine.expect_prefix("move ")["move ".len()..].to_string();
    for (file, rank) in squares_of(&reply) {
        assert!(
            ('a'..='j').contains(&file) && rank.is_ascii_digit(),
            "{reply}"
        );
    }
    // The reply reads back as the same move.
    engine.send("force");
    engine.send("undo");
    engine.send(&format!("usermove {reply}"));
    assert!(engine.sync_cecp(3).is_empty(), "{}", engine.transcript());
    engine.send("quit");
    assert!(engine.finish());
}

#[test]
fn setboard_echo_of_the_start_position_is_the_start() {
    let mut engine = croatian_ties();
    engine.send("force");
    engine.send("usermove e1e4");
    // XBoard sends the setup position back with a castling field the Croatian string lacks.
    engine.send(&format!("setboard {START_PLACEMENT} w - - 0 1"));
    assert!(engine.sync_cecp(1).is_empty(), "{}", engine.transcript());
    // Back at the start: the rush is legal again.
    engine.send("usermove e1e4");
    assert!(engine.sync_cecp(2).is_empty(), "{}", engine.transcript());
}
