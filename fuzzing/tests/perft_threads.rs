//! Perft counts do not depend on the thread count, for every registered game.

use tiamat_fuzzing::consistency::start_divide;
use tiamat_fuzzing::variant_names;

/// The single-threaded counts run on this thread: a turn walked action by action recurses once
/// per action over large Croatian positions, beyond a test thread's default stack.
const STACK: usize = 256 * 1024 * 1024;

#[test]
fn perft_is_the_same_at_one_two_and_four_threads() {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(same_at_every_thread_count)
        .expect("a thread for the counts")
        .join()
        .expect("the counts agree");
}

fn same_at_every_thread_count() {
    let mut checked = 0;
    // One's start has about 10^7 complete first turns (rules part 2, section 8): even its
    // depth-1 count is beyond a test.
    for variant in variant_names().into_iter().filter(|&v| v != "one") {
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
