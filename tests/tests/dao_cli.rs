//! Dragons, Archers & Oxen through the real binary: perft with moves played first (wire forms).

use tiamat_tests::tiamat_ok as run;

#[test]
fn dao_perft_from_the_start() {
    let text = run(&["perft", "--variant", "dao", "--depth", "2"]);
    assert!(text.contains("Nodes: 2948"), "{text}");
}

#[test]
fn dao_divide_after_moves() {
    // 1. Nc1-d4 Nh10-g7: both last pieces are knights, so the dragons move as gnus.
    let text = run(&[
        "perft",
        "--variant",
        "dao",
        "--depth",
        "1",
        "--divide",
        "--moves",
        "c1d4 h10g7",
    ]);
    // The dragon on a1 gains a1-b3 and a1-b4 (c2 and d2 hold its own lancers).
    assert!(text.contains("a1b3: ") && text.contains("a1b4: "), "{text}");
}
