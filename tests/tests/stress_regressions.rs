//! Hangs and wrong answers found by the stress tests and fuzzers.

mod stress_common;

use stress_common::{expect_line, quit, start_uci};

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
