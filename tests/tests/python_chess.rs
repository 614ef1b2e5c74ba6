//! python-chess's `chess.engine` clients (a real UCI and a real XBoard client) play short games
//! against the binary. Skipped, with a message, when python3 or python-chess is missing.

use std::path::PathBuf;
use std::process::Command;

/// Exit status the scripts use when python-chess is missing.
const SKIP: i32 = 77;

fn run_script(name: &str) {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("python")
        .join(name);
    let binary = tiamat_tests::tiamat_binary();
    let output = match Command::new("python3").arg(&script).arg(&binary).output() {
        Ok(output) => output,
        Err(e) => {
            eprintln!("SKIPPED {name}: python3 cannot be run ({e})");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() == Some(SKIP) {
        eprintln!("SKIPPED {name}: python-chess is not installed (pip install chess)");
        return;
    }
    assert!(
        output.status.success(),
        "{name} failed\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(stdout.contains("played "), "{stdout}");
}

#[test]
fn python_chess_uci_plays_a_game() {
    run_script("uci_game.py");
}

#[test]
fn python_chess_xboard_plays_a_game() {
    run_script("xboard_game.py");
}
