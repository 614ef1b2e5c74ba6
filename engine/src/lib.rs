//! # tiamat-engine
//!
//! The core types, the rules of every game Tiamat plays, and the generic search.
//!
//! Everything outside [`games`] is written once against the [`Game`] trait and monomorphised per
//! game: the searcher, perft, the protocols and the match arbiter never name a concrete game except
//! through the protocol crate's variant registry.
//!
//! ## How each game family maps onto the seam
//!
//! **Orthodox chess** (`games::chess`). 64-bit bitboards with magic sliding attacks built at
//! compile time; exact legal generation with pin and check masks; copy-make `play`; a `Move` is a
//! packed 16-bit from/to/flag word, always a complete turn, so perft counts the last ply with
//! `legal_move_count` (a counter that never builds the moves). The key covers pieces, side,
//! castling rights and an en-passant file only when an en-passant capture is legal. `ending` adds
//! insufficient material to the default endings (mate, stalemate, threefold, 50 moves). The
//! module docs list the board queries and attack functions evaluation code is written against.
//!
//! **The Croatian Chess family** (`games::croatian`). One ruleset parameterised by a variant table
//! (board size 10x10 to 26x26, setup, which pieces exist, rush and castling limits, promotion kind).
//! Boards are padded mailboxes with `u16` squares so rays stop on sentinels. Tags (may rush, may
//! castle, tagged for promotion) and the en-passant data of every Pawn rushed last move live in the
//! state and the key. Cascades (a Pyramid or Wave activated by a capture-step continuing with the
//! momentum it received) are turns made of several actions: in the small variants a `Move` lists the
//! whole cascade (they are few enough to enumerate, deduplicated by resulting state); in the largest
//! ones (One, with chains of Waves and Starchilds) a `Move` is one activation step, `play` returns a
//! state with `turn_in_progress()` set, and legality (check is judged at the end of the whole move)
//! is decided when the turn ends. Wire moves are XAN text.
//!
//! **Dragons, Archers & Oxen** (`games::dao`). 10x10 mailbox. A square can hold a gate *under* a
//! piece, so gates are a second board layer. The reserve (pieces to drop onto vacant own gates) and
//! each side's "last qualifying piece moved" (the dragon's mimic state, which is history that decides
//! legality) are part of the state and of the key, so no external history is needed for move
//! generation. Drops are ordinary `Move`s (`A@a1`); ox pushes and archer leaps are single moves that
//! displace several pieces.
//!
//! **Dragonchess** (`games::dragonchess`). Three 12x8 levels, 288 squares indexed
//! `level * 96 + rank * 12 + file` (level 0 = lower, written `1`; 2 = upper, written `3`) in a flat
//! byte mailbox with per-square leap and ray tables; copy-make `play`. A `Move` is a complete turn
//! packed in 32 bits (from, to, flags); moves between levels are ordinary from/to moves, and the
//! Dragon's remote capture is a move flagged remote whose `to` is the removed piece's square while
//! the Dragon stays on `from`. Frozen pieces (enemy pieces above a Basilisk) are derived from the
//! board, not stored, so the key is just pieces and side. `ending` names the sides Gold and Scarlet.
//!
//! **Makromachy** (`games::makromachy`). 14x14 padded mailbox (rows of 17 cells, three sentinel
//! ranks and files) with copy-make `play`; a `Move` is a complete turn. Hit-and-run is one
//! `Move` carrying three squares (from, captured square, to), fast castling one carrying the
//! Dragon King's corner; airlifts and flying captures are single moves. Legal moves are the
//! pseudo-legal ones whose King is safe afterwards and that pass the anti-trade rule (Terror or
//! Eagle taking a Terror the other side could retake). The key covers castling rights (one per
//! corner Dragon King) and the en-passant victim with every square it passed. The Eagle-check
//! repetition rule is legality that depends on history: it is the one user of
//! [`Game::forbidden_by_history`], which the search and the protocols apply with the game's key
//! history.
//!
//! **Dynamo** (`games::dynamo`). 8x8. A turn is part A plus an optional part B, where pieces push
//! and pull others, possibly off the board (pieces leaving the board is just removal from the state).
//! Complete turns are few enough to enumerate (168 at the start), so a `Move` is a complete turn:
//! its *effect* (the net change of at most four squares) plus the castling rights it leaves. The
//! generator lists every candidate path and keeps one move per effect (`TURNS_CAN_COINCIDE`); wire
//! text is derived from the effect, so it is unique by construction. The last turn's effect is in
//! the state (it decides the no-undo rule), in the position string and in the key.

pub mod core;
pub mod games;
pub mod search;

pub use crate::core::{Color, Ending, Game, GameResult, MoveError, MoveList, PositionError};
