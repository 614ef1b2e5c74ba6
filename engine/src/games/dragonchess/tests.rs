use super::board::*;
use super::geometry::*;
use super::movegen::*;
use super::moves::*;
use super::*;

use crate::core::perft::perft_listed as perft;
use crate::core::random::Xorshift;

/// A position from a piece list like `["K2a1", "k2l8", "G3d4"]` (uppercase Gold) and `'g'`/`'s'`.
fn setup(pieces: &[&str], side: char) -> Dragonchess {
    let mut board = [['.'; FILES]; 3 * RANKS];
    for p in pieces {
        let (letter, sq) = p.split_at(1);
        let (sq, _) = parse_square(sq.as_bytes()).unwrap();
        board[level(sq) * RANKS + rank(sq)][file(sq)] = letter.chars().next().unwrap();
    }
    let mut levels = Vec::new();
    for lvl in [UPPER, MIDDLE, LOWER] {
        let ranks: Vec<String> = (0..RANKS)
            .rev()
            .map(|r| {
                let mut row = String::new();
                let mut gap = 0;
                for c in board[lvl * RANKS + r] {
                    if c == '.' {
                        gap += 1;
                    } else {
                        if gap > 0 {
                            row += &gap.to_string();
                        }
                        gap = 0;
                        row.push(c);
                    }
                }
                if gap > 0 {
                    row += &gap.to_string();
                }
                row
            })
            .collect();
        levels.push(ranks.join("/"));
    }
    Dragonchess::read_placement(&format!("{} {side} 0 1", levels.join("|"))).unwrap()
}

fn sq(name: &str) -> usize {
    parse_square(name.as_bytes()).unwrap().0
}

fn legal(pos: &Dragonchess) -> Vec<Move> {
    let mut moves = Moves::new();
    pos.legal_moves(&mut moves);
    moves.to_vec()
}

/// Sorted destinations of the legal moves from `from`.
fn targets(pos: &Dragonchess, from: &str) -> Vec<String> {
    let mut v: Vec<String> = legal(pos)
        .into_iter()
        .filter(|m| m.from() == sq(from))
        .map(|m| square_name(m.to()))
        .collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play(pos: &Dragonchess, text: &str) -> Dragonchess {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.play(&mv)
}

// ---------------------------------------------------------------- start position

#[test]
fn start_position_string_round_trips() {
    let pos = Dragonchess::start();
    assert_eq!(pos.position_string(), Dragonchess::START);
    assert_eq!(pos.piece_at(sq("3g1")), Some((Color::White, Kind::Dragon)));
    assert_eq!(pos.piece_at(sq("2g8")), Some((Color::Black, Kind::King)));
    assert_eq!(
        pos.piece_at(sq("1g1")),
        Some((Color::White, Kind::Elemental))
    );
    assert_eq!(pos.piece_at(sq("3a7")), Some((Color::Black, Kind::Sylph)));
    assert_eq!(pos.piece_at(sq("1l2")), Some((Color::White, Kind::Dwarf)));
    let count = |c: Color| {
        (0..SQUARES)
            .filter(|&s| pos.piece_at(s).is_some_and(|(pc, _)| pc == c))
            .count()
    };
    assert_eq!((count(Color::White), count(Color::Black)), (42, 42));
}

#[test]
fn start_depth_one_breakdown_per_level_and_piece() {
    let pos = Dragonchess::start();
    let moves = legal(&pos);
    let from_level = |l: usize| moves.iter().filter(|m| level(m.from()) == l).count();
    assert_eq!(
        (from_level(UPPER), from_level(MIDDLE), from_level(LOWER)),
        (29, 36, 25)
    );
    let of_kind = |k: Kind| {
        moves
            .iter()
            .filter(|m| pos.piece_at(m.from()).unwrap().1 == k)
            .count()
    };
    assert_eq!(of_kind(Kind::Sylph), 11);
    assert_eq!(of_kind(Kind::Griffon), 5);
    assert_eq!(of_kind(Kind::Dragon), 13);
    assert_eq!(of_kind(Kind::Warrior), 12);
    assert_eq!(of_kind(Kind::Unicorn), 4);
    assert_eq!(of_kind(Kind::Hero), 8);
    assert_eq!(of_kind(Kind::Cleric), 2);
    assert_eq!(of_kind(Kind::Mage), 2);
    assert_eq!(of_kind(Kind::King), 0);
    assert_eq!(of_kind(Kind::Paladin), 8);
    assert_eq!(of_kind(Kind::Dwarf), 17);
    assert_eq!(of_kind(Kind::Basilisk), 2);
    assert_eq!(of_kind(Kind::Elemental), 6);
    let human: Vec<String> = moves.iter().map(|m| pos.move_to_human(m)).collect();
    assert!(human.contains(&"Dr3g1x3a7".to_string()));
}

#[test]
fn start_perft_to_depth_3() {
    let pos = Dragonchess::start();
    assert_eq!(perft(&pos, 1), 90);
    assert_eq!(perft(&pos, 2), 8_094);
    assert_eq!(perft(&pos, 3), 735_480);
}

/// Perft that plays every move `legal` lists, leaves included (no bulk counting).
fn perft_played(pos: &Dragonchess, depth: u32, legal: fn(&Dragonchess) -> Vec<Move>) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal(pos)
        .iter()
        .map(|mv| perft_played(&pos.play(mv), depth - 1, legal))
        .sum()
}

/// CPU seconds this thread has used (Linux), so figures on a busy machine mean something.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn measure(label: &str, nodes_of: impl FnOnce() -> u64) -> u64 {
    let (wall, cpu) = (std::time::Instant::now(), thread_cpu_seconds());
    let nodes = nodes_of();
    let wall = wall.elapsed().as_secs_f64();
    let cpu = cpu.zip(thread_cpu_seconds()).map(|(a, b)| b - a);
    eprintln!(
        "{label}: {nodes} in {wall:.2}s wall ({:.1} M/s), {} CPU",
        nodes as f64 / wall / 1e6,
        cpu.map_or("?".to_string(), |c| format!(
            "{c:.2}s ({:.1} M/s)",
            nodes as f64 / c / 1e6
        ))
    );
    nodes
}

#[test]
fn start_perft_depth_4_and_speed() {
    if !crate::core::deep_tests() {
        return;
    }
    let pos = Dragonchess::start();
    let nodes = measure("perft 4, last ply bulk-counted", || perft(&pos, 4));
    assert_eq!(nodes, 66_769_718);
    let played = measure("perft 4, every leaf played", || {
        perft_played(&pos, 4, legal)
    });
    assert_eq!(played, nodes);
    // Same count from the brute-force generator (legality by play + attack test, no shortcuts).
    assert_eq!(nodes, brute_perft(&pos, 4));
}

// ---------------------------------------------------------------- the seed's worked examples

#[test]
fn sylph_at_3c4() {
    let quiet = setup(&["K2a1", "k2l8", "S3c4"], 'g');
    assert_eq!(targets(&quiet, "3c4"), sorted(&["3b5", "3d5"]));
    let pos = setup(&["K2a1", "k2l8", "S3c4", "s3c5", "w2c4"], 'g');
    assert_eq!(targets(&pos, "3c4"), sorted(&["3b5", "3d5", "3c5", "2c4"]));
    // After capturing at 2c4 it may go back to 3c4 or to any empty Gold Sylph start square.
    let pos = play(&pos, "S3c4x2c4");
    let pos = play(&pos, "K2l8-2k8");
    assert_eq!(
        targets(&pos, "2c4"),
        sorted(&["3c4", "3a2", "3c2", "3e2", "3g2", "3i2", "3k2"])
    );
    // An occupied start square is not available; a Sylph cannot capture upward.
    let pos = setup(&["K2a1", "k2l8", "S2c4", "s3c4", "G3e2"], 'g');
    assert_eq!(
        targets(&pos, "2c4"),
        sorted(&["3a2", "3c2", "3g2", "3i2", "3k2"])
    );
}

#[test]
fn sylph_start_square_above_counts_once() {
    let pos = setup(&["K2l1", "k2l8", "S2c2"], 'g');
    assert_eq!(
        targets(&pos, "2c2"),
        sorted(&["3a2", "3c2", "3e2", "3g2", "3i2", "3k2"])
    );
}

#[test]
fn scarlet_sylph_returns_to_its_own_start_squares() {
    let pos = setup(&["K2l1", "k2l8", "s2d5"], 's');
    assert_eq!(
        targets(&pos, "2d5"),
        sorted(&["3d5", "3a7", "3c7", "3e7", "3g7", "3i7", "3k7"])
    );
}

#[test]
fn sylph_on_the_last_rank_keeps_only_the_downward_capture() {
    let pos = setup(&["K2a1", "k2l8", "S3e8", "w2e8"], 'g');
    assert_eq!(targets(&pos, "3e8"), sorted(&["2e8"]));
    let pos = setup(&["K2a1", "k2l8", "S3e8"], 'g');
    assert!(targets(&pos, "3e8").is_empty());
}

#[test]
fn griffon_at_3d4_and_at_2e5() {
    let pos = setup(&["K2l1", "k2l8", "G3d4"], 'g');
    assert_eq!(
        targets(&pos, "3d4"),
        sorted(&[
            "3a2", "3b1", "3f1", "3g2", "3g6", "3f7", "3b7", "3a6", "2c5", "2c3", "2e3", "2e5"
        ])
    );
    let pos = setup(&["K2l1", "k2l8", "G2e5"], 'g');
    assert_eq!(
        targets(&pos, "2e5"),
        sorted(&["2f6", "2f4", "2d4", "2d6", "3f6", "3f4", "3d4", "3d6"])
    );
    // Leaps are not blocked; only own pieces stop them.
    let pos = setup(
        &[
            "K2l1", "k2l8", "G3d4", "S3d5", "S3e5", "S3e4", "w2c5", "W2c3",
        ],
        'g',
    );
    let t = targets(&pos, "3d4");
    assert!(t.contains(&"3g6".to_string()) && t.contains(&"2c5".to_string()));
    assert!(!t.contains(&"2c3".to_string()));
}

#[test]
fn dragon_at_3c4_has_five_remote_targets_and_stays() {
    let pos = setup(
        &[
            "K2l1", "k2l8", "R3c4", "w2c4", "w2c5", "w2d4", "w2c3", "w2b4", "w2d5", "w2c6",
        ],
        'g',
    );
    let mut remote: Vec<String> = legal(&pos)
        .into_iter()
        .filter(|m| m.is_remote())
        .map(|m| square_name(m.to()))
        .collect();
    remote.sort();
    assert_eq!(remote, sorted(&["2c4", "2c5", "2d4", "2c3", "2b4"]));
    // Only remote captures reach the middle board; the Dragon never moves down.
    assert!(legal(&pos)
        .iter()
        .filter(|m| m.from() == sq("3c4"))
        .all(|m| m.is_remote() || level(m.to()) == UPPER));
    let after = play(&pos, "Dr3c4:2c4");
    assert_eq!(
        after.piece_at(sq("3c4")),
        Some((Color::White, Kind::Dragon))
    );
    assert_eq!(after.piece_at(sq("2c4")), None);
    assert_eq!(after.halfmove_clock(), 0);
    // King + bishop on the upper board.
    let pos = setup(&["K2l1", "k2l8", "R3c4"], 'g');
    assert_eq!(
        targets(&pos, "3c4"),
        sorted(&[
            "3b4", "3d4", "3c3", "3c5", "3b3", "3a2", "3d3", "3e2", "3f1", "3b5", "3a6", "3d5",
            "3e6", "3f7", "3g8"
        ])
    );
}

#[test]
fn warrior_moves_captures_and_promotes_to_hero_only() {
    let pos = setup(&["K2l1", "k2l8", "W2c2", "w2b3", "w2d3"], 'g');
    assert_eq!(targets(&pos, "2c2"), sorted(&["2b3", "2c3", "2d3"]));
    let pos = setup(&["K2l1", "k2l8", "W2c2", "w2c3"], 'g');
    assert!(targets(&pos, "2c2").is_empty());
    let pos = setup(&["K2l1", "k2l6", "W2c7", "o2d8"], 'g');
    let texts: Vec<String> = legal(&pos)
        .iter()
        .filter(|m| m.from() == sq("2c7"))
        .map(|m| pos.move_to_human(m))
        .collect();
    assert_eq!(texts.len(), 2);
    assert!(texts.contains(&"W2c7-2c8=H".to_string()));
    assert!(texts.contains(&"W2c7x2d8=H".to_string()));
    let promoted = play(&pos, "2c72c8h");
    assert_eq!(
        promoted.piece_at(sq("2c8")),
        Some((Color::White, Kind::Hero))
    );
    let promoted = play(&pos, "W2c7x2d8=H");
    assert_eq!(
        promoted.piece_at(sq("2d8")),
        Some((Color::White, Kind::Hero))
    );
    // Scarlet promotes on rank 1.
    let pos = setup(&["K2l8", "k2a8", "w2e2"], 's');
    assert!(play(&pos, "2e22e1").piece_at(sq("2e1")) == Some((Color::Black, Kind::Hero)));
}

#[test]
fn oliphant_unicorn_and_thief_stay_on_the_middle_board() {
    let pos = setup(&["K2l1", "k2l8", "O2a1", "U2b1", "T2d1"], 'g');
    assert_eq!(targets(&pos, "2a1").len(), 7); // a2..a8; b1 is own
    assert_eq!(targets(&pos, "2b1"), sorted(&["2a3", "2c3", "2d2"]));
    assert_eq!(
        targets(&pos, "2d1"),
        sorted(&["2c2", "2b3", "2a4", "2e2", "2f3", "2g4", "2h5", "2i6", "2j7", "2k8"])
    );
    // Such pieces placed on another board by a position string simply have no moves.
    let pos = setup(&["K2l1", "k2l8", "O3a1", "U1b1", "T3d1", "W1e4"], 'g');
    for from in ["3a1", "1b1", "3d1", "1e4"] {
        assert!(targets(&pos, from).is_empty(), "{from}");
    }
}

#[test]
fn hero_on_the_middle_board_and_returning_from_the_outer_boards() {
    let pos = setup(&["K2l1", "k2l8", "H2e4"], 'g');
    assert_eq!(
        targets(&pos, "2e4"),
        sorted(&[
            "2d5", "2f5", "2d3", "2f3", "2c6", "2g6", "2c2", "2g2", "3d5", "3f5", "3d3", "3f3",
            "1d5", "1f5", "1d3", "1f3"
        ])
    );
    // Ruling 2.5 Q3: from U or L only back to the four diagonal squares of the middle board.
    let pos = setup(&["K2l1", "k2l8", "H3e4", "w2d5"], 'g');
    assert_eq!(targets(&pos, "3e4"), sorted(&["2d5", "2f5", "2d3", "2f3"]));
    let pos = setup(&["K2l1", "k2l8", "H1a1"], 'g');
    assert_eq!(targets(&pos, "1a1"), sorted(&["2b2"]));
}

#[test]
fn cleric_moves_like_a_king_on_every_board_and_one_board_up_or_down() {
    let pos = setup(&["K2l1", "k2l8", "C3e4"], 'g');
    assert_eq!(targets(&pos, "3e4").len(), 9);
    assert!(targets(&pos, "3e4").contains(&"2e4".to_string()));
    let pos = setup(&["K2l1", "k2l8", "C2e4"], 'g');
    assert_eq!(targets(&pos, "2e4").len(), 10);
    let pos = setup(&["K2l1", "k2l8", "C1a1"], 'g');
    assert_eq!(targets(&pos, "1a1"), sorted(&["1a2", "1b1", "1b2", "2a1"]));
}

#[test]
fn mage_2c4_up_to_3c4_then_down_two_boards_to_1c4() {
    let pos = setup(&["K2l1", "k2l8", "M2c4"], 'g');
    let pos = play(&pos, "2c43c4");
    let pos = play(&pos, "2l82k8");
    assert!(targets(&pos, "3c4").contains(&"1c4".to_string()));
    let pos = play(&pos, "M3c4-1c4");
    assert_eq!(pos.piece_at(sq("1c4")), Some((Color::White, Kind::Mage)));
    let pos = play(&pos, "2k82l8");
    // On the lower board: one orthogonal step (the seed's 1c5, 1d4, 1c3, 1b4), or straight up.
    assert_eq!(
        targets(&pos, "1c4"),
        sorted(&["1c5", "1d4", "1c3", "1b4", "2c4", "3c4"])
    );
    // The middle square in between blocks the two-board move; the step may capture (ruling Q4).
    let pos = setup(&["K2l1", "k2l8", "M1c4", "W2c4", "d1c5"], 'g');
    assert_eq!(targets(&pos, "1c4"), sorted(&["1c5", "1d4", "1c3", "1b4"]));
    // On the middle board a queen.
    let pos = setup(&["K2l1", "k2l8", "M2a1"], 'g');
    assert_eq!(targets(&pos, "2a1").len(), 7 + 10 + 7 + 2);
}

#[test]
fn king_leaves_an_outer_board_only_straight_back() {
    let pos = setup(&["K3g1", "k2l8", "s3f2"], 'g');
    assert_eq!(targets(&pos, "3g1"), sorted(&["2g1"]));
    // Ruling 2.6.7: it captures when it drops back onto an enemy.
    let pos = setup(&["K1g1", "k2l8", "o2g1"], 'g');
    assert_eq!(targets(&pos, "1g1"), sorted(&["2g1"]));
    assert!(pos.parse_move("K1g1x2g1").is_ok());
    let pos = setup(&["K2e4", "k2l8"], 'g');
    assert_eq!(targets(&pos, "2e4").len(), 10);
}

#[test]
fn paladin_at_3c4() {
    let pos = setup(&["K2l1", "k2l8", "P3c4"], 'g');
    assert_eq!(
        targets(&pos, "3c4"),
        sorted(&[
            "2c6", "2e4", "2c2", "2a4", "1c5", "1d4", "1c3", "1b4", "3b3", "3b4", "3b5", "3c3",
            "3c5", "3d3", "3d4", "3d5"
        ])
    );
    // On the middle board: king + knight + the board-changing leaps.
    let pos = setup(&["K2l1", "k2l8", "P2f4"], 'g');
    assert_eq!(targets(&pos, "2f4").len(), 8 + 8 + 8);
}

#[test]
fn dwarf_moves() {
    let pos = setup(&["K2l1", "k2l8", "D1e2", "d1d3", "w2e2"], 'g');
    assert_eq!(
        targets(&pos, "1e2"),
        sorted(&["1e3", "1d2", "1f2", "1d3", "2e2"])
    );
    let pos = setup(&["K2l1", "k2l8", "D2e4", "w2f5"], 'g');
    assert_eq!(
        targets(&pos, "2e4"),
        sorted(&["2e5", "2d4", "2f4", "2f5", "1e4"])
    );
    // No house rule at the far edge: only sideways (ruling 2.5 Q9).
    let pos = setup(&["K2a1", "k2l8", "D1e8"], 'g');
    assert_eq!(targets(&pos, "1e8"), sorted(&["1d8", "1f8"]));
    // Scarlet Dwarves move toward rank 1.
    let pos = setup(&["K2l1", "k2l8", "d1e7"], 's');
    assert_eq!(targets(&pos, "1e7"), sorted(&["1e6", "1d7", "1f7"]));
}

#[test]
fn basilisk_moves() {
    let pos = setup(&["K2l1", "k2l8", "B1e4", "d1f5", "D1d5"], 'g');
    assert_eq!(targets(&pos, "1e4"), sorted(&["1e5", "1f5", "1e3"]));
    let pos = setup(&["K2l1", "k2l8", "B1e4", "d1e3"], 'g');
    assert!(!targets(&pos, "1e4").contains(&"1e3".to_string()));
}

#[test]
fn elemental_moves_and_captures_up_and_back_down() {
    let pos = setup(&["K2l1", "k2l8", "E1e4"], 'g');
    assert_eq!(
        targets(&pos, "1e4"),
        sorted(&[
            "1e5", "1e3", "1d4", "1f4", "1e6", "1e2", "1c4", "1g4", "1d5", "1f5", "1d3", "1f3"
        ])
    );
    // Upward capture needs the intermediate lower square empty; diagonal steps never capture.
    let pos = setup(
        &[
            "K2l1", "k2l8", "E1e4", "w2e5", "w2d4", "D1d4", "d1d5", "w2e4",
        ],
        'g',
    );
    let t = targets(&pos, "1e4");
    assert!(t.contains(&"2e5".to_string()));
    assert!(!t.contains(&"2d4".to_string()));
    assert!(!t.contains(&"1d5".to_string()));
    assert!(!t.contains(&"1c4".to_string()));
    assert!(!t.contains(&"2e4".to_string()), "never straight up");
    let pos = play(&pos, "E1e4x2e5");
    assert_eq!(
        pos.piece_at(sq("2e5")),
        Some((Color::White, Kind::Elemental))
    );
    // From the middle board: down, then one orthogonal step, move or capture.
    let pos = setup(&["K2l1", "k2l8", "E2e5", "d1e6", "D1d5"], 'g');
    assert_eq!(targets(&pos, "2e5"), sorted(&["1e6", "1e4", "1f5"]));
    let pos = setup(&["K2l1", "k2l8", "E2e5", "d1e5"], 'g');
    assert!(targets(&pos, "2e5").is_empty());
}

// ---------------------------------------------------------------- freezing

#[test]
fn a_frozen_piece_neither_moves_nor_gives_check() {
    let pos = setup(&["K2l1", "k2e8", "O2e4", "b1e4"], 'g');
    assert!(pos.is_frozen(sq("2e4")));
    assert!(targets(&pos, "2e4").is_empty());
    let scarlet = setup(&["K2l1", "k2e8", "O2e4", "b1e4"], 's');
    assert!(!scarlet.in_check());
    // Unfreezing when the Basilisk moves away.
    let scarlet = setup(&["K2l1", "k2a8", "O2e4", "b1e4"], 's');
    let moved = play(&scarlet, "B1e4-1e3");
    assert!(!moved.is_frozen(sq("2e4")));
    assert!(targets(&moved, "2e4").contains(&"2e8".to_string()));
    assert!(moved.parse_move("O2e4-2a4").is_ok());
    // A Basilisk freezes only enemies.
    let own = setup(&["K2l1", "k2e8", "O2e4", "B1e4"], 'g');
    assert!(!own.is_frozen(sq("2e4")));
    assert!(!targets(&own, "2e4").is_empty());
}

#[test]
fn unfreezing_an_attacker_of_ones_own_king_is_illegal() {
    // Ruling 2.6.1: the Gold Basilisk under the Scarlet Oliphant cannot leave.
    let pos = setup(&["K2e1", "k2l8", "B1e6", "o2e6"], 'g');
    assert!(targets(&pos, "1e6").is_empty());
    assert_eq!(perft(&pos, 1), 7);
}

#[test]
fn a_king_may_step_above_a_basilisk_and_is_frozen_there() {
    let pos = setup(&["K2e4", "k2l8", "b1e5", "W2a2"], 'g');
    let pos = play(&pos, "K2e4-2e5");
    assert!(pos.is_frozen(sq("2e5")));
    let pos = play(&pos, "K2l8-2l7");
    assert!(targets(&pos, "2e5").is_empty());
    // A lone frozen King that is not in check is stalemated (ruling 2.6.8).
    let lone = setup(&["K2a1", "b1a1", "k2l8"], 'g');
    assert_eq!(perft(&lone, 1), 0);
    assert_eq!(lone.ending(&[]).unwrap().result, GameResult::Draw);
    assert_eq!(lone.ending(&[]).unwrap().reason, "stalemate");
}

#[test]
fn a_frozen_king_does_not_attack() {
    let pos = setup(&["K2e4", "b1e4", "k2e6", "W2a2"], 's');
    assert!(targets(&pos, "2e6").contains(&"2e5".to_string()));
    let unfrozen = setup(&["K2e4", "k2e6", "W2a2"], 's');
    assert!(!targets(&unfrozen, "2e6").contains(&"2e5".to_string()));
}

// ---------------------------------------------------------------- check through the levels

/// Gold to move with the King on `king` and the given Scarlet pieces: is Gold in check?
fn gold_checked(king: &str, scarlet: &[&str]) -> bool {
    let mut pieces = vec![king.to_string(), "k2l8".to_string()];
    pieces.extend(scarlet.iter().map(|s| s.to_string()));
    let refs: Vec<&str> = pieces.iter().map(|s| s.as_str()).collect();
    setup(&refs, 'g').in_check()
}

#[test]
fn check_through_every_level_changing_attack() {
    // Dragon remote capture: the square below and its orthogonal neighbours.
    assert!(gold_checked("K2f4", &["r3f4"]));
    assert!(gold_checked("K2f4", &["r3f5"]));
    assert!(!gold_checked("K2f4", &["r3g5"]));
    // Sylph capturing downward.
    assert!(gold_checked("K2f4", &["s3f4"]));
    assert!(!gold_checked("K2f4", &["s3f5"]));
    // Dwarf capturing upward.
    assert!(gold_checked("K2f4", &["d1f4"]));
    // Elemental capturing upward over an empty lower square.
    assert!(gold_checked("K2f4", &["e1f5"]));
    assert!(!gold_checked("K2f4", &["e1f5", "D1f4"]));
    // Elemental returning down then stepping onto a King on the lower board.
    assert!(gold_checked("K1f4", &["e2f5"]));
    assert!(!gold_checked("K1f4", &["e2f5", "D1f5"]));
    // Mage one board up or down, and two boards unless the middle square is occupied.
    assert!(gold_checked("K2f4", &["m3f4"]));
    assert!(gold_checked("K2f4", &["m1f4"]));
    assert!(gold_checked("K1f4", &["m3f4"]));
    assert!(gold_checked("K3f4", &["m1f4"]));
    assert!(!gold_checked("K1f4", &["m3f4", "W2f4"]));
    // Cleric and King straight up/down.
    assert!(gold_checked("K2f4", &["c3f4"]));
    assert!(gold_checked("K3f4", &["c2f4"]));
    assert!(gold_checked("K2f4", &["c1f4"]));
    assert!(gold_checked("K1f4", &["c2f4"]));
    // Hero and Griffon on the diagonal of the square above/below.
    assert!(gold_checked("K2f4", &["h3e5"]));
    assert!(gold_checked("K2f4", &["h1g3"]));
    assert!(gold_checked("K3f4", &["h2e5"]));
    assert!(gold_checked("K1f4", &["h2g3"]));
    assert!(gold_checked("K2f4", &["g3e3"]));
    assert!(gold_checked("K3f4", &["g2e5"]));
    assert!(!gold_checked("K1f4", &["g2e5"]));
    // Paladin's board-changing knight leaps.
    assert!(gold_checked("K2f4", &["p3f6"]));
    assert!(gold_checked("K2f4", &["p1h4"]));
    assert!(gold_checked("K1f4", &["p3f5"]));
    assert!(gold_checked("K3f4", &["p1e4"]));
    assert!(!gold_checked("K2f4", &["p3f5"]));
    // A frozen attacker gives no check.
    assert!(!gold_checked("K2f4", &["c2f5", "B1f5"]));
    assert!(gold_checked("K2f4", &["c2f5"]));
}

#[test]
fn the_enemy_king_vertical_attack_counts() {
    let pos = setup(&["K2f4", "k3f4"], 'g');
    assert!(pos.in_check());
    let pos = setup(&["K2f4", "k1f4"], 'g');
    assert!(pos.in_check());
}

#[test]
fn pins_along_every_blockable_line() {
    // Elemental capturing upward through the lower square below the King.
    let pos = setup(&["K2e4", "D1e4", "k2l8", "e1d4"], 'g');
    assert!(!pos.in_check());
    assert!(targets(&pos, "1e4").is_empty());
    // Mage two boards up through the middle square below a King on the upper board.
    let pos = setup(&["K3e4", "W2e4", "k2l8", "m1e4"], 'g');
    assert!(targets(&pos, "2e4").is_empty());
    // Mage two boards down onto a King on the lower board: only capturing it helps.
    let pos = setup(&["K1e4", "C2e4", "k2l8", "m3e4"], 'g');
    assert_eq!(targets(&pos, "2e4"), sorted(&["3e4"]));
    // Elemental's two-step on the lower board.
    let pos = setup(&["K1e4", "D1f4", "k2l8", "e1g4"], 'g');
    assert!(targets(&pos, "1f4").is_empty());
    // Elemental returning from the middle board through the lower square beside the King.
    let pos = setup(&["K1e4", "D1f4", "k2l8", "e2f4"], 'g');
    assert_eq!(targets(&pos, "1f4"), sorted(&["2f4"]));
    // Dragon's diagonal slide on the upper board.
    let pos = setup(&["K3b2", "G3c3", "k2l8", "r3e5"], 'g');
    assert!(targets(&pos, "3c3").is_empty());
    // Rook line on the middle board.
    let pos = setup(&["K2e1", "T2e2", "k2l8", "o2e8"], 'g');
    assert!(targets(&pos, "2e2").is_empty());
}

#[test]
fn a_remote_capture_may_not_expose_ones_own_king() {
    let pos = setup(&["K2a4", "k2l8", "R3c4", "w2b4", "o2e4"], 'g');
    assert!(matches!(
        pos.parse_move("Dr3c4:2b4"),
        Err(MoveError::Illegal { .. })
    ));
    // Without the Oliphant behind, the same capture is legal.
    let pos = setup(&["K2a4", "k2l8", "R3c4", "w2b4"], 'g');
    assert!(pos.parse_move("Dr3c4:2b4").is_ok());
}

#[test]
fn mate_and_its_name() {
    let pos = setup(&["K2a1", "G3a1", "D1a1", "k2l8", "o2a8", "o2b8"], 'g');
    assert!(pos.in_check());
    assert_eq!(perft(&pos, 1), 0);
    let end = pos.ending(&[]).unwrap();
    assert_eq!(end.result, GameResult::BlackWins);
    assert_eq!(end.reason, "Scarlet mates");
    // Remove the own Griffon above: the King escapes upward.
    let pos = setup(&["K2a1", "D1a1", "k2l8", "o2a8", "o2b8"], 'g');
    assert_eq!(targets(&pos, "2a1"), sorted(&["3a1"]));
    assert!(pos.ending(&[]).is_none());
}

#[test]
fn the_dragon_mates_in_two_when_gold_lets_its_dragon_wander() {
    // Once the Gold Dragon leaves 3g1, a Scarlet Dragon on 3g2 checks 2g1 by remote capture,
    // covers 3g1 by its step, and nothing of Gold's reaches 3g2.
    let mut pos = Dragonchess::start();
    for text in ["Dr3g1x3a7", "Dr3g8-3j5", "Dr3a7:2a8", "Dr3j5x3g2"] {
        pos = play(&pos, text);
    }
    assert!(pos.in_check());
    let end = pos.ending(&[]).unwrap();
    assert_eq!(
        (end.result, end.reason.as_str()),
        (GameResult::BlackWins, "Scarlet mates")
    );
}

#[test]
fn draws_by_repetition_and_the_100_ply_rule() {
    let pos = setup(&["K2a1", "k2l8", "O2e4"], 'g');
    let mut history = Vec::new();
    let mut cur = pos.clone();
    for text in ["2e42e5", "2l82l7", "2e52e4", "2l72l8"]
        .iter()
        .cycle()
        .take(8)
    {
        history.push(cur.key());
        cur = play(&cur, text);
    }
    assert_eq!(cur.key(), pos.key());
    assert_eq!(cur.ending(&history).unwrap().reason, "threefold repetition");
    assert!(cur.ending(&history[..4]).is_none());
    let old = Dragonchess::parse(
        "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K3O7|12/12/12/12/12/12/12/12 g 100 80",
    )
    .unwrap();
    assert_eq!(old.ending(&[]).unwrap().result, GameResult::Draw);
}

#[test]
fn halfmove_clock_resets_on_captures_and_on_warrior_dwarf_sylph_moves() {
    let pos = Dragonchess::parse(
        "12/12/12/12/12/12/S11/12|11k/12/12/12/12/12/W11/K3O7|12/12/12/12/12/12/1D10/12 g 7 1",
    )
    .unwrap();
    assert_eq!(play(&pos, "2e12e2").halfmove_clock(), 8);
    assert_eq!(play(&pos, "2a22a3").halfmove_clock(), 0);
    assert_eq!(play(&pos, "1b21b3").halfmove_clock(), 0);
    assert_eq!(play(&pos, "3a23b3").halfmove_clock(), 0);
    assert_eq!(play(&pos, "2e12e2").fullmove_number(), 1);
    assert_eq!(play(&play(&pos, "2e12e2"), "2l82l7").fullmove_number(), 2);
}

// ---------------------------------------------------------------- text forms

#[test]
fn wire_and_human_forms() {
    let pos = Dragonchess::start();
    let mv = pos.parse_move("2c22c3").unwrap();
    assert_eq!(pos.move_to_wire(&mv), "2c22c3");
    assert_eq!(pos.move_to_human(&mv), "W2c2-2c3");
    assert_eq!(pos.parse_move("W2c2-2c3"), Ok(mv));
    let dr = pos.parse_move("Dr3g1x3a7").unwrap();
    assert_eq!(pos.move_to_wire(&dr), "3g13a7");
    let remote = setup(&["K2l1", "k2l8", "R3c4", "w2c4"], 'g');
    let mv = remote.parse_move("3c42c4").unwrap();
    assert!(mv.is_remote());
    assert_eq!(remote.move_to_human(&mv), "Dr3c4:2c4");
    assert_eq!(remote.parse_move("3c4:2c4"), Ok(mv));
    assert_eq!(remote.parse_move("Dr3c4:2c4"), Ok(mv));
    assert!(remote.parse_move("Dr3c4x2c4").is_err());
    assert!(remote.parse_move("D3c4:2c4").is_err());
}

#[test]
fn garbage_move_texts_are_errors() {
    let pos = Dragonchess::start();
    for text in [
        "",
        " ",
        "x",
        "2c2",
        "2c22c",
        "4c22c3",
        "2m22m3",
        "2c92c3",
        "2c22c3q",
        "Q2c2-2c3",
        "W2c2+2c3",
        "2c22c3=H",
        "W2c2x2c3",
        "2c22c5",
        "3c12c3",
        "1b21b3x",
        "ééé",
        "2c2\u{0}2c3",
        "Dr2c2-2c3",
        "W2c2-2c3=Q",
        "K2g1-2g2",
    ] {
        assert!(pos.parse_move(text).is_err(), "{text:?} should not parse");
    }
}

#[test]
fn garbage_position_strings_name_the_field() {
    let cases: [(&str, &str); 12] = [
        ("", "boards"),
        ("12/12", "boards"),
        ("12/12|12|12 g 0 1", "upper board"),
        (
            "12/12/12/12/12/12/12/12|12/12/12/12/12/12/12/X11|12/12/12/12/12/12/12/12 g 0 1",
            "middle board",
        ),
        (
            "12/12/12/12/12/12/12/12|12/12/12/12/12/12/12/K12|12/12/12/12/12/12/12/12 g 0 1",
            "middle board",
        ),
        (
            "12/12/12/12/12/12/12/12|12/12/12/12/12/12/12/K10|12/12/12/12/12/12/12/12 g 0 1",
            "middle board",
        ),
        (
            "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/0d12 g 0 1",
            "lower board",
        ),
        (
            "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 w 0 1",
            "side to move",
        ),
        (
            "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g x 1",
            "halfmove clock",
        ),
        (
            "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g 0 0",
            "fullmove number",
        ),
        (
            "12/12/12/12/12/12/12/12|12/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g 0 1",
            "kings",
        ),
        (
            "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g 0 1 9",
            "trailing text",
        ),
    ];
    for (text, field) in cases {
        let err = Dragonchess::parse(text).unwrap_err();
        assert_eq!(err.field, field, "{text}: {err}");
    }
    let huge_run = "12/12/12/12/12/12/12/99999999999999999999999999|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g 0 1";
    assert_eq!(
        Dragonchess::parse(huge_run).unwrap_err().field,
        "upper board"
    );
    let counters = Dragonchess::parse(
        "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K3O7|12/12/12/12/12/12/12/12 s 4294967295 4294967295",
    )
    .unwrap();
    let after = counters.play(&counters.parse_move("2l82l7").unwrap());
    assert_eq!(after.halfmove_clock(), u32::MAX);
    let crowded = format!(
        "{}|11k/12/12/12/12/12/{}/K11|12/12/12/12/12/12/12/12 g 0 1",
        ["CCCCCCCCCCCC"; 8].join("/"),
        "MMMMMMMMMMMM"
    );
    assert_eq!(
        Dragonchess::parse(&crowded).unwrap_err().field,
        "piece count"
    );
    assert_eq!(
        Dragonchess::from_position_string("chess", Dragonchess::START)
            .unwrap_err()
            .field,
        "variant"
    );
}

#[test]
fn board_text_shows_all_three_levels() {
    let text = setup(&["K2e4", "b1e4", "k2l8", "R3g1"], 'g').board_text();
    assert!(text.contains("upper board (3)"));
    assert!(text.contains("middle board (2)"));
    assert!(text.contains("lower board (1)"));
    assert!(text.contains("K*"), "frozen King marked:\n{text}");
    assert_eq!(text.lines().count(), 1 + 8 + 1 + 3);
    assert!(Dragonchess::start().cecp_setup().is_none());
}

#[test]
fn one_piece_never_has_more_than_35_moves() {
    // With at most 42 pieces a side this keeps every move list within `Moves`' capacity.
    let mut most = 0;
    for kind in Kind::ALL {
        for from in 0..SQUARES {
            for fill in 0..4 {
                let mut board = [EMPTY; SQUARES];
                for (s, q) in board.iter_mut().enumerate() {
                    let enemy = match fill {
                        0 => false,
                        1 => true,
                        2 => level(s) == level(from),
                        _ => level(s) != level(from),
                    };
                    if enemy && s != from {
                        *q = code(Color::Black, Kind::Warrior);
                    }
                }
                let piece = code(Color::White, kind);
                board[from] = piece;
                let mut n = 0;
                gen_piece(&board, from, piece, &mut |_| n += 1);
                most = most.max(n);
            }
        }
    }
    assert_eq!(most, 34, "a Mage in the middle of the middle board");
    assert!(35 * MAX_PIECES_PER_SIDE <= Moves::new().capacity());
}

// ---------------------------------------------------------------- random play: round trips, cross-checks

/// Positions along random games from the start, preferring captures and board changes so that
/// pieces reach foreign levels.
fn random_positions(games: usize, plies: usize, seed: u64) -> Vec<Dragonchess> {
    let mut rng = Xorshift(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Dragonchess::start();
        for _ in 0..plies {
            let moves = legal(&pos);
            if moves.is_empty() {
                break;
            }
            let lively: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.is_capture() || level(m.from()) != level(m.to()))
                .collect();
            let mv = if !lively.is_empty() && rng.below(3) > 0 {
                lively[rng.below(lively.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos = pos.play(&mv);
            out.push(pos.clone());
        }
    }
    out
}

/// Every pseudo-legal move, kept when the mover's King is not attacked after `play`.
fn brute_legal(pos: &Dragonchess) -> Vec<Move> {
    let us = pos.side_to_move();
    let mut out = Vec::new();
    for s in 0..SQUARES {
        let p = pos.board[s];
        if p == EMPTY || color_of(p) != us || pos.is_frozen(s) {
            continue;
        }
        gen_piece(&pos.board, s, p, &mut |mv| {
            let next = pos.play(&mv);
            if !next.attacked_by(next.king_square(us), !us) {
                out.push(mv);
            }
        });
    }
    out
}

fn brute_perft(pos: &Dragonchess, depth: u32) -> u64 {
    perft_played(pos, depth, brute_legal)
}

/// The reverse attack test agrees with the forward generator on every occupied square.
fn check_attacks_agree(pos: &Dragonchess) {
    for by in Color::ALL {
        let mut hit = [false; SQUARES];
        for s in 0..SQUARES {
            let p = pos.board[s];
            if p != EMPTY && color_of(p) == by && !pos.is_frozen(s) {
                gen_piece(&pos.board, s, p, &mut |mv| {
                    if mv.is_capture() {
                        hit[mv.to()] = true;
                    }
                });
            }
        }
        for (s, &hit) in hit.iter().enumerate() {
            if pos.piece_at(s).is_some_and(|(c, _)| c != by) {
                assert_eq!(
                    pos.attacked_by(s, by),
                    hit,
                    "{} attacked by {by:?} in {}",
                    square_name(s),
                    pos.position_string()
                );
            }
        }
    }
}

#[test]
fn random_play_cross_checks() {
    let positions = random_positions(12, 160, 0x2545_F491_4F6C_DD1D);
    let mut foreign = 0;
    let mut frozen = 0;
    for pos in &positions {
        // Legal moves: the filtered generator equals the brute-force one.
        let mut fast = legal(pos);
        let mut slow = brute_legal(pos);
        fast.sort_by_key(|m| m.0);
        slow.sort_by_key(|m| m.0);
        assert_eq!(fast, slow, "{}", pos.position_string());
        check_attacks_agree(pos);
        let mut plain: Vec<(usize, usize, bool)> = fast
            .iter()
            .map(|m| (m.from(), m.to(), m.is_remote()))
            .collect();
        let mut reference = super::reference::legal_moves(pos);
        plain.sort();
        reference.sort();
        assert_eq!(plain, reference, "{}", pos.position_string());
        // Text round trips.
        let text = pos.position_string();
        let back = Dragonchess::parse(&text).unwrap();
        assert_eq!(&back, pos);
        assert_eq!(back.key(), pos.key(), "incremental key = fresh key");
        let mut wires = std::collections::HashSet::new();
        for mv in &fast {
            let wire = pos.move_to_wire(mv);
            assert_eq!(pos.parse_move(&wire), Ok(*mv), "{wire}");
            let human = pos.move_to_human(mv);
            assert_eq!(pos.parse_move(&human), Ok(*mv), "{human}");
            assert!(wires.insert(wire));
        }
        foreign += (0..SQUARES)
            .filter(|&s| match pos.piece_at(s) {
                Some((_, k)) => {
                    let home = match k {
                        Kind::Sylph | Kind::Griffon | Kind::Dragon => UPPER,
                        Kind::Dwarf | Kind::Basilisk | Kind::Elemental => LOWER,
                        _ => MIDDLE,
                    };
                    level(s) != home
                }
                None => false,
            })
            .count();
        frozen += (0..SQUARES).filter(|&s| pos.is_frozen(s)).count();
    }
    assert!(
        foreign > 100,
        "random play reached foreign levels only {foreign} times"
    );
    assert!(frozen > 10, "random play froze only {frozen} pieces");
}

/// Pieces of any kind scattered over all levels: shapes random games rarely reach.
#[test]
fn random_placements_agree_with_the_reference_generator() {
    let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
    let kinds: Vec<Kind> = Kind::ALL.into_iter().filter(|&k| k != Kind::King).collect();
    for _ in 0..400 {
        let mut board = [EMPTY; SQUARES];
        let mut free: Vec<usize> = (0..SQUARES).collect();
        let take =
            |free: &mut Vec<usize>, rng: &mut Xorshift| free.swap_remove(rng.below(free.len()));
        let gold_king = take(&mut free, &mut rng);
        let scarlet_king = take(&mut free, &mut rng);
        board[gold_king] = code(Color::White, Kind::King);
        board[scarlet_king] = code(Color::Black, Kind::King);
        for _ in 0..(10 + rng.below(30)) {
            // Half the pieces crowd a King, where pins and discovered attacks happen.
            let king = [gold_king, scarlet_king][rng.below(2)];
            let near = shift(
                king,
                rng.below(3) as i32 - 1,
                rng.below(5) as i32 - 2,
                rng.below(5) as i32 - 2,
            )
            .filter(|s| board[*s] == EMPTY && rng.below(2) == 0);
            let s = match near {
                Some(s) => {
                    free.retain(|&f| f != s);
                    s
                }
                None => take(&mut free, &mut rng),
            };
            let color = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            board[s] = code(color, kinds[rng.below(kinds.len())]);
        }
        let mut pos = Dragonchess::start();
        pos.board = board;
        pos.kings = [gold_king as u16, scarlet_king as u16];
        pos.side = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let pos = Dragonchess::read_placement(&pos.position_string()).unwrap();
        check_attacks_agree(&pos);
        let mut fast: Vec<(usize, usize, bool)> = legal(&pos)
            .iter()
            .map(|m| (m.from(), m.to(), m.is_remote()))
            .collect();
        let mut reference = super::reference::legal_moves(&pos);
        fast.sort();
        reference.sort();
        assert_eq!(fast, reference, "{}", pos.position_string());
        for mv in legal(&pos) {
            assert_eq!(pos.parse_move(&pos.move_to_wire(&mv)), Ok(mv));
            assert_eq!(pos.parse_move(&pos.move_to_human(&mv)), Ok(mv));
        }
    }
}

// ---------------------------------------------------------------- perft suite

fn suite() -> crate::core::perft::Suite<'static> {
    let text = Dragonchess::perft_suite(VARIANT).expect("Dragonchess keeps a suite");
    crate::core::perft::parse_suite(text).unwrap()
}

#[test]
fn suite_holds_the_independent_start_counts() {
    let suite = suite();
    assert_eq!(suite.entries.len(), 14);
    let start = suite.entry("start").unwrap();
    assert_eq!(start.position, Dragonchess::START);
    assert_eq!(
        start.counts,
        [(1, 90), (2, 8_094), (3, 735_480), (4, 66_769_718)]
    );
}

/// The suite's counts (the registry's suite test checks them with this generator) by the
/// brute-force generator (legality by playing every move) and the plain reference generator:
/// up to 10,000 nodes always, the brute force on every count and the reference up to a million
/// with `TIAMAT_DEEP=1`.
#[test]
fn perft_suite_agrees_with_the_brute_force_generator() {
    let deep = crate::core::deep_tests();
    let mut checked = 0;
    for entry in suite().entries {
        let (name, pos) = (entry.name, Dragonchess::parse(entry.position).unwrap());
        for (depth, expected) in entry.counts {
            if expected <= 10_000 || deep {
                assert_eq!(brute_perft(&pos, depth), expected, "{name} depth {depth}");
                checked += 1;
            }
            if expected <= 10_000 || (deep && expected <= 1_000_000) {
                assert_eq!(
                    super::reference::perft(&pos, depth),
                    expected,
                    "{name} depth {depth} by the reference generator"
                );
            }
        }
    }
    assert!(checked >= 2 * 13 + 2, "only {checked} counts checked");
}
