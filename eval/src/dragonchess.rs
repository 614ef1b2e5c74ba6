//! Dragonchess evaluation: material per piece kind and level, frozen pieces, mobility,
//! centrality, Warrior advance, King safety over all three levels. Every weight is in one table
//! (`Weights`: the hand set `HAND` of `weights.rs`, and `TUNED`, fitted from it, which it plays
//! with), and the code only counts through [`Terms`], so that the tuner traces the same code that
//! evaluates.
//!
//! Every term is a count times one weight. A frozen piece (only the middle board freezes) counts
//! its kind's `FROZEN` weight instead of its material, mobility and centrality: in the hand set
//! 55 % of its middle-board material, rounded down. The King's danger is a parameter per number
//! of attacked zone squares (12 cp a square in the hand set), one for being in check and one for
//! standing on an outer board. The tempo is fixed.

use tiamat_engine::games::dragonchess::geometry::{file, level, rank, shift, SQUARES};
use tiamat_engine::games::dragonchess::{Dragonchess, Kind, Move};
use tiamat_engine::search::Evaluator;
use tiamat_engine::{Color, Game};

use crate::{HasEvaluator, Terms, Trace, WeightedSum};

mod tuned;
mod weights;

pub use tuned::TUNED;
pub use weights::HAND;

/// Piece kinds, in `Kind::ALL` order (`Kind::index`).
pub const KINDS: usize = 15;
/// Boards: lower, middle, upper.
pub const LEVELS: usize = 3;

/// A full set of weights, one per parameter, in centipawns: sections below, in the order of
/// [`SECTIONS`]. A section by kind is indexed by `Kind::index`.
pub type Weights = [i32; PARAM_COUNT];

/// Material by level and kind ([`value_param`]); the King's is never counted.
pub const VALUE: usize = 0;
/// A frozen piece's whole worth, by kind.
pub const FROZEN: usize = VALUE + LEVELS * KINDS;
/// Per pseudo-legal move, by kind.
pub const MOBILITY: usize = FROZEN + KINDS;
/// Per step of centrality (0 on a corner .. 8 in the centre of a level), by kind.
pub const CENTRE: usize = MOBILITY + KINDS;
/// A Warrior by ranks advanced from its start rank (0-5, further counted as 5).
pub const WARRIOR_ADVANCE: usize = CENTRE + KINDS;
/// The King by the number of its zone squares (its neighbours on its level, the squares
/// straight above and below) not held by its own side that the enemy attacks (0-10).
pub const KING_ZONE: usize = WARRIOR_ADVANCE + 6;
/// The King attacked (in check).
pub const KING_IN_CHECK: usize = KING_ZONE + 11;
/// The King on an outer board, whence it can only drop back to the middle board.
pub const KING_OFF_MIDDLE: usize = KING_IN_CHECK + 1;
pub const PARAM_COUNT: usize = KING_OFF_MIDDLE + 1;

/// Every section's name, start and length, in order (for the tuner's output).
pub const SECTIONS: &[(&str, usize, usize)] = &[
    ("value: lower, middle, upper board", VALUE, LEVELS * KINDS),
    ("frozen", FROZEN, KINDS),
    ("mobility", MOBILITY, KINDS),
    ("centre", CENTRE, KINDS),
    ("warrior_advance", WARRIOR_ADVANCE, 6),
    ("king_zone", KING_ZONE, 11),
    ("king_in_check", KING_IN_CHECK, 1),
    ("king_off_middle", KING_OFF_MIDDLE, 1),
];

/// Side to move bonus.
pub const TEMPO: i32 = 10;

/// The weights Dragonchess plays with: the one place that chooses them (the set fitted to its
/// own self-play, README "The Dragonchess evaluation's weights"; the hand set with the
/// `hand-weights` feature).
pub fn weights() -> &'static Weights {
    crate::played(&TUNED, &HAND)
}

/// The material parameter of `kind` on `level` (0 lower, 1 middle, 2 upper).
pub fn value_param(kind: Kind, level: usize) -> usize {
    VALUE + level * KINDS + kind.index()
}

/// The material of `kind` on `level` in the weights Dragonchess plays with.
pub fn material(kind: Kind, level: usize) -> i32 {
    weights()[value_param(kind, level)]
}

/// White's terms minus Black's, with the weights the variant plays with.
type Sum = WeightedSum<PARAM_COUNT>;

#[derive(Clone, Copy, Debug, Default)]
pub struct DragonchessEval;

impl HasEvaluator for Dragonchess {
    type Evaluator = DragonchessEval;
}

impl Evaluator<Dragonchess> for DragonchessEval {
    type Path = ();

    fn evaluate(&self, pos: &Dragonchess) -> i32 {
        pos.side_to_move().sign() * white_score(pos) + TEMPO
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

/// Everything from White's point of view.
pub fn white_score(pos: &Dragonchess) -> i32 {
    Sum::score(weights(), |sum| terms(pos, sum))
}

/// The terms of `pos` for the tuner.
pub fn trace(pos: &Dragonchess) -> Trace {
    Trace::phaseless(PARAM_COUNT, pos.side_to_move().sign() * TEMPO, |recorder| {
        terms(pos, recorder);
    })
}

/// Every term of `pos`, for both sides.
fn terms(pos: &Dragonchess, out: &mut impl Terms) {
    for sq in 0..SQUARES {
        let Some((color, kind)) = pos.piece_at(sq) else {
            continue;
        };
        let k = kind.index();
        let royal = kind == Kind::King;
        if pos.is_frozen(sq) {
            if !royal {
                out.add(color, FROZEN + k, 1);
            }
            continue;
        }
        if !royal {
            out.add(color, value_param(kind, level(sq)), 1);
        }
        out.add(color, MOBILITY + k, pos.piece_mobility(sq) as i32);
        out.add(color, CENTRE + k, centrality(sq));
        if kind == Kind::Warrior {
            let advanced = match color {
                Color::White => rank(sq).saturating_sub(1),
                Color::Black => 6usize.saturating_sub(rank(sq)),
            };
            out.add(color, WARRIOR_ADVANCE + advanced.min(5), 1);
        }
    }
    for color in Color::ALL {
        king_safety(pos, color, out);
    }
}

/// 0 on a corner up to 8 on the four central squares of a level; symmetric in ranks and files.
fn centrality(sq: usize) -> i32 {
    let f = file(sq) as i32;
    let r = rank(sq) as i32;
    let file_part = f.min(11 - f).min(5);
    let rank_part = r.min(7 - r);
    file_part + rank_part
}

/// How exposed `color`'s King is: off the middle board, in check, attacked zone squares.
fn king_safety(pos: &Dragonchess, color: Color, out: &mut impl Terms) {
    let king = pos.king_square(color);
    let enemy = !color;
    if level(king) != 1 {
        out.add(color, KING_OFF_MIDDLE, 1);
    }
    if pos.attacked_by(king, enemy) {
        out.add(color, KING_IN_CHECK, 1);
    }
    let mut attacked = 0;
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
                        attacked += 1;
                    }
                }
            }
        }
    }
    out.add(color, KING_ZONE + attacked, 1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check_phaseless_trace;
    use tiamat_engine::core::random::{random_walk, Xorshift};

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
        let zone = |text: &str| {
            let mut recorder = crate::Recorder::new(PARAM_COUNT);
            king_safety(
                &Dragonchess::parse(text).unwrap(),
                Color::White,
                &mut recorder,
            );
            (0..11).find(|&n| recorder.0[KING_ZONE + n] == 1).unwrap()
        };
        assert!(
            zone(&near) >= zone(&far) + 3,
            "{} {}",
            zone(&near),
            zone(&far)
        );
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
            let v = [0, 1, 2].map(|level| HAND[value_param(kind, level)]);
            if kind == Kind::King {
                assert_eq!(v, [0, 0, 0]);
            } else {
                assert!(v.iter().all(|&x| x > 0), "{kind:?}");
            }
        }
        assert_eq!(HAND[value_param(Kind::Dragon, 2)], 800);
        // A frozen piece keeps 55 % of its middle-board value, rounded down.
        assert_eq!(HAND[FROZEN + Kind::Griffon.index()], 192);
    }

    #[test]
    fn dragonchess_plays_with_the_fitted_set_or_with_hand_weights_the_hand_set() {
        assert_ne!(TUNED, HAND);
        assert_eq!(weights(), crate::played(&TUNED, &HAND));
    }

    /// The tuner's trace, weighted by the weights Dragonchess plays with, is the evaluation; at
    /// the hand set it scores as the evaluation did before it was traced. Along random games
    /// (frozen pieces, Kings off the middle board and attacked zones all occur).
    #[test]
    fn trace_reproduces_the_evaluation() {
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut positions = Vec::new();
        for _ in 0..10 {
            positions.extend(random_walk(Dragonchess::start(), |n| rng.below(n)).take(150));
        }
        let (checksum, seen) =
            check_phaseless_trace(&positions, trace, [weights(), &HAND], white_score, |pos| {
                DragonchessEval.evaluate(pos)
            });
        assert_eq!(positions.len(), 1500);
        // The hand evaluation before it was traced (0a24481, its own tables) summed to the same
        // over these positions: a term dropped or changed moves this sum.
        assert_eq!(checksum, 4_302_316);
        let frozen: usize = seen[FROZEN..FROZEN + KINDS].iter().sum();
        let zone: usize = seen[KING_ZONE + 2..KING_ZONE + 11].iter().sum();
        for (what, n) in [
            ("frozen", frozen),
            ("zone", zone),
            ("off middle", seen[KING_OFF_MIDDLE]),
            ("in check", seen[KING_IN_CHECK]),
            ("advance", seen[WARRIOR_ADVANCE + 2]),
        ] {
            assert!(n > 20, "{what}: {n}");
        }
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
