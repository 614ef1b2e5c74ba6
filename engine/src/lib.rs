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
//! insufficient material to the default endings (mate, stalemate, threefold, 50 moves).
//! `null_move` passes the turn (dropping any en-passant right) for the search's null-move
//! pruning. The module docs list the board queries and attack functions evaluation code is
//! written against.
//!
//! **The Croatian Chess family** (`games::croatian`). One ruleset parameterised by a variant table
//! (board size 10x10 to 26x26, setup, which pieces exist, pawn rows and sideways steps, castling
//! kind, forced or delayed promotion). Boards are padded mailboxes with `u16` squares (two sentinel
//! files each side, four sentinel ranks above and below, so leaps up to the Unicorn's long jump stop
//! on sentinels); one byte per field holds kind, colour and the piece's tag (may rush, may castle,
//! tagged for promotion), so tags travel with their pieces. The en-passant data of the Pawn rushed
//! last move lives in the state and the key. In the tier-1 variants (Croatian Ties, Mayan
//! Ascendancy, Age of Aquarius, the simple and randomized variants) a `Move` is a complete turn:
//! one ply, or a cascade listing every ply (a Pyramid activated through a capture-field continues
//! with the momentum it received, possibly activating further Pyramids). The generator lists each
//! resulting state once (different cascades leaving the Pyramids on the same fields are one move),
//! so `TURNS_CAN_COINCIDE` stays false and perft counts in bulk; check is judged after the whole
//! cascade. The later variants with chains of Waves and Starchilds may move to one activation per
//! action (`turn_in_progress`). Wire moves are UCI long algebraic for single plies that fit it and
//! XAN (the book's long notation) otherwise; `parse_move` also reads EAN.
//!
//! **Dragons, Archers & Oxen** (`games::dao`). 10x10 mailbox (`rank * 10 + file`) with a second
//! layer of gates, so a square can hold a gate *under* a piece. The reserve, the castling rights,
//! the en-passant data (victim and every target square, including those reached through the
//! transporters) and each side's dragon conferrer (the square of the last qualifying piece it
//! moved; the dragon's mimic state) are part of the state and of the key, so no external history is
//! needed for move generation. A `Move` is a complete turn described by its effect (kind, from, to,
//! promotion, e.p. targets created): transporter routes, drops (`A@a1`), null moves (`a1~j1`), ox
//! pushes and fool swaps are single moves; the generator keeps one move per distinct resulting
//! state, so perft needs no deduplication (`TURNS_CAN_COINCIDE` stays false). Legality is tested on
//! the state after the move (the dragons' powers as they stand then), with the castling and ox-push
//! through-squares tested with the powers before it.
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
