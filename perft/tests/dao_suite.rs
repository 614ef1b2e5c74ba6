//! The Dragons, Archers & Oxen perft suite (perft/suites/dao.txt) through the generic runner.

use tiamat_engine::games::dao::Dao;
use tiamat_perft::{suite, Options};

#[test]
fn dao_suite() {
    let entries = suite::parse(suite::builtin("dao").unwrap()).unwrap();
    assert!(entries.len() >= 11);
    let checked = suite::run::<Dao>("dao", &entries, 200_000, &Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(checked >= 30, "only {checked} counts checked");
}
