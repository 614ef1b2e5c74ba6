//! Every whole turn a path of actions completes reads back: random walks through the action trees
//! of the suite positions of the variants whose turns go action by action (`check_random_turns`).
//! More walks with `TIAMAT_DEEP=1`.

use tiamat_engine::core::deep_tests;
use tiamat_fuzzing::{check_suite_turns, variant_names};

#[test]
fn random_turns_of_the_action_suites_read_back() {
    let walks = if deep_tests() { 60 } else { 6 };
    let mut variants = 0;
    for variant in variant_names() {
        let turns = check_suite_turns(variant, walks);
        if turns > 0 {
            eprintln!("{variant}: {turns} turns");
            variants += 1;
        }
    }
    assert!(variants >= 5, "{variants} variants go action by action");
}
