//! The command line as a user meets it: `--help`, `-h`, `help`, `--version` and a wrong argument
//! for the binary and for every subcommand. Help and version exit 0, a wrong argument names
//! itself on standard error and exits 2. The whole transcript is kept in
//! `tests/transcripts/command_line.txt`; after a deliberate change of the usage texts, write it
//! anew with `TIAMAT_BLESS=1 cargo test -p tiamat-tests --test command_line`.

use std::path::Path;

use tiamat_tests::tiamat;

const SUBCOMMANDS: [&str; 3] = ["perft", "bench", "match"];

fn invocations() -> Vec<Vec<&'static str>> {
    let mut list = vec![
        vec!["--help"],
        vec!["-h"],
        vec!["help"],
        vec!["--version"],
        vec!["--frobnicate"],
        vec!["frobnicate"],
    ];
    for sub in SUBCOMMANDS {
        list.extend([
            vec![sub, "--help"],
            vec!["help", sub],
            vec![sub, "-h"],
            vec![sub, "--version"],
            vec![sub, "--frobnicate"],
        ]);
    }
    list
}

#[test]
fn usage_version_and_wrong_arguments_for_every_command() {
    let mut transcript = String::new();
    for args in invocations() {
        let output = tiamat(&args);
        let (out, err) = (
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
        );
        let code = output.status.code();
        let wrong = args.iter().find(|a| a.contains("frobnicate"));
        match wrong {
            Some(word) => {
                assert_eq!(code, Some(2), "{args:?}: {err}");
                assert!(err.contains(word), "{args:?} does not name {word}: {err}");
            }
            None => {
                assert_eq!(code, Some(0), "{args:?}: {err}");
                assert!(!out.is_empty() && err.is_empty(), "{args:?}: {out}{err}");
            }
        }
        if args.contains(&"--version") {
            assert!(out.contains(env!("CARGO_PKG_VERSION")), "{args:?}: {out}");
        }
        if args.iter().any(|a| a.starts_with('-') && a.contains('h')) || args[0] == "help" {
            assert!(out.contains("Usage: tiamat"), "{args:?}: {out}");
        }
        transcript.push_str(&format!(
            "$ tiamat {}\nexit {}\n{out}{err}\n",
            args.join(" "),
            code.map_or("none".to_string(), |c| c.to_string())
        ));
    }
    let kept = Path::new(env!("CARGO_MANIFEST_DIR")).join("transcripts/command_line.txt");
    if std::env::var("TIAMAT_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&kept, &transcript).expect("the transcript can be written");
    }
    let expected = std::fs::read_to_string(&kept).unwrap_or_default();
    assert!(
        transcript == expected,
        "the transcript differs from {}:\n{transcript}",
        kept.display()
    );
}

#[test]
fn perft_options_keep_their_meaning() {
    let out = tiamat(&[
        "perft",
        "--position",
        "8/8/8/8/8/8/8/K6k w - - 0 1",
        "--depth",
        "1",
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Nodes: 3"));
    let out = tiamat(&["perft", "--suite", "--variant", "dao"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("dao: 40 counts of 14 positions"));
}
