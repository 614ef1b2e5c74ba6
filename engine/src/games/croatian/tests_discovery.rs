//! Discovery: the setup with the Monoliths, the Monolith's moves (section 4.6.2, the section 10
//! vectors), teleports through Monoliths (section 2.5), opacity (section 2.2), syzygy and
//! demotion (section 4.6.3, OQ-17), and the start counts (section 8).

use std::collections::{BTreeMap, BTreeSet, HashSet};

use super::monolith;
use super::piece::{self, Kind, Tag};
use super::tests_hemera::{by_first_piece, moves_of};
use super::tests_tlalocan::field;
use super::*;
use crate::core::{Color, Game};

/// A Discovery position from the author's setup list (`D` light to move, `d` dark), listing
/// whole turns (the rules tests look at complete cascades).
fn d(symbol: &str, pieces: &str) -> Croatian {
    super::tests::setup(&format!("{symbol} {pieces}")).by_action(false)
}

/// Discovery's start, listing whole turns.
fn start() -> Croatian {
    super::tests::start("discovery").by_action(false)
}

fn names(pos: &Croatian, fields: impl IntoIterator<Item = u16>) -> BTreeSet<String> {
    fields.into_iter().map(|f| pos.field_name(f)).collect()
}

/// The ends of the moves whose first ply starts on `from` and has all of `flags`.
fn ends(pos: &Croatian, from: &str, flags: u32) -> BTreeSet<String> {
    let moves = moves_of(pos, from);
    let plies = moves
        .iter()
        .map(|m| m.first())
        .filter(|p| p.flags & flags == flags);
    names(pos, plies.map(|p| p.to))
}

/// The fields around `centre` on the board.
fn around(pos: &Croatian, centre: &str) -> BTreeSet<String> {
    let c = field(pos, centre);
    let (f, r) = (pos.file_of(c) as i32, pos.rank_of(c) as i32);
    let n = pos.size() as i32;
    let mut out = BTreeSet::new();
    for dy in -1..=1 {
        for dx in -1..=1 {
            let (x, y) = (f + dx, r + dy);
            if (dx, dy) != (0, 0) && (0..n).contains(&x) && (0..n).contains(&y) {
                out.insert(pos.field_name(pos.sq(x as u8, y as u8)));
            }
        }
    }
    out
}

/// The Monolith's `k`-th step vectors, straight from section 4.6.2.
fn step_vectors(k: i32) -> Vec<(i32, i32)> {
    let a = 2 * k + 1;
    let mut out = Vec::new();
    for dx in -a..=a {
        for dy in -a..=a {
            if dx != 0 && dy != 0 && dx.abs() + dy.abs() == a {
                out.push((dx, dy));
            }
        }
    }
    out
}

/// The Monolith on `from`'s destinations by a plain search over sets of fields with the
/// vectors above: an independent reading of section 4.6.2.
fn reach_by_sets(pos: &Croatian, from: u16, limit: i32) -> BTreeSet<String> {
    let n = pos.size() as i32;
    let start = (pos.file_of(from) as i32, pos.rank_of(from) as i32);
    let free = |(x, y): (i32, i32)| {
        (0..n).contains(&x)
            && (0..n).contains(&y)
            && (pos.cell(pos.sq(x as u8, y as u8)) == piece::EMPTY || (x, y) == start)
    };
    let mut layer: HashSet<(i32, i32)> = [start].into();
    let mut out = BTreeSet::new();
    for k in 1..=limit {
        layer = layer
            .iter()
            .flat_map(|&(x, y)| {
                step_vectors(k)
                    .into_iter()
                    .map(move |(dx, dy)| (x + dx, y + dy))
            })
            .filter(|&f| free(f))
            .collect();
        for &(x, y) in &layer {
            if (x, y) != start {
                out.insert(pos.field_name(pos.sq(x as u8, y as u8)));
            }
        }
    }
    out
}

/// Part 2 sections 1, 8 and 10: Conquest of Tlalocan's setup plus the Monoliths b7 and w18
/// (notation.md's placement string); each Monolith reaches 398 empty fields; light's 5,968
/// moves by moving piece against Conquest of Tlalocan's 3,910: Monoliths 2 x 398 plus 112
/// demotions (section 8's 908), Rooks 32 instead of 2 (into a corner Star, out beside either
/// Monolith instead of an oblation), Pawns 98 instead of 96 (b3's rushes to b7..b12 give way to
/// its rush into b7 and out beside w18), the Grenadiers' Wave cascades 4,587 instead of 3,469
/// (the Waves' routes through the Monoliths, 1,118 more, as in section 8's simulation), Scouts
/// 340 and Unicorn 3 unchanged.
#[test]
fn start_setup_and_counts() {
    let pos = start();
    let placement = pos.position_string();
    let placement = placement.split(' ').next().unwrap();
    let untagged: String = placement.chars().filter(|c| !"|&".contains(*c)).collect();
    assert_eq!(
        untagged,
        "trnbscuweahqkhaewucsbnrT/ppppgpgppgpggpgppgpgpppp/pppgpppggppggppggpppgppp/\
         3o3oo2oo2oo3o3/4o1o2o1oo1o2o1o4/24/22M1/24/24/24/24/24/24/24/24/24/24/1M22/24/\
         4O1O2O1OO1O2O1O4/3O3OO2OO2OO3O3/PPPGPPPGGPPGGPPGGPPPGPPP/PPPPGPGPPGPGGPGPPGPGPPPP/\
         TRNBSCUWEAHQKHAEWUCSBNRt"
    );
    for m in ["b7", "w18"] {
        let dests = monolith::destinations(&pos, field(&pos, m), Color::White);
        assert_eq!(dests.len(), 398, "{m}");
    }
    let counts = by_first_piece(&pos);
    let expected: BTreeMap<char, usize> = [
        ('M', 908),
        ('R', 32),
        ('P', 98),
        ('G', 4587),
        ('O', 340),
        ('U', 3),
    ]
    .into();
    assert_eq!(counts, expected);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len(), 5968);
    let demotions: BTreeSet<String> = moves
        .iter()
        .map(Move::first)
        .filter(|p| p.has(flag::DEMOTE))
        .map(|p| pos.field_name(p.aux))
        .collect();
    assert_eq!(
        demotions,
        names(&pos, ["d4", "e5", "u4", "t5"].map(|f| field(&pos, f)))
    );
    // Dark moves the same Monoliths, its Pawns setting the same limit.
    let mut dark = start();
    dark.side = Color::Black;
    dark.recompute_key();
    assert_eq!(by_first_piece(&dark).get(&'M'), Some(&908));
}

/// Section 10: step k has 8k vectors; the reach search agrees with a search over sets of fields
/// that steps with them, on an empty board and among pieces, for limits 1 to 25.
#[test]
fn monolith_reach_is_the_step_rule() {
    for k in 1..=4 {
        assert_eq!(step_vectors(k).len(), 8 * k as usize);
    }
    assert_eq!(
        BTreeSet::from_iter(step_vectors(1)),
        BTreeSet::from_iter(piece::steps::KNIGHT.map(|(x, y)| (x as i32, y as i32)))
    );
    assert_eq!(
        BTreeSet::from_iter(step_vectors(2)),
        BTreeSet::from_iter(piece::steps::LONG.map(|(x, y)| (x as i32, y as i32)))
    );
    let boards = [
        d("D", "Md4"),
        d("D", "Mk12,Ml14,Pm10,Pk13,nj10,Bi13,Ta1,Tx24,tx1,ta24"),
        start(),
    ];
    for pos in &boards {
        for from in monolith::monoliths(pos) {
            for limit in [1, 2, 3, 7, 25] {
                let got = names(pos, monolith::reach_fields(pos, from, limit as u32));
                assert_eq!(
                    got,
                    reach_by_sets(pos, from, limit),
                    "{pos:?} limit {limit}"
                );
            }
        }
    }
}

/// The limit is 1 + the mover's Pawns (L3229, OQ-19): troopers and the opponent's Pawns do not
/// count; with no Pawn the Monolith makes one Knight step onto an empty field, and either side
/// moves either Monolith.
#[test]
fn monolith_limit_counts_the_movers_pawns() {
    let pos = d("D", "Md4,ne6,pa20,pb20,Oh3");
    assert_eq!(
        ends(&pos, "d4", 0),
        names(
            &pos,
            ["b3", "b5", "c2", "c6", "e2", "f3", "f5"].map(|f| field(&pos, f))
        )
    );
    let one_pawn = d("D", "Md4,ne6,Ph3");
    let two_steps = ends(&one_pawn, "d4", 0);
    // d4-b5-f4 (a Knight step, then a long jump): no Knight reaches f4 from d4.
    assert!(
        two_steps.contains("f4") && two_steps.len() > 7,
        "{two_steps:?}"
    );
    assert_eq!(
        two_steps,
        reach_by_sets(&one_pawn, field(&one_pawn, "d4"), 2)
    );
    // Dark has two Pawns: three steps.
    let dark = d("d", "Md4,pa20,pb20,Ph3");
    assert_eq!(
        ends(&dark, "d4", 0),
        reach_by_sets(&dark, field(&dark, "d4"), 3)
    );
}

/// Section 2.5 at the start: a Rook entering its corner Star emerges beside either Monolith
/// (the dark Stars' portal fields are taken); the Pawn b3 rushing into b7 emerges beside w18,
/// on the opponent's half, tagged for promotion.
#[test]
fn star_and_rush_teleports_reach_the_monoliths() {
    let pos = start();
    let rook = ends(&pos, "b1", flag::TELEPORT);
    let mut both = around(&pos, "b7");
    both.extend(around(&pos, "w18"));
    assert_eq!(rook, both);
    let pawn = ends(&pos, "b3", flag::TELEPORT | flag::TAG_PROMOTION);
    assert_eq!(pawn, around(&pos, "w18"));
    let plain: BTreeSet<String> = moves_of(&pos, "b3")
        .iter()
        .map(Move::first)
        .filter(|p| !p.has(flag::TELEPORT))
        .map(|p| pos.field_name(p.to))
        .collect();
    let before_b7: BTreeSet<String> = ["b4", "b5", "b6", "a3", "c3"].map(String::from).into();
    assert!(plain.is_subset(&before_b7), "{plain:?}");
    assert!(plain.contains("b6"));
}

/// A Knight entering a Monolith emerges on any empty portal field of the four Stars or of the
/// other Monolith; a King never enters one; with every such field taken the piece is
/// oblationed.
#[test]
fn a_piece_entering_a_monolith_emerges_beside_a_star_or_the_other_monolith() {
    let pos = d("D", "Nd5,Mc7,Mp12,Ta1,tx1,ta24,Tx24,Kb8,Pb2");
    let mut expected = around(&pos, "p12");
    for star in ["a1", "x1", "a24", "x24"] {
        expected.extend(around(&pos, star));
    }
    expected.remove("b2");
    let teleports = ends(&pos, "d5", flag::TELEPORT);
    assert_eq!(teleports, expected);
    assert!(
        !ends(&pos, "b8", 0).contains("c7"),
        "the King steps around the Monolith"
    );
    let boxed = d("D", "Nd5,Mc7,Ma24,Pa23,Pb23,Pb24");
    let moves = moves_of(&boxed, "d5");
    let into: Vec<_> = moves
        .iter()
        .map(Move::first)
        .filter(|p| p.has(flag::TELEPORT))
        .collect();
    assert_eq!(into.len(), 1);
    assert!(into[0].has(flag::OBLATION) && boxed.field_name(into[0].to) == "c7");
}

/// A Monolith is opaque (section 2.2): a Rook's ray stops at it (and teleports), it blocks a
/// check, and moving it off the line of a check is illegal: only landings that block again
/// remain.
#[test]
fn a_monolith_is_opaque() {
    let pos = d("D", "Ra10,Md10,Mp3,Kh1,kh24");
    let rook = ends(&pos, "a10", 0);
    assert!(rook.contains("c10") && !rook.contains("e10"));
    let pinned = d("D", "Kh10,Me10,ra10,kh24,Pa2,Pb2,Pc2");
    assert!(!pinned.in_check());
    let monolith = ends(&pinned, "e10", 0);
    assert!(!monolith.is_empty());
    for f in &monolith {
        assert!(
            ["b10", "c10", "d10", "f10", "g10"].contains(&f.as_str()),
            "{f} opens the rank"
        );
    }
}

/// A Wave reaching a Monolith goes on from the other one in the same direction (never past the
/// first, L3312, L3349), and is oblationed on it when nothing lies beyond the other.
#[test]
fn a_wave_is_carried_to_the_other_monolith() {
    let pos = d("D", "Qd4,We5,Mh8,Mp3");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let wave_ends: BTreeSet<String> = moves
        .iter()
        .filter(|m| m.plies().len() == 2 && m.plies()[1].route.own == (1, 1))
        .map(|m| pos.field_name(m.plies()[1].to))
        .collect();
    // r5 is listed once, with the Wave's way along rank 5 (the same state).
    let expected: BTreeSet<String> = ["f6", "g7", "q4", "s6", "t7", "u8", "v9", "w10", "x11"]
        .map(String::from)
        .into();
    assert_eq!(wave_ends, expected);
    let corner = d("D", "Qd4,We5,Mh8,Mx24");
    let mut moves = Vec::new();
    corner.legal_moves(&mut moves);
    assert!(moves.iter().any(|m| {
        let w = m.plies().last().unwrap();
        m.plies().len() == 2
            && w.has(flag::OBLATION)
            && w.has(flag::TELEPORT)
            && corner.field_name(w.to) == "h8"
    }));
}

/// The Monolith moves of `pos` from `from` that demote, by destination: the demoted fields.
fn demotions(pos: &Croatian, from: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in moves_of(pos, from) {
        let p = m.first();
        if p.has(flag::DEMOTE) {
            let demoted = pos.field_name(p.aux);
            out.entry(pos.field_name(p.to)).or_default().insert(demoted);
        }
    }
    out
}

/// Section 4.6.3: a Monolith moving from no syzygy onto the diagonal a1-x24 (Stars at both
/// ends) may demote one own figure or trooper anywhere on that line, not a Pawn or the King nor
/// an opponent's piece, and only there; the Pawn has no tag and the clock starts again; a
/// Monolith already in a syzygy demotes nothing when it enters another.
#[test]
fn syzygy_demotion() {
    let stars = "Ta1,tx1,ta24,Tx24";
    let pos = d("D", &format!("{stars},Mc10,Mp3,Oe5|,Pd4,Kc3,bf6,Nw23,Ph2"));
    let by_destination = demotions(&pos, "c10");
    assert!(!by_destination.is_empty());
    let mut diagonal = 0;
    for (to, demoted) in &by_destination {
        let sq = field(&pos, to);
        if pos.file_of(sq) == pos.rank_of(sq) {
            diagonal += 1;
            assert_eq!(
                demoted,
                &BTreeSet::from(["e5".to_string(), "w23".to_string()])
            );
        }
    }
    // Every diagonal field the Monolith reaches demotes; no other line holds light figures.
    let reached = ends(&pos, "c10", 0);
    let on_diagonal = reached
        .iter()
        .filter(|f| pos.file_of(field(&pos, f)) == pos.rank_of(field(&pos, f)))
        .count();
    assert_eq!(diagonal, on_diagonal);
    assert!(diagonal > 0);
    let mv = moves_of(&pos, "c10")
        .into_iter()
        .find(|m| m.first().has(flag::DEMOTE) && pos.field_name(m.first().aux) == "e5")
        .unwrap();
    let after = Croatian {
        halfmove: 7,
        ..pos.clone()
    }
    .play(&mv);
    let e5 = after.cell(field(&after, "e5"));
    assert_eq!(e5, piece::make(Kind::Pawn, Color::White, Tag::None));
    assert_eq!(after.halfmove_clock(), 0);
    // Already in the syzygy a1-j10-x24: entering the other diagonal gives nothing.
    let inside = d("D", &format!("{stars},Mj10,Mp3,Oe5|,Ou4|,Ph2"));
    assert!(demotions(&inside, "j10").is_empty());
    assert!(!demotions(&inside, "p3").is_empty());
}

/// A figure demoted on the opponent's figure row is promoted at once, to any other kind, or
/// tagged for promotion (L3449).
#[test]
fn a_demoted_piece_on_the_last_rank_promotes_or_is_tagged() {
    let pos = d("D", "Ta1,tx1,ta24,Tx24,Mf21,Mp3,Rk24,Ph2");
    let moves = moves_of(&pos, "f21");
    let to = moves
        .iter()
        .map(Move::first)
        .find(|p| p.has(flag::DEMOTE))
        .expect("a rank-24 landing demotes the Rook")
        .to;
    let promos: BTreeSet<u8> = moves
        .iter()
        .map(Move::first)
        .filter(|p| p.has(flag::DEMOTE) && p.to == to)
        .map(|p| p.promo)
        .collect();
    let mut expected: BTreeSet<u8> = pos
        .v
        .promote_to
        .iter()
        .filter(|&&k| k != Kind::Rook)
        .map(|&k| k as u8)
        .collect();
    expected.insert(Kind::Pawn as u8);
    assert_eq!(promos, expected);
    let tagged = moves
        .iter()
        .find(|m| m.first().has(flag::DEMOTE) && m.first().promo == Kind::Pawn as u8)
        .unwrap();
    let after = pos.play(tagged);
    let k24 = after.cell(field(&after, "k24"));
    assert_eq!(k24, piece::make(Kind::Pawn, Color::White, Tag::Promotion));
}

/// OQ-17: entering two syzygies at once still demotes one piece, chosen from the fields of
/// both (Starchilds, One's celestial bodies, make the second line here).
#[test]
fn several_syzygies_offer_one_demotion_from_their_union() {
    let mut pos = d("D", "Mc10,Rj15,Bk14,Qa1");
    for f in ["l15", "m15", "k16", "k17"] {
        let sq = field(&pos, f);
        pos.board[sq as usize] = piece::make(Kind::Starchild, Color::Black, Tag::None);
    }
    let (from, to) = (field(&pos, "c10"), field(&pos, "k15"));
    let demoted = names(&pos, monolith::demotable(&pos, from, to, Color::White));
    assert_eq!(
        demoted,
        names(&pos, [field(&pos, "j15"), field(&pos, "k14")])
    );
}

/// A Monolith is written `M` and only so; position strings keep at most two.
#[test]
fn monolith_position_strings() {
    let pos = start();
    let text = pos.position_string();
    assert_eq!(
        Croatian::from_position_string("discovery", &text).unwrap(),
        pos
    );
    let lower = text.replace("22M1", "22m1");
    assert!(Croatian::from_position_string("discovery", &lower).is_err());
    let three = text.replace("/24/22M1/", "/M23/22M1/");
    assert!(Croatian::from_position_string("discovery", &three).is_err());
    assert!(Croatian::from_position_string("tlalocan", &text).is_err());
}

/// Notation (notation.md: `>` after the Monolith's destination names the demoted piece and
/// field; `|` after entering a Monolith, the emergence field): XAN and EAN of Monolith moves,
/// demotions with the Pawn's promotion or tag, teleports through a Monolith; every legal move of
/// these positions reads back from its XAN, EAN and wire text.
#[test]
fn monolith_notation_reads_back() {
    let demotion = d("D", "Ta1,tx1,ta24,Tx24,Me4,Kb2,Rj10,Nr18,bp16,kk20");
    let last_rank = d("D", "Ta1,tx1,ta24,Tx24,Mf21,Mp3,Rk24,Ph2");
    let teleport = d("D", "Ka1,kx24,Nd5,Mc7,Mp12");
    let text = |pos: &Croatian, xan: &str| {
        let mv = pos.parse_move(xan).unwrap();
        assert_eq!(notation::xan(pos, &mv), xan);
        notation::ean(pos, &mv)
    };
    assert_eq!(text(&demotion, "Me4-f6"), "Mf6");
    assert_eq!(text(&demotion, "Me4-f6>Rj10"), "Mf6>j10");
    assert_eq!(text(&demotion, "Me4-c3>Nr18"), "Mc3>r18");
    assert_eq!(text(&teleport, "Nd5-c7|Np11"), "Nc7|p11");
    let mut moves = Vec::new();
    last_rank.legal_moves(&mut moves);
    let promoted = moves
        .iter()
        .find(|m| m.first().has(flag::DEMOTE) && m.first().promo == Kind::Queen as u8)
        .unwrap();
    let xan = notation::xan(&last_rank, promoted);
    assert!(xan.ends_with(">Rk24=Q"), "{xan}");
    // The start: a field both Monoliths reach needs the origin (section 2.2 of notation.md);
    // a few moves only, as reading a move there lists all 5,968.
    let start = start();
    let shared = monolith::destinations(&start, field(&start, "b7"), Color::White)
        .into_iter()
        .find(|&f| monolith::destinations(&start, field(&start, "w18"), Color::White).contains(&f))
        .unwrap();
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    let sample: Vec<&Move> = moves
        .iter()
        .filter(|m| m.first().piece == Kind::Monolith as u8)
        .filter(|m| m.first().to == shared || m.first().has(flag::DEMOTE))
        .take(4)
        .collect();
    for mv in &sample {
        let ean = notation::ean(&start, mv);
        assert!(ean.starts_with("Mb") || ean.starts_with("Mw"), "{ean}");
        for written in [notation::xan(&start, mv), ean, start.move_to_wire(mv)] {
            assert_eq!(start.parse_move(&written).as_ref(), Ok(*mv), "{written}");
        }
    }
    for pos in [&demotion, &last_rank, &teleport] {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for mv in moves
            .iter()
            .filter(|m| m.first().piece == Kind::Monolith as u8)
        {
            for written in [
                notation::xan(pos, mv),
                notation::ean(pos, mv),
                pos.move_to_wire(mv),
            ] {
                assert_eq!(pos.parse_move(&written).as_ref(), Ok(mv), "{written}");
            }
        }
    }
}

/// The board view draws the Monolith as `M`; a demotion is entered by clicking the Monolith,
/// its destination and the piece it demotes.
#[test]
fn monolith_in_the_board_view() {
    use crate::core::view::click_texts;
    let pos = d("D", "Ta1,tx1,ta24,Tx24,Me4,Kb2,Rj10,Nr18,bp16,kk20");
    let view = pos.board_view();
    let e4 = &view.grids[0].squares[3 * 24 + 4];
    let piece = e4.piece.as_ref().unwrap();
    assert_eq!((piece.letter, piece.name), ('M', "Monolith"));
    let demote = pos.parse_move("Me4-f6>Rj10").unwrap();
    assert_eq!(
        click_texts(&pos.move_input(&demote).clicks),
        ["e4", "f6", "j10"]
    );
    let plain = pos.parse_move("Me4-f6").unwrap();
    assert_eq!(click_texts(&pos.move_input(&plain).clicks), ["e4", "f6"]);
}

/// Section 2.5 (L3383-3390): an alternating-step Wave (a Unicorn's) leaving a Monolith that
/// stands on a field of the other colour takes the step for the colour of the field it leaves
/// from, the other Monolith's (f8 dark, p13 light).
#[test]
fn an_alternating_wave_steps_by_the_colour_of_the_monolith_it_leaves() {
    let pos = d("D", "Uc3,Wd7,Mf8,Mp13");
    let (a, b) = (field(&pos, "f8"), field(&pos, "p13"));
    assert_ne!(pos.is_light_field(a), pos.is_light_field(b));
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut through = 0;
    for mv in &moves {
        let Some(wave) = mv.plies().get(1) else {
            continue;
        };
        if wave.piece != Kind::Wave as u8 || wave.has(flag::OBLATION) {
            continue;
        }
        let light = true;
        let segments = plies::wave_path(&pos, wave.from, light, &wave.route, wave.to, false);
        let segments = segments.expect("the Wave's route leads to its field");
        let Some((start, steps)) = segments.get(1) else {
            continue;
        };
        let entered = segments[0].1.last().copied().flatten();
        assert!(entered == Some(a) && *start == b || entered == Some(b) && *start == a);
        let Some(Some(first)) = steps.first() else {
            continue;
        };
        let v = (
            pos.file_of(*first) as i8 - pos.file_of(*start) as i8,
            pos.rank_of(*first) as i8 - pos.rank_of(*start) as i8,
        );
        let expected = if pos.is_light_field(*start) {
            wave.route.own
        } else {
            wave.route.other
        };
        assert_eq!(v, expected, "{}", notation::xan(&pos, mv));
        through += 1;
    }
    assert!(through > 0);
}
