//! Rules tests: one per piece and per special rule of the rules page, hand-counted.

use super::*;
use crate::core::placement::push_placement;
use crate::core::random::Xorshift;
use std::collections::BTreeSet;

use crate::core::perft::perft_listed as perft;

fn start() -> Makromachy {
    Makromachy::start_position("makromachy").unwrap()
}

/// A position from a piece list like `"Kn1 kn14 Qg7"` (uppercase White) and the side to move;
/// further fields (castling, en passant) may follow the side.
fn setup(pieces: &str, rest: &str) -> Makromachy {
    let mut grid = [[' '; FILES]; RANKS];
    for item in pieces.split_whitespace() {
        let letter = item.chars().next().unwrap();
        let (sq, _) = read_square(&item.as_bytes()[1..]).unwrap();
        grid[rank_of(sq)][file_of(sq)] = letter;
    }
    let mut fen = String::new();
    push_placement(
        &mut fen,
        grid.iter()
            .rev()
            .map(|row| row.iter().map(|&c| (c != ' ').then_some(c))),
    );
    let text = format!("{fen} {rest}");
    Makromachy::from_position_string("makromachy", &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(name: &str) -> u16 {
    read_square(name.as_bytes()).unwrap().0
}

fn legal(pos: &Makromachy) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// Wire texts of the legal moves starting on `from`.
fn wires_from(pos: &Makromachy, from: &str) -> BTreeSet<String> {
    legal(pos)
        .iter()
        .filter(|m| m.from == sq(from))
        .map(|m| pos.move_to_wire(m))
        .collect()
}

fn count_from(pos: &Makromachy, from: &str) -> usize {
    wires_from(pos, from).len()
}

fn has(pos: &Makromachy, wire: &str) -> bool {
    legal(pos).iter().any(|m| pos.move_to_wire(m) == wire)
}

fn play(pos: &Makromachy, text: &str) -> Makromachy {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.play(&mv)
}

// ---- start position -------------------------------------------------------------------

#[test]
fn start_perft_shallow() {
    let pos = start();
    assert_eq!(perft(&pos, 1), 62);
    assert_eq!(perft(&pos, 2), 3_854);
}

/// Independent count from two reference implementations of the rules page.
#[test]
fn start_perft_3() {
    assert_eq!(perft(&start(), 3), 259_249);
}

#[test]
fn start_moves_by_piece() {
    // 42 Pawn moves + 4 Knight + 2 Marshall + 4 Elephant + 4 Archer + 2 Archbishop + 4 Zebra.
    let pos = start();
    let mut by_piece = std::collections::BTreeMap::new();
    for m in legal(&pos) {
        let letter = LETTERS[kind_of(pos.piece_at(m.from)) as usize] as char;
        *by_piece.entry(letter).or_insert(0) += 1;
    }
    let expected: std::collections::BTreeMap<char, i32> = [
        ('P', 42),
        ('N', 4),
        ('M', 2),
        ('E', 4),
        ('O', 4),
        ('A', 2),
        ('Z', 4),
    ]
    .into_iter()
    .collect();
    assert_eq!(by_piece, expected);
}

#[test]
fn start_depth_two_bat_captures() {
    // 62 x 62 + 10: after exactly ten Pawn moves a Black Bat flies over its own Pawn wall.
    let pos = start();
    let mut extra = Vec::new();
    for m in legal(&pos) {
        let after = pos.play(&m);
        let replies = legal(&after);
        if replies.len() != 62 {
            assert_eq!(replies.len(), 63);
            let captures: Vec<&Move> = replies.iter().filter(|r| after.is_tactical(r)).collect();
            assert_eq!(captures.len(), 1);
            assert_eq!(kind_of(after.piece_at(captures[0].from)), BAT);
            extra.push(pos.move_to_wire(&m));
        }
    }
    extra.sort();
    let expected = [
        "a4a5", "a4a6", "b4b6", "b4b7", "c4c7", "l4l7", "m4m6", "m4m7", "n4n5", "n4n6",
    ];
    assert_eq!(extra, expected);
}

// ---- pieces ---------------------------------------------------------------------------

const KINGS: &str = "Kb1 km14";

#[test]
fn king_steps() {
    let pos = setup("Kg7 km14", "w - - 0 1");
    assert_eq!(count_from(&pos, "g7"), 8);
}

#[test]
fn orthodox_sliders() {
    // g7: orthogonal 6+7+6+7 = 26, diagonal 7+6+6+6 = 25.
    assert_eq!(count_from(&setup(&format!("{KINGS} Qg7"), "w"), "g7"), 51);
    assert_eq!(count_from(&setup(&format!("{KINGS} Rg7"), "w"), "g7"), 26);
    assert_eq!(count_from(&setup(&format!("{KINGS} Bg7"), "w"), "g7"), 25);
}

#[test]
fn compound_pieces() {
    assert_eq!(
        count_from(&setup(&format!("{KINGS} Mg7"), "w"), "g7"),
        26 + 8
    );
    assert_eq!(
        count_from(&setup(&format!("{KINGS} Ag7"), "w"), "g7"),
        25 + 8
    );
    // Dragon King = Rook + diagonal steps; Dragon Horse = Bishop + orthogonal steps.
    assert_eq!(
        count_from(&setup(&format!("{KINGS} Dg7"), "w"), "g7"),
        26 + 4
    );
    assert_eq!(
        count_from(&setup(&format!("{KINGS} Hg7"), "w"), "g7"),
        25 + 4
    );
}

#[test]
fn terror_queen_knight_and_leaps_counted_once() {
    // Queen 51 + Knight 8; its 2-square leaps coincide with the Queen slide on an open board.
    let pos = setup(&format!("{KINGS} Tg7"), "w");
    assert_eq!(count_from(&pos, "g7"), 59);
    // With g8 occupied the Queen loses g8..g14 (7) but the leap to g9 remains.
    let pos = setup(&format!("{KINGS} Tg7 Pg8"), "w");
    let w = wires_from(&pos, "g7");
    assert_eq!(w.len(), 51 - 7 + 8 + 1);
    assert!(w.contains("g7g9"));
    assert!(!w.contains("g7g10"));
}

#[test]
fn terror_hit_and_run() {
    // Black Pawn h8 next to the Terror on g7: plain capture, A-leap over it to i9,
    // and 7 hit-and-runs (every empty neighbour of h8 except the origin g7).
    let pos = setup(&format!("{KINGS} Tg7 ph8"), "w");
    let w = wires_from(&pos, "g7");
    let hit_and_run: BTreeSet<&String> = w.iter().filter(|t| t.len() == 6).collect();
    let expected: BTreeSet<String> = ["g8", "g9", "h9", "i9", "i8", "i7", "h7"]
        .iter()
        .map(|to| format!("g7h8{to}"))
        .collect();
    assert_eq!(hit_and_run, expected.iter().collect());
    assert!(!w.contains("g7h8g7"), "never back to the origin");
    assert_eq!(w.len(), 45 + 8 + 1 + 7);
    let after = play(&pos, "g7h8h9");
    assert_eq!(after.piece_at(sq("h8")), EMPTY);
    assert_eq!(after.piece_at(sq("h9")), piece(Color::White, TERROR));
    assert_eq!(after.piece_at(sq("g7")), EMPTY);
    // XBoard's two-leg form names the same move; human notation is Txh8-h9.
    assert_eq!(play(&pos, "g7h8,h8h9"), after);
    let mv = pos.parse_move("g7h8h9").unwrap();
    assert_eq!(
        pos.move_to_human(&mv),
        "Txh8-h9+",
        "h9 checks m14 on the diagonal"
    );
    assert_eq!(pos.parse_move("Txh8-h9").unwrap(), mv);
}

#[test]
fn hit_and_run_needs_an_empty_second_square() {
    // Every neighbour of h8 other than g7 is filled by White: no hit-and-run is possible.
    let pos = setup(&format!("{KINGS} Tg7 ph8 Pg8 Pg9 Ph9 Pi9 Pi8 Pi7 Nh7"), "w");
    assert!(legal(&pos).iter().all(|m| m.kind != MoveKind::HitAndRun));
    assert!(has(&pos, "g7h8"));
}

#[test]
fn eagle_flies_over_several_pieces_and_stops_at_archer() {
    // a-file from a1: own Pawn a3, black Knight a5, own Rook a7, black Rook a9,
    // black Archer a11 (capturable, but it stops the flight), black Queen a13 (out of reach).
    let pos = setup("Kn1 km14 La1 Pa3 na5 Ra7 ra9 oa11 qa13", "w");
    let w = wires_from(&pos, "a1");
    for target in ["a1a2", "a1a5", "a1a9", "a1a11"] {
        assert!(w.contains(target), "{target}");
    }
    assert!(!w.contains("a1a13"));
    assert!(!w.contains("a1a4"), "non-captures never pass a piece");
    // a2 + 3 captures on the file, b1..m1 (12), b2..n14 (13).
    assert_eq!(w.len(), 1 + 3 + 12 + 13);
}

#[test]
fn flight_stops_at_another_flyer() {
    // A black Bat on a11 stops the flight like the Archer; an own Raven on a7 stops it earlier.
    let pos = setup("Kn1 km14 La1 Pa3 na5 Ra7 ra9 sa11 qa13", "w");
    let w = wires_from(&pos, "a1");
    assert!(w.contains("a1a11") && !w.contains("a1a13"));
    let pos = setup("Kn1 km14 La1 Pa3 na5 Fa7 ra9 qa13", "w");
    let w = wires_from(&pos, "a1");
    assert!(w.contains("a1a5") && !w.contains("a1a9"));
}

#[test]
fn raven_and_bat_fly_in_their_directions() {
    let pos = setup("Kn1 km14 Fa1 Pa3 na9 Pc1 nf1", "w");
    let w = wires_from(&pos, "a1");
    assert!(w.contains("a1a9") && w.contains("a1f1"));
    assert!(!w.contains("a1b2"));
    let pos = setup("Kn1 km14 Sa1 Pb2 Pd4 rg7", "w");
    let w = wires_from(&pos, "a1");
    assert_eq!(w.into_iter().collect::<Vec<_>>(), ["a1g7"]);
}

#[test]
fn flyer_checks_through_a_screen() {
    // White Raven a1, Pawns of both sides between it and the Black King on a14.
    let pos = setup("Kn1 ka14 Fa1 Pa4 pa11", "b");
    assert!(pos.in_check());
    // An Archer in between shields the King.
    let pos = setup("Kn1 ka14 Fa1 Pa4 Oa7 pa11", "b");
    assert!(!pos.in_check());
    // The King may not step onto the Bat's diagonal h1-a8, flown over g2 and e4.
    let pos = setup("Kn1 kb8 Sh1 Pg2 pe4", "b");
    assert!(!has(&pos, "b8b7") && !has(&pos, "b8a8"));
    assert!(has(&pos, "b8c8"));
}

#[test]
fn archer_steps_and_leaps() {
    assert_eq!(count_from(&setup(&format!("{KINGS} Og7"), "w"), "g7"), 8);
    let w = wires_from(&setup(&format!("{KINGS} Og7 Pf8"), "w"), "g7");
    assert!(w.contains("g7e9"), "the A leap jumps");
}

#[test]
fn griffon_and_rhino_bend() {
    // Griffon a1: b2, then b3..b14 and c2..n2.
    assert_eq!(count_from(&setup("Kn1 km14 Ga1", "w"), "a1"), 25);
    assert_eq!(count_from(&setup("Kn1 km14 Ga1 Pb2", "w"), "a1"), 0);
    // Rhino a1: b1 then c2..n13, a2 then b3..m14.
    let pos = setup("Kn1 kn14 Ua1", "w");
    let w = wires_from(&pos, "a1");
    assert_eq!(w.len(), 26);
    assert!(w.contains("a1n13") && w.contains("a1m14") && !w.contains("a1b2"));
    // A blocked first step blocks its continuations; an enemy there is captured.
    let pos = setup("Kn1 kn14 Ua1 nb1", "w");
    assert_eq!(count_from(&pos, "a1"), 1 + 1 + 12);
}

#[test]
fn champion_steps_leaps_and_orthogonal_airlift() {
    assert_eq!(count_from(&setup(&format!("{KINGS} Ig7"), "w"), "g7"), 12);
    // A piece 6 steps away (g13): airlift to g12.
    let w = wires_from(&setup(&format!("{KINGS} Ig7 pg13"), "w"), "g7");
    assert!(w.contains("g7g12") && !w.contains("g7g13"));
    assert_eq!(w.len(), 13);
    // Distance 4 is the nearest blocker that gives an airlift (to distance 3).
    let w = wires_from(&setup(&format!("{KINGS} Ig7 Pg11"), "w"), "g7");
    assert!(w.contains("g7g10"));
    // A piece at distance 3 kills the airlift in that direction.
    let w = wires_from(&setup(&format!("{KINGS} Ig7 Pg10 pg13"), "w"), "g7");
    assert_eq!(w.len(), 12);
}

#[test]
fn camel_and_zebra_leap() {
    let w = wires_from(&setup(&format!("{KINGS} Jg7"), "w"), "g7");
    assert_eq!(w.len(), 8);
    assert!(w.contains("g7h10") && w.contains("g7j8"));
    let w = wires_from(&setup(&format!("{KINGS} Zg7"), "w"), "g7");
    assert_eq!(w.len(), 8);
    assert!(w.contains("g7i10") && w.contains("g7j9"));
}

#[test]
fn knight_leaps_and_diagonal_airlift() {
    assert_eq!(count_from(&setup(&format!("{KINGS} Ng7"), "w"), "g7"), 8);
    // Blocker 4 steps away on the diagonal (k11): airlift to j10.
    let w = wires_from(&setup(&format!("{KINGS} Ng7 pk11"), "w"), "g7");
    assert_eq!(w.len(), 9);
    assert!(w.contains("g7j10"));
    // Blocker only 3 steps away (j10): no airlift.
    assert_eq!(
        count_from(&setup(&format!("{KINGS} Ng7 pj10"), "w"), "g7"),
        8
    );
    // The edge never gives an airlift; a friend does.
    let w = wires_from(&setup("Kn2 kb14 Na1 Bn14", "w"), "a1");
    assert!(w.contains("a1m13"));
}

#[test]
fn elephant_steps_leaps_and_airlift() {
    assert_eq!(count_from(&setup(&format!("{KINGS} Eg7"), "w"), "g7"), 8);
    let w = wires_from(&setup(&format!("{KINGS} Eg7 pk11"), "w"), "g7");
    assert_eq!(w.len(), 9);
    assert!(w.contains("g7j10") && !w.contains("g7k11"));
}

#[test]
fn cannon_and_vao_hop_to_capture() {
    // Cannon g7: screen g9, black target g12; only g8 is a quiet move upward.
    let w = wires_from(&setup(&format!("{KINGS} Cg7 Pg9 pg12"), "w"), "g7");
    assert!(w.contains("g7g8") && w.contains("g7g12") && !w.contains("g7g10"));
    assert_eq!(w.len(), 26 - 7 + 2);
    // Without a screen the Cannon cannot take.
    let w = wires_from(&setup(&format!("{KINGS} Cg7 pg12"), "w"), "g7");
    assert!(!w.contains("g7g12"));
    let w = wires_from(&setup(&format!("{KINGS} Vg7 ph8 pj10"), "w"), "g7");
    assert!(w.contains("g7j10") && !w.contains("g7h8"));
}

#[test]
fn warrior_moves() {
    // Forward 1 or 2 from any square; forward-diagonal captures; backward-knight captures only.
    let pos = setup(&format!("{KINGS} Wd7 pc8 pe5 pb6"), "w");
    let w = wires_from(&pos, "d7");
    let expected: BTreeSet<String> = ["d7d8", "d7d9", "d7c8", "d7e5", "d7b6"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(w, expected);
    // Not jumping: a piece on d8 stops both steps.
    let pos = setup(&format!("{KINGS} Wd7 Pd8"), "w");
    assert_eq!(count_from(&pos, "d7"), 0);
    // Black Warrior moves down.
    let pos = setup("Kn1 km14 we9", "b");
    assert_eq!(wires_from(&pos, "e9").len(), 2);
    assert!(has(&pos, "e9e7"));
}

#[test]
fn warrior_backward_capture_gives_check() {
    // Ruling 8: the White Warrior on d7 attacks e5 with its backward knight capture.
    let pos = setup("Kn1 ke5 Wd7", "b");
    assert!(pos.in_check());
    let pos = setup("Kn1 kf6 Wd7", "b");
    assert!(
        !has(&pos, "f6e5"),
        "may not step into a Warrior's backward capture"
    );
}

#[test]
fn pawn_single_double_triple() {
    let pos = setup(&format!("{KINGS} Pc4 Pa5 Pe4 pe6"), "w");
    assert_eq!(wires_from(&pos, "c4").len(), 3);
    assert_eq!(wires_from(&pos, "a5").len(), 1);
    // e5 free, e6 blocked: single step only.
    assert_eq!(wires_from(&pos, "e4").len(), 1);
}

#[test]
fn triple_push_creates_two_en_passant_squares() {
    let pos = setup("Kn1 km14 Pb4 pa7 wc6", "w");
    let after = play(&pos, "b4b7");
    assert!(after.position_string().contains(" b7:b5b6 "));
    // The Pawn on a7 takes on b6, the Warrior on c6 on b5; both remove b7.
    for capture in ["a7b6", "c6b5"] {
        assert!(has(&after, capture), "{capture}");
        let next = play(&after, capture);
        assert_eq!(next.piece_at(sq("b7")), EMPTY);
    }
    // One ply only.
    let later = play(&play(&after, "m14m13"), "n1n2");
    assert!(!has(&later, "a7b6") && !has(&later, "c6b5"));
}

#[test]
fn warrior_double_step_can_be_taken_en_passant_by_an_unmoved_pawn() {
    // Ruling 5: the Black Warrior steps c6-c4 beside the unmoved White Pawn b4.
    let pos = setup("Kn1 km14 Pb4 wc6", "b");
    let after = play(&pos, "c6c4");
    assert!(after.position_string().contains(" c4:c5 "));
    let ep = after.parse_move("b4c5").unwrap();
    assert_eq!(ep.kind, MoveKind::EnPassant);
    let next = after.play(&ep);
    assert_eq!(next.piece_at(sq("c4")), EMPTY);
    assert_eq!(next.piece_at(sq("c5")), piece(Color::White, PAWN));
    // XBoard takes only its Pawn's double step for one: it is given the capture of c4 on the
    // way, and the other moves as their wire.
    assert_eq!(after.xboard_legs(&ep).as_deref(), Some("b4c4,c4c5"));
    let push = after.parse_move("b4b5").unwrap();
    assert_eq!(after.xboard_legs(&push), None);
}

#[test]
fn promotion_has_sixteen_choices() {
    let pos = setup("Kn1 km12 Pa13", "w");
    let w = wires_from(&pos, "a13");
    assert_eq!(w.len(), 16);
    for letter in [
        "q", "r", "b", "n", "e", "c", "v", "i", "j", "z", "m", "a", "g", "u", "d", "h",
    ] {
        assert!(w.contains(&format!("a13a14{letter}")), "{letter}");
    }
    for excluded in ["k", "p", "w", "o", "s", "f", "l", "t"] {
        assert!(!w.contains(&format!("a13a14{excluded}")));
    }
    let mv = pos.parse_move("a13a14q").unwrap();
    assert_eq!(pos.move_to_human(&mv), "a14=Q");
    assert_eq!(pos.parse_move("a14=Q").unwrap(), mv);
    assert!(matches!(
        pos.parse_move("a13a14"),
        Err(MoveError::Illegal { .. })
    ));
    // A promoted Dragon King cannot castle: rights belong to the corner pieces only.
    let after = pos.play(&pos.parse_move("a13a14d").unwrap());
    assert!(after.position_string().contains(" - - "));
}

#[test]
fn warrior_double_step_promotion_leaves_no_en_passant() {
    // Ruling 10.
    let pos = setup("Kn1 km10 Wc12 pd13", "w");
    // c13, c14 (16 promotions), takes d13.
    assert_eq!(wires_from(&pos, "c12").len(), 1 + 16 + 1);
    let after = play(&pos, "c12c14q");
    assert!(after.position_string().contains(" - 0 "));
}

#[test]
fn eleven_fast_castlings_on_an_empty_back_rank() {
    let pos = setup("Da1 Ki1 Dn1 km14", "w AN -");
    let castlings: BTreeSet<String> = legal(&pos)
        .iter()
        .filter(|m| m.kind == MoveKind::Castle)
        .map(|m| pos.move_to_wire(m))
        .collect();
    assert_eq!(castlings.len(), 11);
    for file in ["b", "c", "d", "e", "f", "g", "h"] {
        assert!(castlings.contains(&format!("i1{file}1a1")));
    }
    for file in ["j", "k", "l", "m"] {
        assert!(castlings.contains(&format!("i1{file}1n1")));
    }
    // The King's plain step to h1 is a different move.
    assert!(has(&pos, "i1h1"));
    let after = play(&pos, "i1b1a1");
    assert_eq!(after.piece_at(sq("b1")), piece(Color::White, KING));
    assert_eq!(after.piece_at(sq("i1")), piece(Color::White, DRAGON_KING));
    assert_eq!(after.piece_at(sq("a1")), EMPTY);
    assert!(after.position_string().contains(" b - - "));
    // A castling written by the King's squares only is read when it names one move.
    assert_eq!(play(&pos, "i1c1"), play(&pos, "i1c1a1"));
    assert_eq!(play(&pos, "i1c1,a1i1"), play(&pos, "i1c1a1"));
    // XBoard's forms: its relay (the corner beside the King), its two-leg castling (the King
    // onto its corner, then on).
    assert_eq!(play(&pos, "i1c1,a1d1"), play(&pos, "i1c1a1"));
    assert_eq!(play(&pos, "i1a1,a1h1"), play(&pos, "i1h1a1"));
    assert_eq!(play(&pos, "i1n1,n1j1"), play(&pos, "i1j1n1"));
    assert!(pos.parse_move("i1c1,a1e1").is_err());
    let mv = pos.parse_move("i1c1a1").unwrap();
    assert_eq!(pos.move_to_human(&mv), "O-O-c1");
}

#[test]
fn castling_needs_no_connection_but_a_safe_destination() {
    // Pieces in between do not matter; an attacked destination (c1, by the Rook on c14) does.
    let pos = setup("Da1 Ed1 Ki1 Dn1 Ck1 km14 rc14", "w AN -");
    let castlings: Vec<String> = legal(&pos)
        .iter()
        .filter(|m| m.kind == MoveKind::Castle)
        .map(|m| pos.move_to_wire(m))
        .collect();
    assert_eq!(castlings.len(), 11 - 3);
    assert!(!castlings.contains(&"i1c1a1".to_string()));
    assert!(castlings.contains(&"i1b1a1".to_string()));
    // Not out of check.
    let pos = setup("Da1 Ki1 Dn1 km14 ri14", "w AN -");
    assert!(legal(&pos).iter().all(|m| m.kind != MoveKind::Castle));
}

#[test]
fn castling_rights_are_lost_by_moving() {
    let pos = setup("Da1 Ki1 Dn1 km14", "w AN -");
    let after = play(&play(&pos, "a1a2"), "m14m13");
    assert!(after.position_string().contains(" w N - "));
    let back = play(&play(&after, "a2a1"), "m13m14");
    assert!(back.position_string().contains(" w N - "));
    let after = play(&play(&pos, "i1i2"), "m14m13");
    assert!(after.position_string().contains(" w - - "));
}

#[test]
fn anti_trade_terror_takes_protected_terror() {
    // Black Terror d5 protected by the Pawn e6: neither the Terror nor the Eagle may take it.
    let pos = setup("Kn1 km14 Td4 td5 pe6 Ld1 Qa8", "w");
    assert!(!has(&pos, "d4d5"));
    assert!(!has(&pos, "d1d5"), "Eagle flying over its own Terror");
    // Any other piece may.
    assert!(has(&pos, "a8d5"));
    // Ruling 1: hit-and-run on the protected Terror is allowed.
    assert!(has(&pos, "d4d5c6"));
    // Unprotected: allowed.
    let pos = setup("Kn1 km14 Td4 td5 Ld1", "w");
    assert!(has(&pos, "d4d5"));
}

#[test]
fn anti_trade_counts_every_pseudo_legal_recapture() {
    // Ruling 9: protection by a Raven flying over two screens counts...
    let pos = setup("Kn1 km14 Td4 td5 pd7 Pd10 fd13", "w");
    assert!(!has(&pos, "d4d5"));
    // ...but not through an Archer.
    let pos = setup("Kn1 km14 Td4 td5 pd7 Od10 fd13", "w");
    assert!(has(&pos, "d4d5"));
    // A pinned piece protects (the Knight on c7 is pinned by the Rook a7 against h7).
    let pos = setup("Kn1 kh7 Td4 td5 nc7 Ra7", "w");
    assert!(!has(&pos, "d4d5"));
    // So does the King, even onto a square it could not legally enter (the Rook d1 guards d5).
    let pos = setup("Kn1 ke6 Ld2 td5 Rd1", "w");
    assert!(!has(&pos, "d2d5"));
    let pos = setup("Kn1 kb12 Ld2 td5 Rd1", "w");
    assert!(has(&pos, "d2d5"));
    // The Terror may still take an Eagle.
    let pos = setup("Kn1 kb12 Td4 ld5 pe6", "w");
    assert!(has(&pos, "d4d5"));
}

#[test]
fn eagle_check_repetition_is_forbidden() {
    // The Eagle a1 goes to h1 and checks the King on h14 over the Pawn h5.
    let pos = setup("Kn1 kh14 La1 Ph5", "w");
    let check = pos.parse_move("a1h1").unwrap();
    let after = pos.play(&check);
    assert!(after.in_check());
    assert!(!pos.forbidden_by_history(&check, &[]));
    assert!(pos.forbidden_by_history(&check, &[after.key()]));
    // A quiet Eagle move repeating a position is fine; so is a checking move by another piece.
    let quiet = pos.parse_move("a1b1").unwrap();
    assert!(!pos.forbidden_by_history(&quiet, &[pos.play(&quiet).key()]));
    let pos = setup("Kn1 kh14 Qa1", "w");
    let check = pos.parse_move("a1h1").unwrap();
    assert!(pos.play(&check).in_check());
    assert!(!pos.forbidden_by_history(&check, &[pos.play(&check).key()]));
}

#[test]
fn eagle_flying_check_counts() {
    // Through the screen Pe5 the Eagle on e1 checks the King on e14.
    let pos = setup("Kn1 ke14 Le1 Pe5", "b");
    assert!(pos.in_check());
}

// ---- text ------------------------------------------------------------------------------

#[test]
fn start_position_string_round_trips() {
    let pos = start();
    assert_eq!(pos.position_string(), START);
    assert_eq!(pos.piece_at(sq("i1")), piece(Color::White, KING));
    assert_eq!(pos.piece_at(sq("i14")), piece(Color::Black, KING));
    assert_eq!(pos.piece_at(sq("h1")), piece(Color::White, EAGLE));
}

#[test]
fn garbage_position_strings_name_the_field() {
    let cases = [
        ("", "piece placement"),
        ("xyz w - - 0 1", "piece placement"),
        ("14/14/14/14/14/14/14/14/14/14/14/14/14/14 w - - 0 1", "piece placement"),
        (
            "djivcgulkcvijd/wwwzrftqfrzwww/bhnmeossoeanhb/pppppppppppppp/14/14/14/14/14/14/PPPPPPPPPPPPPP/BHNMEOSSOEANHB/WWWZRFTQFRZWWW/DJIVCGULKCVIJD x ANan - 0 1",
            "side to move",
        ),
        (
            "djivcgulkcvijd/wwwzrftqfrzwww/bhnmeossoeanhb/pppppppppppppp/14/14/14/14/14/14/PPPPPPPPPPPPPP/BHNMEOSSOEANHB/WWWZRFTQFRZWWW/DJIVCGULKCVIJD w AQ - 0 1",
            "castling",
        ),
        (
            "djivcgulkcvijd/wwwzrftqfrzwww/bhnmeossoeanhb/pppppppppppppp/14/14/14/14/14/14/PPPPPPPPPPPPPP/BHNMEOSSOEANHB/WWWZRFTQFRZWWW/DJIVCGULKCVIJD w ANan e9:e8 0 1",
            "en passant",
        ),
        (
            "djivcgulkcvijd/wwwzrftqfrzwww/bhnmeossoeanhb/pppppppppppppp/14/14/14/14/14/14/PPPPPPPPPPPPPP/BHNMEOSSOEANHB/WWWZRFTQFRZWWW/DJIVCGULKCVIJD w ANan - x 1",
            "halfmove clock",
        ),
        (
            "djivcgulkcvijd/wwwzrftqfrzwww/bhnmeossoeanhb/pppppppppppppp/14/14/14/14/14/14/PPPPPPPPPPPPPP/BHNMEOSSOEANHB/WWWZRFTQFRZWWW/DJIVCGULKCVIJD w ANan - 0 0",
            "fullmove number",
        ),
        ("15/14/14/14/14/14/14/14/14/14/14/14/14/K12k w", "piece placement"),
        ("99999999999999999999/14/14/14/14/14/14/14/14/14/14/14/14/K12k w", "piece placement"),
        ("K13/14/14/14/14/14/14/14/14/14/14/14/14/13k w - - 0 1 extra", "position string"),
        ("KP12/14/14/14/14/14/14/14/14/14/14/14/14/13k w", "piece placement"),
        ("K13/R13/14/14/14/14/14/14/14/14/14/14/14/k13 w", "side to move"),
        ("13k/14/14/14/14/P13/14/14/14/14/14/14/14/13K b - a9:a7a8 0 1", "en passant"),
        ("13k/14/14/14/14/14/14/P13/14/14/14/14/14/13K b - a7:a6 0 1", "en passant"),
        ("13k/14/14/14/14/14/14/P13/14/14/14/14/14/13K b - a7:a5a6a4 0 1", "en passant"),
        ("13k/14/14/14/14/14/14/W13/14/14/14/14/14/13K b - a7:a5a6 0 1", "en passant"),
    ];
    for (text, field) in cases {
        match Makromachy::from_position_string("makromachy", text) {
            Err(e) => assert_eq!(e.field, field, "{text}: {e}"),
            Ok(_) => panic!("accepted: {text}"),
        }
    }
    assert!(Makromachy::from_position_string("chess", START).is_err());
}

#[test]
fn en_passant_field_round_trips_in_any_order() {
    let pos = setup("Kn1 km14 Pb4 pa7 wc6", "w");
    let after = play(&pos, "b4b7");
    let text = after.position_string();
    let swapped = text.replace("b7:b5b6", "b7:b6b5");
    let read = Makromachy::from_position_string("makromachy", &swapped).unwrap();
    assert_eq!(read.position_string(), text);
    assert_eq!(read.key(), after.key());
    assert!(read == after);
}

#[test]
fn garbage_moves_are_errors() {
    let pos = start();
    for text in [
        "", "zz", "a4a9", "e2e4e5e6", "Kx", "a4a5,b", "a0a1", "o1o2", "a15a16", "é", "i1h1a1",
    ] {
        assert!(pos.parse_move(text).is_err(), "{text}");
    }
    assert!(matches!(
        pos.parse_move("a4a9"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        pos.parse_move("hello"),
        Err(MoveError::Unparsable { .. })
    ));
}

#[test]
fn human_notation_examples() {
    let pos = start();
    let cases = [
        ("a4a7", "a7"),
        ("c3d5", "Nd5"),
        ("f3d5", "Od5"),
        ("d2f5", "Zf5"),
    ];
    for (wire, human) in cases {
        let mv = pos.parse_move(wire).unwrap();
        assert_eq!(pos.move_to_human(&mv), human);
        assert_eq!(pos.parse_move(human).unwrap(), mv);
    }
    // Two Elephants can reach g5? e3 -> c5/g5 and j3 -> h5/l5: only e3 reaches g5.
    let mv = pos.parse_move("Eg5").unwrap();
    assert_eq!(pos.move_to_wire(&mv), "e3g5");
    // Two Archers reach ... f3 -> d5,h5; i3 -> g5,k5: h5 and g5 are distinct, so no ambiguity.
    // The Zebras d2 and k2 never share a target at the start; construct an ambiguous pair.
    let pos = setup("Kn1 km14 Nc3 Ne3", "w");
    assert!(matches!(
        pos.parse_move("Nd5"),
        Err(MoveError::Ambiguous { .. })
    ));
    let mv = pos.parse_move("c3d5").unwrap();
    assert_eq!(pos.move_to_human(&mv), "Ncd5");
}

/// Deterministic random playouts: incremental keys equal recomputed ones, position strings
/// round-trip, and every legal move's wire and human texts read back as that move.
#[test]
fn random_playouts_keep_state_and_text_consistent() {
    let mut rng = Xorshift(0x1234_5678_9abc_def0u64);
    let mut kinds_seen = BTreeSet::new();
    for _game in 0..6 {
        let mut pos = start();
        for _ply in 0..160 {
            assert_eq!(pos.key(), pos.compute_key());
            let text = pos.position_string();
            let read = Makromachy::from_position_string("makromachy", &text).unwrap();
            assert!(read == pos, "{text}");
            let moves = legal(&pos);
            if moves.is_empty() {
                break;
            }
            let wires: BTreeSet<String> = moves.iter().map(|m| pos.move_to_wire(m)).collect();
            assert_eq!(wires.len(), moves.len(), "wire texts are unique");
            // The shortcut for moves off the King's lines agrees with the full test.
            let mut pseudo = Vec::new();
            pos.pseudo_moves(&mut pseudo);
            let in_check = pos.in_check();
            for m in &pseudo {
                assert_eq!(
                    pos.is_legal(m, in_check),
                    pos.is_legal(m, true),
                    "{text} {m:?}"
                );
            }
            // No two moves have the same effect (so TURNS_CAN_COINCIDE stays false).
            let results: BTreeSet<u64> = moves.iter().map(|m| pos.play(m).key()).collect();
            assert_eq!(results.len(), moves.len(), "{text}");
            for m in moves.iter().step_by(7) {
                assert_eq!(pos.parse_move(&pos.move_to_wire(m)).unwrap(), *m);
                assert_eq!(pos.parse_move(&pos.move_to_human(m)).unwrap(), *m);
            }
            // Prefer captures so that games open up.
            let captures: Vec<&Move> = moves.iter().filter(|m| pos.is_tactical(m)).collect();
            let mv = if !captures.is_empty() && !rng.next_u64().is_multiple_of(3) {
                *captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            kinds_seen.insert(format!("{:?}", mv.kind));
            pos = pos.play(&mv);
        }
    }
    // The seeded games reach castling and hit-and-run too (en passant has its own tests).
    for kind in ["Normal", "Push", "Castle", "HitAndRun"] {
        assert!(kinds_seen.contains(kind), "{kind}");
    }
}

/// Depth 4 of the start position, and its speed (printed, never asserted):
/// `TIAMAT_DEEP=1 cargo test -p tiamat-engine --release --lib makromachy::tests::start_perft_4 -- --nocapture`
#[test]
fn start_perft_4() {
    if !crate::core::deep_tests() {
        return;
    }
    let started = std::time::Instant::now();
    let cpu_before = thread_cpu_seconds();
    let nodes = perft(&start(), 4);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "makromachy perft 4 = {nodes} in {seconds:.2}s wall: {:.2} Mnps single-threaded",
        nodes as f64 / seconds / 1e6
    );
    if let (Some(a), Some(b)) = (cpu_before, thread_cpu_seconds()) {
        println!(
            "  {:.2}s on the CPU: {:.2} Mnps per CPU-second",
            b - a,
            nodes as f64 / (b - a) / 1e6
        );
    }
    assert!(nodes > 259_249 * 60);
}

/// This thread's CPU time (Linux), to tell speed from waiting on a loaded machine.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

#[test]
fn every_leap_from_the_board_stays_inside_the_mailbox() {
    for rank in 0..RANKS {
        for file in 0..FILES {
            let from = square(file, rank) as i32;
            for dy in -3..=3i32 {
                for dx in -3..=3i32 {
                    let to = from + dy * WIDTH as i32 + dx;
                    assert!(to >= 0 && (to as usize) < CELLS);
                    let inside = (0..FILES as i32).contains(&(file as i32 + dx))
                        && (0..RANKS as i32).contains(&(rank as i32 + dy));
                    assert_eq!(on_board(to), inside);
                    assert_eq!(empty_board()[to as usize] == OFF, !inside);
                }
            }
        }
    }
}

#[test]
fn cecp_setup_describes_board_pieces_and_start() {
    let text = start().cecp_setup().unwrap();
    let mut lines = text.lines();
    let setup = lines.next().unwrap();
    let table = setup
        .strip_prefix("setup (")
        .and_then(|rest| rest.split_once(')'))
        .map(|(table, _)| table)
        .unwrap();
    // XBoard wants an even-length table: White's types, its King, then Black's.
    assert_eq!(table.len() % 2, 0);
    let (white, black) = table.split_at(table.len() / 2);
    assert!(white.ends_with('K') && black.ends_with('k'));
    assert_eq!(white.to_ascii_lowercase(), black);
    // Every piece letter of the position string has exactly one XBoard type.
    for &letter in &LETTERS[1..] {
        assert_eq!(
            white.matches(letter as char).count(),
            1,
            "{}",
            letter as char
        );
    }
    // The start position with the castling and en-passant fields XBoard reads.
    let start_board = START.split(' ').next().unwrap();
    assert!(setup.ends_with(&format!(" 14x14+0_fairy {start_board} w - - 0 1")));
    let pieces: Vec<&str> = lines.collect();
    assert!(pieces.contains(&"piece T& QNADcaKmK"));
    assert!(pieces.contains(&"piece K& KO1"));
    assert!(pieces
        .iter()
        .all(|l| l.starts_with("piece ") && l.contains("& ")));
}

#[test]
fn flyers_pass_kings() {
    // The Raven a1 flies over its own King a2 and the Black Pawn a5 to take the Knight a9.
    let pos = setup("Ka2 km14 Fa1 pa5 na9", "w");
    let w = wires_from(&pos, "a1");
    assert!(w.contains("a1a5") && w.contains("a1a9"));
    // ...and checks a King behind the other King.
    let pos = setup("Ka2 ka14 Fa1 Pa7", "b");
    assert!(pos.in_check());
}

#[test]
fn hit_and_run_second_leg_never_captures() {
    // h9 holds a Black Knight: the Terror may take h8 and run to the empty squares only.
    let pos = setup(&format!("{KINGS} Tg7 ph8 nh9"), "w");
    let w = wires_from(&pos, "g7");
    assert!(!w.contains("g7h8h9"));
    assert!(w.contains("g7h8g8"));
    // Running next to the other captured piece is fine, taking it is not.
    let mv = pos.parse_move("g7h8i8").unwrap();
    let after = pos.play(&mv);
    assert_eq!(after.piece_at(sq("h9")), piece(Color::Black, KNIGHT));
}

#[test]
fn warrior_backward_capture_never_takes_en_passant() {
    // White Pawn b4-b7 passes b5 and b6; the Black Warrior on a4 has a backward knight vector
    // onto b6 ((1,2) for Black) but only its forward diagonal captures may take en passant.
    let pos = setup("Kn1 km14 Pb4 wa4 wc6", "w");
    let after = play(&pos, "b4b7");
    assert!(!has(&after, "a4b6"));
    assert!(has(&after, "c6b5"));
}

#[test]
fn halfmove_clock_resets_on_pawn_warrior_and_capture() {
    let pos = setup("Kn1 km14 Wd4 Rh1 ph9 pa11", "w - - 30 40");
    assert_eq!(play(&pos, "h1h2").halfmove_clock(), 31);
    assert_eq!(play(&pos, "d4d6").halfmove_clock(), 0);
    assert_eq!(play(&pos, "h1h9").halfmove_clock(), 0);
    let black = play(&pos, "h1h2");
    assert_eq!(play(&black, "a11a8").halfmove_clock(), 0);
    assert!(play(&black, "m14m13").position_string().ends_with(" 32 41"));
}

#[test]
fn endings_threefold_and_fifty_moves() {
    let pos = setup("Kn1 km14 Rh1", "w");
    assert_eq!(pos.ending(&[]), None);
    // Two earlier occurrences of this position within the clock's window: a draw.
    let pos = setup("Kn1 km14 Rh1", "w - - 8 20");
    let other = setup("Kn1 km14 Rh2", "w");
    let history = [pos.key(), other.key(), other.key(), pos.key()];
    assert_eq!(pos.ending(&history).unwrap().reason, "threefold repetition");
    let pos = setup("Kn1 km14 Rh1", "w - - 100 80");
    assert_eq!(pos.ending(&[]).unwrap().reason, "50-move rule");
    // Mate: the Raven checks over the Pawn a5, the Rook b1 holds the b-file.
    let pos = setup("Kn1 ka14 Fa1 Pa5 Rb1", "b");
    assert!(pos.in_check());
    assert_eq!(
        pos.ending(&[]).unwrap().result,
        crate::core::GameResult::WhiteWins
    );
}

/// Mutated position strings and random move texts give errors, never panics.
#[test]
fn mutated_inputs_never_panic() {
    let mut rng = Xorshift(0xdead_beef_cafe_f00du64);
    let alphabet: Vec<char> = "abcdnpKkWwT0123456789/ -:,=xO+é".chars().collect();
    let start_text = START.to_string();
    let pos = start();
    for _ in 0..3_000 {
        let mut chars: Vec<char> = start_text.chars().collect();
        for _ in 0..1 + rng.next_u64() % 4 {
            let i = rng.below(chars.len());
            let c = alphabet[rng.below(alphabet.len())];
            match rng.next_u64() % 3 {
                0 => chars[i] = c,
                1 => chars.insert(i, c),
                _ => {
                    chars.remove(i);
                }
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(read) = Makromachy::from_position_string("makromachy", &text) {
            let again = read.position_string();
            assert!(Makromachy::from_position_string("makromachy", &again).is_ok());
        }
        let len = 1 + rng.next_u64() % 9;
        let mv: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let _ = pos.parse_move(&mv);
    }
}

#[test]
fn board_text_shows_ranks_files_and_position() {
    let text = start().board_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "14  d j i v c g u l k c v i j d");
    assert_eq!(lines[13], " 1  D J I V C G U L K C V I J D");
    assert_eq!(lines[14], "    a b c d e f g h i j k l m n");
    assert!(text.contains(&format!("FEN: {START}")));
    assert_eq!(start().variant(), "makromachy");
    assert_eq!(Makromachy::variants(), ["makromachy"]);
}

#[test]
fn null_move_passes_and_drops_en_passant() {
    let pos = play(&setup("Kn1 km14 Pb4 pa7", "w"), "b4b7");
    let passed = pos.null_move().unwrap();
    assert_eq!(passed.side_to_move(), Color::White);
    assert_eq!(passed.key(), passed.compute_key());
    assert!(passed.position_string().contains(" w - - "));
}

#[test]
fn bench_positions_read_and_round_trip() {
    for text in BENCH_POSITIONS {
        let pos = Makromachy::from_position_string("makromachy", text).unwrap();
        assert_eq!(&pos.position_string(), text);
        assert!(!legal(&pos).is_empty());
    }
}

#[test]
fn griffon_and_rhino_give_check_along_their_paths() {
    assert!(setup("Kn1 kd2 Ga1", "b").in_check());
    assert!(setup("Kn1 kb9 Ga1", "b").in_check());
    assert!(!setup("Kn1 kd3 Ga1", "b").in_check());
    assert!(!setup("Kn1 kd2 Ga1 Pb2", "b").in_check());
    assert!(!setup("Kn1 kd2 Ga1 Pc2", "b").in_check());
    assert!(setup("Kn1 kd3 Ua1", "b").in_check());
    assert!(setup("Kn1 kc4 Ua1", "b").in_check());
    assert!(!setup("Kn1 kd3 Ua1 Nb1", "b").in_check());
    assert!(!setup("Kn1 kd2 Ua1", "b").in_check());
}

/// The legality shortcuts (moves off the King's lines, one ray for moves on them) agree with
/// the full attack test in many seeded games that open up quickly.
#[test]
fn legality_shortcuts_agree_with_the_full_test() {
    let mut rng = Xorshift(0x0bad_5eed_1234_4321u64);
    let mut checked = 0;
    for _game in 0..30 {
        let mut pos = start();
        for _ply in 0..200 {
            let mut pseudo = Vec::new();
            pos.pseudo_moves(&mut pseudo);
            let in_check = pos.in_check();
            for m in &pseudo {
                assert_eq!(
                    pos.is_legal(m, in_check),
                    pos.is_legal(m, true),
                    "{pos:?} {m:?}"
                );
                checked += 1;
            }
            let moves = legal(&pos);
            if moves.is_empty() {
                break;
            }
            let captures: Vec<&Move> = moves.iter().filter(|m| pos.is_tactical(m)).collect();
            let mv = if !captures.is_empty() && rng.next_u64().is_multiple_of(2) {
                *captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos = pos.play(&mv);
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// The start and a position for every special rule, each to depth 3 (depth 1 counted by hand in
/// the file), with the independent start counts.
#[test]
fn suite_has_the_start_and_ten_rule_positions_to_depth_3() {
    let text = Makromachy::perft_suite("makromachy").expect("Makromachy keeps a suite");
    let suite = crate::core::perft::parse_suite(text).unwrap();
    assert!(suite.entries.len() >= 11);
    for entry in &suite.entries {
        let depths: Vec<u32> = entry.counts.iter().map(|&(d, _)| d).collect();
        assert!(depths.starts_with(&[1, 2, 3]), "{}", entry.name);
    }
    let start = suite.entry("start").unwrap();
    assert_eq!(start.counts[..3], [(1, 62), (2, 3_854), (3, 259_249)]);
}
