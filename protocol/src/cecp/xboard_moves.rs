//! Move text between the engine and XBoard, following XBoard 4.9's own conventions (backend.c
//! `SendMoveToProgram`, `CoordsToComputerAlgebraic`, `HandleMachineMove`):
//! - on boards with exactly 10 ranks XBoard numbers ranks from 0 (`ONE` is `'0'` there), so our
//!   rank `n` is XBoard's `n-1`; on boards with more than 10 ranks it writes the rank number in
//!   decimal as we do, and on smaller boards the two agree;
//! - a move of several legs is written as legs joined by commas (`g2h3,h3h4`); XBoard removes
//!   the square two legs share, and where the second leg starts on another piece of the mover's
//!   side and the mover's `piece` line allows castling, it castles, setting that piece beside the
//!   mover (`ApplyMove`). How a game's moves become legs is the game's CECP hooks
//!   (`Game::xboard_legs` and the three after it): Makromachy's castling `i1h1a1` goes as
//!   `i1h1,a1i1`, a Dynamo piece leaving the board (`c1x`) as `c1c1,c1c1`, an en passant XBoard's
//!   own rule would miss through its victim, a Croatian cascade (`Bi2-j1~Aj1-j2`) as its first
//!   ply (its legs where several cascades start with that ply, plus XBoard's promotion suffix
//!   where the legs are shared too); what XBoard sends back (that text, the legs, or its
//!   castling-style relay of legs) is matched against the legal moves.
//!
//! The board height comes from the size in the variant's `setup` line (`14x14+0_fairy`); variants
//! without a setup line are 8x8 to XBoard. Also here: XBoard's variant names and `setup` lines.

use tiamat_engine::core::xboard::join_legs;
use tiamat_engine::Game;

use crate::registry::{with_game, GameKind};

/// CECP's name for orthodox chess.
pub const XBOARD_CHESS: &str = "normal";
pub const OUR_CHESS: &str = "chess";

/// How XBoard writes the moves of the current variant: its rank numbers and the game's legs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coords {
    ranks: u32,
    game: GameKind,
    /// The variant's turns go action by action (`Game::multi_action_turns`): moves pass both
    /// ways as whole turns in the wire form, never as XBoard's legs of a first action. Its
    /// boards (20x20 and up) are beyond what XBoard can draw, so nothing needs its legs.
    whole_turns: bool,
}

impl Default for Coords {
    fn default() -> Self {
        Coords {
            ranks: 8,
            game: GameKind::Chess,
            whole_turns: false,
        }
    }
}

impl Coords {
    /// From the variant's `setup` line, whose size field reads `FxR+H_parent`, for a game whose
    /// moves need no legs of their own (chess, DAO, Dragonchess, Dynamo, Makromachy).
    pub fn from_setup(setup: Option<&str>) -> Coords {
        let ranks = setup
            .and_then(|text| text.lines().find(|line| line.starts_with("setup")))
            .and_then(|line| {
                line.split_whitespace()
                    .find_map(|word| parse_size(word.split('_').next().unwrap_or("")))
            })
            .map_or(8, |(_, ranks)| ranks);
        Coords {
            ranks,
            ..Coords::default()
        }
    }

    /// For `variant`, from its `setup` line.
    pub fn for_variant(variant: &str, setup: Option<&str>) -> Coords {
        let game = GameKind::from_variant(variant).unwrap_or(GameKind::Chess);
        Coords {
            game,
            whole_turns: with_game!(game, G => {
                G::start_position(variant).is_ok_and(|pos| pos.multi_action_turns())
            }),
            ..Coords::from_setup(setup)
        }
    }

    /// Whether moves pass as whole turns in the wire form (see the field).
    pub fn whole_turns(self) -> bool {
        self.whole_turns
    }

    pub fn shifts_ranks(self) -> bool {
        self.ranks == 10
    }

    fn ranks_for_xboard(self, text: String) -> String {
        if self.shifts_ranks() {
            shift_ranks(&text, -1)
        } else {
            text
        }
    }

    fn ranks_for_us(self, text: &str) -> String {
        if self.shifts_ranks() {
            shift_ranks(text, 1)
        } else if self.ranks == 16 {
            from_sixteenth_rank(text)
        } else {
            text.to_string()
        }
    }

    /// Our wire move in XBoard's form, without the other legal moves at hand.
    pub fn wire_to_xboard(self, wire: &str) -> String {
        if self.whole_turns {
            return wire.to_string();
        }
        self.ranks_for_xboard(with_game!(self.game, G => G::cecp_move_text(wire)))
    }

    /// XBoard's move text in our wire form: our rank numbers, chained legs joined.
    pub fn xboard_to_wire(self, text: &str) -> String {
        if self.whole_turns {
            return text.to_string();
        }
        let text = self.ranks_for_us(text);
        join_legs(&text).unwrap_or(text)
    }

    /// What the engine writes to XBoard for each legal move, from their given texts (the game's
    /// `xboard_legs` or the wire form: `AnySession::xboard_moves`).
    pub fn move_texts(self, given: &[String]) -> Vec<String> {
        with_game!(self.game, G => G::cecp_move_texts(given))
            .into_iter()
            .map(|text| self.ranks_for_xboard(text))
            .collect()
    }

    /// How the engine writes the legal move `wire` (one of `legal`, whose given texts are
    /// `given`) to XBoard.
    pub fn move_text(self, wire: &str, legal: &[String], given: &[String]) -> String {
        if self.whole_turns {
            return wire.to_string();
        }
        match legal.iter().position(|mv| mv == wire) {
            Some(i) => self.move_texts(given).swap_remove(i),
            None => self.wire_to_xboard(wire),
        }
    }

    /// The index of the legal move XBoard means by `text` (into `given`, the legal moves' given
    /// texts), when `text` is not a wire form or notation the game reads (see the game's
    /// `cecp_read_move`).
    pub fn read_move(self, given: &[String], text: &str) -> Option<usize> {
        if self.whole_turns {
            // Legs name a first action, which is no move on the wire.
            return None;
        }
        let text = self.ranks_for_us(text);
        with_game!(self.game, G => G::cecp_read_move(given, &text))
    }
}

/// XBoard's variant name to ours: `normal` is chess, and a board-size prefix
/// (`10x10+0_fairy`-style) is dropped.
pub fn our_variant_name(name: &str) -> String {
    let name = name.trim().to_ascii_lowercase();
    let base = match name.split_once('_') {
        Some((size, base)) if parse_size(size).is_some() => base.to_string(),
        _ => name,
    };
    if base == XBOARD_CHESS {
        OUR_CHESS.to_string()
    } else {
        base
    }
}

/// Our variant name as XBoard knows it.
pub fn xboard_variant_name(name: &str) -> &str {
    if name == OUR_CHESS {
        XBOARD_CHESS
    } else {
        name
    }
}

/// The position of a `setup (pieces) FxR+H_parent <position>` line.
pub fn setup_position(setup: &str) -> Option<String> {
    let line = setup.lines().find(|line| line.starts_with("setup"))?;
    let mut words = line.split_whitespace().skip(1);
    words.find(|word| parse_size(word.split('_').next().unwrap_or("")).is_some())?;
    let position = board_and_side(&words.collect::<Vec<_>>().join(" "));
    (!position.is_empty()).then_some(position)
}

/// The placement and side-to-move fields of a FEN, with the holdings (`[...]` after the
/// placement) sorted: XBoard writes them in its piece-table order, not in ours.
pub fn board_and_side(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let placement = fields.next().unwrap_or("");
    let side = fields.next().unwrap_or("");
    let placement = match placement.split_once('[') {
        Some((board, holdings)) => {
            let mut pieces: Vec<char> = holdings.trim_end_matches(']').chars().collect();
            pieces.sort_unstable();
            format!("{board}[{}]", pieces.into_iter().collect::<String>())
        }
        None => placement.to_string(),
    };
    format!("{placement} {side}").trim().to_string()
}

/// `FxR+H`: files, ranks and holdings size.
fn parse_size(text: &str) -> Option<(u32, u32)> {
    let (board, holdings) = text.split_once('+')?;
    let (files, ranks) = board.split_once('x')?;
    holdings.parse::<u32>().ok()?;
    Some((files.parse().ok()?, ranks.parse().ok()?))
}

/// XBoard keeps a rank as one character (`'0'` + rank), so rank 16 is `@`, its drop mark: it
/// relays a plain move from the 16th rank (`b16g6`) as the drop `B@g6`. No game with 16 ranks
/// has drops, so such a text is read back as the move from the file's 16th rank.
fn from_sixteenth_rank(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(file), Some('@')) if file.is_ascii_uppercase() => {
            format!("{}16{}", file.to_ascii_lowercase(), chars.as_str())
        }
        _ => text.to_string(),
    }
}

/// Adds `delta` to the rank number of every square (a lowercase file letter not preceded by
/// another lowercase letter, then digits: `Qk2` holds the square k2). XBoard's 10-rank boards
/// use one digit per rank, from 0.
fn shift_ranks(text: &str, delta: i32) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.push(c);
        i += 1;
        let starts_square = c.is_ascii_lowercase()
            && (i < 2 || !chars[i - 2].is_ascii_lowercase())
            && i < chars.len()
            && chars[i].is_ascii_digit();
        if !starts_square {
            continue;
        }
        // From XBoard (delta > 0) a rank is one digit; ours may have two.
        let end = if delta > 0 {
            i + 1
        } else {
            let mut end = i;
            while end < chars.len() && chars[end].is_ascii_digit() {
                end += 1;
            }
            end
        };
        let digits: String = chars[i..end].iter().collect();
        match digits.parse::<i32>() {
            Ok(rank) => out.push_str(&(rank + delta).to_string()),
            Err(_) => out.push_str(&digits),
        }
        i = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names_follow_xboard() {
        assert_eq!(our_variant_name("normal"), "chess");
        assert_eq!(our_variant_name("10x10+0_fairy"), "fairy");
        assert_eq!(our_variant_name("14x14+0_makromachy"), "makromachy");
        assert_eq!(our_variant_name("dynamo"), "dynamo");
        assert_eq!(xboard_variant_name("chess"), "normal");
        assert_eq!(xboard_variant_name("dao"), "dao");
    }

    #[test]
    fn ten_ranks_count_from_zero() {
        let coords = Coords::from_setup(Some(
            "setup (PNBRQKpnbrqk) 10x10+0_fairy rnbqkbnr/10/10 w - - 0 1",
        ));
        assert_eq!(coords.ranks, 10);
        assert_eq!(coords.wire_to_xboard("e2e4"), "e1e3");
        assert_eq!(coords.wire_to_xboard("j10j9"), "j9j8");
        assert_eq!(coords.wire_to_xboard("A@e1"), "A@e0");
        assert_eq!(coords.wire_to_xboard("Pe2-e4"), "Pe1-e3");
        assert_eq!(coords.xboard_to_wire("e1e3"), "e2e4");
        assert_eq!(coords.xboard_to_wire("j9j8q"), "j10j9q");
    }

    #[test]
    fn a_move_from_the_sixteenth_rank_comes_back_as_a_drop() {
        let coords = Coords::from_setup(Some(
            "setup (PNBRQKpnbrqk) 16x16+0_fairy rnbqkbnr/16/16 w - - 0 1",
        ));
        assert_eq!(coords.xboard_to_wire("B@g6"), "b16g6");
        assert_eq!(coords.xboard_to_wire("p15p13"), "p15p13");
        assert_eq!(coords.wire_to_xboard("b16g6"), "b16g6");
        let ten = Coords::from_setup(Some("setup (PNBRQKpnbrqk) 10x10+0_fairy 10/10 w - - 0 1"));
        assert_eq!(ten.xboard_to_wire("A@e0"), "A@e1");
    }

    #[test]
    fn the_setup_line_names_the_start_position() {
        let setup = "setup (PNBRQ.......E........Kpnbrq.......e........k) 10x10+0_fairy \
                     renbqkbner/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RENBQKBNER w - - 0 1\n\
                     piece E& NN";
        assert_eq!(
            setup_position(setup).as_deref(),
            Some("renbqkbner/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RENBQKBNER w")
        );
        assert_eq!(setup_position("piece E& NN"), None);
        // XBoard echoes holdings in its own piece order.
        let dao = "setup (PNBRQFOA......DG..LKpnbrqfoa......dg..lk) 10x10+8_fairy \
                   d8d/10/10/10/10/10/10/10/10/D8D[AAOOFaaoof] w KQkq - 0 1";
        assert_eq!(
            setup_position(dao),
            Some(board_and_side(
                "d8d/10/10/10/10/10/10/10/10/D8D[FOOAAfooaa] w KQkq - 0 1"
            ))
        );
    }

    #[test]
    fn other_sizes_keep_rank_numbers() {
        let coords = Coords::from_setup(Some("setup (PNBRQKpnbrqk) 14x14+0_fairy x w - - 0 1"));
        assert_eq!(coords.ranks, 14);
        assert_eq!(coords.wire_to_xboard("k10k12"), "k10k12");
        assert_eq!(coords.xboard_to_wire("k12k14"), "k12k14");
        assert_eq!(Coords::default().wire_to_xboard("e7e8q"), "e7e8q");
    }

    #[test]
    fn multi_leg_moves_use_commas() {
        let coords = Coords::default();
        assert_eq!(coords.wire_to_xboard("g2h3h4"), "g2h3,h3h4");
        assert_eq!(coords.xboard_to_wire("g2h3,h3h4"), "g2h3h4");
        assert_eq!(coords.wire_to_xboard("a1b2c3d4"), "a1b2,b2c3,c3d4");
        // Legs that do not chain (XBoard's castling form) pass through unchanged.
        assert_eq!(coords.xboard_to_wire("e1g1,h1f1"), "e1g1,h1f1");
    }

    #[test]
    fn croatian_cascades_go_through_the_game_with_xboard_ranks() {
        let setup = "setup (PNBRQKpnbrqk) 10x10+0_fairy x w - - 0 1";
        let coords = Coords::for_variant("croatianties", Some(setup));
        assert_eq!(coords.wire_to_xboard("Qk2-f7~Af7-i7~Ai7-i9"), "k1f6");
        let legal = ["Ra2-b2~Ab2-b4*N", "Ra2-b2~Ab2-b4%N"].map(str::to_string);
        let texts = coords.move_texts(&legal);
        assert_eq!(texts, ["a1b1,b1b3", "a1b1,b1b3n"]);
        assert_eq!(coords.move_text(&legal[1], &legal, &legal), "a1b1,b1b3n");
        assert_eq!(coords.read_move(&legal, "a1b1,b1b3n"), Some(1));
        // Chess has no cascades: the text is the wire form.
        assert_eq!(
            Coords::default().wire_to_xboard("Qk2-f7~Af7-i7"),
            "Qk2-f7~Af7-i7"
        );
    }

    #[test]
    fn makromachy_castling_and_dynamo_exits_go_as_xboard_can_show_them() {
        let makromachy = Coords::for_variant("makromachy", None);
        // The King's move, then the corner to the King's square.
        assert_eq!(makromachy.wire_to_xboard("i1h1a1"), "i1h1,a1i1");
        assert_eq!(makromachy.wire_to_xboard("i14j14n14"), "i14j14,n14i14");
        assert_eq!(makromachy.wire_to_xboard("i1b1a1"), "i1b1,a1i1");
        assert_eq!(makromachy.wire_to_xboard("g2h3h4"), "g2h3,h3h4");
        // A piece leaving the board takes itself; XBoard relays that as castling.
        let dynamo = Coords::for_variant("dynamo", None);
        assert_eq!(dynamo.wire_to_xboard("c1x"), "c1c1,c1c1");
        assert_eq!(dynamo.wire_to_xboard("c1x,d2x"), "c1x,d2x");
        let given = ["c1x".to_string(), "e2e4".to_string()];
        assert_eq!(dynamo.read_move(&given, "c1c1,c1b1"), Some(0));
    }
}
