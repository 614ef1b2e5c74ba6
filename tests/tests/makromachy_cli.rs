//! Makromachy through the real binary: perft from the start and after moves in every notation.

use tiamat_tests::{stdout, tiamat};

#[test]
fn start_perft_through_the_binary() {
    let out = tiamat(&[
        "perft",
        "--variant",
        "makromachy",
        "--depth",
        "2",
        "--threads",
        "2",
    ]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("Nodes: 3854"), "{}", stdout(&out));
}

#[test]
fn moves_in_wire_and_human_form_are_played() {
    // After a4-a6 (wire) and Nc12-d10 (human): the a-Pawn has 1 move instead of 3, and the
    // emptied a4 gains the Dragon Horse b3, Camel b1, Zebra d2 and Knight c3: 62 - 2 + 4.
    let out = tiamat(&[
        "perft",
        "--variant",
        "makromachy",
        "--moves",
        "a4a6 Nd10",
        "--depth",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(text.contains("Nodes: 64"), "{text}");
}

#[test]
fn an_illegal_move_is_reported() {
    let out = tiamat(&[
        "perft",
        "--variant",
        "makromachy",
        "--moves",
        "a4a9",
        "--depth",
        "1",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("a4a9"));
}
