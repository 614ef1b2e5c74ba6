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

/// Age of Aquarius: a Rook activates its Pyramid, which may capture or convert the Pegasus on l2.
/// Both went out as `move n1l1,l1l2` (found by the CECP stress), so neither the engine reading it
/// back nor an opponent behind XBoard could tell which was played; the conversion now carries
/// XBoard's promotion suffix (`n1l1,l1l2e`: a Pegasus of the mover's ends on l2).
#[test]
fn cecp_tells_a_pyramid_capture_from_a_conversion() {
    use tiamat_fuzzing::referee::{self, Line};

    const VARIANT: &str = "ageofaquarius";
    const POSITION: &str = "r&eaunbqk&bnua1r&/p|1p|1p|p|Ep|p|p|p|p|p|p|/14/1p12/14/14/3p10/14/\
                            1P12/11U1P/4P9/14/P|1P|P|1P|P|P|P|P|P|eP|1/R&EAUNBQK&BN1A1R& b - 0 5";
    let coords = referee::cecp_coords(VARIANT);
    let moves = |line: &Line| referee::cecp_moves(line, coords).expect("the line replays");
    let wire_of = |line: &Line, text: &str| {
        let found: Vec<String> = moves(line)
            .into_iter()
            .filter(|(_, written)| written == text)
            .map(|(wire, _)| wire)
            .collect();
        assert_eq!(found.len(), 1, "'{text}' names {found:?}");
        found[0].clone()
    };
    let start = Line {
        variant: VARIANT.to_string(),
        position: Some(POSITION.to_string()),
        moves: Vec::new(),
    };
    let before = start.with(&wire_of(&start, "d14b13"));
    let captured = before.with(&wire_of(&before, "n1l1,l1l2"));
    let converted = before.with(&wire_of(&before, "n1l1,l1l2e"));
    assert!(captured.moves[1].contains('*') && converted.moves[1].contains('%'));
    // A Black move, then a White move of the converted Pegasus: legal only after the conversion.
    let (_, reply) = moves(&captured)[0].clone();
    let captured = captured.with(&wire_of(&captured, &reply));
    let converted = converted.with(&wire_of(&converted, &reply));
    let after_capture: Vec<String> = moves(&captured).into_iter().map(|(_, t)| t).collect();
    let (_, pegasus) = moves(&converted)
        .into_iter()
        .find(|(_, text)| text.starts_with("l2") && !after_capture.contains(text))
        .expect("the converted Pegasus moves");

    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.expect_prefix("feature done=1");
    for line in ["new", &format!("variant {VARIANT}"), "force"] {
        engine.send(line);
    }
    engine.sync_cecp(1);
    let play = |engine: &mut Engine, texts: &[&str], n: u32| {
        for text in texts {
            engine.send(&format!("usermove {text}"));
        }
        engine.sync_cecp(n)
    };
    let setboard = format!("setboard {POSITION}");
    engine.send(&setboard);
    let said = play(&mut engine, &["d14b13", "n1l1,l1l2e", &reply, &pegasus], 2);
    assert!(said.is_empty(), "{said:?}\n{}", engine.transcript());
    engine.send(&setboard);
    let said = play(&mut engine, &["d14b13", "n1l1,l1l2", &reply, &pegasus], 3);
    assert!(
        said.len() == 1 && said[0].starts_with("Illegal move") && said[0].ends_with(&pegasus),
        "{said:?}\n{}",
        engine.transcript()
    );
    quit(engine);
}
