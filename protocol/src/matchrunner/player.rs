//! One engine process driven over UCI or CECP: start-up handshake, new games, and asking for a
//! move under a deadline. Everything an engine can do wrong (die, hang, answer garbage) comes back
//! as a [`PlayerError`] so the arbiter can score it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Cecp,
}

impl Protocol {
    pub fn parse(text: &str) -> Result<Protocol, String> {
        match text {
            "uci" => Ok(Protocol::Uci),
            "cecp" | "xboard" => Ok(Protocol::Cecp),
            other => Err(format!("unknown protocol '{other}' (uci or cecp)")),
        }
    }
}

/// How to start one engine and set it up.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    pub protocol: Protocol,
    /// UCI options (`setoption`), or CECP `option NAME=VALUE` commands.
    pub options: Vec<(String, String)>,
}

/// What the engine is told about the clock for one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MoveLimit {
    Clock {
        own: Duration,
        opponent: Duration,
        increment: Duration,
        /// The opponent's increment: its own under time odds (UCI tells both).
        opponent_increment: Duration,
        /// The side to move is White (UCI names the clocks by colour).
        white_to_move: bool,
    },
    MoveTime(Duration),
    Depth(u32),
    Nodes(u64),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// The process could not be started, or exited / closed its output.
    Crashed(String),
    /// No answer before the deadline.
    TimedOut,
    /// An answer that breaks the protocol (e.g. no variant support, resign text).
    Protocol(String),
    /// The engine resigned.
    Resigned,
}

/// A line of the engine's output, or the end of it.
enum Line {
    Text(String),
    Closed,
}

pub struct Player {
    pub spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    cecp_usermove: bool,
    /// CECP `feature setboard=1`; without it (the protocol's default) `setboard` is unknown.
    cecp_setboard: bool,
    cecp_moves_sent: usize,
    /// Last score and depth the engine reported, for PGN comments.
    pub last_eval: Option<(String, u32)>,
}

const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(15);

impl Player {
    pub fn start(spec: &EngineSpec, variant: &str) -> Result<Player, PlayerError> {
        let mut child = Command::new(&spec.command)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| PlayerError::Crashed(format!("cannot start '{}': {e}", spec.command)))?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(text) => {
                        if sender.send(Line::Text(text)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = sender.send(Line::Closed);
        });
        let mut player = Player {
            spec: spec.clone(),
            child,
            stdin,
            lines,
            cecp_usermove: false,
            cecp_setboard: false,
            cecp_moves_sent: 0,
            last_eval: None,
        };
        match spec.protocol {
            Protocol::Uci => player.uci_handshake(variant)?,
            Protocol::Cecp => player.cecp_handshake(variant)?,
        }
        Ok(player)
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| PlayerError::Crashed(format!("cannot write to engine: {e}")))
    }

    /// The next line before `deadline`.
    fn next_line(&mut self, deadline: Instant) -> Result<String, PlayerError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Line::Text(text)) => Ok(text),
            Ok(Line::Closed) | Err(RecvTimeoutError::Disconnected) => {
                Err(PlayerError::Crashed("engine closed its output".into()))
            }
            Err(RecvTimeoutError::Timeout) => Err(PlayerError::TimedOut),
        }
    }

    fn wait_for(&mut self, token: &str, timeout: Duration) -> Result<Vec<String>, PlayerError> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let line = self.next_line(deadline)?;
            let first = line.split_whitespace().next() == Some(token);
            seen.push(line);
            if first {
                return Ok(seen);
            }
        }
    }

    fn uci_handshake(&mut self, variant: &str) -> Result<(), PlayerError> {
        self.send("uci")?;
        let lines = self.wait_for("uciok", HANDSHAKE_TIMEOUT)?;
        if variant != "chess" {
            let supported = lines.iter().any(|l| {
                l.starts_with("option name UCI_Variant")
                    && l.split_whitespace().any(|word| word == variant)
            });
            if !supported {
                return Err(PlayerError::Protocol(format!(
                    "engine does not offer UCI_Variant {variant}"
                )));
            }
        }
        for (name, value) in self.spec.options.clone() {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        if variant != "chess" {
            self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        Ok(())
    }

    fn cecp_handshake(&mut self, variant: &str) -> Result<(), PlayerError> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let mut variants: Option<Vec<String>> = None;
        loop {
            let line = match self.next_line(deadline) {
                Ok(line) => line,
                // Protocol-1 engines send no features.
                Err(PlayerError::TimedOut) => break,
                Err(e) => return Err(e),
            };
            let Some(rest) = line.strip_prefix("feature ") else {
                continue;
            };
            let features = parse_features(rest);
            let mut done = false;
            for (key, value) in features {
                self.send(&format!("accepted {key}"))?;
                match key.as_str() {
                    "usermove" => self.cecp_usermove = value == "1",
                    "setboard" => self.cecp_setboard = value == "1",
                    "variants" => {
                        variants = Some(value.split(',').map(|v| v.trim().to_string()).collect())
                    }
                    "done" if value == "1" => done = true,
                    _ => {}
                }
            }
            if done {
                break;
            }
        }
        let cecp_variant = cecp_variant_name(variant);
        if variant != "chess"
            && !variants.is_some_and(|list| list.iter().any(|v| *v == cecp_variant))
        {
            return Err(PlayerError::Protocol(format!(
                "engine does not offer variant {cecp_variant}"
            )));
        }
        for (name, value) in self.spec.options.clone() {
            self.send(&format!("option {name}={value}"))?;
        }
        Ok(())
    }

    /// Prepares a new game from `position` (a position string, or `None` for the start position).
    pub fn new_game(
        &mut self,
        variant: &str,
        position: Option<&str>,
        limit_for_cecp: &MoveLimit,
    ) -> Result<(), PlayerError> {
        self.last_eval = None;
        match self.spec.protocol {
            Protocol::Uci => {
                self.send("ucinewgame")?;
                self.send("isready")?;
                self.wait_for("readyok", HANDSHAKE_TIMEOUT)?;
            }
            Protocol::Cecp => {
                self.send("new")?;
                if variant != "chess" {
                    self.send(&format!("variant {}", cecp_variant_name(variant)))?;
                }
                self.send("force")?;
                if let Some(fen) = position {
                    // Sent anyway, the engine would reject it and play on from its own start
                    // position, rejecting our first move that does not fit it.
                    if !self.cecp_setboard {
                        return Err(PlayerError::Protocol(
                            "engine cannot set up a position (feature setboard=0); \
                             play it without --openings"
                                .into(),
                        ));
                    }
                    self.send(&format!("setboard {fen}"))?;
                }
                match *limit_for_cecp {
                    MoveLimit::Clock { own, increment, .. } => {
                        let secs = own.as_secs();
                        self.send(&format!(
                            "level 0 {}:{:02} {}",
                            secs / 60,
                            secs % 60,
                            increment.as_secs_f64()
                        ))?;
                    }
                    MoveLimit::MoveTime(t) => self.send(&format!("st {}", t.as_secs().max(1)))?,
                    MoveLimit::Depth(d) => self.send(&format!("sd {d}"))?,
                    MoveLimit::Nodes(_) => {
                        return Err(PlayerError::Protocol(
                            "CECP has no fixed-nodes limit".into(),
                        ))
                    }
                }
                self.send("post")?;
                self.send("ping 1")?;
                self.wait_for("pong", HANDSHAKE_TIMEOUT)?;
                self.cecp_moves_sent = 0;
            }
        }
        Ok(())
    }

    /// Asks for a move in the position reached from `position` by `moves` (wire texts), waiting
    /// until `deadline`. Returns the engine's move text as it wrote it.
    pub fn request_move(
        &mut self,
        position: Option<&str>,
        moves: &[String],
        limit: &MoveLimit,
        deadline: Instant,
    ) -> Result<String, PlayerError> {
        match self.spec.protocol {
            Protocol::Uci => self.uci_move(position, moves, limit, deadline),
            Protocol::Cecp => self.cecp_move(moves, limit, deadline),
        }
    }

    fn uci_move(
        &mut self,
        position: Option<&str>,
        moves: &[String],
        limit: &MoveLimit,
        deadline: Instant,
    ) -> Result<String, PlayerError> {
        let mut command = match position {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if !moves.is_empty() {
            command.push_str(" moves ");
            command.push_str(&moves.join(" "));
        }
        self.send(&command)?;
        let go = match *limit {
            MoveLimit::Clock {
                own,
                opponent,
                increment,
                opponent_increment,
                white_to_move,
            } => {
                let ((white, white_inc), (black, black_inc)) = if white_to_move {
                    ((own, increment), (opponent, opponent_increment))
                } else {
                    ((opponent, opponent_increment), (own, increment))
                };
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    white.as_millis(),
                    black.as_millis(),
                    white_inc.as_millis(),
                    black_inc.as_millis()
                )
            }
            MoveLimit::MoveTime(t) => format!("go movetime {}", t.as_millis()),
            MoveLimit::Depth(d) => format!("go depth {d}"),
            MoveLimit::Nodes(n) => format!("go nodes {n}"),
        };
        self.send(&go)?;
        loop {
            let line = self.next_line(deadline)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    return match words.next() {
                        Some(mv) if mv != "(none)" && mv != "0000" => Ok(mv.to_string()),
                        _ => Err(PlayerError::Protocol("bestmove without a move".into())),
                    }
                }
                Some("info") => self.note_uci_info(&line),
                _ => {}
            }
        }
    }

    fn note_uci_info(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let depth = words
            .iter()
            .position(|w| *w == "depth")
            .and_then(|i| words.get(i + 1)?.parse().ok());
        let score = words.iter().position(|w| *w == "score").and_then(|i| {
            let value: i32 = words.get(i + 2)?.parse().ok()?;
            Some(match *words.get(i + 1)? {
                "mate" => format!("{}M{}", if value < 0 { "-" } else { "+" }, value.abs()),
                _ => format!("{:+.2}", value as f64 / 100.0),
            })
        });
        if let (Some(score), Some(depth)) = (score, depth) {
            self.last_eval = Some((score, depth));
        }
    }

    fn cecp_move(
        &mut self,
        moves: &[String],
        limit: &MoveLimit,
        deadline: Instant,
    ) -> Result<String, PlayerError> {
        self.send("force")?;
        for mv in &moves[self.cecp_moves_sent.min(moves.len())..] {
            if self.cecp_usermove {
                self.send(&format!("usermove {mv}"))?;
            } else {
                self.send(mv)?;
            }
        }
        self.cecp_moves_sent = moves.len();
        if let MoveLimit::Clock { own, opponent, .. } = *limit {
            self.send(&format!("time {}", own.as_millis() / 10))?;
            self.send(&format!("otim {}", opponent.as_millis() / 10))?;
        }
        self.send("go")?;
        loop {
            let line = self.next_line(deadline)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("move") => {
                    let mv = words
                        .next()
                        .ok_or_else(|| PlayerError::Protocol("'move' without a move".into()))?;
                    // The engine's own move is part of the game it knows.
                    self.cecp_moves_sent += 1;
                    return Ok(mv.to_string());
                }
                Some("resign") => return Err(PlayerError::Resigned),
                Some(word) if word.starts_with("Illegal") => {
                    return Err(PlayerError::Protocol(format!(
                        "engine rejected a move: {line}"
                    )))
                }
                Some(word) if word.starts_with("Error") => {
                    return Err(PlayerError::Protocol(format!("engine error: {line}")))
                }
                Some(first) => {
                    if let Some(eval) = cecp_thinking(first, &line) {
                        self.last_eval = Some(eval);
                    }
                }
                None => {}
            }
        }
    }

    /// Stops a search that ran past its deadline, so a late answer cannot leak into the next move.
    pub fn abort(&mut self) {
        let _ = match self.spec.protocol {
            Protocol::Uci => self.send("stop"),
            Protocol::Cecp => self.send("?"),
        };
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// CECP names chess `normal`; every other variant keeps its name.
pub fn cecp_variant_name(variant: &str) -> &str {
    if variant == "chess" {
        "normal"
    } else {
        variant
    }
}

/// `key=value` pairs of a `feature` line, values optionally in double quotes.
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value;
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            value = quoted[..end].to_string();
            rest = quoted.get(end + 1..).unwrap_or("");
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            value = rest[..end].to_string();
            rest = &rest[end..];
        }
        out.push((key, value));
        rest = rest.trim_start();
    }
    out
}

/// Thinking output `ply score time nodes pv`: score in centipawns, for PGN comments.
fn cecp_thinking(first: &str, line: &str) -> Option<(String, u32)> {
    let depth: u32 = first.parse().ok()?;
    let score: i32 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some((format!("{:+.2}", score as f64 / 100.0), depth))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_with_quotes_and_plain_values() {
        let f = parse_features(
            r#"myname="Fairy Max 5.0" usermove=1 variants="normal,shatranj" done=1"#,
        );
        assert_eq!(
            f,
            vec![
                ("myname".into(), "Fairy Max 5.0".into()),
                ("usermove".into(), "1".into()),
                ("variants".into(), "normal,shatranj".into()),
                ("done".into(), "1".into()),
            ]
        );
    }

    #[test]
    fn thinking_lines_give_score_and_depth() {
        assert_eq!(
            cecp_thinking("7", "7 -35 120 40213 e2e4 e7e5"),
            Some(("-0.35".into(), 7))
        );
        assert_eq!(cecp_thinking("move", "move e2e4"), None);
    }

    /// Fairy-Max 5.0b declares `setboard=0`: a game from a set-up position must not start
    /// with the engine silently on the normal start position.
    #[test]
    fn a_cecp_engine_without_setboard_refuses_a_set_up_position() {
        let fake = |features: &str| EngineSpec {
            name: "fake".into(),
            command: "/bin/sh".into(),
            args: vec![
                "-c".into(),
                format!(
                    "echo 'feature {features} done=1'; while read -r line; do \
                     case \"$line\" in ping*) echo \"pong ${{line#ping }}\";; esac; done"
                ),
            ],
            protocol: Protocol::Cecp,
            options: Vec::new(),
        };
        let limit = MoveLimit::Depth(1);
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let mut plain = Player::start(&fake("usermove=1"), "chess").unwrap();
        match plain.new_game("chess", Some(fen), &limit) {
            Err(PlayerError::Protocol(message)) => {
                assert!(message.contains("setboard"), "{message}")
            }
            other => panic!("{other:?}"),
        }
        assert!(plain.new_game("chess", None, &limit).is_ok());
        let mut able = Player::start(&fake("setboard=1"), "chess").unwrap();
        assert!(able.new_game("chess", Some(fen), &limit).is_ok());
    }

    #[test]
    fn chess_is_normal_in_cecp() {
        assert_eq!(cecp_variant_name("chess"), "normal");
        assert_eq!(cecp_variant_name("dynamo"), "dynamo");
    }
}
