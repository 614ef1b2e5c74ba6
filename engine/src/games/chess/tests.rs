use super::*;
use crate::core::{Game, GameResult, MoveError};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const SUITE: &[&str] = &[
    START_FEN,
    KIWIPETE,
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

fn fen(text: &str) -> Chess {
    Chess::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(pos: &Chess) -> Vec<ChessMove> {
    let mut list = ChessMoveList::new();
    pos.legal_moves(&mut list);
    list.to_vec()
}

fn wire(pos: &Chess) -> Vec<String> {
    let mut out: Vec<String> = moves(pos).iter().map(|m| pos.move_to_wire(m)).collect();
    out.sort();
    out
}

fn san(pos: &Chess, text: &str) -> String {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.move_to_human(&mv)
}

fn play_all(pos: &Chess, texts: &str) -> (Chess, Vec<u64>) {
    let mut history = Vec::new();
    let mut pos = *pos;
    for text in texts.split_whitespace() {
        history.push(pos.key());
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos = pos.play(&mv);
    }
    (pos, history)
}

/// Every position reachable in `depth` plies, with its parent (for walks over the tree).
fn walk(pos: &Chess, depth: u32, visit: &mut impl FnMut(&Chess, ChessMove, &Chess)) {
    if depth == 0 {
        return;
    }
    for mv in moves(pos) {
        let next = pos.play(&mv);
        visit(pos, mv, &next);
        walk(&next, depth - 1, visit);
    }
}

#[test]
fn fen_round_trips() {
    for text in SUITE.iter().copied().chain([
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/8/8/8/4K2R w K - 99 120",
        "8/8/3k4/8/8/3K4/8/8 b - - 12 70",
    ]) {
        let pos = fen(text);
        assert_eq!(pos.fen(), text);
        assert_eq!(Chess::from_fen(&pos.fen()), Ok(pos));
        assert_eq!(pos.key(), pos.compute_key());
    }
}

#[test]
fn fen_input_forms() {
    // Shredder and X-FEN castling letters name the same rights as KQkq.
    let shredder = fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(shredder, fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    assert_eq!(
        fen("r3k2r/8/8/8/8/8/8/R3K2R w Hq - 0 1").fen(),
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1"
    );
    // Counters may be left out.
    assert_eq!(
        fen("8/8/3k4/8/8/3K4/8/8 w - -").fen(),
        "8/8/3k4/8/8/3K4/8/8 w - - 0 1"
    );
    // An en-passant square no pawn can use is dropped (and not hashed).
    let useless = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(useless.en_passant(), None);
    assert_eq!(
        useless.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let after_move = Chess::startpos().play(&Chess::startpos().parse_move("e4").unwrap());
    assert_eq!(after_move, useless);
}

#[test]
fn garbage_fen_names_the_bad_field() {
    let cases = [
        ("", "piece placement"),
        ("   ", "piece placement"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w - - 0 1",
            "piece placement",
        ),
        (
            "QQQQQQQQ/QQQQQQQk/8/8/8/8/8/K7 w - - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        ("4k3/8/8/8/8/8/8/4K2r b - - 0 1", "side to move"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqC - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove clock",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
            "halfmove clock",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one",
            "fullmove number",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
            "trailing text",
        ),
    ];
    for (text, field) in cases {
        match Chess::from_fen(text) {
            Err(e) => assert_eq!(e.field, field, "{text}: {e}"),
            Ok(pos) => panic!("{text} was accepted as {}", pos.fen()),
        }
    }
    assert_eq!(
        Chess::from_position_string("atomic", START_FEN)
            .unwrap_err()
            .field,
        "variant"
    );
}

#[test]
fn random_strings_never_panic() {
    let alphabet: Vec<char> = "rnbqkpRNBQKP12345678/ -wKQkqabcdefgh0x=+#O!?é"
        .chars()
        .collect();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let positions: Vec<Chess> = SUITE.iter().map(|t| fen(t)).collect();
    for _ in 0..20_000 {
        let len = (next() % 24) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        let _ = Chess::from_fen(&text);
        for pos in &positions {
            if let Ok(mv) = pos.parse_move(&text) {
                assert!(moves(pos).contains(&mv));
            }
        }
    }
    // Mutations of a real FEN, one character at a time.
    for (i, _) in KIWIPETE.char_indices() {
        for c in alphabet.iter() {
            let mut text = KIWIPETE.to_string();
            text.replace_range(i..i + 1, &c.to_string());
            if let Ok(pos) = Chess::from_fen(&text) {
                assert!(moves(&pos).len() <= 218);
            }
        }
    }
}

#[test]
fn incremental_key_matches_a_fresh_computation() {
    for text in SUITE {
        walk(&fen(text), 3, &mut |_, _, next| {
            assert_eq!(next.key(), next.compute_key(), "{}", next.fen());
            assert_eq!(next.legal_move_count(), moves(next).len(), "{}", next.fen());
            assert_eq!(Chess::from_fen(&next.fen()).as_ref(), Ok(next));
        });
    }
    // Transpositions meet in one key; counters are not part of it.
    let (a, _) = play_all(&Chess::startpos(), "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(a.key(), Chess::startpos().key());
    let (b, _) = play_all(&Chess::startpos(), "e4 e5 Nf3");
    let (c, _) = play_all(&Chess::startpos(), "Nf3 e5 e4");
    assert_eq!(b.key(), c.key());
    assert_ne!(
        Chess::startpos().key(),
        fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").key()
    );
    assert_ne!(
        Chess::startpos().key(),
        fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1").key()
    );
}

#[test]
fn every_legal_move_round_trips_through_uci_and_san() {
    for text in SUITE {
        walk(&fen(text), 2, &mut |pos, mv, _| {
            let uci = pos.move_to_wire(&mv);
            assert_eq!(pos.parse_move(&uci), Ok(mv), "{uci} in {}", pos.fen());
            let human = pos.move_to_human(&mv);
            assert_eq!(pos.parse_move(&human), Ok(mv), "{human} in {}", pos.fen());
        });
        // Both texts are unique per legal move.
        let pos = fen(text);
        let all = moves(&pos);
        let mut sans: Vec<String> = all.iter().map(|m| pos.move_to_human(m)).collect();
        sans.sort();
        sans.dedup();
        assert_eq!(sans.len(), all.len());
        assert_eq!(wire(&pos).len(), all.len());
    }
}

#[test]
fn san_output() {
    let start = Chess::startpos();
    assert_eq!(san(&start, "g1f3"), "Nf3");
    assert_eq!(san(&start, "e2e4"), "e4");
    let kiwi = fen(KIWIPETE);
    assert_eq!(san(&kiwi, "e1g1"), "O-O");
    assert_eq!(san(&kiwi, "e1c1"), "O-O-O");
    assert_eq!(san(&kiwi, "d5e6"), "dxe6");
    assert_eq!(san(&kiwi, "e2a6"), "Bxa6");
    assert_eq!(san(&kiwi, "e5f7"), "Nxf7");
    // Disambiguation: by file, by rank, by both.
    let knights = fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(san(&knights, "b1d2"), "Nbd2");
    assert_eq!(san(&knights, "f1d2"), "Nfd2");
    assert_eq!(san(&knights, "b1c3"), "Nc3");
    let rooks = fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san(&rooks, "a1a3"), "R1a3");
    assert_eq!(san(&rooks, "a5a3"), "R5a3");
    let queens = fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    assert_eq!(san(&queens, "a1b2"), "Qa1b2");
    assert_eq!(san(&queens, "a3b2"), "Q3b2");
    assert_eq!(san(&queens, "c1b2"), "Qcb2");
    // A pinned rival does not force disambiguation.
    let pinned = fen("4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1");
    assert_eq!(san(&pinned, "c1d3"), "Nd3");
    // Promotions, en passant, check and mate.
    let promo = fen("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&promo, "e7e8q"), "e8=Q+");
    assert_eq!(san(&promo, "e7d8n"), "exd8=N");
    assert_eq!(san(&promo, "e7d8r"), "exd8=R+");
    let ep = fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(san(&ep, "e5f6"), "exf6");
    let (fools, _) = play_all(&Chess::startpos(), "f3 e5 g4");
    assert_eq!(san(&fools, "d8h4"), "Qh4#");
}

#[test]
fn move_input_forms() {
    let kiwi = fen(KIWIPETE);
    let castle = kiwi.parse_move("e1g1").unwrap();
    for text in ["O-O", "0-0", "O-O+", "e1h1"] {
        assert_eq!(kiwi.parse_move(text), Ok(castle), "{text}");
    }
    let long = kiwi.parse_move("O-O-O").unwrap();
    assert_eq!(kiwi.parse_move("e1a1"), Ok(long));
    assert_eq!(kiwi.parse_move("0-0-0"), Ok(long));
    let promo = fen("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let queen = promo.parse_move("e7e8q").unwrap();
    for text in ["e8=Q", "e8Q", "e8q", "e8=Q+", "e7e8Q"] {
        assert_eq!(promo.parse_move(text), Ok(queen), "{text}");
    }
    let knight_capture = promo.parse_move("e7d8n").unwrap();
    assert_eq!(promo.parse_move("exd8=N"), Ok(knight_capture));
    assert_eq!(promo.parse_move("ed8N"), Ok(knight_capture));
    let start = Chess::startpos();
    assert_eq!(start.parse_move("Ng1f3"), start.parse_move("g1f3"));
    assert_eq!(start.parse_move("Ng1-f3"), start.parse_move("g1f3"));
    assert_eq!(start.parse_move("  e4 "), start.parse_move("e2e4"));
    assert_eq!(start.parse_move("Pe4"), start.parse_move("e2e4"));
}

#[test]
fn bad_moves_are_errors_naming_the_token() {
    let start = Chess::startpos();
    let unparsable = [
        "", "zz", "e2e", "e9e4", "Xe4", "e2e4x", "Nf3g", "é4", "N", "e2e4e5",
    ];
    for text in unparsable {
        match start.parse_move(text) {
            Err(MoveError::Unparsable { text: t, .. }) => assert_eq!(t, text),
            other => panic!("{text:?} gave {other:?}"),
        }
    }
    for text in [
        "e2", "e2e5", "e1g1", "O-O", "Nf6", "Ke2", "a2a1q", "exd5", "e7e5",
    ] {
        match start.parse_move(text) {
            Err(MoveError::Illegal { text: t, .. }) => assert_eq!(t, text),
            other => panic!("{text:?} gave {other:?}"),
        }
    }
    let promo = fen("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(
        promo.parse_move("e7e8"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        promo.parse_move("e8"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        promo.parse_move("e7e8k"),
        Err(MoveError::Unparsable { .. })
    ));
    let knights = fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert!(matches!(
        knights.parse_move("Nd2"),
        Err(MoveError::Ambiguous { .. })
    ));
    assert!(knights.parse_move("Nbd2").is_ok());
}

#[test]
fn en_passant_rules() {
    // The two pawns leave the fifth rank together, exposing the king to the rook.
    let pinned = fen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2");
    assert!(!wire(&pinned).contains(&"b5c6".to_string()));
    assert_eq!(pinned.en_passant(), None);
    let free = fen("8/8/8/KPp5/8/8/8/4k2r w - c6 0 2");
    assert!(wire(&free).contains(&"b5c6".to_string()));
    assert_eq!(free.en_passant().map(|s| s.to_string()), Some("c6".into()));
    // Capturing the pawn that gives check.
    let check = fen("8/8/8/3k4/4Pp2/8/8/4K3 b - e3 0 1");
    assert!(check.in_check());
    assert!(wire(&check).contains(&"f4e3".to_string()));
    let after = check.play(&check.parse_move("f4e3").unwrap());
    assert_eq!(after.fen(), "8/8/8/3k4/8/4p3/8/4K3 w - - 0 2");
    // A diagonally pinned capturer may not take.
    let diagonal = fen("8/8/4B3/8/2pP4/1k6/8/7K b - d3 0 1");
    assert!(!wire(&diagonal).contains(&"c4d3".to_string()));
}

#[test]
fn castling_rules() {
    let both = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(wire(&both).contains(&"e1g1".to_string()));
    assert!(wire(&both).contains(&"e1c1".to_string()));
    // Through check (f1 attacked), out of check, into check, blocked.
    let through = fen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    assert!(!wire(&through).contains(&"e1g1".to_string()));
    let out_of = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!out_of.in_check());
    let checked = fen("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    assert!(checked.in_check());
    assert!(!wire(&checked).iter().any(|m| m == "e1g1" || m == "e1c1"));
    let into = fen("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1");
    assert!(!wire(&into).contains(&"e1g1".to_string()));
    assert!(wire(&into).contains(&"e1c1".to_string()));
    // Only the king's path matters on the queen side: b1 attacked is fine, b1 occupied is not.
    let b_file = fen("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(wire(&b_file).contains(&"e1c1".to_string()));
    let blocked = fen("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1");
    assert!(!wire(&blocked).contains(&"e1c1".to_string()));
    // Castling moves the rook; moving or losing a rook or king loses the rights.
    let (after, _) = play_all(&both, "O-O");
    assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let (after, _) = play_all(&both, "O-O-O O-O");
    assert_eq!(after.fen(), "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2");
    assert!(
        play_all(&both, "O-O-O").0.parse_move("O-O-O").is_err(),
        "d8 is attacked"
    );
    let (after, _) = play_all(&both, "Rh1h2");
    assert_eq!(
        after.castling_rights(),
        castling::WHITE_QUEEN_SIDE | castling::BLACK_KING_SIDE | castling::BLACK_QUEEN_SIDE
    );
    let (after, _) = play_all(&both, "Rxa8");
    assert_eq!(
        after.castling_rights(),
        castling::WHITE_KING_SIDE | castling::BLACK_KING_SIDE
    );
    let (after, _) = play_all(&both, "Ke2");
    assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1");
}

#[test]
fn insufficient_material() {
    let draw = |text: &str| fen(text).ending(&[]).map(|e| (e.result, e.reason));
    let dead = Some((GameResult::Draw, "insufficient material".to_string()));
    assert_eq!(draw("8/8/3k4/8/8/3K4/8/8 w - - 0 1"), dead);
    assert_eq!(draw("8/8/3k4/8/8/3K4/8/6N1 w - - 0 1"), dead);
    assert_eq!(draw("8/8/3k4/8/8/3K4/8/6b1 w - - 0 1"), dead);
    assert_eq!(
        draw("8/8/3k1b2/8/8/3K4/8/6B1 w - - 0 1"),
        dead,
        "same-coloured bishops"
    );
    assert_eq!(
        draw("8/8/3k2b1/8/8/3K4/8/6B1 w - - 0 1"),
        None,
        "opposite bishops can mate"
    );
    assert_eq!(draw("8/8/3k4/8/8/3K4/8/5NN1 w - - 0 1"), None);
    assert_eq!(draw("8/8/3kn3/8/8/3K4/8/6B1 w - - 0 1"), None);
    assert_eq!(draw("8/8/3k4/8/8/3K4/6P1/8 w - - 0 1"), None);
    assert_eq!(draw("8/8/3k4/8/8/3K4/8/7R w - - 0 1"), None);
}

#[test]
fn mate_stalemate_repetition_and_fifty_moves() {
    let (mated, history) = play_all(&Chess::startpos(), "f3 e5 g4 Qh4#");
    let ending = mated.ending(&history).unwrap();
    assert_eq!(
        (ending.result, ending.reason.as_str()),
        (GameResult::BlackWins, "Black mates")
    );
    let stalemate = fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(stalemate.ending(&[]).unwrap().reason, "stalemate");

    let shuffle = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1";
    let (pos, history) = play_all(&Chess::startpos(), shuffle);
    assert_eq!(
        pos.ending(&history),
        None,
        "the start position has occurred twice"
    );
    let (pos, history) = play_all(&Chess::startpos(), &format!("{shuffle} Ng8"));
    let ending = pos.ending(&history).unwrap();
    assert_eq!(
        (ending.result, ending.reason.as_str()),
        (GameResult::Draw, "threefold repetition")
    );

    let quiet = fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(quiet.ending(&[]), None);
    let (after, history) = play_all(&quiet, "Ra2");
    assert_eq!(after.ending(&history).unwrap().reason, "50-move rule");
    let (reset, history) = play_all(&fen("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80"), "a3");
    assert_eq!(reset.halfmove_clock(), 0);
    assert_eq!(reset.ending(&history), None);
    // Mate on the hundredth ply is mate.
    let (mate, history) = play_all(&fen("6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80"), "Ra8#");
    assert_eq!(mate.ending(&history).unwrap().result, GameResult::WhiteWins);
}

#[test]
fn tactical_moves_are_captures_and_promotions() {
    let promo = fen("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
    for mv in moves(&promo) {
        let expected = mv.is_capture() || mv.promotion_piece().is_some();
        assert_eq!(promo.is_tactical(&mv), expected);
    }
    assert!(promo.is_tactical(&promo.parse_move("e8=Q").unwrap()));
    assert!(promo.is_tactical(&promo.parse_move("exd8=N").unwrap()));
    assert!(!promo.is_tactical(&promo.parse_move("Kf2").unwrap()));
    let ep = fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert!(ep.is_tactical(&ep.parse_move("exf6").unwrap()));
}

#[test]
fn board_text_shows_pieces_and_fen() {
    let text = Chess::startpos().board_text();
    assert!(text.contains("| r | n | b | q | k | b | n | r | 8"));
    assert!(text.contains(START_FEN));
    let check = fen("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1").board_text();
    assert!(check.contains("Checkers: e2"));
}

#[test]
fn evaluation_api() {
    let pos = fen(KIWIPETE);
    assert_eq!(pos.king_square(Color::White).to_string(), "e1");
    assert_eq!(pos.pieces(Color::Black, PieceType::Queen).count_ones(), 1);
    assert_eq!(pos.pieces(Color::White, PieceType::Pawn).count_ones(), 8);
    assert_eq!(pos.color_pieces(Color::White).count_ones(), 16);
    let e5 = Square::parse("e5").unwrap();
    assert_eq!(
        pos.piece_at(e5),
        Some(Piece {
            color: Color::White,
            kind: PieceType::Knight
        })
    );
    assert_eq!(attacks::knight_attacks(e5).count_ones(), 8);
    let attackers: Vec<String> =
        squares(pos.attackers_to(Square::parse("f7").unwrap(), pos.occupied()))
            .map(|s| s.to_string())
            .collect();
    assert_eq!(attackers, ["e5", "e7", "e8"].map(String::from));
    assert_eq!(
        Square::parse("a2")
            .unwrap()
            .relative_to(Color::Black)
            .to_string(),
        "a7"
    );
}

/// The suite holds the six positions of the chessprogramming.org "Perft Results" page with their
/// published counts (the registry's suite test checks the ones within its budget).
#[test]
fn suite_holds_the_published_deep_counts() {
    let text = Chess::perft_suite("chess").expect("chess keeps a suite");
    let suite = crate::core::perft::parse_suite(text).unwrap();
    let deepest = |name: &str| suite.entry(name).and_then(|e| e.counts.last().copied());
    assert_eq!(deepest("start"), Some((7, 3_195_901_860)));
    assert_eq!(deepest("kiwipete"), Some((6, 8_031_647_685)));
    assert_eq!(deepest("position3"), Some((7, 178_633_661)));
    assert_eq!(deepest("position4"), Some((6, 706_045_033)));
    assert_eq!(deepest("position5"), Some((5, 89_941_194)));
    assert_eq!(deepest("position6"), Some((6, 6_923_051_137)));
}

/// The direct legality test (on the move's own piece) agrees with the generator on every
/// 16-bit word, in every suite position and every position one move after it.
#[test]
fn legality_of_any_move_word_matches_the_generator() {
    let suite = Chess::perft_suite("chess").expect("chess suite");
    let mut positions = Vec::new();
    for entry in crate::core::perft::parse_suite(suite).unwrap().entries {
        let pos = fen(entry.position);
        positions.extend(moves(&pos).iter().map(|mv| pos.play(mv)));
        positions.push(pos);
    }
    for pos in &positions {
        let legal = moves(pos);
        for bits in 0..=u16::MAX {
            let mv = ChessMove::from_bits(bits);
            assert_eq!(
                pos.is_legal_move(mv),
                legal.contains(&mv),
                "{} {mv:?}",
                pos.fen()
            );
        }
    }
}

#[test]
fn piece_squares_tell_piece_colour_and_destination_apart() {
    let mut seen = std::collections::HashMap::new();
    walk(&Chess::startpos(), 3, &mut |pos, mv, _| {
        let value = pos.piece_square(&mv).unwrap();
        assert!(value < crate::core::PIECE_SQUARES);
        let piece = pos.piece_at(mv.from()).unwrap();
        let owner = (piece, mv.to());
        assert_eq!(*seen.entry(value).or_insert(owner), owner, "{}", pos.fen());
    });
    let pos = Chess::startpos();
    let knight = pos.parse_move("Nf3").unwrap();
    let pawn = pos.parse_move("f3").unwrap();
    assert_ne!(pos.piece_square(&knight), pos.piece_square(&pawn));
}
