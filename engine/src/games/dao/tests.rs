//! Rules tests: every figure of the seed, the dragon sections, perft and text round trips.

use super::board::{read_square, square_name};
use super::*;
use super::{attacks, movegen, notation, position};
use crate::core::random::random_walk;
use crate::core::Game;

const EMPTY: &str = "10/10/10/10/10/10/10/10/10/10 w - - [] - - 0 1";

fn s(name: &str) -> u8 {
    read_square(name).expect("square").0
}

/// A position from items like `Kf1` (white king), `pb8` (black pawn), `G:a4` / `g:h8` (gates).
fn setup(items: &[&str], side: Color) -> Dao {
    let mut p = Dao::from_position_string("dao", EMPTY).unwrap();
    for item in items {
        let mut chars = item.chars();
        let c = chars.next().unwrap();
        let rest: String = chars.collect();
        if let Some(square) = rest.strip_prefix(':') {
            let color = if c == 'G' { Color::White } else { Color::Black };
            p.gates[s(square) as usize] = Some(color);
        } else {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let kind = Kind::from_letter(c).unwrap();
            p.board[s(&rest) as usize] = Some(Piece { color, kind });
        }
    }
    p.side = side;
    p.refresh();
    p
}

fn with_last(mut p: Dao, white: Option<&str>, black: Option<&str>) -> Dao {
    p.last = [white.map(s), black.map(s)];
    p.refresh();
    p
}

fn legal(p: &Dao) -> Vec<Move> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    v
}

/// Destination squares of the legal moves of the piece on `from` (all kinds), sorted.
fn dests(p: &Dao, from: &str) -> Vec<String> {
    let f = s(from);
    let mut v: Vec<String> = legal(p)
        .iter()
        .filter(|m| m.from == f && m.kind != MoveKind::Gate && m.kind != MoveKind::Drop)
        .map(|m| square_name(m.to))
        .collect();
    v.sort();
    v.dedup();
    v
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    v.sort();
    v
}

fn find(p: &Dao, from: &str, to: &str, kind: MoveKind) -> Vec<Move> {
    legal(p)
        .into_iter()
        .filter(|m| m.from == s(from) && m.to == s(to) && m.kind == kind)
        .collect()
}

fn one(p: &Dao, from: &str, to: &str, kind: MoveKind) -> Move {
    let v = find(p, from, to, kind);
    assert_eq!(v.len(), 1, "{from}-{to} {kind:?}: {v:?}");
    v[0]
}

fn ep_captures(p: &Dao) -> Vec<String> {
    let mut v: Vec<String> = legal(p)
        .iter()
        .filter(|m| m.kind == MoveKind::EnPassant)
        .map(|m| format!("{}{}", square_name(m.from), square_name(m.to)))
        .collect();
    v.sort();
    v
}

use crate::core::perft::{parse_suite, perft_listed as perft, Suite};

#[test]
fn start_depth_one() {
    // 6 pawns x 3 advances, 4 lancers x (3 advances + 4 diagonals), 2 knights x 4 = 54.
    let p = Dao::start_position("dao").unwrap();
    assert_eq!(perft(&p, 1), 54);
}

#[test]
fn start_perft_2_3() {
    let p = Dao::start_position("dao").unwrap();
    assert_eq!(perft(&p, 2), 2_948);
    if crate::core::deep_tests() {
        assert_eq!(perft(&p, 3), 176_170);
    }
}

#[test]
fn figure2_lancer_moves_and_captures() {
    let p = setup(&["Ld2"], Color::White);
    assert_eq!(
        dests(&p, "d2"),
        sorted(&["b2", "c2", "e2", "f2", "c3", "d3", "e3", "b4", "d4", "f4", "d5"])
    );
    // Captures only on the forward diagonals, one or two squares.
    let p = setup(
        &["Ld2", "pb4", "pc3", "pe3", "pf4", "pd3", "pc2"],
        Color::White,
    );
    assert_eq!(dests(&p, "d2"), sorted(&["c3", "e3", "e2", "f2"]));
    let p = setup(&["Ld2", "pb4", "pf4"], Color::White);
    let d = dests(&p, "d2");
    assert!(d.contains(&"b4".to_string()) && d.contains(&"f4".to_string()));
    // Not from the third rank: two straight steps only.
    let p = setup(&["Ld3"], Color::White);
    assert!(!dests(&p, "d3").contains(&"d6".to_string()));
    assert!(dests(&p, "d3").contains(&"d5".to_string()));
}

#[test]
fn figure3_lancer_en_passant() {
    let p = setup(&["Lc2", "pe3", "ld5", "ra4"], Color::White);
    let after = p.play(&one(&p, "c2", "e2", MoveKind::Normal));
    assert_eq!(ep_captures(&after), vec!["e3d2"]);
    let after = p.play(&one(&p, "c2", "c5", MoveKind::Normal));
    assert_eq!(ep_captures(&after), vec!["d5c4"]);
    let after = p.play(&one(&p, "c2", "a4", MoveKind::Normal));
    assert_eq!(ep_captures(&after), vec!["d5b3"]);
    // The capture removes the lancer from its square.
    let mv = legal(&after)
        .into_iter()
        .find(|m| m.kind == MoveKind::EnPassant)
        .unwrap();
    let done = after.play(&mv);
    assert!(done.piece_at(s("a4")).is_none());
    assert_eq!(done.piece_at(s("b3")).unwrap().kind, Kind::Lancer);
}

#[test]
fn figure4_gnu() {
    let p = setup(&["Ne6"], Color::White);
    assert_eq!(
        dests(&p, "e6"),
        sorted(&[
            "d9", "f9", "d8", "f8", "b7", "c7", "g7", "h7", "b5", "c5", "g5", "h5", "d4", "f4",
            "d3", "f3"
        ])
    );
}

#[test]
fn figure5_dragon_pin() {
    let p = setup(&["ke6", "rc5", "De4", "Qc2", "Kj1"], Color::Black);
    // The rook may only go where it shields the king from its own borrowed power.
    assert_eq!(dests(&p, "c5"), vec!["e5"]);
    assert!(find(&p, "c5", "c2", MoveKind::Normal).is_empty());
}

#[test]
fn dragon_mimic_sequence() {
    // The seed's table: N, B / D, R / P, D / Q, G / D.
    let p = setup(
        &[
            "Kf1", "Da1", "G:a1", "G:j1", "Nc1", "Qe1", "Pb2", "Ph2", "kf10", "da10", "g:a10",
            "g:j10", "bd10", "ri10",
        ],
        Color::White,
    );
    let p = p.play(&one(&p, "c1", "b3", MoveKind::Normal));
    let p = p.play(&one(&p, "d10", "e9", MoveKind::Normal));
    assert_eq!(
        p.dragon_powers(Color::White),
        [Some(Kind::Knight), Some(Kind::Bishop)]
    );
    assert!(dests(&p, "a1").contains(&"c2".to_string()));
    let p = p.play(&one(&p, "a1", "c2", MoveKind::Normal));
    let p = p.play(&one(&p, "i10", "i9", MoveKind::Normal));
    assert_eq!(
        p.dragon_powers(Color::Black),
        [Some(Kind::Rook), Some(Kind::Knight)]
    );
    let p = p.play(&one(&p, "h2", "h3", MoveKind::Normal));
    assert_eq!(
        p.dragon_powers(Color::Black),
        [Some(Kind::Rook), Some(Kind::Knight)]
    );
    let p = p.play(&one(&p, "a10", "a9", MoveKind::Normal));
    let p = p.play(&one(&p, "e1", "e2", MoveKind::Normal));
    let p = p.play(&one(&p, "j10", "h9", MoveKind::Gate));
    assert_eq!(
        p.dragon_powers(Color::White),
        [Some(Kind::Queen), Some(Kind::Rook)]
    );
    // No knight power any more: c2-e3 (a gnu step) is gone, queen steps remain.
    let d = dests(&p, "c2");
    assert!(!d.contains(&"e3".to_string()) && !d.contains(&"d4".to_string()));
    assert!(d.contains(&"c5".to_string()) && d.contains(&"f5".to_string()));
}

#[test]
fn dragon_loses_power_when_conferrer_is_captured() {
    // 1. Nf6 Bxf6 2. Pxf6: both conferrers gone, the dragons have only their null moves.
    let p = setup(
        &[
            "Kf1", "Da1", "G:a1", "G:j1", "Ng4", "Pe5", "kf10", "dj10", "g:j10", "g:a10", "bd8",
        ],
        Color::White,
    );
    let p = p.play(&one(&p, "g4", "f6", MoveKind::Normal));
    let p = p.play(&one(&p, "d8", "f6", MoveKind::Normal));
    assert_eq!(p.conferrer(Color::White), None);
    let p = p.play(&one(&p, "e5", "f6", MoveKind::Normal));
    assert_eq!(p.dragon_powers(Color::Black), [None, None]);
    assert_eq!(dests(&p, "j10"), vec!["a10"]);
    assert_eq!(one(&p, "j10", "a10", MoveKind::Null).piece, Kind::Dragon);
}

#[test]
fn removing_check_by_a_dragon() {
    // White's last piece was a rook: the black dragon on e8 checks along the e-file with it.
    let p = with_last(
        setup(&["Ke1", "Ra3", "Nh1", "de8", "kj10"], Color::White),
        Some("a3"),
        None,
    );
    assert!(p.in_check());
    let moves = legal(&p);
    // A knight move takes the rook power away.
    assert!(moves.iter().any(|m| m.from == s("h1")));
    // The rook itself can block on the e-file (it keeps the power but shields).
    assert!(moves.iter().any(|m| m.from == s("a3") && m.to == s("e3")));
    assert!(!moves.iter().any(|m| m.from == s("a3") && m.to == s("a4")));
    // The king may step onto e2, which the dragon sees only with the power the king's move removes.
    assert!(moves.iter().any(|m| m.from == s("e1") && m.to == s("e2")));
}

#[test]
fn figure6_ox_pushes() {
    let pushes = |p: &Dao| -> Vec<String> {
        let mut v: Vec<String> = legal(p)
            .iter()
            .filter(|m| m.kind == MoveKind::Push)
            .map(|m| format!("{}{}", square_name(m.from), square_name(m.to)))
            .collect();
        v.sort();
        v
    };
    // (a): stopped by the rook after one square.
    let p = setup(&["Ob5", "bc5", "Pd5", "Rf5"], Color::White);
    assert_eq!(pushes(&p), vec!["b5c5"]);
    let after = p.play(&one(&p, "b5", "c5", MoveKind::Push));
    assert_eq!(after.piece_at(s("d5")).unwrap().kind, Kind::Bishop);
    assert_eq!(after.piece_at(s("e5")).unwrap().kind, Kind::Pawn);
    // (c): two enemy pieces in the line.
    let p = setup(&["Od5", "pe5", "Qf5", "pg5"], Color::White);
    assert!(pushes(&p).iter().all(|m| !m.starts_with("d5e5")));
    assert!(!pushes(&p).contains(&"d5e5".to_string()));
    // (d)-(f): to the edge or any point before it.
    let p = setup(&["Oa5", "Pb5", "Rc5", "Dd5", "Pe5"], Color::White);
    assert_eq!(
        pushes(&p),
        sorted(&["a5b5", "a5c5", "a5d5", "a5e5", "a5f5"])
    );
    let after = p.play(&one(&p, "a5", "f5", MoveKind::Push));
    assert_eq!(after.piece_at(s("j5")).unwrap().kind, Kind::Pawn);
    assert_eq!(after.piece_at(s("f5")).unwrap().kind, Kind::Ox);
    // Notation lists the ox first, then the pushed pieces near to far.
    let mv = one(&p, "a5", "c5", MoveKind::Push);
    assert_eq!(p.move_to_human(&mv), "Oc5(Pd5,Re5,Df5,Pg5)");
    // No enemy ox in the line; an enemy dragon only when it cannot move like an ox.
    let p = setup(&["Oa5", "ob5"], Color::White);
    assert!(pushes(&p).is_empty());
    let p = setup(&["Oa5", "db5"], Color::White);
    assert_eq!(pushes(&p).len(), 8);
    let p = with_last(
        setup(&["Oa5", "db5", "oj1"], Color::White),
        None,
        Some("j1"),
    );
    assert!(pushes(&p).is_empty());
}

#[test]
fn ox_moves_and_king_push() {
    // The ox slides without capturing and captures one step diagonally in all four directions.
    let p = setup(&["Oe5", "pe7", "pd4", "pf6", "Pd6"], Color::White);
    let d = dests(&p, "e5");
    assert!(d.contains(&"d4".to_string()) && d.contains(&"f6".to_string()));
    assert!(!d.contains(&"e7".to_string()));
    assert!(d.contains(&"e6".to_string())); // a push of the pawn e7? no: e6 is a plain move
                                            // Pushing the own king through an attacked square is illegal, onto a safe one is fine.
    let push_to = |p: &Dao, to: &str| !find(p, "a1", to, MoveKind::Push).is_empty();
    let p = setup(&["Oa1", "Kb1", "rd10", "kj10"], Color::White);
    assert!(push_to(&p, "b1")); // king to c1
    assert!(!push_to(&p, "c1")); // king lands on d1: in check
    assert!(!push_to(&p, "d1")); // king passes d1 on the way to e1
    assert!(!push_to(&p, "e1")); // king passes d1 on the way to f1
    assert!(!push_to(&p, "h1")); // every longer push passes d1 too
    let p = setup(&["Oa1", "Kb1", "rd10", "kj10"], Color::White);
    let p = Dao { castling: 0, ..p };
    assert!(!p.in_check());
}

#[test]
fn figure7_archer() {
    let p = setup(
        &["Ad5", "Pd8", "of7", "qc6", "pg5", "Rh9", "Kj1", "kj10"],
        Color::White,
    );
    assert_eq!(
        dests(&p, "d5"),
        sorted(&[
            "d9", "d10", "a8", "b7", "g8", "a5", "b5", "c5", "e5", "f5", "d4", "d3", "d2", "d1"
        ])
    );
    // x squares allow captures, m squares do not.
    let p = setup(
        &[
            "Ad5", "Pd8", "of7", "qc6", "rb7", "Kj1", "kj10", "pd3", "pe5",
        ],
        Color::White,
    );
    let d = dests(&p, "d5");
    assert!(d.contains(&"b7".to_string()));
    assert!(!d.contains(&"d3".to_string()) && !d.contains(&"e5".to_string()));
    assert!(!d.contains(&"c6".to_string()) && !d.contains(&"f7".to_string()));
}

#[test]
fn figure8_archer_group() {
    let p = setup(
        &[
            "Af1", "bf3", "pf4", "Nf5", "pf6", "pf8", "bf9", "ld3", "qc4", "Kj1", "kj10",
        ],
        Color::White,
    );
    let d = dests(&p, "f1");
    for x in ["f4", "f6", "f8", "f7"] {
        assert!(d.contains(&x.to_string()), "{x}");
    }
    for x in ["f3", "f9", "c4", "f5", "f2"] {
        assert!(!d.contains(&x.to_string()), "{x}");
    }
}

#[test]
fn archer_check_needs_a_screen() {
    // An empty line does not check; a non-lancer interposed creates the check, so it is illegal.
    let p = setup(&["Ae1", "Kj1", "ke9", "nc8"], Color::Black);
    assert!(!p.in_check());
    assert!(find(&p, "c8", "e7", MoveKind::Normal).is_empty());
    // A lancer screens.
    let p = setup(&["Ae1", "Kj1", "ke9", "lc6"], Color::Black);
    assert!(!find(&p, "c6", "e6", MoveKind::Normal).is_empty());
    let p = setup(&["Ae1", "Pe4", "Kj1", "ke9"], Color::Black);
    assert!(p.in_check());
}

#[test]
fn figure9_fool() {
    let p = setup(&["Fd4", "Pf3", "ph8"], Color::White);
    let mut expect = vec![
        "b8", "f8", "c6", "e6", "h6", "b5", "f5", "b3", "c2", "e2", "f3", "a10", "g10", "j7", "c9",
        "e9", "i9", "c8", "e8", "a7", "g7", "i6", "i5", "h3", "g1",
    ];
    // A rebound back onto its start square is a pass.
    expect.push("d4");
    assert_eq!(dests(&p, "d4"), sorted(&expect));
    let swap = one(&p, "d4", "f3", MoveKind::Swap);
    let after = p.play(&swap);
    assert_eq!(after.piece_at(s("d4")).unwrap().kind, Kind::Pawn);
    assert_eq!(after.piece_at(s("f3")).unwrap().kind, Kind::Fool);
    assert_eq!(p.move_to_human(&swap), "Fd4<->Pf3");
}

#[test]
fn fool_suicide_capture_and_immunity() {
    // The rook checks the white king; the fool may remove it and itself.
    let p = setup(&["Kf1", "Fd4", "rf5", "kj10", "nb5"], Color::White);
    let mv = one(&p, "d4", "f5", MoveKind::Suicide);
    assert_eq!(p.move_to_human(&mv), "FxRf5xF");
    let after = p.play(&mv);
    assert!(after.piece_at(s("f5")).is_none() && after.piece_at(s("d4")).is_none());
    // The knight on b5 gives no check: it cannot be captured.
    assert!(legal(&p).iter().all(|m| m.to != s("b5")));
    // The fool is immune except to king, dragon and lancer.
    let p = setup(&["Rf1", "Nc3", "fd4", "Le3", "Kj1", "kj10"], Color::White);
    assert!(legal(&p)
        .iter()
        .any(|m| m.from == s("e3") && m.to == s("d4")));
    assert!(!legal(&p)
        .iter()
        .any(|m| m.to == s("d4") && (m.from == s("c3") || m.from == s("f1"))));
}

#[test]
fn figure10_transporter() {
    let p = setup(&["Qe1", "Re7", "G:b4", "G:g7"], Color::White);
    assert_eq!(
        dests(&p, "e7"),
        sorted(&[
            "a7", "b7", "c7", "d7", "f7", "g7", "h7", "i7", "j7", "b4", "c4", "d4", "e4", "f4",
            "g4", "h4", "i4", "j4", "e8", "e9", "e10", "e6", "e5", "e3", "e2"
        ])
    );
    let d = dests(&p, "e1");
    for x in ["d2", "c3", "b4", "a5", "g7", "f8", "e9", "d10"] {
        assert!(d.contains(&x.to_string()), "{x}");
    }
    let mv = one(&p, "e7", "i4", MoveKind::Normal);
    assert_eq!(p.move_to_human(&mv), "R(Gg7)i4");
    assert_eq!(p.move_to_wire(&mv), "e7i4");
}

#[test]
fn figure11_pass_through_gates() {
    let p = setup(&["Rf6", "G:f9", "G:f4"], Color::White);
    let passes = find(&p, "f6", "f6", MoveKind::Normal);
    assert_eq!(passes.len(), 1);
    let after = p.play(&passes[0]);
    assert_eq!(after.conferrer(Color::White), Some(s("f6")));
}

#[test]
fn figure12_pawns_through_transporter() {
    let items = [
        "G:b3", "ng8", "G:g8", "pb8", "g:b8", "Ne4", "g:e4", "g:h4", "Qf3", "Ri3", "Pa2", "Pb2",
    ];
    let p = setup(&items, Color::White);
    assert_eq!(find(&p, "a2", "g8", MoveKind::Normal).len(), 1);
    assert!(legal(&p)
        .iter()
        .all(|m| !(m.from == s("b2") && m.to == s("g8"))));
    let p = setup(&items, Color::Black);
    assert_eq!(find(&p, "b8", "i3", MoveKind::Normal).len(), 1);
    assert_eq!(find(&p, "b8", "e4", MoveKind::Null).len(), 1);
    assert!(legal(&p).iter().all(|m| m.to != s("f3")));
}

#[test]
fn pawn_promotes_through_transporter() {
    // Pawn and gate on b2, the other gate on h8: b2 to h10 in one move, promoting.
    let p = setup(&["Pb2", "G:b2", "G:h8"], Color::White);
    let promos: Vec<Move> = find(&p, "b2", "h10", MoveKind::Normal);
    assert_eq!(promos.len(), 9, "Q R B N A O D G F");
    assert!(promos.iter().all(|m| m.promo.is_some()));
    // No fool promotion while a fool is in reserve.
    let mut q = p.clone();
    q.reserve[0][2] = 1;
    q.refresh();
    assert_eq!(find(&q, "b2", "h10", MoveKind::Normal).len(), 8);
}

fn white_move(p: &Dao, from: &str, to: &str) -> Dao {
    p.play(&one(p, from, to, MoveKind::Normal))
}

#[test]
fn figure13_en_passant_through_transporter() {
    let p = setup(
        &["Pa2", "G:a4", "G:g6", "pb4", "pb5", "pb6", "ph7"],
        Color::White,
    );
    assert_eq!(
        ep_captures(&white_move(&p, "a2", "a5")),
        vec!["b4a3", "b5a4"]
    );
    assert_eq!(
        ep_captures(&white_move(&p, "a2", "g7")),
        vec!["b4a3", "b5a4", "b6a5", "h7g6"]
    );
    assert_eq!(
        ep_captures(&white_move(&p, "a2", "g6")),
        vec!["b4a3", "b5a4"]
    );
}

#[test]
fn figure14_blocked_virtual_path() {
    let p = setup(&["Pa2", "G:a2", "Ba3", "G:g6", "pb5"], Color::White);
    for to in ["g8", "g9"] {
        assert!(ep_captures(&white_move(&p, "a2", to)).is_empty(), "{to}");
    }
}

#[test]
fn figure15_upstream_square() {
    let p = setup(&["Pa2", "G:a4", "G:g4", "ph4"], Color::White);
    for to in ["g4", "g5"] {
        assert!(ep_captures(&white_move(&p, "a2", to)).is_empty(), "{to}");
    }
}

#[test]
fn figure16_en_passant_by_the_capturers_transporter() {
    let items = ["g:d8", "ph8", "g:h8", "g:c4", "g:e4", "pc9", "Pc2", "Pf2"];
    let p = setup(&items, Color::White);
    let after = white_move(&p, "c2", "c5");
    assert_eq!(ep_captures(&after), vec!["c9c4", "h8c4"]);
    assert_eq!(
        one(&after, "h8", "c4", MoveKind::EnPassant).kind,
        MoveKind::EnPassant
    );
    for to in ["f4", "f5"] {
        assert_eq!(ep_captures(&white_move(&p, "f2", to)), vec!["h8f3"], "{to}");
    }
    // A lancer on c9 reaches f3 by its two-step diagonal through d8 and e4.
    let mut items_l = items.to_vec();
    items_l[5] = "lc9";
    let p = setup(&items_l, Color::White);
    assert_eq!(
        ep_captures(&white_move(&p, "f2", "f5")),
        vec!["c9f3", "h8f3"]
    );
}

#[test]
fn figure17_double_transporter_en_passant() {
    let items = [
        "G:f7", "G:c4", "G:d3", "G:i3", "pg8", "g:g8", "g:d4", "g:j5", "Pc2", "Pd2", "Pi2",
    ];
    let p = setup(&items, Color::White);
    assert_eq!(
        ep_captures(&white_move(&p, "c2", "f8")),
        vec!["g8c3", "g8f7"]
    );
    assert_eq!(ep_captures(&white_move(&p, "d2", "c6")), vec!["g8d4"]);
    for to in ["c4", "f7"] {
        assert!(ep_captures(&white_move(&p, "d2", to)).is_empty(), "{to}");
    }
    for to in ["c5", "c6"] {
        assert_eq!(ep_captures(&white_move(&p, "i2", to)), vec!["g8i4"], "{to}");
    }
}

#[test]
fn castling_both_sides_and_gate_rules() {
    let items = [
        "Kf1", "Rb1", "Ri1", "Da1", "G:a1", "Dj1", "G:j1", "kf10", "ra10", "g:j10",
    ];
    let mut p = setup(&items, Color::White);
    p.castling = WHITE_KING_SIDE | WHITE_QUEEN_SIDE;
    p.refresh();
    let ks = one(&p, "f1", "h1", MoveKind::CastleKing);
    let qs = one(&p, "f1", "c1", MoveKind::CastleQueen);
    assert_eq!(p.move_to_human(&ks), "O-O");
    assert_eq!(p.move_to_wire(&qs), "f1c1");
    let after = p.play(&ks);
    assert_eq!(after.piece_at(s("g1")).unwrap().kind, Kind::Rook);
    assert_eq!(after.piece_at(s("h1")).unwrap().kind, Kind::King);
    // Castling counts as a rook move for the dragons.
    assert_eq!(after.conferrer(Color::White), Some(s("g1")));
    let after = p.play(&qs);
    assert_eq!(after.piece_at(s("d1")).unwrap().kind, Kind::Rook);
    assert_eq!(after.piece_at(s("c1")).unwrap().kind, Kind::King);
    // Gates on the path do not matter by themselves.
    let mut q = p.clone();
    q.gates[s("g1") as usize] = Some(Color::White);
    q.gates[s("h1") as usize] = Some(Color::Black);
    q.refresh();
    assert_eq!(find(&q, "f1", "h1", MoveKind::CastleKing).len(), 1);
    // An enemy gate on g1 is threatened through the enemy transporter: c8-c7-c6-c5 (gate) ends
    // on g1. With that gate on a3 instead (the rook emerges there going down), g1 is safe.
    let mut q = setup(&["Kf1", "Ri1", "kj10", "rc8", "g:c5", "g:g1"], Color::White);
    q.castling = WHITE_KING_SIDE;
    q.refresh();
    assert!(!q.in_check());
    assert!(find(&q, "f1", "h1", MoveKind::CastleKing).is_empty());
    q.gates[s("g1") as usize] = None;
    q.gates[s("a3") as usize] = Some(Color::Black);
    q.refresh();
    assert_eq!(find(&q, "f1", "h1", MoveKind::CastleKing).len(), 1);
    // Black rook on the d-file forbids the queen side (king crosses d1), not the king side.
    let mut q = p.clone();
    q.board[s("d8") as usize] = Some(Piece {
        color: Color::Black,
        kind: Kind::Rook,
    });
    q.refresh();
    assert!(find(&q, "f1", "c1", MoveKind::CastleQueen).is_empty());
    assert_eq!(find(&q, "f1", "h1", MoveKind::CastleKing).len(), 1);
    // The rook b9 enters the gate e9 and emerges from g2 keeping its direction (east): it
    // attacks g2..j2, not the castling squares.
    let mut q = setup(
        &["Kf1", "Ri1", "kf10", "rb9", "g:e9", "g:g2", "Da1", "G:a1"],
        Color::White,
    );
    q.castling = WHITE_KING_SIDE;
    q.refresh();
    assert_eq!(find(&q, "f1", "h1", MoveKind::CastleKing).len(), 1);
    // Rights go when the rook moves or is captured.
    let after = p.play(&one(&p, "i1", "i5", MoveKind::Normal));
    assert_eq!(after.castling & WHITE_KING_SIDE, 0);
    assert_ne!(after.castling & WHITE_QUEEN_SIDE, 0);
}

#[test]
fn castling_through_check_via_enemy_transporter() {
    // Black gates on d5 and g5: the black rook on g8 goes down the g-file... and through the
    // transporter continues down from d5 to d1. The king crossing d1 is attacked.
    let mut p = setup(
        &["Kf1", "Rb1", "kj10", "rd8", "g:d6", "g:h6", "Pd2"],
        Color::White,
    );
    p.castling = WHITE_QUEEN_SIDE;
    p.refresh();
    assert_eq!(find(&p, "f1", "c1", MoveKind::CastleQueen).len(), 1);
    let mut q = setup(&["Kf1", "Rb1", "kj10", "rh8", "g:h6", "g:d6"], Color::White);
    q.castling = WHITE_QUEEN_SIDE;
    q.refresh();
    // h8 -> h7 -> h6 (gate) -> d6 -> d5 ... d1: the rook attacks d1 through its transporter.
    assert!(find(&q, "f1", "c1", MoveKind::CastleQueen).is_empty());
}

#[test]
fn drops() {
    let p = setup(&["Kf1", "G:a1", "G:e5", "Pe5", "kf10", "Qj9"], Color::White);
    let mut p = p;
    p.reserve = [[2, 2, 1], [0, 0, 0]];
    p.refresh();
    let drops: Vec<String> = legal(&p)
        .iter()
        .filter(|m| m.kind == MoveKind::Drop)
        .map(|m| p.move_to_wire(m))
        .collect();
    // Only the vacant gate a1 takes a drop; the gate under the pawn does not.
    assert_eq!(drops, vec!["A@a1", "O@a1", "F@a1"]);
    let archer = legal(&p)
        .into_iter()
        .find(|m| m.kind == MoveKind::Drop && m.piece == Kind::Archer)
        .unwrap();
    let after = p.play(&archer);
    assert_eq!(after.reserve[0], [1, 2, 1]);
    assert_eq!(after.halfmove, 0);
    assert_eq!(after.conferrer(Color::White), None);
    // A drop may not give check directly ...
    let mut q = setup(&["Kj1", "G:a6", "G:c3", "kf10"], Color::White);
    q.reserve = [[0, 0, 0], [0, 0, 0]];
    q.reserve[0][0] = 1;
    q.refresh();
    // ... an archer on f2 leaping f3 would check; on a6 with nothing to leap it does not.
    assert!(legal(&q)
        .iter()
        .any(|m| m.kind == MoveKind::Drop && m.to == s("a6")));
    // ... but it may create a screen for an archer behind it.
    let mut r = setup(&["Kj1", "Af1", "G:f4", "kf10"], Color::White);
    r.reserve[0][1] = 1;
    r.refresh();
    let drop = one(&r, "f4", "f4", MoveKind::Drop);
    assert_eq!(drop.piece, Kind::Ox);
    assert!(r.play(&drop).in_check());
    // An ox dropped next to the king checks with its diagonal capture: illegal.
    let mut t = setup(&["Kj1", "G:e9", "kf10"], Color::White);
    t.reserve[0][1] = 1;
    t.refresh();
    assert!(find(&t, "e9", "e9", MoveKind::Drop).is_empty());
}

#[test]
fn gates_move_like_bishop_or_knight() {
    let p = setup(
        &["G:c1", "g:e3", "Pd2", "Da1", "G:a1", "Nb3", "G:b3"],
        Color::White,
    );
    let gate = |from: &str| -> Vec<String> {
        let mut v: Vec<String> = legal(&p)
            .iter()
            .filter(|m| m.kind == MoveKind::Gate && m.from == s(from))
            .map(|m| square_name(m.to))
            .collect();
        v.sort();
        v
    };
    // c1: diagonal b2, a3 (d2 blocked by the pawn); knight a2, e2, d3 (b3 holds a gate).
    assert_eq!(gate("c1"), sorted(&["b2", "a3", "a2", "e2", "d3"]));
    // Under a dragon a gate cannot move; under another piece it can.
    assert!(gate("a1").is_empty());
    assert!(!gate("b3").is_empty());
    // Bishop slides pass over vacant gates of either colour but never end on one.
    let q = setup(&["G:a1", "g:c3", "G:e5"], Color::White);
    let v: Vec<String> = legal(&q)
        .iter()
        .filter(|m| m.kind == MoveKind::Gate && m.from == s("a1"))
        .map(|m| square_name(m.to))
        .collect();
    assert!(v.contains(&"d4".to_string()) && v.contains(&"f6".to_string()));
    assert!(!v.contains(&"c3".to_string()) && !v.contains(&"e5".to_string()));
}

#[test]
fn king_and_transporter() {
    // A king on its gate checks the enemy king next to its other gate.
    let p = setup(&["Ka1", "G:a1", "G:e5", "ke6"], Color::Black);
    assert!(p.in_check());
    // In check, the king may not use its transporter: no null move, no relocation.
    let p = setup(&["Ka1", "G:a1", "G:h5", "ra8", "kj10"], Color::White);
    assert!(p.in_check());
    assert!(legal(&p).iter().all(|m| m.to != s("h5")));
    let q = setup(&["Ka1", "G:a1", "G:h5", "kj10"], Color::White);
    assert_eq!(find(&q, "a1", "h5", MoveKind::Null).len(), 1);
    // Out of check it may step from the other gate.
    assert!(legal(&q)
        .iter()
        .any(|m| m.from == s("a1") && m.to == s("h6")));
}

#[test]
fn null_move_differs_from_normal_move_by_conferral() {
    let p = setup(&["Ra1", "G:a1", "G:a5", "Kj1", "kj10"], Color::White);
    let null = one(&p, "a1", "a5", MoveKind::Null);
    let normal = one(&p, "a1", "a5", MoveKind::Normal);
    assert_eq!(p.play(&null).conferrer(Color::White), None);
    assert_eq!(p.play(&normal).conferrer(Color::White), Some(s("a5")));
    assert_eq!(p.move_to_wire(&null), "a1~a5");
    assert_eq!(p.move_to_wire(&normal), "a1a5");
    // When the rook already conferred, both leave the same state: one move.
    let q = with_last(p.clone(), Some("a1"), None);
    let n = legal(&q)
        .iter()
        .filter(|m| m.from == s("a1") && m.to == s("a5"))
        .count();
    assert_eq!(n, 1);
    assert!(q.parse_move("a1~a5").is_ok() && q.parse_move("a1a5").is_ok());
}

#[test]
fn promotion_choices_and_fool_limit() {
    let p = setup(&["Pc9", "Kj1", "kj10"], Color::White);
    let promos: Vec<char> = find(&p, "c9", "c10", MoveKind::Normal)
        .iter()
        .map(|m| m.promo.unwrap().letter())
        .collect();
    assert_eq!(promos, vec!['Q', 'R', 'B', 'N', 'A', 'O', 'D', 'G', 'F']);
    let q = setup(&["Pc9", "Kj1", "kj10", "Fa5"], Color::White);
    assert_eq!(find(&q, "c9", "c10", MoveKind::Normal).len(), 8);
    let r = setup(&["Pc9", "Kj1", "kj10", "G:c10"], Color::White);
    assert_eq!(find(&r, "c9", "c10", MoveKind::Normal).len(), 8);
    assert_eq!(
        p.move_to_wire(&find(&p, "c9", "c10", MoveKind::Normal)[0]),
        "c9c10q"
    );
}

/// A tiny deterministic generator for random play-outs.
/// A fixed-seed generator for random games, so a failure can be replayed.
pub(crate) struct Lcg(pub(crate) u64);
impl Lcg {
    pub(crate) fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn start_position_string() {
    let p = Dao::start_position("dao").unwrap();
    assert_eq!(p.position_string(), position::START);
    assert_eq!(p.side_to_move(), Color::White);
    assert_eq!(p.gate_at(s("a1")), Some(Color::White));
    assert_eq!(p.piece_at(s("a1")).unwrap().kind, Kind::Dragon);
    assert_eq!(p.piece_at(s("f10")).unwrap().kind, Kind::King);
    assert_eq!(p.reserve_count(Color::Black, Kind::Ox), 2);
}

#[test]
fn random_games_round_trip_texts_and_keys() {
    let mut rng = Lcg(12345);
    let mut seen_kinds = std::collections::HashSet::new();
    for game in 0..8 {
        let mut p = Dao::start_position("dao").unwrap();
        for _ply in 0..60 {
            let moves = legal(&p);
            if moves.is_empty() {
                break;
            }
            // Position strings round-trip to an equal state with an equal key.
            let text = p.position_string();
            let back = Dao::from_position_string("dao", &text).unwrap();
            assert_eq!(back, p, "{text}");
            assert_eq!(back.compute_key(), p.key());
            // Every move has exactly one wire string, and both texts parse back to it.
            let wires = notation::wire_list(&moves);
            let mut unique = wires.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), wires.len(), "{text}: {wires:?}");
            let mv = moves[rng.next(moves.len())];
            let w = p.move_to_wire(&mv);
            assert_eq!(p.parse_move(&w), Ok(mv), "{text}: wire {w}");
            let h = p.move_to_human(&mv);
            assert_eq!(p.parse_move(&h), Ok(mv), "{text}: human {h}");
            seen_kinds.insert(format!("{:?}", mv.kind));
            p = p.play(&mv);
            assert_eq!(p.key(), p.compute_key());
        }
        let _ = game;
    }
    for k in ["Normal", "Drop", "Gate"] {
        assert!(seen_kinds.contains(k), "{k} never played: {seen_kinds:?}");
    }
}

#[test]
fn garbage_position_strings_name_the_field() {
    let cases = [
        ("", "piece placement"),
        ("xyz", "side to move"),
        ("10/10 w - - [] - - 0 1", "piece placement"),
        (
            "10/10/10/10/10/10/10/10/10/9 w - - [] - - 0 1",
            "piece placement",
        ),
        (
            "10/10/10/10/10/10/10/10/10/Z9 w - - [] - - 0 1",
            "piece placement",
        ),
        (
            "10/10/10/10/10/10/10/10/10/(PX)9 w - - [] - - 0 1",
            "piece placement",
        ),
        (
            "10/10/10/10/10/10/10/10/10/(P9 w - - [] - - 0 1",
            "piece placement",
        ),
        (
            "10/10/10/10/10/10/10/10/10/10 x - - [] - - 0 1",
            "side to move",
        ),
        (
            "10/10/10/10/10/10/10/10/10/10 w KQ - [] - - 0 1",
            "castling",
        ),
        ("10/10/10/10/10/10/10/10/10/10 w Z - [] - - 0 1", "castling"),
        (
            "10/10/10/10/10/10/10/10/10/10 w - e4 [] - - 0 1",
            "en passant",
        ),
        (
            "10/10/10/10/10/10/10/10/10/10 w - e4:e3 [] - - 0 1",
            "en passant",
        ),
        ("10/10/10/10/10/10/10/10/10/10 w - - AA - - 0 1", "reserve"),
        ("10/10/10/10/10/10/10/10/10/10 w - - [Q] - - 0 1", "reserve"),
        (
            "10/10/10/10/10/10/10/10/10/10 w - - [] z9 - 0 1",
            "white conferrer",
        ),
        (
            "10/10/10/10/10/10/10/10/10/10 w - - [] - a1 0 1",
            "black conferrer",
        ),
        (
            "10/10/10/10/10/10/10/10/10/10 w - - [] - - x 1",
            "halfmove clock",
        ),
        (
            "10/10/10/10/10/10/10/10/10/10 w - - [] - - 0 0",
            "fullmove number",
        ),
    ];
    for (text, field) in cases {
        match Dao::from_position_string("dao", text) {
            Err(e) => assert_eq!(e.field, field, "{text}: {e}"),
            Ok(_) => panic!("accepted: {text}"),
        }
    }
    // Piece-on-gate groups and en passant data round-trip.
    let t = "10/10/10/10/10/10/10/1L8/(Rg)(nG)G7/10 b - b3:c2c3 [Ff] a2 - 3 7";
    let p = Dao::from_position_string("dao", t).unwrap();
    assert_eq!(p.position_string(), t);
    assert!(Dao::from_position_string("chess", position::START).is_err());
}

#[test]
fn garbage_moves_are_errors() {
    let p = Dao::start_position("dao").unwrap();
    for bad in [
        "",
        "zz",
        "e2e9",
        "a1~j1",
        "Q@a1",
        "k1k2",
        "e2",
        "@@",
        "a2a5q",
        "\u{1F600}",
    ] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    assert!(matches!(
        p.parse_move("hello"),
        Err(MoveError::Unparsable { .. })
    ));
    assert!(matches!(
        p.parse_move("e2e9"),
        Err(MoveError::Illegal { .. })
    ));
    // Wire and human forms of the same move.
    let a = p.parse_move("e2e5").unwrap();
    assert_eq!(p.parse_move("Pe5"), Ok(a));
    assert_eq!(p.move_to_human(&a), "Pe5");
    let n = p.parse_move("c1d4").unwrap();
    assert_eq!(p.move_to_human(&n), "Nd4");
}

#[test]
fn dragon_notation_names_the_mimicked_piece() {
    let p = with_last(
        setup(&["Dd4", "Aa1", "Kj1", "kj10", "Pf4"], Color::White),
        Some("a1"),
        None,
    );
    // As an archer the dragon leaps the pawn f4... along its forward diagonal from d4? No: e5.
    // Leap forward over the pawn on d5.
    let mut q = p.clone();
    q.board[s("d5") as usize] = Some(Piece {
        color: Color::White,
        kind: Kind::Pawn,
    });
    q.refresh();
    let mv = one(&q, "d4", "d6", MoveKind::Normal);
    assert_eq!(mv.mimic, Kind::Archer);
    assert_eq!(q.move_to_human(&mv), "D(A)d6");
}

fn suite() -> Suite<'static> {
    parse_suite(Dao::perft_suite("dao").expect("DAO keeps a suite")).unwrap()
}

fn suite_states() -> Vec<Dao> {
    suite()
        .entries
        .iter()
        .map(|e| Dao::from_position_string("dao", e.position).unwrap())
        .collect()
}

/// The reference counts of the start position; every suite position (the registry's suite test
/// checks their counts) reads back to the same string.
#[test]
fn perft_suite_positions_round_trip() {
    let suite = suite();
    assert_eq!(
        suite.entry("start").unwrap().counts,
        [(1, 54), (2, 2_948), (3, 176_170)]
    );
    for entry in &suite.entries {
        let p = Dao::from_position_string("dao", entry.position).unwrap();
        assert_eq!(p.position_string(), entry.position, "{}", entry.name);
    }
}

#[test]
fn start_depth_four_deep() {
    // This generator's own number (before and after the attack prefilter), TIAMAT_DEEP only.
    if !crate::core::deep_tests() {
        return;
    }
    let p = Dao::start_position("dao").unwrap();
    assert_eq!(perft(&p, 4), 10_603_589);
}

#[test]
fn hand_checked_depth_two_of_en_passant_position() {
    // After d3 or f3: lancer 10 + king 3 each; after e.p. only the king's 3; after each king
    // move: lancer 8 (e3 blocked) + king 3 = 11. 13 + 13 + 3 + 3 x 11 = 62.
    let p =
        Dao::from_position_string("dao", suite().entry("ep-pending").unwrap().position).unwrap();
    let mut per: Vec<u64> = legal(&p).iter().map(|m| perft(&p.play(m), 1)).collect();
    per.sort();
    assert_eq!(per, vec![3, 11, 11, 11, 13, 13]);
}

#[test]
fn cecp_setup_and_board_text() {
    let p = Dao::start_position("dao").unwrap();
    let setup = p.cecp_setup().unwrap();
    let first = setup.lines().next().unwrap();
    assert_eq!(
        first,
        "setup (PNBRQFOA......DG..LKpnbrqfoa......dg..lk) 10x10+8_fairy \
         drnbqkbnrd/ppllppllpp/10/10/10/10/10/10/PPLLPPLLPP/DRNBQKBNRD[AAOOFaaoof] w KQkq - 0 1"
    );
    assert!(setup.lines().any(|l| l == "piece N& NC"));
    let text = p.board_text();
    assert!(text.contains("DG") && text.contains("reserve [AAOOFaaoof]"));
    assert_eq!(Dao::variants(), &["dao"]);
}

#[test]
fn cecp_setup_draws_a_lone_gate() {
    // The white dragon has left its gate on j1; the dragons on gates are drawn as dragons.
    let text = "(dg)rnbqkbnr(dg)/ppllppllpp/10/10/10/10/10/10/PPLLPPLLPP/(DG)RNBQKBNRG \
                w - - [AAOOFaaoof] - - 0 1";
    let p = Dao::from_position_string("dao", text).unwrap_or_else(|e| panic!("{e}"));
    let setup = p.cecp_setup().unwrap();
    assert!(
        setup.contains(" drnbqkbnrd/ppllppllpp/10/10/10/10/10/10/PPLLPPLLPP/DRNBQKBNRG["),
        "{setup}"
    );
}

#[test]
fn fool_may_remove_the_piece_that_empowers_a_dragon() {
    // Black's last piece is the bishop h8; the black dragon on b6 borrows it and checks the white
    // king on d4... via c5. The fool on f7 reaches h8 (f7-h8 is a knight step).
    let p = with_last(
        setup(&["Kd4", "Ff7", "bh8", "db6", "kj10"], Color::White),
        None,
        Some("h8"),
    );
    assert!(p.in_check());
    let mv = one(&p, "f7", "h8", MoveKind::Suicide);
    let after = p.play(&mv);
    assert_eq!(after.conferrer(Color::Black), None);
    assert_eq!(after.conferrer(Color::White), None);
    assert!(!after.in_check() || after.side_to_move() == Color::Black);
}

#[test]
fn dragon_as_fool_swaps_and_suicides() {
    // White's last piece was the fool: the dragon may swap with its own rook.
    let p = with_last(
        setup(&["Dd4", "Re6", "Fa1", "Kj1", "kj10"], Color::White),
        Some("a1"),
        None,
    );
    let swap = one(&p, "d4", "e6", MoveKind::Swap);
    assert_eq!(p.move_to_human(&swap), "D(F)d4<->Re6");
    let after = p.play(&swap);
    assert_eq!(after.piece_at(s("d4")).unwrap().kind, Kind::Rook);
    // The swap does not confer: the fool is still White's conferrer.
    assert_eq!(after.conferrer(Color::White), Some(s("a1")));
}

#[test]
fn fool_swap_promotes_a_pawn() {
    let p = setup(&["Fd10", "Pe8", "Kj1", "kj5"], Color::White);
    let swaps = find(&p, "d10", "e8", MoveKind::Swap);
    // Q R B N A O D G (a fool is on the board, so no fool).
    assert_eq!(swaps.len(), 8);
    let after = p.play(&swaps[0]);
    assert_eq!(after.piece_at(s("d10")).unwrap().kind, Kind::Queen);
}

#[test]
fn ox_push_promotes_a_pawn() {
    let p = setup(&["Oc7", "Pc8", "Pc9", "Kj1", "kj5"], Color::White);
    // The line c8, c9 moves up one: c9 reaches c10 and promotes (9 choices).
    let pushes = find(&p, "c7", "c8", MoveKind::Push);
    assert_eq!(pushes.len(), 9);
    let after = p.play(&pushes[0]);
    assert_eq!(after.piece_at(s("c10")).unwrap().kind, Kind::Queen);
    assert_eq!(after.piece_at(s("c9")).unwrap().kind, Kind::Pawn);
    assert_eq!(after.conferrer(Color::White), Some(s("c8")));
}

#[test]
fn archer_uses_the_transporter_before_or_after_the_leap() {
    // Before: a1 (gate) ... the archer departs from the gate e4 and leaps the pawn e5.
    let p = setup(&["Aa1", "G:a1", "G:e4", "Pe5", "Kj1", "kj10"], Color::White);
    let d = dests(&p, "a1");
    assert!(d.contains(&"e6".to_string()) && d.contains(&"e10".to_string()));
    // After: leaping b2 then entering the gate c3 to emerge from h6 going on to i7.
    let p = setup(&["Aa1", "Pb2", "G:c3", "G:h6", "Kj1", "kj10"], Color::White);
    let d = dests(&p, "a1");
    assert!(d.contains(&"i7".to_string()) && d.contains(&"h6".to_string()));
    // Not during the leap: a piece on a gate cannot be leapt into the transporter.
    let p = setup(&["Aa1", "Pb2", "G:b2", "G:h6", "Kj1", "kj10"], Color::White);
    let d = dests(&p, "a1");
    assert!(!d.contains(&"i7".to_string()));
    assert!(d.contains(&"c3".to_string()));
}

#[test]
fn lancer_two_step_capture_leaves_en_passant() {
    let p = setup(&["Lc2", "ra4", "pa5", "Kj1", "kj10"], Color::White);
    let after = p.play(&one(&p, "c2", "a4", MoveKind::Normal));
    let ep = after.en_passant().unwrap();
    assert_eq!(ep.victim, s("a4"));
    assert_eq!(ep.targets, bit(s("b3")));
    // Nobody can use it here; the string still records it.
    assert!(after.position_string().contains(" a4:b3 "));
}

#[test]
fn lancer_two_step_en_passant_capture_leaves_en_passant() {
    // Rules 4.4: "even a capturing 2-step". Black's pawn went f6-f4 over f5; the lancer d3
    // takes it e.p. on f5 through e4, and that diagonal two-step crosses e4 in turn.
    let mut p = setup(&["Ld3", "pf4", "pd5", "Kj1", "kj10"], Color::White);
    p.ep = Some(EnPassant {
        victim: s("f4"),
        targets: bit(s("f5")),
    });
    p.refresh();
    let after = p.play(&one(&p, "d3", "f5", MoveKind::EnPassant));
    assert!(after.piece_at(s("f4")).is_none());
    let ep = after.en_passant().unwrap();
    assert_eq!(ep.victim, s("f5"));
    assert_eq!(ep.targets, bit(s("e4")));
    assert!(after.position_string().contains(" f5:e4 "));
    assert_eq!(ep_captures(&after), vec!["d5e4"]);
    // A one-step e.p. capture crosses nothing.
    let mut p = setup(&["Le4", "pf4", "Kj1", "kj10"], Color::White);
    p.ep = Some(EnPassant {
        victim: s("f4"),
        targets: bit(s("f5")),
    });
    p.refresh();
    let after = p.play(&one(&p, "e4", "f5", MoveKind::EnPassant));
    assert_eq!(after.en_passant(), None);
}

#[test]
fn stalemate_is_a_draw_and_repetition_counts_passes() {
    use crate::core::GameResult;
    // Black king a10 stalemated by the queen b8 and king c9... a10: a9 b9 b10 covered.
    let p = setup(&["ka10", "Qb8", "Kc9"], Color::Black);
    let end = p.ending(&[]).unwrap();
    assert_eq!(end.result, GameResult::Draw);
    // A rook passing through its gates repeats the position.
    let p = setup(&["Rf6", "G:f9", "G:f4", "Kb1", "kh10", "Rb5"], Color::White);
    let pass = one(&p, "f6", "f6", MoveKind::Normal);
    let q = p.play(&pass);
    assert_ne!(q.key(), p.key()); // side to move changed and the rook now confers
    let mate = setup(&["kj10", "Qi9", "Kh8"], Color::Black);
    assert_eq!(mate.ending(&[]).unwrap().result, GameResult::WhiteWins);
}

#[test]
fn many_gates_stay_tractable() {
    // Eight white gates, a queen and a rook among them: every route is bounded by "each gate
    // entered once"; the count must come out quickly and stably.
    let p = setup(
        &[
            "Qe5", "Rb2", "G:a1", "G:c3", "G:e1", "G:h2", "G:b8", "G:g6", "G:j9", "G:d7", "Kj1",
            "kj10",
        ],
        Color::White,
    );
    let n = legal(&p).len();
    assert!(n > 100, "{n}");
}

#[test]
fn wire_qualifiers_separate_moves_with_the_same_squares() {
    // A bishop standing on its gate and the gate itself can both go c1-e3.
    let p = setup(&["Bc1", "G:c1", "G:j10", "Kj1", "ka10"], Color::White);
    let moves = legal(&p);
    let bishop = one(&p, "c1", "e3", MoveKind::Normal);
    let gate = one(&p, "c1", "e3", MoveKind::Gate);
    assert_eq!(p.move_to_wire(&bishop), "c1e3/m");
    assert_eq!(p.move_to_wire(&gate), "c1e3/g");
    assert_eq!(p.parse_move("c1e3/g"), Ok(gate));
    assert!(matches!(
        p.parse_move("c1e3"),
        Err(MoveError::Ambiguous { .. })
    ));
    assert_eq!(p.move_to_human(&gate), "Gc1-e3");
    assert!(moves.len() > 10);
    // A lancer's diagonal step onto an e.p. target is both a plain move and the capture.
    let mut q = setup(&["Ld4", "lf5", "Kj1", "ka10"], Color::White);
    q.ep = Some(EnPassant {
        victim: s("f5"),
        targets: bit(s("e5")),
    });
    q.refresh();
    let plain = one(&q, "d4", "e5", MoveKind::Normal);
    let ep = one(&q, "d4", "e5", MoveKind::EnPassant);
    assert_eq!(q.move_to_wire(&plain), "d4e5/m");
    assert_eq!(q.move_to_wire(&ep), "d4e5/e");
    assert_eq!(q.move_to_human(&ep), "Lxe5e.p.");
    assert!(q.play(&ep).piece_at(s("f5")).is_none());
}

#[test]
fn mutated_position_strings_never_panic() {
    let mut rng = Lcg(99);
    let alphabet: Vec<char> = "()/0123456789 KQRBNPLAOFDGkqrbnplaofdgwx-:[]@~é"
        .chars()
        .collect();
    let start: Vec<char> = position::START.chars().collect();
    for _ in 0..3000 {
        let mut t = start.clone();
        for _ in 0..1 + rng.next(4) {
            let i = rng.next(t.len());
            match rng.next(3) {
                0 => t[i] = alphabet[rng.next(alphabet.len())],
                1 => {
                    t.remove(i);
                }
                _ => t.insert(i, alphabet[rng.next(alphabet.len())]),
            }
        }
        let text: String = t.into_iter().collect();
        if let Ok(p) = Dao::from_position_string("dao", &text) {
            // Whatever is accepted can be written, read back and played.
            let again = Dao::from_position_string("dao", &p.position_string()).unwrap();
            assert_eq!(again, p);
            let moves = legal(&p);
            if let Some(m) = moves.first() {
                let _ = p.play(m);
            }
        }
        let _ = Dao::start_position("dao")
            .unwrap()
            .parse_move(&text.chars().take(8).collect::<String>());
    }
    let huge = "99999999999999999999/10/10/10/10/10/10/10/10/10 w - - [] - - 0 1";
    assert!(Dao::from_position_string("dao", huge).is_err());
}

#[test]
fn notation_prefers_the_shortest_route() {
    // Gates c1 and d1: the rook reaches e1 directly and through c1 > d1.
    let p = setup(&["Ra1", "G:c1", "G:d1", "Kj10", "kh8"], Color::White);
    let mv = one(&p, "a1", "e1", MoveKind::Normal);
    assert_eq!(p.move_to_human(&mv), "Re1");
    // A dragon with queen and bishop powers writes the alphabetically first type.
    let q = with_last(
        setup(&["Dd4", "Qa1", "Kj10", "kh8", "bb10"], Color::White),
        Some("a1"),
        Some("b10"),
    );
    let mv = one(&q, "d4", "f6", MoveKind::Normal);
    assert_eq!(q.move_to_human(&mv), "D(B)f6+"); // f6-g7-h8: check
}

/// The positions with a legal move along `games` random games from the start, up to `plies`
/// plies each, the moves drawn from `seed`.
fn random_game_positions(seed: u64, games: usize, plies: usize) -> Vec<Dao> {
    let mut rng = Lcg(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let start = Dao::start_position("dao").unwrap();
        let walk = random_walk(start, |n| rng.next(n)).take(plies);
        positions.extend(walk.filter(|p| !legal(p).is_empty()));
    }
    positions
}

/// The closed-form attack test of pieces no transporter route serves, and the prefilter,
/// against every piece's generated captures, on suite positions and along random games.
#[test]
fn attack_prefilter_agrees_with_full_generation() {
    let mut checked = 0;
    for p in random_game_positions(777, 6, 70)
        .iter()
        .chain(&suite_states())
    {
        for target in 0..100u8 {
            for by in Color::ALL {
                assert_eq!(
                    attacks::attacked(p, target, by, false),
                    attacks::attacked_unfiltered(p, target, by),
                    "{} {} {by}",
                    p.position_string(),
                    square_name(target)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000);
}

/// Routes are merged by move identity, and by resulting state only where unequal moves can
/// coincide: no two listed moves may lead to the same state.
#[test]
fn listed_moves_have_distinct_effects() {
    let mut positions = suite_states();
    positions.extend(random_game_positions(4242, 8, 80));
    let mut pairs = 0;
    for p in &positions {
        let mut effects: Vec<(u64, u32)> = legal(p)
            .iter()
            .map(|mv| {
                let after = p.play(mv);
                (after.key, after.halfmove)
            })
            .collect();
        pairs += effects.len();
        effects.sort_unstable();
        let listed = effects.len();
        effects.dedup();
        assert_eq!(effects.len(), listed, "{}", p.position_string());
    }
    assert!(pairs > 10_000, "{pairs}");
}

/// Positions with a legal move along random games from the start and from every suite position
/// (gates, drops, dragons, fools and oxen in play).
fn random_walk_positions(seed: u64, walks: usize, plies: usize) -> Vec<Dao> {
    let mut rng = Lcg(seed);
    let mut positions = Vec::new();
    let starts: Vec<Dao> = std::iter::once(Dao::start_position("dao").unwrap())
        .chain(suite_states())
        .collect();
    for walk in 0..walks {
        let start = starts[walk % starts.len()].clone();
        let walk = random_walk(start, |n| rng.next(n)).take(plies);
        positions.extend(walk.filter(|p| !legal(p).is_empty()));
    }
    positions
}

#[test]
fn king_shield_passes_only_legal_moves() {
    use super::movegen::{is_legal_move, pseudo_moves, KingShield};
    let (mut passed, mut refused) = (0, 0);
    for p in random_walk_positions(2718, 45, 90) {
        let Some(shield) = (!p.in_check()).then(|| KingShield::new(&p)).flatten() else {
            continue;
        };
        let mut pseudo = Vec::new();
        pseudo_moves(&p, false, None, &mut pseudo);
        for mv in &pseudo {
            if shield.stays_safe(&p, mv) {
                assert!(
                    is_legal_move(&p, mv),
                    "{} {}",
                    p.position_string(),
                    p.move_to_wire(mv)
                );
                passed += 1;
            } else {
                refused += 1;
            }
        }
    }
    assert!(passed > 10_000 && refused > 1000, "{passed} {refused}");
}

/// The normal move `from`-`to` among the moves before the king's safety is tested.
fn pseudo(p: &Dao, from: &str, to: &str) -> Move {
    let mut v = Vec::new();
    movegen::pseudo_moves(p, false, None, &mut v);
    v.into_iter()
        .find(|m| (m.from, m.to, m.kind) == (s(from), s(to), MoveKind::Normal))
        .expect("pseudo-legal")
}

/// A move off every king line that gives the enemy dragon the power to capture the king is
/// illegal, and the shield does not pass it; one whose power cannot reach the king passes.
#[test]
fn king_shield_weighs_the_power_a_move_confers() {
    use super::movegen::KingShield;
    // The black dragon stands a knight's leap from the white king, on none of its lines.
    let p = setup(&["Ka1", "Ne6", "Bh5", "db3", "kj10"], Color::White);
    let shield = KingShield::new(&p).expect("no enemy fool");
    let knight = pseudo(&p, "e6", "f8");
    assert!(!p.is_legal(&knight) && !shield.stays_safe(&p, &knight));
    assert!(legal(&p).iter().all(|m| m.piece != Kind::Knight));
    let bishop = one(&p, "h5", "g6", MoveKind::Normal);
    assert!(shield.stays_safe(&p, &bishop));
}

/// An archer shoots only forwards: a king's line in front of it is watched, one behind it is not.
#[test]
fn king_shield_looks_along_the_archers_lines() {
    use super::movegen::KingShield;
    // The black archer e8 leaps the pawn e5 onto the rook e3; the rook leaving uncovers e1.
    let p = setup(&["Ke1", "Re3", "Pe5", "ae8", "kj10"], Color::White);
    let off_file = pseudo(&p, "e3", "a3");
    assert!(!p.is_legal(&off_file));
    assert!(!KingShield::new(&p).unwrap().stays_safe(&p, &off_file));
    // The black archer e3 shoots downwards, away from the king e10: the rook may go.
    let q = setup(&["Ke10", "Re7", "ae3", "kj1"], Color::White);
    let away = pseudo(&q, "e7", "a7");
    assert!(q.is_legal(&away));
    assert!(KingShield::new(&q).unwrap().stays_safe(&q, &away));
}

#[test]
fn long_random_games_deep() {
    // Whole random games: no panic, keys and strings consistent, wire forms unique, endings found.
    if !crate::core::deep_tests() {
        return;
    }
    let mut rng = Lcg(4242);
    let mut endings = 0;
    for _ in 0..150 {
        let mut p = Dao::start_position("dao").unwrap();
        let mut history = Vec::new();
        for _ply in 0..300 {
            if p.ending(&history).is_some() {
                endings += 1;
                break;
            }
            let moves = legal(&p);
            let wires = notation::wire_list(&moves);
            let mut unique = wires.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), wires.len(), "{}", p.position_string());
            let back = Dao::from_position_string("dao", &p.position_string()).unwrap();
            assert_eq!(back, p);
            let mv = moves[rng.next(moves.len())];
            history.push(p.key());
            p = p.play(&mv);
            assert_eq!(p.key(), p.compute_key());
        }
    }
    assert!(endings > 0);
}

#[test]
fn push_check_mark_sits_on_the_checking_piece() {
    // The ox a2 pushes the rook a3 and pawn a4 one square: the rook on a4 checks along rank 4.
    let p = setup(&["Oa2", "Ra3", "Pa4", "kj4", "Kj1"], Color::White);
    let mv = one(&p, "a2", "a3", MoveKind::Push);
    assert_eq!(p.move_to_human(&mv), "Oa3(Ra4+,Pa5)");
    assert_eq!(p.parse_move("Oa3(Ra4+,Pa5)"), Ok(mv));
    assert_eq!(p.parse_move("Oa3(Ra4,Pa5)"), Ok(mv));
}

/// The position with colours swapped and the board turned over (rank r -> 11 - r).
fn colour_flipped(p: &Dao) -> Dao {
    let m = |s: u8| sq(file_of(s), 9 - rank_of(s));
    let mut q = p.clone();
    for s in 0..100u8 {
        q.board[m(s) as usize] = p.board[s as usize].map(|x| Piece {
            color: !x.color,
            kind: x.kind,
        });
        q.gates[m(s) as usize] = p.gates[s as usize].map(|c| !c);
    }
    q.side = !p.side;
    q.castling = ((p.castling & 3) << 2) | ((p.castling >> 2) & 3);
    q.ep = p.ep.map(|e| EnPassant {
        victim: m(e.victim),
        targets: (0..100u8)
            .filter(|&s| e.targets & bit(s) != 0)
            .fold(0, |acc, s| acc | bit(m(s))),
    });
    q.reserve = [p.reserve[1], p.reserve[0]];
    q.last = [p.last[1].map(m), p.last[0].map(m)];
    q.refresh();
    q
}

/// The position with files mirrored (a <-> j); only meaningful without castling rights.
fn file_mirrored(p: &Dao) -> Dao {
    let m = |s: u8| sq(9 - file_of(s), rank_of(s));
    let mut q = p.clone();
    for s in 0..100u8 {
        q.board[m(s) as usize] = p.board[s as usize];
        q.gates[m(s) as usize] = p.gates[s as usize];
    }
    q.castling = 0;
    q.ep = p.ep.map(|e| EnPassant {
        victim: m(e.victim),
        targets: (0..100u8)
            .filter(|&s| e.targets & bit(s) != 0)
            .fold(0, |acc, s| acc | bit(m(s))),
    });
    q.last = [p.last[0].map(m), p.last[1].map(m)];
    q.refresh();
    q
}

#[test]
fn mirrored_positions_have_equal_counts() {
    // Direction bugs (Black's forward, the archer's and lancer's one-sided moves, e.p. targets,
    // transporter routes) show up as different counts of a position and its mirror image.
    let mut rng = Lcg(31337);
    let mut compared = 0;
    for _ in 0..5 {
        let mut p = Dao::start_position("dao").unwrap();
        for ply in 0..50 {
            let moves = legal(&p);
            if moves.is_empty() {
                break;
            }
            if ply % 5 == 4 {
                let flipped = colour_flipped(&p);
                assert_eq!(
                    perft(&flipped, 2),
                    perft(&p, 2),
                    "colour flip of {}",
                    p.position_string()
                );
                let mut plain = p.clone();
                plain.castling = 0;
                plain.refresh();
                assert_eq!(
                    perft(&file_mirrored(&plain), 2),
                    perft(&plain, 2),
                    "file mirror of {}",
                    plain.position_string()
                );
                compared += 1;
            }
            p = p.play(&moves[rng.next(moves.len())]);
        }
    }
    assert!(compared >= 40);
    // The transporter e.p. figures and the suite too.
    let figures: [&[&str]; 5] = [
        &["Pa2", "G:a4", "G:g6", "pb4", "pb5", "pb6", "ph7"],
        &["Pa2", "G:a2", "Ba3", "G:g6", "pb5"],
        &["Pa2", "G:a4", "G:g4", "ph4"],
        &["g:d8", "ph8", "g:h8", "g:c4", "g:e4", "lc9", "Pc2", "Pf2"],
        &[
            "G:f7", "G:c4", "G:d3", "G:i3", "pg8", "g:g8", "g:d4", "g:j5", "Pc2", "Pd2", "Pi2",
        ],
    ];
    for items in figures {
        let p = setup(items, Color::White);
        assert_eq!(perft(&colour_flipped(&p), 3), perft(&p, 3), "{items:?}");
        assert_eq!(perft(&file_mirrored(&p), 3), perft(&p, 3), "{items:?}");
    }
    for entry in suite().entries {
        let p = Dao::from_position_string("dao", entry.position).unwrap();
        assert_eq!(
            perft(&colour_flipped(&p), 2),
            perft(&p, 2),
            "{}",
            entry.name
        );
    }
}

#[test]
fn figure12_black_depth_one_by_hand() {
    // Pawn b8: b7 b6 a8 c8; from the gate h4: h3 h2 g4 i4 and xi3; null moves h4 and xe4 (11).
    // Knight g8 (a gnu; the white gate under it is only a square for Black): 14 squares.
    // Gates: b8 11 + 6, e4 12 + 8, h4 11 + 7 (55). 11 + 14 + 55 = 80.
    let items = [
        "G:b3", "ng8", "G:g8", "pb8", "g:b8", "Ne4", "g:e4", "g:h4", "Qf3", "Ri3", "Pa2", "Pb2",
    ];
    let p = setup(&items, Color::Black);
    let moves = legal(&p);
    let count = |f: &dyn Fn(&Move) -> bool| moves.iter().filter(|m| f(m)).count();
    assert_eq!(
        count(&|m| m.from == s("b8") && m.kind != MoveKind::Gate),
        11
    );
    assert_eq!(count(&|m| m.from == s("g8")), 14);
    assert_eq!(count(&|m| m.kind == MoveKind::Gate), 55);
    assert_eq!(moves.len(), 80);
    // White: pawn a2 a3-a5 and xg8 via b3 (4); pawn b2 b3 b4 b5 c2 (4); queen 7 up, 2 down,
    // e3-a3 with b3 and xg8 via b3 (6), g3 h3, g4-j7 (4), e2 d1, g2 h1 (25); rook 12; gnu 16 and
    // xg8 via b3 (17); gate b3 7 + 6, gate g8 11 + 8 (32). 94.
    let p = setup(&items, Color::White);
    assert_eq!(legal(&p).len(), 94);
}

/// Found by fuzzing: a run of empty squares near 2^32 overflowed the bounds check.
#[test]
fn an_enormous_empty_run_is_an_error() {
    let text = "g4294967295/4L5/1PLP1PK1PP/10/10/10/10/10/10/(DG)RNBQ1BNR(DG) w - - [] - - 0 1";
    let err = Dao::from_position_string("dao", text).unwrap_err();
    assert!(
        err.to_string().contains("bad run of empty squares"),
        "{err}"
    );
}
