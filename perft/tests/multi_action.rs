//! Perft over turns made of several actions, on a toy game whose counts are worked out by hand.
//!
//! A turn is two actions, each adding 1 or 2 to a running total; a first action that leaves the
//! total at a multiple of 7 is a dead end (no second action). Different paths reaching the same
//! total are one turn: from 0, the turns are +2, +3 and +4.

use tiamat_engine::core::view::{BoardView, Grid, MoveInput, SquareView};
use tiamat_engine::{Color, Game, MoveError, PositionError};
use tiamat_perft::{complete_turns, divide, perft, perft_with, turn_texts, Options};

#[derive(Clone, Debug, PartialEq, Eq)]
struct Steps {
    total: u32,
    mid_turn: bool,
    side: Color,
}

impl Game for Steps {
    type Move = u32;
    type MoveList = Vec<u32>;
    const MULTI_ACTION_TURNS: bool = true;
    const TURNS_CAN_COINCIDE: bool = true;

    fn variants() -> &'static [&'static str] {
        &["steps"]
    }
    fn start_position(_: &str) -> Result<Self, PositionError> {
        Ok(Steps {
            total: 0,
            mid_turn: false,
            side: Color::White,
        })
    }
    fn from_position_string(_: &str, text: &str) -> Result<Self, PositionError> {
        let total = text
            .parse()
            .map_err(|_| PositionError::new("total", "not a number"))?;
        Ok(Steps {
            total,
            mid_turn: false,
            side: Color::White,
        })
    }
    fn position_string(&self) -> String {
        self.total.to_string()
    }
    fn variant(&self) -> &'static str {
        "steps"
    }
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn key(&self) -> u64 {
        u64::from(self.total) << 2 | u64::from(self.mid_turn) << 1 | self.side.index() as u64
    }
    fn legal_moves(&self, out: &mut Vec<u32>) {
        if !(self.mid_turn && self.total.is_multiple_of(7)) {
            out.extend([1, 2]);
        }
    }
    fn play(&self, step: &u32) -> Self {
        Steps {
            total: self.total + step,
            mid_turn: !self.mid_turn,
            side: if self.mid_turn { !self.side } else { self.side },
        }
    }
    fn turn_in_progress(&self) -> bool {
        self.mid_turn
    }
    fn in_check(&self) -> bool {
        false
    }
    fn is_tactical(&self, _: &u32) -> bool {
        false
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
    fn move_to_wire(&self, step: &u32) -> String {
        format!("+{step}")
    }
    fn move_to_human(&self, step: &u32) -> String {
        self.move_to_wire(step)
    }
    fn parse_move(&self, text: &str) -> Result<u32, MoveError> {
        Err(MoveError::unparsable(text, "not used"))
    }
    fn board_text(&self) -> String {
        self.position_string()
    }
    /// One square per step size, to click.
    fn board_view(&self) -> BoardView {
        BoardView {
            grids: vec![Grid::lettered("", 2, 1, |file, _| {
                SquareView::new(format!("+{}", file + 1), false, None)
            })],
            side_names: ["White", "Black"],
            reserves: Vec::new(),
            exits: false,
            left_board: Vec::new(),
            notes: vec![format!("total {}", self.total)],
        }
    }
    fn move_input(&self, step: &u32) -> MoveInput {
        MoveInput::through([self.move_to_wire(step)], [])
    }
}

#[test]
fn counts_distinct_complete_turns() {
    let start = Steps::start_position("steps").unwrap();
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(perft(&start, 1), 3);
    assert_eq!(perft(&start, 2), 9);
    // Totals 5 and 6 lose a first action to the dead end at 7.
    assert_eq!(perft(&start, 3), 22);
}

#[test]
fn divide_names_turns_by_their_actions_and_adds_up() {
    let start = Steps::start_position("steps").unwrap();
    let lines = divide(&start, 2, &Options::default());
    let names: Vec<&str> = lines.iter().map(|(text, _)| text.as_str()).collect();
    assert_eq!(names, ["+1 +1", "+1 +2", "+2 +2"]);
    let named: Vec<String> = turn_texts(&start)
        .into_iter()
        .map(|(text, _)| text)
        .collect();
    assert_eq!(named, names);
    assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), 9);
    let turns = complete_turns(&Steps::from_position_string("steps", "5").unwrap());
    let totals: Vec<u32> = turns.iter().map(|t| t.state.total).collect();
    assert_eq!(totals, [7, 8]);
    assert!(turns.iter().all(|t| t.state.side == Color::Black));
}

#[test]
fn parallel_count_is_the_same() {
    let start = Steps::start_position("steps").unwrap();
    let options = Options {
        threads: 2,
        progress_after: None,
    };
    for depth in 0..6 {
        assert_eq!(perft_with(&start, depth, &options), perft(&start, depth));
    }
}
