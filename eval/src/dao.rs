//! Evaluation for Dragons, Archers & Oxen.
//!
//! Material values (centipawns), derived from how much each piece does on a 10x10 board:
//! - Pawn 100, Lancer 200: a lancer moves 1-2 squares in five directions and captures 1-2 squares
//!   on both forward diagonals, about two pawns' worth of control.
//! - Knight 450: the DAO knight is a gnu (knight + camel, 16 targets), which the seed calls
//!   "probably more powerful than the bishop"; compound leapers of 16 targets are worth about
//!   1.5 orthodox knights.
//! - Bishop 350, Rook 550, Queen 1000: the orthodox ratios, a little above 8x8 for the longer lines.
//! - Archer 400: a long-range attacker that must leap a screen to move forward; strong against
//!   crowded positions, weak in open endings (seed's strategy note).
//! - Ox 325: a rook's mobility without capturing, adjacent diagonal captures, pushes.
//! - Fool 150: it can hardly capture and can hardly be captured; a movable block and swapper.
//! - Dragon: 100 plus 70 % of the best power it holds now (its powers change every move).
//! - Gate 150: each gate widens every own piece's reach; a gate under an own dragon is immobile.
//!
//! Reserve pieces count 90 % (they still need a vacant gate). Positional terms: mobility along
//! open lines, pawn/lancer advancement, king safety against enemy archer lines (screened only by
//! own lancers), open queen/rook/bishop lines, and open lines of an enemy dragon's current
//! powers. All weights are the tables below.

use tiamat_engine::core::geometry::{ALL_LINES, DIAGONAL, ORTHOGONAL};
use tiamat_engine::games::dao::{Dao, Kind, Move, MoveKind, Piece, GNU};
use tiamat_engine::search::Evaluator;
use tiamat_engine::{Color, Game};

use crate::HasEvaluator;

/// Material by `Kind as usize` (Pawn, Lancer, Knight, Bishop, Rook, Queen, King, Dragon, Ox,
/// Archer, Fool, Gate).
pub const MATERIAL: [i32; 12] = [100, 200, 450, 350, 550, 1000, 0, 100, 325, 400, 150, 150];
/// Per cent of a piece's value counted while it waits in the reserve.
pub const RESERVE_PERCENT: i32 = 90;
/// Per cent of the best mimicked piece's value added to a dragon.
pub const DRAGON_POWER_PERCENT: i32 = 70;
/// Centipawns per reachable empty square along the piece's own lines, by kind.
pub const MOBILITY: [i32; 12] = [0, 0, 2, 3, 2, 1, 0, 1, 1, 1, 0, 0];
/// Bonus per rank advanced (from the own side), pawns and lancers.
pub const ADVANCE: [i32; 10] = [0, 0, 4, 8, 14, 22, 34, 50, 70, 0];
/// King safety: penalty when an enemy archer's forward line reaches the king through a screen,
/// when the only screen is an own lancer it is blocked (bonus instead).
pub const ARCHER_LINE_PENALTY: i32 = 60;
pub const LANCER_SCREEN_BONUS: i32 = 20;
/// Penalty per enemy slider (Q, R, B) with an open line to the king.
pub const OPEN_LINE_PENALTY: i32 = 25;
/// Penalty per own pawn-class piece missing from the squares in front of the king (max 3).
pub const SHIELD_PENALTY: i32 = 12;
pub const TEMPO: i32 = 10;

#[derive(Clone, Copy, Debug, Default)]
pub struct DaoEval;

impl HasEvaluator for Dao {
    type Evaluator = DaoEval;
}

fn sq(f: i8, r: i8) -> Option<u8> {
    ((0..10).contains(&f) && (0..10).contains(&r)).then(|| (r * 10 + f) as u8)
}

fn forward(c: Color) -> i8 {
    if c == Color::White {
        1
    } else {
        -1
    }
}

fn ray_len(pos: &Dao, s: u8, d: (i8, i8)) -> i32 {
    let (mut f, mut r) = ((s % 10) as i8, (s / 10) as i8);
    let mut n = 0;
    loop {
        f += d.0;
        r += d.1;
        match sq(f, r) {
            Some(t) if pos.piece_at(t).is_none() => n += 1,
            _ => return n,
        }
    }
}

fn mobility(pos: &Dao, s: u8, kind: Kind) -> i32 {
    let dirs: &[(i8, i8)] = match kind {
        Kind::Bishop => &DIAGONAL,
        Kind::Rook | Kind::Ox => &ORTHOGONAL,
        Kind::Queen | Kind::Dragon => &ALL_LINES,
        Kind::Knight => {
            let (f, r) = ((s % 10) as i8, (s / 10) as i8);
            let mut n = 0;
            for (df, dr) in GNU {
                if sq(f + df, r + dr).is_some() {
                    n += 1;
                }
            }
            return n * MOBILITY[Kind::Knight as usize];
        }
        _ => &[],
    };
    dirs.iter().map(|&d| ray_len(pos, s, d)).sum::<i32>() * MOBILITY[kind as usize]
}

fn dragon_value(pos: &Dao, color: Color) -> i32 {
    let best = pos
        .dragon_powers(color)
        .iter()
        .flatten()
        .map(|k| MATERIAL[*k as usize])
        .max()
        .unwrap_or(0);
    MATERIAL[Kind::Dragon as usize] + best * DRAGON_POWER_PERCENT / 100
}

/// Penalties for `color`'s king: enemy archer lines, open enemy slider lines, missing shield.
fn king_danger(pos: &Dao, color: Color) -> i32 {
    let Some(k) = pos.king_square(color) else {
        return 0;
    };
    let (kf, kr) = ((k % 10) as i8, (k / 10) as i8);
    let mut danger = 0;
    for s in 0..100u8 {
        let Some(p) = pos.piece_at(s) else { continue };
        if p.color == color {
            continue;
        }
        let (f, r) = ((s % 10) as i8, (s / 10) as i8);
        let (df, dr) = (kf - f, kr - r);
        let aligned_diag = df.abs() == dr.abs() && df != 0;
        let aligned_ortho = (df == 0) != (dr == 0);
        match p.kind {
            Kind::Archer => {
                // Forward line of the archer (file or forward diagonal) towards the king.
                let fwd = forward(p.color);
                if dr.signum() == fwd && (df == 0 || aligned_diag) {
                    let step = (df.signum(), dr.signum());
                    let (mut x, mut y) = (f + step.0, r + step.1);
                    let mut screen = 0;
                    let mut lancer = false;
                    while (x, y) != (kf, kr) {
                        if let Some(t) = sq(x, y) {
                            if let Some(q) = pos.piece_at(t) {
                                screen += 1;
                                if q.kind == Kind::Lancer && q.color == color {
                                    lancer = true;
                                }
                            }
                        }
                        x += step.0;
                        y += step.1;
                    }
                    if lancer {
                        danger -= LANCER_SCREEN_BONUS;
                    } else if screen > 0 {
                        danger += ARCHER_LINE_PENALTY;
                    } else {
                        danger += ARCHER_LINE_PENALTY / 3;
                    }
                }
            }
            Kind::Queen | Kind::Rook | Kind::Bishop | Kind::Dragon => {
                let line_fits = |k: Kind| match k {
                    Kind::Rook => aligned_ortho,
                    Kind::Bishop => aligned_diag,
                    Kind::Queen => aligned_ortho || aligned_diag,
                    _ => false,
                };
                // A dragon threatens along the lines of the powers it holds now.
                let fits = if p.kind == Kind::Dragon {
                    pos.dragon_powers(p.color)
                        .iter()
                        .flatten()
                        .any(|&k| line_fits(k))
                } else {
                    line_fits(p.kind)
                };
                if fits {
                    let step = (df.signum(), dr.signum());
                    let (mut x, mut y) = (f + step.0, r + step.1);
                    let mut open = true;
                    while (x, y) != (kf, kr) {
                        if sq(x, y).and_then(|t| pos.piece_at(t)).is_some() {
                            open = false;
                            break;
                        }
                        x += step.0;
                        y += step.1;
                    }
                    if open {
                        danger += OPEN_LINE_PENALTY;
                    }
                }
            }
            _ => {}
        }
    }
    let fwd = forward(color);
    let mut missing = 0;
    for df in -1..=1 {
        let own_pawn = sq(kf + df, kr + fwd)
            .and_then(|t| pos.piece_at(t))
            .is_some_and(|p| p.color == color && matches!(p.kind, Kind::Pawn | Kind::Lancer));
        if !own_pawn {
            missing += 1;
        }
    }
    danger + missing * SHIELD_PENALTY
}

/// Everything from White's point of view.
pub fn white_score(pos: &Dao) -> i32 {
    let mut score = 0;
    for s in 0..100u8 {
        if let Some(c) = pos.gate_at(s) {
            score += c.sign() * MATERIAL[Kind::Gate as usize];
        }
        let Some(Piece { color, kind }) = pos.piece_at(s) else {
            continue;
        };
        let mut v = if kind == Kind::Dragon {
            dragon_value(pos, color)
        } else {
            MATERIAL[kind as usize]
        };
        v += mobility(pos, s, kind);
        if matches!(kind, Kind::Pawn | Kind::Lancer) {
            let rank = (s / 10) as usize;
            let rel = if color == Color::White {
                rank
            } else {
                9 - rank
            };
            v += ADVANCE[rel];
        }
        score += color.sign() * v;
    }
    for color in Color::ALL {
        for kind in [Kind::Archer, Kind::Ox, Kind::Fool] {
            score += color.sign()
                * pos.reserve_count(color, kind) as i32
                * MATERIAL[kind as usize]
                * RESERVE_PERCENT
                / 100;
        }
        score -= color.sign() * king_danger(pos, color);
    }
    score
}

impl Evaluator<Dao> for DaoEval {
    type Path = ();

    fn evaluate(&self, pos: &Dao) -> i32 {
        pos.side_to_move().sign() * white_score(pos) + TEMPO
    }

    /// The victim and a promotion's gain (a Fool's suicide costs the Fool). Whether the
    /// landing square is defended is not weighed: what may take there depends on the victim.
    fn capture_order(&self, pos: &Dao, mv: &Move) -> i32 {
        let enemy = |sq: u8| {
            pos.piece_at(sq)
                .filter(|p| p.color != pos.side_to_move())
                .map_or(0, |p| MATERIAL[p.kind as usize])
        };
        let victim = match mv.kind {
            MoveKind::Normal | MoveKind::Null if mv.from != mv.to => enemy(mv.to),
            MoveKind::EnPassant => pos.en_passant().map_or(0, |ep| enemy(ep.victim)),
            MoveKind::Suicide => enemy(mv.to) - MATERIAL[Kind::Fool as usize],
            _ => 0,
        };
        // A push or swap promotes the Pawn it moves, not the mover.
        let promoted = match mv.kind {
            MoveKind::Normal | MoveKind::EnPassant => mv.piece,
            _ => Kind::Pawn,
        };
        let promotion = mv
            .promo
            .map_or(0, |k| MATERIAL[k as usize] - MATERIAL[promoted as usize]);
        victim + promotion
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str) -> i32 {
        DaoEval.evaluate(&Dao::from_position_string("dao", text).unwrap())
    }

    #[test]
    fn capture_order_is_the_victim() {
        // The Rook a1 takes the Queen a10 up the open file, or steps to a2.
        let pos =
            Dao::from_position_string("dao", "q4k4/10/10/10/10/10/10/10/10/R4K4 w - - [] - - 0 1")
                .unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let order = |to: u8| {
            let mv = moves.iter().find(|m| m.from == 0 && m.to == to).unwrap();
            DaoEval.capture_order(&pos, mv)
        };
        assert_eq!(order(90), MATERIAL[Kind::Queen as usize]);
        assert_eq!(order(10), 0);
    }

    #[test]
    fn start_is_balanced() {
        let p = Dao::start_position("dao").unwrap();
        assert_eq!(white_score(&p), 0);
        assert_eq!(DaoEval.evaluate(&p), TEMPO);
    }

    #[test]
    fn material_and_reserve_count() {
        // A white queen more is worth about a queen.
        let base = "5k4/10/10/10/10/10/10/10/10/5K4 w - - [] - - 0 1";
        let queen = "5k4/10/10/10/10/10/10/10/10/4QK4 w - - [] - - 0 1";
        assert!(eval(queen) - eval(base) > 900);
        // A reserve archer counts, a little less than one on the board.
        let reserve = "5k4/10/10/10/10/10/10/10/10/5K4 w - - [A] - - 0 1";
        let diff = eval(reserve) - eval(base);
        assert_eq!(
            diff,
            MATERIAL[Kind::Archer as usize] * RESERVE_PERCENT / 100
        );
        // Black's view is the negation (apart from the tempo).
        let black = "5k4/10/10/10/10/10/10/10/10/4QK4 b - - [] - - 0 1";
        assert_eq!(eval(black) - TEMPO, -(eval(queen) - TEMPO));
    }

    #[test]
    fn dragon_is_worth_more_with_a_strong_power() {
        let none = "5k4/10/10/10/10/10/10/10/10/D3QK4 w - - [] - - 0 1";
        let queen_power = "5k4/10/10/10/10/10/10/10/10/D3QK4 w - - [] e1 - 0 1";
        assert_eq!(
            eval(queen_power) - eval(none),
            MATERIAL[Kind::Queen as usize] * DRAGON_POWER_PERCENT / 100
        );
    }

    #[test]
    fn dragon_power_lines_count_against_the_king() {
        // The black dragon on f10 sees the white king down the open f-file only with a rook power.
        let calm = "5d4/10/10/10/10/10/10/10/10/R4K4 b - - [] - - 0 1";
        let rook_power = "5d4/10/10/10/10/10/10/10/10/R4K4 b - - [] a1 - 0 1";
        let with_power = eval(rook_power) - eval(calm);
        // The rook power is worth DRAGON_POWER_PERCENT of a rook to Black's dragon ... and the
        // open line adds the king-safety penalty on top.
        let power_value = MATERIAL[Kind::Rook as usize] * DRAGON_POWER_PERCENT / 100;
        assert_eq!(with_power, power_value + OPEN_LINE_PENALTY);
    }

    #[test]
    fn lancer_screens_an_archer_line() {
        // Black archer on f10 aims down the f-file at the white king, screened by a pawn (danger)
        // or by a white lancer (safe).
        let pawn = "5a4/10/10/10/10/5P4/10/10/10/5K4 w - - [] - - 0 1";
        let lancer = "5a4/10/10/10/10/5L4/10/10/10/5K4 w - - [] - - 0 1";
        let material = MATERIAL[Kind::Lancer as usize] - MATERIAL[Kind::Pawn as usize];
        assert!(eval(lancer) - eval(pawn) > material);
    }

    /// Whole games with the engine's searcher and this evaluation on both sides: every chosen move
    /// is legal and its wire text names it; the game ends through `ending` or runs its course.
    #[test]
    fn self_play_keeps_to_the_rules() {
        use tiamat_engine::search::{Control, Limits, Options, Searcher};
        let mut searcher = Searcher::new(DaoEval, Options::default());
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let mut pos = Dao::start_position("dao").unwrap();
        let mut history = Vec::new();
        for _ in 0..120 {
            if pos.ending(&history).is_some() {
                break;
            }
            let outcome = searcher.search(&pos, &history, &limits, &Control::new(), &mut |_| {});
            let mv = outcome.best.expect("a move while the game goes on");
            let wire = pos.move_to_wire(&mv);
            assert_eq!(pos.parse_move(&wire), Ok(mv), "{wire}");
            history.push(pos.key());
            pos = pos.play(&mv);
        }
    }

    /// Material only, from the side to move's view.
    fn material(pos: &Dao) -> i32 {
        let mut score = 0;
        for s in 0..100u8 {
            if let Some(p) = pos.piece_at(s) {
                score += p.color.sign() * MATERIAL[p.kind as usize];
            }
            if let Some(c) = pos.gate_at(s) {
                score += c.sign() * MATERIAL[Kind::Gate as usize];
            }
        }
        for color in Color::ALL {
            for kind in [Kind::Archer, Kind::Ox, Kind::Fool] {
                score +=
                    color.sign() * pos.reserve_count(color, kind) as i32 * MATERIAL[kind as usize];
            }
        }
        pos.side_to_move().sign() * score
    }

    /// A short match against a greedy one-ply material player (TIAMAT_DEEP only; prints the score).
    #[test]
    fn match_against_greedy_material_player() {
        use tiamat_engine::search::{Control, Limits, Options, Searcher};
        use tiamat_engine::GameResult;
        if !tiamat_engine::core::deep_tests() {
            return;
        }
        let games = 20;
        let mut points = 0.0;
        let mut seed = 12345u64;
        for game in 0..games {
            let mut searcher = Searcher::new(DaoEval, Options::default());
            let limits = Limits {
                depth: Some(2),
                ..Limits::default()
            };
            let engine_color = if game % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let mut pos = Dao::start_position("dao").unwrap();
            let mut history = Vec::new();
            let mut result = None;
            for _ in 0..200 {
                if let Some(end) = pos.ending(&history) {
                    result = Some(end.result);
                    break;
                }
                let mv = if pos.side_to_move() == engine_color {
                    searcher
                        .search(&pos, &history, &limits, &Control::new(), &mut |_| {})
                        .best
                        .unwrap()
                } else {
                    let mut moves = Vec::new();
                    pos.legal_moves(&mut moves);
                    let best = moves.iter().map(|m| -material(&pos.play(m))).max().unwrap();
                    let top: Vec<_> = moves
                        .iter()
                        .filter(|m| -material(&pos.play(m)) == best)
                        .collect();
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    *top[(seed >> 33) as usize % top.len()]
                };
                history.push(pos.key());
                pos = pos.play(&mv);
            }
            // Unfinished games are scored by material (a clear lead of a piece or more).
            let score = match result {
                Some(GameResult::Draw) => 0.5,
                Some(r) if r == GameResult::win_for(engine_color) => 1.0,
                Some(_) => 0.0,
                None => {
                    let lead = if pos.side_to_move() == engine_color {
                        material(&pos)
                    } else {
                        -material(&pos)
                    };
                    if lead >= 300 {
                        1.0
                    } else if lead <= -300 {
                        0.0
                    } else {
                        0.5
                    }
                }
            };
            points += score;
            eprintln!("game {game}: engine {engine_color} {result:?} score {score}");
        }
        eprintln!("engine {points} / {games} against the greedy material player");
        assert!(points >= games as f64 * 0.95, "{points}");
    }
}
