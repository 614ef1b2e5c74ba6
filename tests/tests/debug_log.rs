//! Logging: the `Debug Log File` option of both protocols writes the protocol traffic both ways,
//! the time plan and why the search stopped to a file; `RUST_LOG=debug` shows the same on
//! standard error.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use tiamat_tests::{tiamat_binary, Engine};

fn log_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tiamat-{name}-{}.log", std::process::id()))
}

fn read_log(path: &PathBuf) -> String {
    let text = std::fs::read_to_string(path).expect("the debug log file exists");
    let _ = std::fs::remove_file(path);
    text
}

#[test]
fn uci_debug_log_file_holds_the_traffic_and_the_search() {
    let path = log_path("uci");
    let mut engine = Engine::start();
    engine.send("uci");
    let options = engine.read_until(|line| line == "uciok");
    assert!(options
        .iter()
        .any(|line| line.starts_with("option name Debug Log File type string")));
    engine.send(&format!(
        "setoption name Debug Log File value {}",
        path.display()
    ));
    engine.sync_uci();
    engine.send("position startpos moves e2e4");
    engine.send("go depth 3");
    engine.expect_prefix("bestmove");
    engine.send("setoption name Debug Log File value <empty>");
    engine.send("ucinewgame");
    engine.sync_uci();
    assert!(engine.finish());
    let log = read_log(&path);
    for expected in [
        "in:  isready",
        "out: readyok",
        "in:  position startpos moves e2e4",
        "in:  go depth 3",
        "time plan for black",
        "search stopped after depth 3: depth limit",
        "out: bestmove",
    ] {
        assert!(log.contains(expected), "no '{expected}' in the log:\n{log}");
    }
    assert!(
        !log.contains("ucinewgame"),
        "logged after it was turned off:\n{log}"
    );
}

#[test]
fn cecp_debug_log_file_holds_the_traffic() {
    let path = log_path("cecp");
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until(|line| line.contains("done=1"));
    assert!(features
        .iter()
        .any(|line| line == "feature option=\"DebugLogFile -file \""));
    engine.send(&format!("option DebugLogFile={}", path.display()));
    engine.sync_cecp(1);
    engine.send("new");
    engine.send("sd 2");
    engine.send("usermove e2e4");
    engine.expect_prefix("move ");
    engine.sync_cecp(2);
    assert!(engine.finish());
    let log = read_log(&path);
    for expected in [
        "in:  ping 1",
        "out: pong 1",
        "in:  usermove e2e4",
        "out: move ",
        "search stopped after depth 2: depth limit",
    ] {
        assert!(log.contains(expected), "no '{expected}' in the log:\n{log}");
    }
}

#[test]
fn rust_log_debug_shows_the_traffic_on_standard_error() {
    let mut child = Command::new(tiamat_binary())
        .env("RUST_LOG", "debug")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(b"isready\ngo depth 2\nisready\nquit\n")
        .expect("the engine reads its input");
    let output = child.wait_with_output().expect("the engine ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    for expected in [
        "in:  isready",
        "out: readyok",
        "time plan for white",
        "search stopped",
    ] {
        assert!(
            stderr.contains(expected),
            "no '{expected}' on stderr:\n{stderr}"
        );
    }
}
