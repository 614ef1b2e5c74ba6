//! Perft and matches split into work units, run the way a scheduler runs them (GNU parallel),
//! merged; `tiamat bench` read the way OpenBench reads it; the root Makefile OpenBench calls.

use std::path::{Path, PathBuf};
use std::process::Command;

use tiamat_tests::{tiamat, tiamat_binary, tiamat_ok};

fn work_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tiamat-units-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success())
}

/// Runs `tiamat perft --units units.txt --shard {}/n` for every shard through GNU parallel, two
/// at a time, each writing `counts-{}.txt` in `dir`.
fn count_shards_with_parallel(dir: &Path, shards: usize) {
    let binary = tiamat_binary();
    let list: Vec<String> = (1..=shards).map(|i| i.to_string()).collect();
    let status = Command::new("parallel")
        .current_dir(dir)
        .args(["--will-cite", "--halt", "now,fail=1", "-j2"])
        .arg(format!(
            "{} perft --units units.txt --shard {{}}/{shards} > counts-{{}}.txt",
            binary.display()
        ))
        .arg(":::")
        .args(&list)
        .status()
        .expect("parallel runs");
    assert!(status.success(), "parallel failed in {}", dir.display());
}

fn merge(dir: &Path, files: &[&str]) -> std::process::Output {
    let paths: Vec<String> = files
        .iter()
        .map(|f| dir.join(f).display().to_string())
        .collect();
    let mut args = vec!["perft", "--merge"];
    args.extend(paths.iter().map(String::as_str));
    tiamat(&args)
}

/// The counts files of the four shards.
const ALL_COUNTS: [&str; 4] = [
    "counts-1.txt",
    "counts-2.txt",
    "counts-3.txt",
    "counts-4.txt",
];

/// Writes the units of `tiamat perft <split_args>`, counts them as 4 shards through GNU parallel,
/// merges, and returns the merged total line.
fn split_count(name: &str, split_args: &[&str]) -> (PathBuf, String) {
    let dir = work_dir(name);
    let units = tiamat_ok(&[&["perft"], split_args].concat());
    std::fs::write(dir.join("units.txt"), &units).unwrap();
    count_shards_with_parallel(&dir, 4);
    let out = merge(&dir, &ALL_COUNTS);
    assert!(out.status.success(), "{out:?}");
    (dir, String::from_utf8(out.stdout).unwrap())
}

fn unsplit(args: &[&str]) -> String {
    let out = tiamat_ok(&[&["perft"], args].concat());
    let nodes = out
        .lines()
        .find_map(|l| l.strip_prefix("Nodes: "))
        .expect("a Nodes line");
    format!("Nodes searched: {nodes}\n")
}

#[test]
fn split_perft_through_parallel_gives_the_unsplit_count() {
    if !installed("parallel") {
        eprintln!("skipped: GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    // Chess depth 6 at ply 2: 400 units.
    let (dir, total) = split_count("chess", &["--depth", "6", "--split", "2"]);
    assert_eq!(total, "Nodes searched: 119060324\n");
    // A counts file left out, or given twice: the merge names the units.
    let out = merge(&dir, &["counts-1.txt", "counts-2.txt", "counts-4.txt"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("100 of 400 units not counted: unit 3/400, 7/400"),
        "{err}"
    );
    let out = merge(&dir, &[&ALL_COUNTS[..], &["counts-2.txt"]].concat());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("unit 2/400 (") && err.contains("counted twice"),
        "{err}"
    );

    // DAO (position strings with spaces and holdings; counts from its suite) and Croatian Ties.
    let (_, total) = split_count("dao", &["--variant", "dao", "--depth", "3", "--split", "2"]);
    assert_eq!(total, "Nodes searched: 176170\n");
    let empowered = "7bk1/10/10/3d6/10/10/3D6/10/10/KN8 w - - [] b1 h10 0 1";
    let dao_args = ["--variant", "dao", "--fen", empowered, "--depth", "3"];
    let (_, total) = split_count("dao-fen", &[&dao_args[..], &["--split", "1"]].concat());
    assert_eq!(total, "Nodes searched: 45806\n");
    assert_eq!(total, unsplit(&dao_args));
    let (_, total) = split_count(
        "croatianties",
        &["--variant", "croatianties", "--depth", "3", "--split", "2"],
    );
    assert_eq!(total, "Nodes searched: 89995\n");
}

#[test]
fn units_are_self_contained_lines() {
    let dir = work_dir("lines");
    let units = tiamat_ok(&["perft", "--depth", "3", "--split", "2"]);
    let lines: Vec<&str> = units.lines().filter(|l| l.starts_with("unit ")).collect();
    assert_eq!(lines.len(), 400);
    // Variant, depth left, multiplicity, then the whole FEN with its spaces.
    assert!(lines.iter().all(|l| l.contains(" chess 1 1 ")), "{units}");
    assert!(lines[0].ends_with(" w KQkq - 2 2"), "{}", lines[0]);
    // Any one line is a units file of its own (shard 1 of 1 counts it).
    std::fs::write(dir.join("one.txt"), format!("{}\n", lines[0])).unwrap();
    let counted = tiamat_ok(&[
        "perft",
        "--units",
        &dir.join("one.txt").display().to_string(),
    ]);
    assert!(counted.starts_with("count 1/400 "), "{counted}");
    // Four transpositions three plies deep: fewer units than paths.
    let units = tiamat_ok(&["perft", "--depth", "4", "--split", "3"]);
    assert!(units.contains("5362 units for 8902 paths"), "{units}");

    for bad in [
        &["perft", "--depth", "2", "--split", "3"][..],
        &["perft", "--units", "/no/such/file"],
        &["perft", "--shard", "1/2", "--depth", "2"],
        &["perft", "--units", "x", "--shard", "3/2"],
        &["perft", "--split", "1"],
        &["perft", "--merge", "/no/such/file"],
    ] {
        let out = tiamat(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(!out.stderr.is_empty(), "{bad:?}");
    }
    std::fs::write(dir.join("bad.txt"), "unit 1/2 00 chess 1 1 8/8 w\n").unwrap();
    let out = tiamat(&[
        "perft",
        "--units",
        &dir.join("bad.txt").display().to_string(),
    ]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"));
}

/// The match both ways: depth-limited single-threaded engines play the same games, so the
/// merged report is the whole run's, line for line.
#[test]
fn a_match_in_four_shards_merges_to_the_report_of_one_run() {
    let dir = work_dir("match");
    let binary = tiamat_binary().display().to_string();
    let openings = Path::new(env!("CARGO_MANIFEST_DIR")).join("../openings/chess.txt");
    let cmd = format!("cmd={binary}");
    let common = [
        "match",
        "--engine",
        &cmd,
        "name=search",
        "--engine",
        &cmd,
        "name=oneply",
        "option.PlayStyle=oneply",
        "--games",
        "40",
        "--tc",
        "depth=2",
        "--max-plies",
        "120",
        "--openings",
        &openings.display().to_string(),
    ];
    let whole = tiamat_ok(&common);
    let mut pgns = Vec::new();
    for shard in 1..=4 {
        let pgn = dir.join(format!("shard-{shard}.pgn")).display().to_string();
        let shard_text = format!("{shard}/4");
        let out = tiamat_ok(&[&common[..], &["--shard", &shard_text, "--pgn", &pgn]].concat());
        assert!(out.contains("] 10 games"), "{out}");
        pgns.push(pgn);
    }
    let mut args = vec!["match", "--games", "40", "--merge"];
    args.extend(pgns.iter().map(String::as_str));
    let merged = tiamat_ok(&args);
    assert_eq!(merged, whole);
    assert!(
        merged.contains("Final score of search vs oneply: "),
        "{merged}"
    );
    assert!(merged.contains("\nElo difference: "), "{merged}");

    // With an SPRT: the same report lines one run with --sprt prints.
    args.extend(["--sprt", "0,10,0.05,0.05"]);
    let with_sprt = tiamat_ok(&args);
    assert!(with_sprt.contains("\nSPRT: llr "), "{with_sprt}");

    // A shard missing, a shard twice, an SPRT inside a shard: errors.
    let out = tiamat(&[
        "match", "--games", "40", "--merge", &pgns[0], &pgns[1], &pgns[3],
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("10 of 40 games missing: game 5, 6, 13, 14"),
        "{err}"
    );
    let out = tiamat(&["match", "--merge", &pgns[0], &pgns[0]]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("game 1 is in "));
    let out = tiamat(&[&common[..], &["--shard", "1/4", "--sprt", "0,5,0.05,0.05"]].concat());
    assert_eq!(out.status.code(), Some(2));
}

/// OpenBench's reading of a bench (Client/bench.py): the output's lines from the last, every
/// character other than letters, digits and spaces made a space, the first `nodes searched N`
/// (or `N nodes`, `nodes N`) and the first `nodes second N` (or `N nps`, `nps N`) found.
fn openbench_reading(output: &str) -> (Option<u64>, Option<u64>) {
    let (mut bench, mut nps) = (None, None);
    for line in output.trim().lines().rev() {
        let cleaned: String = line
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
            .collect::<String>()
            .to_lowercase();
        let words: Vec<&str> = cleaned.split_whitespace().collect();
        let number = |w: &str| {
            w.chars()
                .all(|c| c.is_ascii_digit())
                .then(|| w.parse().ok())?
        };
        let find = |pairs: &[(&str, &str)]| {
            words.windows(3).find_map(|w| {
                pairs
                    .iter()
                    .find_map(|(a, b)| (w[0] == *a && w[1] == *b).then(|| number(w[2])).flatten())
            })
        };
        let pair = |name: &str| {
            words
                .windows(2)
                .find_map(|w| match (number(w[0]), number(w[1])) {
                    (Some(n), _) if w[1] == name => Some(n),
                    (_, Some(n)) if w[0] == name => Some(n),
                    _ => None,
                })
        };
        bench = bench.or_else(|| find(&[("nodes", "searched")]).or_else(|| pair("nodes")));
        nps = nps.or_else(|| find(&[("nodes", "second")]).or_else(|| pair("nps")));
    }
    (bench, nps)
}

#[test]
fn bench_without_arguments_is_read_as_openbench_reads_it() {
    let out = tiamat_ok(&["bench"]);
    let (bench, nps) = openbench_reading(&out);
    let total = out
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.parse::<u64>().ok());
    assert!(total.is_some_and(|n| n > 100_000), "{out}");
    assert_eq!(bench, total, "{out}");
    assert!(nps.is_some_and(|n| n > 0), "{out}");
}

#[test]
fn makefile_builds_the_release_binary_at_exe() {
    if !installed("make") {
        eprintln!("skipped: make is not installed");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = Command::new("make")
        .current_dir(&root)
        .args(["-n", "EXE=/tmp/somewhere/tiamat-ob"])
        .output()
        .unwrap();
    let plan = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{plan}");
    assert!(plan.contains("cargo build --release -p tiamat"), "{plan}");
    assert!(plan.contains("/tmp/somewhere/tiamat-ob"), "{plan}");
}
