//! Perft counts do not depend on the thread count, for every registered game.

use tiamat_fuzzing::consistency::start_divide;
use tiamat_fuzzing::variant_names;

#[test]
fn perft_is_the_same_at_one_two_and_four_threads() {
    let mut checked = 0;
    for variant in variant_names() {
        let Some((depth, runs)) = start_divide(variant, 4, 300_000, &[1, 2, 4]) else {
            continue;
        };
        let total: u64 = runs[0].iter().map(|(_, n)| n).sum();
        assert!(total > 0, "{variant}: no moves from the start position");
        for (run, threads) in runs.iter().zip([1, 2, 4]).skip(1) {
            assert_eq!(
                run, &runs[0],
                "{variant}: perft {depth} per root move differs at {threads} threads"
            );
        }
        checked += 1;
    }
    assert!(checked > 0, "no variant with a start position");
}

#[test]
fn chess_start_counts_match_the_published_ones_at_every_thread_count() {
    let (depth, runs) = start_divide("chess", 4, 300_000, &[1, 4]).expect("chess starts");
    assert_eq!(depth, 4);
    for run in runs {
        assert_eq!(run.iter().map(|(_, n)| n).sum::<u64>(), 197_281);
    }
}
