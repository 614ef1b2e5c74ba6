//! The short fuzz run inside `cargo test`: every target replays its committed corpus
//! (`fuzz/corpus/<target>/`), the seeds generated from every registered variant, and a few
//! thousand seeded mutations of them, through the same property functions the fuzz targets call.

use std::collections::HashSet;
use std::path::Path;

use tiamat_fuzzing::mutate::{read_corpus, replay};
use tiamat_fuzzing::{generated_seeds, target};

const MUTATIONS: usize = 10_000;

fn replay_target(name: &str, mutations: usize, seed: u64) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(name);
    let mut inputs = read_corpus(&dir);
    assert!(
        !inputs.is_empty(),
        "no committed corpus in {}",
        dir.display()
    );
    // The committed `gen-*` seeds are these same inputs until a game changes: run each once.
    let committed: HashSet<Vec<u8>> = inputs.iter().map(|(_, data)| data.clone()).collect();
    inputs.extend(
        generated_seeds(name)
            .into_iter()
            .filter(|(_, data)| !committed.contains(data)),
    );
    replay(
        &inputs,
        mutations,
        seed,
        target(name).expect("a known target"),
    );
}

#[test]
fn position_string_corpus_and_mutations() {
    replay_target("position_string", MUTATIONS, 1);
}

#[test]
fn move_text_corpus_and_mutations() {
    replay_target("move_text", MUTATIONS, 2);
}

/// Each stream execution starts a whole engine session, so fewer mutations.
const STREAM_MUTATIONS: usize = 150;

#[test]
fn uci_stream_corpus_and_mutations() {
    replay_target("uci_stream", STREAM_MUTATIONS, 3);
}

#[test]
fn cecp_stream_corpus_and_mutations() {
    replay_target("cecp_stream", STREAM_MUTATIONS, 4);
}
