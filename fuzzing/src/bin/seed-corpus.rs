//! Writes the generated seed inputs of every target into `fuzz/corpus/<target>/` (files named
//! `gen-<variant>-...`; hand-written seeds are left alone). Run it after registering a game;
//! variant names as arguments limit it to those.

use std::path::Path;

fn main() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus");
    let only: Vec<String> = std::env::args().skip(1).collect();
    for target in tiamat_fuzzing::TARGETS {
        let dir = root.join(target);
        std::fs::create_dir_all(&dir)?;
        for (name, data) in tiamat_fuzzing::generated_seeds_of(target, &only) {
            std::fs::write(dir.join(format!("gen-{name}")), data)?;
        }
    }
    Ok(())
}
