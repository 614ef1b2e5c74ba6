use super::*;

#[test]
fn start_perft_shallow() {
    let pos = Dragonchess::start();
    assert_eq!(perft(&pos, 1), 90);
    assert_eq!(perft(&pos, 2), 8_094);
}

#[test]
fn start_perft_depth_3() {
    let pos = Dragonchess::start();
    let t = std::time::Instant::now();
    assert_eq!(perft(&pos, 3), 735_480);
    eprintln!("{:?}", t.elapsed());
}
