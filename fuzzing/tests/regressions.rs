//! Inputs that once broke a property, kept as tests.

use tiamat_fuzzing::streams::{run_stream, Protocol};

/// Dynamo's start position: the first iteration (its quiescence) outlasts any test, and `stop`
/// used to wait for the first iteration to complete, so the session hung (found by the
/// cecp_stream replay when Dynamo joined the registry).
#[test]
fn stop_ends_a_first_iteration_that_takes_too_long() {
    run_stream(
        Protocol::Uci,
        b"dynamo\nposition startpos\ngo infinite\nstop\nisready\n",
    );
    run_stream(
        Protocol::Cecp,
        b"dynamo\nnew\nvariant dynamo\nforce\nanalyze\nexit\nping 1\n",
    );
}

/// A run of empty squares too large for `u32` arithmetic overflowed while reading the row
/// (Croatian family, DAO); found by the position_string and uci_stream replays.
#[test]
fn huge_empty_runs_are_rejected_not_overflowed() {
    use tiamat_fuzzing::{fuzz_move_text, fuzz_position_string};
    fuzz_position_string(
        b"croatianties14\nr&1br&eb1k&1er&ber&/2p|e1qp|p5p|/5pb5p1/9p4/1p1pp9/8E3pB/p9pP2/P4P2P5/\
          3P2PP6/1EP1B9/14/2E11/1P|2P|2Q1P|P|1P|P|/R&1BR&E2K&2R4294967295B1R& b - 1 18",
    );
    fuzz_move_text(b"croatianties20\nr4294967295ebr&ebr&ebqk&ber&ber&ber&/20 b - 1 1\nl13m13");
    fuzz_position_string(
        b"dao\ng99999999999999999999999bqkb1r(dg)/pplp/d2n6/1l6n1/5p4/P5L3/3L6/4L5/1PLP1PK1PP/\
          (DG)RNBQ1BNR(DG) b kq - [AAOOFaaoof] g2 d8 0 8",
    );
    fuzz_position_string(b"dao\n4294967295/10/10/10/10/10/10/10/10/10 w - - [] - - 0 1");
}

/// Makromachy's piece letters A..N are also file letters: the human text `G3g2` (the Griffin on
/// f3, told from a rival by its rank) was lowercased and read as the squares g3 and g2 (found by
/// the position_string fuzzer).
#[test]
fn a_human_move_is_not_read_as_squares() {
    tiamat_fuzzing::fuzz_position_string(
        b"makromachy\ndjivcgulkcvijd/wwwtrf1qfrzwww/bhn1edjivcgulb/pp1p2ppp2pp1/1z3p2ap3S/14/\
          2p1p5p1T1/i1P4P6/4S1P7/4P3Z5/PP1P1PZ1PPPPPP/BHNMEG2OEANHB/1WWWRF1QFR1WWW/DJIVCGULKCVIJD \
          w ANan - 2 16",
    );
}

/// A Dragonchess position where the side to move could capture the enemy King (the Scarlet Mage
/// on 1f1 below the Gold King on 2f1) was accepted, and the capture left a board without a King
/// whose string did not read back (found by the position_string fuzzer). Such a position is now
/// refused, as in the other games.
#[test]
fn a_position_whose_side_to_move_could_take_the_king_is_refused() {
    use tiamat_engine::games::dragonchess::Dragonchess;
    use tiamat_engine::Game;
    let text = "2g3p3g1/s1s3h1s1s1/3s8/12/12/1S3Ss5/S5S1S1S1/2G7G1|o1htcmk1t1uo/uwpwp1ww1www/\
                w11/8w1U1/12/H1WW1W5W/WW2W2WWWWO/OU1C1KT1TH2|8e3/d1bd3dd3/5d3b1d/12/12/5D3ED1/\
                1D1D4D1D1/2B2m2P1B1 s 0 23";
    let err = Dragonchess::from_position_string("dragonchess", text).unwrap_err();
    assert!(err.to_string().contains("not to move is in check"), "{err}");
    tiamat_fuzzing::fuzz_position_string(format!("dragonchess\n{text}").as_bytes());
}
