use super::*;

fn pos(fen: &str) -> Dynamo {
    Dynamo::from_position_string("dynamo", fen).unwrap()
}

fn perft(p: &Dynamo, depth: u32) -> u64 {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&p.play(m), depth - 1)).sum()
}

#[test]
fn start_perft() {
    let p = Dynamo::start_position("dynamo").unwrap();
    println!("{:?}", p.candidate_counts());
    assert_eq!(perft(&p, 1), 168);
    assert_eq!(perft(&p, 2), 26_942);
}

#[test]
fn start_perft3() {
    let p = Dynamo::start_position("dynamo").unwrap();
    let t = std::time::Instant::now();
    let n = perft(&p, 3);
    println!("d3 {n} in {:?}", t.elapsed());
    assert_eq!(n, 3_991_091);
}
