//! `tiamat perft ...` and the perftree calling convention, run as the real binary.

use tiamat_tests::{stdout, tiamat};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn perft_prints_the_total() {
    let out = tiamat(&["perft", "--variant", "chess", "--depth", "4"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("Nodes: 197281"), "{}", stdout(&out));
}

#[test]
fn divide_lines_add_up() {
    let out = tiamat(&[
        "perft",
        "--fen",
        KIWIPETE,
        "--depth",
        "3",
        "--divide",
        "--threads",
        "2",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<(String, u64)> = text
        .lines()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| !m.starts_with(char::is_uppercase))
        .map(|(m, n)| (m.to_string(), n.parse().unwrap()))
        .collect();
    assert_eq!(lines.len(), 48, "{text}");
    assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), 97_862);
    assert!(lines.iter().any(|(m, _)| m == "e1g1"));
    assert!(text.contains("Nodes: 97862"));
}

#[test]
fn moves_are_played_first() {
    // 1.e4 c5 2.e5 d5: the en-passant capture exd6 is among White's 31 moves.
    let out = tiamat(&[
        "perft",
        "--depth",
        "1",
        "--divide",
        "--moves",
        "e2e4 c7c5 e4e5 d5",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("e5d6: 1"), "{text}");
    assert!(text.contains("Nodes: 31"), "{text}");
}

#[test]
fn perftree_convention() {
    let out = tiamat(&["2", KIWIPETE, "e1g1 a8b8"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let (lines, total) = text
        .split_once("\n\n")
        .expect("a blank line before the total");
    assert!(lines.lines().all(|l| l.split(' ').count() == 2), "{text}");
    let sum: u64 = lines
        .lines()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total.trim().parse::<u64>().unwrap(), sum);
    // Against perft of the same position given directly.
    let fen = "1r2k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 w k - 2 2";
    let direct = tiamat(&["2", fen]);
    assert_eq!(stdout(&direct), text);
}

#[test]
fn bad_input_gives_clear_errors_and_exit_code_2() {
    for (args, needle) in [
        (vec!["perft", "--depth", "x"], "--depth"),
        (vec!["perft"], "--depth is required"),
        (
            vec!["perft", "--depth", "1", "--fen", "not a fen"],
            "piece placement",
        ),
        (
            vec![
                "perft",
                "--depth",
                "1",
                "--fen",
                "8/8/8/8/8/8/8/8 w - - 0 1",
            ],
            "kings",
        ),
        (
            vec!["perft", "--depth", "1", "--moves", "e2e4 e2e4"],
            "'e2e4'",
        ),
        (
            vec!["perft", "--depth", "1", "--moves", "e2e4 zz9"],
            "'zz9'",
        ),
        (
            vec!["perft", "--depth", "1", "--variant", "nosuch"],
            "unknown variant",
        ),
        (vec!["perft", "--depth", "1", "--bogus"], "--bogus"),
        (vec!["perft", "--depth", "1", "--threads", "0"], "--threads"),
        (
            vec![
                "3",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            ],
            "side to move",
        ),
        (vec!["3"], "usage"),
    ] {
        let out = tiamat(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// `--actions` counts the action tree. Conquest of Tlalocan, light King a1 beside its Wave b2:
/// depth 1 is 3 actions (a1a2, a1b1, and a1b2 activating the Wave, which leaves the turn in
/// progress); depth 2 adds under each King step dark's 3 King steps from x24, and under the
/// activation the Wave's 70 endings along the King's lines from b2 (the b-file 23, the second
/// rank 23, the diagonals a1, a3, c1 and c3 to w23, 21; the dark King stops it at x24):
/// 3 + 3 + 70 = 76. The whole-turn count of depth 1 is 2 + 70 = 72.
#[test]
fn action_level_perft_counts_every_action() {
    let count = |extra: &[&str]| {
        let mut args = vec![
            "perft",
            "--variant",
            "tlalocan",
            "--fen",
            "COT Ka1,kx24,Wb2",
        ];
        args.extend_from_slice(extra);
        let out = tiamat(&args);
        assert!(out.status.success(), "{extra:?}");
        stdout(&out)
    };
    let text = count(&["--depth", "1", "--divide", "--actions"]);
    let lines: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(lines, ["a1a2: 1", "a1b1: 1", "a1b2~1: 1"], "{text}");
    assert!(text.contains("Nodes: 3\n"), "{text}");
    let text = count(&["--depth", "2", "--actions"]);
    assert!(text.contains("Nodes: 76\n"), "{text}");
    let text = count(&["--depth", "1"]);
    assert!(text.contains("Nodes: 72\n"), "{text}");
    // Where every move is a whole turn, the counts agree.
    let out = tiamat(&["perft", "--depth", "3", "--actions"]);
    assert!(stdout(&out).contains("Nodes: 8902\n"), "{}", stdout(&out));
}
