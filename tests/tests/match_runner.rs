//! `tiamat match` end to end: real engine processes, our rules as arbiter, PGN and summary output.

use std::path::Path;
use std::process::Command;

use tiamat_tests::{installed, tiamat_binary, tiamat_ok};

fn run_match(args: &[&str]) -> String {
    tiamat_ok(&[&["match"], args].concat())
}

fn temp_path(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tiamat-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path.display().to_string()
}

/// Every game ended by the rules or adjudication: nobody forfeited.
fn assert_clean(summary: &str, games: u32) {
    assert!(
        summary.contains(&format!("] {games} games")),
        "expected {games} games:\n{summary}"
    );
    for line in summary.lines().filter(|l| l.contains("illegal moves")) {
        assert!(
            line.ends_with(
                "illegal moves 0, crashes 0, time forfeits 0, hangs 0, protocol errors 0"
            ),
            "{line}\n{summary}"
        );
    }
}

#[test]
fn self_play_over_uci_and_cecp_writes_pgn() {
    let pgn = temp_path("uci-cecp.pgn");
    let out = run_match(&[
        "--engine",
        "cmd=self",
        "name=uci-side",
        "proto=uci",
        "--engine",
        "cmd=self",
        "name=cecp-side",
        "proto=cecp",
        "--games",
        "2",
        "--tc",
        "depth=2",
        "--max-plies",
        "60",
        "--pgn",
        &pgn,
    ]);
    assert_clean(&out, 2);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Result ").count(), 2, "{text}");
    assert!(text.contains("[White \"uci-side\"]") && text.contains("[White \"cecp-side\"]"));
    // SAN in the movetext, not wire moves.
    assert!(!text.contains(" e2e4 "), "{text}");
}

#[test]
fn weak_styles_lose_to_the_search() {
    let out = run_match(&[
        "--engine",
        "cmd=self",
        "name=search",
        "--engine",
        "cmd=self",
        "name=random",
        "option.PlayStyle=random",
        "--games",
        "2",
        "--tc",
        "depth=3",
        "--max-plies",
        "400",
    ]);
    assert_clean(&out, 2);
    let final_line = out.lines().find(|l| l.starts_with("Final score")).unwrap();
    // The searcher never loses to a random mover and mates it at least once.
    assert!(
        final_line.contains(": 2 - 0 - 0") || final_line.contains(": 1 - 0 - 1"),
        "{out}"
    );
}

#[test]
fn openings_are_played_with_both_colours() {
    let openings = temp_path("openings.txt");
    std::fs::write(
        &openings,
        "# two openings\n4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n\
         rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 # open game\n",
    )
    .unwrap();
    let pgn = temp_path("openings.pgn");
    let out = run_match(&[
        "--engine",
        "cmd=self",
        "name=a",
        "--engine",
        "cmd=self",
        "name=b",
        "--games",
        "4",
        "--tc",
        "depth=1",
        "--max-plies",
        "20",
        "--openings",
        &openings,
        "--pgn",
        &pgn,
        "--concurrency",
        "2",
    ]);
    assert_clean(&out, 4);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]")
            .count(),
        2
    );
}

#[test]
fn an_engine_that_cannot_start_loses_with_a_reason() {
    let out = run_match(&[
        "--engine",
        "cmd=self",
        "name=ok",
        "--engine",
        "cmd=/nonexistent/engine",
        "name=missing",
        "--games",
        "2",
        "--tc",
        "depth=1",
    ]);
    assert!(
        out.contains("Final score of ok vs missing: 2 - 0 - 0"),
        "{out}"
    );
    assert!(out.contains("missing: illegal moves 0, crashes 2"), "{out}");
}

#[test]
fn bad_match_arguments_exit_with_a_message() {
    for args in [
        vec!["--engine", "cmd=self"],
        vec![
            "--engine",
            "cmd=self",
            "--engine",
            "cmd=self",
            "--variant",
            "nosuchgame",
        ],
        vec![
            "--engine", "cmd=self", "--engine", "cmd=self", "--tc", "fast",
        ],
    ] {
        let output = Command::new(tiamat_binary())
            .arg("match")
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty());
    }
}

#[test]
fn plays_stockfish_over_uci() {
    if !installed("/usr/games/stockfish") {
        return;
    }
    let out = run_match(&[
        "--engine",
        "cmd=self",
        "name=tiamat",
        "--engine",
        "cmd=/usr/games/stockfish",
        "name=stockfish",
        "option.Threads=1",
        "--games",
        "2",
        "--tc",
        "depth=3",
        "--max-plies",
        "80",
    ]);
    assert_clean(&out, 2);
}

#[test]
fn plays_fairymax_over_cecp() {
    if !installed("/usr/games/fairymax") {
        return;
    }
    let out = run_match(&[
        "--engine",
        "cmd=self",
        "name=tiamat",
        "proto=cecp",
        "--engine",
        "cmd=/usr/games/fairymax",
        "name=fairymax",
        "proto=cecp",
        "--games",
        "2",
        "--tc",
        "depth=3",
        "--max-plies",
        "80",
    ]);
    assert_clean(&out, 2);
}

/// A UCI engine that completes the handshake and then never answers `go`.
fn silent_engine() -> String {
    let path = temp_path("silent-engine.sh");
    std::fs::write(
        &path,
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo uciok;;\n    \
         isready) echo readyok;;\n    quit) exit 0;;\n  esac\ndone\n",
    )
    .unwrap();
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&path, permissions).unwrap();
    path
}

/// Two games against the silent engine at `control`; the summary line of its faults.
fn against_silent_engine(control: &[&str]) -> String {
    let silent = format!("cmd={}", silent_engine());
    let mut args = vec![
        "--engine",
        "cmd=self",
        "name=ok",
        "--engine",
        &silent,
        "name=silent",
        "--games",
        "2",
    ];
    args.extend_from_slice(control);
    let out = run_match(&args);
    assert!(
        out.contains("Final score of ok vs silent: 2 - 0 - 0"),
        "{out}"
    );
    out
}

#[test]
fn silence_is_a_hang_without_a_clock_and_a_time_loss_with_one() {
    let out = against_silent_engine(&["--tc", "depth=1", "--move-timeout", "1"]);
    assert!(
        out.contains("silent: illegal moves 0, crashes 0, time forfeits 0, hangs 2"),
        "{out}"
    );
    let out = against_silent_engine(&["--tc", "0.5+0"]);
    assert!(
        out.contains("silent: illegal moves 0, crashes 0, time forfeits 2, hangs 0"),
        "{out}"
    );
}

/// The commands an engine read, from its `Debug Log File` (`... in:  go wtime ...`).
fn commands_read(log: &str) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.split_once(" in:  "))
        .map(|(_, command)| command.to_string())
        .collect()
}

/// Time odds: each engine is told its own clock, UCI with each side's own time and increment,
/// CECP with its own `level` and `time`, and the PGN names both controls as cutechess-cli does.
#[test]
fn time_odds_tell_each_engine_its_own_clock() {
    let (uci_log, cecp_log) = (temp_path("odds-uci.log"), temp_path("odds-cecp.log"));
    let pgn = temp_path("odds.pgn");
    let uci_option = format!("option.Debug Log File={uci_log}");
    let cecp_option = format!("option.Debug Log File={cecp_log}");
    run_match(&[
        "--engine",
        "cmd=self",
        "name=odds",
        "tc=4+0.2",
        &uci_option,
        "--engine",
        "cmd=self",
        "name=plain",
        "proto=cecp",
        &cecp_option,
        "--games",
        "1",
        "--tc",
        "2+0.1",
        "--max-plies",
        "4",
        "--pgn",
        &pgn,
    ]);
    // The first engine has White: its first move is asked with both clocks full.
    let uci = commands_read(&uci_log);
    assert!(
        uci.iter()
            .any(|c| c == "go wtime 4000 btime 2000 winc 200 binc 100"),
        "{uci:?}"
    );
    let cecp = commands_read(&cecp_log);
    assert!(cecp.iter().any(|c| c == "level 0 0:02 0.1"), "{cecp:?}");
    assert!(
        !cecp.iter().any(|c| c.starts_with("level 0 0:04")),
        "{cecp:?}"
    );
    // Its first move as Black, on its own untouched clock.
    assert_eq!(
        cecp.iter()
            .find(|c| c.starts_with("time "))
            .map(String::as_str),
        Some("time 200"),
        "{cecp:?}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[WhiteTimeControl \"4+0.2\"]"), "{text}");
    assert!(text.contains("[BlackTimeControl \"2+0.1\"]"), "{text}");
    assert!(!text.contains("[TimeControl "), "{text}");
}

/// With time odds a match still splits into shards whose PGN files merge to the report of one
/// run (depth limits, so both runs play the same games), each game tagged with both controls.
#[test]
fn a_match_with_time_odds_merges_from_its_shards() {
    let openings = Path::new(env!("CARGO_MANIFEST_DIR")).join("../openings/chess.txt");
    let openings = openings.display().to_string();
    let common = [
        "--engine",
        "cmd=self",
        "name=deeper",
        "tc=depth=2",
        "--engine",
        "cmd=self",
        "name=shallow",
        "--games",
        "4",
        "--tc",
        "depth=1",
        "--max-plies",
        "40",
        "--openings",
        &openings,
    ];
    let whole = run_match(&common);
    let mut pgns = Vec::new();
    for shard in ["1/2", "2/2"] {
        let pgn = temp_path(&format!("odds-shard-{}.pgn", &shard[..1]));
        let out = run_match(&[&common[..], &["--shard", shard, "--pgn", &pgn]].concat());
        assert!(out.contains("] 2 games"), "{out}");
        let text = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(text.matches("[WhiteTimeControl ").count(), 2, "{text}");
        assert_eq!(text.matches("[BlackTimeControl ").count(), 2, "{text}");
        pgns.push(pgn);
    }
    let mut args = vec!["--games", "4", "--merge"];
    args.extend(pgns.iter().map(String::as_str));
    assert_eq!(run_match(&args), whole);
}
