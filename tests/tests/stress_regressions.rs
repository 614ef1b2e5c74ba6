//! Hangs and wrong answers found by the stress tests and fuzzers.

mod stress_common;

use stress_common::{expect_line, quit, start_uci};
use tiamat_tests::Engine;

/// Dynamo's start position: a depth-limited search once never finished its first iteration
/// (quiescence kept finding forcing moves), so `go depth 1` got no `bestmove` until `stop`.
#[test]
fn dynamo_depth_one_search_answers() {
    let (mut engine, _) = start_uci();
    engine.send("setoption name UCI_Variant value dynamo");
    engine.send("position startpos");
    engine.send("go depth 1");
    while !expect_line(&mut engine, "bestmove").starts_with("bestmove ") {}
    quit(engine);
}

/// Plays `chosen` in `position` of `variant` over CECP, then a reply and a move of the side that
/// played it which is legal after `chosen` but not after `other` (the referee finds both): the
/// engine must accept that line, and refuse its last move after `other`.
fn cecp_plays_the_move_named(variant: &str, position: &str, chosen: &str, other: &str) {
    use tiamat_fuzzing::referee::{self, Line};

    let coords = referee::cecp_coords(variant);
    let moves = |line: &Line| referee::cecp_moves(line, coords).expect("the line replays");
    let play = |line: &Line, text: &str| {
        let found: Vec<String> = moves(line)
            .into_iter()
            .filter(|(_, written)| written == text)
            .map(|(wire, _)| wire)
            .collect();
        assert_eq!(found.len(), 1, "'{text}' names {found:?}");
        line.with(&found[0])
    };
    let start = Line {
        variant: variant.to_string(),
        position: Some(position.to_string()),
        moves: Vec::new(),
    };
    let (_, reply) = moves(&play(&start, chosen))[0].clone();
    let after_chosen = play(&play(&start, chosen), &reply);
    let after_other: Vec<String> = moves(&play(&play(&start, other), &reply))
        .into_iter()
        .map(|(_, text)| text)
        .collect();
    let (_, proof) = moves(&after_chosen)
        .into_iter()
        .find(|(_, text)| !after_other.contains(text))
        .expect("a move that tells the two apart");

    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.expect_prefix("feature done=1");
    for line in ["new", &format!("variant {variant}"), "force"] {
        engine.send(line);
    }
    engine.sync_cecp(1);
    let mut play_over_cecp = |texts: &[&str], n: u32| {
        engine.send(&format!("setboard {position}"));
        for text in texts {
            engine.send(&format!("usermove {text}"));
        }
        engine.sync_cecp(n)
    };
    let said = play_over_cecp(&[chosen, &reply, &proof], 2);
    assert!(said.is_empty(), "{said:?}");
    let said = play_over_cecp(&[other, &reply, &proof], 3);
    assert!(
        said.len() == 1 && said[0].starts_with("Illegal move") && said[0].ends_with(&proof),
        "{said:?}"
    );
    quit(engine);
}

/// Age of Aquarius: a Rook activates its Pyramid, which may capture or convert the Pegasus on l2.
/// Both went out as `move n1l1,l1l2` (found by the CECP stress), so neither the engine reading it
/// back nor an opponent behind XBoard could tell which was played; the conversion now carries
/// XBoard's promotion suffix (`n1l1,l1l2e`: a Pegasus of the mover's ends on l2).
#[test]
fn cecp_tells_a_pyramid_capture_from_a_conversion() {
    const POSITION: &str = "r&eaunbqk&bnua1r&/p|1p|1p|p|Ep|p|p|p|p|p|p|/14/1p12/14/14/3p10/14/\
                            1P12/11U1P/4P9/14/P|1P|P|1P|P|P|P|P|P|eP|1/R&EAUNBQK&BN1A1R& w - 0 5";
    cecp_plays_the_move_named("ageofaquarius", POSITION, "n1l1,l1l2e", "n1l1,l1l2");
    cecp_plays_the_move_named("ageofaquarius", POSITION, "n1l1,l1l2", "n1l1,l1l2e");
}

/// Mayan Ascendancy: a Rook activates its Pyramid, which promotes the Pawn on e7 to a piece of
/// White's choice: the suffix names it, and the legs alone (which named whichever came first)
/// name none.
#[test]
fn cecp_names_a_pyramid_promotion_by_its_suffix() {
    const POSITION: &str = "1ra9/3E8/6n3k1/ep3P3bp1/2p1p7/p3P3p3/P3A2p3P/9pq1/6P5/4R1E1P3/12/\
                            1N4K1R3 w - 9 149";
    cecp_plays_the_move_named("mayanascendancy", POSITION, "e3e6,e6e7q", "e3e6,e6e7r");
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.expect_prefix("feature done=1");
    engine.send("variant mayanascendancy");
    engine.send("force");
    engine.sync_cecp(1);
    engine.send(&format!("setboard {POSITION}"));
    engine.send("usermove e3e6,e6e7");
    let said = engine.sync_cecp(2);
    assert!(
        said.len() == 1 && said[0].starts_with("Illegal move"),
        "{said:?}"
    );
    quit(engine);
}
