//! Dragonchess through the real binary: the registry arm, perft and move lists in both notations.

use std::process::{Command, Output};

use tiamat_tests::tiamat_binary;

fn tiamat(args: &[&str]) -> Output {
    Command::new(tiamat_binary())
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn perft_from_the_start() {
    let out = tiamat(&["perft", "--variant", "dragonchess", "--depth", "2"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("Nodes: 8094"), "{}", stdout(&out));
}

#[test]
fn divide_uses_level_prefixed_wire_moves() {
    let out = tiamat(&[
        "perft",
        "--variant",
        "dragonchess",
        "--depth",
        "1",
        "--divide",
    ]);
    let text = stdout(&out);
    assert!(text.contains("2c22c3: 1"), "{text}");
    assert!(text.contains("3g13a7: 1"), "{text}");
    assert_eq!(text.lines().filter(|l| l.ends_with(": 1")).count(), 90);
}

#[test]
fn moves_in_wire_and_human_notation() {
    let out = tiamat(&[
        "perft",
        "--variant",
        "dragonchess",
        "--moves",
        "2c22c3 W2c7-2c6 Dr3g1x3a7",
        "--depth",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = tiamat(&[
        "perft",
        "--variant",
        "dragonchess",
        "--moves",
        "2c22c4",
        "--depth",
        "1",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("2c22c4"));
}

#[test]
fn a_bad_position_string_names_the_field() {
    let out = tiamat(&[
        "perft",
        "--variant",
        "dragonchess",
        "--fen",
        "12/12|12 g 0 1",
        "--depth",
        "1",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("boards"));
}
