//! Every committed openings file (`openings/<variant>.txt`, read by `tiamat match --openings`)
//! names a registered variant and holds position strings of that variant.

use std::path::Path;

use tiamat::session::new_session;
use tiamat_engine::search::Options;

#[test]
fn every_openings_file_holds_positions_of_its_variant() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../openings");
    let options = Options {
        hash_mb: 1,
        ..Options::default()
    };
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("the openings folder") {
        let path = entry.expect("a folder entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("txt") {
            continue;
        }
        let variant = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a file name");
        let mut session = new_session(variant, &options)
            .unwrap_or_else(|| panic!("{}: '{variant}' is no variant", path.display()));
        let text = std::fs::read_to_string(&path).expect("a readable file");
        let positions: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .collect();
        assert!(
            positions.len() >= 10,
            "{}: too few openings",
            path.display()
        );
        for line in positions {
            if let Err(e) = session.set_position(Some(line), &[]) {
                panic!("{}: '{line}': {e}", path.display());
            }
        }
        files += 1;
    }
    assert!(files >= 14, "{files} openings files");
}
