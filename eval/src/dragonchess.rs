//! Dragonchess evaluation: material per piece kind and level, mobility, centrality, King safety
//! over all three levels, frozen pieces, Warrior advance. All weights are the tables below
//! (centipawns).

use tiamat_engine::games::dragonchess::geometry::{file, level, rank, shift, SQUARES};
use tiamat_engine::games::dragonchess::{Dragonchess, Kind, Move};
use tiamat_engine::search::Evaluator;
use tiamat_engine::{Color, Game};

use crate::HasEvaluator;

/// Material by kind (in `Kind::ALL` order) and level (lower, middle, upper). A piece standing
/// where its moves are poorer is worth less there: a Griffon on the middle board only steps
/// diagonally, a Hero, Mage or Paladin on an outer board has only short moves. Levels a kind can
/// never reach get its home value (such pieces only come from hand-made position strings).
pub const MATERIAL: [[i32; 3]; 15] = [
    [80, 80, 110],    // Sylph: on the middle board it can only go back up
    [350, 350, 500],  // Griffon
    [800, 800, 800],  // Dragon
    [100, 100, 100],  // Warrior
    [500, 500, 500],  // Oliphant
    [250, 250, 250],  // Unicorn
    [380, 450, 380],  // Hero
    [400, 400, 400],  // Thief
    [850, 900, 850],  // Cleric
    [850, 1100, 850], // Mage
    [0, 0, 0],        // King
    [800, 1000, 800], // Paladin
    [200, 180, 180],  // Dwarf
    [300, 300, 300],  // Basilisk
    [400, 300, 300],  // Elemental: on the middle board it can only return
];

/// Per mille of its material a frozen piece keeps: it cannot move, capture or defend, but the
/// Basilisk may leave.
pub const FROZEN_PER_MILLE: i32 = 550;

/// Centipawns per pseudo-legal move, by kind.
pub const MOBILITY: [i32; 15] = [
    2, // Sylph
    3, // Griffon
    3, // Dragon
    0, // Warrior
    3, // Oliphant
    3, // Unicorn
    2, // Hero
    3, // Thief
    2, // Cleric
    2, // Mage
    0, // King
    2, // Paladin
    1, // Dwarf
    1, // Basilisk
    2, // Elemental
];

/// Centipawns per step of centrality (0 on a corner .. 8 in the centre of a level), by kind:
/// short-range pieces want the middle of their board.
pub const CENTRALITY: [i32; 15] = [
    0, // Sylph
    2, // Griffon
    1, // Dragon
    0, // Warrior
    0, // Oliphant
    4, // Unicorn
    3, // Hero
    1, // Thief
    2, // Cleric
    1, // Mage
    0, // King
    3, // Paladin
    1, // Dwarf
    1, // Basilisk
    2, // Elemental
];

/// Bonus for a Warrior by ranks advanced from its start rank (0..=5; promotion is a Hero).
pub const WARRIOR_ADVANCE: [i32; 6] = [0, 5, 10, 20, 35, 60];

/// Penalty per square of the King's zone (itself, its neighbours on its level, the squares
/// straight above and below) attacked by the enemy from any level.
pub const KING_ZONE_ATTACK: i32 = 12;
/// Extra penalty when the King itself is attacked (in check), counted from the mover's view.
pub const KING_IN_CHECK: i32 = 30;
/// A King on an outer board can only drop back to the middle board.
pub const KING_OFF_MIDDLE: i32 = 40;
pub const TEMPO: i32 = 10;

#[derive(Clone, Copy, Debug, Default)]
pub struct DragonchessEval;

impl HasEvaluator for Dragonchess {
    type Evaluator = DragonchessEval;
}

impl Evaluator<Dragonchess> for DragonchessEval {
    type Path = ();

    fn evaluate(&self, pos: &Dragonchess) -> i32 {
        let white = score_side(pos, Color::White);
        let black = score_side(pos, Color::Black);
        let us = pos.side_to_move();
        (white - black) * us.sign() + TEMPO
    }

    /// One-step exchange estimate: the victim (and a promotion's gain), less the mover when the
    /// enemy attacks its landing square. A remote capture risks nothing: the Dragon stays.
    fn capture_order(&self, pos: &Dragonchess, mv: &Move) -> i32 {
        let (from, to) = (mv.from(), mv.to());
        let victim = pos.piece_at(to).map_or(0, |(_, k)| material(k, level(to)));
        if mv.is_remote() {
            return victim;
        }
        let Some((us, mover)) = pos.piece_at(from) else {
            return 0;
        };
        let (landed, gain) = if mv.is_promotion() {
            let hero = material(Kind::Hero, level(to));
            (hero, hero - material(mover, level(from)))
        } else {
            (material(mover, level(to)), 0)
        };
        let risk = if pos.attacked_by(to, !us) { landed } else { 0 };
        victim + gain - risk
    }

    /// Zugzwang needs a side reduced to pieces that cannot wait: King, Warriors, Dwarves, Sylphs.
    fn zugzwang_unlikely(&self, pos: &Dragonchess) -> bool {
        let us = pos.side_to_move();
        (0..SQUARES).any(|sq| {
            pos.piece_at(sq).is_some_and(|(c, k)| {
                c == us && !matches!(k, Kind::King | Kind::Warrior | Kind::Dwarf | Kind::Sylph)
            })
        })
    }
}

/// The material of `kind` on `level` (0 lower, 1 middle, 2 upper).
pub fn material(kind: Kind, level: usize) -> i32 {
    MATERIAL[kind.index()][level]
}

fn score_side(pos: &Dragonchess, color: Color) -> i32 {
    let mut score = 0;
    for sq in 0..SQUARES {
        let Some((c, kind)) = pos.piece_at(sq) else {
            continue;
        };
        if c != color {
            continue;
        }
        let value = material(kind, level(sq));
        if pos.is_frozen(sq) {
            score += value * FROZEN_PER_MILLE / 1000;
            continue;
        }
        score += value;
        score += MOBILITY[kind.index()] * pos.piece_mobility(sq) as i32;
        score += CENTRALITY[kind.index()] * centrality(sq);
        if kind == Kind::Warrior {
            let advanced = match color {
                Color::White => rank(sq).saturating_sub(1),
                Color::Black => 6usize.saturating_sub(rank(sq)),
            };
            score += WARRIOR_ADVANCE[advanced.min(5)];
        }
    }
    score - king_danger(pos, color)
}

/// 0 on a corner up to 8 on the four central squares of a level; symmetric in ranks and files.
fn centrality(sq: usize) -> i32 {
    let f = file(sq) as i32;
    let r = rank(sq) as i32;
    let file_part = f.min(11 - f).min(5);
    let rank_part = r.min(7 - r);
    file_part + rank_part
}

fn king_danger(pos: &Dragonchess, color: Color) -> i32 {
    let king = pos.king_square(color);
    let enemy = !color;
    let mut danger = 0;
    if level(king) != 1 {
        danger += KING_OFF_MIDDLE;
    }
    if pos.attacked_by(king, enemy) {
        danger += KING_IN_CHECK;
    }
    for dl in -1..=1 {
        for dr in -1..=1 {
            for df in -1..=1 {
                // Same-level neighbours, and straight up/down.
                let vertical = dl != 0 && (dr != 0 || df != 0);
                if vertical || (dl, dr, df) == (0, 0, 0) {
                    continue;
                }
                if let Some(sq) = shift(king, dl, dr, df) {
                    if pos.piece_at(sq).is_none_or(|(c, _)| c != color)
                        && pos.attacked_by(sq, enemy)
                    {
                        danger += KING_ZONE_ATTACK;
                    }
                }
            }
        }
    }
    danger
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str) -> i32 {
        DragonchessEval.evaluate(&Dragonchess::parse(text).unwrap())
    }

    /// The same position with colours swapped and the boards turned round.
    fn mirror(text: &str) -> String {
        let mut fields = text.split(' ');
        let boards = fields.next().unwrap();
        let side = if fields.next() == Some("g") { "s" } else { "g" };
        let rest: Vec<&str> = fields.collect();
        let flipped: Vec<String> = boards
            .split('|')
            .map(|b| {
                b.split('/')
                    .rev()
                    .map(|r| {
                        r.chars()
                            .map(|c| {
                                if c.is_ascii_uppercase() {
                                    c.to_ascii_lowercase()
                                } else {
                                    c.to_ascii_uppercase()
                                }
                            })
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .collect();
        format!("{} {side} {}", flipped.join("|"), rest.join(" "))
    }

    const EMPTY_UPPER: &str = "12/12/12/12/12/12/12/12";

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(eval(Dragonchess::START), TEMPO);
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        let mut pos = Dragonchess::start();
        let mut moves = tiamat_engine::games::dragonchess::Moves::new();
        // A fixed walk through the game: always the (n * 7)th legal move.
        for n in 0..60 {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[(n * 7) % moves.len()]);
            let text = pos.position_string();
            // The mirror of the mover's position, seen by the other mover: equal scores.
            assert_eq!(eval(&text), eval(&mirror(&text)), "{text}");
        }
    }

    #[test]
    fn a_griffon_is_worth_less_on_the_middle_board() {
        assert!(material(Kind::Griffon, 1) < material(Kind::Griffon, 2));
        let up = format!("{EMPTY_UPPER}|11k/12/12/12/12/12/12/K11|{EMPTY_UPPER} g 0 1").replacen(
            EMPTY_UPPER,
            "12/12/12/12/4G7/12/12/12",
            1,
        );
        let down = format!("{EMPTY_UPPER}|11k/12/12/12/4G7/12/12/K11|{EMPTY_UPPER} g 0 1");
        assert!(eval(&up) > eval(&down));
    }

    #[test]
    fn a_frozen_piece_counts_for_less() {
        // Gold Oliphant on 2e4 over a Scarlet Basilisk (frozen) or over an empty square.
        let frozen =
            format!("{EMPTY_UPPER}|11k/12/12/12/4O7/12/12/K11|12/12/12/12/4b7/12/12/12 g 0 1");
        let free =
            format!("{EMPTY_UPPER}|11k/12/12/12/4O7/12/12/K11|12/12/12/12/12/4b7/12/12 g 0 1");
        assert!(eval(&frozen) < eval(&free) - 100);
    }

    #[test]
    fn king_safety_sees_attacks_from_other_levels() {
        // A Scarlet Dragon on the upper board covers squares around the Gold King on 2e4 by
        // remote capture; a Scarlet Dragon far away does not.
        let near =
            format!("12/12/12/4r7/12/12/12/12|11k/12/12/12/4K7/12/12/12|{EMPTY_UPPER} g 0 1");
        let far = format!("11r/12/12/12/12/12/12/12|11k/12/12/12/4K7/12/12/12|{EMPTY_UPPER} g 0 1");
        let zone = |text: &str| king_danger(&Dragonchess::parse(text).unwrap(), Color::White);
        assert!(zone(&near) >= zone(&far) + 3 * KING_ZONE_ATTACK);
    }

    /// Whole games with the engine's searcher and this evaluation on both sides: every chosen move
    /// is legal, its wire text names it, and the game ends through `ending` or runs its course.
    #[test]
    fn self_play_keeps_to_the_rules() {
        use tiamat_engine::search::{Control, Limits, Options, Searcher};
        let mut searcher = Searcher::new(DragonchessEval, Options::default());
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let mut pos = Dragonchess::start();
        let mut history = Vec::new();
        let mut ended = None;
        for _ in 0..200 {
            if let Some(end) = pos.ending(&history) {
                ended = Some(end);
                break;
            }
            let outcome = searcher.search(&pos, &history, &limits, &Control::new(), &mut |_| {});
            let mv = outcome.best.expect("a move while the game goes on");
            let wire = pos.move_to_wire(&mv);
            assert_eq!(pos.parse_move(&wire), Ok(mv), "{wire}");
            history.push(pos.key());
            pos = pos.play(&mv);
        }
        // A greedy player takes material: after 200 plies far fewer than 84 pieces remain.
        let pieces = (0..SQUARES).filter(|&s| pos.piece_at(s).is_some()).count();
        assert!(ended.is_some() || pieces < 60, "{pieces} pieces left");
    }

    /// Material of `color` less the opponent's, by the level tables only.
    fn material_balance(pos: &Dragonchess, color: Color) -> i32 {
        (0..SQUARES)
            .filter_map(|sq| pos.piece_at(sq).map(|(c, k)| (c, material(k, level(sq)))))
            .map(|(c, v)| if c == color { v } else { -v })
            .sum()
    }

    /// The 1-ply material player: the move that leaves it the most material, ties at random.
    fn greedy_move(pos: &Dragonchess, seed: &mut u64) -> Move {
        let mut moves = tiamat_engine::games::dragonchess::Moves::new();
        pos.legal_moves(&mut moves);
        let us = pos.side_to_move();
        let mut best = Vec::new();
        let mut best_score = i32::MIN;
        for mv in moves.iter() {
            let score = material_balance(&pos.play(mv), us);
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(*mv);
            }
        }
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        best[(*seed % best.len() as u64) as usize]
    }

    /// Plays the searcher (at `depth`) against the greedy player; true when the searcher wins.
    fn searcher_beats_greedy(searcher_gold: bool, depth: u32, seed: u64) -> bool {
        use tiamat_engine::search::{Control, Limits, Options, Searcher};
        use tiamat_engine::GameResult;
        let mut searcher = Searcher::new(DragonchessEval, Options::default());
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let mut seed = seed;
        let mut pos = Dragonchess::start();
        let mut history = Vec::new();
        for _ in 0..400 {
            if let Some(end) = pos.ending(&history) {
                let won = if searcher_gold {
                    GameResult::WhiteWins
                } else {
                    GameResult::BlackWins
                };
                return end.result == won;
            }
            let searcher_to_move = (pos.side_to_move() == Color::White) == searcher_gold;
            let mv = if searcher_to_move {
                searcher
                    .search(&pos, &history, &limits, &Control::new(), &mut |_| {})
                    .best
                    .expect("a move while the game goes on")
            } else {
                greedy_move(&pos, &mut seed)
            };
            history.push(pos.key());
            pos = pos.play(&mv);
        }
        false
    }

    #[test]
    fn a_shallow_search_beats_the_greedy_material_player() {
        assert!(searcher_beats_greedy(true, 2, 1));
        assert!(searcher_beats_greedy(false, 2, 2));
    }

    #[test]
    fn search_against_the_greedy_material_player_many_games() {
        if !tiamat_engine::core::deep_tests() {
            return;
        }
        let games = 40;
        let wins = (0..games)
            .filter(|&g| searcher_beats_greedy(g % 2 == 0, 3, 1000 + g as u64))
            .count();
        eprintln!("depth-3 search beat the 1-ply material player in {wins} of {games} games");
        assert!(wins * 100 >= games * 95);
    }

    #[test]
    fn evaluation_speed() {
        if !tiamat_engine::core::deep_tests() {
            return;
        }
        let pos = Dragonchess::start();
        let started = std::time::Instant::now();
        let mut sum = 0i64;
        for _ in 0..100_000 {
            sum += DragonchessEval.evaluate(std::hint::black_box(&pos)) as i64;
        }
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "{:.0} k evaluations/s of the start position ({sum})",
            100.0 / secs
        );
    }

    #[test]
    fn material_table_covers_every_kind() {
        for kind in Kind::ALL {
            let v = MATERIAL[kind.index()];
            if kind == Kind::King {
                assert_eq!(v, [0, 0, 0]);
            } else {
                assert!(v.iter().all(|&x| x > 0), "{kind:?}");
            }
        }
        assert_eq!(material(Kind::Dragon, 2), 800);
    }

    /// From self-play against the 1-ply player: Gold, far ahead, took on 2d7 at depth 4 and was
    /// mated at once by the quiet Dragon move 3d5-3g2, because late-move and futility pruning
    /// dropped that quiet check one ply from the horizon.
    #[test]
    fn search_sees_a_quiet_mate_in_one_reply() {
        use tiamat_engine::search::{Control, Limits, Options, Searcher};
        let pos = Dragonchess::from_position_string(
            "dragonchess",
            "12/s3R1s1s1s1/12/3r8/12/9S2/2S1S3S3/2G7G1|o4mk1thuo/wwwwwwwwww1w/u5p3w1/12/12/12/\
             2WWWWWWWWWW/1UHT1CKPTHUO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 1 12",
        )
        .unwrap();
        let mut searcher = Searcher::new(DragonchessEval, Options::default());
        for depth in 2..=4 {
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let best = searcher
                .search(&pos, &[], &limits, &Control::new(), &mut |_| {})
                .best
                .unwrap();
            let after = pos.play(&best);
            let mut replies = <Dragonchess as Game>::MoveList::default();
            after.legal_moves(&mut replies);
            for reply in replies.as_slice() {
                let next = after.play(reply);
                let mut answers = <Dragonchess as Game>::MoveList::default();
                next.legal_moves(&mut answers);
                assert!(
                    !(next.in_check() && answers.as_slice().is_empty()),
                    "depth {depth}: {} allows mate by {}",
                    pos.move_to_wire(&best),
                    after.move_to_wire(reply)
                );
            }
        }
    }
}
