//! `scripts/label-stockfish.py`, which relabels training positions with Stockfish's static
//! evaluation: scores from White's view whichever side is to move, results kept, positions in
//! check and malformed lines left out. Skipped, with a message, without python3 or Stockfish.

use std::path::PathBuf;
use std::process::Command;

use tiamat_tests::installed;

const STOCKFISH: &str = "/usr/games/stockfish";

#[test]
fn relabels_with_whites_view_and_keeps_results() {
    if !installed(STOCKFISH) {
        return;
    }
    let dir = std::env::temp_dir().join(format!("label-stockfish-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in.txt");
    let output = dir.join("out.txt");
    std::fs::write(
        &input,
        "\
4k3/8/8/8/8/8/8/3QK3 w - - 0 1;1;900
4k3/8/8/8/8/8/8/3QK3 b - - 0 1;1;900
3qk3/8/8/8/8/8/8/4K3 w - - 0 1;0;-900
4k3/8/8/8/8/8/4q3/4K3 w - - 0 1;0;-900
not a line of datagen output
",
    )
    .unwrap();
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/label-stockfish.py");
    let run = match Command::new("python3")
        .arg(&script)
        .arg(&input)
        .arg(&output)
        .arg(STOCKFISH)
        .output()
    {
        Ok(run) => run,
        Err(e) => {
            println!("skipped: python3 cannot be run ({e})");
            return;
        }
    };
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&output).unwrap();
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split(';').collect()).collect();
    assert_eq!(
        lines.len(),
        3,
        "the position in check and the bad line dropped: {text}"
    );
    let score = |i: usize| lines[i][2].parse::<i32>().unwrap();
    assert_eq!(lines[0][..2], ["4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "1"]);
    assert_eq!(lines[1][..2], ["4k3/8/8/8/8/8/8/3QK3 b - - 0 1", "1"]);
    assert_eq!(lines[2][..2], ["3qk3/8/8/8/8/8/8/4K3 w - - 0 1", "0"]);
    // A queen up is worth several pawns, and White's view does not flip with the side to move.
    assert!(score(0) > 300 && score(1) > 300, "{text}");
    assert!(score(2) < -300, "{text}");
    std::fs::remove_dir_all(&dir).ok();
}
