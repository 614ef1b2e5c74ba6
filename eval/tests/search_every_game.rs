//! The one generic search on every game the registry plays: from each start position it returns
//! a legal move with one thread and with two, and honours a node limit.

use tiamat_engine::games::chess::Chess;
use tiamat_engine::games::dragonchess::Dragonchess;
use tiamat_engine::games::dynamo::Dynamo;
use tiamat_engine::games::makromachy::Makromachy;
use tiamat_engine::search::{Control, Limits, Options, Searcher};
use tiamat_engine::{Game, MoveList};
use tiamat_eval::HasEvaluator;

fn searches_legally<G: HasEvaluator>() {
    for &variant in G::variants() {
        let Ok(start) = G::start_position(variant) else {
            continue;
        };
        let mut legal = G::MoveList::default();
        start.legal_moves(&mut legal);
        for threads in [1, 2] {
            let mut searcher = Searcher::new(
                G::Evaluator::default(),
                Options {
                    threads,
                    hash_mb: 4,
                    ..Options::default()
                },
            );
            let limits = Limits {
                depth: Some(3),
                nodes: Some(50_000),
                ..Limits::default()
            };
            let outcome = searcher.search(&start, &[], &limits, &Control::new(), &mut |_| {});
            let best = outcome.best.expect(variant);
            assert!(legal.as_slice().contains(&best), "{variant}: {best:?}");
            assert!(outcome.depth >= 1, "{variant}");
        }
    }
}

#[test]
fn chess() {
    searches_legally::<Chess>();
}

#[test]
fn dragonchess() {
    searches_legally::<Dragonchess>();
}

#[test]
fn dynamo() {
    searches_legally::<Dynamo>();
}

#[test]
fn makromachy() {
    searches_legally::<Makromachy>();
}

/// Dynamo's first iteration is long (many material-changing moves); `stop` must still end it
/// with a legal move.
#[test]
fn stop_ends_a_long_first_iteration() {
    let start = Dynamo::start_position("dynamo").unwrap();
    let mut legal = <Dynamo as Game>::MoveList::default();
    start.legal_moves(&mut legal);
    let control = Control::new();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let mut searcher = Searcher::new(
        <Dynamo as HasEvaluator>::Evaluator::default(),
        Options::default(),
    );
    std::thread::scope(|scope| {
        let (control, start) = (&control, &start);
        let handle =
            scope.spawn(move || searcher.search(start, &[], &limits, control, &mut |_| {}));
        std::thread::sleep(std::time::Duration::from_millis(20));
        control.stop();
        let outcome = handle.join().unwrap();
        assert!(legal.as_slice().contains(&outcome.best.unwrap()));
    });
}
