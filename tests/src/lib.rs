//! Integration tests live in `tests/`; this library holds helpers for driving the binary.

pub mod board_server;
pub mod webdriver;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Whether the program at `path` (a Debian package's) is there; says the test skips if not.
pub fn installed(path: &str) -> bool {
    if Path::new(path).exists() {
        true
    } else {
        println!("skipped: {path} is not installed (apt-get install it to run this test)");
        false
    }
}

/// The `tiamat` binary next to the running tests (`target/<dir>/tiamat`), built first with
/// `cargo build` so it is never stale (a no-op when it is up to date).
///
/// Test executables live in `target/<dir>/deps/`, so the binary is two levels up from the
/// running test. Under `cargo test` (`target/debug`) it is built with the `test` profile, which
/// reuses the dependencies the tests were just built with; under `cargo test --release` with the
/// release profile. Panics with a clear message when the build fails.
pub fn tiamat_binary() -> PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(build_binary).clone()
}

/// Runs the binary with `args` to completion.
pub fn tiamat(args: &[&str]) -> Output {
    Command::new(tiamat_binary())
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A finished run's standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Runs the binary, requires success, and returns its standard output.
pub fn tiamat_ok(args: &[&str]) -> String {
    let output = tiamat(args);
    assert!(
        output.status.success(),
        "tiamat {args:?} failed: {}\n{}",
        stdout(&output),
        String::from_utf8_lossy(&output.stderr)
    );
    stdout(&output)
}

fn build_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable has a path");
    // Test executables live in target/<profile>/deps, this crate's binaries in target/<profile>.
    let parent = exe.parent().expect("the executable lives in a folder");
    let profile_dir = if parent.file_name().is_some_and(|name| name == "deps") {
        parent.parent().expect("deps lives in the profile folder")
    } else {
        parent
    };
    let target_dir = profile_dir
        .parent()
        .expect("the profile directory lives in the target directory");
    let profile = match profile_dir.file_name().and_then(|name| name.to_str()) {
        Some("debug") | None => "test",
        Some(other) => other,
    };
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate lives in the workspace");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut build = Command::new(cargo);
    build
        .current_dir(workspace)
        .args(["build", "--quiet", "-p", "tiamat", "--bin", "tiamat"])
        .env("CARGO_TARGET_DIR", target_dir)
        .args(["--profile", profile]);
    let status = build.status().expect("cargo can be started");
    assert!(status.success(), "building the tiamat binary failed");
    let binary = profile_dir.join(format!("tiamat{}", std::env::consts::EXE_SUFFIX));
    assert!(binary.exists(), "no binary at {}", binary.display());
    binary
}

/// How long any expected answer may take. Generous: the machine may be slow and busy.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// A running engine driven over its standard input and output, for protocol transcripts.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything sent (`> `) and read (`< `) so far, for failure messages.
    transcript: Vec<String>,
}

/// The value of the `d` line starting with `label` (e.g. `"Fen: "`).
pub fn display_field(lines: &[String], label: &str) -> String {
    lines
        .iter()
        .find_map(|line| line.strip_prefix(label))
        .unwrap_or_else(|| panic!("no {label} in {lines:?}"))
        .to_string()
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(tiamat_binary())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the engine starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("the engine reads its input");
        stdin.flush().expect("flush");
    }

    /// The next output line within `wait`, if any.
    pub fn try_next_line(&mut self, wait: Duration) -> Option<String> {
        let line = self.lines.recv_timeout(wait).ok()?;
        self.transcript.push(format!("< {line}"));
        Some(line)
    }

    /// The next output line; panics with the transcript when none comes within [`PATIENCE`].
    pub fn next_line(&mut self) -> String {
        self.try_next_line(PATIENCE)
            .unwrap_or_else(|| panic!("no output came; transcript:\n{}", self.transcript()))
    }

    /// Reads lines up to and including the first that satisfies `done`; returns them all.
    /// Panics with the transcript when it does not come within [`PATIENCE`].
    pub fn read_until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.try_next_line(left) {
                Some(line) => {
                    let finished = done(&line);
                    seen.push(line);
                    if finished {
                        return seen;
                    }
                }
                None => panic!(
                    "expected output did not come; transcript:\n{}",
                    self.transcript()
                ),
            }
        }
    }

    /// Reads lines until one starts with `prefix`; returns that line.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        self.read_until(|line| line.starts_with(prefix))
            .pop()
            .expect("read_until returns the matching line")
    }

    /// UCI synchronisation: sends `isready` and returns what came before `readyok`.
    pub fn sync_uci(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(|line| line == "readyok");
        lines.pop();
        lines
    }

    /// UCI `d`: its lines, the last being `Variant: ...`.
    pub fn display(&mut self) -> Vec<String> {
        self.send("d");
        self.read_until(|line| line.starts_with("Variant: "))
    }

    /// UCI: the current position string, from `d`.
    pub fn fen(&mut self) -> String {
        display_field(&self.display(), "Fen: ")
    }

    /// UCI: the legal moves of the current position, from `go perft 1`.
    pub fn legal_moves(&mut self) -> Vec<String> {
        self.send("go perft 1");
        let lines = self.read_until(|line| line.starts_with("Nodes searched"));
        lines
            .iter()
            .filter_map(|line| line.split_once(": "))
            .filter(|(mv, _)| !mv.contains(' '))
            .map(|(mv, _)| mv.to_string())
            .collect()
    }

    /// CECP synchronisation: sends `ping n` and returns what came before `pong n`.
    pub fn sync_cecp(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let pong = format!("pong {n}");
        let mut lines = self.read_until(|line| line == pong);
        lines.pop();
        lines
    }

    /// Closes the input and waits for the process; true if it exited successfully.
    pub fn finish(mut self) -> bool {
        self.stdin = None;
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            if Instant::now() > deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn transcript(&self) -> String {
        self.transcript.join("\n")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
