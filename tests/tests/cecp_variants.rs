//! The protocol exchanges a real XBoard 4.9.1 had with the engine, per variant, in engine-vs-engine
//! games (`-fcp`/`-scp` both Tiamat, `-testLegality false` for the engine-defined variants). The
//! lines sent here are the ones XBoard sent (its debug log): `variant`, the `setboard` with which it
//! echoes the start position in its own FEN dialect, and moves in its coordinates (ranks from 0 on
//! the 10-rank boards, multi-leg moves as comma-separated legs). The engine must accept each of them
//! silently and answer in the same form.

use tiamat_tests::Engine;

/// Starts a CECP session in `variant` and returns the engine with the lines it answered.
fn start(variant: &str) -> (Engine, Vec<String>) {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.expect_prefix("feature done=1");
    // XBoard's order before a game (debug log).
    for line in [
        "memory 68",
        "cores 1",
        "new",
        "random",
        &format!("variant {variant}"),
        "level 0 0:20 0",
        "post",
        "hard",
        "easy",
    ] {
        engine.send(line);
    }
    let setup = engine.sync_cecp(1);
    engine.send("force");
    (engine, setup)
}

/// Sends the lines and asserts the engine said nothing to them (no error, no illegal move).
fn silent(engine: &mut Engine, lines: &[&str]) {
    for line in lines {
        engine.send(line);
    }
    let said = engine.sync_cecp(2);
    assert!(said.is_empty(), "{said:?}\n{}", engine.transcript());
}

/// Lets the engine move at depth 2 and returns its move text.
fn engine_move(engine: &mut Engine) -> String {
    engine.send("sd 2");
    engine.send("go");
    let line = engine.expect_prefix("move ");
    line["move ".len()..].to_string()
}

/// The rank numbers of a move's squares (file letter, then digits).
fn ranks(mv: &str) -> Vec<u32> {
    let mut out = Vec::new();
    let chars: Vec<char> = mv.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_lowercase() {
            let digits: String = chars[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            if let Ok(rank) = digits.parse() {
                out.push(rank);
            }
            i += 1 + digits.len();
        } else {
            i += 1;
        }
    }
    out
}

fn quit(mut engine: Engine) {
    engine.send("quit");
    assert!(engine.finish());
}

#[test]
fn dynamo_setup_and_start_echo() {
    let (mut engine, setup) = start("dynamo");
    assert_eq!(
        setup,
        [
            "setup (PNBRQ................Kpnbrq................k) 8x8+0_fairy \
          rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece K& KO2"
        ]
    );
    silent(
        &mut engine,
        &[
            "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "usermove e2e4",
        ],
    );
    let reply = engine_move(&mut engine);
    assert!(ranks(&reply).iter().all(|r| (1..=8).contains(r)), "{reply}");
    quit(engine);
}

#[test]
fn dao_holdings_echoed_in_xboard_order_are_the_start() {
    let (mut engine, setup) = start("dao");
    assert!(
        setup[0].starts_with(
            "setup (PNBRQFOA......DG..LKpnbrqfoa......dg..lk) 10x10+8_fairy \
             drnbqkbnrd/ppllppllpp/10/10/10/10/10/10/PPLLPPLLPP/DRNBQKBNRD[AAOOFaaoof] w"
        ),
        "{setup:?}"
    );
    assert!(
        setup[1..].iter().all(|l| l.starts_with("piece ")),
        "{setup:?}"
    );
    // XBoard lists the holdings in its piece-table order, not in ours.
    silent(
        &mut engine,
        &[
            "setboard drnbqkbnrd/ppllppllpp/10/10/10/10/10/10/PPLLPPLLPP/DRNBQKBNRD[FOOAAfooaa] \
           w KQkq - 0 1",
        ],
    );
    // The game's first moves as XBoard relayed them: ranks 0-9.
    let moves = [
        "h1h4", "h9i6", "f1f4", "i6h4", "e0i4", "i8i5", "c1c4", "h4f5", "i4f1", "b8b5", "d1d3",
        "f5d6", "a0b2", "b5c4",
    ];
    let lines: Vec<String> = moves.iter().map(|m| format!("usermove {m}")).collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    silent(&mut engine, &lines);
    let reply = engine_move(&mut engine);
    assert!(ranks(&reply).iter().all(|r| *r <= 9), "{reply}");
    quit(engine);
}

#[test]
fn dao_start_echo_with_other_holdings_is_a_new_position() {
    let (mut engine, _) = start("dao");
    // One Fool fewer for White: not the start position, and not a position string we read.
    engine.send(
        "setboard drnbqkbnrd/ppllppllpp/10/10/10/10/10/10/PPLLPPLLPP/DRNBQKBNRD[OOAAfooaa] \
         w KQkq - 0 1",
    );
    let said = engine.sync_cecp(3);
    assert!(
        said.len() == 1 && said[0].starts_with("tellusererror Illegal position"),
        "{said:?}"
    );
    quit(engine);
}

#[test]
fn makromachy_garbled_castling_echo_and_hit_and_run_legs() {
    let (mut engine, setup) = start("makromachy");
    assert!(
        setup[0].starts_with("setup (") && setup[0].contains(" 14x14+0_fairy "),
        "{setup:?}"
    );
    // The setup line's castling and en-passant fields are `-`, as XBoard reads them; a
    // garbled echo (`KQ a<`, what XBoard made of our own fields once) still means the start.
    assert!(setup[0].ends_with(" w - - 0 1"), "{setup:?}");
    silent(
        &mut engine,
        &[
            "setboard djivcgulkcvijd/wwwzrftqfrzwww/bhnmeossoeanhb/pppppppppppppp/14/14/14/14/14/14/\
             PPPPPPPPPPPPPP/BHNMEOSSOEANHB/WWWZRFTQFRZWWW/DJIVCGULKCVIJD w KQ a< 0 1",
            "usermove g4g6",
            "usermove f12d10",
            "usermove h3b9",
            "usermove m11m8",
            "usermove b9f13",
            "usermove i13f13",
            "usermove f3d5",
            "usermove i14i13",
            "usermove f2f13",
            // Black's hit-and-run: over f13 (capturing) to f12, in XBoard's two-leg form.
            "usermove g13f13,f13f12",
            "usermove i4i5",
        ],
    );
    let reply = engine_move(&mut engine);
    assert!(
        ranks(&reply).iter().all(|r| (1..=14).contains(r)),
        "{reply}"
    );
    quit(engine);
}

#[test]
fn croatian_ties_xboard_game_start() {
    let (mut engine, setup) = start("croatianties");
    assert_eq!(
        setup,
        [
            "setup (PNBRQ.......E........Kpnbrq.......e........k) 10x10+0_fairy \
             renbqkbner/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RENBQKBNER w - - 0 1",
            "piece E& NN"
        ]
    );
    silent(
        &mut engine,
        &[
            "setboard renbqkbner/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RENBQKBNER w - - 0 1",
            "usermove i0f6",
            "usermove e8e7",
            "usermove f6b8",
            "usermove b9d5",
            "usermove b0e6",
            "usermove d8d6",
            "usermove e1e4",
            "usermove d5b1",
        ],
    );
    let reply = engine_move(&mut engine);
    assert!(ranks(&reply).iter().all(|r| *r <= 9), "{reply}");
    quit(engine);
}

/// The Mayan Ascendancy game XBoard relayed until White's Bishop activated a Pyramid (our
/// `Bi2-j1~Aj1-j2`), which XBoard cut to `i2j1` and the engine then rejected.
const MAYAN_GAME: &[&str] = &[
    "d2d6", "k12h6", "b1h4", "h6j2", "h4l12", "j2l1", "k1l3", "l1i7", "g2g3", "j11j7", "b2b3",
    "i11i8", "c2c3", "i7e5", "f2f3", "e5g6", "l12h4", "g6i5", "i1h3", "i5a1", "h4d12", "b12d8",
    "d12b11", "d8a2", "f1f2", "a2c1", "b11h8", "g11g10", "l3f6", "f12i9", "f6e8", "g12f12",
    "h8j12", "i9j9", "j12g6", "j9d9", "d6d7", "d9d7", "e8c9", "d7d9", "c9i12", "a1b3", "g6c8",
    "d9c8", "i12e4", "c8d9", "d1b2", "a12b12", "b2c4", "d9k2", "f2e3", "h12k9", "f3f4", "d11d8",
    "e4h10", "b3d7", "g1f2", "c1f7", "e3e6", "f7h6", "f2g2", "d7c5", "e6k12", "f12g11", "h10j11",
    "k9j10", "g2g1", "k2l3", "g3g4", "e12c10", "j11k9", "j10k9", "e1k7", "g11f10", "k12d5",
    "b12b1", "g1f2", "c5a1", "c4d2", "a1g4", "f2g3", "b1e1", "i2i5", "g4e3", "d5e6", "h6i4",
    "g3f2", "e1e2", "f2f3", "c10h5", "f3e4", "e3f1", "e4d3", "e2d2", "d3c4", "i4e6", "h1i2",
    "l3l2",
];

#[test]
fn mayan_ascendancy_pyramid_cascade_as_legs() {
    let (mut engine, setup) = start("mayanascendancy");
    assert!(
        setup[0].starts_with("setup (") && setup[0].contains(" 12x12+0_fairy "),
        "{setup:?}"
    );
    let mut lines = vec![
        "setboard reanbqkbnaer/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/REANBQKBNAER w - - 0 1"
            .to_string(),
    ];
    lines.extend(MAYAN_GAME.iter().map(|m| format!("usermove {m}")));
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    silent(&mut engine, &lines);
    // The cascade as its legs, as the engine sends it here: several cascades start with the
    // Bishop's step onto its own Pyramid, so that first ply alone names none of them.
    silent(&mut engine, &["usermove i2j1,j1j2", "undo"]);
    engine.send("usermove i2j1");
    let said = engine.sync_cecp(4);
    assert!(
        said.len() == 1 && said[0].starts_with("Illegal move"),
        "{said:?}"
    );
    silent(&mut engine, &["usermove i2j1,j1j2"]);
    let reply = engine_move(&mut engine);
    assert!(!reply.contains('~'), "{reply}");
    quit(engine);
}

/// Another Mayan Ascendancy game: Black's Rook entered its own Pyramid (`a12c12,c12b12`) and
/// XBoard, taking that for castling, relayed it as `a12b12,c12a12`.
const MAYAN_CASTLING_RELAY: &[&str] = &[
    "d2d5", "b12f4", "g2g3", "f4j2", "b1h4", "b11b10", "k1l3", "j2l1", "f1i4", "k12g4", "h4l12",
    "l1i7", "h2h3", "i7k8", "i4g4", "k8e5", "g1g2", "e5g4", "h3g4", "g11g8", "l3f6", "f11f9",
    "l12j11", "e12h9", "j11l12", "h9k6", "g2f3", "h12d8", "f6j4", "f12i9", "e2e4", "k11k10",
    "j4k6", "i9l12", "k6i7", "l12f6", "f3g2", "f6e7", "i7c4", "e11e8", "f2f3", "e7j7", "c4a3",
    "d12c10", "i1h3", "j7j1", "a3g6", "a11a7", "e1b4", "h11h10", "b4d2", "i12g11", "g6f4", "d8f10",
    "k2k3", "f10g9", "a2a6", "j1j7", "f4g6", "i11i7", "a1a4",
];

#[test]
fn mayan_ascendancy_cascade_relayed_as_castling() {
    let (mut engine, _) = start("mayanascendancy");
    let lines: Vec<String> = MAYAN_CASTLING_RELAY
        .iter()
        .map(|m| format!("usermove {m}"))
        .collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    silent(&mut engine, &lines);
    silent(&mut engine, &["usermove a12b12,c12a12"]);
    quit(engine);
}

/// Dragonchess is played over CECP (scripts, the match runner) but XBoard cannot draw three boards:
/// the engine says so instead of leaving XBoard to fall back to an 8x8 board silently.
#[test]
fn dragonchess_tells_the_user_it_cannot_be_drawn() {
    let (mut engine, said) = start("dragonchess");
    assert!(
        said.iter()
            .any(|l| l.starts_with("telluser ") && l.contains("cannot draw")),
        "{said:?}"
    );
    assert!(!said.iter().any(|l| l.starts_with("setup ")), "{said:?}");
    engine.send("quit");
    assert!(engine.finish());
}
