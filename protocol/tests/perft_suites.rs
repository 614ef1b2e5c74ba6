//! Every variant's perft suite, found through the registry and the `Game` seam: the counts within
//! each suite's budget (all of them, on every core, with `TIAMAT_DEEP=1`).

use std::time::Duration;

use tiamat::perft_cli::check_suite;
use tiamat::registry::variant_names;
use tiamat_engine::core::deep_tests;
use tiamat_perft::Options;

#[test]
fn every_perft_suite_holds() {
    let deep = deep_tests();
    let options = if deep {
        Options {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            progress_after: Some(Duration::from_secs(5)),
        }
    } else {
        Options::default()
    };
    let mut checked = 0;
    let mut suites = 0;
    let mut failures = Vec::new();
    for variant in variant_names() {
        match check_suite(variant, deep, &options) {
            Ok(Some(check)) => {
                assert!(check.checked > 0, "{variant}: no count within the budget");
                eprintln!("{variant}: {} counts checked", check.checked);
                checked += check.checked;
                suites += 1;
            }
            Ok(None) => {}
            Err(message) => failures.push(message),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Chess, DAO, Dragonchess, Dynamo, Makromachy and nine Croatian variants: 375 counts today.
    assert!(suites >= 14, "only {suites} suites");
    assert!(checked >= 375, "only {checked} counts checked");
}
