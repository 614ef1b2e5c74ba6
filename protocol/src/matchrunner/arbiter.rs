//! Plays one game between two players with our own rules as the arbiter: every move is checked
//! for legality and the result is decided by the rules, or by a forfeit with its reason.

use std::time::{Duration, Instant};

use tiamat_engine::{Color, Game, GameResult};

use super::player::{MoveLimit, Player, PlayerError};

/// The time control of a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// Base time plus increment per move, for each side.
    Clock {
        base: Duration,
        increment: Duration,
    },
    MoveTime(Duration),
    Depth(u32),
    Nodes(u64),
}

impl TimeControl {
    /// Reads `base+inc` in seconds (`10+0.1`), or `st=S`, `depth=D`, `nodes=N`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let number = |s: &str| -> Result<f64, String> {
            s.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("bad time control '{text}'"))
        };
        if let Some(v) = text.strip_prefix("st=") {
            return Ok(TimeControl::MoveTime(Duration::from_secs_f64(number(v)?)));
        }
        if let Some(v) = text.strip_prefix("depth=") {
            let d = v.parse().map_err(|_| format!("bad depth in '{text}'"))?;
            return Ok(TimeControl::Depth(d));
        }
        if let Some(v) = text.strip_prefix("nodes=") {
            let n = v
                .parse()
                .map_err(|_| format!("bad node count in '{text}'"))?;
            return Ok(TimeControl::Nodes(n));
        }
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let base = number(base)?;
        if base <= 0.0 {
            return Err(format!("time control '{text}' has no base time"));
        }
        Ok(TimeControl::Clock {
            base: Duration::from_secs_f64(base),
            increment: Duration::from_secs_f64(number(inc)?),
        })
    }

    /// PGN `TimeControl` tag value.
    pub fn pgn(&self) -> String {
        match self {
            TimeControl::Clock { base, increment } => {
                format!("{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
            TimeControl::MoveTime(t) => format!("{}/move", t.as_secs_f64()),
            TimeControl::Depth(_) | TimeControl::Nodes(_) => "-".into(),
        }
    }
}

/// Why a game ended without the rules deciding it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forfeit {
    IllegalMove,
    Crash,
    OnTime,
    Hang,
    Resignation,
    ProtocolError,
}

impl Forfeit {
    /// The PGN `Forfeit` tag's value (the loser forfeited), for the faults a match counts;
    /// `None` for a resignation.
    pub fn tag(self) -> Option<&'static str> {
        match self {
            Forfeit::IllegalMove => Some("illegal move"),
            Forfeit::Crash => Some("crash"),
            Forfeit::OnTime => Some("time"),
            Forfeit::Hang => Some("hang"),
            Forfeit::ProtocolError => Some("protocol error"),
            Forfeit::Resignation => None,
        }
    }

    pub fn from_tag(text: &str) -> Option<Forfeit> {
        [
            Forfeit::IllegalMove,
            Forfeit::Crash,
            Forfeit::OnTime,
            Forfeit::Hang,
            Forfeit::ProtocolError,
        ]
        .into_iter()
        .find(|kind| kind.tag() == Some(text))
    }
}

/// One recorded move: the game's human notation and the PGN comment.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    pub human: String,
    pub comment: String,
}

#[derive(Clone, Debug)]
pub struct GameRecord {
    pub white: String,
    pub black: String,
    pub start_position: Option<String>,
    pub moves: Vec<PlayedMove>,
    pub result: GameResult,
    pub reason: String,
    /// The colour that forfeited, and how.
    pub forfeit: Option<(Color, Forfeit)>,
}

pub struct GameSetup<'a, G: Game> {
    pub start: &'a G,
    /// The start position's string, or `None` for the variant's standard start.
    pub start_text: Option<&'a str>,
    /// White's and Black's time controls (time odds when they differ).
    pub controls: [TimeControl; 2],
    /// Grace beyond a clock's end before a loss on time.
    pub time_margin: Duration,
    /// For depth/node/move-time limits: how long a move may take before it counts as a hang.
    pub move_timeout: Duration,
    /// Plies after which the game is adjudicated a draw (0 = never).
    pub max_plies: usize,
}

/// Plays one game; `players[0]` has White.
pub fn play_game<G: Game>(setup: &GameSetup<'_, G>, players: [&mut Player; 2]) -> GameRecord {
    let [white, black] = players;
    let mut record = GameRecord {
        white: white.spec.name.clone(),
        black: black.spec.name.clone(),
        start_position: setup.start_text.map(str::to_string),
        moves: Vec::new(),
        result: GameResult::Draw,
        reason: String::new(),
        forfeit: None,
    };
    let mut players = [white, black];
    let variant = setup.start.variant();
    let mut clocks = setup.controls.map(|control| match control {
        TimeControl::Clock { base, .. } => base,
        _ => Duration::ZERO,
    });
    for (color, player) in Color::ALL.into_iter().zip(players.iter_mut()) {
        let first_limit = first_limit(&setup.controls, &clocks, color);
        if let Err(e) = player.new_game(variant, setup.start_text, &first_limit) {
            return forfeit(record, color, &e, false);
        }
    }
    let mut pos = setup.start.clone();
    let mut history: Vec<u64> = Vec::new();
    let mut wire_moves: Vec<String> = Vec::new();
    loop {
        if let Some(ending) = pos.ending(&history) {
            record.result = ending.result;
            record.reason = ending.reason;
            return record;
        }
        if setup.max_plies > 0 && wire_moves.len() >= setup.max_plies {
            record.result = GameResult::Draw;
            record.reason = format!("adjudicated a draw after {} plies", setup.max_plies);
            return record;
        }
        let side = pos.side_to_move();
        let (limit, deadline) = move_limit(setup, &clocks, side);
        let player = &mut players[side.index()];
        let started = Instant::now();
        let answer = player.request_move(setup.start_text, &wire_moves, &limit, deadline);
        let elapsed = started.elapsed();
        let text = match answer {
            Ok(text) => text,
            Err(e) => {
                if e == PlayerError::TimedOut {
                    player.abort();
                }
                let clocked = matches!(setup.controls[side.index()], TimeControl::Clock { .. });
                return forfeit(record, side, &e, clocked);
            }
        };
        if let TimeControl::Clock { increment, .. } = setup.controls[side.index()] {
            let clock = &mut clocks[side.index()];
            if elapsed > *clock + setup.time_margin {
                record.result = GameResult::win_for(!side);
                record.reason = format!("{side} loses on time");
                record.forfeit = Some((side, Forfeit::OnTime));
                return record;
            }
            *clock = clock.saturating_sub(elapsed) + increment;
        }
        let mv = match pos.parse_move(&text) {
            Ok(mv) if !pos.forbidden_by_history(&mv, &history) => mv,
            Ok(_) => {
                return illegal(record, side, &format!("{text} (forbidden by repetition)"));
            }
            Err(e) => return illegal(record, side, &e.to_string()),
        };
        let wire = pos.move_to_wire(&mv);
        let human = pos.move_to_human(&mv);
        let comment = match &player.last_eval {
            Some((score, depth)) => format!("{score}/{depth} {:.2}s", elapsed.as_secs_f64()),
            None => format!("{:.2}s", elapsed.as_secs_f64()),
        };
        history.push(pos.key());
        pos = pos.play(&mv);
        wire_moves.push(wire);
        record.moves.push(PlayedMove { human, comment });
    }
}

/// The increment of a clocked control, none for the others.
fn increment_of(control: &TimeControl) -> Duration {
    match *control {
        TimeControl::Clock { increment, .. } => increment,
        _ => Duration::ZERO,
    }
}

/// What `side` is told at the start of a game (UCI's first `go` names White to move).
fn first_limit(controls: &[TimeControl; 2], clocks: &[Duration; 2], side: Color) -> MoveLimit {
    match controls[side.index()] {
        TimeControl::Clock { base, increment } => MoveLimit::Clock {
            own: base,
            opponent: clocks[(!side).index()],
            increment,
            opponent_increment: increment_of(&controls[(!side).index()]),
            white_to_move: true,
        },
        TimeControl::MoveTime(t) => MoveLimit::MoveTime(t),
        TimeControl::Depth(d) => MoveLimit::Depth(d),
        TimeControl::Nodes(n) => MoveLimit::Nodes(n),
    }
}

fn move_limit<G: Game>(
    setup: &GameSetup<'_, G>,
    clocks: &[Duration; 2],
    side: Color,
) -> (MoveLimit, Instant) {
    let now = Instant::now();
    match setup.controls[side.index()] {
        TimeControl::Clock { increment, .. } => {
            let own = clocks[side.index()];
            let limit = MoveLimit::Clock {
                own,
                opponent: clocks[(!side).index()],
                increment,
                opponent_increment: increment_of(&setup.controls[(!side).index()]),
                white_to_move: side == Color::White,
            };
            (limit, now + own + setup.time_margin)
        }
        TimeControl::MoveTime(t) => (MoveLimit::MoveTime(t), now + t + setup.move_timeout),
        TimeControl::Depth(d) => (MoveLimit::Depth(d), now + setup.move_timeout),
        TimeControl::Nodes(n) => (MoveLimit::Nodes(n), now + setup.move_timeout),
    }
}

fn illegal(mut record: GameRecord, side: Color, why: &str) -> GameRecord {
    record.result = GameResult::win_for(!side);
    record.reason = format!("{side} makes an illegal move: {why}");
    record.forfeit = Some((side, Forfeit::IllegalMove));
    record
}

/// A loss for `side` through `error`; silence on a running clock is a loss on time.
fn forfeit(mut record: GameRecord, side: Color, error: &PlayerError, clocked: bool) -> GameRecord {
    let (kind, why) = match error {
        PlayerError::Crashed(why) => (Forfeit::Crash, format!("{side} crashes: {why}")),
        PlayerError::TimedOut if clocked => (Forfeit::OnTime, format!("{side} loses on time")),
        PlayerError::TimedOut => (Forfeit::Hang, format!("{side} does not answer")),
        PlayerError::Protocol(why) => (Forfeit::ProtocolError, format!("{side}: {why}")),
        PlayerError::Resigned => (Forfeit::Resignation, format!("{side} resigns")),
    };
    record.result = GameResult::win_for(!side);
    record.reason = why;
    record.forfeit = Some((side, kind));
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse() {
        assert_eq!(
            TimeControl::parse("10+0.1").unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            }
        );
        assert_eq!(
            TimeControl::parse("60").unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(60),
                increment: Duration::ZERO
            }
        );
        assert_eq!(
            TimeControl::parse("st=0.5").unwrap(),
            TimeControl::MoveTime(Duration::from_millis(500))
        );
        assert_eq!(
            TimeControl::parse("depth=4").unwrap(),
            TimeControl::Depth(4)
        );
        assert_eq!(
            TimeControl::parse("nodes=500").unwrap(),
            TimeControl::Nodes(500)
        );
        for bad in ["", "x", "0+1", "10+y", "depth=-1", "st=nan", "-5+1"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn time_odds_give_each_side_its_own_clock() {
        use tiamat_engine::games::chess::Chess;
        let start = Chess::start_position("chess").unwrap();
        let clock = |base: u64, increment: u64| TimeControl::Clock {
            base: Duration::from_secs(base),
            increment: Duration::from_millis(increment),
        };
        let setup = GameSetup {
            start: &start,
            start_text: None,
            controls: [clock(1, 100), clock(2, 200)],
            time_margin: Duration::ZERO,
            move_timeout: Duration::ZERO,
            max_plies: 0,
        };
        let clocks = [Duration::from_secs(1), Duration::from_secs(2)];
        let (white, _) = move_limit(&setup, &clocks, Color::White);
        let (black, _) = move_limit(&setup, &clocks, Color::Black);
        // (own, opponent) clocks in seconds, (own, opponent) increments in ms.
        let told =
            |clock: (u64, u64), increments: (u64, u64), white_to_move: bool| MoveLimit::Clock {
                own: Duration::from_secs(clock.0),
                opponent: Duration::from_secs(clock.1),
                increment: Duration::from_millis(increments.0),
                opponent_increment: Duration::from_millis(increments.1),
                white_to_move,
            };
        assert_eq!(white, told((1, 2), (100, 200), true));
        assert_eq!(black, told((2, 1), (200, 100), false));
        // UCI's first `go` of a game names White to move, whoever is told.
        assert_eq!(
            first_limit(&setup.controls, &clocks, Color::Black),
            told((2, 1), (200, 100), true)
        );
    }
}
