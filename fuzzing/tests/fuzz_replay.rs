//! The short fuzz run inside `cargo test`: every target replays its committed corpus
//! (`fuzz/corpus/<target>/`), the seeds generated from every registered variant, and a few
//! thousand seeded mutations of them, through the same property functions the fuzz targets call.

use std::path::Path;

use tiamat_fuzzing::mutate::{read_corpus, replay};
use tiamat_fuzzing::{generated_seeds, target};

const MUTATIONS: usize = 10_000;

fn replay_target(name: &str, seed: u64) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(name);
    let mut inputs = read_corpus(&dir);
    assert!(
        !inputs.is_empty(),
        "no committed corpus in {}",
        dir.display()
    );
    inputs.extend(generated_seeds(name));
    replay(
        &inputs,
        MUTATIONS,
        seed,
        target(name).expect("a known target"),
    );
}

#[test]
fn position_string_corpus_and_mutations() {
    replay_target("position_string", 1);
}

#[test]
fn move_text_corpus_and_mutations() {
    replay_target("move_text", 2);
}

/// Each stream execution starts a whole engine session, so fewer mutations.
const STREAM_MUTATIONS: usize = 150;

fn replay_stream(name: &str, seed: u64) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(name);
    let mut inputs = read_corpus(&dir);
    assert!(
        !inputs.is_empty(),
        "no committed corpus in {}",
        dir.display()
    );
    inputs.extend(generated_seeds(name));
    replay(
        &inputs,
        STREAM_MUTATIONS,
        seed,
        target(name).expect("a known target"),
    );
}

#[test]
fn uci_stream_corpus_and_mutations() {
    replay_stream("uci_stream", 3);
}

#[test]
fn cecp_stream_corpus_and_mutations() {
    replay_stream("cecp_stream", 4);
}
